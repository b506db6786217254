// The player's notices (machines/avvisi.ts) step by step through xstate's pure transition(), against
// docs/regole.md «Avvisi nel portale» and the machine's header: the unseen notices load at each page and on return
// to the tab, an opened notice leaves the list and the count at once and is marked seen, signing out shows
// nothing. The fast set of `npm run mutation`; avvisi.test.ts walks the same paths with a real actor.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { Avviso } from '../../contract/avvisi.ts'
import { type AvvisiContext, avvisiLabels, avvisiMachine } from '../../machines/avvisi.ts'
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

const avviso = (id: number) => ({ id_avviso: id, testo: `Avviso ${id}` }) as unknown as Avviso
const LIST = { results: [avviso(1), avviso(2), avviso(3)], record: 5 }
const EMPTY: AvvisiContext = { avvisi: [], totale: 0, opening: [], error: null }
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as AvvisiContext

const loaded = () =>
  sendAll(avvisiMachine, start(avvisiMachine).snapshot, [{ type: 'avvisi.load' }, done('loadAvvisi', LIST)])

describe('avvisi: loading', () => {
  it('shows nothing before anyone signs in, and loads nothing', () => {
    const step = start(avvisiMachine)
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toEqual(EMPTY)
    expect(step.started).toEqual([])
    expect(step.snapshot.can({ type: 'avvisi.open', ids: [1] })).toBe(false)
  })

  it('loads the unseen notices when asked, and shows them with their count', () => {
    const loading = send(avvisiMachine, start(avvisiMachine).snapshot, { type: 'avvisi.load', page: '/' })
    expect(loading.snapshot.value).toBe('loading')
    expect(loading.started.map((s) => s.src)).toEqual(['loadAvvisi'])
    const step = loaded()
    expect(step.snapshot.value).toBe('ready')
    expect(step.snapshot.context).toEqual({ avvisi: LIST.results, totale: 5, opening: [], error: null })
  })

  it('keeps what it had when a reload fails, says why, and loads again at the next page', () => {
    const reload = sendAll(avvisiMachine, loaded().snapshot, [
      { type: 'avvisi.load' },
      failed('loadAvvisi', { _tag: 'Unauthorized' }),
    ])
    expect(reload.snapshot.value).toBe('failed')
    expect(ctx(reload)).toMatchObject({ avvisi: LIST.results, totale: 5, error: MESSAGES.sessionExpired })
    const again = send(avvisiMachine, reload.snapshot, { type: 'avvisi.load' })
    expect(again.snapshot.value).toBe('loading')
    expect(again.started.map((s) => s.src)).toEqual(['loadAvvisi'])
    const fresh = send(avvisiMachine, again.snapshot, done('loadAvvisi', { results: [avviso(4)], record: 1 }))
    expect(ctx(fresh)).toEqual({ avvisi: [avviso(4)], totale: 1, opening: [], error: null })
  })

  it('reloads from a shown list at every page opened', () => {
    const step = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.load' })
    expect(step.snapshot.value).toBe('loading')
    expect(step.started.map((s) => s.src)).toEqual(['loadAvvisi'])
  })

  it('forgets everything on sign-out, from every state', () => {
    const marking = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.open', ids: [1] }).snapshot
    const failing = sendAll(avvisiMachine, start(avvisiMachine).snapshot, [
      { type: 'avvisi.load' },
      failed('loadAvvisi', new Error('x')),
    ]).snapshot
    for (const snapshot of [loaded().snapshot, marking, failing]) {
      const out = send(avvisiMachine, snapshot, { type: 'avvisi.clear' })
      expect(out.snapshot.value).toBe('idle')
      expect(out.snapshot.context).toEqual(EMPTY)
    }
  })
})

describe('avvisi: opening a notice', () => {
  it('takes it out of the list and the count at once, then asks the portal to mark it seen', () => {
    const step = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.open', ids: [2] })
    expect(step.snapshot.value).toBe('marking')
    expect(ctx(step)).toMatchObject({ avvisi: [avviso(1), avviso(3)], totale: 4, opening: [2] })
    expect(step.started).toEqual([{ id: 'markSeen', src: 'markSeen', input: { ids: [2] } }])
    const marked = send(avvisiMachine, step.snapshot, done('markSeen', { results: [avviso(1)], record: 1 }))
    expect(marked.snapshot.value).toBe('ready')
    expect(ctx(marked)).toEqual({ avvisi: [avviso(1)], totale: 1, opening: [], error: null })
  })

  it('ignores notices that are not in the list (already opened or never there)', () => {
    const { snapshot } = loaded()
    expect(snapshot.can({ type: 'avvisi.open', ids: [9] })).toBe(false)
    expect(snapshot.can({ type: 'avvisi.open', ids: [] })).toBe(false)
    expect(send(avvisiMachine, snapshot, { type: 'avvisi.open', ids: [9] }).snapshot).toBe(snapshot)
  })

  it('takes out only the listed ones of several, and never counts below zero', () => {
    const step = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.open', ids: [9, 3, 1] })
    expect(ctx(step)).toMatchObject({ avvisi: [avviso(2)], totale: 3 })
    expect([...ctx(step).opening].sort()).toEqual([1, 3])
    const few = sendAll(avvisiMachine, start(avvisiMachine).snapshot, [
      { type: 'avvisi.load' },
      done('loadAvvisi', { results: [avviso(1), avviso(2)], record: 1 }),
      { type: 'avvisi.open', ids: [1, 2] },
    ])
    expect(ctx(few).totale).toBe(0)
  })

  it('sends again every notice opened so far when another is opened while marking', () => {
    const first = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.open', ids: [1] })
    const second = send(avvisiMachine, first.snapshot, { type: 'avvisi.open', ids: [3, 1] })
    expect(second.snapshot.value).toBe('marking')
    expect(ctx(second)).toMatchObject({ avvisi: [avviso(2)], totale: 3, opening: [1, 3] })
    expect(second.stopped).toEqual(['markSeen'])
    expect(second.started).toEqual([{ id: 'markSeen', src: 'markSeen', input: { ids: [1, 3] } }])
  })

  it('loads the truth again when marking fails (the notices are still unseen)', () => {
    const step = sendAll(avvisiMachine, loaded().snapshot, [
      { type: 'avvisi.open', ids: [1] },
      failed('markSeen', new Error('x')),
    ])
    expect(step.snapshot.value).toBe('loading')
    expect(step.started.map((s) => s.src)).toEqual(['loadAvvisi'])
  })

  it('can be opened while the list reloads and after a failed reload', () => {
    const reloading = send(avvisiMachine, loaded().snapshot, { type: 'avvisi.load' })
    const fromLoading = send(avvisiMachine, reloading.snapshot, { type: 'avvisi.open', ids: [1] })
    expect(fromLoading.snapshot.value).toBe('marking')
    const failing = send(avvisiMachine, reloading.snapshot, failed('loadAvvisi', new Error('x')))
    const fromFailed = send(avvisiMachine, failing.snapshot, { type: 'avvisi.open', ids: [2] })
    expect(fromFailed.snapshot.value).toBe('marking')
    expect(ctx(fromFailed)).toMatchObject({ avvisi: [avviso(1), avviso(3)], opening: [2] })
  })
})

describe('avvisi: words', () => {
  it('is the machine avvisi, each state titled and described, each event and guard labelled', async () => {
    expect(avvisiMachine.id).toBe('avvisi')
    expectStatesDescribed(avvisiMachine)
    expectLabelled(avvisiMachine, avvisiLabels)
    await expectProvidedByTheApplication(avvisiMachine, ['loadAvvisi', 'markSeen'])
  })
})
