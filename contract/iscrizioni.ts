// Enrolment in a tournament (issue 11, item 3): enrol, withdraw, answer a doubles invitation, find a partner,
// see one's own enrolments. The life of an entry is machines/iscrizione.ts, run by the server and the client.
import { Schema } from 'effect'
import { Id, ListOf, ResultOf, Testo, pagingFields } from './common.ts'
import { withPreposition } from './date-words.ts'
import { endpoint } from './endpoint.ts'

/** The states an entry can be stored in (machines/iscrizione.ts), in the order a player meets them. */
export const ISCRIZIONE_STATES = [
  'nonIscritto',
  'attesaCompagno',
  'iscritta',
  'listaAttesa',
  'ritirata',
  'rifiutata',
  'scaduta',
] as const
export type IscrizioneState = (typeof ISCRIZIONE_STATES)[number]

/** What each state is called in the portal. */
export const ISCRIZIONE_STATE_TITLES: Readonly<Record<IscrizioneState, string>> = {
  nonIscritto: 'Non iscritto',
  attesaCompagno: 'In attesa del compagno',
  iscritta: 'Iscritto',
  listaAttesa: "In lista d'attesa",
  ritirata: 'Ritirato',
  rifiutata: 'Invito rifiutato dal compagno',
  scaduta: 'Invito scaduto senza risposta',
}

/**
 * A doubles invitation the partner does not answer expires (docs/regole.md, «Iscrizioni»): after these days, or
 * earlier when the tournament's enrolment closes.
 */
export const INVITO_SCADE_GIORNI = 7

/** Largest Power admitted by each limited category (docs/regole.md, «Iscrizioni»); OPEN has no limit. */
export const LEVEL_LIMITS: Readonly<Record<string, number>> = { LIMIT_65: 65, LIMIT_45: 45 }

/** Partner search: from 2 characters, at most 10 players proposed. */
export const PARTNER_SEARCH_MIN_LENGTH = 2
export const PARTNER_SEARCH_MAX_RESULTS = 10

/** Every refusal of an enrolment, as the player reads it. */
export const ISCRIZIONI_MESSAGES = {
  tournamentNotFound: 'Torneo non trovato.',
  entryNotFound: 'Iscrizione non trovata.',
  teamEvent: 'Ai campionati a squadre si iscrivono le squadre, dalla pagina del campionato.',
  cancelled: 'Il torneo è stato annullato: non si accettano iscrizioni.',
  notYetOpen: (from: string) => `Le iscrizioni apriranno ${withPreposition('il', from)}.`,
  notOpen: 'Le iscrizioni non sono ancora aperte.',
  closed: (until: string) => `Le iscrizioni si sono chiuse ${withPreposition('il', until)}.`,
  /** Closed before the deadline: the draw was announced, or the tournament began. */
  closedEarly: 'Le iscrizioni si sono chiuse.',
  noPerson:
    'Al tuo account non è ancora associato un giocatore: completa il profilo (Modifica profilo) per iscriverti.',
  noCard: (disciplina: string, stagione: number) =>
    `Per iscriverti serve una tessera di ${disciplina} valida per la stagione ${stagione}: la trovi in «Le mie tessere».`,
  gender: (genere: 'M' | 'F') =>
    genere === 'M'
      ? 'Il torneo è riservato ai giocatori (maschile).'
      : 'Il torneo è riservato alle giocatrici (femminile).',
  level: (limite: number, power: string) =>
    `Il torneo è LIMIT ${limite}: possono iscriversi i giocatori con Power fino a ${limite}, il tuo è ${power}.`,
  alreadyEntered: 'Sei già iscritto a questo torneo (o in lista d’attesa, o invitato come compagno).',
  partnerMissing: 'Il torneo è di doppio: scegli il compagno tra i giocatori proposti.',
  partnerInSingles: 'Il torneo è di singolare: non serve un compagno.',
  partnerIsSelf: 'Non puoi scegliere te stesso come compagno.',
  /**
   * Neutral on purpose: the one answer for a partner who cannot be invited, whatever the reason (no account, hidden
   * from searches, no card, the wrong sex, Power over the limit, already entered), so it tells nothing of them.
   */
  partnerNotFound: 'Il compagno scelto non è tra i giocatori che si possono invitare.',
  notYours: 'Non hai i permessi per questa iscrizione: possono cambiarla solo i suoi giocatori.',
  accept: 'Solo il compagno invitato può accettare l’invito.',
  refuse: 'Solo il compagno invitato può rifiutare l’invito.',
  withdraw:
    'Finché il compagno non risponde, l’invito lo annulla solo chi l’ha fatto; il compagno può rifiutarlo.',
  illegal: (stato: string) => `Non è possibile: l’iscrizione è nello stato «${stato}».`,
  withdrawTooLate: 'Il torneo è già iniziato: l’iscrizione non si può più ritirare.',
  expire: 'Scade solo un invito ancora senza risposta, e solo al suo termine.',
} as const

