/**
 * The life of one enrolment (iscrizione) in a tournament, decided by the server with xstate's pure
 * `initialTransition`/`transition` (server/domain/enrolment.ts) and read by the client, which resolves the
 * stored state with `resolveState` and asks `can(...)` which buttons to show: both sides run this very machine,
 * so they cannot disagree (notes/server-machines.md).
 *
 * Input: { giocatore, compagno?, doppio, postiLiberi? }  the person who enrols, the invited partner (doubles), the
 *        kind of event, and the free places as the server counted them in its answer (null: no limit). The client's
 *        copy of the machine is given them from the answer (tornei/iscrizioni/stato, `posti_liberi`); the server
 *        counts them when it decides and puts them in the event, which then wins.
 * Every event carries `by`: the person who acts (null for the system: a place freed by someone else, a deadline).
 * Events it accepts
 * - `iscrizione.richiedi` { by, compagno, postiLiberi? } nonIscritto: the player enrols (a partner is invited in
 *                                                       doubles; a place or else the waiting list in singles)
 * - `iscrizione.accetta` { by, postiLiberi? }            attesaCompagno: the invited partner accepts
 * - `iscrizione.rifiuta` { by }                          attesaCompagno: the invited partner refuses
 * - `iscrizione.ritira` { by }                           attesaCompagno (the player), iscritta, listaAttesa (either)
 * - `iscrizione.promuovi` { by: null }                   listaAttesa: a place is free, the first waiting moves up
 * - `iscrizione.scade` { by: null }                      attesaCompagno: the partner did not answer in time
 *                                                       (INVITO_SCADE_GIORNI = 7 days after the invitation, or
 *                                                       earlier when enrolment closes: server/domain/enrolment.ts);
 *                                                       sent by the deadline runner (server/plugins/deadlines.ts)
 * Actions (returned by `transition`, performed by the server after the write commits)
 * - `invitaCompagno`, `avvisaAccettazione`, `avvisaRifiuto`, `avvisaAnnullamento`: messages to the other person
 * - `promuoviPrimoInAttesa`: an enrolled entry withdrew, the first on the waiting list moves up
 * - `avvisaPromozione`: tell the entry that moved up
 * - `avvisaScadenza`: tell the player and the partner that the invitation expired unanswered
 * - `avvisaRitiro`: a doubles pair withdrew: tell the one of the two who did not withdraw it
 * Tags: `attiva` while the entry holds or waits for a place (it blocks another enrolment of the same players).
 * Final states: `ritirata`, `rifiutata`, `scaduta`; after any of them the players may enrol again.
 */
import { assign, setup } from 'xstate'
import { INVITO_SCADE_GIORNI, ISCRIZIONE_STATE_TITLES } from '../contract/iscrizioni.ts'
import type { MachineLabels } from './labels.ts'

export interface IscrizioneInput {
  giocatore: number
  compagno?: number | null
  doppio: boolean
  /** The free places in the server's answer; null when the tournament sets no limit. */
  postiLiberi?: number | null
}

export interface IscrizioneContext {
  /** The person who enrolled (and, in doubles, invited the partner). */
  giocatore: number
  /** The invited partner in doubles; null in singles. */
  compagno: number | null
  doppio: boolean
  /**
   * The free places the server counted in its answer (null: no limit), when the machine was given them; the
   * server never stores them with the entry: it counts them anew at each request and sends them in the event.
   */
  postiLiberi?: number | null
}

/** `by`: the person acting; null when the system acts (a place freed by someone else's withdrawal, a deadline). */
export type IscrizioneEvent =
  | { type: 'iscrizione.richiedi'; by: number; compagno: number | null; postiLiberi?: number }
  | { type: 'iscrizione.accetta'; by: number; postiLiberi?: number }
  | { type: 'iscrizione.rifiuta'; by: number }
  | { type: 'iscrizione.ritira'; by: number }
  | { type: 'iscrizione.promuovi'; by: null }
  | { type: 'iscrizione.scade'; by: null }

const isPlayer = (context: IscrizioneContext, by: number | null) => by !== null && by === context.giocatore
const isPartner = (context: IscrizioneContext, by: number | null) =>
  by !== null && context.compagno !== null && by === context.compagno

/**
 * Whether a place is free for a request: the count in the event (the server's, at the moment it decides), else the
 * one the machine was given from the server's answer; null is a tournament without a limit.
 */
export function hasFreePlace(context: IscrizioneContext, event?: { postiLiberi?: number }): boolean {
  const free = event?.postiLiberi !== undefined ? event.postiLiberi : context.postiLiberi
  return free === null || (free !== undefined && free > 0)
}

