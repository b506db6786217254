// What the local identity service opens only on this computer or in development: the outbox (/idp/outbox, every
// account's codes) is served to loopback requests unless IDP_OUTBOX says otherwise, and the Vite dev server's
// redirect URI (https://localhost:5173/) is allowed only with `npm run dev` (DEV_SERVER=1).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { loadConfig, outboxNotice } from '../../server/config.ts'
import { buildTestApp, testConfig } from '../support/server.ts'

const config = testConfig()
const ORIGIN = config.publicOrigin
const SIGN_IN = '/idp/portale/b2c_1_signupsignin'
const DEV_REDIRECT = 'https://localhost:5173/'
const LOOPBACK = ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']
const ELSEWHERE = ['203.0.113.7', '10.0.0.1', '192.168.1.5', '::ffff:192.168.1.5', '2001:db8::1']

let app: FastifyInstance
let openApp: FastifyInstance
let offApp: FastifyInstance
let devApp: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
  openApp = await buildTestApp({ IDP_OUTBOX: 'open' })
  offApp = await buildTestApp({ IDP_OUTBOX: 'off' })
  devApp = await buildTestApp({ DEV_SERVER: '1' })
})
afterAll(async () => {
  await Promise.all([app, openApp, offApp, devApp].map((a) => a.close()))
})

const outbox = (target: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  target.inject({ method: 'GET', url: '/idp/outbox', remoteAddress, headers })

/** An authorization request as MSAL sends it, to a given redirect URI. */
function authorizeUrl(redirectUri: string, prompt?: string): string {
  const verifier = randomBytes(32).toString('base64url')
  const query = new URLSearchParams({
    client_id: config.identity.clientId,
    scope: 'openid offline_access profile',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    state: randomUUID(),
    nonce: randomUUID(),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(prompt ? { prompt } : {}),
  })
  return `${SIGN_IN}/oauth2/v2.0/authorize?${query}`
}

/** Cookies kept between requests from one client address, as a browser would. */
function browser(target: FastifyInstance, remoteAddress: string) {
  const cookies = new Map<string, string>()
  return async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const parsed = new URL(url, ORIGIN)
    const response = await target.inject({
      method,
      url: parsed.pathname + parsed.search,
      remoteAddress,
      headers: {
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    })
    const setCookie = response.headers['set-cookie']
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim())
    }
    return response
  }
}

/** The sign-up's code page, reached from a client address. */
async function codePageFrom(target: FastifyInstance, remoteAddress: string): Promise<string> {
  const go = browser(target, remoteAddress)
  const start = await go('GET', authorizeUrl(`${ORIGIN}/redirect.html`))
  expect(start.statusCode).toBe(303)
  const page = new URL(start.headers.location as string, ORIGIN).pathname
  const sent = await go('POST', `${page}/registrati`, { email: `nuovo-${randomUUID()}@esempio.it` })
  expect(sent.statusCode).toBe(303)
  const codePage = await go('GET', sent.headers.location as string)
  expect(codePage.statusCode).toBe(200)
  return codePage.body
}

describe('the outbox (/idp/outbox)', () => {
  it('is served to this computer and is a 404 to anyone else, or relayed by a proxy', async () => {
    for (const address of LOOPBACK) {
      const response = await outbox(app, address)
      expect({ address, status: response.statusCode }).toEqual({ address, status: 200 })
      expect(response.body).toContain('Posta simulata')
    }
    for (const address of ELSEWHERE) {
      const response = await outbox(app, address)
      expect({ address, status: response.statusCode }).toEqual({ address, status: 404 })
      expect(response.json()).toEqual({ statusCode: 404, message: MESSAGES.notFound })
    }
    // A proxy on this computer relays other people's requests.
    expect((await outbox(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404)
    expect((await outbox(app, '::1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(404)
  })

  it('with IDP_OUTBOX=open is served to anyone; with IDP_OUTBOX=off to nobody', async () => {
    for (const address of [...LOOPBACK, ...ELSEWHERE]) {
      expect((await outbox(openApp, address)).statusCode).toBe(200)
      expect((await outbox(offApp, address)).statusCode).toBe(404)
    }
  })

  it('is linked from the code page only where it is served', async () => {
    const here = await codePageFrom(app, '127.0.0.1')
    expect(here).toContain('href="/idp/outbox?a=')
    const away = await codePageFrom(app, '203.0.113.7')
    expect(away).not.toContain('/idp/outbox')
    expect(away).toContain('la posta simulata si legge solo dal computer che ospita il portale')
    expect(await codePageFrom(openApp, '203.0.113.7')).toContain('href="/idp/outbox?a=')
    expect(await codePageFrom(offApp, '127.0.0.1')).not.toContain('/idp/outbox')
  })

  it('the start-up line says who may read it; a wrong IDP_OUTBOX stops the start', () => {
    expect(loadConfig({}).outbox).toBe('loopback')
    expect(outboxNotice(loadConfig({}))).toBe(
      'Posta simulata: https://localhost:8443/idp/outbox, solo da questo computer (IDP_OUTBOX=open la apre a tutti, solo per lo sviluppo)',
    )
    expect(outboxNotice(loadConfig({ IDP_OUTBOX: 'open' }))).toMatch(/aperta a chiunque \(IDP_OUTBOX=open/)
    expect(outboxNotice(loadConfig({ IDP_OUTBOX: 'off' }))).toBe('Posta simulata: spenta (IDP_OUTBOX=off)')
    expect(() => loadConfig({ IDP_OUTBOX: 'tutti' })).toThrow(/IDP_OUTBOX deve essere loopback, open o off/)
  })
})

describe("the Vite dev server's redirect URI", () => {
  it('is refused outside development mode, and the form redirects do not allow its origin', async () => {
    const response = await app.inject({ method: 'GET', url: authorizeUrl(DEV_REDIRECT) })
    expect(response.statusCode).toBe(400)
    expect(response.headers.location).toBeUndefined()
    const page = await app.inject({ method: 'GET', url: authorizeUrl(`${ORIGIN}/redirect.html`) })
    expect(String(page.headers['content-security-policy'])).not.toContain('https://localhost:5173')
    expect(loadConfig({}).devServer).toBe(false)
  })

  it('is accepted with npm run dev (DEV_SERVER=1), which may also receive the sign-in form', async () => {
    const response = await devApp.inject({ method: 'GET', url: authorizeUrl(DEV_REDIRECT) })
    expect(response.statusCode).toBe(303)
    expect(new URL(response.headers.location as string, ORIGIN).pathname).toMatch(
      /^\/idp\/portale\/b2c_1_signupsignin\/interaction\/[\w-]+$/,
    )
    expect(String(response.headers['content-security-policy'])).toMatch(
      /form-action [^;]*https:\/\/localhost:5173/,
    )
    expect(loadConfig({ DEV_SERVER: '1' }).devServer).toBe(true)
  })
})
