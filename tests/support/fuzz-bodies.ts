// fast-check arbitraries derived from a contract request schema (issue 24, item 4): a walker over the schema's
// Effect AST builds, for each field, a mix of plausible and hostile values (control characters, 10k texts, bidi and
// zero-width characters, lone surrogates, emoji sequences, SQL, HTML, CSV and ICS injections, numbers at and past
// the bounds, dates at and past the edges) and keeps those the field's own schema accepts; the body is then kept
// when the whole request schema accepts it. Effect 4's own `Arbitrary.schema` is not used: it generates the decoded
// side with its own engine, while the server receives the encoded (wire) side, and it knows nothing of hostility.
// `rejectedBodyArbitrary` mutates accepted bodies into ones the schema refuses (a poisoned field, an extra or a
// missing key, a wrong type), which the server must refuse with an Italian 400.
import * as fc from 'fast-check'
import { Result, Schema, SchemaAST } from 'effect'
import * as contract from '../../contract/endpoints.ts'
import { decode } from '../../contract/decode.ts'
import { sample } from './request-fields.ts'

// Every string that a closed list of the contract may accept (OneOf keeps its values in a closure): the values of
// the contract modules' exported string arrays, of their `{ codice }` arrays and the keys of their label records.
import * as avvisi from '../../contract/avvisi.ts'
import * as calendario from '../../contract/calendario.ts'
import * as campionati from '../../contract/campionati.ts'
import * as cercaCompagno from '../../contract/cerca-compagno.ts'
import * as circuiti from '../../contract/circuiti.ts'
import * as classifiche from '../../contract/classifiche.ts'
import * as constants from '../../contract/constants.ts'
import * as helpdesk from '../../contract/helpdesk.ts'
import * as home from '../../contract/home.ts'
import * as incontri from '../../contract/incontri.ts'
import * as iscrizioni from '../../contract/iscrizioni.ts'
import * as news from '../../contract/news.ts'
import * as profilo from '../../contract/profilo.ts'
import * as sfide from '../../contract/sfide.ts'
import * as tabelloni from '../../contract/tabelloni.ts'
import * as tessere from '../../contract/tessere.ts'
import * as torneo from '../../contract/torneo.ts'

const CONTRACT_MODULES = [
  avvisi,
  calendario,
  campionati,
  cercaCompagno,
  circuiti,
  classifiche,
  constants,
  helpdesk,
  home,
  incontri,
  iscrizioni,
  news,
  profilo,
  sfide,
  tabelloni,
  tessere,
  torneo,
]

function harvestStrings(): string[] {
  const out = new Set<string>()
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string' && value.length <= 40) out.add(value)
    else if (Array.isArray(value) && depth < 2) for (const v of value) visit(v, depth + 1)
    else if (value && typeof value === 'object' && depth < 2 && !('ast' in value) && !('path' in value))
      for (const [k, v] of Object.entries(value)) {
        out.add(k)
        if (k === 'codice' || typeof v !== 'string') visit(v, depth + 1)
        else if (v.length <= 12) out.add(v)
      }
  }
  for (const module of CONTRACT_MODULES) for (const value of Object.values(module)) visit(value, 0)
  return [...out]
}

/** Texts matching the contract's exported patterns (a card's code, a person's name), for the fields they rule. */
const PATTERNS = CONTRACT_MODULES.flatMap((module) =>
  Object.values(module).filter(
    (v): v is RegExp => v instanceof RegExp && v.source.startsWith('^') && !v.global,
  ),
).map((re) => fc.stringMatching(re).map((s) => s.slice(0, 40)))

/** Plausible texts: words, codes, places, the contract's closed lists. */
const PLAUSIBLE = [
  'Mario Rossi',
  'Roma',
  'RM',
  'MI',
  'Lazio',
  'tennis',
  'padel',
  'RSSMRA80A01H501U',
  '3331234567',
  'Via Roma 1',
  '00183',
  '/home',
  'Un titolo di prova per la news',
  'Un sommario di prova, di almeno venti caratteri.',
  'Un corpo di prova: '.padEnd(140, 'abcdefghij '),
  ...harvestStrings(),
]

