// The captain's page opened from a notice (`?incontro=`): the tie the notice is about is the one open, not the first
// that waits for the captain; without the query (or with a tie not of this team) the page opens the one that waits.
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Incontro, IncontriCapitano, RigaIncontro } from '../../contract/incontri.ts'
import { callApi } from '../../src/api/client.ts'
import CapitanoPage from '../../src/features/incontri/CapitanoPage.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)

const row = (id: number, giornata: number, over: Partial<RigaIncontro> = {}): RigaIncontro => ({
  id,
  id_torneo: 3,
  giornata,
  stato: 'confirmed',
  titolo_stato: 'Risultato confermato',
  casa: { id: 1, nome: 'TC Parioli A' },
  ospiti: { id: 2, nome: 'CT Eur B' },
  data_proposta: null,
  proposta_da: null,
  data_confermata: '2026-05-09T13:00:00.000Z',
  scade_il: null,
  punti_casa: 2,
  punti_ospiti: 1,
  mia_squadra: 'casa',
  da_fare: null,
  ...over,
})

const TIES = [
  row(10, 1),
  row(11, 2, { stato: 'unscheduled', titolo_stato: 'Da programmare', da_fare: 'Proponi giorno e ora' }),
]

const detail = (r: RigaIncontro): Incontro => ({
  ...r,
  torneo: 'Serie C maschile Lazio',
  id_settore: 1,
  specialita: 'singolare',
  genere: 'M',
  formato: ['singolare', 'singolare', 'doppio'],
  squadra_casa: {
    id: 1,
    nome: 'TC Parioli A',
    capitano: 11,
    capitano_nome: 'Marco Bianchi',
    schieramento_inviato: false,
    schieramento: null,
  },
  squadra_ospiti: {
    id: 2,
    nome: 'CT Eur B',
    capitano: 21,
    capitano_nome: 'Luca Verdi',
    schieramento_inviato: false,
    schieramento: null,
  },
  partite: [],
  rosa: [],
  motivo_contestazione: null,
  risoluzione: null,
  contesto: {
    capitani: { casa: 11, ospiti: 21 },
    proposta: null,
    schieramenti: { casa: false, ospiti: false },
    risultato: null,
    vincitore: null,
  },
  storia: [],
  arbitro: false,
})

function serve() {
  api.mockImplementation(async (endpoint: unknown, body: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path === 'squadre/incontri/capitano/list')
      return {
        result: {
          squadra: { id: 1, nome: 'TC Parioli A', circolo: 'TC Parioli' },
          torneo: { id: 3, nome: 'Serie C maschile Lazio' },
          incontri: TIES,
        } satisfies IncontriCapitano,
      }
    if (path === 'giocatori/squadre/tabelloni/schieramenti/view') {
      const id = (body as { id_incontro: number }).id_incontro
      return { result: detail(TIES.find((t) => t.id === id)!) }
    }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/tornei/dettaglio-torneo-campionato-capitano/:id" element={<CapitanoPage />} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(() => api.mockReset())

describe('the captain’s page from a notice', () => {
  it('opens the tie the notice names', async () => {
    serve()
    renderAt('/tornei/dettaglio-torneo-campionato-capitano/3?incontro=10')
    expect(await screen.findByRole('article', { name: 'Giornata 1: TC Parioli A – CT Eur B' })).toBeVisible()
    expect(screen.queryByRole('article', { name: /Giornata 2:/ })).toBeNull()
  })

  it('opens the tie that waits for the captain without it, or when the tie is not the team’s', async () => {
    for (const url of ['', '?incontro=999']) {
      serve()
      const { unmount } = render(
        <MemoryRouter initialEntries={[`/tornei/dettaglio-torneo-campionato-capitano/3${url}`]}>
          <Routes>
            <Route path="/tornei/dettaglio-torneo-campionato-capitano/:id" element={<CapitanoPage />} />
          </Routes>
        </MemoryRouter>,
      )
      expect(
        await screen.findByRole('article', { name: 'Giornata 2: TC Parioli A – CT Eur B' }),
      ).toBeVisible()
      unmount()
    }
  })
})
