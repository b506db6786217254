import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Tessera } from '../../contract/giocatori.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import { refreshCards } from '../../src/app/session.ts'
import VerificaTesseraPage from '../../src/features/tessere/VerificaTesseraPage.tsx'
import { TESSERE_MESSAGES } from '../../contract/tessere.ts'
import { MemoryRouter as Router, Route, Routes } from 'react-router'
import ElencoTesserePage from '../../src/features/tessere/ElencoTesserePage.tsx'
import { utenteStore } from '../../src/stores/utente.ts'
import { withPerson } from '../support/utente.ts'

vi.mock('../../src/api/client.ts', () => ({ callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>() }))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  refreshCards: vi.fn<() => void>(),
  signOut: vi.fn<() => void>(),
}))

const { callApi } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)

const card = (codice: string, id_settore: number, disciplina: string, stagione = 2026): Tessera => ({
  codice_tessera: codice,
  tipologia: 'Agonistica',
  disciplina,
  id_settore,
  stagione,
  valida_dal: `${stagione}-01-01`,
  valida_al: `${stagione}-12-31`,
  id_circolo: 7,
  circolo: 'Circolo Tennis Parioli',
  verifica: `0000000${id_settore}-0000-4000-8000-${codice.replace(/\W/g, '').padStart(12, '0')}`,
})

function renderPage() {
  render(
    <MemoryRouter>
      <ElencoTesserePage />
    </MemoryRouter>,
  )
  return userEvent.setup()
}

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
})

describe('/elenco-tessere', () => {
  it('groups the cards by sector with season and validity in Italian', async () => {
    withPerson(12)
    api.mockResolvedValue({
      results: [
        card('T-1', 1, 'tennis', 2099),
        card('P-1', 2, 'padel', 2020),
        card('J-1', 4, 'tennis'),
        card('B-1', 3, 'beach-tennis'),
        card('K-1', 5, 'pickleball'),
      ],
      record: 5,
    } as never)
    renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento delle tessere…')
    const tennis = await screen.findByRole('region', { name: 'Tennis' })
    expect(within(tennis).getAllByRole('listitem')).toHaveLength(2)
    expect(within(tennis).getByText('Tessera n. T-1')).toBeInTheDocument()
    expect(within(tennis).getByText('dal 1° gennaio al 31 dicembre 2099')).toBeInTheDocument()
    expect(within(tennis).getByText('2099')).toBeInTheDocument()
    expect(within(tennis).getByText('Non ancora valida')).toBeInTheDocument()
    const padel = screen.getByRole('region', { name: 'Padel' })
    expect(within(padel).getByText('Scaduta')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Beach tennis' })).getByText('Beach Tennis'),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Altri settori' })).getByText('Pickleball'),
    ).toBeInTheDocument()
    expect(screen.getByText('5 tessere')).toBeInTheDocument()
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'scheda_personale/elenco_tessere/list' }),
      {
        id: 12,
        rowstoskip: 0,
        fetchrows: 20,
      },
    )
  })

  it('pages through the cards', async () => {
    withPerson(12)
    api
      .mockResolvedValueOnce({ results: [card('T-1', 1, 'tennis')], record: 2 } as never)
      .mockResolvedValueOnce({ results: [card('T-2', 1, 'tennis', 2025)], record: 2 } as never)
    const user = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Mostra altre tessere' }))
    expect(await screen.findByText('Tessera n. T-2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mostra altre tessere' })).not.toBeInTheDocument()
    expect(api).toHaveBeenLastCalledWith(expect.anything(), { id: 12, rowstoskip: 1, fetchrows: 20 })
  })

  it('says what to do when there are no cards', async () => {
    withPerson(12)
    api.mockResolvedValue({ results: [], record: 0 } as never)
    renderPage()
    expect(await screen.findByText('Non risultano tessere associate al tuo profilo.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'elenco dei circoli' })).toHaveAttribute('href', '/lista-circoli')
    expect(screen.getByRole('link', { name: 'Assistenza' })).toHaveAttribute('href', '/helpdesk')
  })

  it('sends a user without a person to complete the profile, without calling the server', () => {
    withPerson(null)
    renderPage()
    expect(screen.getByText('Non hai ancora tessere.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'completa il profilo' })).toHaveAttribute(
      'href',
      '/modifica-profilo',
    )
    expect(api).not.toHaveBeenCalled()
  })

  it("shows the server's message with a retry when the list fails", async () => {
    withPerson(12)
    api
      .mockRejectedValueOnce(
        new ServerFailure({ status: 403, message: 'Puoi consultare soltanto le tue tessere' }),
      )
      .mockResolvedValueOnce({ results: [card('T-9', 1, 'tennis')], record: 1 } as never)
    const user = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Puoi consultare soltanto le tue tessere')
    await user.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(await screen.findByText('Tessera n. T-9')).toBeInTheDocument()
    expect(screen.getByText('1 tessera')).toBeInTheDocument()
  })

  it('shows each card as a digital card with its QR code, the verification link and how to renew', async () => {
    withPerson(12)
    api.mockResolvedValue({ results: [card('TN260000012', 1, 'tennis', 2020)], record: 1 } as never)
    renderPage()
    const name = 'Codice QR per verificare la tessera n. TN260000012'
    await vi.waitFor(() => expect(screen.getByRole('img', { name })).toHaveAttribute('src'))
    expect(decodeURIComponent(screen.getByRole('img', { name }).getAttribute('src')!)).toContain('<svg')
    const link = screen.getByRole('link', { name: /^Pagina di verifica\s*della tessera TN260000012$/ })
    expect(link).toHaveAttribute('href', '/verifica-tessera/00000001-0000-4000-8000-0TN260000012')
    expect(screen.getByText('Rinnova')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Circolo Tennis Parioli' })).toHaveAttribute(
      'href',
      '/dettaglio-circolo/7',
    )
  })

  it('adds a card by its code, reads the list again and marks the new card', async () => {
    withPerson(12)
    const nuova = card('PD260000012', 2, 'padel')
    api.mockImplementation((async (endpoint: { path: string }) => {
      if (endpoint.path === 'tessera/add') {
        return {
          result: { esito: 'aggiunta', tessera: nuova, messaggio: TESSERE_MESSAGES.added('PD260000012') },
        }
      }
      const added = api.mock.calls.some(([e]) => (e as { path: string }).path === 'tessera/add')
      return added
        ? { results: [card('TN260000012', 1, 'tennis'), nuova], record: 2 }
        : { results: [card('TN260000012', 1, 'tennis')], record: 1 }
    }) as never)
    const user = renderPage()
    await user.type(await screen.findByLabelText('Codice tessera'), 'pd 26 0000012')
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect(await screen.findByText('Tessera PD260000012 aggiunta al tuo elenco.')).toBeInTheDocument()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'tessera/add' }), {
      codice_tessera: 'PD260000012',
    })
    const padel = await screen.findByRole('region', { name: 'Padel' })
    expect(within(padel).getByText('Appena aggiunta')).toBeInTheDocument()
    expect(screen.getByText('2 tessere')).toBeInTheDocument()
    await vi.waitFor(() => expect(refreshCards).toHaveBeenCalled())
  })

  it('says why a card was not added, by the field, and checks the code’s form before calling', async () => {
    withPerson(12)
    api.mockImplementation((async (endpoint: { path: string }) => {
      if (endpoint.path === 'tessera/add') {
        throw new ServerFailure({ status: 403, message: TESSERE_MESSAGES.someoneElse })
      }
      return { results: [card('TN260000012', 1, 'tennis')], record: 1 }
    }) as never)
    const user = renderPage()
    const field = await screen.findByLabelText('Codice tessera')
    await user.type(field, 'TN-26!')
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect(await screen.findByText(TESSERE_MESSAGES.codeFormat)).toBeInTheDocument()
    expect(api).not.toHaveBeenCalledWith(expect.objectContaining({ path: 'tessera/add' }), expect.anything())
    await user.clear(field)
    await user.type(field, 'TN260000001')
    await user.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect(await screen.findByText(TESSERE_MESSAGES.someoneElse)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(refreshCards).not.toHaveBeenCalled()
  })

  it('synchronises with progress in two steps, then says what changed', async () => {
    withPerson(12)
    let finishSync: (value: unknown) => void = () => undefined
    api.mockImplementation(((endpoint: { path: string }) => {
      if (endpoint.path === 'tessere/sincronizza') return new Promise((resolve) => (finishSync = resolve))
      return Promise.resolve({ results: [card('TN260000012', 1, 'tennis')], record: 1 })
    }) as never)
    const user = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Sincronizza' }))
    expect(await screen.findByText('Passo 1 di 2: lettura del registro federale…')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Avanzamento della sincronizzazione' })).toHaveAttribute(
      'value',
      '1',
    )
    expect(screen.getByRole('button', { name: 'Aggiungi' })).toBeDisabled()
    const messaggio =
      'Sincronizzazione completata: 1 tessera aggiunta, 1 tessera aggiornata e 1 scaduta non importata.'
    finishSync({
      result: {
        aggiunte: ['BT260000012'],
        aggiornate: [{ codice_tessera: 'TN260000012', modifiche: ['circolo'] }],
        invariate: 0,
        scadute: 1,
        messaggio,
      },
    })
    expect(await screen.findByText(messaggio)).toBeInTheDocument()
    expect(screen.getByText('Aggiunta: tessera n. BT260000012')).toBeInTheDocument()
    expect(screen.getByText('Aggiornata: tessera n. TN260000012 (circolo)')).toBeInTheDocument()
  })
})

