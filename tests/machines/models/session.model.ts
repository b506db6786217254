// Model of the session machine: the outcomes each invoked actor can have, and the spec's rules (spec §4
// "Session", §8; DESIGN §3) checked on every executed step, written from the spec and not from the machine.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import type { Tessera, UserDetails } from '../../../contract/giocatori.ts'
import type { LoginData } from '../../../contract/login.ts'
import {
  type CardsResult,
  type RedirectResult,
  type RestoredAccount,
  type SessionContext,
  type TokenResult,
  type UserDataResult,
  sessionMachine,
} from '../../../machines/session.ts'
import { type ExecutedStep, type MachineModel, done, fail, historyOf } from '../coverage.ts'

export const ACCOUNT = {
  homeAccountId: 'u-1.b2c_1_susi',
  username: 'mario.rossi@example.it',
  name: 'Mario Rossi',
}
export const REDIRECT: RedirectResult = { idToken: 'id-token-redirect', account: ACCOUNT, returnTo: null }
export const REDIRECT_WITH_RETURN: RedirectResult = { ...REDIRECT, returnTo: '/elenco-tessere' }
/** A return path that would leave the portal: never followed. */
export const REDIRECT_FOREIGN_RETURN: RedirectResult = { ...REDIRECT, returnTo: '//evil.example/phish' }
/** The page a sign-in from the header started on: /home links back to it. */
export const TORNEO = '/tornei/dettaglio-torneo/7'
export const REDIRECT_FROM_PAGE: RedirectResult = { ...REDIRECT, cameFrom: TORNEO }
/** A page of origin that would leave the portal: never offered. */
export const REDIRECT_FROM_FOREIGN_PAGE: RedirectResult = { ...REDIRECT, cameFrom: '//evil.example/phish' }
export const SSO: RestoredAccount = { account: ACCOUNT }
export const TOKEN: TokenResult = { idToken: 'id-token-1', expiresAt: 1_900_000_000 }
export const REFRESHED: TokenResult = { idToken: 'id-token-2', expiresAt: 1_900_003_600 }
export const LOGIN: LoginData = {
  profilation: 1,
  privacy: 1,
  dati_incompleti: 0,
  tessera_associata: 1,
  user_id: 'U-000123',
}
export const DETAILS: UserDetails = {
  id_persona: 4711,
  persona: 'Mario Rossi',
  provincia: 'RM',
  fototessera: null,
  puo_esportare_classifiche: false,
}
export const TESSERA: Tessera = {
  codice_tessera: 'TS-2026-000123',
  tipologia: 'Agonistica',
  disciplina: 'tennis',
  id_settore: 1,
  stagione: 2026,
  valida_dal: '2026-01-01',
  valida_al: '2026-12-31',
  id_circolo: null,
  circolo: null,
  verifica: '00000000-0000-4000-8000-000000000123',
}
export const USER_OK: UserDataResult = { status: 200, details: DETAILS }
export const USER_WITHOUT_PERSON: UserDataResult = { status: 200, details: { ...DETAILS, id_persona: null } }
export const USER_500: UserDataResult = { status: 500, details: null, message: 'Errore interno' }
export const USER_401: UserDataResult = { status: 401, details: null, message: MESSAGES.unauthorized }
/** 'Utente non autorizzato' in the body forces the sign-out whatever the status. */
export const USER_NOT_AUTHORIZED: UserDataResult = {
  status: 403,
  details: null,
  message: MESSAGES.unauthorized,
}
export const CARDS_OK: CardsResult = { status: 200, results: [TESSERA], record: 1 }
export const CARDS_500: CardsResult = {
  status: 500,
  results: [],
  record: 0,
  message: 'Servizio non disponibile',
}
export const CARDS_401: CardsResult = { status: 401, results: [], record: 0, message: MESSAGES.unauthorized }
export const FORGOT_PASSWORD = {
  message: 'AADB2C90118: The user has forgotten their password.',
  errorCode: 'access_denied',
}
export const MSAL_FAILURE = {
  message: 'interaction_required: AADB2C90077',
  errorCode: 'interaction_required',
}
export const NETWORK_FAILURE = { message: 'Failed to fetch' }
export const UNAUTHORIZED = { message: MESSAGES.unauthorized, status: 401 }

