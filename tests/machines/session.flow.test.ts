// The session's journeys (machines/session.ts) with the model's doubles, fast: `npm run mutation` runs them against
// each mutant (the model's paths are in session.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { MESSAGES } from '../../contract/common.ts'
import { type SessionInput, TOKEN_RENEWAL_MARGIN_MS, sessionMachine } from '../../machines/session.ts'
import { Doubles, withDoubles } from './coverage.ts'
import {
  ACCOUNT,
  CARDS_401,
  CARDS_OK,
  DETAILS,
  FORGOT_PASSWORD,
  LOGIN,
  REDIRECT,
  REDIRECT_FOREIGN_RETURN,
  REDIRECT_FROM_FOREIGN_PAGE,
  REDIRECT_FROM_PAGE,
  REDIRECT_WITH_RETURN,
  REFRESHED,
  TESSERA,
  TOKEN,
  TORNEO,
  USER_500,
  USER_OK,
  sessionModel,
} from './models/session.model.ts'

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

function startSession(input: SessionInput = {}, model = sessionModel) {
  const doubles = new Doubles()
  const actor = createActor(withDoubles(model, doubles), { input }).start()
  const resolve = async (id: string, output: unknown) => {
    doubles.settle(id, { output })
    await tick()
  }
  const reject = async (id: string, error: { message: string; [key: string]: unknown }) => {
    doubles.settle(id, { error })
    await tick()
  }
  return { actor, doubles, resolve, reject, snapshot: () => actor.getSnapshot() }
}

