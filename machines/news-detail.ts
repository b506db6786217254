/**
 * One article of /news-dettaglio (by id, or by discipline, type and title) with its comments.
 *
 * Input: { key }
 * Events it accepts
 * - `news.reload` { key? }     anywhere: load again (another article, or the same after signing in)
 * - `news.retry`               failed: load again
 * - `comment.send` { testo }   ready.idle, when the article may be commented: send a comment
 * Context the views read
 * - `article`, `error`, `commentError`, `commentsSent` (grows at each comment accepted: the form clears)
 * Tags: `loading` while the article loads, `sending` while a comment is sent.
 * Actors: `loadArticle` (input: key) → the article; `sendComment` (input: { id_news, testo }) → the comment.
 */
import { assign, setup } from 'xstate'
import type { Commento, NewsDetail } from '../contract/news.ts'
import { isNotFoundFailure, providedByTheApplication, userMessage } from './actor-contracts.ts'

export type NewsKey = { id: number } | { disciplina: string; tipologia_news: string; titolo: string }
type Failure = { error: unknown }

export interface NewsDetailContext {
  key: NewsKey
  article: NewsDetail | null
  error: string | null
  commentError: string | null
  /** Increases at each comment accepted: the form clears itself when it changes. */
  commentsSent: number
  /** The text being sent. */
  testo: string
}

export const newsDetailMachine = setup({
  types: {
    context: {} as NewsDetailContext,
    input: {} as { key: NewsKey },
    events: {} as
      | { type: 'news.reload'; key?: NewsKey | undefined }
      | { type: 'news.retry' }
      | { type: 'comment.send'; testo: string },
    tags: {} as 'loading' | 'sending',
  },
  actors: {
    loadArticle: providedByTheApplication<NewsDetail, NewsKey>('newsDetail', 'loadArticle'),
    sendComment: providedByTheApplication<Commento, { id_news: number; testo: string }>(
      'newsDetail',
      'sendComment',
    ),
  },
  guards: {
    isMissing: (_, { error }: Failure) => isNotFoundFailure(error),
    mayComment: ({ context }) => context.article?.puo_commentare === true,
  },
  actions: {
    setKey: assign(({ context }, key: NewsKey | undefined) => ({ key: key ?? context.key })),
    storeArticle: assign((_, article: NewsDetail) => ({ article, error: null })),
    storeError: assign((_, { error }: Failure) => ({ error: userMessage(error) })),
    startComment: assign((_, testo: string) => ({ testo, commentError: null })),
    appendComment: assign(({ context }, comment: Commento) => ({
      article: context.article && { ...context.article, commenti: [...context.article.commenti, comment] },
      commentsSent: context.commentsSent + 1,
    })),
    storeCommentError: assign((_, { error }: Failure) => ({ commentError: userMessage(error) })),
  },
}).createMachine({
  id: 'newsDetail',
  context: ({ input }) => ({
    key: input.key,
    article: null,
    error: null,
    commentError: null,
    commentsSent: 0,
    testo: '',
  }),
  initial: 'loading',
  on: {
    'news.reload': { target: '.loading', actions: { type: 'setKey', params: ({ event }) => event.key } },
  },
  states: {
    loading: {
      meta: { title: 'Caricamento della news' },
      tags: 'loading',
      invoke: {
        id: 'loadArticle',
        src: 'loadArticle',
        input: ({ context }) => context.key,
        onDone: { target: 'ready', actions: { type: 'storeArticle', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    missing: { meta: { title: 'News inesistente', description: 'Il server risponde 404.' } },
    failed: {
      meta: { title: 'News non caricata', description: 'Il messaggio e il pulsante «Riprova».' },
      on: { 'news.retry': 'loading' },
    },
    ready: {
      meta: { title: 'News mostrata' },
      initial: 'idle',
      states: {
        idle: {
          meta: { title: 'Commenti mostrati', description: 'Chi può commentare trova il modulo.' },
          on: {
            'comment.send': {
              guard: 'mayComment',
              target: 'sending',
              actions: { type: 'startComment', params: ({ event }) => event.testo },
            },
          },
        },
        sending: {
          meta: { title: 'Invio del commento' },
          tags: 'sending',
          invoke: {
            id: 'sendComment',
            src: 'sendComment',
            input: ({ context }) => ({ id_news: context.article!.id, testo: context.testo }),
            onDone: {
              target: 'idle',
              actions: { type: 'appendComment', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: { type: 'storeCommentError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})
