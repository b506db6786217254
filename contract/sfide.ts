// Challenges between players (sfide, issue 12): propose, answer, add or remove players, publish on the board,
// enter, confirm or contest the result. The life of a challenge is machines/challenge.ts, run by the server and
// the client. Paths are spec §7's «Challenges» under `sfide/`; `sfide/list` (my challenges) and
// `sfide/partite/risultato/risolvi` (the federation decides a contested result) are additions.
import { Schema } from 'effect'
import { CHALLENGE_RULES } from './constants.ts'
import { momentInWords, withPreposition } from './date-words.ts'
import { Id, Istante, ListOf, ResultOf, Testo, Text, pagingFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { SetInput, VariazionePower } from './tabelloni.ts'

/** The states a challenge can be stored in (machines/challenge.ts), in the order players meet them. */
export const SFIDA_STATES = [
  'proposed',
  'accepted',
  'resultEntered',
  'confirmed',
  'contested',
  'resolved',
  'refused',
  'cancelled',
  'expired',
] as const
export type SfidaState = (typeof SFIDA_STATES)[number]

/** What each state is called in the portal. */
export const SFIDA_STATE_TITLES: Readonly<Record<SfidaState, string>> = {
  proposed: 'Proposta',
  accepted: 'Accettata: da giocare',
  resultEntered: 'Risultato da confermare',
  confirmed: 'Risultato confermato',
  contested: 'Risultato contestato',
  resolved: 'Contestazione decisa',
  refused: 'Rifiutata',
  cancelled: 'Annullata',
  expired: 'Scaduta senza risposta',
}

/** Opponent search: from 2 characters, at most 10 players proposed. */
export const SFIDA_SEARCH_MIN_LENGTH = 2
export const SFIDA_SEARCH_MAX_RESULTS = 10

/** Every refusal, as the player reads it. */
export const SFIDE_MESSAGES = {
  notFound: 'Sfida non trovata.',
  noPerson:
    'Al tuo account non è ancora associato un giocatore: completa il profilo (Modifica profilo) per sfidare.',
  notParticipant: 'Non hai i permessi per questa sfida: possono vederla e agire solo i suoi giocatori.',
  illegal: (stato: string) => `Non è possibile: la sfida è nello stato «${stato}».`,
  notAllowed: 'Questa azione non spetta a te in questa sfida.',
  ownResult: 'Hai inserito tu il risultato: deve confermarlo un giocatore dell’altra parte.',
  needsOpponent:
    'Indica un avversario, oppure pubblica la sfida in bacheca perché chiunque possa accettarla.',
  tooManyOpponents: (n: number) => `In questa sfida gli avversari sono al massimo ${n}.`,
  partnerInSingles: 'Nel singolare non c’è un compagno.',
  samePlayer: 'Uno stesso giocatore compare due volte nella sfida.',
  yourself: 'Non puoi sfidare te stesso.',
  /** Neutral on purpose: never says whether the other player lacks a card, an account or hid from searches. */
  notInvitable: 'Il giocatore scelto non è tra quelli che si possono invitare.',
  noCard: (disciplina: string) =>
    `Per sfidare serve una tessera di ${disciplina} valida: la trovi in «Le mie tessere».`,
  sideFull: 'In quella parte non c’è più posto.',
  notPublic: 'La sfida non è in bacheca: servono gli inviti di chi l’ha proposta.',
  alreadyIn: 'Sei già tra i giocatori di questa sfida.',
  dateInPast: 'La data proposta è già passata.',
  dateTooFar: `La data proposta è troppo lontana: si può proporre al massimo ${CHALLENGE_RULES.PROPOSAL_MAX_DAYS_AHEAD} giorni avanti.`,
  resultTooEarly: (at: Date) =>
    `La partita è in programma ${withPreposition('il', momentInWords(at))}: il risultato si inserisce dopo l’inizio.`,
  referee:
    'Non hai i permessi per decidere: sulle contestazioni decide la federazione, e non su una sfida in cui gioca.',
  tooMany: 'Hai già troppe sfide in attesa di risposta: attendi o annullane qualcuna.',
} as const

const DAY = 86_400_000

/**
 * What is wrong with the date a challenge is proposed for, at `now`: in the past, or more than
 * PROPOSAL_MAX_DAYS_AHEAD days ahead; null when it is fine. The server refuses it (400) and the form says it.
 */
export function proposalDateProblem(at: Date, now: Date): string | null {
  if (at.getTime() < now.getTime()) return SFIDE_MESSAGES.dateInPast
  if (at.getTime() > now.getTime() + CHALLENGE_RULES.PROPOSAL_MAX_DAYS_AHEAD * DAY)
    return SFIDE_MESSAGES.dateTooFar
  return null
}

/**
 * Checks a new challenge before it is made: sides, duplicates, someone to play against (an invited opponent, or
 * the board), the date. The server refuses the proposal with this message (400) and the form says it before the
 * confirmation dialog.
 */
export function proposalRefusal(input: {
  /** The proposer's person; null while the form does not know it yet. */
  creatore: number | null
  doppio: boolean
  compagno: number | null
  avversari: readonly number[]
  pubblica: boolean
  dataProposta: Date | null
  now: Date
}): string | undefined {
  const size = input.doppio ? 2 : 1
  if (!input.doppio && input.compagno !== null) return SFIDE_MESSAGES.partnerInSingles
  if (input.avversari.length > size) return SFIDE_MESSAGES.tooManyOpponents(size)
  const everyone = [
    ...(input.creatore === null ? [] : [input.creatore]),
    ...(input.compagno === null ? [] : [input.compagno]),
    ...input.avversari,
  ]
  if (
    input.creatore !== null &&
    (input.avversari.includes(input.creatore) || input.compagno === input.creatore)
  )
    return SFIDE_MESSAGES.yourself
  if (new Set(everyone).size !== everyone.length) return SFIDE_MESSAGES.samePlayer
  if (input.avversari.length === 0 && !input.pubblica) return SFIDE_MESSAGES.needsOpponent
  if (input.dataProposta !== null) return proposalDateProblem(input.dataProposta, input.now) ?? undefined
  return undefined
}

/**
 * Why the result of a challenge cannot be entered yet at `now`: the match is set for a later date and time
 * (`data_proposta`); null when it has begun or no time was set. The server refuses it (409); the page says it
 * instead of offering the form.
 */
export function resultTooEarly(dataProposta: Date | string | null, now: Date): string | null {
  if (dataProposta === null) return null
  const at = new Date(dataProposta)
  return now.getTime() < at.getTime() ? SFIDE_MESSAGES.resultTooEarly(at) : null
}

/** Proposals a player may have waiting at once (a limit against flooding others with invitations). */
export const SFIDA_MAX_PENDING = 20

export const Partecipante = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  lato: Schema.Literals([1, 2]),
  risposta: Schema.Literals(['in_attesa', 'accettata', 'rifiutata']),
  power: Schema.NullOr(Schema.Number),
})

