// Helpers shared by the machines: reading failures that come back from actors (MSAL errors, API errors, plain
// objects) without trusting their shape, and the placeholder for an actor the application must provide.
import { fromPromise } from 'xstate'
import { MESSAGES, isReadableMessage } from '../contract/common.ts'

/**
 * Default implementation of an actor whose real work lives outside machines/ (MSAL, the API client). The
 * application provides the real one with `machine.provide({ actors })`; reaching this one is a wiring bug, and
 * it fails loudly so the machine takes its error path instead of hanging.
 */
export function providedByTheApplication<TOutput, TInput>(machineId: string, actorName: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${machineId}: l'attore '${actorName}' deve essere fornito con machine.provide()`)
  })
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

/** Every text a failure carries: `message`, MSAL's `errorMessage` and `errorCode`, or the value itself. */
export function failureText(error: unknown): string {
  if (typeof error === 'string') return error
  return ['message', 'errorMessage', 'errorCode']
    .map((key) => field(error, key))
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
}

/** The HTTP status a failure carries (`status`, `statusCode` or `StatusCode`), if any. */
export function failureStatus(error: unknown): number | null {
  for (const key of ['status', 'statusCode', 'StatusCode']) {
    const value = Number(field(error, key))
    if (Number.isInteger(value) && value > 0) return value
  }
  return null
}

/**
 * The Italian text a user reads for a failed call (spec §8): the session expired for a 401, the server's own
 * message when it gave one, otherwise the generic message. Reads the tagged failures of the API client.
 */
export function userMessage(error: unknown): string {
  const tag = field(error, '_tag')
  if (tag === 'Unauthorized') return MESSAGES.sessionExpired
  const message = field(error, 'message')
  // Never an English «Internal Server Error» from a proxy or a framework (issue 19, item 5).
  if (tag === 'ServerFailure' && isReadableMessage(message)) return message
  return MESSAGES.generic
}

/** A failure that says the thing asked for does not exist (HTTP 404). */
export function isNotFoundFailure(error: unknown): boolean {
  return failureStatus(error) === 404
}

/**
 * A pause of `ms` milliseconds as an actor (the quiet time before a search-as-you-type): leaving the state
 * cancels it, entering it again starts it over. Tests replace it like any other actor.
 */
export function pauseOf(ms: number) {
  return fromPromise<void, void>(
    ({ signal }) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        signal.addEventListener('abort', () => clearTimeout(timer))
      }),
  )
}
