// The paths generated from the news-comments machine (machines/news-comments.ts), replayed on the comment form
// of both pages that show it through src/ui/Comments.tsx: the rendered /news-dettaglio/{id} page
// (src/features/news/NewsDetailPage.tsx) and the photos-and-comments section of the tournament detail
// (src/features/tornei/TorneoSections.tsx), each with its own endpoints. Writing a comment and «Pubblica
// commento» are what the user does; the server's answers settle the calls the page makes through the API client
// (the article, or the tournament's photos and comments, are loaded first, by the page-data machine). Each state
// is checked on what the user sees: the comments, the form (its text, button, the Italian error, «Commento
// pubblicato.»), where the focus is or, for who may not comment, the invitation to sign in.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, expect, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import type { Commento, NewsDetail } from '../../contract/news.ts'
import type { NewsCommentsContext, NewsCommentsInput } from '../../machines/news-comments.ts'
import NewsDetailPage from '../../src/features/news/NewsDetailPage.tsx'
import { FotoCommentiSection } from '../../src/features/tornei/TorneoSections.tsx'
import { utenteStore } from '../../src/stores/utente.ts'
import { type MachineModel, done, fail } from '../machines/coverage.ts'
import { SESSION_ENDED, expectedMessage } from '../machines/models/failures.ts'
import { newsCommentsModel } from '../machines/models/news-comments.model.ts'
import { ApiDoubles, describeReplays } from './replay.ts'

const api = vi.hoisted(() => ({ current: null as { call: (...args: never[]) => unknown } | null }))
vi.mock('../../src/api/client.ts', () => ({
  callApi: (...args: never[]) => api.current!.call(...args),
}))
// The invitation to sign in asks the session whether signing in is possible now.
vi.mock('../../src/app/session.ts', () => ({
  sessionActor: {
    getSnapshot: () => ({ can: () => true }),
    subscribe: () => ({ unsubscribe: () => {} }),
  },
  signIn: vi.fn<(returnTo: string) => void>(),
}))

afterEach(() => utenteStore.trigger.reset())

const TEXT = 'Complimenti!'
/** What the user types: the page sends it trimmed. */
const TYPED = `  ${TEXT}  `
const COMMENT: Commento = { id: 2, autore: 'Mario Rossi', testo: TEXT, creato_il: '2026-03-12T10:00:00Z' }

/** The article the page loads, with what the scenario says about its comments. */
const articleOf = ({ id_news, puo_commentare, commenti }: NewsCommentsInput): NewsDetail => ({
  id: id_news,
  titolo: 'Campionati italiani',
  slug: 'campionati-italiani',
  sommario: 'Si gioca a Roma dal 3 al 7 giugno.',
  immagine: null,
  immagine_alt: null,
  tipologia_news: 'eventi',
  tipologia: 'Eventi',
  disciplina: 'federazione',
  id_settore: null,
  in_evidenza: false,
  pubblicata_il: '2026-03-10T09:00:00Z',
  corpo: '<p>Il programma completo.</p>',
  video: [],
  commenti,
  puo_commentare,
})

/** A page that shows the comments: how it is rendered and loaded, and the calls it makes. */
interface CommentsPage {
  /** Renders the page for the scenario; its data then comes through the `load` call. */
  render: (scenario: NewsCommentsInput) => void
  load: {
    path: string
    body: (scenario: NewsCommentsInput) => unknown
    output: (scenario: NewsCommentsInput) => unknown
  }
  /** The call that sends a comment: its path and the body for the scenario's page and the text. */
  send: { path: string; body: (scenario: NewsCommentsInput, testo: string) => unknown }
  /** The heading the comments stand under: the article's title, or the tournament's section. */
  heading: { level: number; text: string }
}

const newsPage: CommentsPage = {
  render: (scenario) => {
    const router = createMemoryRouter([{ path: '/news-dettaglio/:id', element: <NewsDetailPage /> }], {
      initialEntries: [`/news-dettaglio/${scenario.id_news}`],
    })
    render(<RouterProvider router={router} />)
  },
  load: { path: endpoints.newsView.path, body: (s) => ({ id: s.id_news }), output: articleOf },
  send: { path: endpoints.newsCommentoAdd.path, body: (s, testo) => ({ id_news: s.id_news, testo }) },
  heading: { level: 1, text: 'Campionati italiani' },
}

