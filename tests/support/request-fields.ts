// Walks a contract request schema (its Effect Schema AST) to find every field a client can send, and builds a body
// the schema accepts: what the hostile-fields test poisons one field at a time.
import { Result, Schema, SchemaAST } from 'effect'
import { CALENDAR_LEVELS, CALENDAR_STATES, CALENDAR_TYPES } from '../../contract/calendario.ts'
import { LIVELLI_ANNUNCIO } from '../../contract/cerca-compagno.ts'
import { FASCE_CODICI, TIPI_SOCIETA_CODICI } from '../../contract/classifiche.ts'
import { BANNER_POSITIONS, RANKING_TYPES } from '../../contract/home.ts'
import { AMBITI_NEWS } from '../../contract/news.ts'

export type FieldPath = readonly (string | number)[]
export type FieldKind = 'number' | 'string'

/** A leaf a client fills in: a number or a text, at its path in the body (arrays at index 0). */
export type Leaf = { path: FieldPath; kind: FieldKind; ast: SchemaAST.AST }

const SOON = new Date(Date.now() + 30 * 86_400_000).toISOString()

/** Values tried, in order, until the field's schema accepts one: plausible ids, counts, codes, dates and texts. */
const NUMBER_CANDIDATES = [1, 2, 3, 4, 5, 6, 10, 20, 2026, 0]
const STRING_CANDIDATES = [
  'Mario Rossi',
  'ab',
  'RM',
  'ss',
  // A month ahead: a date the handlers take for a real one (not yet past, not too far).
  SOON.slice(0, 10),
  SOON,
  '/home',
  'tennis',
  'comunicati',
  'home_top',
  'RSSMRA80A01H501U',
  '3331234567',
  // A street with its number and a CAP (profilo/dati-spedizione/edit).
  'Via Roma 1',
  '00183',
  'Un titolo di prova per la news',
  'Un sommario di prova, di almeno venti caratteri.',
  'Un corpo di prova: '.padEnd(120, 'abcdefghij '),
  'M',
  // The values of the contract's closed lists (OneOf): one of each is a valid sample.
  ...[
    CALENDAR_LEVELS,
    CALENDAR_STATES,
    CALENDAR_TYPES,
    LIVELLI_ANNUNCIO,
    BANNER_POSITIONS,
    RANKING_TYPES,
    AMBITI_NEWS,
    FASCE_CODICI,
    TIPI_SOCIETA_CODICI,
  ].map((values) => values[0]),
]

const accepts = (ast: SchemaAST.AST, value: unknown) =>
  Result.isSuccess(Schema.decodeUnknownResult(Schema.make(ast) as Schema.Codec<unknown>)(value))

/** The wire form of a property (a field with a decoding default is optional on the wire). */
function isOptionalOnWire(property: SchemaAST.PropertySignature): boolean {
  return SchemaAST.toEncoded(property.type).context?.isOptional === true
}

/** The non-null, non-undefined alternatives of a union; the node itself otherwise. */
function members(ast: SchemaAST.AST): SchemaAST.AST[] {
  if (ast._tag !== 'Union') return [ast]
  return ast.types.flatMap((m) => (m._tag === 'Null' || m._tag === 'Undefined' ? [] : members(m)))
}

/** Every number and text leaf of a schema, with its path. Literals and booleans are left alone. */
export function leaves(ast: SchemaAST.AST, path: FieldPath = []): Leaf[] {
  const out: Leaf[] = []
  for (const node of members(ast)) {
    if (node._tag === 'Number') out.push({ path, kind: 'number', ast: node })
    else if (node._tag === 'String') out.push({ path, kind: 'string', ast: node })
    else if (node._tag === 'Objects')
      for (const p of node.propertySignatures) out.push(...leaves(p.type, [...path, p.name as string]))
    else if (node._tag === 'Arrays') for (const item of node.rest) out.push(...leaves(item, [...path, 0]))
  }
  return out
}

