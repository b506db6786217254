/**
 * The life of one challenge (sfida) between players, decided by the server with xstate's pure
 * `initialTransition`/`transition` (server/domain/challenge.ts) and read by the client, which resolves the stored
 * state with `resolveState` and asks `can(...)` which buttons to show: both sides run this very machine, so they
 * cannot disagree (notes/server-machines.md). The seed writes its challenge histories with it too.
 *
 * Input: { creatore, doppio, pubblica, compagno?, avversari }  who proposes, singles or doubles, whether any
 * eligible player may take the open places, the proposer's partner (doubles) and the invited opponents.
 * Every event carries `by`: the person who acts (null when the portal acts: a deadline passed).
 * Events it accepts
 * - `sfida.accetta` { by }                      proposed: an invited player accepts (the last answer starts it)
 * - `sfida.rifiuta` { by }                      proposed: an invited player refuses
 * - `sfida.aggiungiGiocatore` { by, persona, lato }
 *                                               proposed: the proposer invites a player to a side with room, or
 *                                               a player takes an open place of a public challenge
 * - `sfida.rimuoviGiocatore` { by, persona }    proposed: the proposer removes an invited player, or a player
 *                                               leaves
 * - `sfida.pubblica` { by }                     proposed: the proposer lists it on the public board
 * - `sfida.annulla` { by }                      proposed: the proposer withdraws it
 * - `sfida.scade` { by: null }                  proposed: 7 days without an answer (DESIGN.md §5)
 * - `sfida.risultato` { by, vincitore }         accepted: a player enters the result (the side that won)
 * - `sfida.conferma` { by }                     resultEntered: a player of the other side confirms
 * - `sfida.contesta` { by }                     resultEntered: a player of the other side contests
 * - `sfida.confermaAutomatica` { by: null }     resultEntered: 48 hours without an answer confirm it
 * - `sfida.risolvi` { by, arbitro, esito }      contested: the federation decides: the result stands or not
 *                                               (`by` its person, or null for a federation account without one)
 * Actions (returned by `transition`, performed by the server after the write commits)
 * - `avvisaInvito`, `avvisaAccettazione`, `avvisaRifiuto`, `avvisaAnnullamento`, `avvisaScadenza`,
 *   `avvisaRisultato`, `avvisaConferma`, `avvisaContestazione`, `avvisaRisoluzione`: messages to the players
 * - `aggiornaPower`: the result counts: both sides' Power changes, explained match by match
 * Tags: `inAttesa` (someone must answer), `conclusa` (nothing more happens).
 */
import { assign, setup } from 'xstate'
import { SFIDA_STATE_TITLES } from '../contract/sfide.ts'
import type { MachineLabels } from './labels.ts'

export type Lato = 1 | 2
export type Risposta = 'in_attesa' | 'accettata' | 'rifiutata'

export interface Partecipante {
  persona: number
  lato: Lato
  risposta: Risposta
}

export interface ChallengeInput {
  creatore: number
  doppio: boolean
  pubblica: boolean
  compagno?: number | null
  avversari: readonly number[]
}

export interface ChallengeContext {
  creatore: number
  doppio: boolean
  pubblica: boolean
  partecipanti: Partecipante[]
  /** Who entered the result and the side it says won; null until a result is entered. */
  risultato: { inseritoDa: number; vincitore: Lato } | null
}

export type ChallengeEvent =
  | { type: 'sfida.accetta'; by: number }
  | { type: 'sfida.rifiuta'; by: number }
  | { type: 'sfida.aggiungiGiocatore'; by: number; persona: number; lato: Lato }
  | { type: 'sfida.rimuoviGiocatore'; by: number; persona: number }
  | { type: 'sfida.pubblica'; by: number }
  | { type: 'sfida.annulla'; by: number }
  | { type: 'sfida.scade'; by: null }
  | { type: 'sfida.risultato'; by: number; vincitore: Lato }
  | { type: 'sfida.conferma'; by: number }
  | { type: 'sfida.contesta'; by: number }
  | { type: 'sfida.confermaAutomatica'; by: null }
  | { type: 'sfida.risolvi'; by: number | null; arbitro: boolean; esito: 'confermato' | 'annullato' }

/** Players a side holds: one in singles, two in doubles. */
export const sideSize = (context: Pick<ChallengeContext, 'doppio'>) => (context.doppio ? 2 : 1)