/** What an attacker types into a text field. The schema refuses some (NUL, controls, lone surrogates), keeps the rest. */
export const HOSTILE_TEXTS = [
  // SQL
  "'; drop table accounts; --",
  "' OR '1'='1",
  'Robert"); DROP TABLE persons;--',
  '%',
  '_%_',
  '\\',
  "\\'",
  '$1',
  "E'\\x00'",
  '1; select pg_sleep(5)',
  // HTML and script
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=window.__pwned=1>',
  "'><iframe srcdoc='<script>parent.__pwned=1</script>'>",
  '</script><script>window.__pwned=1</script>',
  'javascript:window.__pwned=1',
  '&lt;b&gt;&amp;&#0;',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '${window.__pwned=1}',
  '__proto__',
  'constructor',
  // CSV and ICS injection
  '=HYPERLINK("http://x.test","clic")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)',
  'riga;due,tre\\n"quattro"',
  'SUMMARY:falso\\nBEGIN:VEVENT',
  // Unicode: bidi, zero width, BOM, combining marks, astral characters, emoji sequences, odd case mappings
  '\u202Egnp.exe',
  'Mario\u200B Rossi',
  '\u2066Rossi\u2069',
  '\uFEFFRossi',
  'Ma\u0301rio Z\u0351\u0352\u0353\u0354a\u0315l\u0316g\u0317o',
  'e\u0301 é',
  '𝕏𝕐ℤ 𝒜',
  '👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽',
  '🇮🇹🇮🇹',
  'İstanbul ß ﬃ',
  'ＡＢＣ　全角',
  'עברית العربية',
  '\u00A0 \u2028 \u2029 \u0085',
  '\u009B31m',
  // Controls and broken Unicode (refused where the schema refuses them)
  'ab\u0000cd',
  '\u0000',
  'a\u0001b\u001Fc\u007F',
  'a\u001B[2Jb',
  'riga uno\nriga due',
  'riga uno\r\nriga due\rtre',
  'col\tonna',
  'ab\uD800cd',
  '\uDC00',
  // Big ones
  'x'.repeat(10_000),
  '<'.repeat(10_000),
  '👍'.repeat(5_000),
  'à'.repeat(10_001),
]

/** Dates a date field may be sent: its edges, everyday ones, and the year 0 and 275760 (JavaScript's last). */
const EDGE_DATES = [
  '1900-01-01',
  '2100-12-31',
  '0000-01-01',
  '0001-01-01',
  '275760-09-13',
  '+275760-09-13',
  '-000001-01-01',
  '1899-12-31',
  '2101-01-01',
  '2024-02-29',
  '2026-02-29',
  '2026-02-30',
  '9999-12-31',
]
const EDGE_INSTANTS = [
  '1900-01-01T00:00:00.000Z',
  '1900-01-01T00:00:00+23:59',
  '2100-12-31T23:59:59.999Z',
  '2100-12-31T23:59:59.999-23:59',
  '0000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '275760-09-13T00:00:00.000Z',
  '2026-06-15T18:30:00.000Z',
  '2026-06-15T24:00:00Z',
]
const NUMBER_EDGES = [
  0,
  -0,
  1,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  Number.MIN_VALUE,
]

const accepts = (ast: SchemaAST.AST, value: unknown) =>
  Result.isSuccess(Schema.decodeUnknownResult(Schema.make(ast) as Schema.Codec<unknown>)(value))

/** The non-null, non-undefined alternatives of a union (nulls are handled by the union itself). */
function flatten(ast: SchemaAST.AST): SchemaAST.AST[] {
  return ast._tag === 'Union' ? ast.types.flatMap(flatten) : [ast]
}

