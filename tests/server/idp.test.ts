// The local identity service end to end through inject(): discovery, the sign-in pages, the authorization code
// with PKCE, tokens the API accepts, refresh, "Password dimenticata?", sign-up and reset with codes from the
// outbox, throttling and logout. Requests are shaped like MSAL 5's (lower-cased authority, fragment mode).
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier, type TokenVerifier } from '../../server/auth/verify.ts'
import { hashPassword, verifyPassword } from '../../server/auth/password.ts'
import { feedPersonalePath } from '../../contract/stampe.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { calendarFeeds } from '../../server/db/schema/domain.ts'
import { feedTokenHash } from '../../server/domain/calendar-feed.ts'
import { idpOutbox, idpVerificationCodes } from '../../server/db/schema/idp.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'
import { buildTestApp, call, createAccount, testConfig, testDatabase } from '../support/server.ts'

const config = testConfig()
const ORIGIN = config.publicOrigin
const CLIENT_ID = config.identity.clientId
const REDIRECT_URI = `${ORIGIN}/redirect.html`
/** As configured (mixed case) and as MSAL sends it (lower case). */
const SIGN_IN = '/idp/portale/B2C_1_signupsignin'
const SIGN_IN_LOWER = '/idp/portale/b2c_1_signupsignin'
const RESET = '/idp/portale/B2C_1_passwordreset'
const RESET_LOWER = '/idp/portale/b2c_1_passwordreset'
const PASSWORD = 'Racchetta2026'

let app: FastifyInstance
let verify: TokenVerifier

beforeAll(async () => {
  app = await buildTestApp()
  const { db } = await testDatabase()
  verify = createTokenVerifier(config.identity, (await loadOrCreateSigningKeys(db)).publicJwks)
})
afterAll(() => app.close())

/** Path and query of a URL the service answered with (absolute or not). */
function local(url: string): string {
  const parsed = new URL(url, ORIGIN)
  expect(parsed.origin).toBe(ORIGIN)
  return parsed.pathname + parsed.search
}

/** A browser: keeps the cookies the service sets and sends them back; one client address. */
class Browser {
  readonly cookies = new Map<string, string>()

  constructor(readonly address = '127.0.0.1') {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const response = await app.inject({
      method,
      url: local(url),
      remoteAddress: this.address,
      headers: {
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    })
    const setCookie = response.headers['set-cookie']
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1).trim()
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='))
      const gone = value === '' || (expires && new Date(expires.split('=')[1]!).getTime() < Date.now())
      if (gone) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  get(url: string) {
    return this.request('GET', url)
  }

  post(url: string, form: Record<string, string>) {
    return this.request('POST', url, form)
  }

  /** Follows the service's redirects until one leaves /idp (the app's redirect URI); returns that URL. */
  async follow(response: LightMyRequestResponse): Promise<URL> {
    let current = response
    for (let hops = 0; hops < 10; hops++) {
      if (current.statusCode !== 302 && current.statusCode !== 303) {
        throw new Error(`expected a redirect, got ${current.statusCode}: ${current.body}`)
      }
      const location = new URL(current.headers.location as string, ORIGIN)
      if (!location.pathname.startsWith('/idp/')) return location
      current = await this.get(location.href)
    }
    throw new Error('too many redirects')
  }
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

type Authorization = { state: string; nonce: string; verifier: string; url: string }

/** An authorization request as MSAL's loginRedirect/ssoSilent builds it. */
function authorization(
  authority: string,
  options: { prompt?: string; scope?: string; loginHint?: string } = {},
): Authorization {
  const { verifier, challenge } = pkce()
  const state = randomUUID()
  const nonce = randomUUID()
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    scope: options.scope ?? 'openid offline_access profile',
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    response_mode: 'fragment',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    client_info: '1',
    'x-client-SKU': 'msal.js.browser',
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...(options.loginHint ? { login_hint: options.loginHint } : {}),
  })
  return { state, nonce, verifier, url: `${authority}/oauth2/v2.0/authorize?${query}` }
}

