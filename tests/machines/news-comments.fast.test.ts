// A news' comments (machines/news-comments.ts) step by step through xstate's pure transition(): only where the
// server allows comments (`puo_commentare`) a comment is sent; an accepted one joins the list and clears the form,
// a refused one keeps the text and says why. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { Commento } from '../../contract/news.ts'
import { newsCommentsLabels, newsCommentsMachine } from '../../machines/news-comments.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  start,
} from './fast.ts'

const EARLIER: Commento = {
  id: 1,
  autore: 'Giulia Bianchi',
  testo: 'Bella notizia',
  creato_il: '2026-03-01T10:00:00Z',
}
const COMMENT: Commento = {
  id: 2,
  autore: 'Mario Rossi',
  testo: 'Complimenti!',
  creato_il: '2026-03-12T10:00:00Z',
}
const opened = (puo_commentare: boolean) =>
  start(newsCommentsMachine, { id_news: 12, puo_commentare, commenti: [EARLIER] })
const SEND = { type: 'comment.send', testo: 'Complimenti!' } as const

describe('news comments', () => {
  it('shows the article’s comments, with the form only for who may comment', () => {
    const { snapshot } = opened(true)
    expect(snapshot.value).toBe('idle')
    expect(snapshot.context).toEqual({
      id_news: 12,
      mayComment: true,
      commenti: [EARLIER],
      commentError: null,
      commentsSent: 0,
      testo: '',
    })
    expect(snapshot.can(SEND)).toBe(true)
    const visitor = opened(false).snapshot
    expect(visitor.context.mayComment).toBe(false)
    expect(visitor.can(SEND)).toBe(false)
    expect(send(newsCommentsMachine, visitor, SEND).snapshot).toBe(visitor)
  })

  it('sends the comment to the article, tagged as sending', () => {
    const step = send(newsCommentsMachine, opened(true).snapshot, SEND)
    expect(step.snapshot.value).toBe('sending')
    expect(step.snapshot.hasTag('sending')).toBe(true)
    expect(step.snapshot.context.testo).toBe('Complimenti!')
    expect(step.started).toEqual([
      { id: 'sendComment', src: 'sendComment', input: { id_news: 12, testo: 'Complimenti!' } },
    ])
    expect(opened(true).snapshot.hasTag('sending')).toBe(false)
  })

  it('adds an accepted comment after the others and clears the form', () => {
    const sending = send(newsCommentsMachine, opened(true).snapshot, SEND)
    const step = send(newsCommentsMachine, sending.snapshot, done('sendComment', COMMENT))
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toMatchObject({
      commenti: [EARLIER, COMMENT],
      commentsSent: 1,
      commentError: null,
    })
  })

  it('keeps the text of a refused comment, says why, and clears the message at the next try', () => {
    const sending = send(newsCommentsMachine, opened(true).snapshot, SEND)
    const step = send(newsCommentsMachine, sending.snapshot, failed('sendComment', { _tag: 'Unauthorized' }))
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toMatchObject({
      commenti: [EARLIER],
      commentsSent: 0,
      commentError: MESSAGES.sessionExpired,
      testo: 'Complimenti!',
    })
    const again = send(newsCommentsMachine, step.snapshot, { type: 'comment.send', testo: 'Bravi' })
    expect(again.snapshot.context).toMatchObject({ commentError: null, testo: 'Bravi' })
  })

  it('is the machine newsComments, each state titled and described, each event and guard labelled', async () => {
    expect(newsCommentsMachine.id).toBe('newsComments')
    expectStatesDescribed(newsCommentsMachine)
    expectLabelled(newsCommentsMachine, newsCommentsLabels)
    await expectProvidedByTheApplication(newsCommentsMachine, ['sendComment'])
  })
})