/** The smallest (or largest) `n` in [from, to] that `ok` holds for, `ok` holding at `from` and not past `to`. */
function edge(ok: (n: number) => boolean, from: number, to: number): number {
  let good = from
  let bad = to
  while (Math.abs(bad - good) > 1) {
    const mid = good + Math.trunc((bad - good) / 2)
    if (ok(mid)) good = mid
    else bad = mid
  }
  return ok(bad) ? bad : good
}

const BIG = 2 ** 53 - 1

function numberLeaf(ast: SchemaAST.AST): { accepted: fc.Arbitrary<number>; hostile: fc.Arbitrary<number> } {
  const ok = (n: number) => accepts(ast, n)
  const seed = [1, 0, 2, 5, 10, 100, 2026, 2 ** 31 - 1, -1].find(ok)
  const hostile = fc.constantFrom(...NUMBER_EDGES)
  if (seed === undefined) return { accepted: fc.constantFrom(...NUMBER_EDGES).filter(ok), hostile }
  const min = ok(-BIG) ? -BIG : edge(ok, seed, -BIG)
  const max = ok(BIG) ? BIG : edge(ok, seed, BIG)
  const near = (n: number) => [n, n + 1, n - 1].filter(ok)
  return {
    accepted: fc
      .oneof(
        // Small ids and counts are those that exist in the seed: the handler goes past its lookups.
        {
          weight: 3,
          arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, Math.max(min, 0) + 1000) }),
        },
        { weight: 3, arbitrary: fc.integer({ min, max }) },
        { weight: 1, arbitrary: fc.constantFrom(...new Set([...near(min), ...near(max), seed])) },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
      )
      .filter(ok),
    hostile,
  }
}

/** Generators of texts, tried on each text field; those the field never accepts are dropped. */
type Weighted = fc.Arbitrary<string> | { weight: number; arbitrary: fc.Arbitrary<string> }
const arbitraryOf = (w: Weighted) => ('arbitrary' in w ? w.arbitrary : w)

// Built once: a grapheme string arbitrary costs seconds to build (fast-check maps every Unicode range).
const GRAPHEMES = fc.string({ unit: 'grapheme', maxLength: 60 })
const BINARY = fc.string({ unit: 'binary', maxLength: 60 })
const HOSTILE = fc.constantFrom(...HOSTILE_TEXTS)
const PLAUSIBLE_TEXT = fc.constantFrom(...PLAUSIBLE)
const DAY = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
})
const OFFSET = fc.constantFrom('Z', '+01:00', '+02:00', '-23:59', '+23:59', '+14:00', '-00:00')

function textGenerators(maxLength: number): Weighted[] {
  const hostile = HOSTILE
  const plausible = PLAUSIBLE_TEXT
  const fit = (s: string) => Array.from(s).slice(0, maxLength).join('').trim()
  const day = DAY
  const offset = OFFSET
  const weighted = (arbitrary: fc.Arbitrary<string>) => ({ weight: 4, arbitrary })
  return [
    plausible,
    ...PATTERNS,
    weighted(hostile),
    weighted(hostile.map(fit)),
    weighted(fc.tuple(plausible, hostile, plausible).map(([a, b, c]) => fit(`${a} ${b} ${c}`))),
    GRAPHEMES.map((s) => Array.from(s).slice(0, maxLength).join('')),
    BINARY.map((s) => Array.from(s).slice(0, maxLength).join('')),
    GRAPHEMES.map(fit),
    fc.constantFrom(...EDGE_DATES),
    day.map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(...EDGE_INSTANTS),
    fc.tuple(day, offset).map(([d, z]) => d.toISOString().replace('Z', z)),
    fc.tuple(day, offset).map(([d, z]) => d.toISOString().slice(0, 19) + z),
  ]
}

