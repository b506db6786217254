// Around the /news list (machines/news-list.ts) step by step through xstate's pure transition(): the filter's
// news types and the discipline's videos load side by side; the types that fail leave only «Tutte»; the videos
// follow the sector, a few at a time. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { Video } from '../../contract/news.ts'
import { newsListLabels, newsListMachine } from '../../machines/news-list.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  sendAll,
  start,
} from './fast.ts'

const TIPOLOGIE = [{ codice: 'T', nome: 'Tornei' }]
const video = (id: number) => ({ id, titolo: `Video ${id}` }) as unknown as Video
const opened = () => start(newsListMachine, { id_settore: 1 })
const shown = () =>
  sendAll(newsListMachine, opened().snapshot, [
    done('loadTipologie', TIPOLOGIE),
    done('loadVideos', { results: [video(1), video(2)], record: 3 }),
  ])

describe('news list: types and videos', () => {
  it('loads the types and the sector’s videos side by side, from the first video', () => {
    const step = opened()
    expect(step.snapshot.value).toEqual({ tipologie: 'loading', video: 'loading' })
    expect(step.snapshot.context).toEqual({
      id_settore: 1,
      tipologie: [],
      videos: [],
      videoRecord: 0,
      videoError: null,
    })
    expect(step.snapshot.hasTag('loadingVideos')).toBe(true)
    expect(step.started).toEqual([
      { id: 'loadTipologie', src: 'loadTipologie', input: undefined },
      { id: 'loadVideos', src: 'loadVideos', input: { id_settore: 1, rowstoskip: 0 } },
    ])
  })

  it('offers the types that came, or only «Tutte» when they did not', () => {
    const ok = send(newsListMachine, opened().snapshot, done('loadTipologie', TIPOLOGIE))
    expect(ok.snapshot.value).toEqual({ tipologie: 'done', video: 'loading' })
    expect(ok.snapshot.context.tipologie).toEqual(TIPOLOGIE)
    const ko = send(newsListMachine, opened().snapshot, failed('loadTipologie', new Error('x')))
    expect(ko.snapshot.value).toEqual({ tipologie: 'done', video: 'loading' })
    expect(ko.snapshot.context.tipologie).toEqual([])
  })

  it('shows the videos, and the next few after them while some are left', () => {
    const step = shown()
    expect(step.snapshot.value).toEqual({ tipologie: 'done', video: 'ready' })
    expect(step.snapshot.hasTag('loadingVideos')).toBe(false)
    expect(step.snapshot.context).toMatchObject({
      videos: [video(1), video(2)],
      videoRecord: 3,
      videoError: null,
    })
    expect(step.snapshot.can({ type: 'video.more' })).toBe(true)
    const more = send(newsListMachine, step.snapshot, { type: 'video.more' })
    expect(more.snapshot.value).toEqual({ tipologie: 'done', video: 'loading' })
    expect(more.started.map((s) => s.input)).toEqual([{ id_settore: 1, rowstoskip: 2 }])
    const all = send(newsListMachine, more.snapshot, done('loadVideos', { results: [video(3)], record: 3 }))
    expect(all.snapshot.context.videos).toEqual([video(1), video(2), video(3)])
    expect(all.snapshot.can({ type: 'video.more' })).toBe(false)
    expect(send(newsListMachine, all.snapshot, { type: 'video.more' }).snapshot).toBe(all.snapshot)
  })

  it('offers no more videos while they load', () => {
    expect(opened().snapshot.can({ type: 'video.more' })).toBe(false)
  })

  it('keeps the videos shown when more fail, says why, and clears it when the next come', () => {
    const step = sendAll(newsListMachine, shown().snapshot, [
      { type: 'video.more' },
      failed('loadVideos', { _tag: 'ServerFailure', message: 'Video non disponibili' }),
    ])
    expect(step.snapshot.value).toEqual({ tipologie: 'done', video: 'ready' })
    expect(step.snapshot.context).toMatchObject({
      videos: [video(1), video(2)],
      videoError: 'Video non disponibili',
    })
    const generic = send(newsListMachine, opened().snapshot, failed('loadVideos', new Error('x')))
    expect(generic.snapshot.context.videoError).toBe(MESSAGES.generic)
    const next = sendAll(newsListMachine, step.snapshot, [
      { type: 'video.more' },
      done('loadVideos', { results: [video(3)], record: 3 }),
    ])
    expect(next.snapshot.context.videoError).toBeNull()
  })

  it('loads another sector’s videos from the first one; the types stay', () => {
    const step = send(newsListMachine, shown().snapshot, { type: 'news.sectorChanged', id_settore: 2 })
    expect(step.snapshot.value).toEqual({ tipologie: 'done', video: 'loading' })
    expect(step.snapshot.context).toMatchObject({
      id_settore: 2,
      tipologie: TIPOLOGIE,
      videos: [],
      videoRecord: 0,
    })
    expect(step.started.map((s) => s.input)).toEqual([{ id_settore: 2, rowstoskip: 0 }])
  })

  it('ignores a change to the sector already shown', () => {
    const { snapshot } = shown()
    expect(snapshot.can({ type: 'news.sectorChanged', id_settore: 1 })).toBe(false)
    expect(send(newsListMachine, snapshot, { type: 'news.sectorChanged', id_settore: 1 }).snapshot).toBe(
      snapshot,
    )
  })

  it('is the machine newsList, each state titled and described, each event and guard labelled', async () => {
    expect(newsListMachine.id).toBe('newsList')
    expectStatesDescribed(newsListMachine)
    expectLabelled(newsListMachine, newsListLabels)
    await expectProvidedByTheApplication(newsListMachine, ['loadTipologie', 'loadVideos'])
  })
})
