/**
 * The FAQ of the current discipline on /faq (faq/list), searched on the server while the user types.
 *
 * Input: { disciplina, testo? }
 * Events it accepts
 * - `faq.typed` { testo }                 anywhere: the search box changed; the search starts after a pause
 * - `faq.disciplineChanged` { disciplina } anywhere: the chosen discipline changed
 * - `faq.more`                            ready, with questions still to load: the next page
 * - `faq.retry`                           failed: search again
 * Context the views read
 * - `testo` (the box), `query` (what the results answer), `items`, `record`, `error`
 * Tags: `searching` while typing or loading, `loadingMore` while the next page loads.
 * Actors: `loadFaq` (input: { disciplina, testo, rowstoskip }) → { results, record }; `pause` (the quiet time).
 */
import { assign, setup } from 'xstate'
import type { DisciplinaCodice } from '../contract/documenti.ts'
import type { FaqItem } from '../contract/faq.ts'
import { pauseOf, providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const FAQ_PAGE_SIZE = 50
/** Pause after the last key before searching, so every word typed is not a request. */
export const FAQ_SEARCH_DELAY_MS = 300

export type FaqQuery = { disciplina: DisciplinaCodice | null; testo: string; rowstoskip: number }
export type FaqPage = { results: readonly FaqItem[]; record: number }

export interface FaqContext {
  disciplina: DisciplinaCodice | null
  /** What is in the search box. */
  testo: string
  /** The search the shown results answer (trimmed). */
  query: string
  items: readonly FaqItem[]
  record: number
  error: string | null
}

export type FaqEvent =
  | { type: 'faq.typed'; testo: string }
  | { type: 'faq.disciplineChanged'; disciplina: DisciplinaCodice | null }
  | { type: 'faq.more' }
  | { type: 'faq.retry' }

type Failure = { error: unknown }

export const faqMachine = setup({
  types: {
    context: {} as FaqContext,
    events: {} as FaqEvent,
    input: {} as { disciplina: DisciplinaCodice | null; testo?: string | undefined },
    tags: {} as 'searching' | 'loadingMore',
  },
  actors: {
    loadFaq: providedByTheApplication<FaqPage, FaqQuery>('faq', 'loadFaq'),
    pause: pauseOf(FAQ_SEARCH_DELAY_MS),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.record,
  },
  actions: {
    setText: assign((_, testo: string) => ({ testo })),
    setDiscipline: assign((_, disciplina: DisciplinaCodice | null) => ({ disciplina })),
    takeQuery: assign(({ context }) => ({ query: context.testo.trim() })),
    storePage: assign((_, page: FaqPage) => ({ items: page.results, record: page.record, error: null })),
    appendPage: assign(({ context }, page: FaqPage) => ({
      items: [...context.items, ...page.results],
      record: page.record,
      error: null,
    })),
    storeError: assign((_, { error }: Failure) => ({ error: userMessage(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'faq',
  initial: 'loading',
  context: ({ input }) => {
    const testo = input.testo ?? ''
    return { disciplina: input.disciplina, testo, query: testo.trim(), items: [], record: 0, error: null }
  },
  on: {
    'faq.typed': { target: '.typing', actions: { type: 'setText', params: ({ event }) => event.testo } },
    'faq.disciplineChanged': {
      target: '.loading',
      actions: { type: 'setDiscipline', params: ({ event }) => event.disciplina },
    },
  },
  states: {
    typing: {
      meta: { title: 'Scrittura della ricerca', description: 'La ricerca parte dopo una breve pausa.' },
      tags: 'searching',
      invoke: { id: 'pause', src: 'pause', onDone: { target: 'loading', actions: 'takeQuery' } },
    },
    loading: {
      meta: { title: 'Ricerca delle domande', description: 'Le domande frequenti si cercano sul server.' },
      tags: 'searching',
      invoke: {
        id: 'loadFaq',
        src: 'loadFaq',
        input: ({ context }) => ({ disciplina: context.disciplina, testo: context.query, rowstoskip: 0 }),
        onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      meta: { title: 'Ricerca non riuscita', description: 'Il messaggio e il pulsante «Riprova».' },
      on: { 'faq.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      meta: { title: 'Domande mostrate', description: 'Le domande trovate sono mostrate.' },
      on: { 'faq.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      meta: {
        title: 'Caricamento di altre domande',
        description: 'Altre domande si caricano sotto quelle mostrate.',
      },
      tags: 'loadingMore',
      invoke: {
        id: 'loadMoreFaq',
        src: 'loadFaq',
        input: ({ context }) => ({
          disciplina: context.disciplina,
          testo: context.query,
          rowstoskip: context.items.length,
        }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        // The questions already shown stay; the message says the rest could not be loaded.
        onError: {
          target: 'ready',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const faqLabels: MachineLabels = {
  events: {
    'faq.typed': 'testo scritto',
    'faq.disciplineChanged': 'disciplina cambiata',
    'xstate.done.actor.pause': 'pausa nella scrittura',
    'xstate.done.actor.loadFaq': 'domande caricate',
    'xstate.error.actor.loadFaq': 'domande non caricate',
    'faq.retry': 'Riprova',
    'faq.more': 'altre domande',
    'xstate.done.actor.loadMoreFaq': 'altre domande caricate',
    'xstate.error.actor.loadMoreFaq': 'altre domande non caricate',
  },
  guards: {
    hasMore: 'ci sono altre domande',
  },
}
