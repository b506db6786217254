// The help desk (/helpdesk, spec §2, §3, §6, §7; issue 23 item 3): the categories of a sector, a signed-in user's
// requests (with an optional membership card of their own, and up to HELPDESK_ALLEGATI.maxFiles images) and the
// federation staff's replies.
import { Schema } from 'effect'
import { EmptyRequest, Id, Intero, ListOf, LookupOf, ResultOf, Text, pagingFields } from './common.ts'
import { HELPDESK_CATEGORIES } from './constants.ts'
import { API_PREFIX, endpoint } from './endpoint.ts'

export const HELPDESK_OGGETTO_MAX = 120
export const HELPDESK_MESSAGGIO_MAX = 4000
export const HELPDESK_RISPOSTA_MAX = 4000

/** The categories' names (spec §6: assistenza 1, disservizi 2, gold 3). */
export const HELPDESK_CATEGORY_LABELS: Record<number, string> = {
  [HELPDESK_CATEGORIES.assistenza]: 'Assistenza',
  [HELPDESK_CATEGORIES.disservizi]: 'Disservizi',
  [HELPDESK_CATEGORIES.gold]: 'Gold',
}

/** A request's state: open, answered by the staff, closed. */
export const RICHIESTA_STATI = ['aperta', 'risposta', 'chiusa'] as const
export type RichiestaStato = (typeof RICHIESTA_STATI)[number]
/** Who closed a request. */
export const RICHIESTA_CHIUSA_DA = ['utente', 'staff'] as const
export type RichiestaChiusaDa = (typeof RICHIESTA_CHIUSA_DA)[number]

export const RICHIESTA_STATO_LABELS: Record<RichiestaStato, string> = {
  aperta: 'Aperta',
  risposta: 'Risposta ricevuta',
  chiusa: 'Chiusa',
}

/**
 * A request's attachments (docs/regole.md): images only (a PDF can carry scripts and is not re-encoded), at most
 * `maxFiles`, each at most `maxBytes`; the server reads the type from the bytes and stores a fresh JPEG of at
 * most `maxSide` pixels a side with no metadata. richieste-utenti/add then travels as multipart: the request's
 * JSON in the field `dati`, the files in the field `allegati`.
 */
export const HELPDESK_ALLEGATI = {
  field: 'allegati',
  dataField: 'dati',
  maxFiles: 3,
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 2000,
  formats: ['jpeg', 'png', 'webp'],
  /** What the browser offers in the file picker (a hint; the server decides from the bytes). */
  accept: 'image/jpeg,image/png,image/webp',
} as const

/** GET ALLEGATO_PATH/:id: one attachment, to its requester and to the staff only. */
export const ALLEGATO_PATH = `${API_PREFIX}richieste-utenti/allegati`

export const ALLEGATI_MESSAGES = {
  missing: 'La richiesta non è arrivata completa: riprova.',
  oneFile: `Puoi allegare al massimo ${HELPDESK_ALLEGATI.maxFiles} file.`,
  tooLarge: `Un allegato è troppo grande: ogni file può pesare al massimo ${HELPDESK_ALLEGATI.maxBytes / 1024 / 1024} MB.`,
  notAnImage: (nome: string) => `«${nome}» non è un'immagine JPEG, PNG o WebP.`,
  unreadable: (nome: string) => `«${nome}» non si riesce a leggere: il file è danneggiato.`,
  tooManyPixels: (nome: string) =>
    `«${nome}» ha troppi pixel (al massimo ${HELPDESK_ALLEGATI.maxPixels / 1_000_000} milioni): riducila e riprova.`,
  notFound: 'Allegato non trovato',
} as const

export const HELPDESK_MESSAGES = {
  unknownSector: 'Settore non trovato',
  notYourCard: 'La tessera indicata non è tra le tue tessere',
  notFound: 'Richiesta non trovata',
  staffOnly: 'Solo lo staff della federazione può rispondere alle richieste',
  closed: 'La richiesta è chiusa: non si può più rispondere',
  alreadyClosed: 'La richiesta è già chiusa.',
  closedDone: 'Richiesta chiusa.',
  sent: 'Richiesta inviata. Lo staff della federazione ti risponderà qui e per e-mail.',
  answered: 'Risposta inviata.',
  replySubject: 'Risposta alla tua richiesta di assistenza',
  replyNotice: (oggetto: string) => `Lo staff della federazione ha risposto alla tua richiesta «${oggetto}».`,
} as const

