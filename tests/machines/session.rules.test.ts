// The session (machines/session.ts) rule by rule through xstate's pure `transition()`: what each answer of the
// identity service and of the API does to the state and to what the views read, which steps each state refuses,
// and what the flow report shows. The rules come from spec §4 «Session», §8 and the machine's header, not from its
// code. Fast: `npm run mutation` runs it (with session.flow.test.ts) against each mutant.
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  createActor,
  fromPromise,
  initialTransition,
  setup,
  transition,
} from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  FORGOT_PASSWORD_CODE,
  type SessionContext,
  type SessionInput,
  TOKEN_RENEWAL_MARGIN_MS,
  isTokenExpiring,
  sessionLabels,
  sessionMachine,
} from '../../machines/session.ts'
import {
  ACCOUNT,
  CARDS_401,
  CARDS_500,
  CARDS_OK,
  DETAILS,
  FORGOT_PASSWORD,
  LOGIN,
  MSAL_FAILURE,
  NETWORK_FAILURE,
  REDIRECT,
  REDIRECT_FOREIGN_RETURN,
  REDIRECT_FROM_FOREIGN_PAGE,
  REDIRECT_FROM_PAGE,
  REDIRECT_WITH_RETURN,
  REFRESHED,
  SSO,
  TESSERA,
  TOKEN,
  TORNEO,
  UNAUTHORIZED,
  USER_401,
  USER_500,
  USER_NOT_AUTHORIZED,
  USER_OK,
  USER_WITHOUT_PERSON,
} from './models/session.model.ts'

type Event = { type: string; [key: string]: unknown }
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext
const step = (snapshot: AnyMachineSnapshot, ...events: Event[]) =>
  events.reduce((current, event) => transition(sessionMachine, current, event as never)[0], snapshot)
const done = (id: string, output: unknown): Event => ({ type: `xstate.done.actor.${id}`, output })
const fail = (id: string, error: unknown): Event => ({ type: `xstate.error.actor.${id}`, error })
const expectRefused = (snapshot: AnyMachineSnapshot, event: Event) => {
  expect([event.type, snapshot.can(event as never)]).toEqual([event.type, false])
  expect(step(snapshot, event)).toBe(snapshot)
}
const booting = (input: object = {}) => initialTransition(sessionMachine, input)[0]
const signedIn = () =>
  step(booting(), done('handleRedirect', REDIRECT), done('acquireToken', TOKEN), done('loadLogin', LOGIN))
const ready = () => step(signedIn(), done('loadUserData', USER_OK), done('loadCards', CARDS_OK))

const SIGNED_OUT = {
  token: null,
  tokenExpiresAt: null,
  account: null,
  login: null,
  details: null,
  detailsStatus: null,
  tessere: [],
  tessereRecord: 0,
  tessereStatus: null,
  returnTo: null,
  signUp: false,
  cameFrom: null,
}

