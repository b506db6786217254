// Model of one news: loaded by its key, «Riprova» after a failure, a 404 shown as missing, comments sent only
// where the article allows them.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { NewsDetail } from '../../../contract/news.ts'
import { type NewsDetailContext, newsDetailMachine } from '../../../machines/news-detail.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NOT_FOUND, SERVER_FAILURE, SESSION_ENDED, expectedMessage, failureOf } from './failures.ts'

const KEY = { id: 12 }
const article = (puo_commentare: boolean) =>
  ({ id: 12, titolo: 'Campionati italiani', commenti: [], puo_commentare }) as unknown as NewsDetail
const COMMENT = { id: 1, autore: 'Mario Rossi', testo: 'Complimenti!' }

function detailEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'news.reload' },
    { type: 'news.retry' },
    { type: 'comment.send', testo: 'Complimenti!' },
  ]
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

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsDetailContext

function checkDetail({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('loading'), after.matches('loading'))
  assert.equal(after.hasTag('sending'), after.matches({ ready: 'sending' }))
  if (after.matches({ ready: 'idle' })) {
    assert.equal(after.can({ type: 'comment.send', testo: 'x' }), now.article?.puo_commentare === true)
  }
  if (!before) {
    assert.deepEqual(doubles.lastInput('loadArticle'), KEY)
    return
  }
  const was = ctx(before)
  if (event.type === 'xstate.error.actor.loadArticle') {
    const status = (failureOf(event) as { status?: number }).status
    assert.ok(after.matches(status === 404 ? 'missing' : 'failed'))
    if (status !== 404) assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'news.retry' || event.type === 'news.reload') {
    assert.ok(after.matches('loading'))
    assert.deepEqual(doubles.lastInput('loadArticle'), KEY)
  }
  if (event.type === 'comment.send') {
    assert.deepEqual(doubles.lastInput('sendComment'), { id_news: 12, testo: 'Complimenti!' })
    assert.equal(now.commentError, null)
  }
  if (event.type === 'xstate.done.actor.sendComment') {
    assert.deepEqual(now.article?.commenti, [...(was.article?.commenti ?? []), COMMENT])
    assert.equal(now.commentsSent, was.commentsSent + 1, 'il modulo si svuota')
  }
  if (event.type === 'xstate.error.actor.sendComment') {
    assert.equal(now.commentError, expectedMessage(failureOf(event)))
    assert.equal(now.commentsSent, was.commentsSent, 'il testo resta nel modulo')
  }
}

export const newsDetailModel: MachineModel = {
  machine: newsDetailMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    // How many comments were sent changes nothing that follows.
    return { value: snapshot.value, mayComment: c.article?.puo_commentare ?? null }
  },
  scenarios: [{ name: 'News per numero', input: { key: KEY }, events: detailEvents }],
  check: checkDetail,
}
