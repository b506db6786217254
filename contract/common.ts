import { Effect, Schema, SchemaGetter } from 'effect'

/** Largest page any list returns (DESIGN.md §4). */
export const MAX_FETCHROWS = 100
export const DEFAULT_FETCHROWS = 20

// ---------------------------------------------------------------------------------------------------------
// The shared field schemas of every request (issue 19, 9d-e). A request field that is an id, a number, a text or
// a date is one of these, never a bare Schema.Int or Schema.String: what PostgreSQL cannot hold (an id past its
// `integer`, a NUL byte, the year 275760) is refused here with 400 and an Italian message, on every endpoint at
// once, instead of reaching the database and coming back as a 500. tests/server/hostile-fields.test.ts walks every
// request schema and fails on a field that lets such a value through.
// Responses keep Schema.Int and Schema.String: the client decodes them with these same modules, and must never
// refuse a row the database already holds (written before these rules, or by the seed).

/** The largest value of PostgreSQL's `integer` (serial ids, counts, seasons): 2^31 − 1. */
export const MAX_INT = 2_147_483_647

/** A whole number from `min` to `max` (within PostgreSQL's integer), refused with one Italian message. */
export const Intero = (min: number, max: number, message = `deve essere un intero tra ${min} e ${max}`) =>
  Schema.Number.pipe(
    Schema.check(
      Schema.makeFilter((n: number) => Number.isSafeInteger(n) && n >= min && n <= max, { message }),
    ),
  )

/** The id of a stored row: a positive integer that fits PostgreSQL's `integer` (serial) columns. */
export const Id = Intero(1, MAX_INT, `deve essere un identificativo: un intero tra 1 e ${MAX_INT}`)
/** The largest value of PostgreSQL's `smallint` (a region's id): 2^15 − 1. */
export const MAX_SMALLINT = 32_767
/** The id of a row whose key is a `smallint` (regions): a wider id would reach the query and break it with a 500. */
export const IdPiccolo = Intero(
  1,
  MAX_SMALLINT,
  `deve essere un identificativo: un intero tra 1 e ${MAX_SMALLINT}`,
)
/** The old names, bounded like every integer the database stores, so a field written with them elsewhere stays safe. */
export const PositiveInt = Intero(1, MAX_INT, `deve essere un intero tra 1 e ${MAX_INT}`)
export const NonNegativeInt = Intero(0, MAX_INT, `deve essere un intero tra 0 e ${MAX_INT}`)

/** The sane range of every civil date and instant a request may carry (business limits are narrower). */
export const DATA_MIN = '1900-01-01'
export const DATA_MAX = '2100-12-31'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A civil date written AAAA-MM-GG that exists (2026-02-30 does not), in any year of four digits. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** What `Data` accepts: an existing AAAA-MM-GG within DATA_MIN…DATA_MAX. */
export function isData(text: string): boolean {
  return isIsoDate(text) && text >= DATA_MIN && text <= DATA_MAX
}

/** A civil date (a birth date, a listing's first day, a calendar filter): AAAA-MM-GG, existing, 1900–2100. */
export const Data = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter(isData, {
      message: `deve essere una data esistente nel formato AAAA-MM-GG, dal ${DATA_MIN.slice(0, 4)} al ${DATA_MAX.slice(0, 4)}`,
    }),
  ),
)

const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

/** An instant in ISO 8601 with its zone (Z or ±hh:mm), as Date.toISOString() writes it; its day within the sane range. */
export function isIstante(text: string): boolean {
  const match = ISO_INSTANT.exec(text)
  return match !== null && isData(match[1]!) && !Number.isNaN(Date.parse(text))
}

/** An instant (when a challenge would be played): ISO 8601 with its zone, 1900–2100. */
export const Istante = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter(isIstante, {
      message: `deve essere un istante ISO 8601 con il fuso (es. 2026-06-15T18:30:00.000Z), dal ${DATA_MIN.slice(0, 4)} al ${DATA_MAX.slice(0, 4)}`,
    }),
  ),
)

/** A season: a calendar year within the sane range of dates. */
export const Stagione = Intero(Number(DATA_MIN.slice(0, 4)), Number(DATA_MAX.slice(0, 4)))

/**
 * Invisible characters a free text loses when decoded: bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C), which reorder what a reader sees («Trojan Source»), and zero-width ones (U+200B–U+200D, U+2060,
 * U+FEFF), which hide inside names and words. The zero-width joiner goes too: an emoji sequence that uses it shows
 * as its separate emoji.
 */
export const INVISIBLE_CHARACTERS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g

/** A free text without its invisible characters (what `Testo` decodes to, line ends aside). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '')
}

/** Half of a UTF-16 pair without its other half: JSON can carry one, UTF-8 (and PostgreSQL) cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_ONE_LINE = /[\u0000-\u001F\u007F]/
// oxlint-disable-next-line no-control-regex -- the same, tab and line feed allowed
const CONTROL_LINES = /[\u0000-\u0008\u000B-\u001F\u007F]/

const wholeUnicode = Schema.makeFilter((text: string) => !LONE_SURROGATE.test(text), {
  message: 'contiene caratteri Unicode non validi',
})

/**
 * A secret typed by the person (a password asked again): refused with a control character or broken Unicode, like
 * every text, but kept exactly as typed (no invisible characters removed, no line ends changed): what is compared
 * must be what was typed.
 */
