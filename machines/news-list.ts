/**
 * The /news page: the filter's news types, the list of news a page at a time, and the videos of the
 * discipline. Three regions side by side.
 *
 * Input: the query { id_settore, tipologia, pagina }
 * Events it accepts
 * - `news.query` { query }   anywhere: another page, filter or sector (the videos follow the sector only)
 * - `news.retry`             list.failed: load the list again
 * - `video.more`             video.ready, with videos still to load: the next few
 * Context the views read: `query`, `results`, `record`, `tipologie`, `error`, `videos`, `videoRecord`, `videoError`.
 * Tags: `loading` while the list loads, `loadingVideos` while videos load.
 * Actors: `loadTipologie` → the news types; `loadPage` (input: query) → { results, record };
 * `loadVideos` (input: { id_settore, rowstoskip }) → { results, record }.
 */
import { assign, setup } from 'xstate'
import type { NewsCard, Video } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'

export const NEWS_PAGE_SIZE = 10
export const VIDEO_PAGE_SIZE = 4

export type NewsQuery = { id_settore: number; tipologia: string | null; pagina: number }
export type Tipologia = { codice: string; nome: string }
type Page<T> = { results: readonly T[]; record: number }
type Failure = { error: unknown }

export interface NewsListContext {
  query: NewsQuery
  results: readonly NewsCard[]
  record: number
  tipologie: readonly Tipologia[]
  error: string | null
  videos: readonly Video[]
  videoRecord: number
  videoError: string | null
}

export const newsListMachine = setup({
  types: {
    context: {} as NewsListContext,
    input: {} as NewsQuery,
    events: {} as { type: 'news.query'; query: NewsQuery } | { type: 'news.retry' } | { type: 'video.more' },
    tags: {} as 'loading' | 'loadingVideos',
  },
  actors: {
    loadTipologie: providedByTheApplication<readonly Tipologia[], void>('newsList', 'loadTipologie'),
    loadPage: providedByTheApplication<Page<NewsCard>, NewsQuery>('newsList', 'loadPage'),
    loadVideos: providedByTheApplication<Page<Video>, { id_settore: number; rowstoskip: number }>(
      'newsList',
      'loadVideos',
    ),
  },
  guards: {
    hasMoreVideos: ({ context }) => context.videos.length < context.videoRecord,
    isOtherSector: ({ context }, query: NewsQuery) => query.id_settore !== context.query.id_settore,
  },
  actions: {
    setQuery: assign((_, query: NewsQuery) => ({ query })),
    storeTipologie: assign((_, tipologie: readonly Tipologia[]) => ({ tipologie })),
    storePage: assign((_, page: Page<NewsCard>) => ({
      results: page.results,
      record: page.record,
      error: null,
    })),
    storeError: assign((_, { error }: Failure) => ({ error: userMessage(error) })),
    clearVideos: assign({ videos: [], videoRecord: 0 }),
    appendVideos: assign(({ context }, page: Page<Video>) => ({
      videos: [...context.videos, ...page.results],
      videoRecord: page.record,
      videoError: null,
    })),
    storeVideoError: assign((_, { error }: Failure) => ({ videoError: userMessage(error) })),
  },
}).createMachine({
  id: 'newsList',
  type: 'parallel',
  context: ({ input }) => ({
    query: input,
    results: [],
    record: 0,
    tipologie: [],
    error: null,
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
          meta: { title: 'Caricamento delle tipologie' },
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
        done: { meta: { title: 'Filtro pronto' } },
      },
    },
    list: {
      meta: { title: 'Elenco delle news' },
      initial: 'loading',
      on: {
        'news.query': {
          target: '.loading',
          actions: { type: 'setQuery', params: ({ event }) => event.query },
        },
      },
      states: {
        loading: {
          meta: { title: 'Caricamento delle news' },
          tags: 'loading',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: { meta: { title: 'News mostrate' } },
        failed: {
          meta: { title: 'News non caricate', description: 'Il messaggio e il pulsante «Riprova».' },
          on: { 'news.retry': 'loading' },
        },
      },
    },
    video: {
      meta: { title: 'Video della disciplina', description: 'Seguono il settore, non il filtro delle news.' },
      initial: 'loading',
      on: {
        'news.query': {
          guard: { type: 'isOtherSector', params: ({ event }) => event.query },
          target: '.loading',
          actions: 'clearVideos',
        },
      },
      states: {
        loading: {
          meta: { title: 'Caricamento dei video' },
          tags: 'loadingVideos',
          invoke: {
            id: 'loadVideos',
            src: 'loadVideos',
            input: ({ context }) => ({
              id_settore: context.query.id_settore,
              rowstoskip: context.videos.length,
            }),
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
          meta: { title: 'Video mostrati' },
          on: { 'video.more': { guard: 'hasMoreVideos', target: 'loading' } },
        },
      },
    },
  },
})