describe('session: starting', () => {
  it('starts booting with the stored token and flags, or with nothing', () => {
    const snapshot = booting({ storedToken: 'stored', storedLogin: LOGIN })
    expect(snapshot.value).toBe('booting')
    expect(snapshot.hasTag('busy')).toBe(true)
    expect(ctx(snapshot)).toEqual({
      ...SIGNED_OUT,
      token: 'stored',
      login: LOGIN,
      redirectTo: null,
      message: null,
      error: null,
    })
    expect(ctx(initialTransition(sessionMachine, undefined as unknown as SessionInput)[0])).toEqual({
      ...SIGNED_OUT,
      redirectTo: null,
      message: null,
      error: null,
    })
  })

  it('without a sign-in coming back: restores a stored token, or is anonymous and forgets stored flags', () => {
    expect(step(booting({ storedToken: 'stored' }), done('handleRedirect', null)).value).toEqual({
      authenticating: 'restoring',
    })
    const anonymous = step(booting({ storedLogin: LOGIN }), done('handleRedirect', null))
    expect(anonymous.value).toBe('anonymous')
    expect(anonymous.hasTag('busy')).toBe(false)
    expect(ctx(anonymous).login).toBeNull()
  })

  it('coming back from a sign-in: the account, and the kept page (local only) or /home', () => {
    const back = step(booting(), done('handleRedirect', REDIRECT_WITH_RETURN))
    expect(back.value).toEqual({ authenticating: 'acquiringToken' })
    expect(ctx(back)).toMatchObject({
      account: ACCOUNT,
      returnTo: '/elenco-tessere',
      cameFrom: null,
      message: null,
    })
    expect(ctx(step(booting(), done('handleRedirect', REDIRECT))).returnTo).toBe('/home')
    expect(ctx(step(booting(), done('handleRedirect', REDIRECT_FOREIGN_RETURN))).returnTo).toBe('/home')
  })

  it('offers a link back to the page a plain sign-in started on, never to /home, the root, the choice or outside', () => {
    expect(ctx(step(booting(), done('handleRedirect', REDIRECT_FROM_PAGE))).cameFrom).toBe(TORNEO)
    for (const cameFrom of ['/home', '/home?x=1', '/', '/scelta-disciplina', '//evil.example/phish', null])
      expect([
        cameFrom,
        ctx(step(booting(), done('handleRedirect', { ...REDIRECT, cameFrom }))).cameFrom,
      ]).toEqual([cameFrom, null])
    expect(ctx(step(booting(), done('handleRedirect', REDIRECT_FROM_FOREIGN_PAGE))).cameFrom).toBeNull()
    // With a return path the user comes back to it: no link back.
    expect(
      ctx(step(booting(), done('handleRedirect', { ...REDIRECT_WITH_RETURN, cameFrom: TORNEO }))).cameFrom,
    ).toBeNull()
  })

  it('starts the password reset on AADB2C90118, and signs out with the generic message on any other failure', () => {
    expect(FORGOT_PASSWORD_CODE).toBe('AADB2C90118')
    expect(step(booting(), fail('handleRedirect', FORGOT_PASSWORD)).value).toBe('resetPassword')
    expect(step(booting(), fail('handleRedirect', { errorMessage: 'x AADB2C90118' })).value).toBe(
      'resetPassword',
    )
    const failed = step(booting(), fail('handleRedirect', MSAL_FAILURE))
    expect(failed.value).toBe('signingOut')
    expect(ctx(failed)).toMatchObject({
      message: MESSAGES.generic,
      error: 'interaction_required: AADB2C90077 interaction_required',
    })
  })
})

describe('session: signing in', () => {
  const anonymous = () => step(booting(), done('handleRedirect', null), { type: 'api.unauthorized' })

  it('starts the sign-in with a local return path, the registration page on sign-up, and clears an old notice', () => {
    const noticed = step(step(booting(), fail('handleRedirect', MSAL_FAILURE)), done('logout', undefined))
    expect(ctx(noticed).message).toBe(MESSAGES.generic)
    const redirecting = step(noticed, {
      type: 'session.signIn',
      returnTo: '/impostazioni',
      signUp: true,
      from: TORNEO,
    })
    expect(redirecting.value).toEqual({ authenticating: 'redirecting' })
    expect(redirecting.hasTag('busy')).toBe(true)
    expect(ctx(redirecting)).toMatchObject({
      returnTo: '/impostazioni',
      signUp: true,
      cameFrom: null,
      message: null,
    })
    expect(ctx(step(anonymous(), { type: 'session.signIn', from: TORNEO }))).toMatchObject({
      returnTo: null,
      signUp: false,
      cameFrom: TORNEO,
    })
    expect(
      ctx(step(anonymous(), { type: 'session.signIn', returnTo: '//evil', from: '/home' })),
    ).toMatchObject({ returnTo: null, cameFrom: null })
    expect(ctx(step(anonymous(), { type: 'session.signIn', signUp: 'yes' }))).toMatchObject({ signUp: false })
  })

  it('starts the password reset with its return path', () => {
    const reset = step(anonymous(), { type: 'session.resetPassword', returnTo: '/crea-password' })
    expect(reset.value).toBe('resetPassword')
    expect(reset.hasTag('busy')).toBe(true)
    expect(ctx(reset)).toMatchObject({ returnTo: '/crea-password', signUp: false, cameFrom: null })
    const failed = step(reset, fail('resetPasswordRedirect', NETWORK_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.generic,
      'Failed to fetch',
    ])
  })

  it('signs out with the generic message when the identity service cannot be reached', () => {
    const failed = step(anonymous(), { type: 'session.signIn' }, fail('loginRedirect', NETWORK_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.generic,
      'Failed to fetch',
    ])
  })

  it('restores a kept session silently; if that fails, «Sessione Scaduta»', () => {
    const restoring = step(booting({ storedToken: 'stored' }), done('handleRedirect', null))
    const restored = step(restoring, done('ssoSilent', SSO))
    expect(restored.value).toEqual({ authenticating: 'acquiringToken' })
    expect(ctx(restored).account).toEqual(ACCOUNT)
    const failed = step(restoring, fail('ssoSilent', MSAL_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.sessionExpired,
      'interaction_required: AADB2C90077 interaction_required',
    ])
  })

  it('keeps the token and its expiry, then loads the flags and sends the user where the sign-in was going', () => {
    const acquired = step(
      booting(),
      done('handleRedirect', REDIRECT_WITH_RETURN),
      done('acquireToken', TOKEN),
    )
    expect(acquired.value).toEqual({ authenticated: 'loadingLogin' })
    expect(acquired.hasTag('busy')).toBe(true)
    expect(ctx(acquired)).toMatchObject({ token: TOKEN.idToken, tokenExpiresAt: TOKEN.expiresAt })
    const flagged = step(acquired, done('loadLogin', LOGIN))
    expect(flagged.value).toEqual({ authenticated: 'loadingUser' })
    expect(ctx(flagged)).toMatchObject({ login: LOGIN, redirectTo: '/elenco-tessere', returnTo: null })
    const failed = step(booting(), done('handleRedirect', REDIRECT), fail('acquireToken', NETWORK_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.generic,
      'Failed to fetch',
    ])
  })
})