/** Starts an authorization and lands on the interaction page; returns its path. */
async function openInteraction(browser: Browser, request: Authorization): Promise<string> {
  const start = await browser.get(request.url)
  expect(start.statusCode).toBe(303)
  const page = local(start.headers.location as string)
  // Under the policy, as B2C's pages live under the authority.
  const policy = new URL(request.url, ORIGIN).pathname.split('/')[3]!.toLowerCase()
  expect(page).toMatch(new RegExp(`^/idp/portale/${policy}/interaction/[\\w-]+$`))
  return page
}

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1))
}

async function exchangeCode(authority: string, request: Authorization, redirect: URL) {
  const params = fragmentOf(redirect)
  expect(params.get('state')).toBe(request.state)
  const code = params.get('code')
  expect(code).toBeTruthy()
  const response = await app.inject({
    method: 'POST',
    url: `${authority}/oauth2/v2.0/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: CLIENT_ID,
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: REDIRECT_URI,
      code_verifier: request.verifier,
      scope: 'openid offline_access profile',
      client_info: '1',
    }).toString(),
  })
  expect(response.statusCode).toBe(200)
  return response.json() as {
    id_token: string
    refresh_token: string
    access_token: string
    expires_in: number
  }
}

async function accountWithPassword(password = PASSWORD) {
  return createAccount({ account: { passwordHash: await hashPassword(password) } })
}

/** Signs in through the pages and returns the tokens. */
async function signIn(browser: Browser, email: string, password = PASSWORD, authority = SIGN_IN_LOWER) {
  const request = authorization(authority)
  const page = await openInteraction(browser, request)
  const submitted = await browser.post(`${page}/accedi`, { email, password })
  expect(submitted.statusCode).toBe(303)
  const tokens = await exchangeCode(authority, request, await browser.follow(submitted))
  return { request, tokens }
}

async function latestMail(recipient: string) {
  const { db } = await testDatabase()
  const [message] = await db
    .select()
    .from(idpOutbox)
    .where(eq(idpOutbox.recipient, recipient))
    .orderBy(desc(idpOutbox.id))
    .limit(1)
  expect(message).toBeDefined()
  return message!
}

function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body)
  if (!match) throw new Error(`no code in: ${body}`)
  return match[1]!
}

describe('discovery', () => {
  it.each([
    [SIGN_IN_LOWER, 'b2c_1_signupsignin'],
    [SIGN_IN, 'b2c_1_signupsignin'],
    ['/idp/portale/B2C_1_SignUpSignIn', 'b2c_1_signupsignin'],
    [RESET_LOWER, 'b2c_1_passwordreset'],
    [RESET, 'b2c_1_passwordreset'],
  ])(
    'serves %s/v2.0/.well-known/openid-configuration with B2C-shaped endpoints',
    async (authority, policy) => {
      const response = await app.inject({ url: `${authority}/v2.0/.well-known/openid-configuration` })
      expect(response.statusCode).toBe(200)
      const base = `${ORIGIN}/idp/portale/${policy}`
      expect(response.json()).toMatchObject({
        issuer: config.identity.issuers[0],
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/oauth2/v2.0/token`,
        end_session_endpoint: `${base}/oauth2/v2.0/logout`,
        jwks_uri: `${base}/discovery/v2.0/keys`,
        id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
        code_challenge_methods_supported: ['S256'],
      })
    },
  )

  it('publishes the public signing keys where the API config expects them', async () => {
    expect(config.identity.issuers[0]).toBe('https://localhost:8443/idp/portale/v2.0/')
    const response = await app.inject({ url: local(config.identity.jwksUri) })
    expect(response.statusCode).toBe(200)
    const { keys } = response.json() as { keys: Record<string, unknown>[] }
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', kid: expect.any(String) })
      expect(key).not.toHaveProperty('d')
    }
  })

  it('answers 404 for an unknown tenant or policy', async () => {
    for (const url of [
      '/idp/altro/b2c_1_signupsignin/v2.0/.well-known/openid-configuration',
      '/idp/portale/b2c_1_altra/v2.0/.well-known/openid-configuration',
    ]) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ statusCode: 404, message: 'Risorsa non trovata' })
    }
  })
})

