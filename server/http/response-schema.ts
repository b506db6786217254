// A contract response schema (Effect Schema, contract/) as the JSON Schema Fastify serialises a route's answer
// with: fast-json-stringify (Fastify's default serializer compiler) writes the JSON from the schema, without
// JSON.stringify's walk over every key of every row. Used for the large public answers (a draw, a month).
import { JsonSchema, Schema } from 'effect'

type Json = { [key: string]: unknown }

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The JSON Schema (draft-07, as Fastify's compilers read it) of a response's encoded side, as Effect generates
 * it. Objects are closed (`additionalProperties: false`): a field the contract does not name is left out of the
 * answer, never leaked. «X or null» becomes `nullable` X, which fast-json-stringify writes with one test instead
 * of validating each value against the branches of an `anyOf`.
 */
export function responseJsonSchema(schema: Schema.Top): Json {
  const document = JsonSchema.toDocumentDraft07(
    Schema.toJsonSchemaDocument(schema, { onExcessProperty: 'error' }),
  )
  const definitions = document.definitions as Record<string, unknown>
  const root = simplify(document.schema, definitions) as Json
  return Object.keys(definitions).length === 0
    ? root
    : { ...root, definitions: simplify(definitions, definitions) }
}

/** Rewrites `anyOf: [X, {type: 'null'}]` (either order) as X with `nullable: true`, all the way down. */
function simplify(node: unknown, definitions: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => simplify(item, definitions))
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value, definitions)
  const branches = out.anyOf
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const other = branches.find(
      (branch) => !(isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
    )
    const hasNull = branches.some((branch) => isObject(branch) && branch.type === 'null')
    const target = isObject(other) ? resolve(other, definitions) : undefined
    if (hasNull && target && typeof target.type === 'string' && !target.nullable)
      return { ...target, nullable: true }
  }
  return out
}

/** A local `$ref` (#/definitions/…) replaced by its definition, so `nullable` can sit beside its type. */
function resolve(node: Json, definitions: Record<string, unknown>): Json | undefined {
  if (typeof node.$ref !== 'string') return node
  const name = node.$ref.replace(/^#\/definitions\//, '')
  const target = definitions[name]
  return isObject(target) ? (simplify(target, definitions) as Json) : undefined
}
