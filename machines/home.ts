/**
 * The sections of /home for the chosen sector, each loaded on its own by a page-data machine (so a section
 * that fails shows its own «Riprova» and the others stay), all again whenever the sector changes.
 *
 * Input: { id_settore, initial? }  `initial`: the sections the server already answered in the page
 * Events it accepts
 * - `home.sectorChanged` { id_settore }     anywhere, for another sector: every section loads again
 * - `home.bannerClicked` { id_banner, path } anywhere: count the click (fire and forget)
 * Children: one `pageData` actor per section, with the section's name as id (`menu`, `bannerTop`, …).
 * Actors: `section` (the page-data machine, whose `loadPage` the app provides); `recordBannerClick`.
 */
import { assign, setup, spawnChild } from 'xstate'
import type {
  Banner,
  CircuitoInCorso,
  MenuEntry,
  NumeriStagione,
  RigaClassifica,
  RigaClassificaCircuito,
  TorneoInArrivo,
} from '../contract/home.ts'
import type { NewsCard, Video } from '../contract/news.ts'
import { providedByTheApplication } from './actor-contracts.ts'
import { pageDataMachine } from './page-data.ts'
import type { MachineLabels } from './labels.ts'

export type HomeData = {
  menu: readonly MenuEntry[]
  bannerTop: readonly Banner[]
  bannerMiddle: readonly Banner[]
  numeri: NumeriStagione
  newsVideo: { news: readonly NewsCard[]; video: readonly Video[] }
  calendario: { tornei: readonly TorneoInArrivo[]; circuiti: readonly CircuitoInCorso[] }
  classifica: { righe: readonly RigaClassifica[]; totale: number }
  circuitiClassifiche: readonly RigaClassificaCircuito[]
}
export type Section = keyof HomeData
export const SECTIONS: readonly Section[] = [
  'menu',
  'bannerTop',
  'bannerMiddle',
  'numeri',
  'newsVideo',
  'calendario',
  'classifica',
  'circuitiClassifiche',
]

/** What a section's `loadPage` receives. */
export type SectionParams = { section: Section; id_settore: number }
export type BannerClick = { id_banner: number; path: string }

export interface HomeContext {
  id_settore: number
  initial: Partial<HomeData>
}

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    input: {} as { id_settore: number; initial?: Partial<HomeData> | undefined },
    events: {} as
      { type: 'home.sectorChanged'; id_settore: number } | ({ type: 'home.bannerClicked' } & BannerClick),
    children: {} as Record<Section, 'section'>,
  },
  actors: {
    section: pageDataMachine,
    // Fire and forget: a lost click must never get in the visitor's way.
    recordBannerClick: providedByTheApplication<void, BannerClick>('home', 'recordBannerClick'),
  },
  guards: {
    isOtherSector: ({ context }, id_settore: number) => id_settore !== context.id_settore,
  },
  actions: {
    changeSector: assign((_, id_settore: number) => ({ id_settore, initial: {} })),
    recordClick: spawnChild('recordBannerClick', {
      input: ({ event }) => {
        const { id_banner, path } = event as unknown as BannerClick
        return { id_banner, path }
      },
    }),
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ id_settore: input.id_settore, initial: input.initial ?? {} }),
  initial: 'showing',
  on: {
    'home.sectorChanged': {
      guard: { type: 'isOtherSector', params: ({ event }) => event.id_settore },
      target: '.showing',
      reenter: true,
      actions: { type: 'changeSector', params: ({ event }) => event.id_settore },
    },
    'home.bannerClicked': { actions: 'recordClick' },
  },
  states: {
    showing: {
      meta: {
        title: 'Sezioni della home',
        description: 'Menu, banner, numeri, news e video, calendario e classifiche del settore scelto.',
      },
      invoke: SECTIONS.map((section) => ({
        id: section,
        src: 'section' as const,
        input: ({ context }: { context: HomeContext }) => ({
          params: { section, id_settore: context.id_settore } satisfies SectionParams,
          initial: context.initial[section],
        }),
      })),
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const homeLabels: MachineLabels = {
  events: {
    'home.sectorChanged': 'settore cambiato',
    'home.bannerClicked': 'clic su un banner',
  },
  guards: {
    isOtherSector: 'è un altro settore',
  },
}