/** The subject and text of each notice an entry's players receive (simulated outbox and the portal). */
export const ISCRIZIONI_NOTICES = {
  invited: (chi: string, torneo: string) => `${chi} ti ha invitato come compagno al torneo «${torneo}».`,
  accepted: (chi: string, torneo: string) =>
    `${chi} ha accettato l’invito: la coppia è iscritta al torneo «${torneo}».`,
  acceptedWaiting: (chi: string, torneo: string) =>
    `${chi} ha accettato l’invito: la coppia è in lista d’attesa per il torneo «${torneo}».`,
  refused: (chi: string, torneo: string) => `${chi} ha rifiutato l’invito al torneo «${torneo}».`,
  cancelled: (chi: string, torneo: string) => `${chi} ha annullato l’invito al torneo «${torneo}».`,
  promoted: (torneo: string) =>
    `Si è liberato un posto: sei passato dalla lista d’attesa agli iscritti del torneo «${torneo}».`,
  expired: (compagno: string, torneo: string) =>
    `${compagno} non ha risposto in tempo: l’invito al torneo «${torneo}» è scaduto. Puoi iscriverti di nuovo, anche con un altro compagno.`,
  expiredPartner: (chi: string, torneo: string) =>
    `L’invito di ${chi} al torneo «${torneo}» è scaduto senza risposta.`,
  withdrawn: (chi: string, torneo: string) =>
    `${chi} ha ritirato l’iscrizione della vostra coppia al torneo «${torneo}».`,
} as const

export const Giocatore = Schema.Struct({
  id_persona: Schema.Int,
  nome: Schema.String,
  cognome: Schema.String,
})
export type Giocatore = typeof Giocatore.Type

/** One entry as its players see it. `stato` and the three context fields resolve the machine's snapshot. */
export const Iscrizione = Schema.Struct({
  id_iscrizione: Schema.Int,
  id_torneo: Schema.Int,
  torneo: Schema.String,
  data_inizio: Schema.String,
  data_fine: Schema.String,
  stato: Schema.Literals(ISCRIZIONE_STATES),
  giocatore: Giocatore,
  compagno: Schema.NullOr(Giocatore),
  doppio: Schema.Boolean,
  /** 1-based place in the waiting list, while waiting. */
  posizione_attesa: Schema.NullOr(Schema.Int),
  /** The last thing that happened to the entry that the user should know (an invitation, a promotion…). */
  avviso: Schema.NullOr(Schema.String),
  aggiornata_il: Schema.String,
})
export type Iscrizione = typeof Iscrizione.Type

/**
 * What the state of an entry is called for the person reading it: the invited partner reads who invited them,
 * name first («Luca Bianchi ti ha invitato»), where the player who invited reads «In attesa del compagno».
 */
