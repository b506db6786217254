// The platform's fetch with Effect's typed errors and Schema: the Bearer from `tokenAdb2c` on every main-API
// call, typed failures, responses decoded with the contract (DESIGN.md §4, spec §6-§8). A call is a plain async
// function, not an Effect program: every caller awaits a promise, and running one put Effect's fiber runtime for
// asynchronous work on every page's first load (about 1 kB gzip) to be turned straight back into a promise.
import { Result, Schema } from 'effect'
import { MESSAGES } from '../../contract/common.ts'
import { API_PREFIX, callKey, INITIAL_ANSWERS_ID, type Endpoint } from '../../contract/endpoint.ts'
import { BadResponse, NetworkFailure, ServerFailure, Unauthorized } from './errors.ts'
import { saveFile } from '../ui/save-file.ts'

type TokenSource = {
  /** The token to send now, renewed first when it is about to expire. */
  token: () => Promise<string | null>
  /** Called on a 401 or 'Utente non autorizzato': the session signs out with the expiry message. */
  unauthorized: () => void
}

let tokens: TokenSource = { token: async () => null, unauthorized: () => undefined }

/** Wires the client to the session (done once by the app; tests provide their own). */
export function connectSession(source: TokenSource) {
  tokens = source
}

const TIMEOUT_MS = 20_000

/**
 * True once the page is being left (a reload, a link to the identity service). The browser cuts the calls
 * still running, and their failures belong to a page that is going away: acting on them would, for one,
 * sign the user out everywhere while the next page signs in. Such calls never settle; `pageshow` clears
 * the flag for a page restored from the back-forward cache.
 */
let leaving = false
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true
  })
  window.addEventListener('pageshow', () => {
    leaving = false
  })
}
const NEVER = new Promise<never>(() => undefined)

/** The platform's fetch, except that a call cut off by leaving the page never settles. */
async function fetchUnlessLeaving(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (leaving) return NEVER
    throw error
  }
}

/**
 * One POST of JSON to the main API, answered with its status and parsed body (null when it has none or it is
 * not JSON). Every call has the same shape, so the platform's fetch does it: ofetch with its URL and JSON
 * helpers cost 4 kB gzip on every page (react-router 8 took /home past its 170 kB budget).
 */
