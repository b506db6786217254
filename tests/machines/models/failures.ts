// Failures as the API client rejects them (src/api/errors.ts), as plain data for the models: the doubles turn
// them into Errors carrying these fields.
import { MESSAGES } from '../../../contract/common.ts'

export const SERVER_FAILURE = {
  message: 'Servizio momentaneamente non disponibile',
  _tag: 'ServerFailure',
  status: 503,
}
export const NETWORK_FAILURE = { message: 'Failed to fetch', _tag: 'NetworkFailure' }
export const NOT_FOUND = { message: 'Contenuto non trovato', _tag: 'ServerFailure', status: 404 }
export const SESSION_ENDED = { message: MESSAGES.unauthorized, _tag: 'Unauthorized', status: 401 }

/** What the user must read for a failure (spec §8), restated from the spec, not from the machines. */
export function expectedMessage(failure: { _tag?: string; message?: string }): string {
  if (failure._tag === 'Unauthorized') return MESSAGES.sessionExpired
  if (failure._tag === 'ServerFailure' && failure.message) return failure.message
  return MESSAGES.generic
}

/** The failure an xstate.error event carries. */
export const failureOf = (event: { type: string; error?: unknown }) =>
  event.error as { _tag?: string; message?: string }