describe('session: loading the user', () => {
  it('signs out with «Sessione Scaduta» on a 401 or «Utente non autorizzato» from login-get, else the generic message', () => {
    const loading = step(booting(), done('handleRedirect', REDIRECT), done('acquireToken', TOKEN))
    for (const error of [UNAUTHORIZED, { status: 401 }, { message: `x ${MESSAGES.unauthorized}` }])
      expect([
        error,
        step(loading, fail('loadLogin', error)).value,
        ctx(step(loading, fail('loadLogin', error))).message,
      ]).toEqual([error, 'signingOut', MESSAGES.sessionExpired])
    const failed = step(loading, fail('loadLogin', NETWORK_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.generic,
      'Failed to fetch',
    ])
  })

  it('loads the cards of a person, or is ready without them', () => {
    const withPerson = step(signedIn(), done('loadUserData', USER_OK))
    expect(withPerson.value).toEqual({ authenticated: 'loadingCards' })
    expect(ctx(withPerson)).toMatchObject({ details: DETAILS, detailsStatus: null })
    const withoutPerson = step(signedIn(), done('loadUserData', USER_WITHOUT_PERSON))
    expect(withoutPerson.value).toEqual({ authenticated: 'ready' })
    expect(withoutPerson.hasTag('busy')).toBe(false)
  })

  it('keeps a non-200 answer’s status only: no details, no message, and ready', () => {
    const failed = step(signedIn(), done('loadUserData', { ...USER_500, details: DETAILS }))
    expect(failed.value).toEqual({ authenticated: 'ready' })
    expect(ctx(failed)).toMatchObject({ details: null, detailsStatus: 500, message: null })
    const network = step(signedIn(), fail('loadUserData', NETWORK_FAILURE))
    expect(network.value).toEqual({ authenticated: 'ready' })
    expect(ctx(network)).toMatchObject({
      details: null,
      detailsStatus: 0,
      error: 'Failed to fetch',
      message: null,
    })
    expect(
      ctx(step(signedIn(), fail('loadUserData', { message: 'Servizio', status: 503 }))).detailsStatus,
    ).toBe(503)
  })

  it('signs out on a 401 answer, «Utente non autorizzato» with any status, or a 401 failure', () => {
    for (const answer of [USER_401, USER_NOT_AUTHORIZED, { status: 401, details: null }]) {
      const out = step(signedIn(), done('loadUserData', answer))
      expect([answer, out.value, ctx(out).message]).toEqual([answer, 'signingOut', MESSAGES.sessionExpired])
    }
    const refused = step(signedIn(), fail('loadUserData', UNAUTHORIZED))
    expect([refused.value, ctx(refused).message]).toEqual(['signingOut', MESSAGES.sessionExpired])
    expect(signedIn().hasTag('busy')).toBe(true)
    expect(step(signedIn(), done('loadUserData', { ...USER_OK, message: 'Benvenuto' })).value).toEqual({
      authenticated: 'loadingCards',
    })
  })

  it('keeps the cards of a 200 answer, and only the status of any other', () => {
    const loading = step(signedIn(), done('loadUserData', USER_OK))
    expect(ctx(step(loading, done('loadCards', CARDS_OK)))).toMatchObject({
      tessere: [TESSERA],
      tessereRecord: 1,
      tessereStatus: null,
    })
    for (const answer of [CARDS_500, { status: 204, results: [TESSERA], record: 1 }]) {
      const stored = step(loading, done('loadCards', answer))
      expect([
        stored.value,
        ctx(stored).tessere,
        ctx(stored).tessereRecord,
        ctx(stored).tessereStatus,
        ctx(stored).message,
      ]).toEqual([{ authenticated: 'ready' }, [], 0, answer.status, null])
    }
    const network = step(loading, fail('loadCards', NETWORK_FAILURE))
    expect(network.value).toEqual({ authenticated: 'ready' })
    expect(ctx(network)).toMatchObject({
      tessere: [],
      tessereRecord: 0,
      tessereStatus: 0,
      error: 'Failed to fetch',
    })
    expect(ctx(step(loading, fail('loadCards', { status: 502 }))).tessereStatus).toBe(502)
    expect(step(loading, done('loadCards', CARDS_401)).value).toBe('signingOut')
    const refused = step(loading, fail('loadCards', UNAUTHORIZED))
    expect([refused.value, ctx(refused).message]).toEqual(['signingOut', MESSAGES.sessionExpired])
    expect(refused.hasTag('busy')).toBe(true)
    expect(loading.hasTag('busy')).toBe(true)
  })
})

