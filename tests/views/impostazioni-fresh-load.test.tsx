// /impostazioni opened directly (or reloaded) by a signed-in user: the profilation box shows the consent the
// server holds, whether the browser keeps no flags yet (the first load after sign-in), stale ones (changed on
// another device) or the right ones, and whether or not login-get has answered. The real session module runs,
// with MSAL and the API replaced.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'

const ACCOUNT = { homeAccountId: 'u-1.b2c', username: 'mario.rossi@example.it', name: 'Mario Rossi' }
const SETTINGS = {
  notifiche_email: true,
  notifiche_tornei: true,
  notifiche_sfide: true,
  newsletter: false,
  visibile_ricerche: true,
  mostra_power: true,
  id_settore: null,
  aggiornato_il: null,
}

/** The first render imports the whole page and the session on a busy machine. */
const SLOW = { timeout: 5000 }

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

let redirect: ReturnType<typeof deferred<null>>
let loginAnswer: ReturnType<typeof deferred<unknown>>
/** login-get calls after the first (the refresh after a save): left pending unless a test answers them. */
let laterLogin: ReturnType<typeof deferred<unknown>>
let loginCalls = 0
/** The profilation consent the server holds. */
let serverProfilation: number | null = 1

vi.mock('../../src/auth/msal.ts', () => ({
  msalNeededAtStart: () => true,
  msalLoaded: () => true,
  handleRedirect: () => redirect.promise,
  cachedAccount: async () => ACCOUNT,
  // As MSAL gives it: the id token's `exp` (an expiry left out would renew the token in a loop).
  acquireTokenSilent: async () => ({
    idToken: 'header.eyJleHAiOjE5MDAwMDAwMDB9.sig',
    expiresAt: 1_900_000_000,
    account: ACCOUNT,
  }),
  ssoSilent: async () => ({ idToken: '', account: ACCOUNT, returnTo: null }),
  loginRedirect: vi.fn(),
  resetPasswordRedirect: vi.fn(),
  logoutRedirect: vi.fn(async () => undefined),
}))
vi.mock('../../src/api/client.ts', () => ({
  connectSession: vi.fn(),
  callApi: vi.fn(async (endpoint: Endpoint, body: { impostazioni?: object; profilation?: boolean }) => {
    if (endpoint.path === 'impostazioni/view_upsert') return { result: { ...SETTINGS, ...body.impostazioni } }
    if (endpoint.path === 'profilo/privacy/view')
      return { result: { privacy: 1, profilation: serverProfilation, privacy_accettata_il: null } }
    if (endpoint.path === 'privacy/edit')
      return { result: { privacy: 1, profilation: body.profilation ? 1 : 0 } }
    if (endpoint.path === 'login') return loginCalls++ === 0 ? loginAnswer.promise : laterLogin.promise
    if (endpoint.path === 'giocatori/dati_utente') return { results: [], record: 0 }
    if (endpoint.path === 'tornei/feed_personale/view')
      return { result: { attivo: false, creato_il: null, usato_il: null, url: null } }
    throw new Error(`unexpected call ${endpoint.path}`)
  }),
}))

/**
 * A browser that signed in earlier: token and login flags in local storage, as the projection wrote them; or
 * the token only (null), as a reload finds it when the sign-in's login-get had not answered yet.
 */
function storedSession(profilation: number | null) {
  localStorage.clear()
  localStorage.setItem('tokenAdb2c', 'header.eyJleHAiOjE5MDAwMDAwMDB9.sig')
  if (profilation === null) return
  localStorage.setItem('user_id', 'U-000123')
  localStorage.setItem('privacy', '1')
  localStorage.setItem('profilation', String(profilation))
  localStorage.setItem('dati_incompleti', '0')
  localStorage.setItem('tessera_associata', '1')
}

/** A fresh page load: the modules start from what local storage holds. */
async function openImpostazioni() {
  const { startSession } = await import('../../src/app/session.ts')
  const { default: ImpostazioniPage } = await import('../../src/features/impostazioni/ImpostazioniPage.tsx')
  startSession()
  render(
    <MemoryRouter initialEntries={['/impostazioni']}>
      <ImpostazioniPage />
    </MemoryRouter>,
  )
}

// Transforms the page and the session once, so each test's fresh import is quick.
beforeAll(async () => {
  await import('../../src/app/session.ts')
  await import('../../src/features/impostazioni/ImpostazioniPage.tsx')
}, 60_000)

beforeEach(() => {
  vi.resetModules()
  redirect = deferred<null>()
  loginAnswer = deferred<unknown>()
  laterLogin = deferred<unknown>()
  loginCalls = 0
  serverProfilation = 1
})

afterEach(async () => {
  const { sessionActor } = await import('../../src/app/session.ts')
  sessionActor.stop()
  // A call the stopped session had begun (its calls' module still loading) lands now, not in the next test, where it
  // would count as that test's login-get.
  await import('../../src/app/session-calls.ts')
  await new Promise((resolve) => setTimeout(resolve, 0))
})

describe('/impostazioni on a fresh load', () => {
  it.each([
    { browser: 1, server: 1 },
    { browser: 0, server: 1 },
    { browser: null, server: 1 },
    { browser: 1, server: 0 },
    { browser: null, server: 0 },
  ])(
    'shows the consent the server holds ($server) while the session is still starting (browser: $browser)',
    async ({ browser, server }) => {
      storedSession(browser)
      serverProfilation = server
      await openImpostazioni()
      const box = await screen.findByLabelText('Consenso alla profilazione', {}, SLOW)
      expect((box as HTMLInputElement).checked).toBe(server === 1)
      // login-get has not answered: the form did not wait for it, nor does it change when it answers.
      expect(loginCalls).toBe(0)
      await act(async () => redirect.resolve(null))
      await act(async () =>
        loginAnswer.resolve({
          result: {
            profilation: server,
            privacy: 1,
            dati_incompleti: 0,
            tessera_associata: 1,
            user_id: 'U-000123',
          },
        }),
      )
      const { sessionActor } = await import('../../src/app/session.ts')
      await waitFor(() => expect(sessionActor.getSnapshot().context.login?.profilation).toBe(server), SLOW)
      expect((screen.getByLabelText('Consenso alla profilazione') as HTMLInputElement).checked).toBe(
        server === 1,
      )
      expect(screen.getByRole('button', { name: 'Salva impostazioni' })).toBeDisabled()
    },
    15_000,
  )

  it('changes the stored consent through the session only, at once, before the session reloads it', async () => {
    storedSession(0)
    serverProfilation = 0
    await openImpostazioni()
    const { utenteStore } = await import('../../src/stores/utente.ts')
    const { sessionActor } = await import('../../src/app/session.ts')
    await act(async () => redirect.resolve(null))
    await act(async () =>
      loginAnswer.resolve({
        result: { profilation: 0, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'U-000123' },
      }),
    )
    await waitFor(
      () => expect(sessionActor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true),
      SLOW,
    )
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Consenso alla profilazione'))
    await user.click(screen.getByRole('button', { name: 'Salva impostazioni' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Impostazioni salvate.'))
    // The session took the new flag (the page told it), and projected it into the store.
    expect(sessionActor.getSnapshot().context.login?.profilation).toBe(1)
    expect(utenteStore.getSnapshot().context.login?.profilation).toBe(1)
    // The refresh from the server is still under way: the change did not wait for it.
    expect(sessionActor.getSnapshot().matches({ authenticated: 'loadingLogin' })).toBe(true)
    expect(screen.getByLabelText('Consenso alla profilazione')).toBeChecked()
  })
})
