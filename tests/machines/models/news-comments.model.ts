// Model of a news' comments: sent only where the article allows them; an accepted comment joins the list and
// clears the form; a refused one keeps the text and says why.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type NewsCommentsContext, newsCommentsMachine } from '../../../machines/news-comments.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SESSION_ENDED, expectedMessage, failureOf } from './failures.ts'

const EARLIER = { id: 1, autore: 'Giulia Bianchi', testo: 'Bella notizia', creato_il: '2026-03-01T10:00:00Z' }
const COMMENT = { id: 2, autore: 'Mario Rossi', testo: 'Complimenti!', creato_il: '2026-03-12T10:00:00Z' }

function commentEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [{ type: 'comment.send', testo: 'Complimenti!' }]
  if (snapshot.matches('sending'))
    events.push(done('sendComment', COMMENT), fail('sendComment', SESSION_ENDED))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsCommentsContext

function checkComments({ scenario, before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  const mayComment = (scenario.input as { puo_commentare: boolean }).puo_commentare
  assert.equal(after.hasTag('sending'), after.matches('sending'))
  if (after.matches('idle')) assert.equal(after.can({ type: 'comment.send', testo: 'x' }), mayComment)
  if (!before) {
    assert.deepEqual(now.commenti, [EARLIER])
    return
  }
  const was = ctx(before)
  if (event.type === 'comment.send') {
    assert.ok(mayComment, 'commenta solo chi può')
    assert.deepEqual(doubles.lastInput('sendComment'), { id_news: 12, testo: 'Complimenti!' })
    assert.equal(now.commentError, null)
  }
  if (event.type === 'xstate.done.actor.sendComment') {
    assert.deepEqual(now.commenti, [...was.commenti, COMMENT])
    assert.equal(now.commentsSent, was.commentsSent + 1, 'il modulo si svuota')
  }
  if (event.type === 'xstate.error.actor.sendComment') {
    assert.equal(now.commentError, expectedMessage(failureOf(event)))
    assert.equal(now.commentsSent, was.commentsSent, 'il testo resta nel modulo')
  }
}

export const newsCommentsModel: MachineModel = {
  machine: newsCommentsMachine,
  // How many comments were sent changes nothing that follows.
  abstract: (snapshot) => ({ value: snapshot.value, error: ctx(snapshot).commentError !== null }),
  scenarios: [
    {
      name: 'Utente che può commentare',
      input: { id_news: 12, puo_commentare: true, commenti: [EARLIER] },
      events: commentEvents,
    },
    {
      name: 'Visitatore che non può commentare',
      input: { id_news: 12, puo_commentare: false, commenti: [EARLIER] },
      events: commentEvents,
    },
  ],
  check: checkComments,
}