export const CategoriaRichiesta = Schema.Struct({ id: Schema.Int, descrizione: Schema.String })
export type CategoriaRichiesta = typeof CategoriaRichiesta.Type

/** The help-desk categories of a sector (public). */
export const settoriRichiesteList = endpoint('settori/richieste/list', {
  request: Schema.Struct({ id_settore: Id }),
  response: LookupOf(CategoriaRichiesta),
  access: 'public',
})

/** The card pick list of spec §3: id = codice_tessera, label = code, type and discipline. */
export const TesseraScelta = Schema.Struct({ id: Schema.String, label: Schema.String })
export type TesseraScelta = typeof TesseraScelta.Type

/** The caller's cards as the help desk's pick list (an addition to the spec's endpoints). */
export const richiesteUtentiTessere = endpoint('richieste-utenti/tessere/list', {
  request: EmptyRequest,
  response: LookupOf(TesseraScelta),
  access: 'user',
})

/** An attachment as lists show it: its name, its size in bytes and its address (GET, with the token). */
export const Allegato = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  dimensione: Schema.Int,
  url: Schema.String,
})
export type Allegato = typeof Allegato.Type

export const Richiesta = Schema.Struct({
  id_richiesta: Schema.Int,
  id_categoria: Schema.Int,
  categoria: Schema.String,
  id_settore: Schema.Int,
  codice_tessera: Schema.NullOr(Schema.String),
  oggetto: Schema.String,
  messaggio: Schema.String,
  stato: Schema.Literals(RICHIESTA_STATI),
  /** ISO instant. */
  creata_il: Schema.String,
  risposta: Schema.NullOr(Schema.String),
  risposta_il: Schema.NullOr(Schema.String),
  /** ISO instant of the closing, and who closed it: the requester («utente») or the staff («staff»). */
  chiusa_il: Schema.NullOr(Schema.String),
  chiusa_da: Schema.NullOr(Schema.Literals(RICHIESTA_CHIUSA_DA)),
  /** Who sent it (the staff's view only; null in the user's own list). */
  richiedente: Schema.NullOr(Schema.String),
  allegati: Schema.Array(Allegato),
})
export type Richiesta = typeof Richiesta.Type

const CategoriaId = Intero(
  HELPDESK_CATEGORIES.assistenza,
  HELPDESK_CATEGORIES.gold,
  'deve essere una categoria: 1 (assistenza), 2 (disservizi) o 3 (gold)',
)

/**
 * A new request of the signed-in user: JSON, or multipart with attachments (the JSON below in the field
 * HELPDESK_ALLEGATI.dataField, the images in HELPDESK_ALLEGATI.field), the same token header either way.
 */
export const richiesteUtentiAdd = endpoint('richieste-utenti/add', {
  request: Schema.Struct({
    id_settore: Id,
    id_categoria: CategoriaId,
    codice_tessera: Schema.optionalKey(Text(20)),
    oggetto: Text(HELPDESK_OGGETTO_MAX),
    messaggio: Text(HELPDESK_MESSAGGIO_MAX, { righe: true }),
  }),
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

/** The caller's own requests, newest first. */
export const richiesteUtentiList = endpoint('richieste-utenti/list', {
  request: Schema.Struct({ ...pagingFields }),
  response: ListOf(Richiesta),
  access: 'user',
})

/** The staff's queue: the requests still open, oldest first (staff only, docs/ruoli.md). */
export const richiesteUtentiAperte = endpoint('richieste-utenti/aperte/list', {
  request: Schema.Struct({ ...pagingFields }),
  response: ListOf(Richiesta),
  access: 'user',
})

/** The staff's reply to a request: it becomes «risposta» and the requester is told (portal and e-mail). */
export const richiesteUtentiRispondi = endpoint('richieste-utenti/rispondi', {
  request: Schema.Struct({
    id_richiesta: Id,
    risposta: Text(HELPDESK_RISPOSTA_MAX, { righe: true }),
  }),
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

/**
 * Closes a request: its requester or the staff may; a closed request takes no more replies. Anyone else is told
 * it does not exist (404), a request already closed is refused (409).
 */
export const richiesteUtentiChiudi = endpoint('richieste-utenti/chiudi', {
  request: Schema.Struct({ id_richiesta: Id }),
  response: ResultOf(Richiesta),
  access: 'user',
  write: true,
})

/** The staff's history: the requests the calling staff member answered or closed, latest first (staff only). */
export const richiesteUtentiStorico = endpoint('richieste-utenti/storico/list', {
  request: Schema.Struct({ ...pagingFields }),
  response: ListOf(Richiesta),
  access: 'user',
})
