// /modifica-profilo for a complete profile (issue 23 item 1): the introduction does not ask to complete it; the
// shipping address (province → comune → its only CAP filled in; a CAP of another comune refused in Italian;
// saved, the page stays); the photo section refuses a file that is no photo before sending anything.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { FOTOTESSERA_MESSAGES } from '../../contract/profilo.ts'
import ModificaProfiloPage from '../../src/features/profilo/ModificaProfiloPage.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  fetchWithToken: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  uploadForm: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  reportFlagsChanged: vi.fn<(flags: object) => void>(),
  signOut: vi.fn<() => void>(),
}))
const { callApi, uploadForm } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)

const DATI = {
  nome: 'Ada',
  cognome: 'Lovato',
  sesso: 'F',
  data_nascita: '1990-05-01',
  codice_fiscale: 'LVTDAA90E41H501X',
  provincia: 'RM',
  comune: 'Roma',
  telefono: '3331234567',
  email: 'ada@example.it',
}
const COMUNI: Record<string, { nome: string; cap: string[] }[]> = {
  RM: [{ nome: 'Roma', cap: ['00118', '00183'] }],
  MI: [
    { nome: 'Milano', cap: ['20121', '20122'] },
    { nome: 'Rho', cap: ['20017'] },
  ],
}

beforeEach(() => {
  const handlers: Record<string, (body: unknown) => unknown> = {
    'modifica_profilo_dati_anagrafici/view': () => ({ result: DATI }),
    'provincie/get': () => ({
      result: [
        { sigla: 'MI', nome: 'Milano', regione: 'Lombardia' },
        { sigla: 'RM', nome: 'Roma', regione: 'Lazio' },
      ],
    }),
    'profilo/view': () => ({
      result: {
        id_persona: 7,
        persona: 'Ada Lovato',
        email: DATI.email,
        dati_incompleti: 0,
        fototessera: null,
        dati_spedizione: null,
      },
    }),
    'lookup/comuni/get': (body) => ({ result: COMUNI[(body as { provincia: string }).provincia] ?? [] }),
    'profilo/dati-spedizione/edit': (body) => ({ result: { presso: null, ...(body as object) } }),
  }
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    const handler = handlers[endpoint.path]
    if (!handler) throw new Error(`unexpected call ${endpoint.path}`)
    return handler(body) as never
  })
})
afterEach(() => vi.clearAllMocks())

function renderPage() {
  const router = createMemoryRouter([{ path: '/modifica-profilo', element: <ModificaProfiloPage /> }], {
    initialEntries: ['/modifica-profilo'],
  })
  render(<RouterProvider router={router} />)
  return userEvent.setup()
}

describe('/modifica-profilo with a complete profile', () => {
  it('greets by name instead of asking to complete the registration', async () => {
    renderPage()
    expect(await screen.findByText(/Ada Lovato, qui aggiorni i tuoi dati anagrafici/)).toBeInTheDocument()
    expect(screen.queryByText(/Completa i tuoi dati anagrafici/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Fototessera' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Dati di spedizione' })).toBeInTheDocument()
  })

  it('fills in the only CAP of the comune chosen and saves the address, staying on the page', async () => {
    const user = renderPage()
    const form = await screen.findByRole('form', { name: 'Dati di spedizione' })
    await user.type(within(form).getByLabelText('Indirizzo e numero civico'), 'Corso Europa 3')
    await user.selectOptions(within(form).getByLabelText('Provincia'), 'Milano (MI)')
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Comune' }), 'Rho')
    expect(within(form).getByLabelText('CAP')).toHaveValue('20017')
    await user.click(within(form).getByRole('button', { name: 'Salva l’indirizzo' }))
    expect(await within(form).findByText('Dati di spedizione salvati.')).toBeInTheDocument()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'profilo/dati-spedizione/edit' }), {
      indirizzo: 'Corso Europa 3',
      cap: '20017',
      provincia: 'MI',
      comune: 'Rho',
    })
  })

  it('refuses a CAP of another comune and a street without its number, next to each field', async () => {
    const user = renderPage()
    const form = await screen.findByRole('form', { name: 'Dati di spedizione' })
    await user.type(within(form).getByLabelText('Indirizzo e numero civico'), 'Via Appia Nuova')
    await user.selectOptions(within(form).getByLabelText('Provincia'), 'Milano (MI)')
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Comune' }), 'Milano')
    await user.type(within(form).getByLabelText('CAP'), '00183')
    await user.click(within(form).getByRole('button', { name: 'Salva l’indirizzo' }))
    expect(within(form).getByLabelText('CAP')).toHaveAccessibleDescription(
      expect.stringContaining('Non è un CAP di Milano.'),
    )
    expect(within(form).getByLabelText('Indirizzo e numero civico')).toHaveAccessibleDescription(
      expect.stringContaining('Aggiungi il numero civico'),
    )
    expect(api).not.toHaveBeenCalledWith(
      expect.objectContaining({ path: 'profilo/dati-spedizione/edit' }),
      expect.anything(),
    )
  })

  it('refuses a file that is not a photo before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const router = createMemoryRouter([{ path: '/modifica-profilo', element: <ModificaProfiloPage /> }], {
      initialEntries: ['/modifica-profilo'],
    })
    render(<RouterProvider router={router} />)
    const input = await screen.findByLabelText('Scegli la fototessera')
    await user.upload(input, new File(['%PDF-1.7'], 'documento.pdf', { type: 'application/pdf' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(FOTOTESSERA_MESSAGES.notAnImage)
    expect(vi.mocked(uploadForm)).not.toHaveBeenCalled()
  })
})
