// Partner search (cerca compagno, issue 12 item 4; spec §7 «Partner search»): listings by sector, level, area and
// dates (list, add, del) and the requests to play together (invio-richiesta → conferma-richiesta |
// rifiuta-richiesta | cancella-richiesta). The life of a request is machines/partner-request.ts, run by the server
// and the client. `miei-annunci/list` and `mie-richieste/list` (the player's own side) are additions.
import { Schema } from 'effect'
import { Data, Id, ListOf, MAX_INT, OneOf, ResultOf, Text, isData, pagingFields } from './common.ts'
import { endpoint } from './endpoint.ts'

/** The states of a request (machines/partner-request.ts); `nuova` is never stored: it is a request not yet sent. */
export const RICHIESTA_STATES = ['nuova', 'sent', 'confirmed', 'refused', 'cancelled'] as const
export type RichiestaState = (typeof RICHIESTA_STATES)[number]
/** What the database keeps (partner_requests.status). */
export const RICHIESTA_STORED_STATES = ['sent', 'confirmed', 'refused', 'cancelled'] as const
export type RichiestaStoredState = (typeof RICHIESTA_STORED_STATES)[number]

/** What each state is called in the portal. */
export const RICHIESTA_STATE_TITLES: Readonly<Record<RichiestaState, string>> = {
  nuova: 'Da inviare',
  sent: 'In attesa di risposta',
  confirmed: 'Confermata: giocate insieme',
  refused: 'Rifiutata',
  cancelled: 'Annullata',
}

/** The level a listing asks for, in the order players grow. */
export const LIVELLI_ANNUNCIO = ['principiante', 'intermedio', 'avanzato', 'agonista'] as const
export type LivelloAnnuncio = (typeof LIVELLI_ANNUNCIO)[number]
export const LIVELLO_TITLES: Readonly<Record<LivelloAnnuncio, string>> = {
  principiante: 'Principiante',
  intermedio: 'Intermedio',
  avanzato: 'Avanzato',
  agonista: 'Agonista',
}

/** attivo: listed while within its dates; chiuso: the author found a partner or withdrew it. */
export const ANNUNCIO_STATES = ['attivo', 'chiuso'] as const
export type AnnuncioState = (typeof ANNUNCIO_STATES)[number]

/** A listing covers at most this many days, and starts at most this far ahead. */
export const ANNUNCIO_MAX_DAYS = 180
export const ANNUNCIO_MAX_AHEAD_DAYS = 365
/** Active listings a player may have at once (a limit against flooding the board). */
export const ANNUNCI_ATTIVI_MAX = 5
export const ANNUNCIO_MESSAGGIO_MAX = 500
export const ANNUNCIO_DISPONIBILITA_MAX = 200
export const RICHIESTA_MESSAGGIO_MAX = 300

/** Every refusal, as the player reads it. */
export const CERCA_COMPAGNO_MESSAGES = {
  listingNotFound: 'Annuncio non trovato: forse è scaduto o è stato ritirato.',
  requestNotFound: 'Richiesta non trovata.',
  noPerson:
    'Al tuo account non è ancora associato un giocatore: completa il profilo (Modifica profilo) per cercare un compagno.',
  hiddenAuthor:
    'Hai scelto di non comparire nelle ricerche (Impostazioni, «Visibilità»): per pubblicare un annuncio rendi visibile il tuo profilo.',
  sectorNotFound: (id: number) => `Il settore ${id} non esiste.`,
  provinceNotFound: (sigla: string) => `La provincia ${sigla} non esiste.`,
  tournamentNotFound: 'Torneo non trovato.',
  tournamentSector: 'Il torneo scelto è di un’altra disciplina o di un altro settore.',
  tournamentNotDoubles: 'Il torneo scelto non è di doppio: il compagno serve solo nei tornei di doppio.',
  tournamentOver: 'Il torneo scelto è concluso o annullato.',
  datesOrder: 'La data «al» non può precedere la data «dal».',
  datesPast: 'Le date dell’annuncio sono già passate: scegli un periodo da oggi in avanti.',
  datesTooLong: `Un annuncio copre al massimo ${ANNUNCIO_MAX_DAYS} giorni.`,
  datesTooFar: `Un annuncio può iniziare al massimo fra ${ANNUNCIO_MAX_AHEAD_DAYS} giorni.`,
  tooManyListings: `Hai già ${ANNUNCI_ATTIVI_MAX} annunci attivi: ritirane uno prima di pubblicarne un altro.`,
  sameTournament: 'Hai già un annuncio attivo per questo torneo.',
  notAuthor: 'Non hai i permessi per questo annuncio: può ritirarlo solo chi l’ha pubblicato.',
  alreadyClosed: 'L’annuncio è già chiuso.',
  ownListing: 'È un tuo annuncio: non puoi chiedere a te stesso di giocare insieme.',
  listingClosed: 'L’annuncio non è più attivo: chi l’ha pubblicato ha trovato un compagno o l’ha ritirato.',
  listingExpired: 'L’annuncio è scaduto: le sue date sono passate.',
  alreadyPending: 'Hai già una richiesta in attesa per questo annuncio.',
  notParty:
    'Non hai i permessi per questa richiesta: possono agire solo chi l’ha inviata e l’autore dell’annuncio.',
  confirm: 'Solo l’autore dell’annuncio può confermare la richiesta.',
  refuse: 'Solo l’autore dell’annuncio può rifiutare la richiesta.',
  cancel: 'Solo chi ha inviato la richiesta può annullarla.',
  illegal: (stato: string) => `Non è possibile: la richiesta è nello stato «${stato}».`,
  send: 'La richiesta non si può inviare.',
  messageNotConfirmed:
    'Si può scrivere all’altro giocatore solo quando la richiesta è confermata: allora giocate insieme.',
} as const