function stringLeaf(ast: SchemaAST.AST, rng: () => number): fc.Arbitrary<string> {
  const ok = (s: string) => accepts(ast, s)
  // The field's length cap, found by trying: texts up to it are the ones the field keeps.
  const base = ['Mario Rossi', 'x', 'xx', 'xxxxx'].find(ok)
  const maxLength =
    base === 'x' || base === 'xx' || base === 'xxxxx'
      ? edge((n) => ok('x'.repeat(n)), base.length, 30_000)
      : 200
  const kept = textGenerators(maxLength).filter((generator) =>
    fc.sample(arbitraryOf(generator), { numRuns: 40, seed: Math.floor(rng() * 2 ** 31) }).some(ok),
  )
  if (kept.length === 0) {
    const known = [...PLAUSIBLE, ...HOSTILE_TEXTS, ...EDGE_DATES, ...EDGE_INSTANTS].filter(ok)
    return known.length > 0 ? fc.constantFrom(...known) : fc.constant('').filter(ok)
  }
  return fc.oneof(...kept).filter(ok)
}

/** Whether a property may be left out on the wire (optional, or with a decoding default). */
function optionalOnWire(property: SchemaAST.PropertySignature): boolean {
  return SchemaAST.toEncoded(property.type).context?.isOptional === true
}

type Built = { accepted: fc.Arbitrary<unknown>; hostile: fc.Arbitrary<unknown> }

/** The hostile values of any leaf, whatever its type: what the schema refuses of another kind. */
const WRONG_TYPES = fc.constantFrom<unknown>(null, true, '1', 1, [], {}, [1], { $gt: '' }, 'null', 'NaN')

function build(ast: SchemaAST.AST, rng: () => number): Built {
  const alternatives = flatten(ast)
  if (alternatives.length > 1) {
    const built = alternatives.map((a) => build(a, rng))
    return {
      accepted: fc.oneof(...built.map((b) => b.accepted)),
      hostile: fc.oneof(...built.map((b) => b.hostile)),
    }
  }
  switch (ast._tag) {
    case 'Null':
      return { accepted: fc.constant(null), hostile: WRONG_TYPES }
    case 'Undefined':
      return { accepted: fc.constant(undefined), hostile: WRONG_TYPES }
    case 'Literal':
      return {
        accepted: fc.constant(ast.literal),
        hostile: fc.oneof(
          WRONG_TYPES,
          fc.constantFrom<unknown>(`${String(ast.literal)} `, String(ast.literal).toUpperCase()),
        ),
      }
    case 'Boolean':
      return { accepted: fc.boolean(), hostile: fc.constantFrom<unknown>('true', 0, 1, null) }
    case 'Number': {
      const { accepted, hostile } = numberLeaf(ast)
      return { accepted, hostile: fc.oneof(hostile, WRONG_TYPES) }
    }
    case 'String':
      return {
        accepted: stringLeaf(ast, rng),
        hostile: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS, ...EDGE_DATES, ...EDGE_INSTANTS) },
          WRONG_TYPES,
        ),
      }
    case 'Arrays': {
      const item = ast.rest[0] ? build(ast.rest[0], rng) : undefined
      const elements = ast.elements.map((e) => build(e, rng))
      const tuple = (pick: (b: Built) => fc.Arbitrary<unknown>) => fc.tuple(...elements.map(pick))
      const rest = (pick: (b: Built) => fc.Arbitrary<unknown>) =>
        item ? fc.array(pick(item), { maxLength: 8 }) : fc.constant([])
      return {
        accepted: fc
          .tuple(
            tuple((b) => b.accepted),
            rest((b) => b.accepted),
          )
          .map(([t, r]) => [...t, ...r]),
        hostile: fc.oneof(
          fc
            .tuple(
              tuple((b) => b.accepted),
              rest((b) => b.hostile),
            )
            .map(([t, r]) => [...t, ...r]),
          fc.array(item ? item.accepted : fc.constant(1), { minLength: 200, maxLength: 1000 }),
          WRONG_TYPES,
        ),
      }
    }
    case 'Objects': {
      const properties = ast.propertySignatures.map((p) => ({
        name: p.name as string,
        optional: optionalOnWire(p),
        built: build(p.type, rng),
      }))
      const accepted = fc.record(Object.fromEntries(properties.map((p) => [p.name, p.built.accepted])), {
        requiredKeys: properties.filter((p) => !p.optional).map((p) => p.name),
      })
      return { accepted, hostile: fc.oneof(WRONG_TYPES, accepted) }
    }
    default: {
      const value = sample(ast)
      return { accepted: fc.constant(value), hostile: WRONG_TYPES }
    }
  }
}

