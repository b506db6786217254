/**
 * The life of one partner request (cerca compagno): a player answers someone's listing, the listing's author
 * confirms or refuses, the requester may cancel while waiting. Decided by the server with xstate's pure
 * `initialTransition`/`transition` (server/domain/partner-search.ts) and read by the client, which resolves the
 * stored state with `resolveState` and asks `can(...)` which buttons to show: both sides run this very machine,
 * so they cannot disagree (notes/server-machines.md). The seed writes its requests with it too.
 *
 * Input: { autore, richiedente }  the listing's author and the player who asks to play together
 * Every event carries `by`: the person who acts (null for the portal: the listing closed).
 * Events it accepts
 * - `richiesta.invia` { by }      nuova: the requester sends it (never to a listing of their own)
 * - `richiesta.conferma` { by }   sent: the listing's author confirms: they play together, the listing closes
 * - `richiesta.rifiuta` { by }    sent: the listing's author refuses
 * - `richiesta.cancella` { by }   sent: the requester cancels it
 * - `richiesta.decade` { by: null }
 *                                 sent: the listing closed (its author confirmed someone else or withdrew it)
 * Actions (returned by `transition`, performed by the server after the write commits)
 * - `avvisaAutore`, `avvisaConferma`, `avvisaRifiuto`, `avvisaCancellazione`, `avvisaAnnuncioChiuso`: messages
 *   to the other player
 * - `chiudiAnnuncio`: the author found a partner: the listing closes and its other waiting requests lapse
 * Tags: `inAttesa` while the author has to answer.
 */
import { setup } from 'xstate'
import { RICHIESTA_STATE_TITLES } from '../contract/cerca-compagno.ts'
import type { MachineLabels } from './labels.ts'

export interface PartnerRequestInput {
  autore: number
  richiedente: number
}

export interface PartnerRequestContext {
  /** The person who published the listing. */
  autore: number
  /** The person who asks to play together. */
  richiedente: number
}

/** `by`: the person acting; null when the portal acts (the listing closed). */
export type PartnerRequestEvent =
  | { type: 'richiesta.invia'; by: number }
  | { type: 'richiesta.conferma'; by: number }
  | { type: 'richiesta.rifiuta'; by: number }
  | { type: 'richiesta.cancella'; by: number }
  | { type: 'richiesta.decade'; by: null }

export const partnerRequestMachine = setup({
  types: {
    context: {} as PartnerRequestContext,
    events: {} as PartnerRequestEvent,
    input: {} as PartnerRequestInput,
    tags: {} as 'inAttesa',
  },
  guards: {
    // The requester sends, and nobody answers a listing of their own.
    isRequesterOfAnotherListing: ({ context, event }) =>
      event.by !== null && event.by === context.richiedente && context.richiedente !== context.autore,
    isAuthor: ({ context, event }) => event.by !== null && event.by === context.autore,
    isRequester: ({ context, event }) => event.by !== null && event.by === context.richiedente,
    isSystem: ({ event }) => event.by === null,
  },
  actions: {
    // Performed by the server after the write commits; transition() returns them as objects.
    avvisaAutore: () => {},
    avvisaConferma: () => {},
    avvisaRifiuto: () => {},
    avvisaCancellazione: () => {},
    avvisaAnnuncioChiuso: () => {},
    chiudiAnnuncio: () => {},
  },
}).createMachine({
  id: 'richiestaCompagno',
  context: ({ input }) => ({ autore: input.autore, richiedente: input.richiedente }),
  initial: 'nuova',
  states: {
    nuova: {
      meta: {
        title: RICHIESTA_STATE_TITLES.nuova,
        description: 'Un giocatore vede l’annuncio di un altro e può chiedergli di giocare insieme.',
      },
      on: {
        'richiesta.invia': {
          guard: 'isRequesterOfAnotherListing',
          target: 'sent',
          actions: 'avvisaAutore',
          meta: { spec: 'cerca compagno richiesta' },
        },
      },
    },
    sent: {
      meta: {
        title: RICHIESTA_STATE_TITLES.sent,
        description: 'L’autore dell’annuncio conferma o rifiuta; chi l’ha inviata può annullarla.',
      },
      tags: 'inAttesa',
      on: {
        'richiesta.conferma': {
          guard: 'isAuthor',
          target: 'confirmed',
          actions: ['avvisaConferma', 'chiudiAnnuncio'],
          meta: { spec: ['cerca compagno risposta', 'cerca compagno decadenza'] },
        },
        'richiesta.rifiuta': {
          guard: 'isAuthor',
          target: 'refused',
          actions: 'avvisaRifiuto',
          meta: { spec: 'cerca compagno risposta' },
        },
        'richiesta.cancella': {
          guard: 'isRequester',
          target: 'cancelled',
          actions: 'avvisaCancellazione',
          meta: { spec: 'cerca compagno risposta' },
        },
        'richiesta.decade': {
          guard: 'isSystem',
          target: 'cancelled',
          actions: 'avvisaAnnuncioChiuso',
          meta: { spec: 'cerca compagno decadenza' },
        },
      },
    },
    confirmed: {
      type: 'final',
      meta: {
        title: RICHIESTA_STATE_TITLES.confirmed,
        description: 'I due giocatori si sono trovati: l’annuncio si chiude.',
      },
    },
    refused: {
      type: 'final',
      meta: {
        title: RICHIESTA_STATE_TITLES.refused,
        description: 'L’autore dell’annuncio ha rifiutato: l’annuncio resta aperto ad altri.',
      },
    },
    cancelled: {
      type: 'final',
      meta: {
        title: RICHIESTA_STATE_TITLES.cancelled,
        description: 'Annullata da chi l’aveva inviata, o decaduta perché l’annuncio si è chiuso.',
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const partnerRequestLabels: MachineLabels = {
  events: {
    'richiesta.invia': 'Chiedi di giocare insieme',
    'richiesta.conferma': 'Conferma la richiesta',
    'richiesta.rifiuta': 'Rifiuta la richiesta',
    'richiesta.cancella': 'Annulla la richiesta',
    'richiesta.decade': 'l’annuncio si chiude: la richiesta decade',
  },
  guards: {
    isRequesterOfAnotherListing: 'è chi chiede, e l’annuncio non è suo',
    isAuthor: 'è l’autore dell’annuncio',
    isRequester: 'è chi ha inviato la richiesta',
    isSystem: 'lo decide il portale',
  },
  actions: {
    avvisaAutore: 'l’autore dell’annuncio riceve un avviso della richiesta',
    avvisaConferma: 'il richiedente riceve un avviso della conferma',
    avvisaRifiuto: 'il richiedente riceve un avviso del rifiuto',
    avvisaCancellazione: 'l’autore dell’annuncio riceve un avviso dell’annullamento',
    avvisaAnnuncioChiuso: 'il richiedente riceve un avviso: l’annuncio è chiuso',
    chiudiAnnuncio: 'l’annuncio si chiude e le altre richieste in attesa decadono',
  },
  roles: (context: PartnerRequestContext, event: PartnerRequestEvent) => ({
    who:
      event.by === null
        ? null
        : event.by === context.autore
          ? 'l’autore dell’annuncio'
          : event.by === context.richiedente
            ? 'il richiedente'
            : 'un altro giocatore',
  }),
}
