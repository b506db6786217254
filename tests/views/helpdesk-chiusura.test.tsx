// /helpdesk's closing and long lists (issue 23 item 3): «Chiudi la richiesta» asks first, then the request shows as
// closed with no button left; a refusal is said in Italian beside it; «Mostra altre richieste» loads the next page
// of 50 and disappears when all are shown.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import type { Richiesta } from '../../contract/helpdesk.ts'
import HelpdeskPage from '../../src/features/helpdesk/HelpdeskPage.tsx'
import { resetUserStores, signInWithTennis } from '../support/utente.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  uploadForm: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  fetchWithToken: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  sessionActor: { getSnapshot: () => ({ can: () => false }), subscribe: () => ({ unsubscribe() {} }) },
  signIn: vi.fn<() => void>(),
}))

const client = await import('../../src/api/client.ts')
const api = vi.mocked(client.callApi)

const mine = (id: number, stato: Richiesta['stato'] = 'aperta'): Richiesta => ({
  id_richiesta: id,
  id_categoria: 1,
  categoria: 'Assistenza',
  id_settore: 1,
  codice_tessera: null,
  oggetto: `Richiesta ${id}`,
  messaggio: 'Ecco la ricevuta',
  stato,
  creata_il: '2026-11-26T10:00:00.000Z',
  risposta: null,
  risposta_il: null,
  chiusa_il: stato === 'chiusa' ? '2026-11-26T11:00:00.000Z' : null,
  chiusa_da: stato === 'chiusa' ? 'utente' : null,
  richiedente: null,
  allegati: [],
})
/** 57 requests of mine on the server, newest (57) first. */
const ALL = Array.from({ length: 57 }, (_, i) => mine(57 - i))

beforeEach(() => {
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint.path === 'settori/richieste/list')
      return { result: [{ id: 1, descrizione: 'Assistenza' }] } as never
    if (endpoint.path === 'richieste-utenti/tessere/list') return { result: [] } as never
    if (endpoint.path === 'richieste-utenti/list') {
      const { rowstoskip, fetchrows } = body as { rowstoskip: number; fetchrows: number }
      return { results: ALL.slice(rowstoskip, rowstoskip + fetchrows), record: ALL.length } as never
    }
    if (endpoint.path === 'richieste-utenti/chiudi') {
      const { id_richiesta } = body as { id_richiesta: number }
      if (id_richiesta === 56) throw new ServerFailure({ status: 409, message: 'La richiesta è già chiusa.' })
      return { result: mine(id_richiesta, 'chiusa') } as never
    }
    if (endpoint.path === 'richieste-utenti/aperte/list' || endpoint.path === 'richieste-utenti/storico/list')
      throw new ServerFailure({ status: 403, message: 'no' })
    if (endpoint.path === 'faq/list') return { results: [], record: 0 } as never
    throw new Error(`unexpected call ${endpoint.path}`)
  })
  signInWithTennis()
})

afterEach(() => {
  vi.clearAllMocks()
  resetUserStores()
})

async function renderPage() {
  render(
    <MemoryRouter>
      <HelpdeskPage />
    </MemoryRouter>,
  )
  await screen.findByRole('heading', { name: 'Le mie richieste' })
  return userEvent.setup()
}

const card = (oggetto: string) =>
  within(screen.getByRole('region', { name: 'Le mie richieste' }))
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name: oggetto }))!

describe('/helpdesk: closing a request and long lists', () => {
  it('asks before closing, then shows the request closed with no button left', async () => {
    const user = await renderPage()
    const open = card('Richiesta 57')
    await user.click(within(open).getByRole('button', { name: 'Chiudi la richiesta «Richiesta 57»' }))
    const ask = within(open).getByRole('group', { name: 'Chiudere «Richiesta 57»?' })
    await user.click(within(ask).getByRole('button', { name: 'Annulla' }))
    expect(api.mock.calls.some(([e]) => (e as Endpoint).path === 'richieste-utenti/chiudi')).toBe(false)

    await user.click(within(open).getByRole('button', { name: 'Chiudi la richiesta «Richiesta 57»' }))
    await user.click(within(open).getByRole('button', { name: 'Sì, chiudi la richiesta' }))
    const closed = await waitFor(() => {
      const li = card('Richiesta 57')
      expect(within(li).getByRole('status')).toHaveTextContent('Richiesta chiusa.')
      return li
    })
    expect(within(closed).getByText('Chiusa', { exact: true })).toBeInTheDocument()
    expect(within(closed).getByText(/da te: non riceve altre risposte/)).toBeInTheDocument()
    expect(within(closed).queryByRole('button', { name: /Chiudi la richiesta/ })).not.toBeInTheDocument()
  })

  it('says in Italian why a request was not closed, and leaves it as it was', async () => {
    const user = await renderPage()
    const open = card('Richiesta 56')
    await user.click(within(open).getByRole('button', { name: 'Chiudi la richiesta «Richiesta 56»' }))
    await user.click(within(open).getByRole('button', { name: 'Sì, chiudi la richiesta' }))
    expect(await within(card('Richiesta 56')).findByRole('alert')).toHaveTextContent(
      'La richiesta è già chiusa.',
    )
    expect(within(card('Richiesta 56')).getByText('Aperta')).toBeInTheDocument()
  })

  it('shows the first 50, then the rest with «Mostra altre richieste»', async () => {
    const user = await renderPage()
    const region = screen.getByRole('region', { name: 'Le mie richieste' })
    expect(within(region).getAllByRole('heading', { level: 3 })).toHaveLength(50)
    expect(within(region).getByText('Ne vedi 50 su 57.')).toBeInTheDocument()
    await user.click(within(region).getByRole('button', { name: 'Mostra altre richieste' }))
    await waitFor(() => expect(within(region).getAllByRole('heading', { level: 3 })).toHaveLength(57))
    expect(within(region).getByRole('heading', { name: 'Richiesta 1' })).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: 'Mostra altre richieste' })).not.toBeInTheDocument()
    const pages = api.mock.calls
      .filter(([e]) => (e as Endpoint).path === 'richieste-utenti/list')
      .map(([, b]) => b)
    expect(pages).toEqual([
      { rowstoskip: 0, fetchrows: 50 },
      { rowstoskip: 50, fetchrows: 50 },
    ])
  })
})
