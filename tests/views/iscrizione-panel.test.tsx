// The enrolment panel (src/features/tornei/IscrizionePanel.tsx) as a player uses it: the server's state and
// reason are shown as they are; the buttons are those the enrolment machine allows the caller; every action goes
// through the confirmed dialog and the panel reloads when its dialog closes; doubles choose the partner in a
// ComboBox fed by tornei/iscrizioni/ricerca_giocatori.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Iscrizione, StatoIscrizioni } from '../../contract/iscrizioni.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import { IscrizionePanel } from '../../src/features/tornei/IscrizionePanel.tsx'
import { loadedPlayerBox } from '../support/player-box.ts'

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
const ME = 11
const PARTNER = 22

const entry = (over: Partial<Iscrizione> = {}): Iscrizione => ({
  id_iscrizione: 501,
  id_torneo: 7,
  torneo: 'Torneo di primavera',
  data_inizio: '2026-06-01',
  data_fine: '2026-06-03',
  stato: 'iscritta',
  giocatore: { id_persona: ME, nome: 'Mario', cognome: 'Rossi' },
  compagno: null,
  doppio: false,
  posizione_attesa: null,
  avviso: null,
  aggiornata_il: '2026-05-10T10:00:00Z',
  ...over,
})
const stato = (over: Partial<StatoIscrizioni> = {}): StatoIscrizioni => {
  const answer = {
    id_torneo: 7,
    doppio: false,
    posti: 8 as number | null,
    iscritti: 3,
    lista_attesa: 0,
    id_persona: ME,
    iscrizione: null,
    motivo: null,
    ...over,
  }
  // As the server counts them (server/repositories/enrolments.ts).
  const free = answer.posti === null ? null : Math.max(0, answer.posti - answer.iscritti)
  return { posti_liberi: free, ...answer }
}

/** The panel's loads answer these, in order; the searches answer `found`. */
function serve(states: StatoIscrizioni[], found: unknown[] = []) {
  const queue = [...states]
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path === 'tornei/iscrizioni/stato') return { result: queue.length > 1 ? queue.shift() : queue[0] }
    if (path === 'tornei/iscrizioni/ricerca_giocatori') return { results: found, record: found.length }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

const renderPanel = () =>
  render(
    <MemoryRouter initialEntries={['/tornei/dettaglio-torneo/7']}>
      <IscrizionePanel idTorneo={7} />
    </MemoryRouter>,
  )

beforeEach(() => {
  session.signedIn = true
  api.mockReset()
  submit.mockReset()
})

