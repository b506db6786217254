import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { NetworkFailure, ServerFailure } from '../../src/api/errors.ts'
import ModificaPrivacyPage from '../../src/features/profilo/ModificaPrivacyPage.tsx'
import { navigazioneStore } from '../../src/stores/navigazione.ts'
import { utenteStore } from '../../src/stores/utente.ts'

vi.mock('../../src/api/client.ts', () => ({ callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>() }))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  reportFlagsChanged: vi.fn<(flags: object) => void>(),
  signOut: vi.fn<() => void>(),
}))

const { callApi } = await import('../../src/api/client.ts')
const { refreshProfile, reportFlagsChanged } = await import('../../src/app/session.ts')
const api = vi.mocked(callApi)

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

function signedIn(flags: { privacy: number; profilation: number }) {
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: { ...flags, dati_incompleti: 0, tessera_associata: 0, user_id: 'u1' },
      details: null,
      detailsStatus: null,
    },
  })
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/modifica-privacy', element: <ModificaPrivacyPage /> },
      { path: '/home', element: <h1>Pagina home</h1> },
      { path: '/news', element: <h1>News</h1> },
    ],
    { initialEntries: ['/modifica-privacy'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

const describedErrors = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-errore'))
    .map((id) => document.getElementById(id)?.textContent)

/** The consents the server holds, answered to profilo/privacy/view; other calls go to `save`. */
let stored: { privacy: number; profilation: number | null; privacy_accettata_il: string | null }
let save: (endpoint: Endpoint, body: unknown) => Promise<unknown>

beforeEach(() => {
  signedIn({ privacy: 0, profilation: 0 })
  stored = { privacy: 0, profilation: null, privacy_accettata_il: null }
  save = async (endpoint) => {
    throw new Error(`unexpected call ${endpoint.path}`)
  }
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint.path === 'profilo/privacy/view') return { result: stored } as never
    return save(endpoint, body) as never
  })
})

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
  navigazioneStore.trigger.reset()
})

