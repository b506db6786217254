// The home's sections, loaded side by side for the chosen sector and again whenever the sector changes.
import { assertEvent, assign, fromPromise, setup, spawnChild } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
// The contract module itself, not the endpoints table: /home's bundle carries only its own calls.
import * as endpoints from '../../../contract/home.ts'
import type {
  Banner,
  CircuitoInCorso,
  MenuEntry,
  NumeriStagione,
  RigaClassifica,
  RigaClassificaCircuito,
  TorneoInArrivo,
} from '../../../contract/home.ts'
import type { NewsCard, Video } from '../../../contract/news.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

/** How many rows each highlight shows. */
export const HOME_SIZES = {
  news: 4,
  video: 3,
  tornei: 5,
  circuiti: 4,
  classifica: 5,
  circuitiPrimi: 3,
} as const

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

/** Fetches one section of the home for a sector. */
export async function loadSection(section: Section, id_settore: number): Promise<HomeData[Section]> {
  switch (section) {
    case 'menu':
      return (await callApi(endpoints.homeMenu, { id_settore })).result
    case 'bannerTop':
      return (await callApi(endpoints.bannerGet, { id_settore, posizione: 'home_top' })).result
    case 'bannerMiddle':
      return (await callApi(endpoints.bannerGet, { id_settore, posizione: 'home_middle' })).result
    case 'numeri':
      return (await callApi(endpoints.numeriTpra, { id_settore })).result
    case 'newsVideo':
      return (
        await callApi(endpoints.newsVideo, { id_settore, news: HOME_SIZES.news, video: HOME_SIZES.video })
      ).result
    case 'calendario':
      return (
        await callApi(endpoints.circuitoGet, {
          id_settore,
          tornei: HOME_SIZES.tornei,
          circuiti: HOME_SIZES.circuiti,
        })
      ).result
    case 'classifica': {
      const page = await callApi(endpoints.classificheList, { id_settore, fetchrows: HOME_SIZES.classifica })
      return { righe: page.results, totale: page.record }
    }
    case 'circuitiClassifiche':
      return (
        await callApi(endpoints.circuitiClassificheList, {
          id_settore,
          primi: HOME_SIZES.circuitiPrimi,
          fetchrows: HOME_SIZES.circuiti * HOME_SIZES.circuitiPrimi,
        })
      ).results
  }
}

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

type Context = { id_settore: number; data: Partial<HomeData>; errors: Partial<Record<Section, string>> }
type Loaded = { section: Section; value: HomeData[Section] }

/** One region per section: loading, ready or failed (retry reloads the failed ones). */
function region(section: Section) {
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        tags: [`loading.${section}`],
        invoke: {
          src: 'loadSection' as const,
          input: ({ context }: { context: Context }) => ({ section, id_settore: context.id_settore }),
          onDone: {
            target: 'ready' as const,
            actions: {
              type: 'store' as const,
              params: ({ event }: { event: { output: Loaded } }) => event.output,
            },
          },
          onError: {
            target: 'failed' as const,
            actions: {
              type: 'storeError' as const,
              params: ({ event }: { event: { error: unknown } }) => ({
                section,
                message: messageOf(event.error),
              }),
            },
          },
        },
      },
      ready: {},
      failed: { tags: [`failed.${section}`], on: { 'home.retry': { target: 'loading' as const } } },
    },
  }
}

export const homeMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { id_settore: number },
    events: {} as
      | { type: 'home.sectorChanged'; id_settore: number }
      | { type: 'home.retry' }
      | { type: 'home.bannerClicked'; id_banner: number; path: string },
  },
  actors: {
    loadSection: fromPromise<Loaded, { section: Section; id_settore: number }>(async ({ input }) => ({
      section: input.section,
      value: await loadSection(input.section, input.id_settore),
    })),
    // Fire and forget: a lost click must never get in the visitor's way.
    recordBannerClick: fromPromise<void, { id_banner: number; path: string }>(async ({ input }) => {
      await callApi(endpoints.bannerClick, input).catch(() => undefined)
    }),
  },
  actions: {
    store: assign(({ context }, loaded: Loaded) => ({
      data: { ...context.data, [loaded.section]: loaded.value },
    })),
    storeError: assign(({ context }, failed: { section: Section; message: string }) => ({
      errors: { ...context.errors, [failed.section]: failed.message },
    })),
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ id_settore: input.id_settore, data: {}, errors: {} }),
  initial: 'showing',
  on: {
    'home.sectorChanged': {
      target: '.showing',
      reenter: true,
      actions: assign(({ event }) => ({ id_settore: event.id_settore, data: {}, errors: {} })),
    },
    'home.bannerClicked': {
      actions: spawnChild('recordBannerClick', {
        input: ({ event }) => {
          assertEvent(event, 'home.bannerClicked')
          return { id_banner: event.id_banner, path: event.path }
        },
      }),
    },
  },
  states: {
    showing: {
      type: 'parallel',
      states: Object.fromEntries(SECTIONS.map((section) => [section, region(section)])) as Record<
        Section,
        ReturnType<typeof region>
      >,
    },
  },
})