describe('session: signed in', () => {
  it('reloads the profile, and the cards of a person only', () => {
    expect(step(ready(), { type: 'session.refreshProfile' }).value).toEqual({ authenticated: 'loadingLogin' })
    expect(step(ready(), { type: 'session.refreshCards' }).value).toEqual({ authenticated: 'loadingCards' })
    expectRefused(step(signedIn(), done('loadUserData', USER_WITHOUT_PERSON)), {
      type: 'session.refreshCards',
    })
    expectRefused(step(signedIn(), done('loadUserData', USER_500)), { type: 'session.refreshCards' })
    // A reload keeps where the router is going.
    const reloaded = step(
      ready(),
      { type: 'session.refreshProfile' },
      done('loadLogin', { ...LOGIN, privacy: 0 }),
    )
    expect(ctx(reloaded)).toMatchObject({ redirectTo: '/home', login: { ...LOGIN, privacy: 0 } })
    expectRefused(signedIn(), { type: 'session.refreshProfile' })
  })

  it('changes the flags a page saved at once, and none before they are known', () => {
    expect(
      ctx(step(ready(), { type: 'user.flagsChanged', flags: { privacy: 0, dati_incompleti: 1 } })).login,
    ).toEqual({ ...LOGIN, privacy: 0, dati_incompleti: 1 })
    const acquiring = step(booting(), done('handleRedirect', REDIRECT), done('acquireToken', TOKEN))
    expect(ctx(step(acquiring, { type: 'user.flagsChanged', flags: { privacy: 1 } })).login).toBeNull()
  })

  it('renews a token about to expire and resumes the interrupted step with it; a failed renewal ends the session', () => {
    const interrupted = step(signedIn(), { type: 'session.tokenExpiring' })
    expect(interrupted.value).toBe('silentRefresh')
    expect(interrupted.hasTag('busy')).toBe(true)
    const resumed = step(interrupted, done('refreshToken', REFRESHED))
    expect(resumed.value).toEqual({ authenticated: 'loadingUser' })
    expect(ctx(resumed)).toMatchObject({ token: REFRESHED.idToken, tokenExpiresAt: REFRESHED.expiresAt })
    const failed = step(interrupted, fail('refreshToken', NETWORK_FAILURE))
    expect([failed.value, ctx(failed).message, ctx(failed).error]).toEqual([
      'signingOut',
      MESSAGES.sessionExpired,
      'Failed to fetch',
    ])
  })

  it('ends the session on a 401 with «Sessione Scaduta», and on «Esci» without a message', () => {
    const expired = step(ready(), { type: 'api.unauthorized', status: 401 })
    expect([expired.value, ctx(expired).message]).toEqual(['signingOut', MESSAGES.sessionExpired])
    expectRefused(expired, { type: 'session.signOut' })
    const left = step(ready(), { type: 'session.signOut' })
    expect([left.value, ctx(left).message]).toEqual(['signingOut', null])
    // «Esci» leaves without a notice, even one the view has not dismissed yet.
    const noticed = sessionMachine.resolveState({
      value: { authenticated: 'ready' },
      context: { ...ctx(ready()), message: 'Avviso' },
    })
    expect(ctx(step(noticed, { type: 'session.signOut' })).message).toBeNull()
  })

  it('clears everything of the user once signed out, whatever the server answers, and goes to /', () => {
    const expired = step(ready(), { type: 'api.unauthorized' })
    for (const end of [done('logout', undefined), fail('logout', NETWORK_FAILURE)]) {
      const anonymous = step(expired, end)
      expect(anonymous.value).toBe('anonymous')
      expect(ctx(anonymous)).toEqual({
        ...SIGNED_OUT,
        redirectTo: '/',
        message: MESSAGES.sessionExpired,
        error: null,
      })
    }
  })

  it('offers the link back until followed or closed', () => {
    const linked = step(booting(), done('handleRedirect', REDIRECT_FROM_PAGE), done('acquireToken', TOKEN))
    expect(ctx(linked).cameFrom).toBe(TORNEO)
    const closed = step(linked, { type: 'session.dismissReturnLink' })
    expect(ctx(closed).cameFrom).toBeNull()
    expectRefused(closed, { type: 'session.dismissReturnLink' })
  })

  it('takes no session event before it is signed in', () => {
    const anonymous = step(booting(), done('handleRedirect', null))
    for (const type of [
      'session.signOut',
      'session.tokenExpiring',
      'session.refreshProfile',
      'session.refreshCards',
      'api.unauthorized',
      'session.dismissReturnLink',
    ])
      expectRefused(anonymous, { type })
    expectRefused(anonymous, { type: 'user.flagsChanged', flags: { privacy: 0 } })
    expectRefused(ready(), { type: 'session.signIn' })
    expectRefused(ready(), { type: 'session.resetPassword' })
  })
})

