// /home: each section loads on its own (a page-data machine per section); a section that fails shows its
// message and «Riprova», which loads that section again while the others stay; another sector loads all again.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  initialAnswer: () => undefined,
}))

const { callApi } = await import('../../src/api/client.ts')
const { disciplinaStore, initialDisciplina } = await import('../../src/stores/disciplina.ts')
const { default: HomePage } = await import('../../src/features/home/HomePage.tsx')
const api = vi.mocked(callApi)

const NUMERI = { stagione: 2026, giocatori: 12500, circoli: 310, tornei: 48, partite: 9100 }
let numeriFailures: number
let circuiti: unknown[]
let calls: { path: string; body: unknown }[]

beforeEach(() => {
  numeriFailures = 1
  circuiti = []
  calls = []
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    calls.push({ path: endpoint.path, body })
    switch (endpoint.path) {
      case 'numeri_tpra':
        if (numeriFailures-- > 0) throw new ServerFailure({ status: 503, message: 'Numeri non disponibili' })
        return { result: NUMERI } as never
      case 'home/menu/get':
      case 'v3/content/banner/get':
        return { result: [] } as never
      case 'news-video':
        return { result: { news: [], video: [] } } as never
      case 'circuito/get':
        return { result: { tornei: [], circuiti } } as never
      case 'classifiche/list':
      case 'circuiti/classifiche/list':
        return { results: [], record: 0 } as never
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

const sectionNamed = (name: string) => screen.getByRole('heading', { name }).closest('section')!

describe('/home sections', () => {
  it('shows a failed section with its message and «Riprova», which reloads that section only', async () => {
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    )
    const numeri = await screen.findByRole('heading', { name: 'La stagione in numeri' })
    const block = numeri.closest('section')!
    expect(await within(block).findByRole('alert')).toHaveTextContent('Numeri non disponibili')
    // The others are shown meanwhile.
    expect(within(sectionNamed('Ultime news')).getByText(/Non ci sono ancora news/)).toBeInTheDocument()
    const before = calls.length
    await userEvent.setup().click(within(block).getByRole('button', { name: 'Riprova' }))
    expect(await within(block).findByText('12.500')).toBeInTheDocument()
    expect(within(block).queryByRole('alert')).not.toBeInTheDocument()
    expect(calls.slice(before).map((call) => call.path)).toEqual(['numeri_tpra'])
  })

  it('loads every section again for another sector', async () => {
    numeriFailures = 0
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('12.500')).toBeInTheDocument()
    const before = calls.length
    await act(async () =>
      disciplinaStore.trigger.synced({
        state: { ...initialDisciplina(), disciplina: 'padel', id_settore: 2 },
      }),
    )
    expect(await screen.findByText('12.500')).toBeInTheDocument()
    const again = calls.slice(before)
    // The eight sections (the banners twice, top and middle), every one for sector 2.
    expect(again).toHaveLength(8)
    expect(again.map((call) => (call.body as { id_settore: number }).id_settore)).toEqual(Array(8).fill(2))
  })

  it('tells a circuit whose stage is being played from one whose next stage is still to come', async () => {
    const circuito = { stagione: 2026, tappe: 3, prossima_tappa: null, tappa_in_corso: false }
    circuiti = [
      { ...circuito, id: 1, nome: 'Circuito in campo', prossima_tappa: '2026-11-19', tappa_in_corso: true },
      { ...circuito, id: 2, nome: 'Circuito in attesa', prossima_tappa: '2026-12-05' },
      { ...circuito, id: 3, nome: 'Circuito finito' },
    ]
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    )
    const item = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('li')!.textContent
    // A stage that began on the 19th is not "the next one" on the 23rd.
    expect(await item('Circuito in campo')).toMatch(/3 tappe · tappa in corso$/)
    expect(await item('Circuito in attesa')).toMatch(/3 tappe · prossima tappa dal 5 dic/)
    expect(await item('Circuito finito')).toMatch(/3 tappe · tappe concluse$/)
  })
})
