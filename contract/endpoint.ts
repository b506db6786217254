import type { Schema } from 'effect'

/**
 * One API call: `POST /api/v1/<path>`.
 * - `public`: works without a token (the token is still sent and used when present);
 * - `user`: needs a valid token.
 * `write` calls are rate limited.
 */
export type Access = 'public' | 'user'

export type Endpoint<
  Req extends Schema.Top = Schema.Top,
  Res extends Schema.Top = Schema.Top,
  A extends Access = Access,
> = {
  readonly path: string
  readonly request: Req
  readonly response: Res
  readonly access: A
  readonly write: boolean
  /**
   * In the built client only: the endpoint's module as written, schemas and all. The build gives the client's
   * endpoints no request and response schemas, so that no page downloads them before its first render
   * (vite.config.ts, leanContract); the client loads them with this on the first call that needs them.
   */
  readonly schemas?: () => Promise<Record<string, unknown>>
}

export function endpoint<Req extends Schema.Top, Res extends Schema.Top, A extends Access>(
  path: string,
  definition: { request: Req; response: Res; access: A; write?: boolean },
): Endpoint<Req, Res, A> {
  return { path, write: false, ...definition }
}

export const API_PREFIX = '/api/v1/'

/** One call ready to make: an endpoint with its (encoded) body. */
export type Call<E extends Endpoint = Endpoint> = {
  readonly endpoint: E
  readonly body: E['request']['Encoded']
}

export function call<E extends Endpoint>(target: E, body: E['request']['Encoded']): Call<E> {
  return { endpoint: target, body }
}

/**
 * The key of a call's answer when the server includes it in the page it serves (server/http/page-hints.ts):
 * the client looks it up with the same call, so both sides build the body with the same function.
 */
export function callKey(endpointPath: string, body: unknown): string {
  return `${endpointPath} ${JSON.stringify(body ?? {})}`
}

/** The id of the JSON block that carries those answers in the page. */
export const INITIAL_ANSWERS_ID = 'portal-initial'

/**
 * The entry of that block listing the keys of the answers that depend on who asks (a player's page shows its
 * owner more): the server answered them anonymously, so only a visitor who is not signed in may use them.
 */
export const ANONYMOUS_ANSWERS_KEY = '@anonimo'

/** The cookie the client keeps beside its stored sector, so the server knows which home to answer. */
export const SECTOR_COOKIE = 'settore'
