import { Data } from 'effect'
import { MESSAGES, isReadableMessage } from '../../contract/common.ts'

/** 401, or a body saying 'Utente non autorizzato': the session must end (spec §8). */
export class Unauthorized extends Data.TaggedError('Unauthorized')<{ status: number; message: string }> {}
/** Any other non-2xx answer, with the server's message when it gave one. */
export class ServerFailure extends Data.TaggedError('ServerFailure')<{
  status: number
  message: string | null
}> {}
/** No answer at all: offline, DNS, TLS, aborted. */
export class NetworkFailure extends Data.TaggedError('NetworkFailure')<{ cause: unknown }> {}
/** An answer whose shape is not the contract's. */
export class BadResponse extends Data.TaggedError('BadResponse')<{ path: string; detail: string }> {}

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
