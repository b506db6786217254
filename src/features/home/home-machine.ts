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
import { callApi, initialAnswer } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

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

/** Fetches one section of the home for a sector (the calls themselves are the contract's). */
export async function loadSection(section: Section, id_settore: number): Promise<HomeData[Section]> {
  const calls = endpoints.homeCalls(id_settore)
  switch (section) {
    case 'menu':
      return (await callApi(calls.menu.endpoint, calls.menu.body)).result
    case 'bannerTop':
      return (await callApi(calls.bannerTop.endpoint, calls.bannerTop.body)).result
    case 'bannerMiddle':
      return (await callApi(calls.bannerMiddle.endpoint, calls.bannerMiddle.body)).result
    case 'numeri':
      return (await callApi(calls.numeri.endpoint, calls.numeri.body)).result
    case 'newsVideo':
      return (await callApi(calls.newsVideo.endpoint, calls.newsVideo.body)).result
    case 'calendario':
      return (await callApi(calls.calendario.endpoint, calls.calendario.body)).result
    case 'classifica': {
      const page = await callApi(calls.classifica.endpoint, calls.classifica.body)
      return { righe: page.results, totale: page.record }
    }
    case 'circuitiClassifiche':
      return (await callApi(calls.circuitiClassifiche.endpoint, calls.circuitiClassifiche.body)).results
  }
}

/** The sections of the first screen (phone): the page shows them together, so nothing above moves. */
export const FIRST_SCREEN: readonly Section[] = ['bannerTop', 'menu']

/** True while a section of the first screen is still loading. */
export function firstScreenPending(snapshot: { hasTag: (tag: string) => boolean }): boolean {
  return FIRST_SCREEN.some((section) => snapshot.hasTag(`loading.${section}`))
}

/** The sections the server already answered in the page (server/http/page-hints.ts), ready to show. */
export function initialHomeData(id_settore: number): Partial<HomeData> {
  const calls = endpoints.homeCalls(id_settore)
  const data: Partial<HomeData> = {}
  const menu = initialAnswer(calls.menu.endpoint, calls.menu.body)
  if (menu) data.menu = menu.result
  const bannerTop = initialAnswer(calls.bannerTop.endpoint, calls.bannerTop.body)
  if (bannerTop) data.bannerTop = bannerTop.result
  const bannerMiddle = initialAnswer(calls.bannerMiddle.endpoint, calls.bannerMiddle.body)
  if (bannerMiddle) data.bannerMiddle = bannerMiddle.result
  const numeri = initialAnswer(calls.numeri.endpoint, calls.numeri.body)
  if (numeri) data.numeri = numeri.result
  const newsVideo = initialAnswer(calls.newsVideo.endpoint, calls.newsVideo.body)
  if (newsVideo) data.newsVideo = newsVideo.result
  const calendario = initialAnswer(calls.calendario.endpoint, calls.calendario.body)
  if (calendario) data.calendario = calendario.result
  const classifica = initialAnswer(calls.classifica.endpoint, calls.classifica.body)
  if (classifica) data.classifica = { righe: classifica.results, totale: classifica.record }
  const circuiti = initialAnswer(calls.circuitiClassifiche.endpoint, calls.circuitiClassifiche.body)
  if (circuiti) data.circuitiClassifiche = circuiti.results
  return data
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
    initial: 'starting' as const,
    states: {
      // Ready at once when the section came with the page.
      starting: {
        always: [
          { guard: { type: 'hasSection' as const, params: { section } }, target: 'ready' as const },
          { target: 'loading' as const },
        ],
      },
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
    input: {} as { id_settore: number; initial?: Partial<HomeData> },
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
  guards: {
    hasSection: ({ context }, params: { section: Section }) => context.data[params.section] !== undefined,
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
  context: ({ input }) => ({ id_settore: input.id_settore, data: input.initial ?? {}, errors: {} }),
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
