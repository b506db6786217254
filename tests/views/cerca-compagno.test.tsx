// /giocatori/cerca-compagno (src/features/cerca-compagno) as a player uses it: the board with its filters in the
// address, the request through the confirmed dialog, the author's incoming requests to confirm or refuse, the
// publication form, the player's requests with their cancellation; empty states that say what to do, the
// server's refusals as they are. The buttons are those the partner-request machine allows the player.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CERCA_COMPAGNO_MESSAGES,
  type Annuncio,
  type AnnuncioMio,
  type Richiesta,
  type RichiestaInviata,
} from '../../contract/cerca-compagno.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { callApi, submitRaw } from '../../src/api/client.ts'
import CercaCompagnoPage from '../../src/features/cerca-compagno/CercaCompagnoPage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { withPerson } from '../support/utente.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  signOut: vi.fn<() => void>(),
}))

const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)
const ME = 11
const OTHER = 22
const THIRD = 33

const person = (id: number, nome: string, cognome: string) => ({ id_persona: id, nome, cognome })
const listing = (over: Partial<Annuncio> = {}): Annuncio => ({
  id_annuncio: 301,
  autore: person(OTHER, 'Sara', 'Verdi'),
  id_settore: 2,
  settore: 'Padel',
  disciplina: 'Padel',
  torneo: null,
  provincia: 'RM',
  provincia_nome: 'Roma',
  livello: 'intermedio',
  data_dal: '2030-06-01',
  data_al: '2030-06-30',
  disponibilita: 'Sabato mattina',
  messaggio: 'Cerco compagna per il doppio misto',
  stato: 'attivo',
  creato_il: '2030-05-20T10:00:00Z',
  mia_richiesta: null,
  ...over,
})
const request = (over: Partial<Richiesta> = {}): Richiesta => ({
  id_richiesta: 901,
  id_annuncio: 301,
  stato: 'sent',
  autore: person(ME, 'Mario', 'Rossi'),
  richiedente: person(THIRD, 'Luca', 'Neri'),
  messaggio: null,
  inviata_il: '2030-05-21T09:30:00Z',
  risposta_il: null,
  avviso: null,
  contatto: null,
  ...over,
})

type Answers = {
  board?: Annuncio[][]
  mine?: AnnuncioMio[][]
  sent?: RichiestaInviata[][]
  torneo?: Record<string, unknown>
}

/** Each list answers its queue in order (the last answer repeats); every call is recorded by `api`. */
function serve(answers: Answers) {
  const queues = {
    board: [...(answers.board ?? [[]])],
    mine: [...(answers.mine ?? [[]])],
    sent: [...(answers.sent ?? [[]])],
  }
  const next = <T,>(queue: T[][]) => (queue.length > 1 ? queue.shift()! : queue[0]!)
  api.mockImplementation(async (endpoint: unknown) => {
    const path = (endpoint as { path: string }).path
    const list = (results: unknown[]) => ({ results, record: results.length })
    if (path === 'giocatori/cerca-compagno/list') return list(next(queues.board))
    if (path === 'giocatori/cerca-compagno/miei-annunci/list') return list(next(queues.mine))
    if (path === 'giocatori/cerca-compagno/mie-richieste/list') return list(next(queues.sent))
    if (path === 'provincie/get')
      return {
        result: [
          { sigla: 'RM', nome: 'Roma', regione: 'Lazio' },
          { sigla: 'MI', nome: 'Milano', regione: 'Lombardia' },
        ],
      }
    if (path === 'tornei/dettaglio/view') return { result: answers.torneo }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

const callsTo = (path: string) =>
  api.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path === path).map(([, body]) => body)

function withSector(id_settore: number) {
  disciplinaStore.trigger.synced({ state: { ...disciplinaStore.getSnapshot().context, id_settore } })
}

function Where() {
  const location = useLocation()
  return <output data-testid="indirizzo">{`${location.pathname}${location.search}`}</output>
}

function renderPage(search = '') {
  render(
    <MemoryRouter initialEntries={[`/giocatori/cerca-compagno${search}`]}>
      <CercaCompagnoPage />
      <Where />
    </MemoryRouter>,
  )
  return userEvent.setup()
}

async function confirmIn(user: ReturnType<typeof userEvent.setup>, question: RegExp, done: RegExp) {
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText(question)).toBeVisible()
  await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
  expect(await screen.findByText(done)).toBeVisible()
  await user.click(screen.getByRole('button', { name: 'Chiudi' }))
}

beforeEach(() => {
  withSector(2)
  withPerson(ME, 'Mario Rossi')
})
/** Two months from today in Italy, AAAA-MM-GG: inside every bound of a listing's dates. */
const inTwoMonths = new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + 60 * 86_400_000)
  .toISOString()
  .slice(0, 10)

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
})

