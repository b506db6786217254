// The challenge detail (/sfide/{id}) as its players use it: the buttons are those the challenge machine takes from
// the viewer on the state the server stored (the proposer, the opponent, the one who entered the result, the
// federation); every action goes through the confirmed dialog and the page loads again when it closes.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SFIDE_MESSAGES, type Sfida } from '../../contract/sfide.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import SfidaPage from '../../src/features/sfide/SfidaPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import {
  ANDREA,
  GIULIA,
  LUCA,
  accepted,
  enteredResult,
  resultEntered,
  run,
  sfida,
  signInAs,
  singles,
} from './sfide-fixtures.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

/** The detail's loads answer these in order (the last one again for any later load). */
function serve(...views: Sfida[]) {
  const queue = [...views]
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path === 'sfide/view') return { result: queue.length > 1 ? queue.shift() : queue[0] }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

function renderPage(id = 41) {
  render(
    <MemoryRouter initialEntries={[`/sfide/${id}`]}>
      <Routes>
        <Route path="/sfide/:id" element={<SfidaPage />} />
      </Routes>
    </MemoryRouter>,
  )
  return userEvent.setup()
}

const actions = () => screen.getByRole('region', { name: 'Cosa puoi fare' })
const findActions = () => screen.findByRole('region', { name: 'Cosa puoi fare' })

async function confirmDialog(user: ReturnType<typeof userEvent.setup>, question: string | RegExp) {
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText(question)).toBeVisible()
  await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
}

