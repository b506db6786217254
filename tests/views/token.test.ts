// The token has one source (the session) and one renewal margin (TOKEN_RENEWAL_MARGIN_MS), and its expiry is
// the `exp` claim MSAL decoded from the token it returned, not a second decoding by hand.
import { UnsecuredJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, toPromise, waitFor, type AnyActorLogic } from 'xstate'
import * as loginCalls from '../../contract/login.ts'
import { TOKEN_RENEWAL_MARGIN_MS, isTokenExpiring } from '../../machines/session.ts'

const account = { homeAccountId: 'a-1', username: 'mario.rossi@example.it', name: 'Mario Rossi' }

const msalDouble = vi.hoisted(() => ({
  config: null as null | { system?: { tokenRenewalOffsetSeconds?: number } },
  result: null as null | Record<string, unknown>,
}))

// MSAL itself, replaced: what the portal configures and what it makes of MSAL's answers.
vi.mock('@azure/msal-browser', () => ({
  PublicClientApplication: class {
    constructor(config: typeof msalDouble.config) {
      msalDouble.config = config
    }
    initialize = async () => undefined
    getActiveAccount = () => msalDouble.result?.account ?? null
    getAllAccounts = () => []
    setActiveAccount = () => undefined
    acquireTokenSilent = async () => msalDouble.result
  },
}))

function jwt(expiresAtS: number) {
  return new UnsecuredJWT({ sub: 'u-1' }).setExpirationTime(expiresAtS).encode()
}

afterEach(() => {
  vi.useRealTimers()
  vi.doUnmock('../../src/auth/msal.ts')
  vi.doUnmock('../../src/api/client.ts')
})

describe('the renewal margin', () => {
  it('is one: MSAL renews its cached token with the margin the session uses', async () => {
    vi.resetModules()
    const msal = await import('../../src/auth/msal-client.ts')
    await msal.loadMsal()
    expect(msalDouble.config?.system?.tokenRenewalOffsetSeconds).toBe(TOKEN_RENEWAL_MARGIN_MS / 1000)
  })

  it('counts a token as expiring from the margin before its exp', () => {
    const exp = 2_000_000_000
    expect(isTokenExpiring(exp, exp * 1000 - TOKEN_RENEWAL_MARGIN_MS - 1)).toBe(false)
    expect(isTokenExpiring(exp, exp * 1000 - TOKEN_RENEWAL_MARGIN_MS + 1)).toBe(true)
    expect(isTokenExpiring(null, exp * 1000)).toBe(false)
  })
})

describe('the claims', () => {
  it("come from MSAL's result: the exp of the id token it returned", async () => {
    vi.resetModules()
    const exp = Math.floor(Date.now() / 1000) + 3600
    msalDouble.result = { idToken: jwt(exp), idTokenClaims: { sub: 'u-1', exp }, account, state: '' }
    const msal = await import('../../src/auth/msal.ts')
    const signedIn = await msal.acquireTokenSilent()
    expect(signedIn).toMatchObject({ idToken: msalDouble.result.idToken, expiresAt: exp })
  })
})

describe('the session as the one source of the token', () => {
  async function signedInSession(tokenExpiresAtS: number, renewedExpiresAtS: number) {
    vi.resetModules()
    const first = jwt(tokenExpiresAtS)
    const renewed = jwt(renewedExpiresAtS)
    const acquireTokenSilent = vi.fn(async (options: { forceRefresh?: boolean } = {}) => ({
      idToken: options.forceRefresh ? renewed : first,
      expiresAt: options.forceRefresh ? renewedExpiresAtS : tokenExpiresAtS,
      account,
      returnTo: null,
    }))
    let tokenSource: { token: () => Promise<string | null> } | undefined
    vi.doMock('../../src/auth/msal.ts', () => ({
      msalNeededAtStart: () => false,
      msalLoaded: () => false,
      handleRedirect: async () => null,
      cachedAccount: async () => account,
      ssoSilent: async () => ({ idToken: first, expiresAt: tokenExpiresAtS, account, returnTo: null }),
      acquireTokenSilent,
      logoutRedirect: async () => undefined,
    }))
    vi.doMock('../../src/api/client.ts', () => ({
      connectSession: (source: typeof tokenSource) => {
        tokenSource = source
      },
      callApi: async (endpoint: { path: string }) =>
        endpoint.path === loginCalls.login.path
          ? {
              result: {
                profilation: 0,
                privacy: 1,
                dati_incompleti: 0,
                tessera_associata: 0,
                user_id: 'u-1',
              },
            }
          : { results: [], record: 0 },
    }))
    localStorage.setItem('tokenAdb2c', first)
    const session = await import('../../src/app/session.ts')
    const { utenteStore } = await import('../../src/stores/utente.ts')
    session.startSession()
    await waitFor(session.sessionActor, (s) => s.matches({ authenticated: 'ready' }))
    return { ...session, utenteStore, acquireTokenSilent, tokenSource: tokenSource!, first, renewed }
  }

  it('renews before an API call a token inside the margin, and the store follows the session', async () => {
    const now = Math.floor(Date.now() / 1000)
    const page = await signedInSession(now + 3600, now + 7200)
    expect(page.tokenSource).toBeDefined()
    // Later: the token now expires in four minutes, inside the five-minute margin (a 60 s margin would not renew).
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 3600 - 4 * 60) * 1000 })
    const sent = await page.tokenSource.token()
    expect(page.acquireTokenSilent).toHaveBeenLastCalledWith({ forceRefresh: true })
    expect(sent).toBe(page.renewed)
    expect(page.sessionActor.getSnapshot().context).toMatchObject({
      token: page.renewed,
      tokenExpiresAt: now + 7200,
    })
    expect(page.utenteStore.getSnapshot().context.token).toBe(page.renewed)
    page.sessionActor.stop()
  })

  it('restores a kept session with the account only: no empty token from silent SSO', async () => {
    const now = Math.floor(Date.now() / 1000)
    const page = await signedInSession(now + 3600, now + 7200)
    page.sessionActor.stop()
    const ssoSilent = page.sessionLogic.implementations.actors.ssoSilent as AnyActorLogic
    const restored: unknown = await toPromise(
      createActor(ssoSilent, { input: { token: page.first } }).start(),
    )
    expect(restored).toEqual({ account })
  })
})
