/**
 * The signed-in player's notices (avvisi, issue 19 item 7): a doubles invitation, a challenge, a partner request
 * and what follows them reach the player in the portal, on the home and as a count on the account button, until
 * the player opens them. One actor for the whole app (src/app/avvisi.ts): the header and the home read the same.
 *
 * Events it accepts
 * - `avvisi.load` { page? }   the player is signed in, opened a page or came back to the tab: load the unseen ones
 * - `avvisi.open` { ids }     the player opened these notices: they leave the list at once and are marked seen
 * - `avvisi.clear`            signed out: nothing to show
 * Context the views read
 * - `avvisi`   the unseen notices, newest first
 * - `totale`   how many unseen notices there are (the badge)
 * - `error`    the Italian message of the last failed load (the list keeps what it had)
 * Actors: `loadAvvisi` resolves `{ results, record }`; `markSeen` (input `{ ids }`) resolves the unseen ones left.
 */
import { assign, setup } from 'xstate'
import type { Avviso } from '../contract/avvisi.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export type AvvisiList = { results: readonly Avviso[]; record: number }

export interface AvvisiContext {
  avvisi: readonly Avviso[]
  totale: number
  /** Opened but not yet confirmed seen by the server (sent again with the next `avvisi.open`). */
  opening: readonly number[]
  error: string | null
}

export type AvvisiEvent =
  /** `page`: the page just opened, when that is why (the journal shows it). */
  | { type: 'avvisi.load'; page?: string }
  | { type: 'avvisi.open'; ids: readonly number[] }
  | { type: 'avvisi.clear' }

const EMPTY: AvvisiContext = { avvisi: [], totale: 0, opening: [], error: null }

/** Opening a notice shown: wherever the list is (loaded, reloading, or kept after a failed reload). */
const open = {
  guard: 'opensUnseen',
  target: 'marking',
  actions: {
    type: 'hideOpened',
    params: ({ event }: { event: { ids: readonly number[] } }) => ({ ids: event.ids }),
  },
} as const

export const avvisiMachine = setup({
  types: {
    context: {} as AvvisiContext,
    events: {} as AvvisiEvent,
  },
  actors: {
    loadAvvisi: providedByTheApplication<AvvisiList, void>('avvisi', 'loadAvvisi'),
    markSeen: providedByTheApplication<AvvisiList, { ids: readonly number[] }>('avvisi', 'markSeen'),
  },
  guards: {
    opensUnseen: ({ context, event }) =>
      event.type === 'avvisi.open' && event.ids.some((id) => context.avvisi.some((a) => a.id_avviso === id)),
  },
  actions: {
    storeList: assign((_, { list }: { list: AvvisiList }) => ({
      avvisi: list.results,
      totale: list.record,
      opening: [],
      error: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
    // The badge goes at once: the notices leave the list before the server answers.
    hideOpened: assign(({ context }, { ids }: { ids: readonly number[] }) => {
      const opened = context.avvisi.filter((a) => ids.includes(a.id_avviso)).map((a) => a.id_avviso)
      return {
        avvisi: context.avvisi.filter((a) => !opened.includes(a.id_avviso)),
        totale: Math.max(0, context.totale - opened.length),
        opening: [...new Set([...context.opening, ...opened])],
      }
    }),
    forget: assign(() => EMPTY),
  },
}).createMachine({
  id: 'avvisi',
  initial: 'idle',
  context: EMPTY,
  on: { 'avvisi.clear': { target: '.idle', actions: 'forget' } },
  states: {
    idle: {
      meta: { title: 'Nessun avviso da mostrare', description: 'Nessuno ha fatto l’accesso.' },
      on: { 'avvisi.load': 'loading' },
    },
    loading: {
      meta: { title: 'Caricamento degli avvisi', description: 'Gli avvisi non letti si caricano.' },
      on: { 'avvisi.open': open },
      invoke: {
        id: 'loadAvvisi',
        src: 'loadAvvisi',
        onDone: {
          target: 'ready',
          actions: { type: 'storeList', params: ({ event }) => ({ list: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      meta: {
        title: 'Avvisi mostrati',
        description: 'La home elenca gli avvisi non letti, il pulsante dell’account li conta.',
      },
      on: { 'avvisi.load': 'loading', 'avvisi.open': open },
    },
    marking: {
      meta: {
        title: 'Avvisi aperti',
        description: 'Spariscono subito dall’elenco e dal conteggio; il portale li segna come letti.',
      },
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ ids: context.opening }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeList', params: ({ event }) => ({ list: event.output }) },
        },
        // Not marked: the next load shows the truth (the notices are still unseen).
        onError: 'loading',
      },
      on: {
        // Opened meanwhile: one more request, with every notice opened so far.
        'avvisi.open': { ...open, reenter: true },
      },
    },
    failed: {
      meta: {
        title: 'Avvisi non caricati',
        description: 'Si riprova alla prossima pagina aperta o al ritorno sulla scheda.',
      },
      on: { 'avvisi.load': 'loading', 'avvisi.open': open },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const avvisiLabels: MachineLabels = {
  events: {
    'avvisi.load': 'accesso fatto, pagina aperta o ritorno sulla scheda',
    'avvisi.open': 'il giocatore apre un avviso',
    'avvisi.clear': 'uscita dal portale',
    'xstate.done.actor.loadAvvisi': 'avvisi caricati',
    'xstate.error.actor.loadAvvisi': 'avvisi non caricati',
    'xstate.done.actor.markSeen': 'avvisi segnati come letti',
    'xstate.error.actor.markSeen': 'avvisi non segnati come letti',
  },
  guards: {
    opensUnseen: 'l’avviso è tra quelli non letti',
  },
}
