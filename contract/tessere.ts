// Membership cards beyond the list (/elenco-tessere, spec §3 and §7; issue 23 item 2): adding a card by its code
// (tessera/add), synchronising with the federation's registry (tessere/sincronizza) and the public check of a
// card's QR code (tessere/verifica, an addition to the spec's endpoints) that shows validity and sector only.
import { Schema, SchemaGetter } from 'effect'
import { EmptyRequest, ResultOf, Testo } from './common.ts'
import { dayOfMonth, withPreposition } from './date-words.ts'
import { endpoint } from './endpoint.ts'
import { Tessera } from './giocatori.ts'

/** A card's code as printed on it: letters and digits, e.g. TN250001234 (sector, season, holder). */
export const CODICE_TESSERA = /^[A-Z0-9]{4,20}$/

/** A card's state on a day: valid, expired, or not valid yet (next season's card). */
export type StatoTessera = 'valida' | 'scaduta' | 'futura'

/** Whether the card is valid on `today` (AAAA-MM-GG), expired, or not valid yet. */
export function statoTessera(card: { valida_dal: string; valida_al: string }, today: string): StatoTessera {
  if (today < card.valida_dal) return 'futura'
  if (today > card.valida_al) return 'scaduta'
  return 'valida'
}

const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', timeZone: 'UTC' })

/** A civil date (AAAA-MM-GG) in words: «31 dicembre 2026», «1° gennaio 2027». */
export function giornoInParole(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return `${dayOfMonth(d)} ${monthFormat.format(new Date(Date.UTC(y, m - 1, d)))} ${y}`
}

export const TESSERE_MESSAGES = {
  codeFormat:
    'Il codice tessera è fatto di lettere e cifre, da 4 a 20, senza spazi (per esempio TN250001234)',
  unknown: (codice: string) =>
    `Nessuna tessera con il codice ${codice} nel registro federale. Controlla il codice stampato sulla tessera o chiedi al circolo che l’ha rilasciata.`,
  someoneElse:
    'Questa tessera è intestata a un’altra persona: puoi aggiungere soltanto tessere intestate al tuo codice fiscale.',
  expired: (codice: string, validaAl: string) =>
    `La tessera ${codice} è scaduta ${withPreposition('il', giornoInParole(validaAl))}: non si può aggiungere. Per rinnovarla rivolgiti al tuo circolo.`,
  noCodiceFiscale:
    'Per aggiungere o sincronizzare le tessere serve il tuo codice fiscale: completalo in «Modifica profilo».',
  added: (codice: string) => `Tessera ${codice} aggiunta al tuo elenco.`,
  alreadyYours: (codice: string) => `La tessera ${codice} è già nel tuo elenco.`,
} as const

/**
 * The code typed by the user: spaces dropped and letters upper-cased when decoded, then checked, so «tn 25
 * 0001234» is TN250001234.
 */
export const CodiceTessera = Testo.pipe(
  Schema.decode({
    decode: SchemaGetter.transform((text: string) => text.replace(/\s+/g, '').toUpperCase()),
    encode: SchemaGetter.passthrough(),
  }),
  Schema.check(
    Schema.makeFilter((text: string) => CODICE_TESSERA.test(text), { message: TESSERE_MESSAGES.codeFormat }),
  ),
)

/** The client's own check of what is typed, with the same rule as the server's decoding. */
export function codiceTesseraError(typed: string): string | null {
  return CODICE_TESSERA.test(typed.replace(/\s+/g, '').toUpperCase()) ? null : TESSERE_MESSAGES.codeFormat
}

export const ESITI_AGGIUNTA = ['aggiunta', 'gia_presente'] as const

export const TesseraAggiunta = Schema.Struct({
  esito: Schema.Literals(ESITI_AGGIUNTA),
  tessera: Tessera,
  messaggio: Schema.String,
})
export type TesseraAggiunta = typeof TesseraAggiunta.Type