afterEach(() => {
  api.mockReset()
  submit.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

describe('/sfide/{id}: a proposed challenge', () => {
  it('offers the invited opponent accept and refuse, never cancel', async () => {
    signInAs(ANDREA)
    serve(sfida(run(singles()), { da_fare: 'Rispondi all’invito', scade_il: '2026-05-17T08:00:00.000Z' }))
    renderPage()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bianchi Luca contro Ricci Andrea' }),
    ).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('Proposta')
    expect(screen.getByRole('status')).toHaveTextContent('Tocca a te: rispondi all’invito.')
    const proposer = screen.getByText('Proposta da').nextElementSibling as HTMLElement
    expect(within(proposer).getByRole('link', { name: 'Bianchi Luca' })).toHaveAttribute(
      'href',
      '/scheda-giocatore/1',
    )
    expect(screen.getByRole('status')).toHaveTextContent('Senza risposta la sfida scade il 17 maggio 2026')
    expect(within(actions()).getByRole('button', { name: 'Accetta la sfida' })).toBeEnabled()
    expect(within(actions()).getByRole('button', { name: 'Rifiuta la sfida' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Annulla la sfida' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pubblica in bacheca' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Inserisci il risultato' })).toBeNull()
  })

  it('offers the proposer cancel and publish, and removing the invited player, never accept', async () => {
    signInAs(LUCA)
    serve(sfida())
    renderPage()
    expect(await within(await findActions()).findByRole('button', { name: 'Annulla la sfida' })).toBeEnabled()
    expect(within(actions()).getByRole('button', { name: 'Pubblica in bacheca' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Togli Ricci Andrea dalla sfida' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Accetta la sfida' })).toBeNull()
    const giocatori = screen.getByRole('region', { name: 'Giocatori' })
    expect(within(giocatori).getByRole('group', { name: 'Chi sfida' })).toHaveTextContent('Bianchi Luca (tu)')
    expect(within(giocatori).getByRole('group', { name: 'Chi è sfidato' })).toHaveTextContent(
      'Ricci Andrea Power 40 · deve rispondere',
    )
  })

  it('accepts through the dialog and shows the new state after loading again', async () => {
    signInAs(ANDREA)
    serve(sfida(), sfida(accepted(), { da_fare: 'Gioca e inserisci il risultato' }))
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    await user.click(await within(await findActions()).findByRole('button', { name: 'Accetta la sfida' }))
    await confirmDialog(user, 'Vuoi accettare la sfida Bianchi Luca contro Ricci Andrea?')
    expect(await screen.findByText(/Sfida accettata/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'sfide/partite/accetta' }), {
      id_sfida: 41,
    })
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(await screen.findByText('Accettata: da giocare', { selector: '[role=status] *' })).toBeVisible()
    expect(screen.getByRole('form', { name: 'Inserisci il risultato' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Accetta la sfida' })).toBeNull()
  })

  it('cancels (sfide/del) and shows the server’s refusal as it is', async () => {
    signInAs(LUCA)
    serve(sfida())
    submit.mockResolvedValue({
      status: 409,
      body: { statusCode: 409, message: 'Non è possibile: la sfida è nello stato «accettata: da giocare».' },
    })
    const user = renderPage()
    await user.click(await within(await findActions()).findByRole('button', { name: 'Annulla la sfida' }))
    await confirmDialog(user, /Vuoi annullare la sfida\?/)
    const failure = await screen.findByRole('alertdialog')
    expect(
      within(failure).getByText('Non è possibile: la sfida è nello stato «accettata: da giocare».'),
    ).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'sfide/del' }), { id_sfida: 41 })
  })
})

describe('/sfide/{id}: a result waiting for confirmation', () => {
  const waiting = (over: Partial<Sfida> = {}) =>
    sfida(resultEntered(), {
      risultato: enteredResult(),
      punteggio: '6-4 7-6(5)',
      scade_il: '2026-05-14T17:00:00.000Z',
      ...over,
    })

  it('does not let the player who entered it confirm or contest it', async () => {
    signInAs(LUCA)
    serve(waiting())
    renderPage()
    expect(await screen.findByRole('heading', { name: 'Risultato' })).toBeVisible()
    expect(screen.getByText('6-4 7-6(5)', { selector: '.sfida-punteggio' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Conferma/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Contesta/ })).toBeNull()
    expect(within(actions()).getByText(/Per ora non c’è nulla da fare per te/)).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Senza risposta il risultato vale come confermato dal 14 maggio 2026',
    )
  })

  it('lets the other side confirm; then both see the Power changes and their explanation', async () => {
    signInAs(ANDREA)
    const confirmed = run(singles(), [
      { type: 'sfida.accetta', by: ANDREA },
      { type: 'sfida.risultato', by: LUCA, vincitore: 1 },
      { type: 'sfida.conferma', by: ANDREA },
    ])
    serve(
      waiting({ da_fare: 'Conferma o contesta il risultato' }),
      sfida(confirmed, {
        risultato: { ...enteredResult(), confermato_il: '2026-05-13T09:00:00.000Z' },
        punteggio: '6-4 7-6(5)',
        power: [
          {
            id_giocatore: LUCA,
            nome: 'Bianchi Luca',
            power_prima: 40,
            power_dopo: 41.4,
            spiegazione: 'Atteso il 50% dei giochi, vinti il 57%: +1,4.',
          },
          {
            id_giocatore: ANDREA,
            nome: 'Ricci Andrea',
            power_prima: 40,
            power_dopo: 38.6,
            spiegazione: 'Atteso il 50% dei giochi, vinti il 43%: −1,4.',
          },
        ],
      }),
    )
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    expect(await within(await findActions()).findByText(/Il risultato inserito è/)).toHaveTextContent(
      '6-4 7-6(5)',
    )
    await user.click(within(actions()).getByRole('button', { name: 'Conferma il risultato' }))
    await confirmDialog(user, /Confermi il risultato 6-4 7-6\(5\)\?/)
    expect(await screen.findByText('Risultato confermato: il Power è aggiornato.')).toBeVisible()
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'sfide/partite/risultato/conferma' }),
      { id_sfida: 41 },
    )
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    const power = await screen.findByRole('region', { name: 'Power' })
    expect(within(power).getByRole('heading', { name: 'Ricci Andrea' })).toBeVisible()
    expect(within(power).getByRole('link', { name: 'Ricci Andrea' })).toHaveAttribute(
      'href',
      '/scheda-giocatore/5',
    )
    expect(power).toHaveTextContent('Power 40 → 38,6 (−1,4)')
    expect(power).toHaveTextContent('Power 40 → 41,4 (+1,4)')
    expect(within(power).getByText('Atteso il 50% dei giochi, vinti il 43%: −1,4.')).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Cosa puoi fare' })).toBeNull()
  })

  it('contests with a reason: the button waits for the reason, which is sent trimmed', async () => {
    signInAs(ANDREA)
    serve(waiting())
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    const contest = await within(await findActions()).findByRole('button', { name: 'Contesta il risultato' })
    expect(contest).toBeDisabled()
    await user.type(screen.getByLabelText('Perché contesti il risultato?'), '  Il secondo set è finito 6-7  ')
    await user.click(within(actions()).getByRole('button', { name: 'Contesta il risultato' }))
    await confirmDialog(user, /Vuoi contestare il risultato\?/)
    expect(await screen.findByText('Risultato contestato: decide la federazione.')).toBeVisible()
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'sfide/partite/risultato/contesta' }),
      { id_sfida: 41, motivo: 'Il secondo set è finito 6-7' },
    )
  })
})

