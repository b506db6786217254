/**
 * The life of one tie (incontro) of a team championship, decided by the server with xstate's pure
 * `initialTransition`/`transition` (server/domain/tie.ts) and read by the client, which resolves the stored state
 * with `resolveState` and asks `can(...)` which buttons to show (notes/server-machines.md). The rules in Italian:
 * docs/regole.md «Campionati a squadre».
 *
 * Input: { casa, ospiti }  the captains (person ids) of the home and the visiting team.
 * Every event carries `by`: the person who acts (null when the portal acts: a deadline passed).
 * Events it accepts
 * - `incontro.proponiData` { by }          unscheduled: the home captain proposes day and time;
 *                                           proposed: the captain who must answer proposes another (counter-proposal)
 * - `incontro.accettaData` { by }          proposed: the captain who did not propose accepts: the tie is scheduled
 * - `incontro.rifiutaData` { by }          proposed: the captain who did not propose declines: back to the home
 *                                           captain, who proposes again
 * - `incontro.schieramento` { by }         scheduled: a captain sends (or changes) the team's lineup; the second
 *                                           lineup in makes both visible
 * - `incontro.scadenzaSchieramenti` { by: null }
 *                                           scheduled: 1 hour before the start a lineup is missing: the tie is won
 *                                           by walkover by the team that sent it (lost by both when neither did)
 * - `incontro.generaPartite` { by }        lineupsSubmitted: a captain generates the rubbers from both lineups
 * - `incontro.risultato` { by }            playing: a captain enters the rubbers' results
 * - `incontro.conferma` { by }             resultEntered: the other captain confirms
 * - `incontro.contesta` { by }             resultEntered: the other captain contests
 * - `incontro.confermaAutomatica` { by: null }  resultEntered: 48 hours without an answer confirm it
 * - `incontro.risolvi` { by, arbitro, esito }   contested: the federation decides: the result stands or not
 * Actions (returned by `transition`, performed by the server in the same transaction)
 * - `aggiornaPower`: the rubbers count: their players' Power changes, explained match by match, and the winners of
 *   a rubber earn its ranking points (server/domain/team-points.ts; the rankings are refreshed)
 * - `aggiornaClassifica`: the tie counts: the group standings are computed again, the final phase's bracket filled
 * Tags: `inAttesa` (a captain must answer), `concluso` (nothing more happens).
 */
import { assign, setup } from 'xstate'
import { TIE_STATE_TITLES, type Squadra } from '../contract/incontri.ts'
import type { MachineLabels } from './labels.ts'

export type { Squadra }

export interface TieInput {
  casa: number
  ospiti: number
}

export interface TieContext {
  capitani: { casa: number; ospiti: number }
  /** Who proposed the date that waits for an answer; null when none waits. */
  proposta: Squadra | null
  /** Whose lineup is in. */
  schieramenti: { casa: boolean; ospiti: boolean }
  /** Whose captain entered the result; null until one is entered. */
  risultato: Squadra | null
  /** The team that won by walkover; null when neither sent its lineup (or no walkover). */
  vincitore: Squadra | null
}

export type TieEvent =
  | { type: 'incontro.proponiData'; by: number }
  | { type: 'incontro.accettaData'; by: number }
  | { type: 'incontro.rifiutaData'; by: number }
  | { type: 'incontro.schieramento'; by: number }
  | { type: 'incontro.scadenzaSchieramenti'; by: null }
  | { type: 'incontro.generaPartite'; by: number }
  | { type: 'incontro.risultato'; by: number }
  | { type: 'incontro.conferma'; by: number }
  | { type: 'incontro.contesta'; by: number }
  | { type: 'incontro.confermaAutomatica'; by: null }
  | { type: 'incontro.risolvi'; by: number | null; arbitro: boolean; esito: 'confermato' | 'annullato' }

const other = (side: Squadra): Squadra => (side === 'casa' ? 'ospiti' : 'casa')