describe('/modifica-privacy', () => {
  it('links to the privacy notice and preselects nothing for a user who never chose', async () => {
    renderPage()
    expect(await screen.findByRole('link', { name: /Leggi l'informativa sulla privacy/ })).toHaveAttribute(
      'href',
      '/privacy',
    )
    expect(screen.getByLabelText("Ho letto e accetto l'informativa sulla privacy")).not.toBeChecked()
    expect(screen.getByLabelText('Sì, acconsento alla profilazione')).not.toBeChecked()
    expect(screen.getByLabelText('No, non acconsento')).not.toBeChecked()
  })

  it('requires the notice and a profilation choice: errors tied to the controls, summary focused', async () => {
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Salva le preferenze' }))
    const summary = screen.getByRole('region', { name: 'Correggi i dati indicati' })
    expect(summary).toHaveFocus()
    const notice = screen.getByLabelText("Ho letto e accetto l'informativa sulla privacy")
    expect(notice).toHaveAttribute('aria-invalid', 'true')
    expect(describedErrors(notice)).toEqual([
      "Per usare il portale devi accettare l'informativa sulla privacy.",
    ])
    const group = screen.getByRole('radiogroup', { name: 'Consenso alla profilazione' })
    expect(group).toHaveAttribute('aria-invalid', 'true')
    expect(describedErrors(group)).toEqual(['Indica se acconsenti alla profilazione.'])
    expect(api.mock.calls.map(([endpoint]) => endpoint.path)).toEqual(['profilo/privacy/view'])

    // The errors follow the answers.
    await user.click(notice)
    expect(notice).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByLabelText('No, non acconsento'))
    expect(screen.queryByRole('region', { name: 'Correggi i dati indicati' })).not.toBeInTheDocument()
  })

  it('saves the consents, shows "Salvataggio…", updates the flags and returns to the page the user wanted', async () => {
    const answer = deferred<unknown>()
    save = async (endpoint: Endpoint) => {
      expect(endpoint.path).toBe('profilo/privacy/user/edit')
      return answer.promise
    }
    navigazioneStore.trigger.locationRecorded({ path: '/news' })
    const { user, router } = renderPage()
    await user.click(await screen.findByLabelText("Ho letto e accetto l'informativa sulla privacy"))
    await user.click(screen.getByLabelText('Sì, acconsento alla profilazione'))
    await user.click(screen.getByRole('button', { name: 'Salva le preferenze' }))
    expect(screen.getByRole('button', { name: 'Salvataggio…' })).toBeDisabled()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'profilo/privacy/user/edit' }), {
      privacy: true,
      profilation: true,
    })
    await act(async () => answer.resolve({ result: { privacy: 1, profilation: 1 } }))
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/news')
    // The session is told (the one writer of user state); the page never writes the store.
    expect(reportFlagsChanged).toHaveBeenCalledWith({ privacy: 1, profilation: 1 })
    expect(navigazioneStore.getSnapshot().context.notice).toBe('Preferenze sulla privacy salvate.')
    expect(refreshProfile).toHaveBeenCalledTimes(1)
  })

  it('shows the previous choice of a user who already answered, and goes /home when there is no page to return to', async () => {
    utenteStore.trigger.reset()
    signedIn({ privacy: 1, profilation: 1 })
    stored = { privacy: 1, profilation: 1, privacy_accettata_il: '2025-10-12T08:30:00.000Z' }
    save = async () => ({ result: { privacy: 1, profilation: 0 } })
    navigazioneStore.trigger.locationRecorded({ path: '/modifica-privacy' })
    const { user, router } = renderPage()
    expect(await screen.findByLabelText("Ho letto e accetto l'informativa sulla privacy")).toBeChecked()
    expect(screen.getByLabelText('Sì, acconsento alla profilazione')).toBeChecked()
    await user.click(screen.getByLabelText('No, non acconsento'))
    await user.click(screen.getByRole('button', { name: 'Salva le preferenze' }))
    expect(await screen.findByRole('heading', { name: 'Pagina home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/home')
    expect(reportFlagsChanged).toHaveBeenCalledWith({ privacy: 1, profilation: 0 })
  })

  it.each([
    { privacy: 1, profilation: 1, box: true, yes: true, no: false },
    { privacy: 1, profilation: 0, box: true, yes: false, no: true },
    { privacy: 0, profilation: 1, box: false, yes: true, no: false },
    { privacy: 0, profilation: 0, box: false, yes: false, no: true },
    { privacy: 0, profilation: null, box: false, yes: false, no: false },
  ])(
    'shows the consents the server holds (notice $privacy, profilation $profilation), whatever the session knows',
    async ({ privacy, profilation, box, yes, no }) => {
      // The session's flags are not known yet (login-get still out, nothing stored: a fresh load after sign-in)…
      utenteStore.trigger.synced({
        state: { token: 'eyJ.test.token', login: null, details: null, detailsStatus: null },
      })
      stored = {
        privacy,
        profilation,
        privacy_accettata_il: privacy ? '2025-10-12T08:30:00.000Z' : null,
      }
      renderPage()
      expect(screen.getByRole('status')).toHaveTextContent('Caricamento delle preferenze…')
      const notice = await screen.findByLabelText("Ho letto e accetto l'informativa sulla privacy")
      expect((notice as HTMLInputElement).checked).toBe(box)
      expect((screen.getByLabelText('Sì, acconsento alla profilazione') as HTMLInputElement).checked).toBe(
        yes,
      )
      expect((screen.getByLabelText('No, non acconsento') as HTMLInputElement).checked).toBe(no)
      expect(screen.queryByText("Hai accettato l'informativa il 12 ottobre 2025.") !== null).toBe(
        privacy === 1,
      )
      // …or stale (another device changed them): the server's answer wins.
      cleanup()
      signedIn({ privacy: 1 - privacy, profilation: profilation === 1 ? 0 : 1 })
      renderPage()
      const again = await screen.findByLabelText("Ho letto e accetto l'informativa sulla privacy")
      expect((again as HTMLInputElement).checked).toBe(box)
      expect((screen.getByLabelText('Sì, acconsento alla profilazione') as HTMLInputElement).checked).toBe(
        yes,
      )
    },
  )

  it('offers Riprova when the consents cannot be loaded', async () => {
    let failures = 1
    api.mockImplementation(async () => {
      if (failures-- > 0) throw new NetworkFailure({ cause: new Error('offline') })
      return { result: { privacy: 1, profilation: 1, privacy_accettata_il: null } } as never
    })
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Riprova' }))
    expect(await screen.findByLabelText('Sì, acconsento alla profilazione')).toBeChecked()
  })

  it("keeps the answers after a failed save and shows the server's message, or the generic one", async () => {
    save = async () => {
      throw new ServerFailure({
        status: 429,
        message: 'Troppe richieste: attendi qualche istante e riprova',
      })
    }
    const { user, router } = renderPage()
    await user.click(await screen.findByLabelText("Ho letto e accetto l'informativa sulla privacy"))
    await user.click(screen.getByLabelText('No, non acconsento'))
    await user.click(screen.getByRole('button', { name: 'Salva le preferenze' }))
    const summary = await screen.findByRole('region', { name: 'Salvataggio non riuscito' })
    expect(summary).toHaveTextContent('Troppe richieste: attendi qualche istante e riprova')
    await waitFor(() => expect(summary).toHaveFocus())
    expect(screen.getByLabelText("Ho letto e accetto l'informativa sulla privacy")).toBeChecked()
    expect(screen.getByLabelText('No, non acconsento')).toBeChecked()
    expect(router.state.location.pathname).toBe('/modifica-privacy')
    expect(utenteStore.getSnapshot().context.login?.privacy).toBe(0)
    expect(reportFlagsChanged).not.toHaveBeenCalled()

    save = async () => {
      throw new NetworkFailure({ cause: new Error('offline') })
    }
    await user.click(screen.getByRole('button', { name: 'Salva le preferenze' }))
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Salvataggio non riuscito' })).toHaveTextContent(
        'Attenzione! Si è verificato un errore. Riprovare più tardi',
      ),
    )
  })
})