describe('session: what the router and the views are told', () => {
  it('clears the way once the router got there, and a message once shown, only when there is one', () => {
    const going = ready()
    expect(ctx(going).redirectTo).toBe('/home')
    const arrived = step(going, { type: 'router.redirected' })
    expect(ctx(arrived).redirectTo).toBeNull()
    expectRefused(arrived, { type: 'router.redirected' })
    const told = step(ready(), { type: 'api.unauthorized' }, done('logout', undefined))
    const shown = step(told, { type: 'session.dismissMessage' })
    expect(ctx(shown).message).toBeNull()
    expectRefused(shown, { type: 'session.dismissMessage' })
  })

  it('says what the user sees: the message and the page', () => {
    const shows = (context: Partial<SessionContext>) =>
      (sessionLabels.shows as (c: SessionContext) => string[])({
        message: null,
        redirectTo: null,
        ...context,
      } as SessionContext)
    expect(shows({})).toEqual([])
    expect(shows({ message: 'Ciao', redirectTo: '/home' })).toEqual([
      'compare il messaggio «Ciao»',
      'il portale va alla pagina /home',
    ])
  })

  it('renews a margin of five minutes before expiry', () => {
    const now = 1_900_000_000_000
    expect(TOKEN_RENEWAL_MARGIN_MS).toBe(300_000)
    expect(isTokenExpiring(null, now)).toBe(false)
    expect(isTokenExpiring(now / 1000 + 300, now)).toBe(false)
    expect(isTokenExpiring(now / 1000 + 299, now)).toBe(true)
  })

  it('titles each state in Italian for the statechart viewer', () => {
    const titles = (node: typeof sessionMachine.root): [string, unknown][] =>
      Object.values(node.states).flatMap((child) => [
        [child.id, child.meta?.title] as [string, unknown],
        ...titles(child),
      ])
    expect(Object.fromEntries(titles(sessionMachine.root))).toEqual({
      'session.booting': 'Avvio della sessione',
      'session.anonymous': 'Visitatore non autenticato',
      'session.authenticating': 'Accesso in corso',
      'session.authenticating.redirecting': 'Reindirizzamento al servizio di accesso',
      'session.authenticating.restoring': 'Ripristino della sessione salvata',
      'session.authenticating.acquiringToken': 'Richiesta silenziosa del token',
      'session.authenticated': 'Utente autenticato',
      'session.authenticated.loadingLogin': 'Caricamento dei dati di accesso',
      'session.authenticated.loadingUser': 'Caricamento dei dati utente',
      'session.authenticated.loadingCards': 'Caricamento delle tessere',
      'session.authenticated.ready': 'Sessione pronta',
      'session.authenticated.resume': 'Ripresa dal passo interrotto',
      'session.silentRefresh': 'Rinnovo silenzioso del token',
      'session.resetPassword': 'Reimpostazione della password',
      'session.signingOut': 'Disconnessione in corso',
    })
  })
})

