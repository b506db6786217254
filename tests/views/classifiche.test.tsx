// The rankings page: the rows with their tie reasons and «aggiornata al», the filters that become the URL's query
// and the call's body, «Trova me» only for a signed-in player, and the export buttons only with
// puo_esportare_classifiche.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClassificaGiocatori } from '../../contract/classifiche.ts'
import { callApi, initialAnswer } from '../../src/api/client.ts'
import { ClassificaPage } from '../../src/features/classifiche/ClassificaPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'

const session = vi.hoisted(() => ({ signedIn: false }))
vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  // No answers came with the page unless a test says so: every section asks the API.
  initialAnswer: vi.fn<(...args: unknown[]) => unknown>(),
  downloadWithToken: vi.fn<(...args: unknown[]) => Promise<void>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  sessionActor: {
    getSnapshot: () => ({ matches: () => session.signedIn, can: () => true }),
    subscribe: () => ({ unsubscribe: () => {} }),
  },
}))
const api = vi.mocked(callApi)
const inPage = vi.mocked(initialAnswer)

const page: ClassificaGiocatori = {
  results: [
    {
      posizione: 1,
      posizione_generale: 1,
      id_persona: 7,
      persona: 'Anna Verdi',
      punti: 500,
      tornei: 1,
      id_circolo: 3,
      circolo: 'Circolo Tennis Parioli',
      provincia: 'RM',
      parita:
        'Pari a 500 punti con Bruno Bianchi: stessa posizione, in elenco prima perché li ha ottenuti con meno risultati (1 contro 2).',
    },
    {
      posizione: 1,
      posizione_generale: 1,
      id_persona: 8,
      persona: 'Bruno Bianchi',
      punti: 500,
      tornei: 2,
      id_circolo: null,
      circolo: null,
      provincia: 'MI',
      parita:
        'Pari a 500 punti con Anna Verdi, che li ha ottenuti con meno risultati (1 contro 2): stessa posizione, in elenco dopo.',
    },
    {
      posizione: 3,
      posizione_generale: 3,
      id_persona: 9,
      persona: 'Carla Neri',
      punti: 180,
      tornei: 1,
      id_circolo: null,
      circolo: null,
      provincia: null,
      parita: null,
    },
  ],
  record: 60,
  rowstoskip: 0,
  stagione: 2026,
  calcolata_al: '2026-11-20',
  trovato: null,
}

function serve() {
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path === 'classifiche/classifiche/list') return page
    if (path === 'classifiche/sezioni_menu/get') return { result: [] }
    if (path === 'settori-gruppi/get') return { result: [{ codice: 'U14', nome: 'Under 14' }] }
    if (path === 'provincie/get') return { result: [{ sigla: 'MI', nome: 'Milano', regione: 'Lombardia' }] }
    if (path === 'classifiche_societa_tipo/get') return { result: [] }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

const where = { search: '' }
function Where() {
  const { search } = useLocation()
  useEffect(() => {
    where.search = search
  }, [search])
  return null
}

function renderPage(url = '/classifiche/classifica-nazionale') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ClassificaPage pagina="classifica-nazionale" />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
  return userEvent.setup()
}

function signIn(puo_esportare_classifiche: boolean) {
  session.signedIn = true
  utenteStore.trigger.synced({
    state: {
      ...utenteStore.getSnapshot().context,
      details: {
        id_persona: 8,
        persona: 'Bruno Bianchi',
        provincia: 'MI',
        fototessera: null,
        puo_esportare_classifiche,
      },
      detailsStatus: null,
    },
  })
}

beforeEach(() => {
  // jsdom lays nothing out: the found row's scroll is the browser's (e2e/classifiche.spec.ts).
  Element.prototype.scrollIntoView = vi.fn<() => void>()
  session.signedIn = false
  serve()
})
afterEach(() => {
  api.mockReset()
  inPage.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

const bodyOf = (path: string) =>
  api.mock.calls
    .filter(([e]) => (e as { path: string }).path === path)
    .map(([, body]) => body as Record<string, unknown>)

describe('ClassificaPage', () => {
  it('shows the rows, «aggiornata al», and why two players on 500 points are ordered', async () => {
    renderPage()
    const table = await screen.findByRole('table', { name: 'Classifica dei giocatori' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Anna Verdi',
      'Bruno Bianchi',
      'Carla Neri',
    ])
    expect(within(rows[0]!).getByText(/meno risultati \(1 contro 2\)/)).toBeInTheDocument()
    expect(within(rows[2]!).queryByText(/Pari a/)).toBeNull()
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/scheda-giocatore/7')
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'STRONG' && el.textContent === 'Aggiornata al 20 novembre 2026',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Pagina 1 di 3')).toBeInTheDocument()
  })

  it('opens whole with the answers that came with the page, without asking the API for them', () => {
    inPage.mockImplementation((endpoint: unknown) => {
      const path = (endpoint as { path: string }).path
      if (path === 'classifiche/classifiche/list') return page
      if (path === 'provincie/get') return { result: [{ sigla: 'MI', nome: 'Milano', regione: 'Lombardia' }] }
      return { result: [] }
    })
    renderPage()
    // At the first render: no skeleton, no call.
    const table = screen.getByRole('table', { name: 'Classifica dei giocatori' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(screen.getByRole('option', { name: 'Milano (MI)' })).toBeInTheDocument()
    expect(api).not.toHaveBeenCalled()
  })

  it('turns a filter into the URL and the call, back to the first page', async () => {
    const user = renderPage('/classifiche/classifica-nazionale?pagina=2')
    await screen.findByRole('table')
    expect(bodyOf('classifiche/classifiche/list').at(-1)).toMatchObject({ rowstoskip: 25, tipo: 'nazionale' })
    await user.selectOptions(screen.getByLabelText('Sesso'), 'Donne')
    expect(new URLSearchParams(where.search).get('sesso')).toBe('F')
    expect(new URLSearchParams(where.search).get('pagina')).toBeNull()
    await screen.findByRole('table')
    expect(bodyOf('classifiche/classifiche/list').at(-1)).toMatchObject({ sesso: 'F', rowstoskip: 0 })
  })

  it('offers no «Trova me» and no export to a visitor', async () => {
    renderPage()
    await screen.findByRole('table')
    expect(screen.queryByRole('link', { name: 'Trova me' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Esporta|Stampa/ })).toBeNull()
  })

  it('offers «Trova me» to a signed-in player, the export only with the permission', async () => {
    signIn(false)
    renderPage()
    await screen.findByRole('table')
    expect(screen.getByRole('link', { name: 'Trova me' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Esporta|Stampa/ })).toBeNull()
  })

  it('asks for the signed-in player’s page with trova=1 and highlights the row', async () => {
    signIn(true)
    api.mockImplementation(async (endpoint: unknown) => {
      const path = (endpoint as { path: string }).path
      if (path === 'classifiche/classifiche/list') return { ...page, trovato: 8 }
      return { result: [] }
    })
    renderPage('/classifiche/classifica-nazionale?trova=1')
    const me = await screen.findByRole('row', { current: true })
    expect(me).toHaveTextContent('Bruno Bianchi (tu)')
    expect(me).toHaveFocus()
    expect(bodyOf('classifiche/classifiche/list').at(-1)).toMatchObject({ trova_me: true })
    expect(screen.getByRole('button', { name: 'Esporta la classifica (CSV)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stampa la classifica (PDF)' })).toBeInTheDocument()
  })
})
