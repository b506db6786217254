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
}

export function endpoint<Req extends Schema.Top, Res extends Schema.Top, A extends Access>(
  path: string,
  definition: { request: Req; response: Res; access: A; write?: boolean },
): Endpoint<Req, Res, A> {
  return { path, write: false, ...definition }
}

export const API_PREFIX = '/api/v1/'
