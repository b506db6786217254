// The organiser's results on the tournament page: which matches can be scored, what the form sends, and the
// server's refusal shown as it is.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Incontro, Tabellone } from '../../contract/torneo.ts'
import { RisultatiOrganizzatore } from '../../src/features/tornei/RisultatiOrganizzatore.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const { callApi, submitRaw } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

const side = (id: number, nome: string) => ({
  id_iscrizione: id,
  giocatori: [{ id: id * 10, nome }],
  testa_di_serie: null,
})

function match(overrides: Partial<Incontro>): Incontro {
  return {
    id: 1,
    turno: 1,
    posizione: 0,
    a: side(1, 'Rossi Mario'),
    b: side(2, 'Bianchi Luca'),
    vincitore: null,
    esito: 'da_giocare',
    punteggio: '',
    set: [],
    programmata_il: null,
    campo: null,
    ...overrides,
  }
}

const tabellone: Tabellone = {
  id: 70,
  tipo: 'eliminazione',
  fase: 1,
  nome: 'Tabellone principale',
  dimensione: 4,
  seed_hash: 'ab'.repeat(32),
  hash_pubblicato_il: '2026-12-07T11:00:00.000Z',
  seed: 'cd'.repeat(32),
  sorteggiato_il: '2026-12-08T09:30:00.000Z',
  turni: [
    {
      turno: 1,
      nome: 'Semifinali',
      incontri: [
        match({ id: 101 }),
        match({
          id: 102,
          posizione: 1,
          a: side(3, 'Verdi Anna'),
          b: side(4, 'Neri Paolo'),
          vincitore: 'a',
          esito: 'giocata',
          punteggio: '6-4 6-3',
          set: [
            { a: 6, b: 4 },
            { a: 6, b: 3 },
          ],
        }),
      ],
    },
    // The final waits for the semifinals: nothing to score yet.
    { turno: 2, nome: 'Finale', incontri: [match({ id: 103, turno: 2, a: null, b: null })] },
  ],
  gironi: [],
}

function renderPanel() {
  api.mockResolvedValue({ result: { tabelloni: [tabellone] } })
  const onDone = vi.fn()
  render(<RisultatiOrganizzatore idTorneo={7} idSettore={1} onDone={onDone} />)
  return { user: userEvent.setup(), onDone }
}

afterEach(() => vi.clearAllMocks())

