// /tornei/calendario-tornei: the URL is the filters' only state. A link's filters reach the calls and the
// filters' fields; choosing a filter writes the URL (first page) and the list follows; paging and clearing too.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  initialAnswer: () => undefined,
}))

const { callApi } = await import('../../src/api/client.ts')
const { disciplinaStore, initialDisciplina } = await import('../../src/stores/disciplina.ts')
const { default: CalendarioPage } = await import('../../src/features/tornei/CalendarioPage.tsx')
const { dayLabel, onDay } = await import('../../src/features/tornei/calendario-format.ts')
const api = vi.mocked(callApi)

const torneo = (id: number, nome: string) => ({
  id,
  nome,
  tipo: 'TR',
  categoria: 'OPEN',
  specialita: 'singolare',
  genere: 'X',
  stato: 'iscrizioni_aperte',
  data_inizio: '2026-06-10',
  data_fine: '2026-06-12',
  iscrizioni_al: '2026-06-07T10:00:00.000Z',
  id_circolo: 5,
  circolo: 'Circolo Parioli',
  comune: 'Roma',
  provincia: 'RM',
  regione: 'Lazio',
  id_circuito: null,
  circuito: null,
  tappa: null,
  iscritti: 12,
  max_iscritti: 16,
})

let listCalls: Record<string, unknown>[]
let listFailures: number
let record: number

beforeEach(() => {
  listCalls = []
  listFailures = 0
  record = 2
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    switch (endpoint.path) {
      case 'tornei/list':
        listCalls.push(body as Record<string, unknown>)
        if (listFailures-- > 0)
          throw new ServerFailure({ status: 503, message: 'Calendario non disponibile' })
        return {
          results: record === 0 ? [] : [torneo(1, 'Open di Primavera'), torneo(2, 'Trofeo del Lago')],
          record,
        } as never
      case 'tornei_tipologie/get':
        return {
          result: [
            { codice: 'TR', nome: 'Tornei' },
            { codice: 'CA', nome: 'Campionati a squadre' },
          ],
        } as never
      case 'provincie/get':
        return {
          result: [
            { sigla: 'RM', nome: 'Roma', regione: 'Lazio' },
            { sigla: 'MI', nome: 'Milano', regione: 'Lombardia' },
          ],
        } as never
      case 'tornei_circuiti/get':
        return { result: [{ id: 3, nome: 'Circuito del Lazio 2026', stagione: 2026 }] } as never
      case 'tornei/sezioni_menu/get':
        return { result: [] } as never
      case 'tornei/banner/list':
        return { results: [], record: 0 } as never
      case 'societa_ricerca/get':
        return {
          result: [{ id_circolo: 5, nome: 'Circolo Parioli', comune: 'Roma', provincia: 'RM' }],
        } as never
      default:
        throw new Error(`unexpected call ${endpoint.path}`)
    }
  })
  disciplinaStore.trigger.synced({ state: { ...initialDisciplina(), disciplina: 'tennis', id_settore: 1 } })
})

afterEach(() => {
  vi.clearAllMocks()
  disciplinaStore.trigger.reset()
})

function Where() {
  const location = useLocation()
  return <output data-testid="where">{location.search}</output>
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/tornei/calendario-tornei"
          element={
            <>
              <CalendarioPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
}
const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '')
const lastList = () => listCalls.at(-1)!