describe('sign-in page', () => {
  it('is Italian, accessible and free of inline script and style', async () => {
    const browser = new Browser()
    const page = await openInteraction(
      browser,
      authorization(SIGN_IN_LOWER, { loginHint: 'Mario@Esempio.it' }),
    )
    const response = await browser.get(page)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    const body = response.body
    expect(body).toContain('<html lang="it">')
    expect(body).toContain('<h1>Accedi</h1>')
    expect(body).toMatch(/<label for="email">E-mail<\/label>/)
    expect(body).toMatch(/<label for="password">Password<\/label>/)
    expect(body).toContain('value="mario@esempio.it"')
    expect(body).toContain(`href="${page}/password-dimenticata">Password dimenticata?</a>`)
    expect(body).toMatch(/Non hai un account\? <a href="[^"]+\/registrati">Registrati<\/a>/)
    expect(body).toContain('<link rel="stylesheet" href="/idp/assets/idp.css">')
    expect(body).not.toMatch(/<script(?![^>]*\ssrc=)/)
    expect(body).not.toMatch(/<style|\sstyle=/)
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")

    const css = await app.inject({ url: '/idp/assets/idp.css' })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toMatch(/text\/css/)
    expect(css.body).toContain(':focus-visible')
  })

  it('answers "Richiesta scaduta" to another browser or under another policy', async () => {
    const browser = new Browser()
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    const elsewhere = await new Browser().get(page)
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.body).toContain('<h1>Richiesta scaduta</h1>')
    const otherPolicy = await browser.get(page.replace('b2c_1_signupsignin', 'b2c_1_passwordreset'))
    expect(otherPolicy.statusCode).toBe(400)
    expect(otherPolicy.body).toContain('<h1>Richiesta scaduta</h1>')
  })

  it('accepts prompt=select_account as MSAL may send it, and signs in', async () => {
    const account = await accountWithPassword()
    const browser = new Browser()
    const request = authorization(SIGN_IN_LOWER, { prompt: 'select_account' })
    const page = await openInteraction(browser, request)
    const submitted = await browser.post(`${page}/accedi`, { email: account.email, password: PASSWORD })
    const tokens = await exchangeCode(SIGN_IN_LOWER, request, await browser.follow(submitted))
    expect((await verify(tokens.id_token)).sub).toBe(account.id)
  })

  it('ties each error to its field', async () => {
    const browser = new Browser()
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    const response = await browser.post(`${page}/accedi`, { email: 'non-una-email', password: '' })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Inserisci un indirizzo e-mail valido')
    expect(response.body).toContain('Inserisci la password.')
    expect(response.body).toMatch(/id="email-error"/)
    expect(response.body).toMatch(
      /<input id="email"[^>]*aria-describedby="email-error"[^>]*aria-invalid="true"/,
    )
    expect(response.body).toMatch(/<input id="password"[^>]*aria-describedby="password-error"/)
  })
})

