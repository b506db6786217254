// /helpdesk's attachments (issue 23 item 3): the chosen files listed with name and size, each with its Italian
// problem and a «Rimuovi» button reached by keyboard; a request with files goes as multipart (the JSON in «dati»,
// the files in «allegati»), one without stays JSON; «Le mie richieste» lists what was attached.
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
const upload = vi.mocked(client.uploadForm)

const sentWith = (allegati: Richiesta['allegati']): Richiesta => ({
  id_richiesta: 9,
  id_categoria: 1,
  categoria: 'Assistenza',
  id_settore: 1,
  codice_tessera: null,
  oggetto: 'Ricevuta',
  messaggio: 'Ecco la ricevuta',
  stato: 'aperta',
  creata_il: '2026-11-26T10:00:00.000Z',
  risposta: null,
  risposta_il: null,
  chiusa_il: null,
  chiusa_da: null,
  richiedente: null,
  allegati,
})

beforeEach(() => {
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint.path === 'settori/richieste/list')
      return { result: [{ id: 1, descrizione: 'Assistenza' }] } as never
    if (endpoint.path === 'richieste-utenti/tessere/list') return { result: [] } as never
    if (endpoint.path === 'richieste-utenti/list') return { results: [], record: 0 } as never
    if (endpoint.path === 'richieste-utenti/aperte/list' || endpoint.path === 'richieste-utenti/storico/list')
      throw new ServerFailure({ status: 403, message: 'no' })
    if (endpoint.path === 'faq/list') return { results: [], record: 0 } as never
    if (endpoint.path === 'richieste-utenti/add')
      return { result: { ...sentWith([]), ...(body as object) } } as never
    throw new Error(`unexpected call ${endpoint.path}`)
  })
  signInWithTennis()
})

afterEach(() => {
  vi.clearAllMocks()
  resetUserStores()
})

const image = (name: string, size: number, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type })

async function renderPage() {
  render(
    <MemoryRouter>
      <HelpdeskPage />
    </MemoryRouter>,
  )
  const user = userEvent.setup({ applyAccept: false })
  await screen.findByRole('heading', { name: 'Nuova richiesta' })
  return user
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/^Categoria/), 'Assistenza')
  await user.type(screen.getByLabelText(/^Oggetto/), 'Ricevuta')
  await user.type(screen.getByLabelText(/^Messaggio/), 'Ecco la ricevuta')
}

describe('/helpdesk: attachments', () => {
  it('lists the chosen files with name and size, says what is wrong with each, and removes one by keyboard', async () => {
    const user = await renderPage()
    const input = screen.getByLabelText(/^Allegati/)
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
    await user.upload(input, [
      image('ricevuta.jpg', 200 * 1024),
      image('modulo.pdf', 1000, 'application/pdf'),
      image('enorme.png', 6 * 1024 * 1024, 'image/png'),
    ])
    const list = screen.getByRole('list', { name: 'Allegati scelti' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'ricevuta.jpg200 kBRimuovi',
      'modulo.pdf1 kBRimuoviNon è un’immagine JPEG, PNG o WebP.',
      'enorme.png6,0 MBRimuoviPesa 6,0 MB: al massimo 5 MB.',
    ])
    // A fourth file is one too many.
    await user.upload(input, [image('quarta.webp', 1000, 'image/webp')])
    expect(screen.getByText('Puoi allegare al massimo 3 file: togline qualcuno.')).toBeInTheDocument()

    // Sending is refused while a file is wrong, and the summary names the files.
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }))
    expect(screen.getByRole('link', { name: /Allegato «modulo\.pdf»/ })).toBeInTheDocument()
    expect(upload).not.toHaveBeenCalled()

    // Keyboard: Tab to «Rimuovi modulo.pdf», Enter; focus goes back to the file input.
    screen.getByRole('button', { name: 'Rimuovi ricevuta.jpg' }).focus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Rimuovi modulo.pdf' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(input).toHaveFocus()
    expect(screen.queryByText('modulo.pdf')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Rimuovi enorme.png' }))
    await user.click(screen.getByRole('button', { name: 'Rimuovi quarta.webp' }))
    expect(screen.queryByText('Puoi allegare al massimo 3 file: togline qualcuno.')).not.toBeInTheDocument()
  })

  it('sends a request with files as multipart and shows them in «Le mie richieste»', async () => {
    upload.mockResolvedValue({
      result: sentWith([
        { id: 4, nome: 'ricevuta.jpg', dimensione: 150_000, url: '/api/v1/richieste-utenti/allegati/4' },
      ]),
    })
    const user = await renderPage()
    await fill(user)
    await user.upload(screen.getByLabelText(/^Allegati/), [image('ricevuta.jpg', 200 * 1024)])
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }))
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
    const [endpoint, form] = upload.mock.calls[0]! as [Endpoint, FormData]
    expect(endpoint.path).toBe('richieste-utenti/add')
    expect(JSON.parse(form.get('dati') as string)).toEqual({
      id_settore: 1,
      id_categoria: 1,
      oggetto: 'Ricevuta',
      messaggio: 'Ecco la ricevuta',
    })
    expect((form.getAll('allegati') as File[]).map((f) => f.name)).toEqual(['ricevuta.jpg'])
    const mine = await screen.findByRole('region', { name: 'Le mie richieste' })
    expect(within(mine).getByRole('button', { name: 'ricevuta.jpg' })).toBeInTheDocument()
    expect(within(mine).getByText('(146 kB)')).toBeInTheDocument()
    // The form is empty again, attachments included.
    expect(screen.queryByRole('list', { name: 'Allegati scelti' })).not.toBeInTheDocument()
  })

  it('sends a request without files as JSON', async () => {
    const user = await renderPage()
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }))
    await waitFor(() => expect(api.mock.calls.some(([e]) => e.path === 'richieste-utenti/add')).toBe(true))
    expect(upload).not.toHaveBeenCalled()
  })
})