describe('the calendar and its URL', { timeout: 20_000 }, () => {
  it("sends a shared link's filters to tornei/list and shows them in the fields", async () => {
    renderAt(
      '/tornei/calendario-tornei?livello=OPEN&circuito=3&provincia=RM&dal=2026-06-01&stato=iscrizioni_aperte',
    )
    expect(await screen.findByRole('link', { name: 'Open di Primavera' })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo/1',
    )
    expect(lastList()).toEqual({
      id_settore: 1,
      livello: 'OPEN',
      id_circuito: 3,
      provincia: 'RM',
      dal: '2026-06-01',
      stato: 'iscrizioni_aperte',
      rowstoskip: 0,
      fetchrows: 20,
    })
    expect(
      await screen.findByRole('option', { name: 'Circuito del Lazio 2026', selected: true }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Livello')).toHaveValue('OPEN')
    expect(screen.getByLabelText('Provincia')).toHaveValue('RM')
    expect(screen.getByLabelText('Circuito')).toHaveValue('3')
    expect(screen.getByLabelText('Dal')).toHaveValue('2026-06-01')
    expect(screen.getByText('5 attivi')).toBeInTheDocument()
    // The club that hosts it opens its own page (issue 20, item 4: every club name links there).
    for (const club of screen.getAllByRole('link', { name: 'Circolo Parioli' })) {
      expect(club).toHaveAttribute('href', '/dettaglio-circolo/5')
    }
    // The feed link carries the same filters.
    expect(screen.getByRole('link', { name: 'scarica il file .ics' })).toHaveAttribute(
      'href',
      '/calendario/feed/tornei.ics?id_settore=1&provincia=RM&id_circuito=3&dal=2026-06-01&livello=OPEN&stato=iscrizioni_aperte',
    )
  })

  it('writes a chosen filter into the URL, back to the first page, and loads the list for it', async () => {
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei?pagina=2')
    await screen.findByRole('link', { name: 'Open di Primavera' })
    expect(lastList()).toMatchObject({ rowstoskip: 20 })
    await user.selectOptions(screen.getByLabelText('Livello'), 'LIMIT (65 e 45)')
    expect(where().get('livello')).toBe('LIMIT')
    expect(where().get('pagina')).toBeNull()
    await screen.findByRole('link', { name: 'Open di Primavera' })
    expect(lastList()).toMatchObject({ livello: 'LIMIT', rowstoskip: 0 })

    await screen.findByRole('option', { name: 'Lombardia' })
    await user.selectOptions(screen.getByLabelText('Regione'), 'Lombardia')
    expect(where().get('regione')).toBe('Lombardia')
    expect(lastList()).toMatchObject({ livello: 'LIMIT', regione: 'Lombardia' })
    // The provinces offered are the region's.
    const options = within(screen.getByLabelText('Provincia')).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Tutte (Lombardia)', 'Milano (MI)'])
  })

  it('keeps both of two changes made before the page renders the first (the fields of a quick hand)', async () => {
    renderAt('/tornei/calendario-tornei?livello=OPEN')
    await screen.findByRole('link', { name: 'Open di Primavera' })
    // One act: both changes reach the filters before the new URL is rendered.
    act(() => {
      fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-06-01' } })
      fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2026-06-30' } })
    })
    expect(where().get('livello')).toBe('OPEN')
    expect(where().get('dal')).toBe('2026-06-01')
    expect(where().get('al')).toBe('2026-06-30')
    await screen.findByRole('link', { name: 'Open di Primavera' })
    expect(lastList()).toMatchObject({ livello: 'OPEN', dal: '2026-06-01', al: '2026-06-30' })
    // Once the URL has caught up, a change builds on it again.
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Livello'), 'LIMIT (65 e 45)')
    expect(where().get('livello')).toBe('LIMIT')
    expect(where().get('dal')).toBe('2026-06-01')
  })

  it('clears the filters with «Azzera i filtri», keeping the view', async () => {
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei?livello=OPEN&tipo=TR')
    await user.click(await screen.findByRole('link', { name: 'Azzera i filtri' }))
    expect(screen.getByTestId('where').textContent).toBe('')
    await screen.findByRole('link', { name: 'Open di Primavera' })
    expect(lastList()).toEqual({ id_settore: 1, rowstoskip: 0, fetchrows: 20 })
  })

  it('pages with rowstoskip and says where it is', async () => {
    record = 45
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei?stato=concluso')
    expect(await screen.findByText(/45 tornei · pagina 1 di 3/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Successivi →' }))
    expect(where().get('pagina')).toBe('2')
    expect(await screen.findByText(/pagina 2 di 3/)).toBeInTheDocument()
    expect(lastList()).toMatchObject({ stato: 'concluso', rowstoskip: 20, fetchrows: 20 })
  })

  it('offers «Riprova» when the list fails', async () => {
    listFailures = 1
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei?livello=OPEN')
    expect(await screen.findByRole('alert')).toHaveTextContent('Calendario non disponibile')
    await user.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(await screen.findByRole('link', { name: 'Open di Primavera' })).toBeInTheDocument()
    expect(listCalls).toHaveLength(2)
  })

  it('says what to do when nothing matches the filters', async () => {
    record = 0
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei?livello=OPEN&regione=Lazio')
    expect(await screen.findByText(/Nessun torneo corrisponde ai filtri scelti/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'mostra tutto il calendario' }))
    expect(screen.getByTestId('where').textContent).toBe('')
  })

  it('asks the month view for the whole month, and lists it by day', async () => {
    renderAt('/tornei/calendario-tornei?vista=mese&mese=2026-06&livello=OPEN')
    expect(await screen.findByRole('heading', { name: 'Giugno 2026' })).toBeInTheDocument()
    expect(lastList()).toEqual({
      id_settore: 1,
      livello: 'OPEN',
      dal: '2026-06-01',
      al: '2026-06-30',
      rowstoskip: 0,
      fetchrows: 100,
    })
    const grid = screen.getByRole('table', { name: 'Tornei di giugno 2026, giorno per giorno' })
    const cell = (day: string) =>
      within(grid).getByText(day, { selector: '.calendario-giorno' }).closest('td')!
    expect(within(cell('10')).getByRole('link', { name: 'Open di Primavera' })).toBeInTheDocument()
    // A tournament from 10 to 12 June fills its three days, and no other (issue 19, item 4).
    for (const [day, nth] of [
      ['11', 2],
      ['12', 3],
    ] as const)
      expect(
        within(cell(day)).getByRole('link', { name: `Open di Primavera (${nth}° giorno di 3)` }),
      ).toBeInTheDocument()
    for (const day of ['9', '13'])
      expect(within(cell(day)).queryByRole('link', { name: /Open di Primavera/ })).toBeNull()
    // On a phone the list by day says the same.
    const agenda = screen.getByRole('heading', { name: /12 giugno/ }).closest('li')!
    expect(within(agenda).getAllByText(/3° giorno di 3/)).toHaveLength(2)
    expect(screen.getByRole('link', { name: /Mese successivo/ })).toHaveAttribute(
      'href',
      '/tornei/calendario-tornei?livello=OPEN&vista=mese&mese=2026-07',
    )
  })
})

describe('the club filter', { timeout: 20_000 }, () => {
  it('finds clubs from two letters, filters by the one picked, names it, and «Togli» removes it', async () => {
    const user = userEvent.setup()
    renderAt('/tornei/calendario-tornei')
    await user.type(await screen.findByLabelText('Circolo'), 'Par')
    await user.click(await screen.findByRole('button', { name: /Circolo Parioli/ }))
    expect(where().get('circolo')).toBe('5')
    await screen.findByRole('link', { name: 'Open di Primavera' })
    expect(lastList()).toMatchObject({ id_circolo: 5 })
    expect(await screen.findByText('Circolo Parioli', { selector: 'strong' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Togli il filtro del circolo' }))
    expect(where().get('circolo')).toBeNull()
  })
})

describe('the month view’s days (issue 19, item 4)', () => {
  const event = (data_inizio: string, data_fine: string) =>
    ({ ...torneo(9, 'Evento'), data_inizio, data_fine }) as never
  const listed = (t: never, days: string[]) => days.filter((d) => onDay([t], d).length > 0)
  it('a tournament of a few days on each of its days; a season-long championship on its first and on each 1st', () => {
    expect(
      listed(event('2026-06-10', '2026-06-12'), [
        '2026-06-09',
        '2026-06-10',
        '2026-06-11',
        '2026-06-12',
        '2026-06-13',
      ]),
    ).toEqual(['2026-06-10', '2026-06-11', '2026-06-12'])
    const season = event('2026-05-20', '2026-08-30')
    expect(listed(season, ['2026-05-20', '2026-05-21', '2026-06-01', '2026-06-15', '2026-09-01'])).toEqual([
      '2026-05-20',
      '2026-06-01',
    ])
    expect(dayLabel(season, '2026-06-01')).toMatch(/^iniziato il 20 maggio/)
    expect(dayLabel(event('2026-06-10', '2026-06-12'), '2026-06-11')).toBe('2° giorno di 3')
    expect(dayLabel(event('2026-06-10', '2026-06-12'), '2026-06-10')).toBeNull()
  })
})
