// Entering a challenge's result (/sfide/{id}, accepted): the form guides the entry for the discipline (sets of
// games with the tie-break, pickleball games to 11), asks for what is missing before sending, and shows the
// server's refusal of a score as it is.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Sfida } from '../../contract/sfide.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import SfidaPage from '../../src/features/sfide/SfidaPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { LUCA, accepted, answerByPath, sfida, signInAs } from './sfide-fixtures.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

async function renderResultForm(view: Sfida) {
  signInAs(LUCA)
  answerByPath(api, { 'sfide/view': { result: view } })
  render(
    <MemoryRouter initialEntries={['/sfide/41']}>
      <Routes>
        <Route path="/sfide/:id" element={<SfidaPage />} />
      </Routes>
    </MemoryRouter>,
  )
  const form = await screen.findByRole('form', { name: 'Inserisci il risultato' })
  return { user: userEvent.setup(), form }
}

const save = (form: HTMLElement) => within(form).getByRole('button', { name: 'Salva il risultato' })

afterEach(() => {
  api.mockReset()
  submit.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

describe('the result form', () => {
  it('tennis: sets of games, the tie-break asked on a 7-6 set, sent through the dialog', async () => {
    const { user, form } = await renderResultForm(sfida(accepted()))
    expect(form).toHaveTextContent('Un set si vince a 6 con due giochi di scarto, oppure 7-5')
    expect(save(form)).toBeDisabled()
    expect(form).toHaveTextContent('Scrivi i giochi di almeno un set.')
    await user.type(within(form).getByLabelText('1° set, giochi di Bianchi Luca'), '6')
    await user.type(within(form).getByLabelText('1° set, giochi di Ricci Andrea'), '4')
    await user.type(within(form).getByLabelText('2° set, giochi di Bianchi Luca'), '7')
    // One side of a set only: the form asks for the other before sending.
    expect(form).toHaveTextContent('Completa il 2° set: mancano i giochi di una delle due parti.')
    expect(save(form)).toBeDisabled()
    expect(within(form).queryByLabelText(/Tie-break del 2° set/)).toBeNull()
    await user.type(within(form).getByLabelText('2° set, giochi di Ricci Andrea'), '6')
    await user.type(within(form).getByLabelText(/Tie-break del 2° set/), '5')
    expect(save(form)).toBeEnabled()
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    await user.click(save(form))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Vuoi inserire il risultato Bianchi Luca contro Ricci Andrea: 6-4 7-6? Gli avversari dovranno confermarlo.',
      ),
    ).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByText(/Risultato inserito: gli avversari hanno 48 ore/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'sfide/partite/risultato/add' }), {
      id_sfida: 41,
      esito: 'giocata',
      set: [
        { a: 6, b: 4 },
        { a: 7, b: 6, tiebreak: 5 },
      ],
    })
  })

  it('refuses what the server refuses, before the dialog: 6-5, 9-0, one set only, a set too many', async () => {
    const { user, form } = await renderResultForm(sfida(accepted()))
    const cell = (set: number, side: 'Bianchi Luca' | 'Ricci Andrea') =>
      within(form).getByLabelText(`${set}° set, giochi di ${side}`)
    const write = async (set: number, a: string, b: string) => {
      await user.clear(cell(set, 'Bianchi Luca'))
      await user.clear(cell(set, 'Ricci Andrea'))
      if (a !== '') await user.type(cell(set, 'Bianchi Luca'), a)
      if (b !== '') await user.type(cell(set, 'Ricci Andrea'), b)
    }
    const refused = (message: string) => {
      expect(form).toHaveTextContent(message)
      expect(save(form)).toBeDisabled()
    }
    await write(1, '6', '5')
    refused('1° set: 6-5 non è un set concluso (si vince a 6 con due giochi di scarto, oppure 7-5 o 7-6)')
    await write(1, '9', '0')
    refused('1° set: 9-0 non è un set concluso')
    await write(1, '6', '0')
    refused('La partita non è conclusa: vince chi conquista due set')
    await write(2, '6', '0')
    await write(3, '6', '0')
    refused('La partita era già decisa: il 3° set è di troppo')
    await write(3, '', '')
    expect(save(form)).toBeEnabled()
    await user.click(save(form))
    expect(await screen.findByRole('dialog')).toBeVisible()
  })

  it('shows the server’s refusal as it is, and keeps what was written', async () => {
    const { user, form } = await renderResultForm(sfida(accepted()))
    await user.type(within(form).getByLabelText('1° set, giochi di Bianchi Luca'), '6')
    await user.type(within(form).getByLabelText('1° set, giochi di Ricci Andrea'), '4')
    await user.type(within(form).getByLabelText('2° set, giochi di Bianchi Luca'), '6')
    await user.type(within(form).getByLabelText('2° set, giochi di Ricci Andrea'), '3')
    const refusal = 'Non è possibile: la sfida è nello stato «risultato da confermare».'
    submit.mockResolvedValue({ status: 409, body: { statusCode: 409, message: refusal } })
    await user.click(save(form))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    const failure = await screen.findByRole('alertdialog')
    expect(within(failure).getByText(refusal)).toBeVisible()
    await user.click(within(failure).getByRole('button', { name: 'Chiudi' }))
    expect(within(form).getByLabelText('2° set, giochi di Ricci Andrea')).toHaveValue(3)
  })

  it('a retirement asks who won and sends it', async () => {
    const { user, form } = await renderResultForm(sfida(accepted()))
    await user.click(within(form).getByLabelText('Un giocatore si è ritirato durante la partita'))
    await user.type(within(form).getByLabelText('1° set, giochi di Bianchi Luca'), '3')
    await user.type(within(form).getByLabelText('1° set, giochi di Ricci Andrea'), '2')
    expect(form).toHaveTextContent('Indica chi ha vinto: la parte che non si è ritirata.')
    expect(save(form)).toBeDisabled()
    const winner = within(form).getByRole('group', { name: 'Chi ha vinto (la parte che non si è ritirata)' })
    await user.click(within(winner).getByLabelText('Ricci Andrea'))
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    await user.click(save(form))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/3-2, ritiro; vince Ricci Andrea\?/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    await screen.findByText(/Risultato inserito/)
    expect(submit).toHaveBeenCalledWith(expect.anything(), {
      id_sfida: 41,
      esito: 'ritiro',
      set: [{ a: 3, b: 2 }],
      vincitore_lato: 2,
    })
  })

  it('pickleball: games to 11 points, no tie-break', async () => {
    const { user, form } = await renderResultForm(
      sfida(accepted(), { id_settore: 5, disciplina: 'Pickleball' }),
    )
    expect(form).toHaveTextContent('Un game si vince a 11 punti con due punti di scarto')
    expect(within(form).getByRole('group', { name: 'Game' })).toBeVisible()
    await user.type(within(form).getByLabelText('1° game, punti di Bianchi Luca'), '7')
    await user.type(within(form).getByLabelText('1° game, punti di Ricci Andrea'), '6')
    expect(within(form).queryByLabelText(/Tie-break/)).toBeNull()
    expect(form).toHaveTextContent('1° game: un game si vince a 11 punti')
    expect(save(form)).toBeDisabled()
    await user.clear(within(form).getByLabelText('1° game, punti di Bianchi Luca'))
    await user.type(within(form).getByLabelText('1° game, punti di Bianchi Luca'), '11')
    await user.type(within(form).getByLabelText('2° game, punti di Bianchi Luca'), '12')
    await user.type(within(form).getByLabelText('2° game, punti di Ricci Andrea'), '10')
    expect(save(form)).toBeEnabled()
  })
})