export const SetPunteggio = Schema.Struct({
  a: Schema.Int,
  b: Schema.Int,
  tiebreak: Schema.optionalKey(Schema.Int),
})

export const RisultatoSfida = Schema.Struct({
  esito: Schema.String,
  set: Schema.Array(SetPunteggio),
  vincitore_lato: Schema.Literals([1, 2]),
  /** The score as written from side 1's point of view, e.g. «6-4 3-6 10-8». */
  punteggio: Schema.String,
  inserito_da: Schema.Int,
  inserito_il: Schema.String,
  confermato_il: Schema.NullOr(Schema.String),
  conferma_automatica: Schema.Boolean,
  contestato_da: Schema.NullOr(Schema.Int),
  motivo_contestazione: Schema.NullOr(Schema.String),
  risoluzione: Schema.NullOr(Schema.String),
})

export const PassoStoria = Schema.Struct({
  evento: Schema.String,
  /** What happened, in Italian. */
  descrizione: Schema.String,
  da_stato: Schema.NullOr(Schema.String),
  a_stato: Schema.String,
  /** Who acted; null when the portal did (a deadline). */
  chi: Schema.NullOr(Schema.String),
  nota: Schema.NullOr(Schema.String),
  at: Schema.String,
})

/** The machine's stored context: the client resolves the state with it and asks `can` what to offer. */
export const ContestoSfida = Schema.Struct({
  creatore: Schema.Int,
  doppio: Schema.Boolean,
  pubblica: Schema.Boolean,
  partecipanti: Schema.Array(
    Schema.Struct({
      persona: Schema.Int,
      lato: Schema.Literals([1, 2]),
      risposta: Schema.Literals(['in_attesa', 'accettata', 'rifiutata']),
    }),
  ),
  risultato: Schema.NullOr(Schema.Struct({ inseritoDa: Schema.Int, vincitore: Schema.Literals([1, 2]) })),
})

export const RigaSfida = Schema.Struct({
  id: Schema.Int,
  id_settore: Schema.Int,
  specialita: Schema.Literals(['singolare', 'doppio']),
  stato: Schema.Literals(SFIDA_STATES),
  titolo_stato: Schema.String,
  pubblica: Schema.Boolean,
  data_proposta: Schema.NullOr(Schema.String),
  proposta_il: Schema.NullOr(Schema.String),
  /** The next deadline: the proposal's expiry, or when an unanswered result stands. */
  scade_il: Schema.NullOr(Schema.String),
  creatore: Schema.Int,
  creatore_nome: Schema.String,
  partecipanti: Schema.Array(Partecipante),
  punteggio: Schema.NullOr(Schema.String),
  /** What the viewer must do now, in Italian; null when nothing waits for them. */
  da_fare: Schema.NullOr(Schema.String),
})
export type RigaSfida = typeof RigaSfida.Type

export const Sfida = Schema.Struct({
  ...RigaSfida.fields,
  disciplina: Schema.String,
  messaggio: Schema.NullOr(Schema.String),
  circolo: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  risultato: Schema.NullOr(RisultatoSfida),
  contesto: ContestoSfida,
  storia: Schema.Array(PassoStoria),
  /** The Power change of each player when the result counted, explained match by match. */
  power: Schema.Array(Schema.Struct({ ...VariazionePower.fields, nome: Schema.String })),
  /** True when the viewer may decide the contested result now: the federation, on a challenge it does not play. */
  arbitro: Schema.Boolean,
})
export type Sfida = typeof Sfida.Type