async function post(
  path: string,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  const response = await fetchUnlessLeaving(`${API_PREFIX}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  const text = await response.text().catch((error: unknown) => (leaving ? NEVER : Promise.reject(error)))
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  return { status: response.status, body: parsed }
}

type Decodable = Schema.Top & { readonly DecodingServices: never }

function isUnauthorizedBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { message?: unknown }).message === MESSAGES.unauthorized
  )
}

/**
 * Answers the server put in the page for its first public reads (server/http/page-hints.ts). Each is used
 * once, and only while the page is fresh: later calls always go to the API.
 */
const INITIAL_ANSWERS_FRESH_MS = 30_000
let initialAnswers: Map<string, unknown> | undefined

function readInitialAnswers(): Map<string, unknown> {
  const text = globalThis.document?.getElementById(INITIAL_ANSWERS_ID)?.textContent
  try {
    return new Map(Object.entries(text ? (JSON.parse(text) as Record<string, unknown>) : {}))
  } catch {
    return new Map()
  }
}

function takeInitialAnswer(endpoint: Endpoint, body: unknown): { value: unknown } | undefined {
  if (endpoint.access !== 'public' || endpoint.write) return undefined
  initialAnswers ??= readInitialAnswers()
  if (initialAnswers.size === 0 || performance.now() > INITIAL_ANSWERS_FRESH_MS) return undefined
  const key = callKey(endpoint.path, body)
  if (!initialAnswers.has(key)) return undefined
  const value = initialAnswers.get(key)
  initialAnswers.delete(key)
  return { value }
}

export type CallOptions = {
  /** Use this token instead of asking the session (the session's own calls while it signs in). */
  token?: string | null
  /** Do not tell the session about a 401: the caller handles it (the session's own calls). */
  quiet?: boolean
}

/** The undecoded answer to a call: the one the page brought, or the API's; fails with a typed ApiFailure. */
async function fetchAnswer(
  endpoint: Endpoint,
  body: unknown,
  options: CallOptions & { signal?: AbortSignal },
): Promise<unknown> {
  const initial = takeInitialAnswer(endpoint, body)
  if (initial) return initial.value
  const token = options.token !== undefined ? options.token : await tokens.token()
  let answer: { status: number; body: unknown }
  try {
    answer = await post(endpoint.path, body, token, options.signal)
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  if (answer.status >= 200 && answer.status <= 299) return answer.body
  const data = answer.body as { message?: unknown } | null
  const message = typeof data?.message === 'string' ? data.message : null
  if (answer.status === 401 || isUnauthorizedBody(data)) {
    throw new Unauthorized({ status: answer.status, message: message ?? MESSAGES.unauthorized })
  }
  throw new ServerFailure({ status: answer.status, message })
}

/**
 * The answer the server put in the page for this call, decoded, or undefined (then make the call).
 * Synchronous, so a view can start with its data instead of showing a skeleton for one frame.
 */
export function initialAnswer<Req extends Decodable, Res extends Decodable>(
  endpoint: Endpoint<Req, Res>,
  body: Req['Encoded'],
): Res['Type'] | undefined {
  const initial = takeInitialAnswer(endpoint, body)
  if (!initial || isUnauthorizedBody(initial.value)) return undefined
  const decoded = Schema.decodeUnknownResult(endpoint.response)(initial.value)
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

/** Calls an endpoint: resolves with the decoded body, rejects with the ApiFailure. */
export async function callApi<Req extends Decodable, Res extends Decodable>(
  endpoint: Endpoint<Req, Res>,
  body: Req['Encoded'],
  options: CallOptions & { signal?: AbortSignal } = {},
): Promise<Res['Type']> {
  try {
    const raw = await fetchAnswer(endpoint, body, options)
    if (isUnauthorizedBody(raw)) throw new Unauthorized({ status: 200, message: MESSAGES.unauthorized })
    const decoded = Schema.decodeUnknownResult(endpoint.response)(raw)
    if (Result.isFailure(decoded)) {
      throw new BadResponse({ path: endpoint.path, detail: decoded.failure.message })
    }
    return decoded.success
  } catch (failure) {
    if (failure instanceof Unauthorized && !options.quiet) tokens.unauthorized()
    throw failure
  }
}

/**
 * For confirmed actions: the raw answer `{ status, body }` whatever the status (spec §5 decides success from
 * both); rejects only when there is no answer. A 401 still ends the session.
 */
export async function submitRaw<Req extends Decodable>(
  endpoint: Endpoint<Req, Decodable>,
  body: Req['Encoded'],
): Promise<{ status: number; body: unknown }> {
  const answer = await post(endpoint.path, body, await tokens.token())
  if (answer.status === 401 || isUnauthorizedBody(answer.body)) tokens.unauthorized()
  return answer
}

/** A failed answer's ApiFailure (a 401 also ends the session). */
async function failureOf(response: Response): Promise<Error> {
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null
  const message = typeof data?.message === 'string' ? data.message : null
  if (response.status === 401 || message === MESSAGES.unauthorized) {
    tokens.unauthorized()
    return new Unauthorized({ status: response.status, message: message ?? MESSAGES.unauthorized })
  }
  return new ServerFailure({ status: response.status, message })
}

/**
 * The multipart variant of a call (spec §7): form data with the same token header, the answer decoded with the
 * contract. The browser writes the multipart boundary itself, so no content type is set here.
 */
export async function uploadForm<Res extends Decodable>(
  endpoint: Endpoint<Decodable, Res>,
  form: FormData,
): Promise<Res['Type']> {
  const token = await tokens.token()
  let response: Response
  try {
    response = await fetchUnlessLeaving(`${API_PREFIX}${endpoint.path}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS * 3),
    })
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  if (!response.ok) throw await failureOf(response)
  const decoded = Schema.decodeUnknownResult(endpoint.response)(await response.json().catch(() => null))
  if (Result.isFailure(decoded)) {
    throw new BadResponse({ path: endpoint.path, detail: decoded.failure.message })
  }
  return decoded.success
}

/** A file the server gives only to its signed-in owner (the card photo), as a Blob; fails with an ApiFailure. */
export async function fetchWithToken(path: string): Promise<Blob> {
  const token = await tokens.token()
  let response: Response
  try {
    response = await fetchUnlessLeaving(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  if (!response.ok) throw await failureOf(response)
  return response.blob()
}

/**
 * Saves a file the server gives only to a signed-in caller (a ranking's CSV export): fetched with the Bearer,
 * as a link cannot send it, then saved under the server's file name. Fails with an ApiFailure, as a call does.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const token = await tokens.token()
  let response: Response
  try {
    response = await fetchUnlessLeaving(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof data?.message === 'string' ? data.message : null
    if (response.status === 401) {
      tokens.unauthorized()
      throw new Unauthorized({ status: 401, message: message ?? MESSAGES.unauthorized })
    }
    throw new ServerFailure({ status: response.status, message })
  }
  const blob = await response.blob()
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName
  saveFile(blob, name)
}