const DAY_MS = 86_400_000

/** Whole days from `from` to `to` (ISO dates, `to` later is positive). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/**
 * What is wrong with a listing's dates on `today` (AAAA-MM-GG, Italy): out of order, past, longer than
 * ANNUNCIO_MAX_DAYS or starting more than ANNUNCIO_MAX_AHEAD_DAYS ahead; null when they are fine. The server
 * refuses them (400) and the form says the same before its dialog (issue 19, item 6).
 */
export function listingDatesProblem(dal: string, al: string, today: string): string | null {
  const M = CERCA_COMPAGNO_MESSAGES
  if (al < dal) return M.datesOrder
  if (al < today) return M.datesPast
  if (daysBetween(dal, al) + 1 > ANNUNCIO_MAX_DAYS) return M.datesTooLong
  if (daysBetween(today, dal) > ANNUNCIO_MAX_AHEAD_DAYS) return M.datesTooFar
  return null
}

/**
 * The same rule, said beside the field it concerns: a start too far ahead beside the first day, every other problem
 * (order, past, too long) beside the last day.
 */
export function listingDatesProblemByField(
  dal: string,
  al: string,
  today: string,
): { dal: string | null; al: string | null } {
  const problem = listingDatesProblem(dal, al, today)
  const start = problem === CERCA_COMPAGNO_MESSAGES.datesTooFar
  return { dal: start ? problem : null, al: start ? null : problem }
}

/** The text of each notice a request's players receive (simulated outbox and the portal). */
export const CERCA_COMPAGNO_NOTICES = {
  sent: (chi: string, annuncio: string) =>
    `${chi} vorrebbe giocare con te: ha risposto al tuo annuncio ${annuncio}.`,
  confirmed: (chi: string, annuncio: string) =>
    `${chi} ha confermato: giocherete insieme (annuncio ${annuncio}). Mettetevi d’accordo per i dettagli.`,
  refused: (chi: string, annuncio: string) =>
    `${chi} ha rifiutato la tua richiesta per l’annuncio ${annuncio}.`,
  cancelled: (chi: string, annuncio: string) =>
    `${chi} ha annullato la richiesta per il tuo annuncio ${annuncio}.`,
  listingClosed: (chi: string, annuncio: string) =>
    `L’annuncio ${annuncio} di ${chi} è stato chiuso: la tua richiesta non è più valida.`,
  message: (chi: string, annuncio: string, testo: string) =>
    `${chi} ti scrive (annuncio ${annuncio}): «${testo}»`,
} as const

/** A message through the portal to the other player of a confirmed request: as long as a request's message. */
export const MESSAGGIO_MAX = 300

/** The subject of the simulated e-mails. */
export const CERCA_COMPAGNO_MAIL_SUBJECT = 'Cerca compagno'

const Sigla = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[A-Z]{2}$/, { message: 'deve essere la sigla di una provincia (es. RM)' })),
)
const Livello = OneOf(LIVELLI_ANNUNCIO, `deve essere uno tra: ${LIVELLI_ANNUNCIO.join(', ')}`)

export const Persona = Schema.Struct({
  id_persona: Schema.Int,
  nome: Schema.String,
  cognome: Schema.String,
})
export type Persona = typeof Persona.Type

