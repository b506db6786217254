// Spec §4, «After startup, incomplete data sends the user to /modifica-profilo and privacy 0 to
// /modifica-privacy»: no machine draws it, the router does it. At start-up the browser still holds the flags of
// the last visit (all fine); the login call answers afterwards with the server's flags. The root route's loader
// (src/app/guards.ts) waits for them before deciding, so the first page is already the one the flags demand.
import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'

/** The server's answer to the login call made at start-up, applied when the session asks for it. */
const serverFlags = vi.hoisted(() => ({ current: { dati_incompleti: 0, privacy: 1 } }))

vi.mock('../../src/app/session.ts', async () => {
  const { utenteStore } = await import('../../src/stores/utente.ts')
  return {
    // The session settles after start-up: the login call's flags replace the ones kept from the last visit.
    sessionFlagsKnown: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const state = utenteStore.getSnapshot().context
      utenteStore.trigger.synced({ state: { ...state, login: { ...state.login!, ...serverFlags.current } } })
    }),
    signIn: vi.fn(),
  }
})

const { guardLoader } = await import('../../src/app/guards.ts')
const { utenteStore } = await import('../../src/stores/utente.ts')
const { disciplinaStore } = await import('../../src/stores/disciplina.ts')
const { navigazioneStore } = await import('../../src/stores/navigazione.ts')
const { Notice } = await import('../../src/ui/Notice.tsx')
const { GuardedOutlet } = await import('../../src/app/GuardedOutlet.tsx')

const page = (title: string) => ({ element: <h1>{title}</h1> })

/** The portal opened (start-up) at `path`, with the root route's guards. */
function startAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        loader: guardLoader,
        element: (
          <>
            <Notice />
            <GuardedOutlet />
          </>
        ),
        children: [
          { path: '/home', ...page('Home') },
          { path: '/impostazioni', ...page('Impostazioni') },
          { path: '/modifica-profilo', ...page('Modifica profilo') },
          { path: '/modifica-privacy', ...page('Preferenze privacy') },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  navigazioneStore.trigger.reset()
  disciplinaStore.trigger.synced({
    state: {
      disciplina: 'tennis',
      id_settore: 1,
      discipline: [],
      settori: [],
      loaded: true,
      ricorda_scelta: true,
    },
  })
  // The last visit's copy: a complete registration and privacy preferences given.
  document.cookie = 'changed_credentials=true; path=/'
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: { profilation: 0, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'u-1' },
      details: null,
      detailsStatus: null,
    },
  })
})

describe("il router dopo l'avvio (spec §4)", () => {
  it('dati incompleti: verso /modifica-profilo', async () => {
    serverFlags.current = { dati_incompleti: 1, privacy: 1 }
    const router = startAt('/impostazioni')
    expect(await screen.findByRole('heading', { name: 'Modifica profilo' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/modifica-profilo')
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.incompleteData)
    expect(screen.queryByRole('heading', { name: 'Impostazioni' })).not.toBeInTheDocument()
  })

  it('privacy a 0: verso /modifica-privacy', async () => {
    serverFlags.current = { dati_incompleti: 0, privacy: 0 }
    const router = startAt('/home')
    expect(await screen.findByRole('heading', { name: 'Preferenze privacy' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/modifica-privacy')
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.missingPrivacy)
  })

  it('dati completi e privacy data: la pagina chiesta si apre', async () => {
    serverFlags.current = { dati_incompleti: 0, privacy: 1 }
    startAt('/impostazioni')
    expect(await screen.findByRole('heading', { name: 'Impostazioni' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
