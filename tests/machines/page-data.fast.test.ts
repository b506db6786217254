// The data of a page (machines/page-data.ts) step by step through xstate's pure transition(), against its header
// and spec §8: data that came with the page shows at once, otherwise it loads (tag `loading`); a failure says why
// and offers «Riprova» (tag `failed`); a 404 is «missing» only where the page asks; a reload keeps the previous
// data until the new arrives. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { type PageDataContext, pageDataLabels, pageDataMachine } from '../../machines/page-data.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  start,
} from './fast.ts'

const NOT_FOUND = { _tag: 'ServerFailure', message: 'Contenuto non trovato', status: 404 }
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as PageDataContext
const tags = (step: { snapshot: { hasTag: (t: string) => boolean } }) =>
  ['loading', 'failed'].filter((t) => step.snapshot.hasTag(t))
const loaded = () =>
  send(pageDataMachine, start(pageDataMachine, { params: { id: 1 } }).snapshot, done('loadPage', 'A'))

describe('page data', () => {
  it('loads with the page’s params, a skeleton meanwhile', () => {
    const step = start(pageDataMachine, { params: { id: 1 } })
    expect(step.snapshot.value).toBe('loading')
    expect(tags(step)).toEqual(['loading'])
    expect(step.snapshot.context).toEqual({
      params: { id: 1 },
      data: null,
      error: null,
      notFoundIsMissing: false,
    })
    expect(step.started).toEqual([{ id: 'loadPage', src: 'loadPage', input: { params: { id: 1 } } }])
  })

  it('loads with no input at all', () => {
    const step = start(pageDataMachine)
    expect(step.snapshot.value).toBe('loading')
    expect(step.snapshot.context).toEqual({
      params: undefined,
      data: null,
      error: null,
      notFoundIsMissing: false,
    })
  })

  it('shows the data that came with the page at once, with no call', () => {
    for (const initial of ['A', 0, '', false]) {
      const step = start(pageDataMachine, { params: 1, initial })
      expect(step.snapshot.value).toBe('ready')
      expect(ctx(step).data).toBe(initial)
      expect(step.started).toEqual([])
    }
    expect(start(pageDataMachine, { initial: null }).snapshot.value).toBe('loading')
  })

  it('shows the loaded data', () => {
    const step = loaded()
    expect(step.snapshot.value).toBe('ready')
    expect(tags(step)).toEqual([])
    expect(step.snapshot.context).toMatchObject({ data: 'A', error: null })
  })

  it('says why the load failed, in Italian, and loads again with «Riprova»', () => {
    const step = send(
      pageDataMachine,
      start(pageDataMachine, { params: 1 }).snapshot,
      failed('loadPage', { _tag: 'Unauthorized' }),
    )
    expect(step.snapshot.value).toBe('failed')
    expect(tags(step)).toEqual(['failed'])
    expect(ctx(step).error).toBe(MESSAGES.sessionExpired)
    const retry = send(pageDataMachine, step.snapshot, { type: 'page.retry' })
    expect(retry.snapshot.value).toBe('loading')
    expect(ctx(retry).error).toBeNull()
    expect(retry.started.map((s) => s.input)).toEqual([{ params: 1 }])
    const again = send(pageDataMachine, retry.snapshot, done('loadPage', 'B'))
    expect(again.snapshot.context).toMatchObject({ data: 'B', error: null })
    expect(loaded().snapshot.can({ type: 'page.retry' })).toBe(false)
  })

  it('turns a 404 into «missing» only where the page asks; elsewhere a 404 is a failure', () => {
    const asked = start(pageDataMachine, { params: 1, notFoundIsMissing: true })
    expect(ctx(asked).notFoundIsMissing).toBe(true)
    const missing = send(pageDataMachine, asked.snapshot, failed('loadPage', NOT_FOUND))
    expect(missing.snapshot.value).toBe('missing')
    expect(tags(missing)).toEqual([])
    const other = send(pageDataMachine, asked.snapshot, failed('loadPage', { ...NOT_FOUND, status: 503 }))
    expect(other.snapshot.value).toBe('failed')
    const notAsked = send(
      pageDataMachine,
      start(pageDataMachine, { params: 1 }).snapshot,
      failed('loadPage', NOT_FOUND),
    )
    expect(notAsked.snapshot.value).toBe('failed')
    expect(ctx(notAsked).error).toBe(NOT_FOUND.message)
  })

  it('reloads from anywhere with new params, or the same ones, keeping the data until the new arrives', () => {
    const step = send(pageDataMachine, loaded().snapshot, { type: 'page.reload', params: { id: 2 } })
    expect(step.snapshot.value).toBe('loading')
    expect(step.snapshot.context).toMatchObject({ params: { id: 2 }, data: 'A', error: null })
    expect(step.started.map((s) => s.input)).toEqual([{ params: { id: 2 } }])
    const same = send(pageDataMachine, loaded().snapshot, { type: 'page.reload' })
    expect(same.started.map((s) => s.input)).toEqual([{ params: { id: 1 } }])
    const fromFailed = send(
      pageDataMachine,
      send(
        pageDataMachine,
        start(pageDataMachine, { params: 1 }).snapshot,
        failed('loadPage', new Error('x')),
      ).snapshot,
      { type: 'page.reload' },
    )
    expect(fromFailed.snapshot.value).toBe('loading')
    expect(ctx(fromFailed).error).toBeNull()
  })

  it('is the machine pageData, each state titled and described, each event and guard labelled', async () => {
    expect(pageDataMachine.id).toBe('pageData')
    expectStatesDescribed(pageDataMachine)
    expectLabelled(pageDataMachine, pageDataLabels)
    await expectProvidedByTheApplication(pageDataMachine, ['loadPage'])
  })
})