describe('RisultatiOrganizzatore', () => {
  it('lists the matches with both sides known, to enter or to correct', async () => {
    renderPanel()
    expect(await screen.findByRole('heading', { name: 'Risultati delle partite' })).toBeVisible()
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'tornei/tabelloni/view' }),
      { id_torneo: 7 },
      expect.anything(),
    )
    expect(
      screen.getByRole('button', { name: 'Inserisci il risultato di Rossi Mario contro Bianchi Luca' }),
    ).toBeVisible()
    expect(
      screen.getByRole('button', { name: 'Correggi il risultato di Verdi Anna contro Neri Paolo' }),
    ).toBeVisible()
    expect(screen.getByText('6-4 6-3')).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Finale' })).toBeNull()
  })

  it('sends the sets typed, asks first, and reloads once the result is saved', async () => {
    const { user, onDone } = renderPanel()
    const open = await screen.findByRole('button', { name: /Inserisci il risultato di Rossi Mario/ })
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    const form = screen.getByRole('form', { name: 'Risultato di Rossi Mario contro Bianchi Luca' })
    await user.type(within(form).getByLabelText('1° set, giochi di Rossi Mario'), '6')
    await user.type(within(form).getByLabelText('1° set, giochi di Bianchi Luca'), '4')
    await user.type(within(form).getByLabelText('2° set, giochi di Rossi Mario'), '7')
    await user.type(within(form).getByLabelText('2° set, giochi di Bianchi Luca'), '5')
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    await user.click(within(form).getByRole('button', { name: 'Salva il risultato' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Vuoi salvare il risultato Rossi Mario contro Bianchi Luca: 6-4 7-5?')
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'tornei/tabelloni/risultato/edit' }),
      {
        id_partita: 101,
        esito: 'giocata',
        set: [
          { a: 6, b: 4 },
          { a: 7, b: 5 },
        ],
      },
    )
    expect(await screen.findByText(/Risultato salvato/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(onDone).toHaveBeenCalledTimes(1)
    // The list loads again with the new result.
    expect(api).toHaveBeenCalledTimes(2)
  })

  it('starts a correction from the result as saved', async () => {
    const { user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: /Correggi il risultato di Verdi Anna/ }))
    const form = screen.getByRole('form', { name: 'Risultato di Verdi Anna contro Neri Paolo' })
    expect(within(form).getByRole('radio', { name: 'Giocata' })).toBeChecked()
    expect(within(form).getByLabelText('1° set, giochi di Verdi Anna')).toHaveValue(6)
    expect(within(form).getByLabelText('1° set, giochi di Neri Paolo')).toHaveValue(4)
    expect(within(form).getByLabelText('2° set, giochi di Neri Paolo')).toHaveValue(3)
    expect(within(form).getByLabelText('3° set, giochi di Verdi Anna')).toHaveValue(null)
  })

  it('asks who goes through for a walkover, sends no sets, and shows the server’s refusal as it is', async () => {
    const { user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: /Inserisci il risultato di Rossi Mario/ }))
    const form = screen.getByRole('form', { name: 'Risultato di Rossi Mario contro Bianchi Luca' })
    await user.click(within(form).getByRole('radio', { name: 'Walkover (non giocata)' }))
    const save = within(form).getByRole('button', { name: 'Salva il risultato' })
    expect(save).toBeDisabled()
    expect(within(form).queryByLabelText('1° set, giochi di Rossi Mario')).toBeNull()
    await user.click(within(form).getByRole('radio', { name: 'Bianchi Luca' }))
    submit.mockResolvedValue({
      status: 409,
      body: { statusCode: 409, message: 'La partita successiva è già stata giocata.' },
    })
    await user.click(within(form).getByRole('button', { name: 'Salva il risultato' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Vuoi registrare il walkover: passa Bianchi Luca?')
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(submit).toHaveBeenCalledWith(expect.anything(), {
      id_partita: 101,
      esito: 'walkover',
      set: [],
      vincitore: 'B',
    })
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'La partita successiva è già stata giocata.',
    )
  })

  it('refuses what the server refuses, before the dialog: 6-5, one set only, a set after the match was won', async () => {
    const { user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: /Inserisci il risultato di Rossi Mario/ }))
    const form = screen.getByRole('form', { name: 'Risultato di Rossi Mario contro Bianchi Luca' })
    const save = () => within(form).getByRole('button', { name: 'Salva il risultato' })
    const cell = (set: number, side: string) => within(form).getByLabelText(`${set}° set, giochi di ${side}`)
    await user.type(cell(1, 'Rossi Mario'), '6')
    await user.type(cell(1, 'Bianchi Luca'), '5')
    expect(form).toHaveTextContent('1° set: 6-5 non è un set concluso')
    expect(save()).toBeDisabled()
    await user.clear(cell(1, 'Bianchi Luca'))
    await user.type(cell(1, 'Bianchi Luca'), '3')
    expect(form).toHaveTextContent('La partita non è conclusa')
    expect(save()).toBeDisabled()
    for (const set of [2, 3]) {
      await user.type(cell(set, 'Rossi Mario'), '6')
      await user.type(cell(set, 'Bianchi Luca'), '1')
    }
    expect(form).toHaveTextContent('La partita era già decisa: il 3° set è di troppo')
    expect(save()).toBeDisabled()
    await user.clear(cell(3, 'Rossi Mario'))
    await user.clear(cell(3, 'Bianchi Luca'))
    expect(save()).toBeEnabled()
    expect(submit).not.toHaveBeenCalled()
  })
})