describe('authorization code with PKCE', () => {
  it('signs in and returns an id token that the API verifies and maps to the account', async () => {
    const account = await accountWithPassword()
    const browser = new Browser()
    const { request, tokens } = await signIn(browser, account.email.toUpperCase())

    const claims = await verify(tokens.id_token)
    expect(claims).toMatchObject({
      iss: config.identity.issuers[0],
      aud: CLIENT_ID,
      sub: account.id,
      emails: [account.email],
      preferred_username: account.email,
      name: 'Giulia Test',
      given_name: 'Giulia',
      family_name: 'Test',
      tfp: 'B2C_1_signupsignin',
      nonce: request.nonce,
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(tokens.expires_in).toBe(3600)
    expect(tokens.refresh_token).toBeTruthy()

    const login = await call(app, 'login', {}, tokens.id_token)
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({ result: { user_id: account.id } })
  })

  it('answers ssoSilent (prompt=none) from the session, in a frame of the same origin', async () => {
    const account = await accountWithPassword()
    const browser = new Browser()
    await signIn(browser, account.email)

    const silent = authorization(SIGN_IN_LOWER, { prompt: 'none' })
    const response = await browser.get(silent.url)
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    const tokens = await exchangeCode(SIGN_IN_LOWER, silent, await browser.follow(response))
    expect((await verify(tokens.id_token)).sub).toBe(account.id)

    const stranger = await new Browser().get(authorization(SIGN_IN_LOWER, { prompt: 'none' }).url)
    const refused = fragmentOf(await new Browser().follow(stranger))
    expect(refused.get('error')).toBe('login_required')
  })

  it('refreshes with the scopes MSAL re-sends, rotating the refresh token', async () => {
    const account = await accountWithPassword()
    const browser = new Browser()
    // B2C apps often ask for their own client id as a scope; it must survive into the refresh token.
    const request = authorization(SIGN_IN_LOWER, { scope: `${CLIENT_ID} openid offline_access profile` })
    const page = await openInteraction(browser, request)
    const submitted = await browser.post(`${page}/accedi`, { email: account.email, password: PASSWORD })
    const tokens = await exchangeCode(SIGN_IN_LOWER, request, await browser.follow(submitted))

    const refresh = (refreshToken: string) =>
      app.inject({
        method: 'POST',
        url: `${SIGN_IN_LOWER}/oauth2/v2.0/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: CLIENT_ID,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          scope: `${CLIENT_ID} openid offline_access profile`,
          client_info: '1',
        }).toString(),
      })
    const refreshed = await refresh(tokens.refresh_token)
    expect(refreshed.statusCode).toBe(200)
    const body = refreshed.json() as { id_token: string; refresh_token: string }
    expect((await verify(body.id_token)).sub).toBe(account.id)
    expect(decodeJwt(body.id_token).tfp).toBe('B2C_1_signupsignin')
    expect(body.refresh_token).toBeTruthy()
    expect(body.refresh_token).not.toBe(tokens.refresh_token)
    expect((await call(app, 'login', {}, body.id_token)).status).toBe(200)

    // A rotated refresh token is spent: replaying it fails (and revokes the grant).
    const replay = await refresh(tokens.refresh_token)
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses a code exchanged without the PKCE verifier', async () => {
    const account = await accountWithPassword()
    const browser = new Browser()
    const request = authorization(SIGN_IN_LOWER)
    const page = await openInteraction(browser, request)
    const redirect = await browser.follow(
      await browser.post(`${page}/accedi`, { email: account.email, password: PASSWORD }),
    )
    const response = await app.inject({
      method: 'POST',
      url: `${SIGN_IN_LOWER}/oauth2/v2.0/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: CLIENT_ID,
        grant_type: 'authorization_code',
        code: fragmentOf(redirect).get('code')!,
        redirect_uri: REDIRECT_URI,
        code_verifier: pkce().verifier,
      }).toString(),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_grant' })
  })
})

describe('Password dimenticata?', () => {
  it('returns to the redirect URI with access_denied and AADB2C90118', async () => {
    const browser = new Browser()
    const request = authorization(SIGN_IN_LOWER)
    const page = await openInteraction(browser, request)
    const redirect = await browser.follow(await browser.get(`${page}/password-dimenticata`))
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI)
    const params = fragmentOf(redirect)
    expect(params.get('error')).toBe('access_denied')
    expect(params.get('error_description')).toMatch(/^AADB2C90118/)
    expect(params.get('state')).toBe(request.state)
  })
})

describe('sign-up', () => {
  it('verifies the e-mail with a code from the outbox, sets a password and signs in', async () => {
    const email = `nuovo-${randomUUID()}@esempio.it`
    const browser = new Browser('10.1.0.1')
    const request = authorization(SIGN_IN_LOWER)
    const page = await openInteraction(browser, request)

    const form = await browser.get(`${page}/registrati`)
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('<h1>Registrati</h1>')

    const sent = await browser.post(`${page}/registrati`, { email: email.toUpperCase() })
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe(`${page}/registrati/codice`)
    const codePage = await browser.get(`${page}/registrati/codice`)
    expect(codePage.body).toContain(email)

    const mail = await latestMail(email)
    expect(mail.subject).toBe('Codice di verifica per la registrazione')
    const code = codeIn(mail.body)

    const outbox = await app.inject({ url: `/idp/outbox?a=${encodeURIComponent(email)}` })
    expect(outbox.statusCode).toBe(200)
    expect(outbox.body).toContain("Posta simulata (solo ambiente locale): sostituisce l'invio di e-mail")
    expect(outbox.body).toContain(code)

    const wrongCode = code === '000000' ? '111111' : '000000'
    const wrong = await browser.post(`${page}/registrati/codice`, { code: wrongCode })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('Codice non corretto. Ti restano 4 tentativi.')
    expect(wrong.body).toMatch(/<input id="code"[^>]*aria-describedby="code-hint code-error"/)

    const verified = await browser.post(`${page}/registrati/codice`, { code })
    expect(verified.statusCode).toBe(303)
    expect(verified.headers.location).toBe(`${page}/registrati/password`)

    const weak = await browser.post(`${page}/registrati/password`, { password: 'corta', confirm: 'corta' })
    expect(weak.statusCode).toBe(400)
    expect(weak.body).toContain('La password deve avere almeno 8 caratteri.')
    const lettersOnly = await browser.post(`${page}/registrati/password`, {
      password: 'solamentelettere',
      confirm: 'solamentelettere',
    })
    expect(lettersOnly.body).toContain('La password deve contenere sia lettere sia numeri.')
    const mismatch = await browser.post(`${page}/registrati/password`, {
      password: PASSWORD,
      confirm: 'Altra1234',
    })
    expect(mismatch.body).toContain('Le due password non coincidono.')

    const created = await browser.post(`${page}/registrati/password`, {
      password: PASSWORD,
      confirm: PASSWORD,
    })
    expect(created.statusCode).toBe(303)
    const tokens = await exchangeCode(SIGN_IN_LOWER, request, await browser.follow(created))

    const { db } = await testDatabase()
    const [account] = await db.select().from(accounts).where(eq(accounts.email, email))
    expect(account).toBeDefined()
    expect(account!.emailVerifiedAt).toBeInstanceOf(Date)
    expect(await verifyPassword(PASSWORD, account!.passwordHash)).toBe(true)
    const claims = await verify(tokens.id_token)
    expect(claims).toMatchObject({ sub: account!.id, emails: [email], name: email })
    expect(claims).not.toHaveProperty('given_name')
    expect((await call(app, 'login', {}, tokens.id_token)).status).toBe(200)
  })

  it('does not mail a code for an e-mail that already has an account', async () => {
    const existing = await accountWithPassword()
    const browser = new Browser('10.1.0.2')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    const sent = await browser.post(`${page}/registrati`, { email: existing.email })
    expect(sent.statusCode).toBe(303)
    const mail = await latestMail(existing.email)
    expect(mail.subject).toBe('Registrazione: esiste già un account')
    expect(mail.body).not.toMatch(/\b\d{6}\b/)
  })

  it('allows a limited number of wrong codes', async () => {
    const email = `tentativi-${randomUUID()}@esempio.it`
    const browser = new Browser('10.1.0.3')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    await browser.post(`${page}/registrati`, { email })
    const code = codeIn((await latestMail(email)).body)
    const wrongCode = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) await browser.post(`${page}/registrati/codice`, { code: wrongCode })
    const late = await browser.post(`${page}/registrati/codice`, { code })
    expect(late.statusCode).toBe(400)
    expect(late.body).toContain('Hai esaurito i tentativi per questo codice')

    // A new code works again.
    const resent = await browser.post(`${page}/registrati/codice`, { azione: 'reinvia' })
    expect(resent.body).toContain('Ti abbiamo inviato un nuovo codice.')
    const fresh = codeIn((await latestMail(email)).body)
    const verified = await browser.post(`${page}/registrati/codice`, { code: fresh })
    expect(verified.statusCode).toBe(303)
  })

  it('refuses a code after 15 minutes', async () => {
    const email = `scaduto-${randomUUID()}@esempio.it`
    const browser = new Browser('10.1.0.4')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    await browser.post(`${page}/registrati`, { email })
    const code = codeIn((await latestMail(email)).body)
    const { db } = await testDatabase()
    const [row] = await db.select().from(idpVerificationCodes).where(eq(idpVerificationCodes.email, email))
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(15 * 60_000)
    await db
      .update(idpVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpVerificationCodes.email, email))
    const late = await browser.post(`${page}/registrati/codice`, { code })
    expect(late.statusCode).toBe(400)
    expect(late.body).toContain('Il codice è scaduto: chiedi un nuovo codice.')
    expect((await browser.get(`${page}/registrati/password`)).headers.location).toBe(
      `${page}/registrati/codice`,
    )
  })

  it('opens the sign-up page for prompt=create', async () => {
    const browser = new Browser()
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER, { prompt: 'create' }))
    const response = await browser.get(page)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${page}/registrati`)
  })
})

describe('password reset policy', () => {
  it('resets the password with a code and signs in with the reset policy', async () => {
    const account = await accountWithPassword('VecchiaPassword1')
    const { db } = await testDatabase()
    await db.update(accounts).set({ failedSignIns: 3 }).where(eq(accounts.id, account.id))
    // A personal calendar feed made before the reset: the reset revokes it (docs/regole.md, «Uscita»).
    const feedSecret = randomBytes(32).toString('base64url')
    await db.insert(calendarFeeds).values({ accountId: account.id, tokenHash: feedTokenHash(feedSecret) })
    const feedUrl = feedPersonalePath(feedSecret)
    expect((await app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(200)
    // Another device signed in before the reset; the reset signs it out (whole seconds, as the API).
    const otherDevice = new Browser('10.2.0.6')
    const before = await signIn(otherDevice, account.email, 'VecchiaPassword1')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const browser = new Browser('10.2.0.1')
    const request = authorization(RESET_LOWER)
    const page = await openInteraction(browser, request)

    const start = await browser.get(page)
    expect(start.body).toContain('<h1>Reimposta la password</h1>')
    expect(start.body).toContain(`action="${page}/reimposta"`)

    expect((await browser.post(`${page}/reimposta`, { email: account.email })).statusCode).toBe(303)
    const mail = await latestMail(account.email)
    expect(mail.subject).toBe('Codice per reimpostare la password')
    const verified = await browser.post(`${page}/reimposta/codice`, { code: codeIn(mail.body) })
    expect(verified.headers.location).toBe(`${page}/reimposta/password`)
    const saved = await browser.post(`${page}/reimposta/password`, { password: PASSWORD, confirm: PASSWORD })
    expect(saved.statusCode).toBe(303)
    const tokens = await exchangeCode(RESET_LOWER, request, await browser.follow(saved))

    const claims = await verify(tokens.id_token)
    expect(claims).toMatchObject({ sub: account.id, tfp: 'B2C_1_passwordreset' })
    expect((await call(app, 'login', {}, tokens.id_token)).status).toBe(200)
    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row!.failedSignIns).toBe(0)

    // The other device's session, refresh token and id token stopped working.
    const silent = await otherDevice.get(authorization(SIGN_IN_LOWER, { prompt: 'none' }).url)
    expect(fragmentOf(await otherDevice.follow(silent)).get('error')).toBe('login_required')
    const refreshed = await app.inject({
      method: 'POST',
      url: `${SIGN_IN_LOWER}/oauth2/v2.0/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: before.tokens.refresh_token,
      }).toString(),
    })
    expect(refreshed.statusCode).toBe(400)
    expect((await call(app, 'login', {}, before.tokens.id_token)).status).toBe(401)
    // The feed's link is dead; a new one is made from /impostazioni.
    expect((await app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(404)
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, account.id))).toEqual([])

    // The new password works, the old one no longer does.
    await signIn(new Browser('10.2.0.2'), account.email, PASSWORD)
    const old = new Browser('10.2.0.3')
    const oldPage = await openInteraction(old, authorization(SIGN_IN_LOWER))
    const refused = await old.post(`${oldPage}/accedi`, {
      email: account.email,
      password: 'VecchiaPassword1',
    })
    expect(refused.statusCode).toBe(401)
  })

  it('shows the reset page even to a signed-in browser', async () => {
    const account = await accountWithPassword()
    const browser = new Browser('10.2.0.4')
    await signIn(browser, account.email)
    const response = await browser.get(authorization(RESET_LOWER).url)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toMatch(/^\/idp\/portale\/b2c_1_passwordreset\/interaction\//)
  })

  it('mails no code for an unknown e-mail, and the code page looks the same', async () => {
    const email = `sconosciuto-${randomUUID()}@esempio.it`
    const browser = new Browser('10.2.0.5')
    const page = await openInteraction(browser, authorization(RESET_LOWER))
    const sent = await browser.post(`${page}/reimposta`, { email })
    expect(sent.statusCode).toBe(303)
    const mail = await latestMail(email)
    expect(mail.subject).toBe('Reimpostazione della password')
    expect(mail.body).not.toMatch(/\b\d{6}\b/)
    const codePage = await browser.get(`${page}/reimposta/codice`)
    expect(codePage.statusCode).toBe(200)
    expect(codePage.body).toContain(`Abbiamo inviato un'e-mail a <strong>${email}</strong>`)
  })
})