export function iscrizioneTitleFor(
  entry: Pick<Iscrizione, 'stato' | 'giocatore' | 'compagno'>,
  viewer: number | null,
): string {
  if (entry.stato === 'attesaCompagno' && viewer !== null && entry.compagno?.id_persona === viewer)
    return `${entry.giocatore.nome} ${entry.giocatore.cognome} ti ha invitato`
  return ISCRIZIONE_STATE_TITLES[entry.stato]
}

/** The enrolment panel of a tournament, for the signed-in user. */
export const StatoIscrizioni = Schema.Struct({
  id_torneo: Schema.Int,
  doppio: Schema.Boolean,
  /** Places of the draw; null when the tournament sets no limit. */
  posti: Schema.NullOr(Schema.Int),
  iscritti: Schema.Int,
  lista_attesa: Schema.Int,
  /**
   * Free places as the server counts them when it decides a request (none left: a request joins the waiting
   * list); null when there is no limit. The enrolment machine on the client is given them as context.
   */
  posti_liberi: Schema.NullOr(Schema.Int),
  /** The caller's person: the `by` of the machine's events. Null when the account has no player. */
  id_persona: Schema.NullOr(Schema.Int),
  /**
   * The caller's active entry (as the player or the invited partner); else their last entry if it is an
   * invitation that expired unanswered (to read why, above the form to enrol again); else null.
   */
  iscrizione: Schema.NullOr(Iscrizione),
  /** Why the caller cannot enrol now; null when they can (or already did). */
  motivo: Schema.NullOr(Schema.String),
})
export type StatoIscrizioni = typeof StatoIscrizioni.Type

const TournamentRequest = Schema.Struct({ id_torneo: Id })
const EntryRequest = Schema.Struct({ id_iscrizione: Id })

export const iscrizioniStato = endpoint('tornei/iscrizioni/stato', {
  request: TournamentRequest,
  response: ResultOf(StatoIscrizioni),
  access: 'user',
})

export const iscrizioniAdd = endpoint('tornei/iscrizioni/add', {
  request: Schema.Struct({ id_torneo: Id, id_compagno: Schema.optionalKey(Id) }),
  response: ResultOf(Iscrizione),
  access: 'user',
  write: true,
})

export const iscrizioniDel = endpoint('tornei/iscrizioni/del', {
  request: EntryRequest,
  response: ResultOf(Iscrizione),
  access: 'user',
  write: true,
})

export const iscrizioniAccetta = endpoint('tornei/iscrizioni/accetta', {
  request: EntryRequest,
  response: ResultOf(Iscrizione),
  access: 'user',
  write: true,
})

export const iscrizioniRifiuta = endpoint('tornei/iscrizioni/rifiuta', {
  request: EntryRequest,
  response: ResultOf(Iscrizione),
  access: 'user',
  write: true,
})

export const CompagnoProposto = Schema.Struct({
  id_persona: Schema.Int,
  nome: Schema.String,
  cognome: Schema.String,
  provincia: Schema.NullOr(Schema.String),
  circolo: Schema.NullOr(Schema.String),
})
export type CompagnoProposto = typeof CompagnoProposto.Type

export const iscrizioniRicercaGiocatori = endpoint('tornei/iscrizioni/ricerca_giocatori', {
  request: Schema.Struct({
    id_torneo: Id,
    testo: Testo.pipe(
      Schema.check(
        Schema.isTrimmed({ message: 'non deve iniziare o finire con spazi' }),
        Schema.isBetweenLength(PARTNER_SEARCH_MIN_LENGTH, 50, {
          message: `deve avere da ${PARTNER_SEARCH_MIN_LENGTH} a 50 caratteri`,
        }),
      ),
    ),
  }),
  response: ListOf(CompagnoProposto),
  access: 'user',
})

/** The caller's entries and invitations, newest first; withdrawn ones included, so notices stay readable. */
export const iscrizioniMie = endpoint('tornei/iscrizioni/mie/list', {
  request: Schema.Struct(pagingFields),
  response: ListOf(Iscrizione),
  access: 'user',
})
