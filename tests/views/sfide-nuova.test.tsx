// /sfide/nuova: the opponent found in the ComboBox fed by sfide/giocatori/partite/cerca/giocatore, the proposal
// sent through the confirmed dialog with only what was filled in, then the new challenge opened; doubles add a
// partner and a second opponent; a proposal with nobody to play asks for an opponent or the board.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SFIDE_MESSAGES } from '../../contract/sfide.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import NuovaSfidaPage from '../../src/features/sfide/NuovaSfidaPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { ANDREA, GIULIA, LUCA, answerByPath, signInAs } from './sfide-fixtures.ts'
import { loadedPlayerBox } from '../support/player-box.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

const PLAYERS = [
  { id: ANDREA, nome: 'Ricci Andrea', circolo: 'TC Firenze', provincia: 'FI', power: 52 },
  { id: GIULIA, nome: 'Verdi Giulia', circolo: null, provincia: 'RM', power: 38 },
  { id: LUCA, nome: 'Bianchi Luca', circolo: 'TC Roma', provincia: 'RM', power: 40 },
]

function renderPage() {
  answerByPath(api, {
    'sfide/giocatori/partite/cerca/giocatore': (body) => {
      const found = PLAYERS.filter((p) => p.nome.toLowerCase().includes(String(body.testo).toLowerCase()))
      return { results: found, record: found.length }
    },
  })
  render(
    <MemoryRouter initialEntries={['/sfide/nuova']}>
      <Routes>
        <Route path="/sfide/nuova" element={<NuovaSfidaPage />} />
        <Route path="/sfide/:id" element={<p>Pagina della sfida</p>} />
      </Routes>
    </MemoryRouter>,
  )
  return userEvent.setup()
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, text: string, name: RegExp) {
  await user.type(await loadedPlayerBox(user, label), text)
  await user.click(await screen.findByRole('option', { name }))
}

afterEach(() => {
  api.mockReset()
  submit.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

/** A local date and time a month from now, as a datetime-local field takes it. */
const inAMonth = (() => {
  const d = new Date(Date.now() + 30 * 86_400_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T10:30`
})()

describe('/sfide/nuova', () => {
  it('refuses a date in year 2099, as the server does, before the dialog (issue 19, item 4)', async () => {
    signInAs(LUCA)
    const user = renderPage()
    await choose(user, 'Avversario', 'Ric', /Ricci Andrea/)
    const when = screen.getByLabelText('Quando vorresti giocare (facoltativo)')
    await user.type(when, '2099-06-13T10:30')
    expect(screen.getByText(SFIDE_MESSAGES.dateTooFar)).toBeVisible()
    expect(when).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Lancia la sfida' })).toBeDisabled()
    await user.clear(when)
    await user.type(when, inAMonth)
    expect(screen.queryByText(SFIDE_MESSAGES.dateTooFar)).toBeNull()
    expect(screen.getByRole('button', { name: 'Lancia la sfida' })).toBeEnabled()
  })

  it('finds the opponent, proposes through the dialog and opens the new challenge', async () => {
    signInAs(LUCA)
    const user = renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Lancia una sfida' })).toBeVisible()
    expect(screen.getByText('Tennis', { selector: 'strong' })).toBeVisible()
    const launch = screen.getByRole('button', { name: 'Lancia la sfida' })
    expect(launch).toBeDisabled()
    expect(screen.getByText(SFIDE_MESSAGES.needsOpponent)).toBeVisible()

    await choose(user, 'Avversario', 'Ric', /Ricci Andrea/)
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'sfide/giocatori/partite/cerca/giocatore' }),
      { id_settore: 1, testo: 'Ric' },
      expect.anything(),
    )
    expect(screen.getByRole('combobox', { name: 'Avversario' })).toHaveValue('Ricci Andrea')
    await user.type(screen.getByLabelText('Messaggio (facoltativo)'), '  Al circolo, sabato mattina?  ')
    await user.type(screen.getByLabelText('Quando vorresti giocare (facoltativo)'), inAMonth)

    submit.mockResolvedValue({ status: 200, body: { result: { id: 77 } } })
    await user.click(screen.getByRole('button', { name: 'Lancia la sfida' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Vuoi lanciare la sfida di singolare (Tennis) a Ricci Andrea? Gli invitati hanno 7 giorni per rispondere.',
      ),
    ).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByText(/Sfida lanciata/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'sfide/add' }), {
      id_settore: 1,
      specialita: 'singolare',
      avversari: [ANDREA],
      data_proposta: new Date(inAMonth).toISOString(),
      messaggio: 'Al circolo, sabato mattina?',
    })
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(await screen.findByText('Pagina della sfida')).toBeVisible()
  })

  it('doubles: a partner and two opponents, none offered twice, nor the player', async () => {
    signInAs(LUCA)
    const user = renderPage()
    await user.click(screen.getByLabelText('Doppio (due contro due)'))
    await choose(user, 'Il tuo compagno', 'Verdi', /Verdi Giulia/)
    await choose(user, 'Primo avversario', 'Ricci', /Ricci Andrea/)
    // «ia» finds Verdi Giulia, already the partner, and Bianchi Luca, the player: neither is offered.
    await user.type(await loadedPlayerBox(user, 'Secondo avversario'), 'ia')
    expect(await screen.findByText('Nessun giocatore trovato.')).toBeVisible()
    expect(api).toHaveBeenLastCalledWith(expect.anything(), { id_settore: 1, testo: 'ia' }, expect.anything())
    await user.tab()
    await vi.waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    await user.click(screen.getByRole('checkbox', { name: /Pubblica la sfida in bacheca/ }))

    submit.mockResolvedValue({ status: 200, body: { result: { id: 78 } } })
    await user.click(screen.getByRole('button', { name: 'Lancia la sfida' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Sarà in bacheca: chiunque può prendere i posti liberi\./)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    await screen.findByText(/Sfida lanciata/)
    expect(submit).toHaveBeenCalledWith(expect.anything(), {
      id_settore: 1,
      specialita: 'doppio',
      avversari: [ANDREA],
      id_compagno: GIULIA,
      pubblica: true,
    })
  })

  it('shows the server’s refusal as it is', async () => {
    signInAs(LUCA)
    const user = renderPage()
    await user.click(screen.getByRole('checkbox', { name: /Pubblica la sfida in bacheca/ }))
    submit.mockResolvedValue({
      status: 403,
      body: { statusCode: 403, message: SFIDE_MESSAGES.noCard('Tennis') },
    })
    await user.click(screen.getByRole('button', { name: 'Lancia la sfida' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    expect(
      within(await screen.findByRole('alertdialog')).getByText(SFIDE_MESSAGES.noCard('Tennis')),
    ).toBeVisible()
  })

  it('asks for a discipline when none is chosen', () => {
    signInAs(LUCA, null)
    renderPage()
    expect(screen.getByRole('link', { name: 'scegli la disciplina' })).toHaveAttribute(
      'href',
      '/scelta-disciplina',
    )
    expect(screen.queryByRole('button', { name: 'Lancia la sfida' })).toBeNull()
  })
})
