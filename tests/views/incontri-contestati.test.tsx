// /tornei/incontri-contestati as the federation uses it: each contested tie with both teams, the result entered, its
// rubbers, who contested and why; the decision (the result stands or is annulled, with a note) through the
// confirmed dialog, then the list loads again. Never offered on a tie the viewer captains; anyone else reads the
// server's refusal as it is.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INCONTRI_MESSAGES, type IncontroContestato } from '../../contract/incontri.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import ContestatiPage from '../../src/features/incontri/ContestatiPage.tsx'
import { utenteStore } from '../../src/stores/utente.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

const HOME_CAPTAIN = 11
const AWAY_CAPTAIN = 21
const OFFICER = 99

const contested = (over: Partial<IncontroContestato> = {}): IncontroContestato => ({
  id: 7,
  id_torneo: 3,
  torneo: 'Serie C maschile Lazio',
  giornata: 2,
  stato: 'contested',
  casa: { id: 1, nome: 'TC Parioli A', capitano_nome: 'Marco Bianchi' },
  ospiti: { id: 2, nome: 'CT Eur B', capitano_nome: 'Luca Verdi' },
  data_confermata: '2026-05-09T13:00:00.000Z',
  punti_casa: 2,
  punti_ospiti: 1,
  partite: [
    {
      numero: 1,
      tipo: 'singolare',
      casa: [{ id: 11, nome: 'Marco Bianchi' }],
      ospiti: [{ id: 21, nome: 'Luca Verdi' }],
      esito: 'giocata',
      vincitore: 'casa',
      punteggio: '6-3 6-4',
    },
    {
      numero: 2,
      tipo: 'singolare',
      casa: [{ id: 12, nome: 'Paolo Neri' }],
      ospiti: [{ id: 22, nome: 'Ugo Gialli' }],
      esito: 'giocata',
      vincitore: 'casa',
      punteggio: '6-2 3-6 7-5',
    },
    {
      numero: 3,
      tipo: 'doppio',
      casa: [
        { id: 13, nome: 'Ada Rosa' },
        { id: 14, nome: 'Eva Blu' },
      ],
      ospiti: [
        { id: 23, nome: 'Ivo Viola' },
        { id: 24, nome: 'Ettore Grigi' },
      ],
      esito: 'giocata',
      vincitore: 'ospiti',
      punteggio: '4-6 2-6',
    },
  ],
  risultato_inserito_da: 'Marco Bianchi',
  risultato_inserito_il: '2026-05-09T17:00:00.000Z',
  contestato_da: 'Luca Verdi',
  contestato_il: '2026-05-10T07:00:00.000Z',
  motivo_contestazione: 'Il secondo singolare è finito 7-6 per noi',
  contesto: {
    capitani: { casa: HOME_CAPTAIN, ospiti: AWAY_CAPTAIN },
    proposta: null,
    schieramenti: { casa: true, ospiti: true },
    risultato: 'casa',
    vincitore: null,
  },
  arbitro: true,
  ...over,
})

/** The list's loads answer these pages in order (the last one again for any later load). */
function serve(...pages: IncontroContestato[][]) {
  const queue = [...pages]
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path !== 'squadre/risultati/contestati/list') throw new Error(`chiamata inattesa ${path}`)
    const results = queue.length > 1 ? queue.shift()! : queue[0]!
    return { results, record: results.length }
  })
}

function signInAs(id_persona: number) {
  utenteStore.trigger.synced({
    state: {
      ...utenteStore.getSnapshot().context,
      details: {
        id_persona,
        persona: 'Andrea Ricci',
        provincia: 'FI',
        fototessera: null,
        puo_esportare_classifiche: true,
      },
      detailsStatus: null,
    },
  })
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/tornei/incontri-contestati']}>
      <Routes>
        <Route path="/tornei/incontri-contestati" element={<ContestatiPage />} />
      </Routes>
    </MemoryRouter>,
  )
  return userEvent.setup()
}

afterEach(() => {
  api.mockReset()
  submit.mockReset()
  utenteStore.trigger.reset()
})

