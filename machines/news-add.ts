/**
 * The news editor of /news/add-news, once the server has said the user may publish (the permission and the
 * news types are loaded by the page-data machine; the server decides who may publish, docs/ruoli.md).
 *
 * Input: { tipologie }
 * Events it accepts
 * - `editor.publish` { draft, id_settore }  editing: publish
 * - `editor.another`                        published: write another one
 * Context the views read: `tipologie`, `error` (the server's refusal of a draft, as it is), `published`.
 * Tags: `sending` while publishing.
 * Actor: `publish` (input: { draft, id_settore }) → the published news.
 */
import { assign, setup } from 'xstate'
import type { AmbitoNews, NewsCard } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { Tipologia } from './news-list.ts'
import type { MachineLabels } from './labels.ts'

export type NewsDraft = {
  titolo: string
  sommario: string
  corpo: string
  tipologia_news: string
  ambito: AmbitoNews
  in_evidenza: boolean
}

/** What the page loads first: may the user publish (and if not, why), and the news types. */
export type Permission = {
  puo_pubblicare: boolean
  messaggio: string | null
  tipologie: readonly Tipologia[]
}
type Publication = { draft: NewsDraft; id_settore: number }

export interface NewsAddContext {
  tipologie: readonly Tipologia[]
  error: string | null
  published: NewsCard | null
  publication: Publication | null
}

export const newsAddMachine = setup({
  types: {
    context: {} as NewsAddContext,
    input: {} as { tipologie: readonly Tipologia[] },
    events: {} as
      { type: 'editor.another' } | { type: 'editor.publish'; draft: NewsDraft; id_settore: number },
    tags: {} as 'sending',
  },
  actors: {
    publish: providedByTheApplication<NewsCard, Publication>('newsAdd', 'publish'),
  },
  actions: {
    startPublishing: assign((_, publication: Publication) => ({ publication, error: null })),
    storePublished: assign((_, published: NewsCard) => ({ published })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
    clearPublished: assign({ published: null, publication: null }),
  },
}).createMachine({
  id: 'newsAdd',
  context: ({ input }) => ({ tipologie: input.tipologie, error: null, published: null, publication: null }),
  initial: 'editing',
  states: {
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

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const newsAddLabels: MachineLabels = {
  events: {
    'editor.publish': 'Pubblica',
    'xstate.done.actor.publish': 'news pubblicata',
    'xstate.error.actor.publish': 'news non pubblicata',
    'editor.another': 'nuova news',
  },
  guards: {},
}
