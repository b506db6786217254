// The player page (/scheda-giocatore/{id}) and the players' list (/lista-giocatori) as a visitor reads them: the
// profile with Power only when the server sends it, the points table with the lines that do not count marked and
// the total, the race and national tabs in the URL, «Giocatore non trovato» for a 404; the list's search going to
// the URL and its empty answer.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DettaglioPunti, SchedaGiocatore } from '../../contract/giocatori.ts'
import { callApi } from '../../src/api/client.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import ListaGiocatoriPage from '../../src/features/giocatori/ListaGiocatoriPage.tsx'
import SchedaGiocatorePage from '../../src/features/giocatori/SchedaGiocatorePage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  // No answers came with the page: every section asks the API.
  initialAnswer: () => undefined,
}))
const api = vi.mocked(callApi)

const PROFILO: SchedaGiocatore = {
  id_persona: 7,
  persona: 'Mario Rossi',
  nome: 'Mario',
  cognome: 'Rossi',
  provincia: 'RM',
  id_circolo: 3,
  circolo: 'Circolo Tennis Parioli',
  settori: [
    { id_settore: 1, nome: 'Tennis' },
    { id_settore: 2, nome: 'Padel' },
  ],
  power: null,
  tu: false,
}

const line = (id: number, punti: number, conta: boolean) => ({
  id_torneo: id,
  torneo: `Torneo ${id}`,
  data: '2026-05-10',
  risultato: 'SF',
  turno: 'Semifinale',
  categoria: 'LIMIT 65',
  coefficiente: 0.65,
  punti_base: 180,
  id_incontro: null,
  giornata: null,
  partite_vinte: null,
  punti,
  conta,
})

function dettaglio(tipo: string): DettaglioPunti {
  return {
    results:
      tipo === 'race' ? [line(1, 117, true), line(2, 117, true)] : [line(1, 117, true), line(3, 4, false)],
    record: 2,
    tipo,
    stagione: 2026,
    calcolata_al: '2026-05-20',
    punti: tipo === 'race' ? 234 : 117,
    posizione: 12,
  }
}

function serve(profilo: SchedaGiocatore | 'missing') {
  api.mockImplementation(async (endpoint: unknown, body: unknown) => {
    const path = (endpoint as { path: string }).path
    const request = body as { tipo?: string }
    if (path === 'giocatori/dettaglio/view') {
      if (profilo === 'missing') throw new ServerFailure({ status: 404, message: 'Giocatore non trovato' })
      return { result: profilo }
    }
    if (path === 'giocatori/dettaglio-punti/view') return dettaglio(request.tipo ?? 'race')
    if (path === 'giocatori/classifica_riepilogo/list')
      return {
        result: [
          {
            id_settore: 1,
            settore: 'Tennis',
            tipo: 'race',
            stagione: 2026,
            posizione: 12,
            punti: 234,
            tornei: 2,
            classificati: 140,
            calcolata_al: '2026-05-20',
          },
        ],
      }
    if (path === 'giocatori/ultimi_risultati/list') {
      const { rowstoskip } = body as { rowstoskip: number }
      return {
        results: [
          {
            id_partita: 100 + rowstoskip,
            id_torneo: 1,
            torneo: 'Torneo 1',
            turno: 'Finale',
            data: '2026-05-10T10:00:00.000Z',
            compagno: null,
            avversari: [{ id_persona: 8, persona: `Avversario ${rowstoskip}` }],
            vinta: rowstoskip === 0,
            punteggio: '6-3 6-4',
            esito: 'giocata',
          },
        ],
        record: 25,
      }
    }
    if (path === 'ricerca_giocatori') return { results: [], record: 0 }
    // The player of these tests hides their Power: the server says so and sends nothing else.
    if (path === 'giocatori/statistiche/power/view')
      return { result: { visibile: false, tu: false, power: null, sintesi: null, storia: [] } }
    if (path === 'provincie/get') return { result: [{ sigla: 'RM', nome: 'Roma', regione: 'Lazio' }] }
    return { results: [], record: 0 }
  })
}

function Address() {
  const location = useLocation()
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/scheda-giocatore/:id" element={<SchedaGiocatorePage />} />
        <Route path="/lista-giocatori" element={<ListaGiocatoriPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  )
  return userEvent.setup()
}

afterEach(() => {
  api.mockReset()
  disciplinaStore.trigger.reset()
})