describe('/tornei/incontri-contestati', () => {
  it('shows each contested tie: both teams, the result entered, the rubbers, who contested and why', async () => {
    signInAs(OFFICER)
    serve([contested()])
    renderPage()
    const tie = await screen.findByRole('article', { name: 'TC Parioli A – CT Eur B' })
    expect(within(tie).getByRole('link', { name: 'Serie C maschile Lazio' })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo-campionato/3',
    )
    expect(within(tie).getByText('Capitani').nextElementSibling).toHaveTextContent(
      'TC Parioli A: Marco Bianchi; CT Eur B: Luca Verdi',
    )
    expect(within(tie).getByText('Risultato inserito').nextElementSibling).toHaveTextContent(
      /^TC Parioli A 2-1 CT Eur B, da Marco Bianchi il /,
    )
    expect(within(tie).getByText('Contestato').nextElementSibling).toHaveTextContent(/^da Luca Verdi il /)
    expect(within(tie).getByText('Motivo').nextElementSibling).toHaveTextContent(
      '«Il secondo singolare è finito 7-6 per noi»',
    )
    const rubbers = within(tie).getByRole('region', { name: 'Partite di TC Parioli A – CT Eur B' })
    expect(
      within(rubbers)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'N.PunteggioCasaOspiti',
      '1 (singolare)6-3 6-4 (vince casa)Marco BianchiLuca Verdi',
      '2 (singolare)6-2 3-6 7-5 (vince casa)Paolo NeriUgo Gialli',
      '3 (doppio)4-6 2-6 (vince ospiti)Ada Rosa e Eva BluIvo Viola e Ettore Grigi',
    ])
    expect(screen.getByText('Un risultato contestato da decidere.')).toBeVisible()
  })

  it('annuls the result with a note through the dialog, then loads the list again', async () => {
    signInAs(OFFICER)
    serve([contested()], [])
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    const form = await screen.findByRole('form', {
      name: 'Decidi la contestazione di TC Parioli A – CT Eur B',
    })
    await user.click(within(form).getByLabelText(/Il risultato è annullato/))
    await user.type(within(form).getByLabelText('Nota per i capitani (facoltativa)'), 'Referto illeggibile')
    await user.click(within(form).getByRole('button', { name: 'Decidi la contestazione' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(
      'Confermi che il risultato TC Parioli A 2-1 CT Eur B è annullato? L’incontro non conta.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByText(/Decisione registrata: i due capitani ricevono un avviso/)).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'squadre/risultati/risolvi' }), {
      id_incontro: 7,
      esito: 'annullato',
      nota: 'Referto illeggibile',
    })
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(await screen.findByText(/Nessun risultato contestato da decidere/)).toBeVisible()
    expect(api).toHaveBeenCalledTimes(2)
  })

  it('confirms the result without a note', async () => {
    signInAs(OFFICER)
    serve([contested()])
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    const user = renderPage()
    const form = await screen.findByRole('form', { name: /Decidi la contestazione/ })
    await user.click(within(form).getByRole('button', { name: 'Decidi la contestazione' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    await screen.findByText(/Decisione registrata/)
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'squadre/risultati/risolvi' }), {
      id_incontro: 7,
      esito: 'confermato',
    })
  })

  it('offers no decision to an officer who captains one of the two teams', async () => {
    signInAs(AWAY_CAPTAIN)
    serve([contested({ arbitro: false })])
    renderPage()
    await screen.findByRole('article', { name: 'TC Parioli A – CT Eur B' })
    expect(screen.queryByRole('form', { name: /Decidi la contestazione/ })).toBeNull()
    expect(screen.getByText(/Sei il capitano di una delle due squadre/)).toBeVisible()
  })

  it('shows the server’s refusal to anyone but the federation', async () => {
    signInAs(HOME_CAPTAIN)
    api.mockRejectedValue(new ServerFailure({ status: 403, message: INCONTRI_MESSAGES.federationOnly }))
    renderPage()
    expect(await screen.findByText(INCONTRI_MESSAGES.federationOnly)).toBeVisible()
    expect(screen.queryByRole('article')).toBeNull()
  })

  it('says so when nothing waits', async () => {
    signInAs(OFFICER)
    serve([])
    renderPage()
    expect(await screen.findByText(/Nessun risultato contestato da decidere/)).toBeVisible()
  })
})