describe('/giocatori/cerca-compagno: the board', () => {
  it('lists other players’ listings and sends a request through the confirmed dialog', async () => {
    serve({ board: [[listing()], [listing({ mia_richiesta: 777 })]] })
    submit.mockResolvedValue({ status: 200, body: { result: request() } })
    const user = renderPage('?settore=2')
    const card = await screen.findByRole('article', { name: 'Sara Verdi' })
    expect(within(card).getByText('Padel')).toBeVisible()
    expect(within(card).getByText('Roma (RM)')).toBeVisible()
    expect(within(card).getByText('Intermedio')).toBeVisible()
    expect(within(card).getByText('dal 1° al 30 giugno 2030')).toBeVisible()
    expect(within(card).getByText('«Cerco compagna per il doppio misto»')).toBeVisible()
    expect(screen.getByText('1 annuncio')).toBeVisible()
    expect(callsTo('giocatori/cerca-compagno/list')[0]).toEqual({
      id_settore: 2,
      rowstoskip: 0,
      fetchrows: 10,
    })

    await user.click(within(card).getByRole('button', { name: 'Chiedi di giocare insieme' }))
    await confirmIn(user, /Vuoi chiedere a Sara Verdi di giocare insieme\?/, /Richiesta inviata/)
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/cerca-compagno/invio-richiesta' }),
      { id_annuncio: 301, condividi_email: false, condividi_telefono: false },
    )
    // The board reloads: the request waits, and can be cancelled from there.
    expect(await screen.findByText(/la richiesta attende risposta/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Annulla la richiesta' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Chiedi di giocare insieme' })).toBeNull()
  })

  it('puts the filters in the address and asks the server with them', async () => {
    serve({ board: [[listing()]] })
    const user = renderPage('?settore=2')
    await screen.findByRole('article', { name: 'Sara Verdi' })
    await user.selectOptions(screen.getByLabelText('Livello'), 'avanzato')
    await waitFor(() =>
      expect(screen.getByTestId('indirizzo')).toHaveTextContent(
        '/giocatori/cerca-compagno?settore=2&livello=avanzato',
      ),
    )
    await user.selectOptions(screen.getByLabelText('Provincia'), 'MI')
    await waitFor(() =>
      expect(callsTo('giocatori/cerca-compagno/list').at(-1)).toEqual({
        id_settore: 2,
        livello: 'avanzato',
        provincia: 'MI',
        rowstoskip: 0,
        fetchrows: 10,
      }),
    )
    await user.selectOptions(screen.getByLabelText('Disciplina'), '3')
    await waitFor(() => expect(screen.getByTestId('indirizzo')).toHaveTextContent('settore=3'))
  })

  it('says what to do when nothing matches, and shows the server’s refusal as it is', async () => {
    serve({ board: [[]] })
    renderPage('?settore=2&livello=agonista')
    expect(await screen.findByText('Nessun annuncio corrisponde ai filtri scelti.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'pubblicare il tuo annuncio' })).toHaveAttribute(
      'href',
      '/giocatori/cerca-compagno?vista=miei&settore=2&livello=agonista',
    )
    expect(screen.getByRole('link', { name: 'Azzera i filtri' })).toBeVisible()
  })

  it('shows the listing’s refusal in the failure dialog, not dismissible', async () => {
    serve({ board: [[listing()]] })
    submit.mockResolvedValue({
      status: 409,
      body: {
        statusCode: 409,
        message: 'L’annuncio non è più attivo: chi l’ha pubblicato ha trovato un compagno o l’ha ritirato.',
      },
    })
    const user = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Chiedi di giocare insieme' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    const failure = await screen.findByRole('alertdialog')
    expect(within(failure).getByText(/ha trovato un compagno o l’ha ritirato/)).toBeVisible()
  })

  it('from a doubles tournament: the search is for that tournament, in its sector', async () => {
    serve({
      board: [
        [
          listing({
            torneo: {
              id_torneo: 9,
              nome: 'Open di padel',
              data_inizio: '2030-07-01',
              data_fine: '2030-07-03',
            },
          }),
        ],
      ],
      torneo: {
        id: 9,
        nome: 'Open di padel',
        id_settore: 2,
        specialita: 'doppio',
        data_inizio: '2030-07-01',
        data_fine: '2030-07-03',
      },
    })
    withSector(1)
    renderPage('?torneo=9')
    expect(await screen.findByText('Open di padel', { selector: 'strong' })).toBeVisible()
    await waitFor(() =>
      expect(callsTo('giocatori/cerca-compagno/list').at(-1)).toEqual({
        id_settore: 2,
        id_torneo: 9,
        rowstoskip: 0,
        fetchrows: 10,
      }),
    )
    expect(screen.getByRole('link', { name: 'Open di padel' })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo/9',
    )
  })

  it('asks a player without a person behind the account to complete the profile', async () => {
    withPerson(null)
    serve({})
    renderPage()
    expect(screen.getByText('Al tuo account non è ancora associato un giocatore.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Completa il profilo' })).toBeVisible()
    expect(api).not.toHaveBeenCalled()
  })
})