describe('session: the requirement each step implements (meta.spec, the flow report’s trace)', () => {
  const A401 = ['§4 sessione 401', '§8 401', '§8 utente non autorizzato']
  const OK = '§4 sessione accesso riuscito'
  const TOKEN_FAILED = '§4 sessione token fallito'
  const NOT_200 = '§8 dati utente non 200'

  it('names the rule of spec §4 «Session» and §8 on the steps that implement one', () => {
    const claimed: [string, unknown][] = []
    const visit = (node: typeof sessionMachine.root) => {
      for (const [event, list] of node.transitions.entries())
        for (const t of list)
          claimed.push([`${node.id} ${event}`, (t.meta as { spec?: unknown } | undefined)?.spec ?? null])
      for (const child of Object.values(node.states)) visit(child)
    }
    visit(sessionMachine.root)
    expect(claimed).toEqual([
      ['session router.redirected', null],
      ['session session.dismissMessage', null],
      ['session.booting xstate.done.actor.handleRedirect', OK],
      ['session.booting xstate.done.actor.handleRedirect', null],
      ['session.booting xstate.done.actor.handleRedirect', null],
      [
        'session.booting xstate.error.actor.handleRedirect',
        ['§4 sessione accesso fallito', '§8 AADB2C90118'],
      ],
      [
        'session.booting xstate.error.actor.handleRedirect',
        ['§4 sessione accesso fallito', '§8 altro errore'],
      ],
      ['session.anonymous session.signIn', null],
      ['session.anonymous session.resetPassword', null],
      ['session.authenticating.redirecting xstate.error.actor.loginRedirect', null],
      ['session.authenticating.restoring xstate.done.actor.ssoSilent', null],
      ['session.authenticating.restoring xstate.error.actor.ssoSilent', TOKEN_FAILED],
      ['session.authenticating.acquiringToken xstate.done.actor.acquireToken', OK],
      ['session.authenticating.acquiringToken xstate.error.actor.acquireToken', TOKEN_FAILED],
      ['session.authenticated session.tokenExpiring', null],
      ['session.authenticated api.unauthorized', A401],
      ['session.authenticated session.signOut', null],
      ['session.authenticated user.flagsChanged', null],
      ['session.authenticated session.dismissReturnLink', null],
      ['session.authenticated.loadingLogin xstate.done.actor.loadLogin', OK],
      ['session.authenticated.loadingLogin xstate.error.actor.loadLogin', A401],
      ['session.authenticated.loadingLogin xstate.error.actor.loadLogin', null],
      ['session.authenticated.loadingUser xstate.done.actor.loadUserData', A401],
      ['session.authenticated.loadingUser xstate.done.actor.loadUserData', OK],
      ['session.authenticated.loadingUser xstate.done.actor.loadUserData', NOT_200],
      ['session.authenticated.loadingUser xstate.error.actor.loadUserData', A401],
      ['session.authenticated.loadingUser xstate.error.actor.loadUserData', NOT_200],
      ['session.authenticated.loadingCards xstate.done.actor.loadCards', A401],
      ['session.authenticated.loadingCards xstate.done.actor.loadCards', [OK, NOT_200]],
      ['session.authenticated.loadingCards xstate.error.actor.loadCards', A401],
      ['session.authenticated.loadingCards xstate.error.actor.loadCards', NOT_200],
      ['session.authenticated.ready session.refreshProfile', null],
      ['session.authenticated.ready session.refreshCards', null],
      ['session.silentRefresh xstate.done.actor.refreshToken', null],
      ['session.silentRefresh xstate.error.actor.refreshToken', TOKEN_FAILED],
      ['session.resetPassword xstate.error.actor.resetPasswordRedirect', null],
      ['session.signingOut xstate.done.actor.logout', TOKEN_FAILED],
      ['session.signingOut xstate.error.actor.logout', TOKEN_FAILED],
    ])
    expect(sessionMachine.states.authenticating?.states.restoring?.meta?.spec).toBe('§4 sessione token')
  })

  it('describes each state in a whole Italian sentence', () => {
    const descriptions = (node: typeof sessionMachine.root): [string, string][] =>
      Object.values(node.states).flatMap((child) => [
        [child.id, String(child.meta?.description)] as [string, string],
        ...descriptions(child),
      ])
    expect(descriptions(sessionMachine.root).filter(([, text]) => !/^[A-ZÀ-Ý].{20,}\.$/.test(text))).toEqual(
      [],
    )
  })

  it('draws a 401 with the failures that end the session, and the identity service as the one who answers', () => {
    expect(sessionLabels.failures).toEqual([
      'api.unauthorized',
      'isUnauthorizedError',
      'isUnauthorizedResponse',
    ])
    expect(sessionLabels.services).toEqual({
      handleRedirect: 'il servizio d’identità',
      loginRedirect: 'il servizio d’identità',
      ssoSilent: 'il servizio d’identità',
      acquireToken: 'il servizio d’identità',
      refreshToken: 'il servizio d’identità',
      resetPasswordRedirect: 'il servizio d’identità',
      logout: 'il servizio d’identità',
    })
  })
})