export const TorneoAnnuncio = Schema.Struct({
  id_torneo: Schema.Int,
  nome: Schema.String,
  data_inizio: Schema.String,
  data_fine: Schema.String,
})

/** A listing as the board shows it. */
export const Annuncio = Schema.Struct({
  id_annuncio: Schema.Int,
  autore: Persona,
  id_settore: Schema.Int,
  settore: Schema.String,
  disciplina: Schema.String,
  torneo: Schema.NullOr(TorneoAnnuncio),
  provincia: Schema.NullOr(Schema.String),
  provincia_nome: Schema.NullOr(Schema.String),
  livello: Schema.NullOr(Schema.String),
  /** ISO dates (YYYY-MM-DD): the period the author wants to play in. */
  data_dal: Schema.String,
  data_al: Schema.String,
  disponibilita: Schema.NullOr(Schema.String),
  messaggio: Schema.NullOr(Schema.String),
  stato: Schema.Literals(ANNUNCIO_STATES),
  creato_il: Schema.String,
  /** The caller's request still waiting for an answer on this listing, if any (to cancel it from the board). */
  mia_richiesta: Schema.NullOr(Schema.Int),
})
export type Annuncio = typeof Annuncio.Type

/** How to reach the other player: what they chose to share (null: not shared). */
export const Contatto = Schema.Struct({
  email: Schema.NullOr(Schema.String),
  telefono: Schema.NullOr(Schema.String),
})
export type Contatto = typeof Contatto.Type

/** What a player chooses to share with the partner of a confirmed request (publishing, or sending a request). */
export const sharingFields = {
  condividi_email: Schema.optionalKey(Schema.Boolean),
  condividi_telefono: Schema.optionalKey(Schema.Boolean),
}

/**
 * One request as its two players see it. `stato` with `autore` and `richiedente` resolves the machine's snapshot.
 */
export const Richiesta = Schema.Struct({
  id_richiesta: Schema.Int,
  id_annuncio: Schema.Int,
  stato: Schema.Literals(RICHIESTA_STORED_STATES),
  autore: Persona,
  richiedente: Persona,
  messaggio: Schema.NullOr(Schema.String),
  inviata_il: Schema.String,
  /** When it was answered, cancelled or lapsed; null while waiting. */
  risposta_il: Schema.NullOr(Schema.String),
  /** The last notice of this request addressed to the caller. */
  avviso: Schema.NullOr(Schema.String),
  /**
   * How the caller reaches the other player: once the request is confirmed, and only for its two players, the
   * contact the other chose to share (both null: none, write through the portal). Null otherwise.
   */
  contatto: Schema.NullOr(Contatto),
})
export type Richiesta = typeof Richiesta.Type

/** The caller's listing, with the requests it received (newest first). */
export const AnnuncioMio = Schema.Struct({ ...Annuncio.fields, richieste: Schema.Array(Richiesta) })
export type AnnuncioMio = typeof AnnuncioMio.Type

/** The caller's request, with the listing it answers. */
export const RichiestaInviata = Schema.Struct({ ...Richiesta.fields, annuncio: Annuncio })
export type RichiestaInviata = typeof RichiestaInviata.Type

/** The board's filters: the sector always, the rest optional and applied together. */
export const annunciFilterFields = {
  id_settore: Id,
  livello: Schema.optionalKey(Livello),
  provincia: Schema.optionalKey(Sigla),
  /** Listings whose period meets [dal, al] (either end may be omitted). */
  dal: Schema.optionalKey(Data),
  al: Schema.optionalKey(Data),
  id_torneo: Schema.optionalKey(Id),
}

export const cercaCompagnoList = endpoint('giocatori/cerca-compagno/list', {
  request: Schema.Struct({ ...annunciFilterFields, ...pagingFields }),
  response: ListOf(Annuncio),
  access: 'user',
})

export const AnnuncioNuovo = Schema.Struct({
  id_settore: Id,
  id_torneo: Schema.optionalKey(Id),
  provincia: Sigla,
  livello: Livello,
  data_dal: Data,
  data_al: Data,
  disponibilita: Schema.optionalKey(Text(ANNUNCIO_DISPONIBILITA_MAX)),
  messaggio: Schema.optionalKey(Text(ANNUNCIO_MESSAGGIO_MAX, { righe: true })),
  ...sharingFields,
})
export type AnnuncioNuovo = typeof AnnuncioNuovo.Encoded

export const cercaCompagnoAdd = endpoint('giocatori/cerca-compagno/add', {
  request: AnnuncioNuovo,
  response: ResultOf(Annuncio),
  access: 'user',
  write: true,
})

