// /news/add-news as an editor uses it: what is required is marked, «Pubblica» stays enabled and says what is
// missing next to each field (lengths from the contract), the draft is sent trimmed, and leaving with unsaved
// text asks first.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { NEWS_MIN_LENGTHS } from '../../contract/news.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import NewsAddPage from '../../src/features/news/NewsAddPage.tsx'
import { resetUserStores, signInWithTennis } from '../support/utente.ts'

vi.mock('../../src/api/client.ts', () => ({ callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>() }))
vi.mock('../../src/app/session.ts', () => ({
  sessionActor: { getSnapshot: () => ({ can: () => false }), subscribe: () => ({ unsubscribe() {} }) },
  signIn: vi.fn<() => void>(),
}))

const { callApi } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)

const TIPOLOGIE = [
  { codice: 'comunicati', nome: 'Comunicati' },
  { codice: 'eventi', nome: 'Eventi' },
]
const BODY = 'Sabato le semifinali sui campi centrali, domenica le finali con ingresso libero.'
let publish: (body: unknown) => Promise<unknown>

beforeEach(() => {
  publish = async (body) => ({
    result: { id: 7, titolo: (body as { titolo: string }).titolo, slug: 'x', disciplina: 'tennis' },
  })
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint.path === 'news/redazione/get')
      return { result: { puo_pubblicare: true, messaggio: null } } as never
    if (endpoint.path === 'news/tipologie/get') return { result: TIPOLOGIE } as never
    if (endpoint.path === 'news/news/add') return publish(body) as never
    throw new Error(`unexpected call ${endpoint.path}`)
  })
  signInWithTennis()
})

afterEach(() => {
  vi.clearAllMocks()
  resetUserStores()
})

async function renderEditor() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/news">Tutte le news (menu)</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/news/add-news', element: <NewsAddPage /> },
          { path: '/news', element: <h1>Elenco news</h1> },
        ],
      },
    ],
    { initialEntries: ['/news/add-news'] },
  )
  render(<RouterProvider router={router} />)
  await screen.findByRole('textbox', { name: 'Titolo' })
  return { user: userEvent.setup(), router }
}

/** A field by its accessible name (the required mark is hidden from it). */
const field = (name: string) => screen.getByRole(name === 'Tipologia' ? 'combobox' : 'textbox', { name })

/** The texts of the errors a control names in aria-describedby. */
const describedErrors = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-errore'))
    .map((id) => document.getElementById(id)?.textContent)

