import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Tessera } from '../../contract/giocatori.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import ElencoTesserePage from '../../src/features/tessere/ElencoTesserePage.tsx'
import { utenteStore } from '../../src/stores/utente.ts'
import { withPerson } from '../support/utente.ts'

vi.mock('../../src/api/client.ts', () => ({ callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>() }))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
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
})
