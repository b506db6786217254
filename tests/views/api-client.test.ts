// The client's one transport: what each kind of answer becomes (spec §6, §8) and what reaches the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { endpoints } from '../../contract/endpoints.ts'

const loadClient = () => import('../../src/api/client.ts')

function answering(status: number, body: string | null) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeEach(() => vi.resetModules())
afterEach(() => vi.unstubAllGlobals())

describe('the API client', () => {
  it('posts JSON to the versioned path with the Bearer token and decodes the answer', async () => {
    const fetch = answering(200, JSON.stringify({ result: [{ discipline: [] }] }))
    const client = await loadClient()
    client.connectSession({ token: async () => 'tok', unauthorized: () => undefined })
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).resolves.toEqual({
      result: [{ discipline: [] }],
    })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/v1/lookup/get')
    expect(init.method).toBe('POST')
    expect(init.body).toBe(JSON.stringify({ keys: 'ss' }))
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok')
  })

  it('ends the session on a 401 and fails with the expiry message', async () => {
    answering(401, JSON.stringify({ statusCode: 401, message: MESSAGES.unauthorized }))
    const client = await loadClient()
    const unauthorized = vi.fn()
    client.connectSession({ token: async () => 'tok', unauthorized })
    const failure = await client.callApi(endpoints.lookupGet, { keys: 'ss' }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ _tag: 'Unauthorized', status: 401 })
    expect(unauthorized).toHaveBeenCalledTimes(1)
  })

  it("keeps the server's message on any other failure, and has none for a body that is not JSON", async () => {
    answering(409, JSON.stringify({ statusCode: 409, message: 'Iscrizioni chiuse' }))
    let client = await loadClient()
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).rejects.toMatchObject({
      _tag: 'ServerFailure',
      status: 409,
      message: 'Iscrizioni chiuse',
    })
    vi.resetModules()
    answering(502, '<html>Bad gateway</html>')
    client = await loadClient()
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).rejects.toMatchObject({
      _tag: 'ServerFailure',
      status: 502,
      message: null,
    })
  })

  it('fails as a network failure when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const client = await loadClient()
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).rejects.toMatchObject({
      _tag: 'NetworkFailure',
    })
  })

  it('leaves unsettled a call the browser cuts because the page is being left, and acts on it again after', async () => {
    // The browser fires pagehide, then rejects the calls still running (seen in Chromium on a reload).
    let cut: (error: Error) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((_resolve, reject) => (cut = reject))),
    )
    const client = await loadClient()
    const unauthorized = vi.fn()
    client.connectSession({ token: async () => 'tok', unauthorized })
    let settled = ''
    const call = client.callApi(endpoints.lookupGet, { keys: 'ss' }).then(
      () => (settled = 'resolved'),
      () => (settled = 'rejected'),
    )
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    window.dispatchEvent(new Event('pagehide'))
    cut(new TypeError('Failed to fetch'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe('')
    expect(unauthorized).not.toHaveBeenCalled()
    void call

    // Restored from the back-forward cache: failures are failures again.
    window.dispatchEvent(new Event('pageshow'))
    const again = client.callApi(endpoints.lookupGet, { keys: 'ss' })
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    cut(new TypeError('Failed to fetch'))
    await expect(again).rejects.toMatchObject({ _tag: 'NetworkFailure' })
  })

  it('fails as a bad response when the answer is not the contract’s shape', async () => {
    answering(200, JSON.stringify({ nothing: true }))
    const client = await loadClient()
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).rejects.toMatchObject({
      _tag: 'BadResponse',
    })
  })

  it('gives a confirmed action the raw status and body, an empty 204 included', async () => {
    answering(204, null)
    let client = await loadClient()
    await expect(client.submitRaw(endpoints.logout, {})).resolves.toEqual({ status: 204, body: null })
    vi.resetModules()
    answering(200, JSON.stringify({ statusCode: 500, message: 'no' }))
    client = await loadClient()
    await expect(client.submitRaw(endpoints.logout, {})).resolves.toEqual({
      status: 200,
      body: { statusCode: 500, message: 'no' },
    })
  })

  it('tries a read once more when a gateway answers 503, and never a write', async () => {
    const fetch = vi
      .fn(
        async (_url: string, _init: RequestInit) =>
          new Response(JSON.stringify({ result: [] }), { status: 200 }),
      )
      .mockResolvedValueOnce(new Response('<html>503</html>', { status: 503 }))
    vi.stubGlobal('fetch', fetch)
    let client = await loadClient()
    await expect(client.callApi(endpoints.lookupGet, { keys: 'ss' })).resolves.toEqual({ result: [] })
    expect(fetch).toHaveBeenCalledTimes(2)

    vi.resetModules()
    const write = answering(503, JSON.stringify({ statusCode: 503, message: 'Riprova tra poco' }))
    client = await loadClient()
    await expect(client.submitRaw(endpoints.logout, {})).resolves.toMatchObject({ status: 503 })
    expect(write).toHaveBeenCalledTimes(1)
  })

  it("gives up a call when its caller's signal aborts (the page was left), without trying again", async () => {
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    )
    vi.stubGlobal('fetch', fetch)
    const client = await loadClient()
    const controller = new AbortController()
    const call = client.callApi(endpoints.lookupGet, { keys: 'ss' }, { signal: controller.signal })
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    controller.abort()
    await expect(call).rejects.toMatchObject({ _tag: 'NetworkFailure' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('decodes with the schemas of the endpoint’s module when the built client’s endpoint carries none', async () => {
    answering(200, JSON.stringify({ result: [{ discipline: [] }] }))
    const client = await loadClient()
    const schemas = vi.fn(async () => ({ lookupGet: endpoints.lookupGet }) as Record<string, unknown>)
    const lean = { ...endpoints.lookupGet, request: undefined, response: undefined, schemas } as never
    await expect(client.callApi(lean, { keys: 'ss' })).resolves.toEqual({ result: [{ discipline: [] }] })
    expect(schemas).toHaveBeenCalledTimes(1)
    answering(200, JSON.stringify({ nothing: true }))
    await expect(client.callApi(lean, { keys: 'ss' })).rejects.toMatchObject({ _tag: 'BadResponse' })
  })
})
