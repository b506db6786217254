// The transport of src/api/ (DESIGN.md §2): ofetch for every request to the server, with a timeout, one retry of
// an idempotent read that met a network failure or a passing server error, and the caller's AbortSignal (a page's
// loader passes its actor's, which aborts when the page is left); Effect's Schema decodes the answers with the
// contract and the failures are the typed ones of errors.ts. Loaded on the first call that goes to the network
// (client.ts imports it lazily): a first page whose answers came in the page never downloads it.
import { FetchError, ofetch, type FetchOptions } from 'ofetch'
import { Result, Schema } from 'effect'
import { MESSAGES } from '../../contract/common.ts'
import { API_PREFIX, type Endpoint } from '../../contract/endpoint.ts'
import { BadResponse, NetworkFailure, ServerFailure, Unauthorized, type ApiFailure } from './errors.ts'
import { saveFile } from '../ui/save-file.ts'

export const TIMEOUT_MS = 20_000
/**
 * One more try for a read answered with a passing server error (a gateway's 502–504, a timeout); never for a
 * write, which the server may have done. A call that met no answer at all fails at once as a NetworkFailure: the
 * page offers «Riprova», and a call cut because the page is being left must not be sent again.
 */
const READ_RETRIES = 1
const RETRY_DELAY_MS = 300
const RETRY_STATUSES = [408, 500, 502, 503, 504]

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

/** The parsed body ofetch keeps on its answer (its own name for it). */
// oxlint-disable-next-line no-underscore-dangle
const dataOf = (response: { _data?: unknown }): unknown => response._data ?? null

/** The body as JSON, or null when it has none or it is not JSON (a proxy's HTML error page). */
function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {}

/** The timeout, and the caller's signal when there is one. */
function signalFor(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

/**
 * One request through ofetch, answered with its status and parsed body whatever the status; rejects only when
 * there is no answer (and never settles when the page is being left).
 */
async function request(
  url: string,
  options: FetchOptions<'json' | 'blob'> & { read: boolean },
): Promise<{ status: number; body: unknown; response: Response }> {
  const { read, ...rest } = options
  try {
    const response = await ofetch.raw(url, {
      parseResponse: parseJson,
      retry: read ? READ_RETRIES : 0,
      retryDelay: RETRY_DELAY_MS,
      retryStatusCodes: RETRY_STATUSES,
      // No answer: no retry (see READ_RETRIES), and a page being left never hears of it.
      onRequestError: ({ error }) => (leaving ? NEVER : Promise.reject(error)),
      ...rest,
    })
    return { status: response.status, body: dataOf(response), response }
  } catch (error) {
    // ofetch throws on a 4xx/5xx answer too: that is an answer, with its status and body.
    if (error instanceof FetchError && error.response) {
      return { status: error.response.status, body: dataOf(error.response), response: error.response }
    }
    if (leaving) return NEVER
    throw error
  }
}

/** One POST of JSON to the main API, answered with its status and parsed body (null when it has none). */
export async function post(
  endpoint: Endpoint,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const { status, body: answer } = await request(`${API_PREFIX}${endpoint.path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body ?? {}),
    signal: signalFor(TIMEOUT_MS, signal),
    read: !endpoint.write,
  })
  return { status, body: answer }
}

/**
 * The response schema of an endpoint: the endpoint's own, or, in the built portal (whose endpoints carry no
 * schemas: vite.config.ts, leanContract), the one of the same endpoint in its contract module as written.
 */
async function responseSchema(endpoint: Endpoint): Promise<Schema.Top> {
  if (endpoint.response) return endpoint.response
  const module = await endpoint.schemas?.()
  const full = Object.values(module ?? {}).find(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && (value as Endpoint).path === endpoint.path,
  )
  // A helper that builds endpoints (torneo.ts's prints) exports only its results: they are among the values.
  if (!full?.response) throw new Error(`Nessuno schema per ${endpoint.path}`)
  return full.response
}

type Decodable = Schema.Top & { readonly DecodingServices: never }

/** The answer decoded with the contract, or a BadResponse. */
export async function decode(endpoint: Endpoint, raw: unknown): Promise<unknown> {
  const schema = (await responseSchema(endpoint)) as Decodable
  const decoded = Schema.decodeUnknownResult(schema)(raw)
  if (Result.isFailure(decoded)) {
    throw new BadResponse({ path: endpoint.path, detail: decoded.failure.message })
  }
  return decoded.success
}

export function isUnauthorizedBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { message?: unknown }).message === MESSAGES.unauthorized
  )
}

/** The typed failure of an answer: a 401 or 'Utente non autorizzato' whatever the status, any other non-2xx. */
export function failureOf(status: number, body: unknown): ApiFailure | undefined {
  const data = body as { message?: unknown } | null
  const message = typeof data?.message === 'string' ? data.message : null
  if (status === 401 || isUnauthorizedBody(body))
    return new Unauthorized({ status, message: message ?? MESSAGES.unauthorized })
  if (status >= 200 && status <= 299) return undefined
  return new ServerFailure({ status, message })
}

/** A call to the main API: the decoded body, or a typed failure. */
export async function callEndpoint(
  endpoint: Endpoint,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
): Promise<unknown> {
  let answer: { status: number; body: unknown }
  try {
    answer = await post(endpoint, body, token, signal)
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  const failure = failureOf(answer.status, answer.body)
  if (failure) throw failure
  return decode(endpoint, answer.body)
}

/**
 * The multipart variant of a call (spec §7): form data with the same token header, the answer decoded with the
 * contract. The browser writes the multipart boundary itself, so no content type is set here.
 */
export async function upload(endpoint: Endpoint, form: FormData, token: string | null): Promise<unknown> {
  let answer: { status: number; body: unknown }
  try {
    answer = await request(`${API_PREFIX}${endpoint.path}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...bearer(token) },
      body: form,
      signal: signalFor(TIMEOUT_MS * 3),
      read: false,
    })
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  const failure = failureOf(answer.status, answer.body)
  if (failure) throw failure
  return decode(endpoint, answer.body)
}

/** A file the server gives only to a signed-in caller, with its answer's headers; fails with an ApiFailure. */
export async function download(
  path: string,
  token: string | null,
): Promise<{ blob: Blob; response: Response }> {
  let answer: { status: number; body: unknown; response: Response }
  try {
    answer = await request(path, {
      method: 'GET',
      headers: bearer(token),
      // A file's bytes, not JSON (an error's JSON body is read from the blob below).
      parseResponse: undefined,
      responseType: 'blob',
      signal: signalFor(TIMEOUT_MS),
      read: true,
    })
  } catch (error) {
    throw new NetworkFailure({ cause: error })
  }
  const blob = answer.body instanceof Blob ? answer.body : new Blob([])
  if (answer.status < 200 || answer.status > 299) {
    throw failureOf(answer.status, parseJson(await blob.text().catch(() => '')))!
  }
  return { blob, response: answer.response }
}

/** Saves a downloaded file under the server's file name, or `fallbackName`. */
export function save(blob: Blob, response: Response, fallbackName: string) {
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName
  saveFile(blob, name)
}
