// Model of what surrounds the /news list: the filter's types (a failure leaves «Tutte»), the videos of the
// sector a few at a time, again from the start for another sector.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Video } from '../../../contract/news.ts'
import { type NewsListContext, newsListMachine } from '../../../machines/news-list.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, expectedMessage, failureOf } from './failures.ts'

const TIPOLOGIE = [{ codice: 'comunicati', nome: 'Comunicati' }]
const video = (id: number) => ({ id, titolo: `Video ${id}` }) as unknown as Video

function newsEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as NewsListContext
  const events: AnyEventObject[] = [
    { type: 'news.sectorChanged', id_settore: 1 },
    { type: 'news.sectorChanged', id_settore: 2 },
    { type: 'video.more' },
  ]
  if (snapshot.matches({ tipologie: 'loading' })) {
    events.push(done('loadTipologie', TIPOLOGIE), fail('loadTipologie', NETWORK_FAILURE))
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
  assert.equal(after.hasTag('loadingVideos'), after.matches({ video: 'loading' }))
  if (!before) {
    assert.deepEqual(doubles.lastInput('loadVideos'), { id_settore: 1, rowstoskip: 0 })
    return
  }
  const was = ctx(before)
  if (event.type === 'news.sectorChanged') {
    assert.notEqual(event.id_settore, was.id_settore, 'solo per un altro settore')
    assert.ok(after.matches({ video: 'loading' }), 'un altro settore, altri video')
    assert.deepEqual(doubles.lastInput('loadVideos'), { id_settore: event.id_settore, rowstoskip: 0 })
    assert.deepEqual(now.tipologie, was.tipologie, 'le tipologie restano')
  }
  if (event.type === 'xstate.done.actor.loadTipologie') assert.deepEqual(now.tipologie, TIPOLOGIE)
  if (event.type === 'xstate.error.actor.loadTipologie') assert.deepEqual(now.tipologie, [])
  if (event.type === 'video.more') {
    assert.ok(was.videos.length < was.videoRecord)
    assert.deepEqual(doubles.lastInput('loadVideos'), {
      id_settore: was.id_settore,
      rowstoskip: was.videos.length,
    })
  }
  if (event.type === 'xstate.done.actor.loadVideos') {
    assert.equal(now.videos.length, was.videos.length + 1)
    assert.equal(now.videoError, null)
  }
  if (event.type === 'xstate.error.actor.loadVideos') {
    assert.deepEqual(now.videos, was.videos, 'i video già mostrati restano')
    assert.equal(now.videoError, expectedMessage(failureOf(event)))
  }
}

export const newsListModel: MachineModel = {
  machine: newsListMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      id_settore: c.id_settore,
      videos: c.videos.length,
      videoRecord: c.videoRecord,
    }
  },
  scenarios: [{ name: 'News del tennis', input: { id_settore: 1 }, events: newsEvents }],
  check: checkNews,
}