const API_FAILURES = [UNAUTHORIZED, NETWORK_FAILURE]

/**
 * The events tried in each state. `fromPage`: also come back from a sign-in started on a page (its own copy of
 * the signed-in states, with the link back): one scenario is enough for it.
 */
function sessionEvents(snapshot: AnyMachineSnapshot, fromPage = false): AnyEventObject[] {
  const events: AnyEventObject[] = [{ type: 'router.redirected' }, { type: 'session.dismissMessage' }]
  const when = (state: string, ...more: AnyEventObject[]) => {
    if (snapshot.matches(state)) events.push(...more)
  }
  when(
    'booting',
    done('handleRedirect', null),
    done('handleRedirect', REDIRECT),
    done('handleRedirect', REDIRECT_WITH_RETURN),
    done('handleRedirect', REDIRECT_FOREIGN_RETURN),
    ...(fromPage
      ? [done('handleRedirect', REDIRECT_FROM_PAGE), done('handleRedirect', REDIRECT_FROM_FOREIGN_PAGE)]
      : []),
    fail('handleRedirect', FORGOT_PASSWORD),
    fail('handleRedirect', MSAL_FAILURE),
  )
  when(
    'anonymous',
    { type: 'session.signIn', returnTo: '/impostazioni' },
    { type: 'session.signIn' },
    { type: 'session.signIn', from: TORNEO },
    { type: 'session.signIn', from: '/home' },
    { type: 'session.signIn', returnTo: '/impostazioni', from: TORNEO },
    { type: 'session.signIn', signUp: true },
    { type: 'session.resetPassword', returnTo: '/elenco-tessere' },
  )
  when('authenticating.redirecting', fail('loginRedirect', MSAL_FAILURE))
  when('authenticating.restoring', done('ssoSilent', SSO), fail('ssoSilent', MSAL_FAILURE))
  when('authenticating.acquiringToken', done('acquireToken', TOKEN), fail('acquireToken', MSAL_FAILURE))
  when(
    'authenticated',
    { type: 'session.tokenExpiring' },
    { type: 'api.unauthorized', status: 401, message: MESSAGES.unauthorized },
    { type: 'session.signOut' },
    { type: 'user.flagsChanged', flags: { profilation: 0 } },
    { type: 'session.dismissReturnLink' },
  )
  when(
    'authenticated.loadingLogin',
    done('loadLogin', LOGIN),
    ...API_FAILURES.map((e) => fail('loadLogin', e)),
  )
  when(
    'authenticated.loadingUser',
    ...[USER_OK, USER_WITHOUT_PERSON, USER_500, USER_401, USER_NOT_AUTHORIZED].map((r) =>
      done('loadUserData', r),
    ),
    ...API_FAILURES.map((e) => fail('loadUserData', e)),
  )
  when(
    'authenticated.loadingCards',
    ...[CARDS_OK, CARDS_500, CARDS_401].map((r) => done('loadCards', r)),
    ...API_FAILURES.map((e) => fail('loadCards', e)),
  )
  when('authenticated.ready', { type: 'session.refreshProfile' }, { type: 'session.refreshCards' })
  when('silentRefresh', done('refreshToken', REFRESHED), fail('refreshToken', MSAL_FAILURE))
  when('resetPassword', fail('resetPasswordRedirect', MSAL_FAILURE))
  when('signingOut', done('logout', undefined), fail('logout', NETWORK_FAILURE))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext
const isDone = (event: AnyEventObject, id: string) => event.type === `xstate.done.actor.${id}`
const isError = (event: AnyEventObject, id: string) => event.type === `xstate.error.actor.${id}`

/** Spec §8: a 401 or the message 'Utente non autorizzato' from an API call. */
function isUnauthorizedOutcome(event: AnyEventObject): boolean {
  if (!['loadLogin', 'loadUserData', 'loadCards'].some((id) => event.type.endsWith(`.${id}`))) return false
  const data = (event.output ?? event.error) as { status?: number; message?: string }
  return data.status === 401 || data.message === MESSAGES.unauthorized
}

const isLocal = (path: string | null | undefined): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')

/**
 * The link back /home offers after a sign-in (spec §2 lands every sign-in on /home): only without a return path,
 * to a local page that is not /home itself.
 */
function expectedLinkBack(returnTo: string | null | undefined, from: string | null | undefined) {
  return !isLocal(returnTo) && isLocal(from) && from !== '/home' ? from : null
}

/** Where a completed sign-in must land: the kept local return path, otherwise /home (spec §2). */
function expectedLanding(trail: ExecutedStep['trail']): string | null {
  const signIn = [...trail].reverse().find((step) => isDone(step.event, 'handleRedirect'))?.event.output as
    RedirectResult | null | undefined
  if (!signIn) return null
  const kept = signIn.returnTo
  return kept && kept.startsWith('/') && !kept.startsWith('//') ? kept : '/home'
}

function checkSession({ scenario, before, event, after, doubles, trail }: ExecutedStep) {
  const now = ctx(after)
  const stored = (scenario.input ?? {}) as { storedToken?: string | null; storedLogin?: LoginData | null }
  const storedToken = stored.storedToken ?? null

  // Invariants of the states.
  if (after.matches('anonymous')) {
    assert.equal(now.token, null, 'anonimo senza token')
    assert.equal(now.login, null)
    assert.equal(now.details, null)
    assert.deepEqual(now.tessere, [])
    assert.equal(now.cameFrom, null, 'un visitatore non ha una pagina di partenza da riprendere')
  }
  if (after.matches('authenticated') || after.matches('silentRefresh')) {
    assert.ok(now.token, 'autenticato con un token')
    assert.ok(now.account, 'autenticato con un account attivo')
  }
  assert.equal(after.hasTag('busy'), !after.matches('anonymous') && !after.matches('authenticated.ready'))

  if (event.type === 'xstate.init') {
    assert.ok(after.matches('booting'))
    assert.equal(now.token, storedToken, 'il token salvato è ripreso all’avvio')
    assert.deepEqual(
      now.login,
      stored.storedLogin ?? null,
      'i dati di accesso salvati valgono fino a login-get',
    )
    return
  }
  assert.ok(before)
  const was = ctx(before)

  // Login redirect coming back (spec §4): account, then the silent token.
  if (isDone(event, 'handleRedirect')) {
    const result = event.output as RedirectResult | null
    if (result) {
      assert.ok(after.matches('authenticating.acquiringToken'))
      assert.deepEqual(now.account, result.account)
      assert.equal(now.cameFrom, expectedLinkBack(result.returnTo, result.cameFrom), 'pagina di partenza')
      assert.deepEqual(doubles.lastInput('acquireToken'), { account: result.account, forceRefresh: false })
    } else if (storedToken) {
      assert.ok(after.matches('authenticating.restoring'), 'token salvato: sessione ripristinata in silenzio')
      assert.deepEqual(doubles.lastInput('ssoSilent'), { token: storedToken })
    } else {
      assert.ok(after.matches('anonymous'))
      assert.equal(now.redirectTo, null, 'un visitatore resta dove si trova')
    }
  }
  if (isError(event, 'handleRedirect')) {
    const forgot = String((event.error as { message: string }).message).includes('AADB2C90118')
    assert.ok(after.matches(forgot ? 'resetPassword' : 'signingOut'), 'AADB2C90118 → reset, altro → uscita')
    if (forgot) assert.ok(doubles.inputs.has('resetPasswordRedirect'), 'il flusso di reset parte')
  }

  if (event.type === 'session.signIn') {
    assert.ok(after.matches('authenticating.redirecting'))
    assert.deepEqual(doubles.lastInput('loginRedirect'), {
      returnTo: event.returnTo ?? null,
      signUp: event.signUp === true,
      cameFrom: expectedLinkBack(event.returnTo, event.from),
    })
  }

  if (event.type === 'session.resetPassword') {
    assert.ok(after.matches('resetPassword'))
    assert.deepEqual(doubles.lastInput('resetPasswordRedirect'), { returnTo: event.returnTo ?? null })
  }

  // Identity failures sign the user out (spec §4).
  for (const id of ['loginRedirect', 'ssoSilent', 'acquireToken', 'refreshToken', 'resetPasswordRedirect']) {
    if (isError(event, id)) assert.ok(after.matches('signingOut'), `${id} fallito → uscita`)
  }
  if (isError(event, 'ssoSilent') || isError(event, 'refreshToken')) {
    assert.equal(now.message, MESSAGES.sessionExpired)
  }

  // The token is stored once acquired, then login-get starts with it.
  if (isDone(event, 'acquireToken')) {
    const token = event.output as TokenResult
    assert.ok(after.matches('authenticated.loadingLogin'))
    assert.equal(now.token, token.idToken)
    assert.deepEqual(doubles.lastInput('loadLogin'), { token: token.idToken })
    assert.deepEqual(doubles.lastInput('tokenExpiry'), { expiresAt: token.expiresAt })
  }
  if (isDone(event, 'ssoSilent')) assert.ok(after.matches('authenticating.acquiringToken'))

  // Login flags, then user data; after sign-in the user lands on /home or on the kept path.
  if (isDone(event, 'loadLogin')) {
    assert.ok(after.matches('authenticated.loadingUser'))
    assert.deepEqual(now.login, event.output)
    const landing = expectedLanding(trail)
    if (landing !== null && was.redirectTo === null && was.login === null)
      assert.equal(now.redirectTo, landing)
    if (landing === null) assert.equal(now.redirectTo, was.redirectTo, 'una sessione ripristinata non sposta')
  }

  // 401 or 'Utente non autorizzato' → sign-out with 'Sessione Scaduta…' (spec §8).
  if (event.type === 'api.unauthorized' || isUnauthorizedOutcome(event)) {
    assert.ok(after.matches('signingOut'))
    assert.equal(now.message, MESSAGES.sessionExpired)
  }

  // User data: cards only with an id_persona; a non-200 answer is only stored (no message).
  if (isDone(event, 'loadUserData') && !isUnauthorizedOutcome(event)) {
    const result = event.output as UserDataResult
    const personId = result.status === 200 ? result.details?.id_persona : null
    assert.equal(now.message, was.message, 'nessun messaggio per i dati utente')
    assert.equal(now.detailsStatus, result.status === 200 ? null : result.status)
    if (personId) {
      assert.ok(after.matches('authenticated.loadingCards'))
      assert.deepEqual(doubles.lastInput('loadCards'), { token: now.token, id_persona: personId })
    } else {
      assert.ok(after.matches('authenticated.ready'), 'senza id_persona le tessere non si caricano')
      assert.equal(now.details, result.status === 200 ? result.details : null)
    }
  }
  if (isError(event, 'loadUserData') && !isUnauthorizedOutcome(event)) {
    assert.ok(after.matches('authenticated.ready'))
    assert.equal(now.message, was.message)
    assert.equal(now.details, null)
  }
  if ((isDone(event, 'loadCards') || isError(event, 'loadCards')) && !isUnauthorizedOutcome(event)) {
    const result = event.output as CardsResult | undefined
    assert.ok(after.matches('authenticated.ready'))
    assert.equal(now.message, was.message, 'nessun messaggio per le tessere')
    if (result?.status === 200) {
      assert.deepEqual(now.tessere, result.results)
      assert.equal(now.tessereRecord, result.record)
      assert.equal(now.tessereStatus, null)
    } else {
      assert.deepEqual(now.tessere, [])
      assert.equal(now.tessereStatus, result ? result.status : 0)
    }
  }
  if (event.type === 'session.refreshCards') {
    assert.ok(after.matches('authenticated.loadingCards'))
    assert.ok(was.details?.id_persona)
  }

  // Silent renewal: forced refresh, then back to the very step that was running, nothing lost.
  if (event.type === 'session.tokenExpiring') {
    assert.ok(after.matches('silentRefresh'))
    assert.deepEqual(doubles.lastInput('refreshToken'), { account: was.account, forceRefresh: true })
  }
  if (isDone(event, 'refreshToken')) {
    const left = [...trail].reverse().find((step) => step.event.type === 'session.tokenExpiring')
    assert.ok(left?.before)
    assert.deepEqual(after.value, left.before.value, 'si riprende dal passo interrotto')
    assert.equal(now.token, (event.output as TokenResult).idToken)
    for (const key of ['login', 'details', 'detailsStatus', 'tessere', 'tessereStatus', 'account'] as const) {
      assert.deepEqual(now[key], ctx(left.before)[key], `${key} conservato dal rinnovo`)
    }
  }

  // Sign-out: logout called with the token, stores cleared, then to / (spec §2, §4).
  if (event.type === 'session.signOut') {
    assert.ok(after.matches('signingOut'))
    assert.equal(now.message, null)
  }
  if (after.matches('signingOut') && !before.matches('signingOut')) {
    assert.deepEqual(doubles.lastInput('logout'), { token: was.token, account: was.account })
  }
  if (isDone(event, 'logout') || isError(event, 'logout')) {
    assert.ok(after.matches('anonymous'))
    assert.equal(now.redirectTo, '/')
    assert.equal(now.message, was.message, 'il messaggio resta da mostrare dopo l’uscita')
  }

  if (event.type === 'router.redirected') assert.equal(now.redirectTo, null)
  if (event.type === 'session.dismissMessage') assert.equal(now.message, null)
  if (event.type === 'session.dismissReturnLink') {
    assert.deepEqual(after.value, before.value, 'nessun cambio di stato')
    assert.equal(now.cameFrom, null, 'il collegamento di ritorno è seguito o chiuso una volta')
  }
  // Once signed in, the page of origin stays offered on /home until the link is followed or closed.
  const signedIn = before.matches('authenticated') || before.matches('silentRefresh')
  if (signedIn && !after.matches('anonymous') && event.type !== 'session.dismissReturnLink') {
    assert.equal(now.cameFrom, was.cameFrom, 'la pagina di partenza resta offerta')
  }

  // A page saved profile, privacy or consent: the flags change at once, in the session only (the one writer).
  if (event.type === 'user.flagsChanged') {
    assert.deepEqual(after.value, before.value, 'nessun cambio di stato')
    assert.deepEqual(now.login, was.login ? { ...was.login, ...event.flags } : null)
  }
}

/**
 * The session's model state: what its guards read (a token, an id_persona, a pending redirect or message, a
 * kept return path, with their values) and, only while renewing, the step to resume. Data (flags, cards, statuses, error texts)
 * is checked on the real snapshots by checkSession.
 */
function abstractSession(snapshot: AnyMachineSnapshot) {
  const c = ctx(snapshot)
  return {
    value: snapshot.value,
    token: c.token !== null,
    account: c.account !== null,
    signedIn: c.login !== null,
    personId: c.details?.id_persona != null,
    // What the user will see is kept as is (few values), so a wrong landing page or message opens new paths.
    returnTo: c.returnTo,
    cameFrom: c.cameFrom,
    redirectTo: c.redirectTo,
    message: c.message,
    resume: snapshot.matches('silentRefresh') ? historyOf(snapshot) : null,
  }
}

export const sessionModel: MachineModel = {
  machine: sessionMachine,
  abstract: abstractSession,
  callbackActors: ['watchTokenExpiry'],
  scenarios: [
    {
      name: 'Primo accesso senza token salvato',
      input: { storedToken: null },
      events: (snapshot) => sessionEvents(snapshot, true),
    },
    {
      name: 'Dati di accesso salvati senza token',
      input: { storedToken: null, storedLogin: LOGIN },
      events: sessionEvents,
    },
    {
      name: 'Ritorno con un token salvato',
      input: { storedToken: 'id-token-stored', storedLogin: { ...LOGIN, profilation: 1 } },
      events: sessionEvents,
    },
  ],
  check: checkSession,
}
