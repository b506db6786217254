// The paths generated from the news-comments machine (machines/news-comments.ts), replayed on the comment form
// of the rendered /news-dettaglio/{id} page (src/features/news/NewsDetailPage.tsx): writing a comment and
// «Pubblica commento» are what the user does; the server's answers settle the calls the page makes through
// the API client (the article is loaded first, by the page-data machine). Each state is checked on what the
// user sees: the comments, the form (its text, button, the Italian error, «Commento pubblicato.») or, for who
// may not comment, the invitation to sign in.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, expect, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import type { Commento, NewsDetail } from '../../contract/news.ts'
import type { NewsCommentsContext, NewsCommentsInput } from '../../machines/news-comments.ts'
import NewsDetailPage from '../../src/features/news/NewsDetailPage.tsx'
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

const VIEW = endpoints.newsView.path
const COMMENT_ADD = endpoints.newsCommentoAdd.path
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

function pageDriver() {
  let user: UserEvent
  const doubles = new ApiDoubles()
  let last: AnyEventObject | null = null

  return {
    start: async (input: unknown) => {
      const scenario = input as NewsCommentsInput
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
      const router = createMemoryRouter([{ path: '/news-dettaglio/:id', element: <NewsDetailPage /> }], {
        initialEntries: [`/news-dettaglio/${scenario.id_news}`],
      })
      render(<RouterProvider router={router} />)
      // The article first (page-data machine): its comments and whether the user may comment.
      await waitFor(() => expect(doubles.waiting(VIEW)).toEqual([{ id: scenario.id_news }]))
      await act(async () => doubles.settle(VIEW, { output: articleOf(scenario) }))
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
          return act(async () => doubles.settle(COMMENT_ADD, { output: event.output }))
        case 'xstate.error.actor.sendComment':
          return act(async () => doubles.settle(COMMENT_ADD, { error: event.error }))
        default:
          throw new Error(`evento senza azione sulla pagina: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      await waitFor(() => expect(whatTheUserSees()).toEqual(expectedView(expected, last)))
      // While sending, one request is out: the comment trimmed, for this article.
      const sending = expected.matches('sending')
      expect(doubles.waiting(COMMENT_ADD)).toEqual(sending ? [{ id_news: 12, testo: TEXT }] : [])
    },
  }
}

/** The comments part of the page as the user perceives it. */
function whatTheUserSees() {
  const comments = screen.getByRole('region', { name: /^Commenti/ })
  const form = comments.querySelector('form')
  const field = form
    ? (within(form).getByRole('textbox', { name: 'Il tuo commento' }) as HTMLTextAreaElement)
    : null
  const button = form ? (within(form).getByRole('button') as HTMLButtonElement) : null
  return {
    heading: screen.getByRole('heading', { level: 1 }).textContent,
    title: within(comments).getByRole('heading').textContent,
    list: within(comments)
      .queryAllByRole('listitem')
      .map((item) => [
        item.querySelector('strong')?.textContent,
        item.querySelector('.news-comment-text')?.textContent,
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
    focused: document.activeElement?.matches('.news-comment')
      ? (document.activeElement.querySelector('.news-comment-text')?.textContent ?? null)
      : null,
  }
}

/** What the page must show for a state of the machine (spec §4 News, §8 for the error). */
function expectedView(snapshot: AnyMachineSnapshot, last: AnyEventObject | null) {
  const c = ctx(snapshot)
  const sending = snapshot.matches('sending')
  // The text stays in the form while it is sent and after a failed send; an accepted comment clears it.
  const text = sending || last?.type === 'xstate.error.actor.sendComment' ? TYPED : ''
  return {
    heading: 'Campionati italiani',
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

describeReplays('news comment form: the generated paths replayed on /news-dettaglio', viewModel, pageDriver)