describe('/verifica-tessera/{id}', () => {
  function renderCheck() {
    render(
      <Router initialEntries={['/verifica-tessera/abc']}>
        <Routes>
          <Route path="/verifica-tessera/:verifica" element={<VerificaTesseraPage />} />
        </Routes>
      </Router>,
    )
  }

  it('shows a valid card’s sector and end of validity, and says no personal data is shown', async () => {
    api.mockResolvedValue({
      result: { stato: 'valida', valida_dal: '2026-01-01', valida_al: '2026-12-31', settore: 'Padel' },
    } as never)
    renderCheck()
    expect(await screen.findByText('Tessera valida')).toBeInTheDocument()
    expect(screen.getByText('Valida fino al')).toBeInTheDocument()
    expect(screen.getByText('31 dicembre 2026')).toBeInTheDocument()
    expect(screen.getByText('Padel')).toBeInTheDocument()
    expect(screen.getByText(/nessun dato personale/)).toBeInTheDocument()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'tessere/verifica' }), {
      verifica: 'abc',
    })
  })

  it('tells an unknown card', async () => {
    api.mockResolvedValueOnce({
      result: { stato: 'non_riconosciuta', valida_dal: null, valida_al: null, settore: null },
    } as never)
    renderCheck()
    expect(await screen.findByText('Tessera non riconosciuta')).toBeInTheDocument()
    expect(
      screen.getByText('Il codice QR non corrisponde a nessuna tessera della federazione.'),
    ).toBeInTheDocument()
  })
})