const find = (context: ChallengeContext, persona: number | null) =>
  persona === null ? undefined : context.partecipanti.find((p) => p.persona === persona)
const onSide = (context: ChallengeContext, lato: Lato) => context.partecipanti.filter((p) => p.lato === lato)
const hasRoom = (context: ChallengeContext, lato: Lato) => onSide(context, lato).length < sideSize(context)
const isProposer = (context: ChallengeContext, by: number | null) => by !== null && by === context.creatore
const isWaiting = (context: ChallengeContext, by: number | null) =>
  find(context, by)?.risposta === 'in_attesa'
/** Whether every place is taken and every player has said yes, once `accepting` has too. */
const completeWith = (context: ChallengeContext, accepting: number) =>
  ([1, 2] as const).every((lato) => onSide(context, lato).length === sideSize(context)) &&
  context.partecipanti.every((p) => p.persona === accepting || p.risposta === 'accettata')
const completeWithNew = (context: ChallengeContext, persona: number, lato: Lato) =>
  ([1, 2] as const).every(
    (side) => onSide(context, side).length + (side === lato ? 1 : 0) === sideSize(context),
  ) && context.partecipanti.every((p) => p.risposta === 'accettata')
const isPlayer = (context: ChallengeContext, by: number | null) => find(context, by)?.risposta === 'accettata'
/** A player of the side that did not enter the result: who entered it cannot confirm it (DESIGN.md §5). */
const isOtherSide = (context: ChallengeContext, by: number | null) => {
  const player = find(context, by)
  const enteredBy = context.risultato === null ? undefined : find(context, context.risultato.inseritoDa)
  return player !== undefined && enteredBy !== undefined && player.lato !== enteredBy.lato
}
/** The federation decides, and not on a challenge its own person plays in. */
const isReferee = (context: ChallengeContext, event: ChallengeEvent) =>
  event.type === 'sfida.risolvi' && event.arbitro && find(context, event.by) === undefined
const takesPlace = (context: ChallengeContext, event: ChallengeEvent) =>
  event.type === 'sfida.aggiungiGiocatore' &&
  context.pubblica &&
  event.by === event.persona &&
  find(context, event.persona) === undefined &&
  hasRoom(context, event.lato)

