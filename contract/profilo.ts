// The signed-in user's registration data and consents (issue 3): /modifica-profilo and /modifica-privacy.
import { Schema } from 'effect'
import { Data, EmptyRequest, LookupOf, ResultOf, Text, isIsoDate } from './common.ts'
import { endpoint } from './endpoint.ts'

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
  response: LookupOf(Schema.Struct({ nome: Schema.String })),
  access: 'public',
})