describe('throttling', () => {
  it('locks an account after 5 failed sign-ins, even against the right password', async () => {
    const account = await accountWithPassword()
    const browser = new Browser('10.3.0.1')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    for (let i = 1; i <= 4; i++) {
      const failed = await browser.post(`${page}/accedi`, { email: account.email, password: `Sbagliata${i}` })
      expect(failed.statusCode).toBe(401)
      expect(failed.body).toContain('E-mail o password non corretti.')
    }
    const fifth = await browser.post(`${page}/accedi`, { email: account.email, password: 'Sbagliata5' })
    expect(fifth.statusCode).toBe(429)
    expect(fifth.body).toContain('Troppi tentativi')

    const right = await browser.post(`${page}/accedi`, { email: account.email, password: PASSWORD })
    expect(right.statusCode).toBe(429)
    expect(right.body).toContain('Troppi tentativi')
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)

    const { db } = await testDatabase()
    const [row] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(row!.failedSignIns).toBe(5)
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now())

    // The lock grows: after it expires, one more failure locks for longer.
    await db
      .update(accounts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, account.id))
    await browser.post(`${page}/accedi`, { email: account.email, password: 'Sbagliata6' })
    const [after] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(after!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(60_000)
  })

  it('answers an unknown e-mail exactly like an existing one', async () => {
    const browser = new Browser('10.3.0.2')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    const email = `nessuno-${randomUUID()}@esempio.it`
    const answers: { status: number; wrong: boolean; tooMany: boolean }[] = []
    for (let i = 1; i <= 6; i++) {
      const response = await browser.post(`${page}/accedi`, { email, password: `Sbagliata${i}` })
      answers.push({
        status: response.statusCode,
        wrong: response.body.includes('E-mail o password non corretti.'),
        tooMany: response.body.includes('Troppi tentativi di accesso non riusciti'),
      })
    }
    const wrong = { status: 401, wrong: true, tooMany: false }
    const locked = { status: 429, wrong: false, tooMany: true }
    expect(answers).toEqual([wrong, wrong, wrong, wrong, locked, locked])
  })

  it('throttles a client address after 20 failures, whatever the e-mail', async () => {
    const account = await accountWithPassword()
    const browser = new Browser('10.3.0.3')
    const page = await openInteraction(browser, authorization(SIGN_IN_LOWER))
    for (let i = 0; i < 20; i++) {
      const failed = await browser.post(`${page}/accedi`, {
        email: `a${i}-${randomUUID()}@esempio.it`,
        password: 'Sbagliata1',
      })
      expect(failed.statusCode).toBe(401)
    }
    const blocked = await browser.post(`${page}/accedi`, { email: account.email, password: PASSWORD })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.body).toContain('Troppi tentativi di accesso da questa connessione')

    // Another address is not affected.
    await signIn(new Browser('10.3.0.4'), account.email)
  })
})