/** The tournament's comments: the machine's `id_news` carries the tournament's id. */
const torneoPage: CommentsPage = {
  render: (scenario) =>
    render(
      <MemoryRouter initialEntries={[`/tornei/${scenario.id_news}`]}>
        <FotoCommentiSection id={scenario.id_news} />
      </MemoryRouter>,
    ),
  load: {
    path: endpoints.torneoFotoCommenti.path,
    body: (s) => ({ id_torneo: s.id_news }),
    output: (s) => ({ foto: [], commenti: s.commenti, puo_commentare: s.puo_commentare }),
  },
  send: { path: endpoints.torneoCommentoAdd.path, body: (s, testo) => ({ id_torneo: s.id_news, testo }) },
  heading: { level: 2, text: 'Foto e commenti' },
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsCommentsContext

/**
 * What the form lets a user do and how the server answers. One comment accepted is enough to take every
 * transition and keeps the model finite (every comment accepted adds one to the list).
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot)
  const events: AnyEventObject[] = []
  if (c.commentsSent === 0) events.push({ type: 'comment.send', testo: TEXT })
  if (snapshot.matches('sending')) {
    events.push(done('sendComment', COMMENT), fail('sendComment', SESSION_ENDED))
  }
  return events
}

const viewModel: MachineModel = {
  machine: newsCommentsModel.machine,
  // What the page shows: the state, the comments, the last send's error, a comment accepted.
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      comments: c.commenti.length,
      commentError: c.commentError,
      sent: c.commentsSent > 0,
    }
  },
  scenarios: newsCommentsModel.scenarios.map((scenario) => ({ ...scenario, events: pageEvents })),
}

function pageDriver(page: CommentsPage) {
  let user: UserEvent
  const doubles = new ApiDoubles()
  let last: AnyEventObject | null = null
  let scenario: NewsCommentsInput

  return {
    start: async (input: unknown) => {
      scenario = input as NewsCommentsInput
      api.current = doubles
      utenteStore.trigger.synced({
        state: {
          token: 'eyJ.test.token',
          login: { privacy: 1, profilation: 0, dati_incompleti: 0, tessera_associata: 0, user_id: 'u1' },
          details: null,
          detailsStatus: null,
        },
      })
      user = userEvent.setup()
      page.render(scenario)
      // The page's data first (page-data machine): its comments and whether the user may comment.
      await waitFor(() => expect(doubles.waiting(page.load.path)).toEqual([page.load.body(scenario)]))
      await act(async () => doubles.settle(page.load.path, { output: page.load.output(scenario) }))
    },
    act: async (event: AnyEventObject) => {
      last = event
      switch (event.type) {
        case 'comment.send': {
          const field = screen.getByRole('textbox', { name: 'Il tuo commento' })
          await user.clear(field)
          await user.type(field, TYPED)
          return user.click(screen.getByRole('button', { name: 'Pubblica commento' }))
        }
        case 'xstate.done.actor.sendComment':
          return act(async () => doubles.settle(page.send.path, { output: event.output }))
        case 'xstate.error.actor.sendComment':
          return act(async () => doubles.settle(page.send.path, { error: event.error }))
        default:
          throw new Error(`evento senza azione sulla pagina: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      await waitFor(() => expect(whatTheUserSees(page)).toEqual(expectedView(page, expected, last)))
      // While sending, one request is out: the comment trimmed, for this article or tournament.
      const sending = expected.matches('sending')
      expect(doubles.waiting(page.send.path)).toEqual(sending ? [page.send.body(scenario, TEXT)] : [])
    },
  }
}

/** The comments part of the page as the user perceives it. */
function whatTheUserSees(page: CommentsPage) {
  const comments = screen.getByRole('region', { name: /^Commenti/ })
  const form = comments.querySelector('form')
  const field = form
    ? (within(form).getByRole('textbox', { name: 'Il tuo commento' }) as HTMLTextAreaElement)
    : null
  const button = form ? (within(form).getByRole('button') as HTMLButtonElement) : null
  return {
    heading: screen.getByRole('heading', { level: page.heading.level }).textContent,
    title: within(comments).getByRole('heading').textContent,
    list: within(comments)
      .queryAllByRole('listitem')
      .map((item) => [
        item.querySelector('strong')?.textContent,
        item.querySelector('.comment-text')?.textContent,
      ]),
    empty: within(comments).queryByText(/^Nessun commento per ora/)?.textContent ?? null,
    form: form
      ? {
          text: field!.value,
          invalid: field!.getAttribute('aria-invalid') === 'true',
          error: within(form).queryByRole('alert')?.textContent ?? null,
          published: within(form).queryByRole('status')?.textContent ?? null,
          button: { text: button!.textContent, disabled: button!.disabled },
        }
      : null,
    signIn: within(comments).queryByRole('button', { name: 'Accedi per commentare' }) !== null,
    // Which comment has the focus (the next Tab starts from there).
    focused: document.activeElement?.matches('.comment')
      ? (document.activeElement.querySelector('.comment-text')?.textContent ?? null)
      : null,
  }
}

/** What the page must show for a state of the machine (spec §4 News, §8 for the error). */
function expectedView(page: CommentsPage, snapshot: AnyMachineSnapshot, last: AnyEventObject | null) {
  const c = ctx(snapshot)
  const sending = snapshot.matches('sending')
  // The text stays in the form while it is sent and after a failed send; an accepted comment clears it.
  const text = sending || last?.type === 'xstate.error.actor.sendComment' ? TYPED : ''
  return {
    heading: page.heading.text,
    title: c.commenti.length > 0 ? `Commenti (${c.commenti.length})` : 'Commenti ',
    list: c.commenti.map((comment) => [comment.autore, comment.testo]),
    empty:
      c.commenti.length > 0 ? null : `Nessun commento per ora${c.mayComment ? ': scrivi tu il primo.' : '.'}`,
    form: c.mayComment
      ? {
          text,
          invalid: c.commentError !== null,
          error: c.commentError === null ? null : expectedMessage(SESSION_ENDED),
          published: c.commentsSent > 0 ? 'Commento pubblicato.' : null,
          button: { text: sending ? 'Invio…' : 'Pubblica commento', disabled: sending || text === '' },
        }
      : null,
    signIn: !c.mayComment,
    // A comment accepted: the focus is on it, the last of the list, not lost with the form that starts over.
    focused: last?.type === 'xstate.done.actor.sendComment' ? (c.commenti.at(-1)?.testo ?? null) : null,
  }
}

describeReplays('news comment form: the generated paths replayed on /news-dettaglio', viewModel, () =>
  pageDriver(newsPage),
)
// The same section on the tournament detail, with its own endpoints: the focus follows the comment there too.
describeReplays(
  'tournament comment form: the generated paths replayed on the tournament detail',
  viewModel,
  () => pageDriver(torneoPage),
)