describe('/sfide/{id}: a contested result', () => {
  const contested = () =>
    run(singles(), [
      { type: 'sfida.accetta', by: ANDREA },
      { type: 'sfida.risultato', by: LUCA, vincitore: 1 },
      { type: 'sfida.contesta', by: ANDREA },
    ])
  const view = (arbitro: boolean) =>
    sfida(contested(), {
      arbitro,
      risultato: {
        ...enteredResult(),
        contestato_da: ANDREA,
        motivo_contestazione: 'Il secondo set era 6-7',
      },
    })

  it('shows the reason to the players and offers them nothing', async () => {
    signInAs(LUCA)
    serve(view(false))
    renderPage()
    expect(await screen.findByText(/Contestato da Ricci Andrea/)).toHaveTextContent(
      '«Il secondo set era 6-7»',
    )
    expect(screen.queryByRole('form', { name: 'Decidi la contestazione' })).toBeNull()
  })

  it('lets the federation decide, with a note', async () => {
    signInAs(GIULIA)
    serve(view(true))
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    const form = await screen.findByRole('form', { name: 'Decidi la contestazione' })
    await user.click(within(form).getByLabelText(/Il risultato non vale/))
    await user.type(within(form).getByLabelText(/Nota per i giocatori/), 'Punteggio non verificabile')
    await user.click(within(form).getByRole('button', { name: 'Decidi la contestazione' }))
    await confirmDialog(user, /Confermi che il risultato non vale\?/)
    expect(await screen.findByText(/Decisione registrata/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'sfide/partite/risultato/risolvi' }),
      { id_sfida: 41, esito: 'annullato', nota: 'Punteggio non verificabile' },
    )
  })
})

describe('/sfide/{id}: loading', () => {
  it('says when the challenge does not exist', async () => {
    signInAs(LUCA)
    api.mockRejectedValue(new ServerFailure({ status: 404, message: 'Sfida non trovata.' }))
    renderPage(999)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sfida non trovata.' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Le mie sfide' })).toHaveAttribute('href', '/sfide')
  })

  it('shows the server’s refusal with «Riprova», and loads again', async () => {
    signInAs(GIULIA)
    api.mockRejectedValueOnce(
      new ServerFailure({ status: 403, message: 'Solo i giocatori della sfida possono vederla o agire.' }),
    )
    const user = renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo i giocatori della sfida possono vederla')
    serve(sfida(accepted()))
    await user.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(await screen.findByRole('heading', { level: 1, name: /contro/ })).toBeVisible()
  })
})

describe('/sfide/{id}: the result waits for the match (issue 19, item 4)', () => {
  it('a challenge set for tomorrow says when it is played instead of offering the result form', async () => {
    signInAs(LUCA)
    const tomorrow = new Date(Date.now() + 86_400_000)
    serve(
      sfida(accepted(), { data_proposta: tomorrow.toISOString(), da_fare: 'Gioca e inserisci il risultato' }),
    )
    renderPage()
    expect(
      await within(await findActions()).findByText(SFIDE_MESSAGES.resultTooEarly(tomorrow)),
    ).toBeVisible()
    expect(screen.queryByRole('form', { name: 'Inserisci il risultato' })).toBeNull()
  })

  it('once the match has begun the form is there', async () => {
    signInAs(LUCA)
    const started = new Date(Date.now() - 60_000)
    serve(sfida(accepted(), { data_proposta: started.toISOString() }))
    renderPage()
    expect(await screen.findByRole('form', { name: 'Inserisci il risultato' })).toBeVisible()
  })
})