describe('session: user journeys', () => {
  it('signs in: account, silent token, login flags, user data, cards, then /home', async () => {
    const { actor, doubles, resolve, snapshot } = startSession()
    expect(snapshot().hasTag('busy')).toBe(true)
    await resolve('handleRedirect', REDIRECT)
    expect(snapshot().matches('authenticating.acquiringToken')).toBe(true)
    expect(doubles.lastInput('acquireToken')).toEqual({ account: ACCOUNT, forceRefresh: false })

    await resolve('acquireToken', TOKEN)
    expect(snapshot().context.token).toBe(TOKEN.idToken)
    expect(snapshot().context.redirectTo).toBeNull()
    await resolve('loadLogin', LOGIN)
    expect(snapshot().context).toMatchObject({ login: LOGIN, redirectTo: '/home' })
    await resolve('loadUserData', USER_OK)
    expect(doubles.lastInput('loadCards')).toEqual({ token: TOKEN.idToken, id_persona: DETAILS.id_persona })
    await resolve('loadCards', CARDS_OK)

    expect(snapshot().matches('authenticated.ready')).toBe(true)
    expect(snapshot().hasTag('busy')).toBe(false)
    expect(snapshot().context).toMatchObject({
      details: DETAILS,
      tessere: [TESSERA],
      tessereRecord: 1,
      message: null,
    })
    actor.send({ type: 'router.redirected' })
    expect(snapshot().context.redirectTo).toBeNull()
  })

  it('lands on the page kept when the sign-in started, never on a foreign address', async () => {
    for (const [result, landing] of [
      [REDIRECT_WITH_RETURN, '/elenco-tessere'],
      [REDIRECT_FOREIGN_RETURN, '/home'],
    ] as const) {
      const { resolve, snapshot } = startSession()
      await resolve('handleRedirect', result)
      await resolve('acquireToken', TOKEN)
      await resolve('loadLogin', LOGIN)
      expect(snapshot().context.redirectTo).toBe(landing)
    }
  })

  it('passes the return path to the sign-in redirect', async () => {
    const { actor, doubles, resolve } = startSession()
    await resolve('handleRedirect', null)
    actor.send({ type: 'session.signIn', returnTo: '/impostazioni' })
    expect(actor.getSnapshot().matches('authenticating.redirecting')).toBe(true)
    expect(doubles.lastInput('loginRedirect')).toEqual({
      returnTo: '/impostazioni',
      signUp: false,
      cameFrom: null,
    })
  })

  it('signs in from a page without a return path: lands on /home, which offers that page until followed', async () => {
    const { actor, doubles, resolve, snapshot } = startSession()
    await resolve('handleRedirect', null)
    actor.send({ type: 'session.signIn', from: TORNEO })
    expect(doubles.lastInput('loginRedirect')).toEqual({ returnTo: null, signUp: false, cameFrom: TORNEO })

    // The identity service brings the page of origin back (a new page load, a new session actor).
    const back = startSession()
    await back.resolve('handleRedirect', REDIRECT_FROM_PAGE)
    await back.resolve('acquireToken', TOKEN)
    await back.resolve('loadLogin', LOGIN)
    expect(back.snapshot().context).toMatchObject({ redirectTo: '/home', cameFrom: TORNEO })
    back.actor.send({ type: 'router.redirected' })
    expect(back.snapshot().can({ type: 'session.dismissReturnLink' })).toBe(true)
    back.actor.send({ type: 'session.dismissReturnLink' })
    expect(back.snapshot().context.cameFrom).toBeNull()
    expect(back.snapshot().can({ type: 'session.dismissReturnLink' })).toBe(false)
    expect(snapshot().matches('authenticating.redirecting')).toBe(true)
  })

  it('offers no link back with a return path, from /home, or to a foreign address', async () => {
    for (const [event, result] of [
      [
        { returnTo: '/impostazioni', from: TORNEO },
        { ...REDIRECT_FROM_PAGE, returnTo: '/impostazioni' },
      ],
      [{ from: '/home' }, { ...REDIRECT, cameFrom: '/home' }],
      [{ from: '//evil.example/phish' }, REDIRECT_FROM_FOREIGN_PAGE],
    ] as const) {
      const { actor, doubles, resolve } = startSession()
      await resolve('handleRedirect', null)
      actor.send({ type: 'session.signIn', ...event })
      expect(doubles.lastInput('loginRedirect')).toMatchObject({ cameFrom: null })
      const back = startSession()
      await back.resolve('handleRedirect', result)
      expect(back.snapshot().context.cameFrom).toBeNull()
    }
  })

  it('opens the registration page on sign-up, and the reset policy from /reset-password', async () => {
    const { actor, doubles, resolve } = startSession()
    await resolve('handleRedirect', null)
    actor.send({ type: 'session.signIn', signUp: true })
    expect(doubles.lastInput('loginRedirect')).toEqual({ returnTo: null, signUp: true, cameFrom: null })

    const other = startSession()
    await other.resolve('handleRedirect', null)
    other.actor.send({ type: 'session.resetPassword', returnTo: '/elenco-tessere' })
    expect(other.actor.getSnapshot().matches('resetPassword')).toBe(true)
    expect(other.doubles.lastInput('resetPasswordRedirect')).toEqual({ returnTo: '/elenco-tessere' })
  })

  it('starts the password reset on AADB2C90118', async () => {
    const { doubles, reject, snapshot } = startSession()
    await reject('handleRedirect', FORGOT_PASSWORD)
    expect(snapshot().matches('resetPassword')).toBe(true)
    expect(doubles.inputs.has('resetPasswordRedirect')).toBe(true)
    expect(doubles.inputs.has('logout')).toBe(false)
  })

  it('restores a stored session silently and stays on the current page', async () => {
    const { doubles, resolve, snapshot } = startSession({ storedToken: 'id-token-stored' })
    expect(snapshot().context.token).toBe('id-token-stored')
    await resolve('handleRedirect', null)
    expect(doubles.lastInput('ssoSilent')).toEqual({ token: 'id-token-stored' })
    await resolve('ssoSilent', { account: ACCOUNT })
    await resolve('acquireToken', TOKEN)
    await resolve('loadLogin', LOGIN)
    expect(snapshot().context.redirectTo).toBeNull()
  })

  it('signs out with "Sessione Scaduta…" when the silent SSO fails', async () => {
    const { doubles, reject, resolve, snapshot } = startSession({ storedToken: 'id-token-stored' })
    await resolve('handleRedirect', null)
    await reject('ssoSilent', { message: 'login_required' })
    expect(snapshot().matches('signingOut')).toBe(true)
    expect(snapshot().context.message).toBe(MESSAGES.sessionExpired)
    expect(doubles.lastInput('logout')).toEqual({ token: 'id-token-stored', account: null })
    await resolve('logout', undefined)
    expect(snapshot().matches('anonymous')).toBe(true)
    expect(snapshot().context).toMatchObject({
      token: null,
      redirectTo: '/',
      message: MESSAGES.sessionExpired,
    })
  })

  it('keeps a non-200 user-data answer without any message and still gets ready', async () => {
    const { resolve, snapshot } = startSession()
    await resolve('handleRedirect', REDIRECT)
    await resolve('acquireToken', TOKEN)
    await resolve('loadLogin', LOGIN)
    await resolve('loadUserData', USER_500)
    expect(snapshot().matches('authenticated.ready')).toBe(true)
    expect(snapshot().context).toMatchObject({ detailsStatus: 500, details: null, message: null })
  })

  it('stores any status but 200 from the card list, even a 2xx, without a message', async () => {
    const { resolve, snapshot } = startSession()
    await resolve('handleRedirect', REDIRECT)
    await resolve('acquireToken', TOKEN)
    await resolve('loadLogin', LOGIN)
    await resolve('loadUserData', USER_OK)
    await resolve('loadCards', { status: 204, results: [TESSERA], record: 1 })
    expect(snapshot().matches('authenticated.ready')).toBe(true)
    expect(snapshot().context).toMatchObject({ tessere: [], tessereStatus: 204, message: null })
  })

  it('signs out with "Sessione Scaduta…" on a 401 from the card list, clearing the user data', async () => {
    const { doubles, resolve, snapshot } = startSession()
    await resolve('handleRedirect', REDIRECT)
    await resolve('acquireToken', TOKEN)
    await resolve('loadLogin', LOGIN)
    await resolve('loadUserData', USER_OK)
    await resolve('loadCards', CARDS_401)
    expect(snapshot().matches('signingOut')).toBe(true)
    expect(snapshot().context.message).toBe(MESSAGES.sessionExpired)
    expect(doubles.lastInput('logout')).toEqual({ token: TOKEN.idToken, account: ACCOUNT })
    await resolve('logout', undefined)
    expect(snapshot().context).toMatchObject({ login: null, details: null, tessere: [], redirectTo: '/' })
  })

  it('renews the token mid-load and resumes the interrupted call with the fresh token', async () => {
    const { actor, doubles, resolve, snapshot } = startSession()
    await resolve('handleRedirect', REDIRECT)
    await resolve('acquireToken', TOKEN)
    await resolve('loadLogin', LOGIN)
    expect(snapshot().matches('authenticated.loadingUser')).toBe(true)

    actor.send({ type: 'session.tokenExpiring' })
    expect(snapshot().matches('silentRefresh')).toBe(true)
    await resolve('refreshToken', REFRESHED)

    expect(snapshot().matches('authenticated.loadingUser')).toBe(true)
    expect(snapshot().context).toMatchObject({ token: REFRESHED.idToken, login: LOGIN })
    expect(doubles.inputs.get('loadUserData')).toEqual([
      { token: TOKEN.idToken },
      { token: REFRESHED.idToken },
    ])
    expect(doubles.inputs.get('loadLogin')).toHaveLength(1)
  })

  it('fails loudly, not silently, when the application forgot to provide the actors', async () => {
    const actor = createActor(sessionMachine, { input: {} }).start()
    await tick()
    await tick()
    expect(actor.getSnapshot().matches('anonymous')).toBe(true)
    expect(actor.getSnapshot().context.error).toMatch(/handleRedirect.*provide/)
  })
})

describe('session: the token expiry watcher', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks for a renewal a margin before the token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'))
    const expiresAt = Math.floor(Date.now() / 1000) + 60 * 60
    const model = { ...sessionModel, callbackActors: [] }
    // Every actor but the watcher is a double: the watcher is the machine's own implementation.
    const doubles = new Doubles()
    const machine = withDoubles(model, doubles).provide({
      actors: { watchTokenExpiry: sessionMachine.implementations.actors.watchTokenExpiry },
    } as never)
    const actor = createActor(machine, { input: {} }).start()
    doubles.settle('handleRedirect', { output: REDIRECT })
    await tick()
    doubles.settle('acquireToken', { output: { idToken: 'id-token-1', expiresAt } })
    await tick()
    expect(actor.getSnapshot().matches('authenticated')).toBe(true)

    vi.advanceTimersByTime(60 * 60_000 - TOKEN_RENEWAL_MARGIN_MS - 1_000)
    expect(actor.getSnapshot().matches('authenticated')).toBe(true)
    vi.advanceTimersByTime(2_000)
    expect(actor.getSnapshot().matches('silentRefresh')).toBe(true)
    actor.stop()
  })
})
