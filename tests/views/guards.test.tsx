// Each navigation guard of spec §4 as the user meets it: where the navigation ends and the message shown.
import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, redirect } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'

vi.mock('../../src/app/session.ts', () => ({
  sessionFlagsKnown: vi.fn(async () => undefined),
  signIn: vi.fn(),
}))

const { guardLoader, markRedirectedFrom } = await import('../../src/app/guards.ts')
const { signIn } = await import('../../src/app/session.ts')
const { utenteStore } = await import('../../src/stores/utente.ts')
const { disciplinaStore } = await import('../../src/stores/disciplina.ts')
const { navigazioneStore } = await import('../../src/stores/navigazione.ts')
const { Notice } = await import('../../src/ui/Notice.tsx')
const { GuardedOutlet } = await import('../../src/app/GuardedOutlet.tsx')

const page = (title: string) => ({ element: <h1>{title}</h1> })

function renderAt(path: string) {
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
          {
            path: '/',
            loader: () => {
              markRedirectedFrom('/')
              return redirect('/scelta-disciplina')
            },
          },
          { path: '/home', ...page('Home') },
          { path: '/lista-circoli', ...page('Circoli') },
          { path: '/impostazioni', ...page('Impostazioni') },
          { path: '/modifica-profilo', ...page('Modifica profilo') },
          { path: '/modifica-privacy', ...page('Preferenze privacy') },
          { path: '/creazione-credenziali', ...page('Crea le tue credenziali') },
          { path: '/scelta-disciplina', ...page('Scegli la disciplina') },
          { path: '/privacy', ...page('Informativa privacy') },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

/** A signed-in browser: a token, login flags, and the cookie the app sets after the sign-in. */
function signedIn(flags: { dati_incompleti?: number; privacy?: number } = {}) {
  document.cookie = 'changed_credentials=true; path=/'
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: {
        profilation: 0,
        privacy: 1,
        dati_incompleti: 0,
        tessera_associata: 1,
        user_id: 'u-1',
        ...flags,
      },
      details: null,
      detailsStatus: null,
    },
  })
}

function sector(id: number | null) {
  disciplinaStore.trigger.synced({
    state: {
      disciplina: id ? 'tennis' : null,
      id_settore: id,
      discipline: [],
      settori: [],
      loaded: true,
      ricorda_scelta: true,
    },
  })
}

beforeEach(() => {
  utenteStore.trigger.cleared()
  navigazioneStore.trigger.reset()
  sector(1)
  document.cookie = 'changed_credentials=; max-age=0; path=/'
  vi.mocked(signIn).mockClear()
})

describe('navigation guards, as the user sees them', () => {
  it('1. incomplete registration: to /modifica-profilo with its message', async () => {
    signedIn({ dati_incompleti: 1 })
    renderAt('/lista-circoli')
    expect(await screen.findByRole('heading', { name: 'Modifica profilo' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.incompleteData)
  })

  it('1. incomplete registration still lets the user read the privacy notice', async () => {
    signedIn({ dati_incompleti: 1 })
    renderAt('/privacy')
    expect(await screen.findByRole('heading', { name: 'Informativa privacy' })).toBeInTheDocument()
  })

  it('2. missing privacy preferences: to /modifica-privacy with its message', async () => {
    signedIn({ privacy: 0 })
    renderAt('/home')
    expect(await screen.findByRole('heading', { name: 'Preferenze privacy' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.missingPrivacy)
  })

  it('5. a reserved page without the changed_credentials cookie: to /creazione-credenziali', async () => {
    renderAt('/impostazioni')
    expect(await screen.findByRole('heading', { name: 'Crea le tue credenziali' })).toBeInTheDocument()
    expect(signIn).not.toHaveBeenCalled()
  })

  it('6. a reserved page with the cookie but no token: sign-in starts, keeping the page to come back to', async () => {
    document.cookie = 'changed_credentials=true; path=/'
    const router = renderAt('/impostazioni')
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledWith('/impostazioni'))
    expect(router.state.location.pathname).toBe('/impostazioni')
    // The reserved page is not shown while the identity service takes over.
    expect(await screen.findByRole('status')).toHaveTextContent('Reindirizzamento al servizio di accesso…')
    expect(screen.queryByRole('heading', { name: 'Impostazioni' })).not.toBeInTheDocument()
  })

  it('6. a reserved page is reserved with a query too: sign-in starts, keeping it', async () => {
    document.cookie = 'changed_credentials=true; path=/'
    renderAt('/impostazioni?scheda=feed')
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledWith('/impostazioni?scheda=feed'))
    expect(screen.queryByRole('heading', { name: 'Impostazioni' })).not.toBeInTheDocument()
  })

  it('7. no sector chosen: to /scelta-disciplina', async () => {
    sector(null)
    renderAt('/lista-circoli')
    expect(await screen.findByRole('heading', { name: 'Scegli la disciplina' })).toBeInTheDocument()
  })

  it('8. from / to /scelta-disciplina with a sector chosen: to /home', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
  })

  it('4. an allowed page is shown and recorded as the last location', async () => {
    signedIn()
    renderAt('/impostazioni')
    expect(await screen.findByRole('heading', { name: 'Impostazioni' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(navigazioneStore.getSnapshot().context.lastLocation).toBe('/impostazioni')
  })
})
