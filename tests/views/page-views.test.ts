// One page view per route change, sent to our own server: a write whose answer nobody reads, so it goes out as a
// plain request, without the transport and its schemas (a first page whose reads came in the page loads neither).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

function networkAnswering(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => vi.resetModules())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.doUnmock('../../src/api/transport.ts')
})

describe('a page view', () => {
  it('is posted to the API with the path, the page before and the token, without loading the transport', async () => {
    const transport = vi.fn()
    vi.doMock('../../src/api/transport.ts', () => {
      transport()
      return {}
    })
    const fetch = networkAnswering(200, { result: { registrata: true } })
    const { connectSession } = await import('../../src/api/client.ts')
    connectSession({ token: async () => 'tok', unauthorized: () => undefined })
    const { trackPageView } = await import('../../src/app/page-views.ts')
    trackPageView('/home')
    trackPageView('/home')
    trackPageView('/tornei/calendario-tornei')
    await settled()
    expect(fetch).toHaveBeenCalledTimes(2)
    const [url, init] = fetch.mock.calls[1]!
    expect(url).toBe('/api/v1/analytics/page-view')
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok')
    expect(JSON.parse(init.body as string)).toMatchObject({
      path: '/tornei/calendario-tornei',
      referrer: '/home',
    })
    expect(transport).not.toHaveBeenCalled()
  })

  it('still ends the session when the API says the token is no longer valid, and never fails', async () => {
    networkAnswering(401, { statusCode: 401, message: 'Utente non autorizzato' })
    const unauthorized = vi.fn()
    const { connectSession } = await import('../../src/api/client.ts')
    connectSession({ token: async () => 'scaduto', unauthorized })
    const { trackPageView } = await import('../../src/app/page-views.ts')
    trackPageView('/home')
    await settled()
    expect(unauthorized).toHaveBeenCalledTimes(1)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('rete'))),
    )
    trackPageView('/news')
    await settled()
    expect(unauthorized).toHaveBeenCalledTimes(1)
  })
})
