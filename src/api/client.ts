// The client's calls to the main API (DESIGN.md §4, spec §6-§8): the Bearer from `tokenAdb2c` on every call, typed
// failures (errors.ts), answers decoded with the contract. What a call needs on the network, ofetch and Effect's
// Schema, is in transport.ts, loaded on the first call that goes to the network: the answers the server put in
// the page (server/http/page-hints.ts) are the API's own, already decoded by the server through the same
// contract, so the first page shows them without downloading or running either. A call is a plain async
// function, not an Effect program: every caller awaits a promise.
import { MESSAGES } from '../../contract/common.ts'
import {
  ANONYMOUS_ANSWERS_KEY,
  API_PREFIX,
  callKey,
  INITIAL_ANSWERS_ID,
  type Endpoint,
} from '../../contract/endpoint.ts'
import type { Schema } from 'effect'
import { Unauthorized } from './errors.ts'

type TokenSource = {
  /** The token to send now, renewed first when it is about to expire. */
  token: () => Promise<string | null>
  /** Called on a 401 or 'Utente non autorizzato': the session signs out with the expiry message. */
  unauthorized: () => void
  /** True once the session knows the visitor is not signed in (without it: never signed in). */
  anonymous?: () => boolean
}

let tokens: TokenSource = { token: async () => null, unauthorized: () => undefined }

/** Wires the client to the session (done once by the app; tests provide their own). */
export function connectSession(source: TokenSource) {
  tokens = source
}

/** The transport, loaded once, on the first call that goes to the network. */
let transport: Promise<typeof import('./transport.ts')> | undefined
const loadTransport = () => (transport ??= import('./transport.ts'))

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
/** The keys of the answers the server gave as to anyone not signed in (ANONYMOUS_ANSWERS_KEY). */
let anonymousKeys = new Set<string>()

function readInitialAnswers(): Map<string, unknown> {
  const text = globalThis.document?.getElementById(INITIAL_ANSWERS_ID)?.textContent
  try {
    const answers = new Map(Object.entries(text ? (JSON.parse(text) as Record<string, unknown>) : {}))
    const anonymous = answers.get(ANONYMOUS_ANSWERS_KEY)
    answers.delete(ANONYMOUS_ANSWERS_KEY)
    anonymousKeys = new Set(Array.isArray(anonymous) ? anonymous.filter((k) => typeof k === 'string') : [])
    return answers
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
  if (anonymousKeys.has(key) && !(tokens.anonymous?.() ?? true)) return undefined
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

/**
 * The answer the server put in the page for this call, as the server wrote it, or undefined (then make the call).
 * Synchronous, so a view can start with its data instead of showing a skeleton for one frame.
 */
export function initialAnswer<Req extends Decodable, Res extends Decodable>(
  endpoint: Endpoint<Req, Res>,
  body: Req['Encoded'],
): Res['Type'] | undefined {
  const initial = takeInitialAnswer(endpoint, body)
  if (!initial || isUnauthorizedBody(initial.value)) return undefined
  return initial.value as Res['Type']
}

/** Calls an endpoint: resolves with the decoded body, rejects with the ApiFailure. */
export async function callApi<Req extends Decodable, Res extends Decodable>(
  endpoint: Endpoint<Req, Res>,
  body: Req['Encoded'],
  options: CallOptions & { signal?: AbortSignal } = {},
): Promise<Res['Type']> {
  const initial = takeInitialAnswer(endpoint, body)
  try {
    if (initial) {
      if (isUnauthorizedBody(initial.value))
        throw new Unauthorized({ status: 200, message: MESSAGES.unauthorized })
      return initial.value as Res['Type']
    }
    const token = options.token !== undefined ? options.token : await tokens.token()
    const { callEndpoint } = await loadTransport()
    return (await callEndpoint(endpoint, body, token, options.signal)) as Res['Type']
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
  const token = await tokens.token()
  const { post } = await loadTransport()
  const answer = await post(endpoint, body, token)
  if (answer.status === 401 || isUnauthorizedBody(answer.body)) tokens.unauthorized()
  return answer
}

/**
 * Sends a write whose answer nobody reads (a page view) as one plain request with the token: no transport, no
 * schemas, so a page whose first reads came with it loads neither. Never fails; an answer saying the token is no
 * longer valid still ends the session, as it does for any call.
 */
export async function notify<Req extends Decodable>(
  endpoint: Endpoint<Req, Decodable>,
  body: Req['Encoded'],
): Promise<void> {
  try {
    const token = await tokens.token()
    const response = await fetch(`${API_PREFIX}${endpoint.path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
      keepalive: true,
    })
    const answer: unknown = await response.json().catch(() => null)
    if (response.status === 401 || isUnauthorizedBody(answer)) tokens.unauthorized()
  } catch {
    // A lost page view must never get in the visitor's way.
  }
}

/** Tells the session about a failure that ended it, and passes the failure on. */
function endingSession(failure: unknown): never {
  if (failure instanceof Unauthorized) tokens.unauthorized()
  throw failure
}

/**
 * The multipart variant of a call (spec §7): form data with the same token header, the answer decoded with the
 * contract.
 */
export async function uploadForm<Res extends Decodable>(
  endpoint: Endpoint<Decodable, Res>,
  form: FormData,
): Promise<Res['Type']> {
  const token = await tokens.token()
  const { upload } = await loadTransport()
  return (await upload(endpoint, form, token).catch(endingSession)) as Res['Type']
}

/** A file the server gives only to its signed-in owner (the card photo), as a Blob; fails with an ApiFailure. */
export async function fetchWithToken(path: string): Promise<Blob> {
  const token = await tokens.token()
  const { download } = await loadTransport()
  return (await download(path, token).catch(endingSession)).blob
}

/**
 * Saves a file the server gives only to a signed-in caller (a ranking's CSV export): fetched with the Bearer,
 * as a link cannot send it, then saved under the server's file name. Fails with an ApiFailure, as a call does.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const token = await tokens.token()
  const { download, save } = await loadTransport()
  const { blob, response } = await download(path, token).catch(endingSession)
  save(blob, response, fallbackName)
}
