// The machines of the news pages: the list with its filter and pages, one article with its comments, the editor.
import { assign, fromPromise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { AmbitoNews, Commento, NewsCard, NewsDetail, Video } from '../../../contract/news.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

export const NEWS_PAGE_SIZE = 10
export const VIDEO_PAGE_SIZE = 4

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

const isNotFound = (error: unknown) =>
  !!error &&
  typeof error === 'object' &&
  (error as { _tag?: string; status?: number })._tag === 'ServerFailure' &&
  (error as { status?: number }).status === 404

type Tipologia = { codice: string; nome: string }

const loadTipologie = fromPromise(async () => (await callApi(endpoints.newsTipologie, {})).result)

// ---------------------------------------------------------------------------------------------------------
// /news

export type NewsQuery = { id_settore: number; tipologia: string | null; pagina: number }

export const newsListMachine = setup({
  types: {
    context: {} as {
      query: NewsQuery
      results: readonly NewsCard[]
      record: number
      tipologie: readonly Tipologia[]
      error: string | null
      videos: readonly Video[]
      videoRecord: number
      videoError: string | null
    },
    input: {} as NewsQuery,
    events: {} as { type: 'news.query'; query: NewsQuery } | { type: 'news.retry' } | { type: 'video.more' },
  },
  actors: {
    loadTipologie,
    loadPage: fromPromise(async ({ input }: { input: NewsQuery }) =>
      callApi(endpoints.newsList, {
        id_settore: input.id_settore,
        ...(input.tipologia ? { tipologia_news: input.tipologia } : {}),
        rowstoskip: (input.pagina - 1) * NEWS_PAGE_SIZE,
        fetchrows: NEWS_PAGE_SIZE,
      }),
    ),
    loadVideos: fromPromise(async ({ input }: { input: { id_settore: number; rowstoskip: number } }) =>
      callApi(endpoints.newsVideoList, { ...input, fetchrows: VIDEO_PAGE_SIZE }),
    ),
  },
  guards: {
    hasMoreVideos: ({ context }) => context.videos.length < context.videoRecord,
    sectorChanged: ({ context, event }) =>
      event.type === 'news.query' && event.query.id_settore !== context.query.id_settore,
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
    // The filter's choices: a failure only leaves the filter with "Tutte".
    tipologie: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadTipologie',
            onDone: { target: 'done', actions: assign({ tipologie: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: {},
      },
    },
    list: {
      initial: 'loading',
      on: {
        'news.query': { target: '.loading', actions: assign({ query: ({ event }) => event.query }) },
      },
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            src: 'loadPage',
            input: ({ context }) => context.query,
            onDone: {
              target: 'ready',
              actions: assign({
                results: ({ event }) => event.output.results,
                record: ({ event }) => event.output.record,
                error: null,
              }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { 'news.retry': 'loading' } },
      },
    },
    // Videos of the discipline, a few at a time; they follow the sector, not the news filter.
    video: {
      initial: 'loading',
      on: {
        'news.query': {
          guard: 'sectorChanged',
          target: '.loading',
          actions: assign({ videos: [], videoRecord: 0 }),
        },
      },
      states: {
        loading: {
          tags: 'loadingVideos',
          invoke: {
            src: 'loadVideos',
            input: ({ context }) => ({
              id_settore: context.query.id_settore,
              rowstoskip: context.videos.length,
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                videos: ({ context, event }) => [...context.videos, ...event.output.results],
                videoRecord: ({ event }) => event.output.record,
                videoError: null,
              }),
            },
            onError: {
              target: 'ready',
              actions: assign({ videoError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        ready: { on: { 'video.more': { guard: 'hasMoreVideos', target: 'loading' } } },
      },
    },
  },
})

// ---------------------------------------------------------------------------------------------------------
// /news-dettaglio/{id} and /news-dettaglio/{disciplina}/{tipologia_news}/{titolo}

export type NewsKey = { id: number } | { disciplina: string; tipologia_news: string; titolo: string }

export const newsDetailMachine = setup({
  types: {
    context: {} as {
      key: NewsKey
      article: NewsDetail | null
      error: string | null
      commentError: string | null
      /** Increases at each comment accepted: the form clears itself when it changes. */
      commentsSent: number
    },
    input: {} as { key: NewsKey },
    events: {} as
      | { type: 'news.reload'; key?: NewsKey }
      | { type: 'news.retry' }
      | { type: 'comment.send'; testo: string },
  },
  actors: {
    loadArticle: fromPromise(
      async ({ input }: { input: NewsKey }) => (await callApi(endpoints.newsView, input)).result,
    ),
    sendComment: fromPromise(
      async ({ input }: { input: { id_news: number; testo: string } }) =>
        (await callApi(endpoints.newsCommentoAdd, input)).result,
    ),
  },
  guards: {
    isMissing: ({ event }) => isNotFound((event as { error?: unknown }).error),
    mayComment: ({ context }) => context.article?.puo_commentare === true,
  },
}).createMachine({
  id: 'newsDetail',
  context: ({ input }) => ({
    key: input.key,
    article: null,
    error: null,
    commentError: null,
    commentsSent: 0,
  }),
  initial: 'loading',
  on: {
    'news.reload': {
      target: '.loading',
      actions: assign({ key: ({ context, event }) => event.key ?? context.key }),
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadArticle',
        input: ({ context }) => context.key,
        onDone: { target: 'ready', actions: assign({ article: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isMissing', target: 'missing' },
          { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    missing: {},
    failed: { on: { 'news.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'comment.send': {
              guard: 'mayComment',
              target: 'sending',
              actions: assign({ commentError: null }),
            },
          },
        },
        sending: {
          tags: 'sending',
          invoke: {
            src: 'sendComment',
            input: ({ context, event }) => ({
              id_news: context.article!.id,
              testo: (event as { testo: string }).testo,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                article: context.article && {
                  ...context.article,
                  commenti: [...context.article.commenti, event.output as Commento],
                },
                commentsSent: context.commentsSent + 1,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign({ commentError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
      },
    },
  },
})

// ---------------------------------------------------------------------------------------------------------
// /news/add-news

export type NewsDraft = {
  titolo: string
  sommario: string
  corpo: string
  tipologia_news: string
  ambito: AmbitoNews
  in_evidenza: boolean
}

export const newsAddMachine = setup({
  types: {
    context: {} as {
      signedIn: boolean
      tipologie: readonly Tipologia[]
      refusal: string | null
      error: string | null
      published: NewsCard | null
    },
    input: {} as { signedIn: boolean },
    events: {} as
      | { type: 'editor.signedIn' }
      | { type: 'editor.retry' }
      | { type: 'editor.another' }
      | { type: 'editor.publish'; draft: NewsDraft; id_settore: number },
  },
  actors: {
    checkPermission: fromPromise(async () => {
      const [redazione, tipologie] = await Promise.all([
        callApi(endpoints.newsRedazione, {}),
        callApi(endpoints.newsTipologie, {}),
      ])
      return { ...redazione.result, tipologie: tipologie.result }
    }),
    publish: fromPromise(async ({ input }: { input: { draft: NewsDraft; id_settore: number } }) => {
      const { in_evidenza, ...draft } = input.draft
      return (
        await callApi(endpoints.newsAdd, {
          ...draft,
          id_settore: input.id_settore,
          ...(in_evidenza ? { in_evidenza } : {}),
        })
      ).result
    }),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'newsAdd',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    tipologie: [],
    refusal: null,
    error: null,
    published: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isSignedIn', target: 'checking' }, { target: 'anonymous' }],
    },
    // The server decides who may publish; an anonymous visitor is first asked to sign in.
    anonymous: { on: { 'editor.signedIn': 'checking' } },
    checking: {
      tags: 'loading',
      invoke: {
        src: 'checkPermission',
        onDone: [
          {
            guard: ({ event }) => event.output.puo_pubblicare,
            target: 'editing',
            actions: assign({ tipologie: ({ event }) => event.output.tipologie }),
          },
          { target: 'refused', actions: assign({ refusal: ({ event }) => event.output.messaggio }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'editor.retry': 'checking' } },
    refused: {},
    editing: {
      on: { 'editor.publish': { target: 'publishing', actions: assign({ error: null }) } },
    },
    publishing: {
      tags: 'sending',
      invoke: {
        src: 'publish',
        input: ({ event }) => {
          const publish = event as { draft: NewsDraft; id_settore: number }
          return { draft: publish.draft, id_settore: publish.id_settore }
        },
        onDone: { target: 'published', actions: assign({ published: ({ event }) => event.output }) },
        // The server's refusal (403 for a non-editor, 400 for a bad field) is shown as it is.
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    published: { on: { 'editor.another': { target: 'editing', actions: assign({ published: null }) } } },
  },
})
