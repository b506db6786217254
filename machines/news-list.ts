/**
 * Around the list of /news (the list itself, a page at a time, is loaded by the page-data machine): the
 * filter's news types and the videos of the discipline, two regions side by side.
 *
 * Input: { id_settore }
 * Events it accepts
 * - `news.sectorChanged` { id_settore }  anywhere, for another sector: its videos (the types stay)
 * - `video.more`                         video.ready, with videos still to load: the next few
 * Context the views read: `tipologie`, `videos`, `videoRecord`, `videoError`.
 * Tags: `loadingVideos` while videos load.
 * Actors: `loadTipologie` → the news types; `loadVideos` (input: { id_settore, rowstoskip }) → { results, record }.
 */
import { assign, setup } from 'xstate'
import type { Video } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const NEWS_PAGE_SIZE = 10
export const VIDEO_PAGE_SIZE = 4

/** What the list shows (the page-data machine's params on /news). */
export type NewsQuery = { id_settore: number; tipologia: string | null; pagina: number }
export type Tipologia = { codice: string; nome: string }
type Page<T> = { results: readonly T[]; record: number }

export interface NewsListContext {
  id_settore: number
  tipologie: readonly Tipologia[]
  videos: readonly Video[]
  videoRecord: number
  videoError: string | null
}

export const newsListMachine = setup({
  types: {
    context: {} as NewsListContext,
    input: {} as { id_settore: number },
    events: {} as { type: 'news.sectorChanged'; id_settore: number } | { type: 'video.more' },
    tags: {} as 'loadingVideos',
  },
  actors: {
    loadTipologie: providedByTheApplication<readonly Tipologia[], void>('newsList', 'loadTipologie'),
    loadVideos: providedByTheApplication<Page<Video>, { id_settore: number; rowstoskip: number }>(
      'newsList',
      'loadVideos',
    ),
  },
  guards: {
    hasMoreVideos: ({ context }) => context.videos.length < context.videoRecord,
    isOtherSector: ({ context }, id_settore: number) => id_settore !== context.id_settore,
  },
  actions: {
    storeTipologie: assign((_, tipologie: readonly Tipologia[]) => ({ tipologie })),
    changeSector: assign((_, id_settore: number) => ({ id_settore, videos: [], videoRecord: 0 })),
    appendVideos: assign(({ context }, page: Page<Video>) => ({
      videos: [...context.videos, ...page.results],
      videoRecord: page.record,
      videoError: null,
    })),
    storeVideoError: assign((_, { error }: { error: unknown }) => ({ videoError: userMessage(error) })),
  },
}).createMachine({
  id: 'newsList',
  type: 'parallel',
  context: ({ input }) => ({
    id_settore: input.id_settore,
    tipologie: [],
    videos: [],
    videoRecord: 0,
    videoError: null,
  }),
  states: {
    tipologie: {
      meta: { title: 'Tipologie del filtro', description: 'Se non arrivano, il filtro offre solo «Tutte».' },
      initial: 'loading',
      states: {
        loading: {
          meta: { title: 'Caricamento delle tipologie', description: 'Le tipologie del filtro si caricano.' },
          invoke: {
            id: 'loadTipologie',
            src: 'loadTipologie',
            onDone: {
              target: 'done',
              actions: { type: 'storeTipologie', params: ({ event }) => event.output },
            },
            onError: 'done',
          },
        },
        done: { meta: { title: 'Filtro pronto', description: 'Il filtro per tipologia si può usare.' } },
      },
    },
    video: {
      meta: { title: 'Video della disciplina', description: 'Seguono il settore, non il filtro delle news.' },
      initial: 'loading',
      on: {
        'news.sectorChanged': {
          guard: { type: 'isOtherSector', params: ({ event }) => event.id_settore },
          target: '.loading',
          actions: { type: 'changeSector', params: ({ event }) => event.id_settore },
        },
      },
      states: {
        loading: {
          meta: { title: 'Caricamento dei video', description: 'I video della disciplina si caricano.' },
          tags: 'loadingVideos',
          invoke: {
            id: 'loadVideos',
            src: 'loadVideos',
            input: ({ context }) => ({ id_settore: context.id_settore, rowstoskip: context.videos.length }),
            onDone: {
              target: 'ready',
              actions: { type: 'appendVideos', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: { type: 'storeVideoError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {
          meta: {
            title: 'Video mostrati',
            description: 'I video della disciplina sono mostrati, con «altri video» se ce ne sono.',
          },
          on: { 'video.more': { guard: 'hasMoreVideos', target: 'loading' } },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const newsListLabels: MachineLabels = {
  events: {
    'xstate.done.actor.loadTipologie': 'tipologie caricate',
    'xstate.error.actor.loadTipologie': 'tipologie non caricate',
    'news.sectorChanged': 'settore cambiato',
    'xstate.done.actor.loadVideos': 'video caricati',
    'xstate.error.actor.loadVideos': 'video non caricati',
    'video.more': 'altri video',
  },
  guards: {
    isOtherSector: 'è un altro settore',
    hasMoreVideos: 'ci sono altri video',
  },
}
