// The paths generated from the news-detail machine (machines/news-detail.ts), replayed on the rendered
// /news-dettaglio/{id} page (src/features/news/NewsDetailPage.tsx) with its comment form: writing a comment
// and «Pubblica commento», «Riprova» are what the user does; signing in or out (a new token) is what makes the
// page load the article again; the server's answers settle the calls the page makes through the API client.
// Each state is checked on what the user sees: the loader, the error with «Riprova», the missing article, the
// article with its comments, the form (its text, button, the Italian error, «Commento pubblicato.») or the
// invitation to sign in.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { type Commento, NEWS_NOT_FOUND, type NewsDetail } from '../../contract/news.ts'
import type { NewsDetailContext } from '../../machines/news-detail.ts'
import NewsDetailPage from '../../src/features/news/NewsDetailPage.tsx'
import { utenteStore } from '../../src/stores/utente.ts'
import { type MachineModel, coverageOf, done, fail, planPaths, runPath } from '../machines/coverage.ts'
import { NOT_FOUND, SERVER_FAILURE, SESSION_ENDED, expectedMessage } from '../machines/models/failures.ts'
import { newsDetailModel } from '../machines/models/news-detail.model.ts'
import { ApiDoubles, replayOnView } from './replay.ts'

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
const COMMENT: Commento = { id: 1, autore: 'Mario R.', testo: TEXT, creato_il: '2026-03-12T10:00:00Z' }
// puo_commentare first, so that the two answers read apart in the paths' titles.
const article = (puo_commentare: boolean): NewsDetail => ({
  puo_commentare,
  id: 12,
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
  commenti: [],
})

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsDetailContext

/**
 * What the page lets a user do, what the application does (a new token reloads the article), and how the
 * server answers. One comment per loaded article is enough to take every transition and keeps the model
 * finite (every comment accepted adds one to the list).
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot)
  const events: AnyEventObject[] = [{ type: 'news.reload' }, { type: 'news.retry' }]
  if (c.article?.commenti.length === 0) events.push({ type: 'comment.send', testo: TEXT })
  if (snapshot.matches('loading')) {
    events.push(
      done('loadArticle', article(true)),
      done('loadArticle', article(false)),
      fail('loadArticle', SERVER_FAILURE),
      fail('loadArticle', NOT_FOUND),
    )
  }
  if (snapshot.matches({ ready: 'sending' })) {
    events.push(done('sendComment', COMMENT), fail('sendComment', SESSION_ENDED))
  }
  return events
}

const viewModel: MachineModel = {
  machine: newsDetailModel.machine,
  // What the page shows: the state, who may comment, the comments, the last send's error, a comment accepted.
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      mayComment: c.article?.puo_commentare ?? null,
      comments: c.article?.commenti.length ?? null,
      commentError: c.commentError,
      sent: c.commentsSent > 0,
    }
  },
  scenarios: newsDetailModel.scenarios.map((scenario) => ({ ...scenario, events: pageEvents })),
}

function signedIn(token: string) {
  utenteStore.trigger.synced({
    state: {
      token,
      tokenExpiresAt: null,
      login: { privacy: 1, profilation: 0, dati_incompleti: 0, tessera_associata: 0, user_id: 'u1' },
      details: null,
      detailsStatus: null,
    },
  })
}

function pageDriver() {
  let user: UserEvent
  const doubles = new ApiDoubles()
  let tokens = 0
  let last: AnyEventObject | null = null

  return {
    start: (input: unknown) => {
      const { key } = input as { key: { id: number } }
      api.current = doubles
      signedIn(`eyJ.token.${tokens}`)
      user = userEvent.setup()
      const router = createMemoryRouter([{ path: '/news-dettaglio/:id', element: <NewsDetailPage /> }], {
        initialEntries: [`/news-dettaglio/${key.id}`],
      })
      render(<RouterProvider router={router} />)
    },
    act: async (event: AnyEventObject) => {
      last = event
      switch (event.type) {
        case 'news.reload':
          // Signing in or out gives a new token: who may comment changes, the page loads the article again.
          tokens += 1
          return act(() => signedIn(`eyJ.token.${tokens}`))
        case 'news.retry':
          return user.click(screen.getByRole('button', { name: 'Riprova' }))
        case 'comment.send': {
          const field = screen.getByRole('textbox', { name: 'Il tuo commento' })
          await user.clear(field)
          await user.type(field, TYPED)
          return user.click(screen.getByRole('button', { name: 'Pubblica commento' }))
        }
        case 'xstate.done.actor.loadArticle':
        case 'xstate.error.actor.loadArticle':
          return act(async () => doubles.settle(VIEW, outcomeOf(event)))
        case 'xstate.done.actor.sendComment':
        case 'xstate.error.actor.sendComment':
          return act(async () => doubles.settle(COMMENT_ADD, outcomeOf(event)))
        default:
          throw new Error(`evento senza azione sulla pagina: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      await waitFor(() => expect(whatTheUserSees()).toEqual(expectedView(expected, last)))
      // What the page asks the server: the article by its key; while sending, the comment trimmed.
      const sending = expected.matches({ ready: 'sending' })
      expect({
        article: doubles.calls.findLast((call) => call.path === VIEW)?.body,
        comment: sending ? doubles.waiting(COMMENT_ADD).at(-1) : null,
      }).toEqual({ article: { id: 12 }, comment: sending ? { id_news: 12, testo: TEXT } : null })
    },
  }
}

const outcomeOf = (event: AnyEventObject) =>
  'output' in event ? { output: event.output } : { error: event.error }

/** The page as the user perceives it. */
function whatTheUserSees() {
  const heading = screen.getByRole('heading', { level: 1 }).textContent
  const comments = screen.queryByRole('region', { name: /^Commenti/ })
  if (!comments) {
    const alert = screen.queryByRole('alert')
    return {
      heading,
      loading: screen.queryByText('Caricamento della news…') !== null,
      error: alert
        ? {
            text: alert.querySelector('p')?.textContent,
            retry: within(alert).queryByRole('button')?.textContent,
          }
        : null,
      missing: screen.queryByText(/La news che cerchi non esiste/) !== null,
    }
  }
  const form = comments.querySelector('form')
  const field = form
    ? (within(form).getByRole('textbox', { name: 'Il tuo commento' }) as HTMLTextAreaElement)
    : null
  const button = form ? (within(form).getByRole('button') as HTMLButtonElement) : null
  return {
    heading,
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
  }
}