/** A deterministic generator of numbers in [0, 1) from a seed (mulberry32), for the probes. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export type FuzzEndpoint = (typeof contract.endpoints)[keyof typeof contract.endpoints]

/**
 * Whether the endpoint's request schema accepts the body as the server receives it: after JSON, and with a JSON
 * `null` read as no body at all (`{}`), as server/http/api.ts reads it.
 */
export function acceptedBy(endpoint: FuzzEndpoint, body: unknown): boolean {
  return Result.isSuccess(decode(endpoint.request as never, JSON.parse(JSON.stringify(body ?? null)) ?? {}))
}

/**
 * The bodies the endpoint's request schema accepts: either drawn whole from the walker, or the sampled valid body
 * (tests/support/request-fields.ts) with some fields replaced by drawn ones, which keeps rules across fields (a
 * range's ends, an id or an address) satisfied more often.
 */
export function acceptedBodyArbitrary(endpoint: FuzzEndpoint, seed: number): fc.Arbitrary<unknown> {
  const rng = seeded(seed)
  const { accepted } = build(endpoint.request.ast, rng)
  const base = sample(endpoint.request.ast)
  const variants: fc.Arbitrary<unknown>[] = [accepted]
  if (base && typeof base === 'object' && !Array.isArray(base))
    variants.push(
      accepted.map((drawn) => {
        if (!drawn || typeof drawn !== 'object') return drawn
        const entries = Object.entries(drawn)
        return { ...base, ...Object.fromEntries(entries.filter((_, i) => (i + seed) % 2 === 0)) }
      }),
    )
  return fc.oneof(...variants).filter((body) => acceptedBy(endpoint, body))
}

/**
 * Candidates for bodies the schema refuses (keep those `acceptedBy` says no to): an accepted body with one field poisoned (a hostile value of another kind, or
 * one past its bounds), an unknown key, a required key left out, or no object at all.
 */
export function rejectedBodyArbitrary(endpoint: FuzzEndpoint, seed: number): fc.Arbitrary<unknown> {
  const rng = seeded(seed ^ 0x5bd1e995)
  const properties =
    endpoint.request.ast._tag === 'Objects'
      ? endpoint.request.ast.propertySignatures.map((p) => ({
          name: p.name as string,
          built: build(p.type, rng),
        }))
      : []
  const accepted = acceptedBodyArbitrary(endpoint, seed)
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>([], 'x', 1, true, null, [{}]),
    fc
      .tuple(
        accepted,
        fc.constantFrom('__proto__', 'constructor', 'campo_sconosciuto', 'id ', ''),
        fc.constantFrom(...HOSTILE_TEXTS),
      )
      .map(([body, key, value]) => {
        const copy = { ...(body as object) } as Record<string, unknown>
        Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
        return copy
      }),
  ]
  if (properties.length > 0) {
    mutations.push(
      fc.tuple(accepted, fc.nat(properties.length - 1)).map(([body, i]) => {
        const copy = { ...(body as object) } as Record<string, unknown>
        delete copy[properties[i]!.name]
        return copy
      }),
    )
    for (const property of properties)
      mutations.push(
        fc
          .tuple(accepted, property.built.hostile)
          .map(([body, value]) => ({ ...(body as object), [property.name]: value })),
      )
  }
  // Not filtered here: a schema that refuses nothing (Struct({}) takes any object) would make the filter loop
  // forever; the test keeps the refused ones and counts them.
  return fc.oneof(...mutations)
}