export const iscrizioneMachine = setup({
  types: {
    context: {} as IscrizioneContext,
    events: {} as IscrizioneEvent,
    input: {} as IscrizioneInput,
    tags: {} as 'attiva',
  },
  guards: {
    // Doubles: the player names a partner who is someone else.
    invitesPartner: ({ context, event }) =>
      event.type === 'iscrizione.richiedi' &&
      isPlayer(context, event.by) &&
      context.doppio &&
      event.compagno !== null &&
      event.compagno !== event.by,
    // Singles: the player, with no partner, while a place is free.
    entersWithPlace: ({ context, event }) =>
      event.type === 'iscrizione.richiedi' &&
      isPlayer(context, event.by) &&
      !context.doppio &&
      event.compagno === null &&
      hasFreePlace(context, event),
    entersWaiting: ({ context, event }) =>
      event.type === 'iscrizione.richiedi' &&
      isPlayer(context, event.by) &&
      !context.doppio &&
      event.compagno === null,
    partnerAcceptsWithPlace: ({ context, event }) =>
      event.type === 'iscrizione.accetta' && isPartner(context, event.by) && hasFreePlace(context, event),
    isInvitedPartner: ({ context, event }) => isPartner(context, event.by),
    isPlayer: ({ context, event }) => isPlayer(context, event.by),
    isEntrant: ({ context, event }) => isPlayer(context, event.by) || isPartner(context, event.by),
    isSystem: ({ event }) => event.by === null,
  },
  actions: {
    // Performed by the server after the write commits; transition() returns them as objects.
    invitaCompagno: () => {},
    avvisaAccettazione: () => {},
    avvisaRifiuto: () => {},
    avvisaAnnullamento: () => {},
    promuoviPrimoInAttesa: () => {},
    avvisaPromozione: () => {},
    avvisaScadenza: () => {},
    avvisaRitiro: () => {},
  },
}).createMachine({
  id: 'iscrizione',
  context: ({ input }) => ({
    giocatore: input.giocatore,
    compagno: input.compagno ?? null,
    doppio: input.doppio,
    ...(input.postiLiberi === undefined ? {} : { postiLiberi: input.postiLiberi }),
  }),
  initial: 'nonIscritto',
  states: {
    nonIscritto: {
      meta: {
        title: ISCRIZIONE_STATE_TITLES.nonIscritto,
        description: 'Il giocatore può iscriversi se il server lo trova idoneo.',
      },
      on: {
        'iscrizione.richiedi': [
          {
            guard: 'invitesPartner',
            target: 'attesaCompagno',
            actions: [assign({ compagno: ({ event }) => event.compagno }), 'invitaCompagno'],
            meta: { spec: 'iscrizioni doppio' },
          },
          { guard: 'entersWithPlace', target: 'iscritta', meta: { spec: 'iscrizioni posti' } },
          { guard: 'entersWaiting', target: 'listaAttesa', meta: { spec: 'iscrizioni posti' } },
        ],
      },
    },
    attesaCompagno: {
      meta: {
        title: ISCRIZIONE_STATE_TITLES.attesaCompagno,
        description: 'Nel doppio il compagno invitato deve accettare; il posto non è ancora occupato.',
      },
      tags: 'attiva',
      on: {
        'iscrizione.accetta': [
          {
            guard: 'partnerAcceptsWithPlace',
            target: 'iscritta',
            actions: 'avvisaAccettazione',
            meta: { spec: 'iscrizioni doppio' },
          },
          {
            guard: 'isInvitedPartner',
            target: 'listaAttesa',
            actions: 'avvisaAccettazione',
            meta: { spec: ['iscrizioni doppio', 'iscrizioni posti'] },
          },
        ],
        'iscrizione.rifiuta': {
          guard: 'isInvitedPartner',
          target: 'rifiutata',
          actions: 'avvisaRifiuto',
          meta: { spec: 'iscrizioni doppio' },
        },
        'iscrizione.ritira': {
          guard: 'isPlayer',
          target: 'ritirata',
          actions: 'avvisaAnnullamento',
          meta: { spec: 'iscrizioni doppio' },
        },
        // A deadline, never a person: the deadline runner sends it when the invitation is due.
        'iscrizione.scade': {
          guard: 'isSystem',
          target: 'scaduta',
          actions: 'avvisaScadenza',
          meta: { spec: 'iscrizioni scadenza' },
        },
      },
    },
    iscritta: {
      meta: { title: ISCRIZIONE_STATE_TITLES.iscritta, description: 'Occupa un posto tra gli iscritti.' },
      tags: 'attiva',
      on: {
        'iscrizione.ritira': {
          guard: 'isEntrant',
          target: 'ritirata',
          actions: ['avvisaRitiro', 'promuoviPrimoInAttesa'],
          meta: { spec: 'iscrizioni ritiro' },
        },
      },
    },
    listaAttesa: {
      meta: {
        title: ISCRIZIONE_STATE_TITLES.listaAttesa,
        description: 'Posti esauriti: sale quando chi è iscritto si ritira.',
      },
      tags: 'attiva',
      on: {
        'iscrizione.ritira': {
          guard: 'isEntrant',
          target: 'ritirata',
          actions: 'avvisaRitiro',
          meta: { spec: 'iscrizioni ritiro' },
        },
        'iscrizione.promuovi': {
          guard: 'isSystem',
          target: 'iscritta',
          actions: 'avvisaPromozione',
          meta: { spec: 'iscrizioni ritiro' },
        },
      },
    },
    ritirata: {
      type: 'final',
      meta: {
        title: ISCRIZIONE_STATE_TITLES.ritirata,
        description: 'L’iscrizione è ritirata: il posto, se c’era, passa al primo in lista d’attesa.',
      },
    },
    rifiutata: {
      type: 'final',
      meta: {
        title: ISCRIZIONE_STATE_TITLES.rifiutata,
        description: 'Il compagno ha rifiutato l’invito: la coppia non è iscritta.',
      },
    },
    scaduta: {
      type: 'final',
      meta: {
        title: ISCRIZIONE_STATE_TITLES.scaduta,
        description: `Il compagno non ha risposto entro ${INVITO_SCADE_GIORNI} giorni o entro la chiusura delle iscrizioni.`,
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const iscrizioneLabels: MachineLabels = {
  events: {
    'iscrizione.richiedi': 'Iscriviti',
    'iscrizione.accetta': "Accetta l'invito",
    'iscrizione.rifiuta': "Rifiuta l'invito",
    'iscrizione.ritira': "Ritira l'iscrizione",
    'iscrizione.promuovi': "si libera un posto: sale il primo in lista d'attesa",
    'iscrizione.scade': `l’invito scade senza risposta (dopo ${INVITO_SCADE_GIORNI} giorni o alla chiusura delle iscrizioni)`,
  },
  guards: {
    invitesPartner: 'doppio: il giocatore invita un compagno',
    entersWithPlace: 'singolare: il giocatore si iscrive e c’è un posto libero',
    entersWaiting: 'singolare: il giocatore si iscrive a posti esauriti',
    partnerAcceptsWithPlace: 'il compagno invitato accetta e c’è un posto libero',
    isInvitedPartner: 'è il compagno invitato',
    isPlayer: 'è chi ha fatto l’iscrizione',
    isEntrant: 'è uno dei giocatori iscritti',
    isSystem: 'lo decide il portale',
  },
  actions: {
    invitaCompagno: 'il compagno riceve l’invito a giocare il doppio',
    avvisaAccettazione: 'il giocatore che si è iscritto riceve un avviso dell’accettazione',
    avvisaRifiuto: 'il giocatore che si è iscritto riceve un avviso del rifiuto',
    avvisaAnnullamento: 'il compagno riceve un avviso: l’invito è ritirato',
    promuoviPrimoInAttesa: 'il posto liberato va al primo in lista d’attesa',
    avvisaPromozione: 'chi sale dalla lista d’attesa riceve un avviso',
    avvisaScadenza: 'il giocatore e il compagno ricevono un avviso della scadenza',
    avvisaRitiro: 'nel doppio, l’altro giocatore della coppia riceve un avviso del ritiro',
  },
  roles: (context: IscrizioneContext, event: IscrizioneEvent) => {
    if (event.by === null) return { who: null }
    const who =
      event.by === context.giocatore
        ? 'il giocatore'
        : event.by === context.compagno
          ? 'il compagno invitato'
          : 'un altro giocatore'
    if (event.type === 'iscrizione.richiedi') {
      const does =
        event.compagno !== null
          ? 'si iscrive al doppio e invita il compagno'
          : hasFreePlace(context, event)
            ? 'si iscrive, con un posto libero'
            : 'si iscrive a posti esauriti'
      return { who, does }
    }
    if (event.type === 'iscrizione.accetta')
      return {
        who,
        does: `accetta l’invito${hasFreePlace(context, event) ? ', con un posto libero' : ', a posti esauriti'}`,
      }
    return { who }
  },
}