/** The team whose captain `by` is, if any. */
export function sideOf(context: Pick<TieContext, 'capitani'>, by: number | null): Squadra | undefined {
  if (by === null) return undefined
  if (context.capitani.casa === by) return 'casa'
  if (context.capitani.ospiti === by) return 'ospiti'
  return undefined
}

const answersProposal = (context: TieContext, by: number | null) =>
  context.proposta !== null && sideOf(context, by) === other(context.proposta)
const sendsLastLineup = (context: TieContext, by: number | null) => {
  const side = sideOf(context, by)
  return side !== undefined && context.schieramenti[other(side)]
}
const isOtherCaptain = (context: TieContext, by: number | null) =>
  context.risultato !== null && sideOf(context, by) === other(context.risultato)
/** The federation decides, and not on a tie of a team it captains. */
const isReferee = (context: TieContext, event: TieEvent) =>
  event.type === 'incontro.risolvi' && event.arbitro && sideOf(context, event.by) === undefined

export const tieMachine = setup({
  types: {
    context: {} as TieContext,
    events: {} as TieEvent,
    input: {} as TieInput,
    tags: {} as 'inAttesa' | 'concluso',
  },
  guards: {
    isHomeCaptain: ({ context, event }) => sideOf(context, event.by) === 'casa',
    answersProposal: ({ context, event }) => answersProposal(context, event.by),
    sendsLastLineup: ({ context, event }) => sendsLastLineup(context, event.by),
    isCaptain: ({ context, event }) => sideOf(context, event.by) !== undefined,
    isSystem: ({ event }) => event.by === null,
    isOtherCaptain: ({ context, event }) => isOtherCaptain(context, event.by),
    refereeUpholds: ({ context, event }) =>
      event.type === 'incontro.risolvi' && isReferee(context, event) && event.esito === 'confermato',
    isReferee: ({ context, event }) => isReferee(context, event),
  },
  actions: {
    propose: assign({ proposta: ({ context, event }) => sideOf(context, event.by) ?? null }),
    clearProposal: assign({ proposta: null }),
    submitLineup: assign({
      schieramenti: ({ context, event }) => {
        const side = sideOf(context, event.by)
        return side === undefined ? context.schieramenti : { ...context.schieramenti, [side]: true }
      },
    }),
    awardWalkover: assign({
      vincitore: ({ context }) =>
        context.schieramenti.casa ? 'casa' : context.schieramenti.ospiti ? 'ospiti' : null,
    }),
    enterResult: assign({ risultato: ({ context, event }) => sideOf(context, event.by) ?? null }),
    // Performed by the server in the write's transaction; transition() returns them as objects.
    aggiornaPower: () => {},
    aggiornaClassifica: () => {},
  },
}).createMachine({
  id: 'incontro',
  context: ({ input }) => ({
    capitani: { casa: input.casa, ospiti: input.ospiti },
    proposta: null,
    schieramenti: { casa: false, ospiti: false },
    risultato: null,
    vincitore: null,
  }),
  initial: 'unscheduled',
  states: {
    unscheduled: {
      meta: {
        title: TIE_STATE_TITLES.unscheduled,
        description: 'Il capitano della squadra di casa propone il giorno e l’ora dell’incontro.',
      },
      tags: 'inAttesa',
      on: {
        'incontro.proponiData': {
          guard: 'isHomeCaptain',
          target: 'proposed',
          actions: 'propose',
          meta: { spec: 'incontri data' },
        },
      },
    },
    proposed: {
      meta: {
        title: TIE_STATE_TITLES.proposed,
        description:
          'L’altro capitano accetta la data, ne propone un’altra (e allora risponde chi aveva proposto) o ' +
          'la rifiuta: in quel caso il capitano di casa ne propone una nuova.',
      },
      tags: 'inAttesa',
      on: {
        'incontro.proponiData': {
          guard: 'answersProposal',
          target: 'proposed',
          actions: 'propose',
          meta: { spec: 'incontri data' },
        },
        'incontro.accettaData': {
          guard: 'answersProposal',
          target: 'scheduled',
          actions: 'clearProposal',
          meta: { spec: 'incontri data' },
        },
        'incontro.rifiutaData': {
          guard: 'answersProposal',
          target: 'unscheduled',
          actions: 'clearProposal',
          meta: { spec: 'incontri data' },
        },
      },
    },
    scheduled: {
      meta: {
        title: TIE_STATE_TITLES.scheduled,
        description:
          'Ogni capitano invia lo schieramento, che l’altro non vede finché non sono arrivati entrambi. ' +
          'Un’ora prima dell’inizio, la squadra senza schieramento perde a tavolino.',
      },
      tags: 'inAttesa',
      on: {
        'incontro.schieramento': [
          {
            guard: 'sendsLastLineup',
            target: 'lineupsSubmitted',
            actions: 'submitLineup',
            meta: { spec: 'incontri schieramenti' },
          },
          { guard: 'isCaptain', actions: 'submitLineup', meta: { spec: 'incontri schieramenti' } },
        ],
        'incontro.scadenzaSchieramenti': {
          guard: 'isSystem',
          target: 'walkedOver',
          actions: ['awardWalkover', 'aggiornaClassifica'],
          meta: { spec: 'incontri tavolino' },
        },
      },
    },
    lineupsSubmitted: {
      meta: {
        title: TIE_STATE_TITLES.lineupsSubmitted,
        description: 'I due schieramenti sono visibili a entrambi i capitani: si generano le partite.',
      },
      on: {
        'incontro.generaPartite': {
          guard: 'isCaptain',
          target: 'playing',
          meta: { spec: 'incontri schieramenti' },
        },
      },
    },
    playing: {
      meta: {
        title: TIE_STATE_TITLES.playing,
        description: 'Le partite si giocano; un capitano ne inserisce i risultati.',
      },
      on: {
        'incontro.risultato': {
          guard: 'isCaptain',
          target: 'resultEntered',
          actions: 'enterResult',
          meta: { spec: 'incontri risultato' },
        },
      },
    },
    resultEntered: {
      meta: {
        title: TIE_STATE_TITLES.resultEntered,
        description:
          'Il capitano dell’altra squadra conferma o contesta; senza risposta in 48 ore il risultato è confermato.',
      },
      tags: 'inAttesa',
      on: {
        'incontro.conferma': {
          guard: 'isOtherCaptain',
          target: 'confirmed',
          actions: ['aggiornaPower', 'aggiornaClassifica'],
          meta: { spec: 'incontri risultato' },
        },
        'incontro.contesta': {
          guard: 'isOtherCaptain',
          target: 'contested',
          meta: { spec: 'incontri risultato' },
        },
        'incontro.confermaAutomatica': {
          guard: 'isSystem',
          target: 'confirmed',
          actions: ['aggiornaPower', 'aggiornaClassifica'],
          meta: { spec: 'incontri conferma automatica' },
        },
      },
    },
    contested: {
      meta: {
        title: TIE_STATE_TITLES.contested,
        description: 'Il risultato è contestato: decide la federazione.',
      },
      on: {
        'incontro.risolvi': [
          {
            guard: 'refereeUpholds',
            target: 'resolved',
            actions: ['aggiornaPower', 'aggiornaClassifica'],
            meta: { spec: 'incontri contestazione' },
          },
          {
            guard: 'isReferee',
            target: 'resolved',
            actions: 'aggiornaClassifica',
            meta: { spec: 'incontri contestazione' },
          },
        ],
      },
    },
    confirmed: {
      type: 'final',
      tags: 'concluso',
      meta: {
        title: TIE_STATE_TITLES.confirmed,
        description:
          'Il risultato vale: Power e punti dei giocatori, classifiche, classifica del girone e tabellone aggiornati.',
      },
    },
    resolved: {
      type: 'final',
      tags: 'concluso',
      meta: {
        title: TIE_STATE_TITLES.resolved,
        description: 'La federazione ha deciso: il risultato vale o è annullato.',
      },
    },
    walkedOver: {
      type: 'final',
      tags: 'concluso',
      meta: {
        title: TIE_STATE_TITLES.walkedOver,
        description:
          'Uno schieramento non è arrivato in tempo: vince a tavolino la squadra che l’ha inviato (perdono ' +
          'entrambe se non l’ha inviato nessuna).',
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const tieLabels: MachineLabels = {
  events: {
    'incontro.proponiData': 'Proponi giorno e ora',
    'incontro.accettaData': 'Accetta la data proposta',
    'incontro.rifiutaData': 'Rifiuta la data proposta',
    'incontro.schieramento': 'Invia lo schieramento',
    'incontro.scadenzaSchieramenti': 'manca un’ora all’inizio e uno schieramento non è arrivato',
    'incontro.generaPartite': 'Genera le partite dai due schieramenti',
    'incontro.risultato': 'Inserisci i risultati',
    'incontro.conferma': 'Conferma il risultato',
    'incontro.contesta': 'Contesta il risultato',
    'incontro.confermaAutomatica': 'passano 48 ore senza risposta: il risultato è confermato',
    'incontro.risolvi': 'La federazione decide sulla contestazione',
  },
  guards: {
    isHomeCaptain: 'è il capitano della squadra di casa',
    answersProposal: 'è il capitano che deve rispondere alla data proposta',
    sendsLastLineup: 'è un capitano e lo schieramento dell’altra squadra è già arrivato',
    isCaptain: 'è il capitano di una delle due squadre',
    isSystem: 'lo decide il portale',
    isOtherCaptain: 'è il capitano dell’altra squadra (chi ha inserito il risultato non lo conferma)',
    refereeUpholds: 'la federazione (che non è capitano nell’incontro) conferma il risultato',
    isReferee: 'decide la federazione, che non è capitano nell’incontro',
  },
  actions: {
    propose: 'il server registra la data proposta e chi deve rispondere',
    clearProposal: 'la proposta non attende più risposta',
    submitLineup:
      'il server registra lo schieramento, nascosto all’altra squadra finché non arriva anche il suo',
    awardWalkover: 'il server assegna l’incontro a tavolino alla squadra che ha inviato lo schieramento',
    enterResult: 'il server registra i risultati delle partite e chi li ha inseriti',
    aggiornaPower: 'le partite contano: il Power e i punti dei giocatori (e le classifiche) si aggiornano',
    aggiornaClassifica: 'la classifica del girone e il tabellone della fase finale si aggiornano',
  },
  roles: (context: TieContext, event: TieEvent) => tieRole(context, event),
}

const CAPTAIN: Record<Squadra, string> = {
  casa: 'il capitano di casa',
  ospiti: 'il capitano ospite',
}

/** Who does an event of the tie, by role (the flow report's steps). */
function tieRole(context: TieContext, event: TieEvent): { who: string | null; does?: string } | null {
  if (event.type === 'incontro.risolvi') {
    const verdict = event.esito === 'confermato' ? 'il risultato vale' : 'il risultato è annullato'
    const side = sideOf(context, event.by)
    if (!event.arbitro)
      return {
        who: side ? CAPTAIN[side] : 'un giocatore',
        does: `prova a decidere sulla contestazione senza essere arbitro (${verdict})`,
      }
    return {
      who: side ? `la federazione, con ${CAPTAIN[side]},` : 'la federazione',
      does: `decide sulla contestazione (${verdict})`,
    }
  }
  if (event.by === null) return { who: null }
  const side = sideOf(context, event.by)
  return { who: side ? CAPTAIN[side] : 'un giocatore che non è capitano nell’incontro' }
}
