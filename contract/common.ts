import { Effect, Schema } from 'effect'

/** Largest page any list returns (DESIGN.md §4). */
export const MAX_FETCHROWS = 100
export const DEFAULT_FETCHROWS = 20

export const Int = Schema.Int
export const NonNegativeInt = Schema.Int.pipe(
  Schema.check(
    Schema.isGreaterThanOrEqualTo(0, { message: 'deve essere un intero maggiore o uguale a zero' }),
  ),
)
export const PositiveInt = Schema.Int.pipe(
  Schema.check(Schema.isGreaterThan(0, { message: 'deve essere un intero positivo' })),
)
/** A trimmed, non-empty string with a length cap. */
export const Text = (max: number) =>
  Schema.String.pipe(
    Schema.check(
      Schema.isTrimmed({ message: 'non deve iniziare o finire con spazi' }),
      Schema.isBetweenLength(1, max, { message: `deve avere da 1 a ${max} caratteri` }),
    ),
  )

/** A string among `values`, refused with an Italian message naming them. */
export const OneOf = <const L extends readonly string[]>(values: L, message: string) =>
  Schema.String.pipe(Schema.refine((v): v is L[number] => values.includes(v), { message }))

/** The paging payload of spec §3: `rowstoskip`, `fetchrows`, with defaults when omitted. */
export const pagingFields = {
  rowstoskip: NonNegativeInt.pipe(Schema.withDecodingDefault(Effect.succeed(0))),
  fetchrows: Schema.Int.pipe(
    Schema.check(
      Schema.isBetween(
        { minimum: 1, maximum: MAX_FETCHROWS },
        { message: `deve essere un intero tra 1 e ${MAX_FETCHROWS}` },
      ),
    ),
    Schema.withDecodingDefault(Effect.succeed(DEFAULT_FETCHROWS)),
  ),
}
export const Paging = Schema.Struct(pagingFields)
export type Paging = typeof Paging.Type

/** A body with no fields: `{}` only (Struct({}) would accept any object, arrays and strings too). */
export const EmptyRequest = Schema.Record(Schema.String, Schema.Never)

/** List envelope: `{ results, record }` where record is the total count. */
export const ListOf = <S extends Schema.Top>(item: S) =>
  Schema.Struct({ results: Schema.Array(item), record: Schema.Int })
/** Lookup envelope: `{ result: [...] }`. */
export const LookupOf = <S extends Schema.Top>(item: S) => Schema.Struct({ result: Schema.Array(item) })
/** Single-object envelope: `{ result: {...} }`. */
export const ResultOf = <S extends Schema.Top>(item: S) => Schema.Struct({ result: item })

export const ErrorBody = Schema.Struct({ statusCode: Schema.Int, message: Schema.String })
export type ErrorBody = typeof ErrorBody.Type

/** Deepest nesting of arrays and objects a JSON body may have; no request of the contract needs more than 4. */
export const MAX_JSON_DEPTH = 32
/** Largest JSON body in bytes: a news body of 20,000 characters fits even fully escaped. */
export const MAX_JSON_BYTES = 256 * 1024

/** Messages of the error catalogue (spec §8), shared by server and client. */
export const MESSAGES = {
  unauthorized: 'Utente non autorizzato',
  sessionExpired: 'Sessione Scaduta. Per continuare, effettuare nuovamente il login',
  generic: 'Attenzione! Si è verificato un errore. Riprovare più tardi',
  incompleteData: 'Prima di vistare il sito, completa la registrazione!',
  missingPrivacy: 'Prima di vistare il sito, inserisci le tue preferenze!',
  notFound: 'Risorsa non trovata',
  forbidden: 'Non hai i permessi per questa operazione',
  tooManyRequests: 'Troppe richieste: attendi qualche istante e riprova',
  bodyNotJson: 'Richiesta non valida: il corpo deve essere JSON.',
  bodyTooDeep: `Richiesta non valida: il corpo JSON ha troppi livelli annidati (al massimo ${MAX_JSON_DEPTH}).`,
  bodyTooLarge: `Richiesta troppo grande: il corpo non può superare ${MAX_JSON_BYTES / 1024} kB.`,
} as const
