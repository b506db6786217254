// Signing in from the header («Accedi») on a tournament's page: spec §2 lands every sign-in on /home, so the
// portal carries the page of origin through the identity service and /home offers the way back to it. The real
// session module runs, with MSAL and the API replaced.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as loginCalls from '../../contract/login.ts'

const TORNEO = '/tornei/dettaglio-torneo/7'
const account = { homeAccountId: 'a-1', username: 'mario.rossi@example.it', name: 'Mario Rossi' }

const identity = vi.hoisted(() => ({
  /** What the identity service hands back at start-up: null when the page was not opened by it. */
  comingBack: null as null | { returnTo: string | null; cameFrom: string | null },
  loginRedirect: vi.fn(async (_returnTo: string | null, _options?: object) => new Promise(() => undefined)),
}))

vi.mock('../../src/auth/msal.ts', () => ({
  msalNeededAtStart: () => identity.comingBack !== null,
  msalLoaded: () => identity.comingBack !== null,
  handleRedirect: async () =>
    identity.comingBack && { idToken: 'id-token', expiresAt: inAnHour(), account, ...identity.comingBack },
  cachedAccount: async () => account,
  acquireTokenSilent: async () => ({ idToken: 'id-token', expiresAt: inAnHour(), account }),
  ssoSilent: async () => ({ idToken: 'id-token', expiresAt: inAnHour(), account }),
  loginRedirect: identity.loginRedirect,
  resetPasswordRedirect: async () => new Promise(() => undefined),
  logoutRedirect: async () => undefined,
}))

vi.mock('../../src/api/client.ts', () => ({
  connectSession: () => undefined,
  callApi: async (endpoint: { path: string }) => {
    if (endpoint.path === loginCalls.login.path) {
      return {
        result: { profilation: 1, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'u-1' },
      }
    }
    return { results: [], record: 0 }
  },
}))

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600
/** The first sign-in of the file loads the user menu's chunk (react-aria) before the navigation shows. */
const SLOW = { timeout: 5000 }

/** A page load: the session module starts over, then the portal's header, redirects and two pages render. */
async function pageLoad(at: string) {
  vi.resetModules()
  const session = await import('../../src/app/session.ts')
  const { SessionRedirects } = await import('../../src/app/SessionRedirects.tsx')
  const { AccountMenu } = await import('../../src/app/layouts/AccountMenu.tsx')
  const { ReturnLink } = await import('../../src/app/ReturnLink.tsx')
  session.startSession()
  // A data router, as the portal's (src/app/router.tsx): SessionRedirects reads the pending navigation.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <SessionRedirects />
            <header>
              <AccountMenu />
            </header>
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <h1>Ritorno dal servizio d’identità</h1> },
          {
            path: '/home',
            element: (
              <>
                <h1>Home</h1>
                <ReturnLink />
              </>
            ),
          },
          { path: '/tornei/dettaglio-torneo/:id', element: <h1>Torneo Open di Primavera</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  )
  render(<RouterProvider router={router} />)
  return { ...session, user: userEvent.setup() }
}

beforeEach(() => {
  localStorage.clear()
  identity.comingBack = null
  identity.loginRedirect.mockClear()
})

describe('«Accedi» in the header', () => {
  it("sends the tournament's page, with its query, to the identity service as the page of origin", async () => {
    const page = await pageLoad(`${TORNEO}?tab=iscritti`)
    await page.user.click(await screen.findByRole('button', { name: 'Accedi' }))
    await waitFor(() =>
      expect(identity.loginRedirect).toHaveBeenCalledWith(null, {
        signUp: false,
        cameFrom: `${TORNEO}?tab=iscritti`,
      }),
    )
  })

  it('lands on /home, which links back to the tournament until the link is followed', async () => {
    identity.comingBack = { returnTo: null, cameFrom: TORNEO }
    // The identity service brings the browser back to the portal's root.
    const page = await pageLoad('/')
    const back = await screen.findByRole(
      'link',
      { name: 'Torna alla pagina che stavi visitando (Torneo)' },
      SLOW,
    )
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(back).toHaveAttribute('href', TORNEO)

    await page.user.click(back)
    expect(await screen.findByRole('heading', { name: 'Torneo Open di Primavera' })).toBeInTheDocument()
    // Offered once: the session forgets the page of origin, so /home will not show the link again.
    expect(page.sessionActor.getSnapshot().context.cameFrom).toBeNull()
  })

  it('closes the link back with «Chiudi avviso»', async () => {
    identity.comingBack = { returnTo: null, cameFrom: TORNEO }
    const page = await pageLoad('/home')
    await screen.findByRole('link', { name: /Torna alla pagina/ }, SLOW)
    await page.user.click(screen.getByRole('button', { name: 'Chiudi avviso' }))
    expect(screen.queryByRole('link', { name: /Torna alla pagina/ })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
  })

  it('offers no link when the sign-in kept a return path: the user is already back there', async () => {
    identity.comingBack = { returnTo: TORNEO, cameFrom: null }
    const page = await pageLoad('/')
    expect(await screen.findByRole('heading', { name: 'Torneo Open di Primavera' }, SLOW)).toBeInTheDocument()
    await act(() => page.sessionSettled())
    expect(page.sessionActor.getSnapshot().can({ type: 'session.dismissReturnLink' })).toBe(false)
  })
})

describe("the identity service's state", () => {
  it('carries either the return path (as before) or the page of origin, and reads back only text', async () => {
    const { signInState, readSignInState } = await import('../../src/auth/msal-client.ts')
    expect(signInState('/impostazioni', TORNEO)).toBe('/impostazioni')
    expect(readSignInState(signInState(null, TORNEO))).toEqual({ returnTo: null, cameFrom: TORNEO })
    expect(readSignInState('/impostazioni')).toEqual({ returnTo: '/impostazioni', cameFrom: null })
    expect(readSignInState(signInState(null, null))).toEqual({ returnTo: null, cameFrom: null })
    expect(readSignInState('{"cameFrom":42}')).toEqual({ returnTo: null, cameFrom: null })
    expect(readSignInState('{non json')).toEqual({ returnTo: null, cameFrom: null })
  })
})
