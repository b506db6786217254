// Notices in the portal (avvisi, issue 19 item 7): what the lifecycles (a doubles invitation, a challenge, a
// partner request) tell a player, kept until the player has seen it, beside the e-mail of the simulated outbox.
// The home lists the unseen ones and the account button counts them. Additions to the spec's endpoints.
import { Schema } from 'effect'
import { EmptyRequest, ListOf, PositiveInt } from './common.ts'
import { endpoint } from './endpoint.ts'

/**
 * What a notice is about, so the portal can open it: a tournament (its enrolment panel), a challenge, a
 * listing of the reader's (`annuncio`: «I miei annunci») or a request the reader sent (`richiesta`: «Le mie
 * richieste») or a help-desk request of the reader's (`helpdesk`: /helpdesk) or a tie of a team the reader
 * captains (`incontro`: the captain's page of its tournament, with that tie open) or a contested tie the
 * federation decides (`contestazione`: the page of contested ties).
 */
export const AVVISO_AMBITI = [
  'torneo',
  'sfida',
  'annuncio',
  'richiesta',
  'helpdesk',
  'incontro',
  'contestazione',
] as const
export type AvvisoAmbito = (typeof AVVISO_AMBITI)[number]

/**
 * The notices outside the daily cap, and outside its count: a team tie's steps (the two captains alternate, and
 * the machine accepts each step once) and the federation's notice of a contest. A busy tie between two captains
 * must not use up what they may send each other for a doubles invitation or a challenge.
 */
export const AVVISO_AMBITI_SENZA_LIMITE: readonly AvvisoAmbito[] = ['incontro', 'contestazione']

/**
 * The notices one person may cause to be sent to one other person in a day (Italian calendar day): invitations,
 * cancellations, requests and messages together (docs/regole.md, «Avvisi»). Beyond it the action is refused
 * with a 429, so nobody can fill another's mailbox by inviting and cancelling over and over.
 */
export const AVVISI_MAX_GIORNO = 10

/** Unseen notices listed at most (the home shows them; the count is the total). */
export const AVVISI_MAX_ELENCO = 50

export const AVVISI_MESSAGES = {
  tooMany: (nome: string) =>
    `Oggi ${nome} ha già ricevuto ${AVVISI_MAX_GIORNO} avvisi per le tue azioni, il massimo in un giorno: ` +
    'riprova domani.',
} as const

export const Avviso = Schema.Struct({
  id_avviso: Schema.Int,
  ambito: Schema.Literals(AVVISO_AMBITI),
  /** The tournament, challenge, listing, request or tie the notice is about. */
  id_riferimento: Schema.Int,
  /** A tie's team tournament (its captain's page), for `incontro` only. */
  id_torneo: Schema.optionalKey(Schema.Int),
  testo: Schema.String,
  /** ISO instant. */
  creato_il: Schema.String,
})
export type Avviso = typeof Avviso.Type

/** The caller's unseen notices, newest first; `record` is how many there are. */
export const avvisiList = endpoint('avvisi/list', {
  request: EmptyRequest,
  response: ListOf(Avviso),
  access: 'user',
})

/** Marks the caller's notices seen (others' ids are ignored); answers the unseen ones left. */
export const avvisiLetti = endpoint('avvisi/letti', {
  request: Schema.Struct({
    id_avvisi: Schema.Array(PositiveInt).pipe(
      Schema.check(
        Schema.isMinLength(1, { message: 'deve indicare almeno un avviso' }),
        Schema.isMaxLength(AVVISI_MAX_ELENCO, {
          message: `deve avere al massimo ${AVVISI_MAX_ELENCO} avvisi`,
        }),
      ),
    ),
  }),
  response: ListOf(Avviso),
  access: 'user',
  write: true,
})