export const challengeMachine = setup({
  types: {
    context: {} as ChallengeContext,
    events: {} as ChallengeEvent,
    input: {} as ChallengeInput,
    tags: {} as 'inAttesa' | 'conclusa',
  },
  guards: {
    acceptsLast: ({ context, event }) =>
      event.by !== null && isWaiting(context, event.by) && completeWith(context, event.by),
    isInvited: ({ context, event }) => isWaiting(context, event.by),
    invitesPlayer: ({ context, event }) =>
      event.type === 'sfida.aggiungiGiocatore' &&
      isProposer(context, event.by) &&
      event.persona !== event.by &&
      find(context, event.persona) === undefined &&
      hasRoom(context, event.lato),
    takesLastPlace: ({ context, event }) =>
      event.type === 'sfida.aggiungiGiocatore' &&
      takesPlace(context, event) &&
      completeWithNew(context, event.persona, event.lato),
    takesPlace: ({ context, event }) => takesPlace(context, event),
    removesPlayer: ({ context, event }) =>
      event.type === 'sfida.rimuoviGiocatore' &&
      event.persona !== context.creatore &&
      find(context, event.persona) !== undefined &&
      (isProposer(context, event.by) || event.by === event.persona),
    publishes: ({ context, event }) => isProposer(context, event.by) && !context.pubblica,
    isProposer: ({ context, event }) => isProposer(context, event.by),
    isSystem: ({ event }) => event.by === null,
    isPlayer: ({ context, event }) => isPlayer(context, event.by),
    isOtherSide: ({ context, event }) => isOtherSide(context, event.by),
    refereeUpholds: ({ context, event }) =>
      event.type === 'sfida.risolvi' && isReferee(context, event) && event.esito === 'confermato',
    isReferee: ({ context, event }) => event.type === 'sfida.risolvi' && isReferee(context, event),
  },
  actions: {
    accept: assign({
      partecipanti: ({ context, event }) =>
        context.partecipanti.map((p) =>
          p.persona === event.by ? { ...p, risposta: 'accettata' as const } : p,
        ),
    }),
    addInvited: assign({
      partecipanti: ({ context, event }) =>
        event.type === 'sfida.aggiungiGiocatore'
          ? [
              ...context.partecipanti,
              { persona: event.persona, lato: event.lato, risposta: 'in_attesa' as const },
            ]
          : context.partecipanti,
    }),
    addTaken: assign({
      partecipanti: ({ context, event }) =>
        event.type === 'sfida.aggiungiGiocatore'
          ? [
              ...context.partecipanti,
              { persona: event.persona, lato: event.lato, risposta: 'accettata' as const },
            ]
          : context.partecipanti,
    }),
    remove: assign({
      partecipanti: ({ context, event }) =>
        event.type === 'sfida.rimuoviGiocatore'
          ? context.partecipanti.filter((p) => p.persona !== event.persona)
          : context.partecipanti,
    }),
    publish: assign({ pubblica: true }),
    enterResult: assign({
      risultato: ({ event }) =>
        event.type === 'sfida.risultato' && event.by !== null
          ? { inseritoDa: event.by, vincitore: event.vincitore }
          : null,
    }),
    // Performed by the server after the write commits; transition() returns them as objects.
    avvisaInvito: () => {},
    avvisaAccettazione: () => {},
    avvisaRifiuto: () => {},
    avvisaAnnullamento: () => {},
    avvisaScadenza: () => {},
    avvisaRisultato: () => {},
    avvisaConferma: () => {},
    avvisaContestazione: () => {},
    avvisaRisoluzione: () => {},
    aggiornaPower: () => {},
  },
}).createMachine({
  id: 'sfida',
  context: ({ input }) => ({
    creatore: input.creatore,
    doppio: input.doppio,
    pubblica: input.pubblica,
    partecipanti: [
      { persona: input.creatore, lato: 1, risposta: 'accettata' },
      ...(input.doppio && input.compagno != null
        ? [{ persona: input.compagno, lato: 1 as const, risposta: 'in_attesa' as const }]
        : []),
      ...input.avversari.map((persona) => ({ persona, lato: 2 as const, risposta: 'in_attesa' as const })),
    ],
    risultato: null,
  }),
  initial: 'proposed',
  states: {
    proposed: {
      meta: {
        title: SFIDA_STATE_TITLES.proposed,
        description:
          'Gli invitati rispondono; una sfida pubblica accoglie chi prende un posto libero. Senza risposta ' +
          'scade dopo 7 giorni.',
      },
      tags: 'inAttesa',
      on: {
        'sfida.accetta': [
          {
            guard: 'acceptsLast',
            target: 'accepted',
            actions: ['accept', 'avvisaAccettazione'],
            meta: { spec: 'sfide accettazione' },
          },
          {
            guard: 'isInvited',
            actions: ['accept', 'avvisaAccettazione'],
            meta: { spec: 'sfide accettazione' },
          },
        ],
        'sfida.rifiuta': {
          guard: 'isInvited',
          target: 'refused',
          actions: 'avvisaRifiuto',
          meta: { spec: 'sfide accettazione' },
        },
        'sfida.aggiungiGiocatore': [
          {
            guard: 'invitesPlayer',
            actions: ['addInvited', 'avvisaInvito'],
            meta: { spec: 'sfide invitati' },
          },
          {
            guard: 'takesLastPlace',
            target: 'accepted',
            actions: ['addTaken', 'avvisaAccettazione'],
            meta: { spec: 'sfide bacheca' },
          },
          {
            guard: 'takesPlace',
            actions: ['addTaken', 'avvisaAccettazione'],
            meta: { spec: 'sfide bacheca' },
          },
        ],
        'sfida.rimuoviGiocatore': {
          guard: 'removesPlayer',
          actions: 'remove',
          meta: { spec: 'sfide invitati' },
        },
        'sfida.pubblica': { guard: 'publishes', actions: 'publish', meta: { spec: 'sfide bacheca' } },
        'sfida.annulla': {
          guard: 'isProposer',
          target: 'cancelled',
          actions: 'avvisaAnnullamento',
          meta: { spec: 'sfide annullamento' },
        },
        'sfida.scade': {
          guard: 'isSystem',
          target: 'expired',
          actions: 'avvisaScadenza',
          meta: { spec: 'sfide scadenza' },
        },
      },
    },
    accepted: {
      meta: { title: SFIDA_STATE_TITLES.accepted, description: 'Tutti hanno accettato: si gioca.' },
      on: {
        'sfida.risultato': {
          guard: 'isPlayer',
          target: 'resultEntered',
          actions: ['enterResult', 'avvisaRisultato'],
          meta: { spec: 'sfide risultato' },
        },
      },
    },
    resultEntered: {
      meta: {
        title: SFIDA_STATE_TITLES.resultEntered,
        description: 'L’altra parte conferma o contesta; senza risposta in 48 ore il risultato è confermato.',
      },
      tags: 'inAttesa',
      on: {
        'sfida.conferma': {
          guard: 'isOtherSide',
          target: 'confirmed',
          actions: ['aggiornaPower', 'avvisaConferma'],
          meta: { spec: 'sfide risultato' },
        },
        'sfida.contesta': {
          guard: 'isOtherSide',
          target: 'contested',
          actions: 'avvisaContestazione',
          meta: { spec: 'sfide risultato' },
        },
        'sfida.confermaAutomatica': {
          guard: 'isSystem',
          target: 'confirmed',
          actions: ['aggiornaPower', 'avvisaConferma'],
          meta: { spec: 'sfide conferma automatica' },
        },
      },
    },
    contested: {
      meta: {
        title: SFIDA_STATE_TITLES.contested,
        description: 'Il risultato è contestato: decide la federazione.',
      },
      on: {
        'sfida.risolvi': [
          {
            guard: 'refereeUpholds',
            target: 'resolved',
            actions: ['aggiornaPower', 'avvisaRisoluzione'],
            meta: { spec: 'sfide contestazione' },
          },
          {
            guard: 'isReferee',
            target: 'resolved',
            actions: 'avvisaRisoluzione',
            meta: { spec: 'sfide contestazione' },
          },
        ],
      },
    },
    refused: {
      type: 'final',
      tags: 'conclusa',
      meta: {
        title: SFIDA_STATE_TITLES.refused,
        description: 'Un invitato ha rifiutato: la sfida non si gioca.',
      },
    },
    cancelled: {
      type: 'final',
      tags: 'conclusa',
      meta: {
        title: SFIDA_STATE_TITLES.cancelled,
        description: 'Chi l’ha proposta l’ha annullata prima che si giocasse.',
      },
    },
    expired: {
      type: 'final',
      tags: 'conclusa',
      meta: {
        title: SFIDA_STATE_TITLES.expired,
        description: 'Nessuna risposta in 7 giorni: la sfida non si gioca.',
      },
    },
    confirmed: {
      type: 'final',
      tags: 'conclusa',
      meta: {
        title: SFIDA_STATE_TITLES.confirmed,
        description: 'Il risultato vale e conta per il Power dei giocatori.',
      },
    },
    resolved: {
      type: 'final',
      tags: 'conclusa',
      meta: {
        title: SFIDA_STATE_TITLES.resolved,
        description: 'La federazione ha deciso: il risultato vale o è annullato.',
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const challengeLabels: MachineLabels = {
  events: {
    'sfida.accetta': 'Accetta la sfida',
    'sfida.rifiuta': 'Rifiuta la sfida',
    'sfida.aggiungiGiocatore': 'Aggiungi un giocatore (o prendi un posto libero)',
    'sfida.rimuoviGiocatore': 'Togli un giocatore (o lascia la sfida)',
    'sfida.pubblica': 'Pubblica la sfida in bacheca',
    'sfida.annulla': 'Annulla la sfida',
    'sfida.scade': 'passano 7 giorni senza risposta',
    'sfida.risultato': 'Inserisci il risultato',
    'sfida.conferma': 'Conferma il risultato',
    'sfida.contesta': 'Contesta il risultato',
    'sfida.confermaAutomatica': 'passano 48 ore senza risposta: il risultato è confermato',
    'sfida.risolvi': 'La federazione decide sulla contestazione',
  },
  guards: {
    acceptsLast: 'è l’ultimo invitato ad accettare e i posti sono al completo',
    isInvited: 'è un giocatore invitato che non ha ancora risposto',
    invitesPlayer: 'chi ha proposto la sfida invita un giocatore in una parte con un posto libero',
    takesLastPlace: 'sfida pubblica: il giocatore prende l’ultimo posto libero',
    takesPlace: 'sfida pubblica: il giocatore prende un posto libero',
    removesPlayer: 'chi ha proposto toglie un invitato, o un giocatore lascia',
    publishes: 'chi ha proposto la pubblica (non è ancora in bacheca)',
    isProposer: 'è chi ha proposto la sfida',
    isSystem: 'lo decide il portale',
    isPlayer: 'è uno dei giocatori della sfida',
    isOtherSide: 'è un giocatore dell’altra parte (chi ha inserito il risultato non lo conferma)',
    refereeUpholds: 'la federazione (che non gioca la sfida) conferma il risultato',
    isReferee: 'decide la federazione, che non gioca la sfida',
  },
  actions: {
    accept: 'il server registra che ha accettato',
    addInvited: 'il server registra l’invito, in attesa di risposta',
    addTaken: 'il server registra il giocatore nel posto preso, come se avesse già accettato',
    remove: 'il server toglie il giocatore dalla sfida',
    publish: 'la sfida compare nella bacheca delle sfide pubbliche',
    enterResult: 'il server registra il risultato e chi lo ha inserito',
    avvisaInvito: 'l’invitato riceve un avviso',
    avvisaAccettazione: 'gli altri giocatori ricevono un avviso dell’accettazione',
    avvisaRifiuto: 'gli altri giocatori ricevono un avviso del rifiuto',
    avvisaAnnullamento: 'gli invitati ricevono un avviso dell’annullamento',
    avvisaScadenza: 'i giocatori ricevono un avviso della scadenza',
    avvisaRisultato: 'l’altra parte riceve un avviso del risultato da confermare',
    avvisaConferma: 'i giocatori ricevono un avviso della conferma',
    avvisaContestazione: 'i giocatori ricevono un avviso della contestazione',
    avvisaRisoluzione: 'i giocatori ricevono un avviso della decisione della federazione',
    aggiornaPower: 'il risultato conta: il Power dei giocatori delle due parti si aggiorna',
  },
  roles: (context: ChallengeContext, event: ChallengeEvent) => challengeRole(context, event),
}

const SIDE: Record<Lato, string> = { 1: 'la parte di chi ha proposto', 2: 'la parte avversaria' }

/** A person of the challenge by role: who proposed, their partner, the opponents in order, or a stranger. */
export function challengePersonRole(context: ChallengeContext, persona: number | null): string {
  if (persona === null) return 'il portale'
  if (persona === context.creatore) return 'il giocatore che ha proposto'
  const player = find(context, persona)
  if (!player) return 'un giocatore che non è nella sfida'
  if (player.lato === 1) return 'il compagno'
  return onSide(context, 2).indexOf(player) === 0 ? 'l’avversario' : 'il secondo avversario'
}

/** Who does an event of the challenge, and what exactly, from `by` and the payload (the flow report's steps). */
function challengeRole(
  context: ChallengeContext,
  event: ChallengeEvent,
): { who: string | null; does?: string } | null {
  if (event.by === null && event.type !== 'sfida.risolvi') return { who: null }
  const who = challengePersonRole(context, event.by)
  switch (event.type) {
    case 'sfida.aggiungiGiocatore':
      return event.by === event.persona
        ? {
            who,
            does: `prende un posto libero nel${event.lato === 1 ? 'la parte di chi ha proposto' : 'la parte avversaria'}`,
          }
        : {
            who,
            does: `invita ${find(context, event.persona) ? challengePersonRole(context, event.persona) : 'un altro giocatore'} nel${
              event.lato === 1 ? 'la parte di chi ha proposto' : 'la parte avversaria'
            }`,
          }
    case 'sfida.rimuoviGiocatore':
      return event.by === event.persona
        ? { who, does: 'lascia la sfida' }
        : { who, does: `toglie dalla sfida ${challengePersonRole(context, event.persona)}` }
    case 'sfida.risultato':
      return { who, does: `inserisce il risultato (vince ${SIDE[event.vincitore]})` }
    case 'sfida.risolvi': {
      const verdict = event.esito === 'confermato' ? 'il risultato vale' : 'il risultato è annullato'
      if (!event.arbitro)
        return { who, does: `prova a decidere sulla contestazione senza essere arbitro (${verdict})` }
      const federation = find(context, event.by)
        ? `la federazione, con ${who} che gioca la sfida,`
        : 'la federazione'
      return { who: federation, does: `decide sulla contestazione (${verdict})` }
    }
    default:
      return { who }
  }
}