export const cercaCompagnoDel = endpoint('giocatori/cerca-compagno/del', {
  request: Schema.Struct({ id_annuncio: Id }),
  response: ResultOf(Annuncio),
  access: 'user',
  write: true,
})

export const cercaCompagnoInvioRichiesta = endpoint('giocatori/cerca-compagno/invio-richiesta', {
  request: Schema.Struct({
    id_annuncio: Id,
    messaggio: Schema.optionalKey(Text(RICHIESTA_MESSAGGIO_MAX, { righe: true })),
    ...sharingFields,
  }),
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

const RequestId = Schema.Struct({ id_richiesta: Id })

export const cercaCompagnoConfermaRichiesta = endpoint('giocatori/cerca-compagno/conferma-richiesta', {
  request: RequestId,
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

export const cercaCompagnoRifiutaRichiesta = endpoint('giocatori/cerca-compagno/rifiuta-richiesta', {
  request: RequestId,
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

export const cercaCompagnoCancellaRichiesta = endpoint('giocatori/cerca-compagno/cancella-richiesta', {
  request: RequestId,
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

/** A message to the other player of a confirmed request: a notice in the portal and an e-mail. */
export const cercaCompagnoMessaggio = endpoint('giocatori/cerca-compagno/messaggio', {
  request: Schema.Struct({ id_richiesta: Id, testo: Text(MESSAGGIO_MAX, { righe: true }) }),
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

/** The caller's listings, active first then the closed and expired ones, each with its requests. */
export const cercaCompagnoMieiAnnunci = endpoint('giocatori/cerca-compagno/miei-annunci/list', {
  request: Schema.Struct(pagingFields),
  response: ListOf(AnnuncioMio),
  access: 'user',
})

/** The caller's requests, waiting ones first, then the newest. */
export const cercaCompagnoMieRichieste = endpoint('giocatori/cerca-compagno/mie-richieste/list', {
  request: Schema.Struct(pagingFields),
  response: ListOf(RichiestaInviata),
  access: 'user',
})

// ---------------------------------------------------------------------------------------------------------
// The page's address: its tab and the board's filters, so a filtered search can be shared and reloaded

export const CERCA_COMPAGNO_VISTE = ['annunci', 'miei', 'richieste'] as const
export type CercaCompagnoVista = (typeof CERCA_COMPAGNO_VISTE)[number]

export type CercaCompagnoQuery = {
  vista?: CercaCompagnoVista
  settore?: number
  livello?: LivelloAnnuncio
  provincia?: string
  dal?: string
  al?: string
  torneo?: number
  pagina?: number
}

const positive = (text: string | null) => {
  const n = Number(text)
  return text !== null && Number.isInteger(n) && n > 0 && n <= MAX_INT ? n : undefined
}
const isIso = (text: string | null): text is string => text !== null && isData(text)

/** The query of /giocatori/cerca-compagno read from its search string; what is not valid is left out. */
export function parseCercaCompagnoSearch(search: string): CercaCompagnoQuery {
  const params = new URLSearchParams(search)
  const query: CercaCompagnoQuery = {}
  const vista = params.get('vista')
  if ((CERCA_COMPAGNO_VISTE as readonly string[]).includes(vista ?? ''))
    query.vista = vista as CercaCompagnoVista
  const settore = positive(params.get('settore'))
  if (settore) query.settore = settore
  const livello = params.get('livello')
  if ((LIVELLI_ANNUNCIO as readonly string[]).includes(livello ?? ''))
    query.livello = livello as LivelloAnnuncio
  const provincia = params.get('provincia')
  if (provincia && /^[A-Z]{2}$/.test(provincia)) query.provincia = provincia
  const dal = params.get('dal')
  if (isIso(dal)) query.dal = dal
  const al = params.get('al')
  if (isIso(al)) query.al = al
  const torneo = positive(params.get('torneo'))
  if (torneo) query.torneo = torneo
  const pagina = positive(params.get('pagina'))
  if (pagina && pagina > 1) query.pagina = pagina
  return query
}

/** The search string of a query (`?vista=…&livello=…`), in a fixed order; empty for none. */
export function cercaCompagnoSearch(query: CercaCompagnoQuery): string {
  const params = new URLSearchParams()
  for (const key of ['vista', 'settore', 'livello', 'provincia', 'dal', 'al', 'torneo', 'pagina'] as const) {
    const value = query[key]
    if (value !== undefined && !(key === 'pagina' && value === 1)) params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