describe('session: what it hands to the application’s actors', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('gives each call the token, the account or the person it needs', async () => {
    const calls: [string, unknown][] = []
    const record = (name: string, output: unknown) =>
      fromPromise(async ({ input }: { input: unknown }) => {
        calls.push([name, input])
        return output
      })
    const machine = sessionMachine.provide({
      actors: {
        handleRedirect: record('handleRedirect', REDIRECT_WITH_RETURN),
        acquireTokenSilent: record('acquireTokenSilent', TOKEN),
        loadLogin: record('loadLogin', LOGIN),
        loadUserData: record('loadUserData', USER_OK),
        loadCards: record('loadCards', CARDS_OK),
        logout: record('logout', undefined),
        loginRedirect: record('loginRedirect', undefined),
        resetPasswordRedirect: record('resetPasswordRedirect', undefined),
        ssoSilent: record('ssoSilent', SSO),
        watchTokenExpiry: fromPromise(async () => undefined),
      },
    } as never)
    const actor = createActor(machine, { input: {} }).start()
    for (let i = 0; i < 8; i += 1) await tick()
    actor.send({ type: 'session.tokenExpiring' })
    for (let i = 0; i < 3; i += 1) await tick()
    actor.send({ type: 'session.signOut' })
    for (let i = 0; i < 3; i += 1) await tick()
    actor.send({ type: 'session.signIn', returnTo: '/news', signUp: true })
    await tick()
    actor.send({ type: 'router.redirected' })
    actor.stop()
    const token = TOKEN.idToken
    expect(calls).toEqual([
      ['handleRedirect', undefined],
      ['acquireTokenSilent', { account: ACCOUNT, forceRefresh: false }],
      ['loadLogin', { token }],
      ['loadUserData', { token }],
      ['loadCards', { token, id_persona: DETAILS.id_persona }],
      ['acquireTokenSilent', { account: ACCOUNT, forceRefresh: true }],
      ['logout', { token, account: ACCOUNT }],
      ['loginRedirect', { returnTo: '/news', signUp: true, cameFrom: null }],
    ])
  })

  it('restores with the stored token and resets with the return path', async () => {
    const calls: [string, unknown][] = []
    const record = (name: string, output: unknown) =>
      fromPromise(async ({ input }: { input: unknown }) => {
        calls.push([name, input])
        if (output instanceof Error) throw output
        return output
      })
    const machine = sessionMachine.provide({
      actors: {
        handleRedirect: record('handleRedirect', null),
        ssoSilent: record('ssoSilent', new Error('interaction_required')),
        logout: record('logout', undefined),
        resetPasswordRedirect: record('resetPasswordRedirect', undefined),
      },
    } as never)
    const actor = createActor(machine, { input: { storedToken: 'stored' } }).start()
    for (let i = 0; i < 5; i += 1) await tick()
    actor.send({ type: 'session.resetPassword', returnTo: '/crea-password' })
    await tick()
    actor.stop()
    expect(calls).toEqual([
      ['handleRedirect', undefined],
      ['ssoSilent', { token: 'stored' }],
      ['logout', { token: 'stored', account: null }],
      ['resetPasswordRedirect', { returnTo: '/crea-password' }],
    ])
  })
})

