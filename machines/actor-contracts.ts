// Helpers shared by the machines: reading failures that come back from actors (MSAL errors, API errors, plain
// objects) without trusting their shape, and the placeholder for an actor the application must provide.
import { fromPromise } from 'xstate'

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
