// /sfide/bacheca: the public challenges of the chosen sector, readable by anyone; a signed-in player takes an
// open place (sfide/giocatori/add with their own person id) when the challenge machine lets them.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RigaSfida } from '../../contract/sfide.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import BachecaPage from '../../src/features/sfide/BachecaPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { ANDREA, GIULIA, LUCA, row, run, signInAs, singles } from './sfide-fixtures.ts'

const session = vi.hoisted(() => ({ signedIn: true }))
vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  sessionActor: {
    getSnapshot: () => ({ matches: () => session.signedIn, can: () => true }),
    subscribe: () => ({ unsubscribe: () => {} }),
  },
  signIn: vi.fn<(returnTo: string) => void>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

/** Luca's singles left to the board, and a doubles of Luca with one opponent already in. */
const openSingles = () => row({ id: 51 }, run(singles({ avversari: [], pubblica: true })))
const openDoubles = () =>
  row(
    { id: 52 },
    run({ creatore: LUCA, doppio: true, pubblica: true, avversari: [] }, [
      { type: 'sfida.aggiungiGiocatore', by: ANDREA, persona: ANDREA, lato: 2 },
    ]),
  )

function serve(...boards: RigaSfida[][]) {
  const queue = [...boards]
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path !== 'sfide/pubbliche/list') throw new Error(`chiamata inattesa ${path}`)
    const results = queue.length > 1 ? queue.shift()! : queue[0]!
    return { results, record: results.length }
  })
}

function renderPage() {
  render(
    <MemoryRouter>
      <BachecaPage />
    </MemoryRouter>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  session.signedIn = true
})

afterEach(() => {
  api.mockReset()
  submit.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

describe('/sfide/bacheca', () => {
  it('lets a player take an open place through the dialog, then shows they are in', async () => {
    signInAs(GIULIA)
    const taken = row(
      { id: 51 },
      run(singles({ avversari: [], pubblica: true }), [
        { type: 'sfida.aggiungiGiocatore', by: GIULIA, persona: GIULIA, lato: 2 },
      ]),
    )
    serve([openSingles(), openDoubles()], [taken, openDoubles()])
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    expect(await screen.findByRole('heading', { name: '2 sfide aperte' })).toBeVisible()
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'sfide/pubbliche/list' }),
      { id_settore: 1, rowstoskip: 0, fetchrows: 20 },
      expect.anything(),
    )
    const [singolare, doppio] = screen.getAllByRole('listitem')
    expect(singolare).toHaveTextContent('Bianchi Luca contro posto libero')
    // Not the viewer's challenge: no way into its page, but each player's name opens their profile.
    expect(
      within(singolare!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/scheda-giocatore/1'])
    expect(within(doppio!).getByRole('link', { name: 'Bianchi Luca' })).toHaveAttribute(
      'href',
      '/scheda-giocatore/1',
    )
    expect(within(doppio!).getByRole('link', { name: 'Ricci Andrea' })).toHaveAttribute(
      'href',
      '/scheda-giocatore/5',
    )
    expect(doppio).toHaveTextContent('Bianchi Luca / posto libero contro Ricci Andrea / posto libero')
    // Doubles: a place beside Luca and one beside Andrea.
    expect(within(doppio!).getByRole('button', { name: 'Gioca in coppia con Bianchi Luca' })).toBeVisible()
    expect(within(doppio!).getByRole('button', { name: 'Accetta la sfida di Bianchi Luca' })).toBeVisible()

    await user.click(within(singolare!).getByRole('button', { name: 'Accetta la sfida di Bianchi Luca' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText('Vuoi prendere il posto libero nella sfida Bianchi Luca contro posto libero?'),
    ).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByText(/Sei nella sfida/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'sfide/giocatori/add' }), {
      id_sfida: 51,
      id_persona: GIULIA,
      lato: 2,
    })
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    const mine = await screen.findByRole('link', { name: 'Bianchi Luca contro Verdi Giulia' })
    expect(mine).toHaveAttribute('href', '/sfide/51')
    expect(screen.getByText('Sei in questa sfida.')).toBeVisible()
  })

  it('offers the proposer no place in their own challenge', async () => {
    signInAs(LUCA)
    serve([openSingles()])
    renderPage()
    expect(await screen.findByRole('link', { name: 'Bianchi Luca contro posto libero' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Accetta la sfida|Gioca in coppia/ })).toBeNull()
  })

  it('invites a visitor to sign in and shows no place to take', async () => {
    session.signedIn = false
    disciplinaStore.trigger.synced({
      state: { ...disciplinaStore.getSnapshot().context, disciplina: 'tennis', id_settore: 1 },
    })
    serve([openSingles()])
    renderPage()
    expect(screen.getByRole('button', { name: 'Accedi per giocare' })).toBeEnabled()
    expect(await screen.findByRole('heading', { name: '1 sfida aperta' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Accetta la sfida/ })).toBeNull()
  })

  it('says what to do when the board is empty', async () => {
    signInAs(LUCA)
    serve([])
    renderPage()
    expect(await screen.findByText(/In bacheca non ci sono sfide di Tennis/)).toBeVisible()
    expect(screen.getAllByRole('link', { name: 'Lancia una sfida' })[1]).toHaveAttribute(
      'href',
      '/sfide/nuova',
    )
  })
})
