// Signing out as the user meets it: the signed-in user's notice goes with the user (spec §3 reset helper, §4
// sign-out), and a notice is shown once, never again after a reload.
import { render, screen } from '@testing-library/react'
import { UnsecuredJWT } from 'jose'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { MESSAGES } from '../../contract/common.ts'
import * as loginCalls from '../../contract/login.ts'

const effects = vi.hoisted(() => ({
  logoutRedirect: vi.fn(async () => undefined),
  login: { profilation: 0, privacy: 0, dati_incompleti: 0, tessera_associata: 0, user_id: 'u-1' },
}))
const account = { homeAccountId: 'a-1', username: 'mario.rossi@example.it', name: 'Mario Rossi' }

vi.mock('../../src/auth/msal.ts', () => ({
  msalNeededAtStart: () => false,
  msalLoaded: () => true,
  handleRedirect: async () => null,
  cachedAccount: async () => account,
  acquireTokenSilent: async () => ({ idToken: token(), expiresAt: inAnHour(), account, returnTo: null }),
  ssoSilent: async () => ({ idToken: token(), expiresAt: inAnHour(), account, returnTo: null }),
  loginRedirect: async () => new Promise(() => undefined),
  resetPasswordRedirect: async () => new Promise(() => undefined),
  logoutRedirect: effects.logoutRedirect,
}))

vi.mock('../../src/api/client.ts', () => ({
  connectSession: () => undefined,
  callApi: async (endpoint: { path: string }) => {
    if (endpoint.path === loginPath) return { result: effects.login }
    if (endpoint.path === logoutPath) return {}
    return { results: [], record: 0 }
  },
}))
const loginPath = loginCalls.login.path
const logoutPath = loginCalls.logout.path

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

function token() {
  return new UnsecuredJWT({ sub: 'u-1' }).setExpirationTime('1h').encode()
}

/** A fresh page load: every module evaluated again over what storage holds now. */
async function pageLoad() {
  vi.resetModules()
  const session = await import('../../src/app/session.ts')
  const { navigazioneStore } = await import('../../src/stores/navigazione.ts')
  const { startStorageProjection } = await import('../../src/stores/projection.ts')
  const { Notice } = await import('../../src/ui/Notice.tsx')
  startStorageProjection()
  return { ...session, navigazioneStore, Notice }
}

async function signedInPage() {
  localStorage.setItem('tokenAdb2c', token())
  const page = await pageLoad()
  page.startSession()
  await waitFor(page.sessionActor, (s) => s.matches({ authenticated: 'ready' }))
  return page
}

beforeEach(() => {
  effects.logoutRedirect.mockClear()
  vi.useRealTimers()
})

describe('sign-out', () => {
  it("takes the signed-in user's guard message away with the user", async () => {
    const page = await signedInPage()
    // Guard step 2 has sent the user to /modifica-privacy with its message.
    page.navigazioneStore.trigger.noticeShown({ message: MESSAGES.missingPrivacy })
    page.navigazioneStore.trigger.locationRecorded({ path: '/modifica-privacy' })
    render(<page.Notice />)
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.missingPrivacy)

    page.signOut()
    await waitFor(page.sessionActor, (s) => s.matches('anonymous'))

    expect(screen.queryByRole('alert')).toBeNull()
    expect(page.navigazioneStore.getSnapshot().context.lastLocation).toBeNull()
    expect(localStorage.getItem('tokenAdb2c')).toBeNull()
    // Coming back from the identity service's sign-out: still nothing.
    await vi.waitFor(() => expect(effects.logoutRedirect).toHaveBeenCalled())
    const back = await pageLoad()
    expect(back.navigazioneStore.getSnapshot().context.notice).toBeNull()
  })

  it("keeps the chosen discipline and clears the user's flags and cards", async () => {
    localStorage.setItem('id_settore', '2')
    localStorage.setItem('disciplina', 'padel')
    const page = await signedInPage()
    expect(localStorage.getItem('user_id')).toBe('u-1')
    page.signOut()
    await waitFor(page.sessionActor, (s) => s.matches('anonymous'))
    expect(localStorage.getItem('user_id')).toBeNull()
    expect(localStorage.getItem('privacy')).toBeNull()
    expect(localStorage.getItem('id_settore')).toBe('2')
    expect(localStorage.getItem('disciplina')).toBe('padel')
  })

  it("shows the session's own message after the sign-out redirect, once", async () => {
    const page = await signedInPage()
    page.sessionActor.send({ type: 'api.unauthorized', status: 401 })
    await waitFor(page.sessionActor, (s) => s.matches('anonymous'))
    expect(page.navigazioneStore.getSnapshot().context.notice).toBe(MESSAGES.sessionExpired)

    const back = await pageLoad()
    render(<back.Notice />)
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.sessionExpired)

    const reloaded = await pageLoad()
    expect(reloaded.navigazioneStore.getSnapshot().context.notice).toBeNull()
  })
})

describe('a page notice', () => {
  it('is not shown again after a reload', async () => {
    const page = await pageLoad()
    page.navigazioneStore.trigger.noticeShown({ message: 'Preferenze sulla privacy salvate.' })
    render(<page.Notice />)
    expect(screen.getByRole('alert')).toHaveTextContent('Preferenze sulla privacy salvate.')
    const reloaded = await pageLoad()
    expect(reloaded.navigazioneStore.getSnapshot().context.notice).toBeNull()
  })
})

describe('the reset helper of spec §3', () => {
  it('resets every store but the user ones, forgetting what the page load read from storage', async () => {
    localStorage.setItem('lastLocation', '/impostazioni')
    localStorage.setItem('tokenAdb2c', token())
    localStorage.setItem('id_settore', '1')
    vi.resetModules()
    const { resetStores } = await import('../../src/stores/reset.ts')
    const { navigazioneStore } = await import('../../src/stores/navigazione.ts')
    const { utenteStore } = await import('../../src/stores/utente.ts')
    const { disciplinaStore } = await import('../../src/stores/disciplina.ts')
    navigazioneStore.trigger.noticeShown({ message: MESSAGES.incompleteData })

    resetStores({ keepUserData: true })
    expect(navigazioneStore.getSnapshot().context).toEqual({
      lastLocation: null,
      notice: null,
      noticeAcrossPageLoad: false,
    })
    expect(utenteStore.getSnapshot().context.token).not.toBeNull()
    expect(disciplinaStore.getSnapshot().context.id_settore).toBe(1)

    resetStores()
    expect(utenteStore.getSnapshot().context.token).toBeNull()
    expect(disciplinaStore.getSnapshot().context.id_settore).toBeNull()
  })
})
