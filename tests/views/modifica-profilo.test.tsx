import { belfioreConnector } from '@marketto/belfiore-connector-embedded'
import { CodiceFiscaleUtils } from '@marketto/codice-fiscale-utils'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import ModificaProfiloPage from '../../src/features/profilo/ModificaProfiloPage.tsx'
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

const EMAIL = 'zebedeo@example.it'
const PERSON = { nome: 'Zebedeo', cognome: 'Quaglierini', sesso: 'M', data_nascita: '1985-03-10' }
let CF = ''

beforeAll(async () => {
  CF = (await new CodiceFiscaleUtils(belfioreConnector).parser.encodeCf({
    lastName: PERSON.cognome,
    firstName: PERSON.nome,
    date: new Date(Date.UTC(1985, 2, 10)),
    gender: 'M',
    place: 'H501',
  }))!
})

type Handler = (body: unknown) => unknown
let handlers: Record<string, Handler>

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

beforeEach(() => {
  handlers = {
    'modifica_profilo_dati_anagrafici/view': () => ({
      result: {
        nome: null,
        cognome: null,
        sesso: null,
        data_nascita: null,
        codice_fiscale: null,
        provincia: null,
        comune: null,
        telefono: null,
        email: EMAIL,
      },
    }),
    'profilo/view': () => ({
      result: {
        id_persona: null,
        persona: EMAIL,
        email: EMAIL,
        dati_incompleti: 1,
        fototessera: null,
        dati_spedizione: null,
      },
    }),
    'provincie/get': () => ({
      result: [
        { sigla: 'MI', nome: 'Milano', regione: 'Lombardia' },
        { sigla: 'RM', nome: 'Roma', regione: 'Lazio' },
      ],
    }),
    'lookup/comuni/get': (body) => ({
      result:
        (body as { provincia: string }).provincia === 'RM'
          ? [{ nome: 'Fiumicino' }, { nome: 'Roma' }, { nome: 'Tivoli' }]
          : [{ nome: 'Milano' }, { nome: 'Rho' }],
    }),
  }
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    const handler = handlers[endpoint.path]
    if (!handler) throw new Error(`unexpected call ${endpoint.path}`)
    return handler(body) as never
  })
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: { profilation: 0, privacy: 1, dati_incompleti: 1, tessera_associata: 0, user_id: 'u1' },
      details: null,
      detailsStatus: null,
    },
  })
})

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
  navigazioneStore.trigger.reset()
})

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/modifica-profilo', element: <ModificaProfiloPage /> },
      { path: '/home', element: <h1>Pagina home</h1> },
      { path: '/tornei/calendario-tornei', element: <h1>Calendario tornei</h1> },
    ],
    { initialEntries: ['/modifica-profilo'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

async function fillValidForm(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Partial<Record<string, string>> = {},
) {
  const v = { ...PERSON, codice_fiscale: CF, telefono: '333 123 4567', ...overrides }
  await user.type(await screen.findByLabelText('Nome'), v.nome)
  await user.type(screen.getByLabelText('Cognome'), v.cognome)
  await user.selectOptions(screen.getByLabelText('Sesso'), v.sesso === 'M' ? 'Maschile' : 'Femminile')
  await user.type(screen.getByLabelText('Data di nascita'), v.data_nascita)
  await user.type(screen.getByLabelText('Codice fiscale'), v.codice_fiscale)
  await user.selectOptions(screen.getByLabelText('Provincia di residenza'), 'Roma (RM)')
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Comune di residenza' }), 'Roma')
  await user.type(screen.getByLabelText('Telefono'), v.telefono)
}

const errorOf = (label: string) => {
  const control = screen.getByLabelText(label)
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-errore'))
  return ids.length === 1 ? document.getElementById(ids[0]!)?.textContent : undefined
}

describe('/modifica-profilo', () => {
  it('shows a skeleton while loading, then the form with the account e-mail', async () => {
    const view = deferred<unknown>()
    handlers['modifica_profilo_dati_anagrafici/view'] = () => view.promise
    renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento del profilo…')
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument()
    await act(async () =>
      view.resolve({
        result: {
          ...PERSON,
          codice_fiscale: CF,
          provincia: 'RM',
          comune: 'ROMA',
          telefono: '3331234567',
          email: EMAIL,
        },
      }),
    )
    expect(await screen.findByLabelText('Nome')).toHaveValue('Zebedeo')
    expect(screen.getByText(EMAIL)).toBeInTheDocument()
    // The saved comune takes the list's spelling once the comuni of the province arrive.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Comune di residenza' })).toHaveValue('Roma'),
    )
  })

  it('on an empty submit, ties an Italian error to every field and focuses the summary; nothing is sent', async () => {
    const { user } = renderPage()
    await screen.findByLabelText('Nome')
    await user.click(screen.getByRole('button', { name: 'Salva' }))
    const summary = screen.getByRole('region', { name: 'Correggi i dati indicati' })
    expect(summary).toHaveFocus()
    expect(within(summary).getAllByRole('link')).toHaveLength(8)
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true')
    expect(errorOf('Nome')).toBe('Inserisci il nome.')
    expect(errorOf('Cognome')).toBe('Inserisci il cognome.')
    expect(errorOf('Sesso')).toBe('Indica il sesso.')
    expect(errorOf('Data di nascita')).toBe('Inserisci la data di nascita.')
    expect(errorOf('Codice fiscale')).toBe('Inserisci il codice fiscale.')
    expect(errorOf('Provincia di residenza')).toBe('Scegli la provincia di residenza.')
    expect(errorOf('Telefono')).toBe('Inserisci un numero di telefono.')
    expect(api).not.toHaveBeenCalledWith(expect.objectContaining({ path: 'profilo/edit' }), expect.anything())
  })

  it('checks the codice fiscale for form, check character and consistency, and the phone', async () => {
    const { user } = renderPage()
    await fillValidForm(user, { codice_fiscale: 'RSSMRA', telefono: '12345' })
    await user.click(screen.getByRole('button', { name: 'Salva' }))
    expect(errorOf('Codice fiscale')).toBe('Il codice fiscale ha 16 caratteri: ne hai inseriti 6.')
    expect(errorOf('Telefono')).toBe(
      'Inserisci un numero di cellulare o di rete fissa italiano, ad esempio 333 1234567 o 06 12345678.',
    )
    expect(screen.getByLabelText('Nome')).not.toHaveAttribute('aria-invalid')

    // After the first submit the errors follow the typing.
    const cf = screen.getByLabelText('Codice fiscale')
    await user.clear(cf)
    await user.type(cf, '1234567890ABCDEF')
    expect(errorOf('Codice fiscale')).toMatch(/^Il codice fiscale non è nel formato corretto/)
    await user.clear(cf)
    await user.type(cf, CF.slice(0, 15) + (CF[15] === 'A' ? 'B' : 'A'))
    expect(errorOf('Codice fiscale')).toMatch(/ultimo carattere \(di controllo\) non corrisponde/)
    await user.clear(cf)
    await user.type(cf, CF.toLowerCase())
    expect(errorOf('Codice fiscale')).toBeUndefined()

    const birth = screen.getByLabelText('Data di nascita')
    await user.clear(birth)
    await user.type(birth, '1985-03-11')
    expect(errorOf('Codice fiscale')).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (data di nascita).',
    )
    await user.selectOptions(screen.getByLabelText('Sesso'), 'Femminile')
    expect(errorOf('Codice fiscale')).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (data di nascita, sesso).',
    )
    expect(api).not.toHaveBeenCalledWith(expect.objectContaining({ path: 'profilo/edit' }), expect.anything())
  })

  it('offers the comuni of the chosen province', async () => {
    const { user } = renderPage()
    await screen.findByLabelText('Nome')
    expect(screen.getByRole('combobox', { name: 'Comune di residenza' })).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Provincia di residenza'), 'Milano (MI)')
    const comune = await screen.findByRole('option', { name: 'Rho' })
    expect(comune).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Tivoli' })).not.toBeInTheDocument()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'lookup/comuni/get' }), {
      provincia: 'MI',
    })
  })

  it('saves, shows "Salvataggio…", updates the flags and goes back to the page the user wanted', async () => {
    const save = deferred<unknown>()
    let sent: unknown
    handlers['profilo/edit'] = (body) => {
      sent = body
      return save.promise
    }
    navigazioneStore.trigger.locationRecorded({ path: '/tornei/calendario-tornei' })
    const { user, router } = renderPage()
    await fillValidForm(user, { codice_fiscale: CF.toLowerCase(), nome: 'zebedeo ' })
    await user.click(screen.getByRole('button', { name: 'Salva' }))
    const button = await screen.findByRole('button', { name: 'Salvataggio…' })
    expect(button).toBeDisabled()
    expect(sent).toEqual({
      nome: 'zebedeo',
      cognome: 'Quaglierini',
      sesso: 'M',
      data_nascita: '1985-03-10',
      codice_fiscale: CF,
      provincia: 'RM',
      comune: 'Roma',
      telefono: '3331234567',
    })
    await act(async () =>
      save.resolve({
        result: { dati_incompleti: 0, id_persona: 7, persona: 'Zebedeo Quaglierini', provincia: 'RM' },
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Calendario tornei' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tornei/calendario-tornei')
    // The session is told (the one writer of user state); the page never writes the store.
    expect(reportFlagsChanged).toHaveBeenCalledWith({ dati_incompleti: 0 })
    expect(navigazioneStore.getSnapshot().context.notice).toBe('Dati del profilo salvati.')
    expect(refreshProfile).toHaveBeenCalledTimes(1)
  })

  it("shows the server's message on a failed save, focused, and keeps what the user typed", async () => {
    handlers['profilo/edit'] = () => {
      throw new ServerFailure({
        status: 409,
        message:
          "Il codice fiscale è già associato a un altro tesserato. Se è il tuo, contatta l'assistenza.",
      })
    }
    const { user, router } = renderPage()
    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Salva' }))
    const summary = await screen.findByRole('region', { name: 'Salvataggio non riuscito' })
    expect(summary).toHaveTextContent('Il codice fiscale è già associato a un altro tesserato.')
    await waitFor(() => expect(summary).toHaveFocus())
    expect(screen.getByLabelText('Codice fiscale')).toHaveValue(CF)
    expect(screen.getByLabelText('Nome')).toHaveValue('Zebedeo')
    expect(screen.getByRole('button', { name: 'Salva' })).toBeEnabled()
    expect(router.state.location.pathname).toBe('/modifica-profilo')
    expect(utenteStore.getSnapshot().context.login?.dati_incompleti).toBe(1)
    expect(reportFlagsChanged).not.toHaveBeenCalled()
  })

  it('shows the generic message when the server gives none, and a retry when loading fails', async () => {
    handlers['provincie/get'] = () => {
      throw new ServerFailure({ status: 500, message: null })
    }
    const { user } = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Attenzione! Si è verificato un errore. Riprovare più tardi',
    )
    handlers['provincie/get'] = () => ({ result: [{ sigla: 'RM', nome: 'Roma', regione: 'Lazio' }] })
    await user.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(await screen.findByLabelText('Nome')).toBeInTheDocument()
  })
})
