// The FAQ of the current discipline (faq/list), searched on the server while the user types, for /faq.
import { assign, fromPromise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { DisciplinaCodice } from '../../../contract/documenti.ts'
import type { FaqItem } from '../../../contract/faq.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

export const PAGE_SIZE = 50
/** Pause after the last key before searching, so every word typed is not a request. */
export const SEARCH_DELAY_MS = 300

type Disciplina = DisciplinaCodice
type LoadInput = { disciplina: Disciplina | null; testo: string; rowstoskip: number }

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

export const faqMachine = setup({
  types: {
    context: {} as {
      disciplina: Disciplina | null
      /** What is in the search box. */
      testo: string
      /** The search the shown results answer (trimmed). */
      query: string
      items: readonly FaqItem[]
      record: number
      error: string | null
    },
    events: {} as
      | { type: 'faq.typed'; testo: string }
      | { type: 'faq.disciplineChanged'; disciplina: Disciplina | null }
      | { type: 'faq.more' }
      | { type: 'faq.retry' },
    input: {} as { disciplina: Disciplina | null; testo?: string },
  },
  actors: {
    loadFaq: fromPromise(async ({ input, signal }: { input: LoadInput; signal: AbortSignal }) =>
      callApi(
        endpoints.faqList,
        {
          rowstoskip: input.rowstoskip,
          fetchrows: PAGE_SIZE,
          filters: {
            ...(input.disciplina ? { disciplina: input.disciplina } : {}),
            ...(input.testo ? { testo: input.testo } : {}),
          },
        },
        { signal },
      ),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.record,
  },
  delays: { searchDelay: SEARCH_DELAY_MS },
}).createMachine({
  id: 'faq',
  initial: 'loading',
  context: ({ input }) => {
    const testo = input.testo ?? ''
    return { disciplina: input.disciplina, testo, query: testo.trim(), items: [], record: 0, error: null }
  },
  on: {
    'faq.typed': { target: '.typing', actions: assign({ testo: ({ event }) => event.testo }) },
    'faq.disciplineChanged': {
      target: '.loading',
      actions: assign({ disciplina: ({ event }) => event.disciplina }),
    },
  },
  states: {
    typing: {
      tags: 'searching',
      after: {
        searchDelay: { target: 'loading', actions: assign({ query: ({ context }) => context.testo.trim() }) },
      },
    },
    loading: {
      tags: 'searching',
      invoke: {
        src: 'loadFaq',
        input: ({ context }) => ({ disciplina: context.disciplina, testo: context.query, rowstoskip: 0 }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output.results,
            record: ({ event }) => event.output.record,
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      on: { 'faq.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: { 'faq.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      tags: 'loadingMore',
      invoke: {
        src: 'loadFaq',
        input: ({ context }) => ({
          disciplina: context.disciplina,
          testo: context.query,
          rowstoskip: context.items.length,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => [...context.items, ...event.output.results],
            record: ({ event }) => event.output.record,
            error: null,
          }),
        },
        // The questions already shown stay; the message says the rest could not be loaded.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
})