/**
 * tessera/add: takes a card of the registry into the caller's list by its code. Refused (with an Italian message)
 * when the code is unknown (404), the card is someone else's (403), it has expired (409), or the caller's profile
 * has no codice fiscale (409); a card already in the list is answered as such.
 */
export const tesseraAdd = endpoint('tessera/add', {
  request: Schema.Struct({ codice_tessera: CodiceTessera }),
  response: ResultOf(TesseraAggiunta),
  access: 'user',
  write: true,
})

export const ModificaTessera = Schema.Struct({
  codice_tessera: Schema.String,
  /** What changed, in Italian: «circolo», «tipologia», «validità». */
  modifiche: Schema.Array(Schema.String),
})

export const Sincronizzazione = Schema.Struct({
  /** Codes of the cards added to the list. */
  aggiunte: Schema.Array(Schema.String),
  aggiornate: Schema.Array(ModificaTessera),
  /** Cards of the registry already in the list as they are. */
  invariate: Schema.Int,
  /** Expired cards of the registry not in the list: left out. */
  scadute: Schema.Int,
  /** The summary in one sentence. */
  messaggio: Schema.String,
})
export type Sincronizzazione = typeof Sincronizzazione.Type

/**
 * tessere/sincronizza: reads the cards the federation's registry holds for the caller's codice fiscale, adds the
 * ones missing (expired ones aside) and updates the ones that changed; answers what changed.
 */
export const tessereSincronizza = endpoint('tessere/sincronizza', {
  request: EmptyRequest,
  response: ResultOf(Sincronizzazione),
  access: 'user',
  write: true,
})

/** The summary sentence of a synchronisation. */
export function sincronizzazioneInParole(s: {
  aggiunte: readonly unknown[]
  aggiornate: readonly unknown[]
  invariate: number
  scadute: number
}): string {
  const parts: string[] = []
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  if (s.aggiunte.length) parts.push(n(s.aggiunte.length, 'tessera aggiunta', 'tessere aggiunte'))
  if (s.aggiornate.length) parts.push(n(s.aggiornate.length, 'tessera aggiornata', 'tessere aggiornate'))
  if (s.invariate) parts.push(n(s.invariate, 'già aggiornata', 'già aggiornate'))
  if (s.scadute) parts.push(n(s.scadute, 'scaduta non importata', 'scadute non importate'))
  if (parts.length === 0) return 'Il registro federale non ha tessere intestate al tuo codice fiscale.'
  const last = parts.pop()!
  return `Sincronizzazione completata: ${parts.length ? `${parts.join(', ')} e ${last}` : last}.`
}

export const STATI_VERIFICA = ['valida', 'scaduta', 'futura', 'non_riconosciuta'] as const
export type StatoVerifica = (typeof STATI_VERIFICA)[number]

/** What a club desk sees of a card: its state, its dates and its sector; nothing about the holder. */
export const VerificaTessera = Schema.Struct({
  stato: Schema.Literals(STATI_VERIFICA),
  valida_dal: Schema.NullOr(Schema.String),
  valida_al: Schema.NullOr(Schema.String),
  /** «Tennis», «Padel», «Beach Tennis»… */
  settore: Schema.NullOr(Schema.String),
})
export type VerificaTessera = typeof VerificaTessera.Type

/** The length of a card's public id (a UUID): anything longer is refused before any lookup. */
export const VERIFICA_MAX = 36

/** tessere/verifica: public, rate limited; the id is the one in the card's QR code (/verifica-tessera/{id}). */
export const tessereVerifica = endpoint('tessere/verifica', {
  request: Schema.Struct({
    verifica: Testo.pipe(
      Schema.check(
        Schema.isBetweenLength(1, VERIFICA_MAX, { message: `deve avere da 1 a ${VERIFICA_MAX} caratteri` }),
      ),
    ),
  }),
  response: ResultOf(VerificaTessera),
  access: 'public',
})

/** Verification calls a client may make per minute (per address): a desk scans one card at a time. */
export const VERIFICA_RATE_LIMIT = 30
