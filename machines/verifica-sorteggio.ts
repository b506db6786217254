/**
 * «Verifica» of a tournament's draw, in the browser: SHA-256 of the revealed seed is computed on the visitor's
 * own device and compared with the hash published before the draw (docs/regole.md, «Seme casuale verificabile»).
 *
 * Input: { seed, seedHash }  (the seed null while the draw is not made: nothing to verify yet)
 * Events it accepts
 * - `verifica.start`  once the seed is revealed: compute the hash (again)
 * Context the views read
 * - `computed` the hash computed here (null until computed), `error` the Italian message when it failed
 * States: waiting (no seed yet), ready.{idle, matches, differs, failed}, hashing.
 * Actor: `computeHash` (input: { text }) resolves with the hex SHA-256 of the text (crypto.subtle in the app).
 */
import { assign, setup } from 'xstate'
import { providedByTheApplication } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export interface VerificaSorteggioInput {
  seed: string | null
  seedHash: string
}

export interface VerificaSorteggioContext {
  seed: string | null
  seedHash: string
  computed: string | null
  error: string | null
}

export type VerificaSorteggioEvent = { type: 'verifica.start' }

export const HASH_FAILED =
  'Il browser non ha potuto calcolare l’impronta SHA-256: prova con un browser aggiornato'

export const verificaSorteggioMachine = setup({
  types: {
    context: {} as VerificaSorteggioContext,
    events: {} as VerificaSorteggioEvent,
    input: {} as VerificaSorteggioInput,
  },
  actors: {
    computeHash: providedByTheApplication<string, { text: string }>('verificaSorteggio', 'computeHash'),
  },
  guards: {
    hasSeed: ({ context }) => context.seed !== null,
    matchesPublishedHash: ({ context }, computed: string) =>
      computed.toLowerCase() === context.seedHash.toLowerCase(),
  },
  actions: {
    storeHash: assign((_, computed: string) => ({ computed, error: null })),
    storeFailure: assign({ computed: null, error: HASH_FAILED }),
    clear: assign({ computed: null, error: null }),
  },
}).createMachine({
  id: 'verificaSorteggio',
  context: ({ input }) => ({ seed: input.seed, seedHash: input.seedHash, computed: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      meta: { title: 'Apertura', description: 'La pagina della verifica si apre.' },
      always: [{ guard: 'hasSeed', target: 'ready' }, { target: 'waiting' }],
    },
    waiting: {
      meta: {
        title: 'Seme non ancora rivelato',
        description: 'Il seme sarà pubblicato dopo il sorteggio: la verifica non è ancora possibile.',
      },
    },
    ready: {
      meta: { title: 'Seme rivelato', description: 'Il seme è pubblicato: compare «Verifica».' },
      initial: 'idle',
      on: { 'verifica.start': { target: 'hashing', actions: 'clear' } },
      states: {
        idle: { meta: { title: 'Pronto per la verifica', description: 'Si può premere «Verifica».' } },
        matches: {
          meta: {
            title: 'L’impronta corrisponde',
            description: 'L’impronta calcolata è quella pubblicata prima del sorteggio.',
          },
        },
        differs: {
          meta: {
            title: 'L’impronta non corrisponde',
            description: 'L’impronta calcolata è diversa da quella pubblicata.',
          },
        },
        failed: {
          meta: {
            title: 'Verifica non riuscita',
            description: 'Il dispositivo non ha calcolato l’impronta: si può riprovare.',
          },
        },
      },
    },
    hashing: {
      meta: {
        title: 'Calcolo dell’impronta',
        description: 'Il dispositivo calcola l’impronta SHA-256 del seme.',
      },
      invoke: {
        id: 'computeHash',
        src: 'computeHash',
        input: ({ context }) => ({ text: context.seed ?? '' }),
        onDone: [
          {
            guard: { type: 'matchesPublishedHash', params: ({ event }) => event.output },
            target: 'ready.matches',
            actions: { type: 'storeHash', params: ({ event }) => event.output },
          },
          { target: 'ready.differs', actions: { type: 'storeHash', params: ({ event }) => event.output } },
        ],
        onError: { target: 'ready.failed', actions: 'storeFailure' },
      },
    },
  },
})

export const verificaSorteggioLabels: MachineLabels = {
  events: {
    'verifica.start': 'Premi «Verifica»',
    'xstate.done.actor.computeHash': 'Impronta calcolata',
    'xstate.error.actor.computeHash': 'Calcolo dell’impronta non riuscito',
  },
  guards: {
    hasSeed: 'il seme è già stato rivelato',
    matchesPublishedHash: 'l’impronta calcolata è uguale a quella pubblicata prima del sorteggio',
  },
}
