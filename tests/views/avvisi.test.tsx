// The player's notices as the player meets them (issue 19, item 7): a count on the account button, with an
// accessible name that says it, until seen; the list on the home, each notice a link to what it is about;
// opening one takes it off the list and the count at once and marks it seen on the server.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Avviso } from '../../contract/avvisi.ts'
import { callApi } from '../../src/api/client.ts'
import { avvisiActor } from '../../src/app/avvisi.ts'
import UserMenu from '../../src/app/layouts/UserMenu.tsx'
import HomeAvvisi from '../../src/features/home/HomeAvvisi.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({ signOut: vi.fn<() => void>() }))

const api = vi.mocked(callApi)

const notice = (over: Partial<Avviso>): Avviso => ({
  id_avviso: 1,
  ambito: 'torneo',
  id_riferimento: 7,
  testo: 'Luca Bianchi ti ha invitato come compagno al torneo «Torneo di primavera».',
  creato_il: new Date().toISOString(),
  ...over,
})
const INVITATION = notice({ id_avviso: 31 })
const CHALLENGE = notice({
  id_avviso: 32,
  ambito: 'sfida',
  id_riferimento: 90,
  testo: 'Sara Verdi ti ha invitato a una sfida: rispondi entro 7 giorni.',
})
const REQUEST = notice({
  id_avviso: 33,
  ambito: 'annuncio',
  id_riferimento: 12,
  testo: 'Marco Blu vorrebbe giocare con te: ha risposto al tuo annuncio di Padel.',
})

/** The server: the unseen notices, and what is left once some are marked seen. */
function serve(unseen: Avviso[]) {
  let left = [...unseen]
  api.mockImplementation(async (endpoint: unknown, body: unknown) => {
    const path = (endpoint as { path: string }).path
    if (path === 'avvisi/list') return { results: left, record: left.length }
    if (path === 'avvisi/letti') {
      const ids = (body as { id_avvisi: number[] }).id_avvisi
      left = left.filter((a) => !ids.includes(a.id_avviso))
      return { results: left, record: left.length }
    }
    throw new Error(`chiamata inattesa ${path}`)
  })
}

function renderSignedIn() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <header>
        <UserMenu name="Mario Rossi" />
      </header>
      <main>
        <HomeAvvisi />
      </main>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  avvisiActor.send({ type: 'avvisi.clear' })
  api.mockReset()
})

describe('the player’s notices', () => {
  it('count on the account button, said in its accessible name, and listed on the home as links', async () => {
    serve([REQUEST, CHALLENGE, INVITATION])
    renderSignedIn()
    const account = await screen.findByRole('button', {
      name: 'MR: il tuo profilo, Mario Rossi, 3 avvisi non letti',
    })
    // The count is drawn beside the initials, for the eye only: the name says it.
    expect(account).toHaveTextContent(/^MR$/)
    expect(account.parentElement!.querySelector('.account-badge')).toHaveTextContent('3')
    const home = screen.getByRole('region', { name: /I tuoi avvisi/ })
    expect(home).toHaveTextContent('3 da leggere')
    expect(within(home).getByRole('link', { name: INVITATION.testo })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo/7#torneo-iscrizione',
    )
    expect(within(home).getByRole('link', { name: CHALLENGE.testo })).toHaveAttribute('href', '/sfide/90')
    expect(within(home).getByRole('link', { name: REQUEST.testo })).toHaveAttribute(
      'href',
      '/giocatori/cerca-compagno?vista=miei',
    )
  })

  it('a captain’s notice opens the tie on the captain’s page of its tournament', async () => {
    const tie = notice({
      id_avviso: 34,
      ambito: 'incontro',
      id_riferimento: 501,
      id_torneo: 42,
      testo:
        'Casa – Ospiti (giornata 1): il risultato inserito è Casa 2 – 1 Ospiti. Confermalo o contestalo.',
    })
    serve([tie])
    renderSignedIn()
    const home = await screen.findByRole('region', { name: /I tuoi avvisi/ })
    expect(within(home).getByRole('link', { name: tie.testo })).toHaveAttribute(
      'href',
      '/tornei/dettaglio-torneo-campionato-capitano/42?incontro=501',
    )
  })

  it('the federation’s notice of a contest opens the page of contested ties', async () => {
    const contest = notice({
      id_avviso: 35,
      ambito: 'contestazione',
      id_riferimento: 501,
      testo: 'Casa – Ospiti (giornata 1): il capitano ospite ha contestato il risultato. Decidi se vale.',
    })
    serve([contest])
    renderSignedIn()
    const home = await screen.findByRole('region', { name: /I tuoi avvisi/ })
    expect(within(home).getByRole('link', { name: contest.testo })).toHaveAttribute(
      'href',
      '/tornei/incontri-contestati',
    )
  })

  it('opening one takes it off the home and the count at once, and marks it seen', async () => {
    const user = userEvent.setup()
    serve([CHALLENGE, INVITATION])
    renderSignedIn()
    await user.click(await screen.findByRole('link', { name: INVITATION.testo }))
    expect(
      screen.getByRole('button', { name: 'MR: il tuo profilo, Mario Rossi, 1 avviso non letto' }),
    ).toBeVisible()
    expect(screen.queryByRole('link', { name: INVITATION.testo })).toBeNull()
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        expect.objectContaining({ path: 'avvisi/letti' }),
        { id_avvisi: [31] },
        expect.anything(),
      ),
    )
    expect(screen.getByRole('link', { name: CHALLENGE.testo })).toBeVisible()
  })

  it('all marked seen: no count, no list', async () => {
    const user = userEvent.setup()
    serve([CHALLENGE, INVITATION])
    renderSignedIn()
    await user.click(await screen.findByRole('button', { name: 'Segna tutti come letti' }))
    const account = await screen.findByRole('button', { name: 'MR: il tuo profilo, Mario Rossi' })
    expect(account.parentElement!.querySelector('.account-badge')).toBeNull()
    expect(screen.queryByRole('region', { name: /I tuoi avvisi/ })).toBeNull()
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'avvisi/letti' }),
      { id_avvisi: [32, 31] },
      expect.anything(),
    )
  })

  it('the menu leads to them; nothing shows without notices', async () => {
    const user = userEvent.setup()
    serve([INVITATION])
    const { unmount } = renderSignedIn()
    await user.click(await screen.findByRole('button', { name: /1 avviso non letto/ }))
    expect(await screen.findByRole('menuitem', { name: '1 avviso non letto' })).toHaveAttribute(
      'href',
      '/home#avvisi',
    )
    unmount()
    // Signed out: the notices go with the user.
    expect(avvisiActor.getSnapshot().context.totale).toBe(0)

    serve([])
    renderSignedIn()
    expect(await screen.findByRole('button', { name: 'MR: il tuo profilo, Mario Rossi' })).toBeVisible()
    await waitFor(() => expect(avvisiActor.getSnapshot().matches('ready')).toBe(true))
    expect(screen.queryByRole('region', { name: /I tuoi avvisi/ })).toBeNull()
  })
})
