import { MESSAGES, isReadableMessage } from '../../contract/common.ts'

/**
 * A failure class with a `_tag` and its fields, shaped as Effect's `Data.TaggedError` makes them (`_tag`, the
 * fields as read-only properties, an Error) so that a caller narrows on `_tag`. Written here, not taken from
 * Effect: every page's first load creates these (the client's calls), and Effect's error classes bring its fiber
 * runtime with them (about 25 kB gzip), which nothing on that path runs.
 */
function TaggedFailure<Tag extends string>(tag: Tag) {
  return class extends Error {
    readonly _tag = tag
    constructor(fields: object) {
      super()
      Object.assign(this, fields)
      this.name = tag
    }
  } as unknown as new <A extends object>(fields: A) => Error & { readonly _tag: Tag } & Readonly<A>
}

/** 401, or a body saying 'Utente non autorizzato': the session must end (spec §8). */
export class Unauthorized extends TaggedFailure('Unauthorized')<{ status: number; message: string }> {}
/** Any other non-2xx answer, with the server's message when it gave one. */
export class ServerFailure extends TaggedFailure('ServerFailure')<{
  status: number
  message: string | null
}> {}
/** No answer at all: offline, DNS, TLS, aborted. */
export class NetworkFailure extends TaggedFailure('NetworkFailure')<{ cause: unknown }> {}
/** An answer whose shape is not the contract's. */
export class BadResponse extends TaggedFailure('BadResponse')<{ path: string; detail: string }> {}

export type ApiFailure = Unauthorized | ServerFailure | NetworkFailure | BadResponse

/** The text the user reads for a failure (spec §8). */
export function failureMessage(failure: ApiFailure): string {
  switch (failure._tag) {
    case 'Unauthorized':
      return MESSAGES.sessionExpired
    case 'ServerFailure':
      // Never «Internal Server Error»: a message that is not the portal's Italian gives way to the generic one.
      return isReadableMessage(failure.message) ? failure.message : MESSAGES.generic
    case 'NetworkFailure':
    case 'BadResponse':
      return MESSAGES.generic
  }
}