/** A value the schema accepts (required keys only when the schema allows), or undefined when none is found. */
export function sample(ast: SchemaAST.AST, withOptional: ReadonlySet<string> = new Set()): unknown {
  for (const node of members(ast)) {
    const value = sampleOf(node, withOptional)
    if (value !== undefined && accepts(ast, value)) return value
  }
  if (accepts(ast, null)) return null
  return undefined
}

function sampleOf(node: SchemaAST.AST, withOptional: ReadonlySet<string>): unknown {
  switch (node._tag) {
    case 'Literal':
      return node.literal
    case 'Boolean':
      return [true, false].find((v) => accepts(node, v))
    case 'Number':
      return NUMBER_CANDIDATES.find((v) => accepts(node, v))
    case 'String':
      return STRING_CANDIDATES.find((v) => accepts(node, v))
    case 'Arrays': {
      if (accepts(node, [])) return []
      const item = node.rest[0] ? sample(node.rest[0]) : undefined
      return item === undefined ? undefined : [item]
    }
    case 'Objects': {
      const body: Record<string, unknown> = {}
      for (const p of node.propertySignatures) {
        const name = p.name as string
        if (isOptionalOnWire(p) && !withOptional.has(name)) continue
        const value = sample(p.type)
        if (value === undefined) return undefined
        body[name] = value
      }
      if (accepts(node, body)) return body
      // A rule across fields (news/view: an id, or the three parts of the address): add optional keys, fewest first.
      const optional = node.propertySignatures
        .filter((p) => isOptionalOnWire(p) && !withOptional.has(p.name as string))
        .map((p) => [p.name as string, sample(p.type)] as const)
        .filter(([, value]) => value !== undefined)
      for (const subset of subsets(optional.length, 3)) {
        const candidate = { ...body, ...Object.fromEntries(subset.map((i) => optional[i]!)) }
        if (accepts(node, candidate)) return candidate
      }
      return undefined
    }
    default:
      return undefined
  }
}

/** The index sets of 1 to `max` elements out of `n`, smallest first. */
function subsets(n: number, max: number): number[][] {
  let level: number[][] = [[]]
  const out: number[][] = []
  for (let size = 1; size <= max; size++) {
    level = level.flatMap((set) =>
      Array.from({ length: n - (set.at(-1) ?? -1) - 1 }, (_, k) => [...set, (set.at(-1) ?? -1) + 1 + k]),
    )
    out.push(...level)
  }
  return out
}

/** The property of an object node named `name`, through unions. */
function child(ast: SchemaAST.AST, key: string | number): SchemaAST.AST | undefined {
  for (const node of members(ast)) {
    if (node._tag === 'Objects' && typeof key === 'string')
      return node.propertySignatures.find((p) => p.name === key)?.type
    if (node._tag === 'Arrays' && typeof key === 'number') return node.rest[0]
  }
  return undefined
}

/**
 * A body the request schema accepts that carries the field at `path` (its optional ancestors filled in), with
 * `value` written there; `value` undefined keeps the sampled one. Undefined when no such body is found.
 */
export function bodyWith(request: SchemaAST.AST, path: FieldPath, value?: unknown): unknown {
  const top = typeof path[0] === 'string' ? path[0] : undefined
  const bases = [sample(request), ...(top ? [sample(request, new Set([top]))] : [])]
  for (const base of bases) {
    if (base === undefined) continue
    const body = structuredClone(base) as Record<string, unknown>
    let container: Record<string | number, unknown> = body
    let ast: SchemaAST.AST | undefined = request
    for (const [i, key] of path.entries()) {
      ast = ast && child(ast, key)
      if (!ast) break
      const last = i === path.length - 1
      if (last) {
        if (!(key in container) || container[key] === null) container[key] = sample(ast)
        if (!accepts(request, body)) break
        if (value !== undefined) container[key] = value
        return body
      }
      if (
        !(key in container) ||
        container[key] === null ||
        (Array.isArray(container[key]) && !container[key][0])
      )
        container[key] = typeof path[i + 1] === 'number' ? [sample(child(ast, 0)!)] : sample(ast)
      container = container[key] as Record<string | number, unknown>
    }
  }
  return undefined
}
