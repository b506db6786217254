/**
 * The comments of one news (the article itself is loaded by the page-data machine): the list, and a comment
 * sent by whoever may comment (the server says so in `puo_commentare`).
 *
 * Input: { id_news, puo_commentare, commenti }  from the loaded article
 * Events it accepts
 * - `comment.send` { testo }   idle, when the article may be commented: send a comment
 * Context the views read
 * - `commenti`, `mayComment`, `commentError`, `commentsSent` (grows at each comment accepted: the form clears)
 * Tags: `sending` while a comment is sent.
 * Actor: `sendComment` (input: { id_news, testo }) → the comment as published.
 */
import { assign, setup } from 'xstate'
import type { Commento } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export interface NewsCommentsInput {
  id_news: number
  puo_commentare: boolean
  commenti: readonly Commento[]
}

export interface NewsCommentsContext {
  id_news: number
  mayComment: boolean
  commenti: readonly Commento[]
  commentError: string | null
  /** Increases at each comment accepted: the form clears itself when it changes. */
  commentsSent: number
  /** The text being sent. */
  testo: string
}

export const newsCommentsMachine = setup({
  types: {
    context: {} as NewsCommentsContext,
    input: {} as NewsCommentsInput,
    events: {} as { type: 'comment.send'; testo: string },
    tags: {} as 'sending',
  },
  actors: {
    sendComment: providedByTheApplication<Commento, { id_news: number; testo: string }>(
      'newsComments',
      'sendComment',
    ),
  },
  guards: {
    mayComment: ({ context }) => context.mayComment,
  },
  actions: {
    startComment: assign((_, testo: string) => ({ testo, commentError: null })),
    appendComment: assign(({ context }, comment: Commento) => ({
      commenti: [...context.commenti, comment],
      commentsSent: context.commentsSent + 1,
    })),
    storeCommentError: assign((_, { error }: { error: unknown }) => ({ commentError: userMessage(error) })),
  },
}).createMachine({
  id: 'newsComments',
  context: ({ input }) => ({
    id_news: input.id_news,
    mayComment: input.puo_commentare,
    commenti: input.commenti,
    commentError: null,
    commentsSent: 0,
    testo: '',
  }),
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
      meta: { title: 'Invio del commento', description: 'Il commento è inviato al server.' },
      tags: 'sending',
      invoke: {
        id: 'sendComment',
        src: 'sendComment',
        input: ({ context }) => ({ id_news: context.id_news, testo: context.testo }),
        onDone: { target: 'idle', actions: { type: 'appendComment', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'storeCommentError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const newsCommentsLabels: MachineLabels = {
  events: {
    'comment.send': 'Invia commento',
    'xstate.done.actor.sendComment': 'commento inviato',
    'xstate.error.actor.sendComment': 'commento non inviato',
  },
  guards: {
    mayComment: "l'utente può commentare",
  },
}