describe('/news/add-news', { timeout: 20_000 }, () => {
  it('marks the required fields and explains who sees the news', async () => {
    await renderEditor()
    for (const name of ['Titolo', 'Sommario', 'Tipologia', 'Testo'])
      expect(field(name)).toHaveAttribute('aria-required', 'true')
    expect(screen.getByText(/sono obbligatori\./)).toBeInTheDocument()
    expect(screen.getByLabelText('Solo Tennis')).toHaveAccessibleDescription(
      'Compare solo a chi segue Tennis.',
    )
    expect(screen.getByLabelText('Tutto il Tennis')).toHaveAccessibleDescription(
      'Compare in tutti i settori del Tennis: Tennis, Junior, Wheelchair.',
    )
    expect(field('Titolo')).toHaveAccessibleDescription('Da 10 a 160 caratteri: ne hai scritti 0.')
  })

  it('keeps «Pubblica» enabled and says, next to each field, what is missing', async () => {
    const { user } = await renderEditor()
    const button = screen.getByRole('button', { name: 'Pubblica' })
    expect(button).toBeEnabled()
    await user.click(button)
    const summary = screen.getByRole('region', { name: 'Correggi i dati indicati' })
    expect(summary).toHaveFocus()
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Titolo: Scrivi il titolo.', 'Sommario: Scrivi il sommario.', 'Testo: Scrivi il testo.'])
    expect(describedErrors(field('Titolo'))).toEqual(['Scrivi il titolo.'])
    expect(field('Titolo')).toHaveAttribute('aria-invalid', 'true')
    expect(describedErrors(field('Testo'))).toEqual(['Scrivi il testo.'])
    expect(api.mock.calls.some(([endpoint]) => endpoint.path === 'news/news/add')).toBe(false)

    // Errors follow the fields once shown; a link of the summary takes the focus to its field.
    await user.type(field('Titolo'), 'Finale regionale under 16')
    expect(field('Titolo')).not.toHaveAttribute('aria-invalid')
    await user.click(within(summary).getByRole('link', { name: /^Testo/ }))
    expect(field('Testo')).toHaveFocus()
  })

  it('refuses texts shorter than the contract wants, counting the trimmed text', async () => {
    const { user } = await renderEditor()
    await user.type(field('Titolo'), 'Finale')
    await user.type(field('Sommario'), 'Due giorni di gare al circolo.')
    await user.type(field('Testo'), '  x  ')
    await user.click(screen.getByRole('button', { name: 'Pubblica' }))
    expect(describedErrors(field('Titolo'))).toEqual([
      `Il titolo deve avere almeno ${NEWS_MIN_LENGTHS.titolo} caratteri: ne hai scritti 6, ne mancano 4.`,
    ])
    expect(describedErrors(field('Testo'))).toEqual([
      `Il testo deve avere almeno ${NEWS_MIN_LENGTHS.corpo} caratteri: ne hai scritti 1, ne mancano ${NEWS_MIN_LENGTHS.corpo - 1}.`,
    ])
    expect(describedErrors(field('Sommario'))).toEqual([])
    expect(api.mock.calls.some(([endpoint]) => endpoint.path === 'news/news/add')).toBe(false)
  })

  it('publishes the trimmed draft, and shows the server refusal as it is', async () => {
    publish = async () => {
      throw new ServerFailure({
        status: 400,
        message: 'Richiesta non valida: la tipologia «eventi» non esiste.',
      })
    }
    const { user } = await renderEditor()
    await user.type(field('Titolo'), '  Finale regionale under 16 ')
    await user.type(field('Sommario'), 'Due giorni di gare al circolo.')
    await user.selectOptions(field('Tipologia'), 'Eventi')
    await user.click(screen.getByLabelText('Tutto il Tennis'))
    await user.click(field('Testo'))
    await user.paste(BODY)
    await user.click(screen.getByRole('button', { name: 'Pubblica' }))
    const summary = await screen.findByRole('region', { name: 'Salvataggio non riuscito' })
    expect(summary).toHaveTextContent('Richiesta non valida: la tipologia «eventi» non esiste.')
    await waitFor(() => expect(summary).toHaveFocus())
    const sent = api.mock.calls.find(([endpoint]) => endpoint.path === 'news/news/add')![1]
    expect(sent).toEqual({
      titolo: 'Finale regionale under 16',
      sommario: 'Due giorni di gare al circolo.',
      corpo: BODY,
      tipologia_news: 'eventi',
      ambito: 'disciplina',
      id_settore: 1,
    })

    publish = async (body) => ({
      result: { id: 7, titolo: (body as { titolo: string }).titolo, slug: 'x', disciplina: 'tennis' },
    })
    await user.click(screen.getByRole('button', { name: 'Pubblica' }))
    expect(await screen.findByText('News pubblicata.')).toBeInTheDocument()
  })

  it('asks before leaving with unsaved text; staying keeps it, leaving loses it', async () => {
    const { user, router } = await renderEditor()
    // Nothing written: no question.
    await user.click(screen.getByRole('link', { name: 'Tutte le news (menu)' }))
    expect(await screen.findByRole('heading', { name: 'Elenco news' })).toBeInTheDocument()
    await act(() => router.navigate('/news/add-news'))

    await user.type(await screen.findByRole('textbox', { name: 'Titolo' }), 'Una bozza')
    await user.click(screen.getByRole('link', { name: 'Tutte le news (menu)' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Uscire senza salvare?' })
    expect(dialog).toHaveTextContent('La news che stai scrivendo andrà persa se esci da questa pagina.')
    await user.click(within(dialog).getByRole('button', { name: 'Resta sulla pagina' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/news/add-news')
    expect(field('Titolo')).toHaveValue('Una bozza')

    // The tab's own warning while there is text.
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    await user.click(screen.getByRole('link', { name: 'Tutte le news (menu)' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Esci e perdi le modifiche',
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Elenco news' })).toBeInTheDocument()
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
  })
})