describe('/giocatori/cerca-compagno?vista=miei: my listings', () => {
  it('shows the incoming requests; only a waiting one can be confirmed or refused', async () => {
    const mine: AnnuncioMio = {
      ...listing({ autore: person(ME, 'Mario', 'Rossi') }),
      richieste: [
        request(),
        request({ id_richiesta: 902, stato: 'refused', richiedente: person(OTHER, 'Sara', 'Verdi') }),
      ],
    }
    const closed: AnnuncioMio = {
      ...mine,
      stato: 'chiuso',
      richieste: [request({ stato: 'confirmed', avviso: null }), mine.richieste[1]!],
    }
    serve({ mine: [[mine], [closed]] })
    submit.mockResolvedValue({ status: 200, body: { result: request({ stato: 'confirmed' }) } })
    const user = renderPage('?vista=miei')
    const card = await screen.findByRole('article', { name: 'Annuncio di Padel' })
    expect(within(card).getByText('Attivo')).toBeVisible()
    expect(within(card).getByText('Richieste ricevute: 2, 1 da valutare')).toBeVisible()
    expect(within(card).queryByRole('button', { name: 'Conferma Sara Verdi' })).toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Conferma Luca Neri' }))
    await confirmIn(
      user,
      /Vuoi giocare con Luca Neri\? L’annuncio si chiude/,
      /Confermato: tu e Luca Neri giocherete insieme/,
    )
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/cerca-compagno/conferma-richiesta' }),
      {
        id_richiesta: 901,
      },
    )
    const after = await screen.findByRole('article', { name: 'Annuncio di Padel' })
    expect(await within(after).findByText('Chiuso')).toBeVisible()
    expect(within(after).getByText('Confermata: giocate insieme')).toBeVisible()
    expect(within(after).queryByRole('button', { name: /Conferma|Rifiuta|Ritira/ })).toBeNull()
  })

  it('publishes a listing: the button waits for province and level, then the confirmed dialog sends the form', async () => {
    serve({ mine: [[]] })
    submit.mockResolvedValue({ status: 200, body: { result: listing() } })
    const user = renderPage('?vista=miei&settore=2')
    expect(await screen.findByText(/Non hai ancora pubblicato annunci/)).toBeVisible()
    // The dialog's request is the form as it stands: the button is drawn again at every change.
    const publish = () => screen.getByRole('button', { name: 'Pubblica l’annuncio' })
    await user.selectOptions(screen.getByLabelText(/Provincia in cui giocare/), 'RM')
    expect(publish()).toBeDisabled()
    await user.selectOptions(screen.getByLabelText(/Livello del compagno cercato/), 'avanzato')
    await user.clear(screen.getByLabelText(/^Al/))
    await user.type(screen.getByLabelText(/^Al/), inTwoMonths)
    await user.type(screen.getByLabelText('Messaggio'), '  Gioco a destra  ')
    // The contact shown to the partner the author confirms: the phone only.
    const sharing = screen.getByRole('group', { name: 'Contatti da condividere' })
    await user.click(within(sharing).getByRole('checkbox', { name: 'Il mio telefono' }))
    expect(publish()).toBeEnabled()
    await user.click(publish())
    await confirmIn(user, /Vuoi pubblicare l’annuncio\?/, /Annuncio pubblicato/)
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'giocatori/cerca-compagno/add' }), {
      id_settore: 2,
      provincia: 'RM',
      livello: 'avanzato',
      data_dal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      data_al: inTwoMonths,
      messaggio: 'Gioco a destra',
      condividi_email: false,
      condividi_telefono: true,
    })
    // The form starts again, empty.
    expect(screen.getByLabelText(/Livello del compagno cercato/)).toHaveValue('')
  })

  it('refuses the dates the server refuses, before the dialog (issue 19, item 6)', async () => {
    serve({ mine: [[]] })
    const user = renderPage('?vista=miei&settore=2')
    expect(await screen.findByText(/Non hai ancora pubblicato annunci/)).toBeVisible()
    const publish = () => screen.getByRole('button', { name: 'Pubblica l’annuncio' })
    await user.selectOptions(screen.getByLabelText(/Provincia in cui giocare/), 'RM')
    await user.selectOptions(screen.getByLabelText(/Livello del compagno cercato/), 'avanzato')
    expect(publish()).toBeEnabled()
    const dates = async (dal: string, al: string) => {
      await user.clear(screen.getByLabelText(/^Al/))
      await user.clear(screen.getByLabelText(/^Dal/))
      await user.type(screen.getByLabelText(/^Dal/), dal)
      await user.type(screen.getByLabelText(/^Al/), al)
    }
    await dates(todayInItaly(), '2030-08-31')
    expect(screen.getByText(CERCA_COMPAGNO_MESSAGES.datesTooLong)).toBeVisible()
    expect(publish()).toBeDisabled()
    await dates('2030-08-01', '2030-08-31')
    expect(screen.getByText(CERCA_COMPAGNO_MESSAGES.datesTooFar)).toBeVisible()
    expect(publish()).toBeDisabled()
    await dates(todayInItaly(), inTwoMonths)
    expect(screen.queryByText(CERCA_COMPAGNO_MESSAGES.datesTooFar)).toBeNull()
    expect(publish()).toBeEnabled()
  })
})

