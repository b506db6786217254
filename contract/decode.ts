import { Result, Schema, SchemaIssue } from 'effect'

export type DecodeFailure = { message: string; details: { path: string; message: string }[] }

type AnyIssue = SchemaIssue.Issue

const leafMessages: Record<string, string> = {
  MissingKey: 'è obbligatorio',
  UnexpectedKey: 'non è previsto',
  InvalidType: 'ha un tipo non valido',
  InvalidValue: 'ha un valore non valido',
  Forbidden: 'non è consentito',
  OneOf: 'corrisponde a più alternative',
  AnyOf: 'ha un valore non ammesso',
}

/** Walks an Effect Schema issue tree into Italian, one line per offending field. */
function collect(issue: AnyIssue, path: PropertyKey[], out: { path: string; message: string }[]): void {
  const node = issue as AnyIssue & Record<string, unknown>
  switch (node._tag) {
    case 'Composite':
      for (const child of node.issues as readonly AnyIssue[]) collect(child, path, out)
      return
    case 'Pointer':
      collect(node.issue as AnyIssue, [...path, ...(node.path as PropertyKey[])], out)
      return
    case 'Encoding':
      collect(node.issue as AnyIssue, path, out)
      return
    case 'AnyOf': {
      // A field with a default is `undefined | X`: report why X failed, not that no alternative matched.
      const inner = (node.issues as readonly AnyIssue[] | undefined) ?? []
      if (inner.length > 0) for (const child of inner) collect(child, path, out)
      else out.push({ path: path.join('.'), message: leafMessages.AnyOf! })
      return
    }
    case 'Filter': {
      const annotations = (node.filter as { annotations?: { message?: unknown } }).annotations
      const message = typeof annotations?.message === 'string' ? annotations.message : undefined
      if (message) out.push({ path: path.join('.'), message })
      else collect(node.issue as AnyIssue, path, out)
      return
    }
    case 'InvalidType':
      // A key whose schema is Never (the empty request) is a key that should not be there.
      if ((node.ast as { _tag?: string } | undefined)?._tag === 'Never') {
        out.push({ path: path.join('.'), message: leafMessages.UnexpectedKey! })
        return
      }
      out.push({ path: path.join('.'), message: leafMessages.InvalidType! })
      return
    default:
      out.push({ path: path.join('.'), message: leafMessages[node._tag] ?? 'non è valido' })
  }
}

function describe(issue: AnyIssue): DecodeFailure {
  const details: DecodeFailure['details'] = []
  collect(issue, [], details)
  const parts = details.map((d) => (d.path ? `il campo «${d.path}» ${d.message}` : capitalize(d.message)))
  const body = parts.length > 0 ? parts.join('; ') : 'il contenuto non è valido'
  return { message: `Richiesta non valida: ${body}.`, details }
}

function capitalize(text: string) {
  return text === 'ha un tipo non valido' ? 'il corpo della richiesta deve essere un oggetto JSON' : text
}

/** Decodes untrusted input with a contract schema; excess keys are refused so typos do not pass silently. */
export function decode<S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  input: unknown,
): Result.Result<S['Type'], DecodeFailure> {
  const result = Schema.decodeUnknownResult(schema as never)(input, {
    errors: 'all',
    onExcessProperty: 'error',
  }) as Result.Result<S['Type'], Schema.SchemaError>
  return Result.mapError(result, (error) => describe(error.issue))
}
