// A signed-in user on a phone whose first visit stores no sector: the start page kept by guard 6 (the page the
// user asked for before signing in, where the session brings the user back) survives guard 7's detour through
// /scelta-disciplina, and choosing a discipline lands there, not on /home (spec §4 steps 4, 6, 7).
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LOOKUP } from '../machines/models/discipline.model.ts'

vi.mock('../../src/app/session.ts', () => ({
  sessionFlagsKnown: vi.fn(async () => undefined),
  signIn: vi.fn(),
}))
vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn(async () => LOOKUP),
}))

// A phone: the first-visit default asks for a choice instead of picking tennis (spec §4).
beforeAll(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 })
})

async function signedInOnAPhone() {
  vi.resetModules()
  const { guardLoader } = await import('../../src/app/guards.ts')
  const { startDiscipline } = await import('../../src/app/discipline.ts')
  const { utenteStore } = await import('../../src/stores/utente.ts')
  const { navigazioneStore } = await import('../../src/stores/navigazione.ts')
  const { default: SceltaDisciplinaPage } =
    await import('../../src/features/disciplina/SceltaDisciplinaPage.tsx')
  document.cookie = 'changed_credentials=true; path=/'
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: { profilation: 0, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'u-1' },
      details: null,
      detailsStatus: null,
    },
  })
  startDiscipline(new URL('https://portale.test/'))
  return { guardLoader, navigazioneStore, SceltaDisciplinaPage }
}

describe('the discipline choice after signing in', () => {
  it('brings the user to the page asked for before signing in', async () => {
    const { guardLoader, navigazioneStore, SceltaDisciplinaPage } = await signedInOnAPhone()
    // The first-visit default on a phone.
    expect(navigazioneStore.getSnapshot().context.lastLocation).toBe('/scelta-disciplina')
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          loader: guardLoader,
          children: [
            { path: '/home', element: <h1>Home</h1> },
            { path: '/impostazioni', element: <h1>Impostazioni</h1> },
            { path: '/scelta-disciplina', element: <SceltaDisciplinaPage /> },
          ],
        },
      ],
      // Where the session takes the user after signing in: the start page kept by guard 6.
      { initialEntries: ['/impostazioni'] },
    )
    render(<RouterProvider router={router} />)

    // Guard 7: no sector yet.
    expect(await screen.findByRole('heading', { name: 'Scegli la disciplina' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: 'Padel' }))
    await user.click(screen.getByRole('button', { name: 'Continua' }))

    expect(await screen.findByRole('heading', { name: 'Impostazioni' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/impostazioni')
  })
})