const ChallengeRequest = Schema.Struct({ id_sfida: Id })

export const sfideAdd = endpoint('sfide/add', {
  request: Schema.Struct({
    id_settore: Id,
    specialita: Schema.Literals(['singolare', 'doppio']),
    /** The invited opponents: one in singles, up to two in doubles; none for a challenge left to the board. */
    avversari: Schema.Array(Id).pipe(
      Schema.check(Schema.isMaxLength(2, { message: 'deve avere al massimo 2 avversari' })),
    ),
    id_compagno: Schema.optionalKey(Id),
    pubblica: Schema.optionalKey(Schema.Boolean),
    /** When the proposer would like to play (ISO instant). */
    data_proposta: Schema.optionalKey(Istante),
    messaggio: Schema.optionalKey(Text(500, { righe: true })),
    id_circolo: Schema.optionalKey(Id),
  }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideDel = endpoint('sfide/del', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfidePubblica = endpoint('sfide/pubblica', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfidePubblicheList = endpoint('sfide/pubbliche/list', {
  request: Schema.Struct({ id_settore: Id, ...pagingFields }),
  response: ListOf(RigaSfida),
  access: 'public',
})

export const sfideList = endpoint('sfide/list', {
  request: Schema.Struct({
    id_settore: Schema.optionalKey(Id),
    /** in_corso: still open (proposed, accepted, a result waiting); concluse: nothing more happens. */
    filtro: Schema.optionalKey(Schema.Literals(['in_corso', 'concluse'])),
    ...pagingFields,
  }),
  response: ListOf(RigaSfida),
  access: 'user',
})

export const sfideView = endpoint('sfide/view', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
})

export const sfideAccetta = endpoint('sfide/partite/accetta', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideRifiuta = endpoint('sfide/partite/rifiuta', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideGiocatoriAdd = endpoint('sfide/giocatori/add', {
  request: Schema.Struct({ id_sfida: Id, id_persona: Id, lato: Schema.Literals([1, 2]) }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideGiocatoriDel = endpoint('sfide/giocatori/del', {
  request: Schema.Struct({ id_sfida: Id, id_persona: Id }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideRisultatoAdd = endpoint('sfide/partite/risultato/add', {
  request: Schema.Struct({
    id_sfida: Id,
    esito: Schema.Literals(['giocata', 'ritiro']),
    /** Games of side 1 (a) and side 2 (b) in each set; points in pickleball. */
    set: Schema.Array(SetInput).pipe(
      Schema.check(Schema.isMaxLength(5, { message: 'deve avere al massimo 5 set' })),
    ),
    /** Who won a match ended by a retirement; for a played match it follows from the sets. */
    vincitore_lato: Schema.optionalKey(Schema.Literals([1, 2])),
  }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideRisultatoConferma = endpoint('sfide/partite/risultato/conferma', {
  request: ChallengeRequest,
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideRisultatoContesta = endpoint('sfide/partite/risultato/contesta', {
  request: Schema.Struct({ id_sfida: Id, motivo: Text(500, { righe: true }) }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const sfideRisultatoRisolvi = endpoint('sfide/partite/risultato/risolvi', {
  request: Schema.Struct({
    id_sfida: Id,
    esito: Schema.Literals(['confermato', 'annullato']),
    nota: Schema.optionalKey(Text(500, { righe: true })),
  }),
  response: ResultOf(Sfida),
  access: 'user',
  write: true,
})

export const AvversarioProposto = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  circolo: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  power: Schema.NullOr(Schema.Number),
})

export const sfideCercaGiocatore = endpoint('sfide/giocatori/partite/cerca/giocatore', {
  request: Schema.Struct({
    id_settore: Id,
    testo: Testo.pipe(
      Schema.check(
        Schema.isMinLength(SFIDA_SEARCH_MIN_LENGTH, {
          message: `deve avere almeno ${SFIDA_SEARCH_MIN_LENGTH} caratteri`,
        }),
        Schema.isMaxLength(60, { message: 'deve avere al massimo 60 caratteri' }),
      ),
    ),
  }),
  response: ListOf(AvversarioProposto),
  access: 'user',
})

export const SommarioSfide = Schema.Struct({
  vinte: Schema.Int,
  perse: Schema.Int,
  /** Proposed or accepted, not yet played. */
  in_attesa: Schema.Int,
  /** Results entered by the other side that wait for the viewer's confirmation. */
  da_confermare: Schema.Int,
  /** Invitations that wait for the viewer's answer. */
  da_rispondere: Schema.Int,
})

export type SommarioSfide = typeof SommarioSfide.Type

export const sfideSommario = endpoint('sfide/partite/sommario', {
  request: Schema.Struct({ id_settore: Schema.optionalKey(Id) }),
  response: ResultOf(SommarioSfide),
  access: 'user',
})