/** What the page must show for a state of the machine (spec §4 News, §8 for the errors). */
function expectedView(snapshot: AnyMachineSnapshot, last: AnyEventObject | null) {
  const c = ctx(snapshot)
  if (snapshot.matches('missing'))
    return { heading: NEWS_NOT_FOUND, loading: false, error: null, missing: true }
  if (snapshot.matches('loading') || snapshot.matches('failed')) {
    const failed = snapshot.matches('failed')
    return {
      heading: 'News',
      loading: !failed,
      error: failed ? { text: expectedMessage(SERVER_FAILURE), retry: 'Riprova' } : null,
      missing: false,
    }
  }
  const { commenti, puo_commentare } = c.article!
  const sending = snapshot.matches({ ready: 'sending' })
  // The text stays in the form while it is sent and after a failed send; an accepted comment clears it.
  const text = sending || last?.type === 'xstate.error.actor.sendComment' ? TYPED : ''
  return {
    heading: 'Campionati italiani',
    title: commenti.length > 0 ? `Commenti (${commenti.length})` : 'Commenti ',
    list: commenti.map((comment) => [comment.autore, comment.testo]),
    empty:
      commenti.length > 0 ? null : `Nessun commento per ora${puo_commentare ? ': scrivi tu il primo.' : '.'}`,
    form: puo_commentare
      ? {
          text,
          invalid: c.commentError !== null,
          error: c.commentError === null ? null : expectedMessage(SESSION_ENDED),
          published: c.commentsSent > 0 ? 'Commento pubblicato.' : null,
          button: { text: sending ? 'Invio…' : 'Pubblica commento', disabled: sending || text === '' },
        }
      : null,
    signIn: !puo_commentare,
  }
}

describe('news comment form: the generated paths replayed on /news-dettaglio', () => {
  const planned = planPaths(viewModel)

  it('plans paths that take every transition and reach every state of the machine', async () => {
    const executed = await Promise.all(planned.map((path) => runPath(viewModel, path)))
    const coverage = coverageOf(viewModel.machine, executed)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing.map((t) => t.key)).toEqual([])
  })

  for (const path of planned) {
    // oxlint-disable-next-line vitest/valid-title -- the titles are the generated paths' descriptions
    it(path.description, async () => {
      expect.hasAssertions()
      await replayOnView(viewModel, path, pageDriver())
    })
  }
})