describe('the enrolment panel', () => {
  it('invites a visitor to sign in, and asks nothing of the server', () => {
    session.signedIn = false
    renderPanel()
    expect(screen.getByRole('button', { name: 'Accedi per iscriverti' })).toBeEnabled()
    expect(api).not.toHaveBeenCalled()
  })

  it('shows why the player cannot enrol, with no button to try', async () => {
    serve([stato({ motivo: 'Per iscriverti serve una tessera di Tennis valida per la stagione 2026.' })])
    renderPanel()
    expect(await screen.findByText('Non puoi iscriverti a questo torneo')).toBeVisible()
    expect(screen.getByText(/serve una tessera di Tennis/)).toBeVisible()
    expect(screen.queryByRole('button', { name: /Iscriviti/ })).toBeNull()
  })

  it('enrols through the confirmed dialog, then shows the entry and the withdrawal', async () => {
    const user = userEvent.setup()
    serve([stato(), stato({ iscritti: 4, iscrizione: entry() })])
    submit.mockResolvedValue({ status: 200, body: { result: entry() } })
    renderPanel()
    expect(await screen.findByText('Posti occupati: 3 su 8.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Iscriviti' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Vuoi iscriverti a questo torneo?')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByText('Iscrizione completata: sei tra gli iscritti.')).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'tornei/iscrizioni/add' }), {
      id_torneo: 7,
    })
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(await screen.findByText('Iscritto')).toBeVisible()
    expect(screen.getByText('Posti occupati: 4 su 8.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ritira l’iscrizione' })).toBeVisible()
  })

  it('offers the waiting list when the places are gone', async () => {
    serve([stato({ iscritti: 8, lista_attesa: 2 })])
    renderPanel()
    expect(await screen.findByRole('button', { name: 'Iscriviti in lista d’attesa' })).toBeEnabled()
    expect(screen.getByText(/In lista d’attesa: 2\. Posti esauriti/)).toBeVisible()
  })

  it('counts the free places as the server does: none left, a new entry joins the waiting list', async () => {
    // Seven of eight places held, but the server counts none free (its answer is what the machine is given).
    serve([stato({ iscritti: 7, posti_liberi: 0 })])
    renderPanel()
    expect(await screen.findByRole('button', { name: 'Iscriviti in lista d’attesa' })).toBeEnabled()
    expect(screen.getByText(/Posti esauriti: chi si iscrive ora entra in lista d’attesa/)).toBeVisible()
  })

  it('shows the waiting-list position and the server’s refusal of a withdrawal as it is', async () => {
    const user = userEvent.setup()
    serve([
      stato({
        iscritti: 8,
        lista_attesa: 3,
        iscrizione: entry({ stato: 'listaAttesa', posizione_attesa: 2 }),
      }),
    ])
    submit.mockResolvedValue({
      status: 409,
      body: { statusCode: 409, message: 'Il torneo è già iniziato: l’iscrizione non si può più ritirare.' },
    })
    renderPanel()
    expect(await screen.findByText(/Posizione in lista d’attesa: 2\./)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Ritira l’iscrizione' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    const failure = await screen.findByRole('alertdialog')
    expect(
      within(failure).getByText('Il torneo è già iniziato: l’iscrizione non si può più ritirare.'),
    ).toBeVisible()
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'tornei/iscrizioni/del' }), {
      id_iscrizione: 501,
    })
  })

  it('lets the invited partner accept or refuse, never withdraw; shows the notice', async () => {
    const invitation = entry({
      stato: 'attesaCompagno',
      doppio: true,
      giocatore: { id_persona: PARTNER, nome: 'Luca', cognome: 'Bianchi' },
      compagno: { id_persona: ME, nome: 'Mario', cognome: 'Rossi' },
      avviso: 'Luca Bianchi ti ha invitato come compagno al torneo «Torneo di primavera».',
    })
    serve([stato({ doppio: true, iscrizione: invitation })])
    renderPanel()
    // Who invited, name first, where the player who invited reads «In attesa del compagno».
    expect(await screen.findByText('Luca Bianchi ti ha invitato')).toBeVisible()
    expect(screen.queryByText('In attesa del compagno')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('ti ha invitato come compagno')
    expect(screen.getByRole('button', { name: 'Accetta l’invito' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Rifiuta l’invito' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Ritira|Annulla l’invito/ })).toBeNull()
  })

  it('lets the player who invited only cancel the invitation', async () => {
    const invitation = entry({
      stato: 'attesaCompagno',
      doppio: true,
      compagno: { id_persona: PARTNER, nome: 'Luca', cognome: 'Bianchi' },
    })
    serve([stato({ doppio: true, iscrizione: invitation })])
    renderPanel()
    expect(await screen.findByText(/Hai invitato Luca Bianchi/)).toBeVisible()
    expect(screen.getByText('In attesa del compagno')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Annulla l’invito' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Accetta l’invito' })).toBeNull()
  })

  it('shows an invitation that expired unanswered, with no action on it, above the form to enrol again', async () => {
    const expired = entry({
      stato: 'scaduta',
      doppio: true,
      compagno: { id_persona: PARTNER, nome: 'Luca', cognome: 'Bianchi' },
      avviso:
        'Luca Bianchi non ha risposto in tempo: l’invito al torneo «Torneo di primavera» è scaduto. Puoi iscriverti di nuovo, anche con un altro compagno.',
    })
    serve([stato({ doppio: true, iscrizione: expired })])
    renderPanel()
    expect(await screen.findByText('Invito scaduto senza risposta')).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('non ha risposto in tempo')
    expect(screen.queryByText(/Hai invitato|In coppia con/)).toBeNull()
    expect(screen.queryByRole('button', { name: /Annulla l’invito|Accetta|Rifiuta|Ritira/ })).toBeNull()
    // The machine of a new entry decides the form: the player chooses a partner again.
    expect(screen.getByRole('button', { name: 'Iscriviti in coppia' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Compagno' })).toBeEnabled()
  })

  it('after accepting, the invitation is gone: the pair, and no word of the invitation', async () => {
    const user = userEvent.setup()
    const pair = {
      doppio: true,
      giocatore: { id_persona: PARTNER, nome: 'Luca', cognome: 'Bianchi' },
      compagno: { id_persona: ME, nome: 'Mario', cognome: 'Rossi' },
    }
    serve([
      stato({
        doppio: true,
        posti: null,
        iscrizione: entry({
          ...pair,
          stato: 'attesaCompagno',
          avviso: 'Luca Bianchi ti ha invitato come compagno al torneo «Torneo di primavera».',
        }),
      }),
      stato({ doppio: true, posti: null, iscritti: 4, iscrizione: entry({ ...pair, avviso: null }) }),
    ])
    submit.mockResolvedValue({ status: 200, body: { result: entry({ ...pair }) } })
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Accetta l’invito' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    // No places to run out of: no word of a waiting list.
    expect(await screen.findByText('Invito accettato: la coppia è iscritta.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(await screen.findByText('In coppia con Luca Bianchi.')).toBeVisible()
    expect(screen.queryByText(/ti ha invitato/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accetta l’invito' })).toBeNull()
  })

  it('speaks of the waiting list only where there is one', async () => {
    const user = userEvent.setup()
    serve([stato({ iscrizione: entry(), lista_attesa: 0 })])
    const { unmount } = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ritira l’iscrizione' }))
    const nobodyWaiting = await screen.findByRole('dialog')
    expect(within(nobodyWaiting).getByText('Vuoi ritirare l’iscrizione?')).toBeVisible()
    expect(nobodyWaiting).not.toHaveTextContent('lista d’attesa')
    unmount()

    serve([stato({ iscrizione: entry(), iscritti: 8, lista_attesa: 2 })])
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ritira l’iscrizione' }))
    expect(
      within(await screen.findByRole('dialog')).getByText(
        'Vuoi ritirare l’iscrizione? Il posto passa al primo in lista d’attesa.',
      ),
    ).toBeVisible()
  })

  it('warns, before withdrawing a doubles entry, that the partner is withdrawn too', async () => {
    const user = userEvent.setup()
    serve([
      stato({
        doppio: true,
        iscrizione: entry({
          doppio: true,
          compagno: { id_persona: PARTNER, nome: 'Andrea', cognome: 'Ricci' },
        }),
      }),
    ])
    renderPanel()
    expect(await screen.findByText('In coppia con Andrea Ricci.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Ritira l’iscrizione' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Vuoi ritirare la coppia dal torneo? Il ritiro vale anche per Andrea Ricci, che riceverà un avviso.',
      ),
    ).toBeVisible()
  })

  it('doubles: finds the partner in the ComboBox and invites them through the dialog', async () => {
    const user = userEvent.setup()
    serve(
      [stato({ doppio: true })],
      [{ id_persona: PARTNER, nome: 'Luca', cognome: 'Bianchi', provincia: 'RM', circolo: 'TC Parioli' }],
    )
    submit.mockResolvedValue({ status: 200, body: { result: entry({ stato: 'attesaCompagno' }) } })
    renderPanel()
    const invite = await screen.findByRole('button', { name: 'Iscriviti in coppia' })
    expect(invite).toBeDisabled()
    // Without a partner yet: the partner search, filtered by this tournament.
    expect(
      screen.getByRole('link', { name: 'Cerca tra gli annunci di chi gioca questo torneo' }),
    ).toHaveAttribute('href', '/giocatori/cerca-compagno?torneo=7')
    await user.type(await loadedPlayerBox(user, 'Compagno'), 'Bian')
    // Name before surname: the chosen partner is named in the button and the question.
    const option = await screen.findByRole('option', { name: /Luca Bianchi/ })
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'tornei/iscrizioni/ricerca_giocatori' }),
      { id_torneo: 7, testo: 'Bian' },
      expect.anything(),
    )
    await user.click(option)
    const named = await screen.findByRole('button', { name: 'Iscriviti con Luca Bianchi' })
    expect(named).toBeEnabled()
    await user.click(named)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Vuoi invitare Luca Bianchi a giocare il torneo con te?')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'tornei/iscrizioni/add' }), {
        id_torneo: 7,
        id_compagno: PARTNER,
      }),
    )
  })
})
