import { Schema, JsonSchema } from 'effect'
import { endpoints } from './contract/endpoints.ts'
const seen = new Set<string>()
const walk = (s: any, path: string) => {
  if (!s || typeof s !== 'object') return
  if (Array.isArray(s)) return s.forEach((x, i) => walk(x, path))
  for (const k of Object.keys(s)) { if (!['properties','items','type','required','additionalProperties','minimum','maximum','anyOf','definitions'].includes(k)) seen.add(k) ; walk(s[k], path) }
  if (s.anyOf && !(s.anyOf.length === 2 && s.anyOf.some((x: any) => x.type === 'null'))) seen.add('anyOf-other:' + path)
  if (s.$ref) seen.add('ref:' + path)
}
for (const [name, e] of Object.entries(endpoints)) {
  if (e.access !== 'public' || e.write) continue
  const d = JsonSchema.toDocumentDraft07(Schema.toJsonSchemaDocument(e.response, { onExcessProperty: 'error' }))
  walk(d.schema, name); walk(d.definitions, name)
  if (Object.keys(d.definitions).length) console.log(name, Object.keys(d.definitions))
}
console.log([...seen].join('\n'))
