// The user's cards, a page at a time (scheda_personale/elenco_tessere/list), for /elenco-tessere.
import { assign, fromPromise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { Tessera } from '../../../contract/giocatori.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

export const PAGE_SIZE = 20

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

export const tessereMachine = setup({
  types: {
    context: {} as {
      idPersona: number
      tessere: readonly Tessera[]
      record: number
      error: string | null
    },
    events: {} as { type: 'tessere.more' } | { type: 'tessere.retry' },
    input: {} as { idPersona: number },
  },
  actors: {
    loadTessere: fromPromise(
      async ({ input }: { input: { id: number; rowstoskip: number; fetchrows: number } }) =>
        callApi(endpoints.elencoTessere, input),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.tessere.length < context.record,
  },
}).createMachine({
  id: 'elencoTessere',
  initial: 'loading',
  context: ({ input }) => ({ idPersona: input.idPersona, tessere: [], record: 0, error: null }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadTessere',
        input: ({ context }) => ({ id: context.idPersona, rowstoskip: 0, fetchrows: PAGE_SIZE }),
        onDone: {
          target: 'ready',
          actions: assign({
            tessere: ({ event }) => event.output.results,
            record: ({ event }) => event.output.record,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { 'tessere.retry': { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: { 'tessere.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      tags: 'loadingMore',
      invoke: {
        src: 'loadTessere',
        input: ({ context }) => ({
          id: context.idPersona,
          rowstoskip: context.tessere.length,
          fetchrows: PAGE_SIZE,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            tessere: ({ context, event }) => [...context.tessere, ...event.output.results],
            record: ({ event }) => event.output.record,
            error: null,
          }),
        },
        // The cards already shown stay; the message says the rest could not be loaded.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
})