describe('/giocatori/cerca-compagno?vista=richieste: my requests', () => {
  it('lists the requests with their state and notice; only a waiting one can be cancelled', async () => {
    const waiting: RichiestaInviata = {
      ...request({ autore: person(OTHER, 'Sara', 'Verdi'), richiedente: person(ME, 'Mario', 'Rossi') }),
      annuncio: listing(),
    }
    const answered: RichiestaInviata = {
      ...waiting,
      id_richiesta: 905,
      stato: 'refused',
      avviso: 'Sara Verdi ha rifiutato la tua richiesta per l’annuncio di Padel.',
    }
    serve({ sent: [[waiting, answered]] })
    submit.mockResolvedValue({ status: 200, body: { result: { ...waiting, stato: 'cancelled' } } })
    const user = renderPage('?vista=richieste')
    const cards = await screen.findAllByRole('article', { name: 'A Sara Verdi' })
    expect(within(cards[0]!).getByText('In attesa di risposta')).toBeVisible()
    expect(within(cards[1]!).getByText('Rifiutata')).toBeVisible()
    expect(within(cards[1]!).getByText(/ha rifiutato la tua richiesta/)).toBeVisible()
    expect(within(cards[1]!).queryByRole('button')).toBeNull()
    await user.click(within(cards[0]!).getByRole('button', { name: 'Annulla la richiesta' }))
    await confirmIn(user, /Vuoi annullare la richiesta a Sara Verdi\?/, /Richiesta annullata/)
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/cerca-compagno/cancella-richiesta' }),
      {
        id_richiesta: 901,
      },
    )
  })

  it('says where to start when there are none', async () => {
    serve({ sent: [[]] })
    renderPage('?vista=richieste')
    expect(await screen.findByText('Non hai ancora chiesto a nessuno di giocare insieme.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'annunci' })).toHaveAttribute('href', '/giocatori/cerca-compagno')
    expect(screen.getByRole('link', { name: 'Le mie richieste' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('/giocatori/cerca-compagno: reaching the partner of a confirmed request', () => {
  it('a request shares the contact chosen on the listing’s card', async () => {
    serve({ board: [[listing()]] })
    submit.mockResolvedValue({ status: 200, body: { result: request() } })
    const user = renderPage('?settore=2')
    const card = await screen.findByRole('article', { name: 'Sara Verdi' })
    const sharing = within(card).getByRole('group', {
      name: 'Contatti da condividere',
    })
    await user.click(within(sharing).getByRole('checkbox', { name: 'La mia e-mail' }))
    await user.click(within(card).getByRole('button', { name: 'Chiedi di giocare insieme' }))
    await confirmIn(user, /Vuoi chiedere a Sara Verdi/, /Richiesta inviata/)
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/cerca-compagno/invio-richiesta' }),
      { id_annuncio: 301, condividi_email: true, condividi_telefono: false },
    )
  })

  it('a confirmed request shows what the other player shared, and writes to them through the portal', async () => {
    const confirmed: RichiestaInviata = {
      ...request({
        stato: 'confirmed',
        autore: person(OTHER, 'Sara', 'Verdi'),
        richiedente: person(ME, 'Mario', 'Rossi'),
        contatto: { email: 'sara.verdi@example.it', telefono: null },
      }),
      annuncio: listing({ stato: 'chiuso' }),
    }
    serve({ sent: [[confirmed]] })
    submit.mockResolvedValue({ status: 200, body: { result: confirmed } })
    const user = renderPage('?vista=richieste')
    const contact = await screen.findByRole('region', { name: 'Come contattare Sara Verdi' })
    expect(within(contact).getByRole('link', { name: 'sara.verdi@example.it' })).toHaveAttribute(
      'href',
      'mailto:sara.verdi@example.it',
    )
    expect(within(contact).queryByText(/Telefono/)).toBeNull()
    const send = within(contact).getByRole('button', { name: 'Invia il messaggio' })
    expect(send).toBeDisabled()
    await user.type(within(contact).getByLabelText('Messaggio per Sara Verdi'), ' Sabato alle 10? ')
    await user.click(within(contact).getByRole('button', { name: 'Invia il messaggio' }))
    await confirmIn(user, /Vuoi inviare il messaggio\? Sara Verdi lo riceve/, /Messaggio inviato/)
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'giocatori/cerca-compagno/messaggio' }),
      { id_richiesta: 901, testo: 'Sabato alle 10?' },
    )
    expect(within(contact).getByLabelText('Messaggio per Sara Verdi')).toHaveValue('')
  })

  it('without a shared contact, says so; the author reads the requester’s phone when shared', async () => {
    const none: RichiestaInviata = {
      ...request({
        stato: 'confirmed',
        autore: person(OTHER, 'Sara', 'Verdi'),
        richiedente: person(ME, 'Mario', 'Rossi'),
        contatto: { email: null, telefono: null },
      }),
      annuncio: listing({ stato: 'chiuso' }),
    }
    serve({ sent: [[none]] })
    renderPage('?vista=richieste')
    const contact = await screen.findByRole('region', { name: 'Come contattare Sara Verdi' })
    expect(
      within(contact).getByText('Sara Verdi non ha condiviso e-mail o telefono: scrivi dal portale.'),
    ).toBeVisible()
    expect(within(contact).getByLabelText('Messaggio per Sara Verdi')).toBeVisible()
  })

  it('the author of the listing reads the confirmed requester’s phone', async () => {
    const mine: AnnuncioMio = {
      ...listing({ autore: person(ME, 'Mario', 'Rossi'), stato: 'chiuso' }),
      richieste: [request({ stato: 'confirmed', contatto: { email: null, telefono: '333 123 4567' } })],
    }
    serve({ mine: [[mine]] })
    renderPage('?vista=miei')
    const contact = await screen.findByRole('region', { name: 'Come contattare Luca Neri' })
    expect(within(contact).getByRole('link', { name: '333 123 4567' })).toHaveAttribute(
      'href',
      'tel:3331234567',
    )
  })
})
