// Quick search of players and clubs as the user types: from 2 characters, after a short pause, both at once.
import { assign, fromPromise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
// The contract module itself, not the endpoints table: /home's bundle carries only its own calls.
import * as endpoints from '../../../contract/home.ts'
import { SEARCH_MIN_LENGTH, type CircoloTrovato, type GiocatoreTrovato } from '../../../contract/home.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

/** Milliseconds of quiet typing before searching. */
export const SEARCH_DEBOUNCE_MS = 250

/** The text the server receives: trimmed, single spaces, at most 50 characters. */
export const searchText = (raw: string) => raw.replace(/\s+/g, ' ').trim().slice(0, 50)

type Context = {
  text: string
  id_settore: number
  giocatori: readonly GiocatoreTrovato[]
  circoli: readonly CircoloTrovato[]
  error: string | null
}

export const searchMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { id_settore: number },
    events: {} as
      | { type: 'search.typed'; text: string }
      | { type: 'search.sectorChanged'; id_settore: number }
      | { type: 'search.retry' },
  },
  actors: {
    search: fromPromise(
      async ({ input, signal }: { input: { testo: string; id_settore: number }; signal: AbortSignal }) => {
        const [giocatori, circoli] = await Promise.all([
          callApi(endpoints.ricercaGiocatori, input, { signal }),
          callApi(endpoints.ricercaCircoli, input, { signal }),
        ])
        return { giocatori: giocatori.result, circoli: circoli.result }
      },
    ),
  },
  guards: {
    isLongEnough: ({ context }) => searchText(context.text).length >= SEARCH_MIN_LENGTH,
  },
  delays: { pause: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'ricercaRapida',
  context: ({ input }) => ({
    text: '',
    id_settore: input.id_settore,
    giocatori: [],
    circoli: [],
    error: null,
  }),
  initial: 'idle',
  on: {
    'search.typed': { target: '.deciding', actions: assign({ text: ({ event }) => event.text }) },
    'search.sectorChanged': {
      target: '.deciding',
      actions: assign({ id_settore: ({ event }) => event.id_settore }),
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'isLongEnough', target: 'waiting' },
        { target: 'idle', actions: assign({ giocatori: [], circoli: [], error: null }) },
      ],
    },
    idle: {},
    waiting: { tags: 'busy', after: { pause: 'searching' } },
    searching: {
      tags: 'busy',
      invoke: {
        src: 'search',
        input: ({ context }) => ({ testo: searchText(context.text), id_settore: context.id_settore }),
        onDone: {
          target: 'found',
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              event.error && typeof event.error === 'object' && '_tag' in event.error
                ? failureMessage(event.error as ApiFailure)
                : MESSAGES.generic,
          }),
        },
      },
    },
    found: {},
    failed: { on: { 'search.retry': 'searching' } },
  },
})