describe('/scheda-giocatore/{id}', () => {
  it('shows the profile without Power when the server sends none, and the other sectors as links', async () => {
    serve(PROFILO)
    renderAt('/scheda-giocatore/7?settore=1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mario Rossi' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Circolo Tennis Parioli' })).toHaveAttribute(
      'href',
      '/dettaglio-circolo/3',
    )
    // No value anywhere: the Power section says only that the player keeps it to themselves.
    const hidden = await screen.findByText('Questo giocatore ha scelto di non mostrare il suo Power.')
    expect(hidden.closest('section')).toHaveAccessibleName('Power')
    expect(screen.queryByText(/Power \d/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Padel' })).toHaveAttribute(
      'href',
      '/scheda-giocatore/7?settore=2',
    )
  })

  it('shows the Power as a number when the server sends it, provisional when it is', async () => {
    serve({ ...PROFILO, power: { valore: 57.4, provvisorio: true, partite: 6 } })
    renderAt('/scheda-giocatore/7?settore=1')
    expect(await screen.findByText('57,4')).toBeVisible()
    expect(screen.getByText(/\(provvisorio\)/)).toBeVisible()
  })

  it('lists the points line by line with base points and coefficient, and the total; a line that does not count is marked', async () => {
    serve(PROFILO)
    const user = renderAt('/scheda-giocatore/7?settore=1')
    const table = await screen.findByRole('table', { name: /Punti della race annuale/ })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('Torneo 1')
    expect(rows[1]).toHaveTextContent('180 × 0,65')
    expect(within(table).getByRole('rowheader', { name: /Totale · 12° in classifica/ })).toBeVisible()
    expect(rows.at(-1)).toHaveTextContent('234')
    expect(within(table).queryByText('non conta')).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Classifica nazionale' }))
    expect(screen.getByTestId('address')).toHaveTextContent('punti=nazionale')
    const national = await screen.findByRole('table', { name: /Punti della classifica nazionale/ })
    expect(within(national).getByText('non conta')).toBeVisible()
    expect(screen.getByText(/1 risultato non conta/)).toBeVisible()
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/dettaglio-punti/view' }),
      { id_persona: 7, id_settore: 1, tipo: 'nazionale' },
      expect.anything(),
    )
  })

  it('lists each team championship tie as a line of its own, with its giornata, base points and coefficient', async () => {
    const tieLine = (id: number, giornata: number, turno: string) => ({
      ...line(40, 15, true),
      torneo: 'Serie C maschile Lazio',
      risultato: 'PV',
      turno,
      categoria: 'OPEN',
      coefficiente: 1,
      punti_base: 15,
      id_incontro: id,
      giornata,
      partite_vinte: 1,
    })
    serve(PROFILO)
    api.mockImplementation(async (endpoint: unknown) => {
      const path = (endpoint as { path: string }).path
      if (path === 'giocatori/dettaglio/view') return { result: PROFILO }
      if (path === 'giocatori/dettaglio-punti/view')
        return {
          ...dettaglio('race'),
          results: [tieLine(501, 2, '2ª giornata'), tieLine(777, 1, 'Semifinali'), line(1, 117, true)],
          record: 3,
          punti: 147,
        }
      return { results: [], record: 0 }
    })
    renderAt('/scheda-giocatore/7?settore=1')
    const table = await screen.findByRole('table', { name: /Punti della race annuale/ })
    const rows = within(table).getAllByRole('row')
    // Header, three lines (two of the same championship), total.
    expect(rows).toHaveLength(5)
    expect(rows[1]).toHaveTextContent('2ª giornata')
    expect(rows[1]).toHaveTextContent('15 × 1')
    expect(rows[1]).toHaveTextContent('campionato a squadre')
    expect(rows[2]).toHaveTextContent('Semifinali')
    expect(within(rows[1]!).getByRole('link', { name: 'Serie C maschile Lazio' })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo-campionato/40',
    )
    expect(within(rows[3]!).getByRole('link', { name: 'Torneo 1' })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo/1',
    )
    expect(rows.at(-1)).toHaveTextContent('147')
    expect(screen.getByText(/nei campionati a squadre 15 punti per partita vinta/)).toBeVisible()
  })

  it('pages the last results ten at a time', async () => {
    serve(PROFILO)
    const user = renderAt('/scheda-giocatore/7?settore=1')
    const results = await screen.findByRole('region', { name: 'Ultimi risultati' })
    expect(await within(results).findByRole('link', { name: 'Avversario 0' })).toBeVisible()
    expect(within(results).getByText('Pagina 1 di 3')).toBeVisible()
    await user.click(within(results).getByRole('button', { name: 'Precedenti →' }))
    expect(await within(results).findByRole('link', { name: 'Avversario 10' })).toBeVisible()
    expect(within(results).getByText('Persa')).toBeVisible()
    expect(within(results).getByRole('button', { name: '← Più recenti' })).toBeVisible()
  })

  it('says «Giocatore non trovato» for a player who does not exist', async () => {
    serve('missing')
    renderAt('/scheda-giocatore/999?settore=1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Giocatore non trovato' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Cerca un giocatore' })).toHaveAttribute(
      'href',
      '/lista-giocatori',
    )
  })
})

describe('/lista-giocatori', () => {
  it('puts the name in the URL on «Cerca», refuses one letter, and says when nobody is found', async () => {
    serve(PROFILO)
    const user = renderAt('/lista-giocatori?settore=1')
    await user.type(await screen.findByLabelText('Nome e cognome'), 'r')
    await user.click(screen.getByRole('button', { name: 'Cerca' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Scrivi almeno 2 lettere del nome o del cognome.')
    expect(screen.getByTestId('address')).toHaveTextContent('/lista-giocatori?settore=1')
    await user.type(screen.getByLabelText('Nome e cognome'), 'ossi')
    await user.click(screen.getByRole('button', { name: 'Cerca' }))
    expect(screen.getByTestId('address')).toHaveTextContent('/lista-giocatori?settore=1&testo=rossi')
    expect(await screen.findByText(/^Nessun giocatore trovato con questi filtri\./)).toBeVisible()
    expect(api).toHaveBeenLastCalledWith(
      expect.objectContaining({ path: 'ricerca_giocatori' }),
      { id_settore: 1, testo: 'rossi', fetchrows: 20, rowstoskip: 0 },
      expect.anything(),
    )
  })
})