export const Segreto = Schema.String.pipe(
  Schema.check(
    wholeUnicode,
    Schema.makeFilter((text: string) => !CONTROL_ONE_LINE.test(text), {
      message: 'contiene caratteri di controllo o un a capo',
    }),
  ),
)

const textOf = (lines: boolean) =>
  Schema.String.pipe(
    Schema.check(
      wholeUnicode,
      Schema.makeFilter(
        (text: string) => !(lines ? CONTROL_LINES : CONTROL_ONE_LINE).test(text.replace(/\r\n?/g, '\n')),
        {
          message: lines
            ? 'contiene caratteri di controllo (sono ammessi solo a capo e tabulazioni)'
            : 'contiene caratteri di controllo o un a capo',
        },
      ),
    ),
    Schema.decode({
      decode: SchemaGetter.transform((text: string) =>
        stripInvisible(lines ? text.replace(/\r\n?/g, '\n') : text),
      ),
      encode: SchemaGetter.passthrough(),
    }),
  )

/**
 * A free text on one line (a name, a search, a place): refused with a NUL byte or any other control character,
 * stripped of bidi controls and zero-width characters when decoded. Length and other rules are checked on what
 * remains, after `Testo` (`Text(max)` below): a text made only of invisible characters is empty then, and refused
 * wherever an empty text is (every required text and every optional one that is sent); a search that may be blank
 * (faq/list) accepts it as blank.
 */
export const Testo = textOf(false)
/** A free text that may have lines (a comment, a message, a news body): as `Testo`, with tab and line feed allowed (CR LF and CR become LF). */
export const TestoMultiriga = textOf(true)

/** A trimmed, non-empty free text with a length cap, on one line or (`righe`) several. */
export const Text = (max: number, options: { righe?: boolean } = {}) =>
  (options.righe ? TestoMultiriga : Testo).pipe(
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
  fetchrows: Intero(1, MAX_FETCHROWS).pipe(Schema.withDecodingDefault(Effect.succeed(DEFAULT_FETCHROWS))),
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
/**
 * Whether a failure's message is one a user may read: not empty and not English. The portal's own messages are
 * Italian; an English one comes from something between the portal and the browser (a proxy's «Bad Gateway», a
 * framework's «Internal Server Error»), and the user reads the generic Italian message instead (issue 19, item 5).
 */
export function isReadableMessage(message: unknown): message is string {
  if (typeof message !== 'string' || message.trim() === '') return false
  return !ENGLISH_FAILURE.test(message)
}

// HTTP's reason phrases and the words of frameworks' and browsers' own failures; none is in an Italian sentence.
const ENGLISH_FAILURE =
  /\b(error|not found|bad request|unauthori[sz]ed|forbidden|not allowed|conflict|gone|too large|too many|payload|gateway|unavailable|timeout|timed out|internal|is not|cannot|can't|failed|invalid|unexpected|not acceptable|unsupported|exception)\b/i

export const MESSAGES = {
  unauthorized: 'Utente non autorizzato',
  sessionExpired: 'Sessione Scaduta. Per continuare, effettuare nuovamente il login',
  generic: 'Attenzione! Si è verificato un errore. Riprovare più tardi',
  incompleteData: 'Prima di vistare il sito, completa la registrazione!',
  missingPrivacy: 'Prima di vistare il sito, inserisci le tue preferenze!',
  notFound: 'Risorsa non trovata',
  badRequest: 'Richiesta non valida.',
  forbidden: 'Non hai i permessi per questa operazione',
  tooManyRequests: 'Troppe richieste: attendi qualche istante e riprova',
  bodyNotJson: 'Richiesta non valida: il corpo deve essere JSON.',
  bodyTooDeep: `Richiesta non valida: il corpo JSON ha troppi livelli annidati (al massimo ${MAX_JSON_DEPTH}).`,
  bodyTooLarge: `Richiesta troppo grande: il corpo non può superare ${MAX_JSON_BYTES / 1024} kB.`,
  /** The database cannot be reached for now (503, with Retry-After): the same request may be sent again. */
  databaseUnavailable:
    'Il portale non riesce a raggiungere i suoi dati in questo momento. Riprova tra qualche secondo.',
  /** Too many writes wait for the same thing (a tournament's places): 503 with Retry-After, nothing was saved. */
  writeQueueFull:
    'In questo momento molte persone stanno facendo la stessa operazione: non è stato salvato nulla. Riprova tra qualche secondo.',
  /** The embedded database has more requests waiting than it may (503, with Retry-After): nothing was done. */
  databaseBusy:
    'In questo momento il portale ha molte richieste da servire e la tua non è stata eseguita: niente è cambiato. Riprova tra qualche secondo.',
} as const