describe('session: the token expiry watcher', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The machine's own watcher, invoked by a parent that counts the renewals asked for. */
  function watch(expiresAt: number | null) {
    const asked: string[] = []
    const parent = setup({
      actors: { watchTokenExpiry: sessionMachine.implementations.actors.watchTokenExpiry as AnyActorLogic },
    }).createMachine({
      initial: 'watching',
      states: {
        watching: {
          invoke: { src: 'watchTokenExpiry', input: { expiresAt } },
          on: { 'session.tokenExpiring': { actions: () => asked.push('renew') }, leave: 'left' },
        },
        left: {},
      },
    })
    return { actor: createActor(parent).start(), asked }
  }

  it('asks for a renewal the margin before expiry, at once for a token already expiring, never without an expiry', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'))
    const now = Date.now() / 1000
    const hour = watch(now + 3600)
    vi.advanceTimersByTime(3600_000 - TOKEN_RENEWAL_MARGIN_MS - 1)
    expect(hour.asked).toEqual([])
    vi.advanceTimersByTime(1)
    expect(hour.asked).toEqual(['renew'])
    const late = watch(now - 60)
    vi.advanceTimersByTime(0)
    expect(late.asked).toEqual(['renew'])
    const none = watch(null)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10 * 3600_000)
    expect(none.asked).toEqual([])
  })

  it('stops its timer when the session leaves the signed-in state', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { actor, asked } = watch(Date.now() / 1000 + 3600)
    expect(vi.getTimerCount()).toBe(1)
    actor.send({ type: 'leave' })
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(2 * 3600_000)
    expect(asked).toEqual([])
  })
})

describe('session: the actors the application must provide', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('each placeholder fails naming the machine and the actor', async () => {
    const names = [
      'handleRedirect',
      'loginRedirect',
      'resetPasswordRedirect',
      'acquireTokenSilent',
      'ssoSilent',
      'loadLogin',
      'loadUserData',
      'loadCards',
      'logout',
    ]
    const messages = await Promise.all(
      names.map(async (name) => {
        const logic = (sessionMachine.implementations.actors as Record<string, unknown>)[name]
        const missing = createActor(logic as AnyActorLogic, { input: {} })
        missing.subscribe({ error: () => {} })
        missing.start()
        await tick()
        return String((missing.getSnapshot() as { error?: Error }).error?.message)
      }),
    )
    expect(messages).toEqual(
      names.map((name) => `session: l'attore '${name}' deve essere fornito con machine.provide()`),
    )
  })
})