describe('logout', () => {
  it('signs out without a confirmation page and returns to post_logout_redirect_uri', async () => {
    const account = await accountWithPassword()
    const browser = new Browser('10.4.0.1')
    const { tokens } = await signIn(browser, account.email)

    // As MSAL's logoutRedirect sends it: no client_id, no id_token_hint (identity note, trap 5).
    const query = new URLSearchParams({ post_logout_redirect_uri: `${ORIGIN}/`, state: 'uscita' })
    const page = await browser.get(`${SIGN_IN_LOWER}/oauth2/v2.0/logout?${query}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="it">')
    expect(page.body).toContain('<script src="/idp/assets/logout.js" defer></script>')
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/)
    const action = /<form id="logout-form" method="post" action="([^"]+)">/.exec(page.body)![1]!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!
    expect(action).toBe(`${ORIGIN}${SIGN_IN_LOWER}/oauth2/v2.0/logout/confirm`)
    const script = await app.inject({ url: '/idp/assets/logout.js' })
    expect(script.body).toContain('submit()')

    const done = await browser.post(action, { xsrf, logout: 'yes' })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`${ORIGIN}/?state=uscita`)

    // The session is gone: silent sign-in needs a login, and the refresh token died with the session.
    const silent = await browser.get(authorization(SIGN_IN_LOWER, { prompt: 'none' }).url)
    expect(fragmentOf(await browser.follow(silent)).get('error')).toBe('login_required')
    const refreshed = await app.inject({
      method: 'POST',
      url: `${SIGN_IN_LOWER}/oauth2/v2.0/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }).toString(),
    })
    expect(refreshed.statusCode).toBe(400)
  })

  it('ends provider sessions and refresh tokens when the API signs the account out everywhere', async () => {
    const account = await accountWithPassword()
    const browser = new Browser('10.4.0.2')
    const { tokens } = await signIn(browser, account.email)
    // No wait: the sign-out revokes what was issued in its own second too (server/auth/accounts.ts).
    expect((await call(app, 'logout/ovunque', {}, tokens.id_token)).status).toBe(200)

    const silent = await browser.get(authorization(SIGN_IN_LOWER, { prompt: 'none' }).url)
    expect(fragmentOf(await browser.follow(silent)).get('error')).toBe('login_required')
    const refreshed = await app.inject({
      method: 'POST',
      url: `${SIGN_IN_LOWER}/oauth2/v2.0/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }).toString(),
    })
    expect(refreshed.statusCode).toBe(400)
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' })
  })
})
