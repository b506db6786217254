/**
 * The news editor of /news/add-news. The server decides who may publish (docs/ruoli.md) and says why not;
 * an anonymous visitor is first asked to sign in.
 *
 * Input: { signedIn }
 * Events it accepts
 * - `editor.signedIn`                       anonymous: the visitor has signed in
 * - `editor.retry`                          failed: check the permission again
 * - `editor.publish` { draft, id_settore }  editing: publish
 * - `editor.another`                        published: write another one
 * Context the views read: `tipologie`, `refusal` (the server's reason), `error`, `published`.
 * Tags: `loading` while checking, `sending` while publishing.
 * Actors: `checkPermission` → { puo_pubblicare, messaggio, tipologie }; `publish` (input: { draft, id_settore })
 * → the published news.
 */
import { assign, setup } from 'xstate'
import type { AmbitoNews, NewsCard } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { Tipologia } from './news-list.ts'

export type NewsDraft = {
  titolo: string
  sommario: string
  corpo: string
  tipologia_news: string
  ambito: AmbitoNews
  in_evidenza: boolean
}

export type Permission = {
  puo_pubblicare: boolean
  messaggio: string | null
  tipologie: readonly Tipologia[]
}
type Publication = { draft: NewsDraft; id_settore: number }

export interface NewsAddContext {
  signedIn: boolean
  tipologie: readonly Tipologia[]
  refusal: string | null
  error: string | null
  published: NewsCard | null
  publication: Publication | null
}

export const newsAddMachine = setup({
  types: {
    context: {} as NewsAddContext,
    input: {} as { signedIn: boolean },
    events: {} as
      | { type: 'editor.signedIn' }
      | { type: 'editor.retry' }
      | { type: 'editor.another' }
      | { type: 'editor.publish'; draft: NewsDraft; id_settore: number },
    tags: {} as 'loading' | 'sending',
  },
  actors: {
    checkPermission: providedByTheApplication<Permission, void>('newsAdd', 'checkPermission'),
    publish: providedByTheApplication<NewsCard, Publication>('newsAdd', 'publish'),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    mayPublish: (_, permission: Permission) => permission.puo_pubblicare,
  },
  actions: {
    storeTipologie: assign((_, permission: Permission) => ({ tipologie: permission.tipologie })),
    storeRefusal: assign((_, permission: Permission) => ({ refusal: permission.messaggio })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
    startPublishing: assign((_, publication: Publication) => ({ publication, error: null })),
    storePublished: assign((_, published: NewsCard) => ({ published })),
    clearPublished: assign({ published: null, publication: null }),
  },
}).createMachine({
  id: 'newsAdd',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    tipologie: [],
    refusal: null,
    error: null,
    published: null,
    publication: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      meta: { title: 'Apertura dell’editor' },
      always: [{ guard: 'isSignedIn', target: 'checking' }, { target: 'anonymous' }],
    },
    anonymous: {
      meta: { title: 'Visitatore non autenticato', description: '«Accedi per pubblicare».' },
      on: { 'editor.signedIn': 'checking' },
    },
    checking: {
      meta: { title: 'Verifica dei permessi' },
      tags: 'loading',
      invoke: {
        id: 'checkPermission',
        src: 'checkPermission',
        onDone: [
          {
            guard: { type: 'mayPublish', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'storeTipologie', params: ({ event }) => event.output },
          },
          { target: 'refused', actions: { type: 'storeRefusal', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      meta: { title: 'Verifica non riuscita', description: 'Il messaggio e il pulsante «Riprova».' },
      on: { 'editor.retry': 'checking' },
    },
    refused: { meta: { title: 'Pubblicazione non consentita', description: 'Il motivo detto dal server.' } },
    editing: {
      meta: { title: 'Scrittura della news' },
      on: {
        'editor.publish': {
          target: 'publishing',
          actions: {
            type: 'startPublishing',
            params: ({ event }) => ({ draft: event.draft, id_settore: event.id_settore }),
          },
        },
      },
    },
    publishing: {
      meta: { title: 'Pubblicazione in corso' },
      tags: 'sending',
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => context.publication!,
        onDone: {
          target: 'published',
          actions: { type: 'storePublished', params: ({ event }) => event.output },
        },
        // The server's refusal (403 for a non-editor, 400 for a bad field) is shown as it is.
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    published: {
      meta: { title: 'News pubblicata', description: 'Il link alla news e «Scrivi un’altra news».' },
      on: { 'editor.another': { target: 'editing', actions: 'clearPublished' } },
    },
  },
})
