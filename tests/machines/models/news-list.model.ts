// Model of /news: the filter's types (a failure leaves «Tutte»), the list a page at a time with «Riprova», the
// videos of the sector a few at a time (they follow the sector, not the filter).
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { NewsCard, Video } from '../../../contract/news.ts'
import { type NewsListContext, type NewsQuery, newsListMachine } from '../../../machines/news-list.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const START: NewsQuery = { id_settore: 1, tipologia: null, pagina: 1 }
const FILTERED: NewsQuery = { id_settore: 1, tipologia: 'comunicati', pagina: 2 }
const PADEL: NewsQuery = { id_settore: 2, tipologia: null, pagina: 1 }
const NEWS = [{ id: 1, titolo: 'Campionati italiani' }] as unknown as NewsCard[]
const video = (id: number) => ({ id, titolo: `Video ${id}` }) as unknown as Video

function newsEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as NewsListContext
  const events: AnyEventObject[] = [
    { type: 'news.query', query: FILTERED },
    { type: 'news.query', query: PADEL },
    { type: 'news.retry' },
    { type: 'video.more' },
  ]
  if (snapshot.matches({ tipologie: 'loading' })) {
    events.push(
      done('loadTipologie', [{ codice: 'comunicati', nome: 'Comunicati' }]),
      fail('loadTipologie', NETWORK_FAILURE),
    )
  }
  if (snapshot.matches({ list: 'loading' })) {
    events.push(done('loadPage', { results: NEWS, record: 11 }), fail('loadPage', SERVER_FAILURE))
  }
  if (snapshot.matches({ video: 'loading' })) {
    events.push(
      done('loadVideos', { results: [video(c.videos.length + 1)], record: 2 }),
      fail('loadVideos', NETWORK_FAILURE),
    )
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsListContext

function checkNews({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('loading'), after.matches({ list: 'loading' }))
  assert.equal(after.hasTag('loadingVideos'), after.matches({ video: 'loading' }))
  if (!before) {
    assert.deepEqual(doubles.lastInput('loadPage'), START)
    assert.deepEqual(doubles.lastInput('loadVideos'), { id_settore: 1, rowstoskip: 0 })
    return
  }
  const was = ctx(before)
  if (event.type === 'news.query') {
    const query = event.query as NewsQuery
    assert.ok(after.matches({ list: 'loading' }))
    assert.deepEqual(doubles.lastInput('loadPage'), query)
    if (query.id_settore !== was.query.id_settore) {
      assert.ok(after.matches({ video: 'loading' }), 'un altro settore, altri video')
      assert.deepEqual(doubles.lastInput('loadVideos'), { id_settore: query.id_settore, rowstoskip: 0 })
    } else {
      assert.deepEqual(now.videos, was.videos, 'il filtro non tocca i video')
    }
  }
  if (event.type === 'xstate.error.actor.loadTipologie') assert.deepEqual(now.tipologie, [])
  if (event.type === 'xstate.error.actor.loadPage') {
    assert.ok(after.matches({ list: 'failed' }))
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'news.retry') assert.deepEqual(doubles.lastInput('loadPage'), was.query)
  if (event.type === 'video.more') {
    assert.ok(was.videos.length < was.videoRecord)
    assert.deepEqual(doubles.lastInput('loadVideos'), {
      id_settore: was.query.id_settore,
      rowstoskip: was.videos.length,
    })
  }
  if (event.type === 'xstate.error.actor.loadVideos') {
    assert.deepEqual(now.videos, was.videos)
    assert.equal(now.videoError, expectedMessage(failureOf(event)))
  }
}

export const newsListModel: MachineModel = {
  machine: newsListMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, query: c.query, videos: c.videos.length, videoRecord: c.videoRecord }
  },
  scenarios: [{ name: 'News del tennis', input: START, events: newsEvents }],
  check: checkNews,
}
