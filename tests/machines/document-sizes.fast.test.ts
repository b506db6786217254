// The sizes of the rule PDFs of /regolamenti (machines/document-sizes.ts) through xstate's pure transition(),
// against the machine's header: only the paths not yet measured are measured; a failed measure leaves the link
// saying «PDF»; sizes read «41 kB», «1,2 MB». The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import {
  type DocumentSizesContext,
  documentSizesLabels,
  documentSizesMachine as machine,
  formatSize,
} from '../../machines/document-sizes.ts'
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

const TENNIS = ['/documenti/regolamento-tennis.pdf', '/documenti/carte-federali.pdf']
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as DocumentSizesContext
const measured = () =>
  sendAll(machine, start(machine).snapshot, [
    { type: 'sizes.measure', paths: TENNIS },
    done('measureDocuments', { [TENNIS[0]!]: 41_000, [TENNIS[1]!]: 2_000_000 }),
  ])

describe('document sizes', () => {
  it('knows no size at first', () => {
    const step = start(machine)
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toEqual({ sizes: {}, pending: [] })
  })

  it('measures the paths asked, then keeps their sizes', () => {
    const step = send(machine, start(machine).snapshot, { type: 'sizes.measure', paths: TENNIS })
    expect(step.snapshot.value).toBe('measuring')
    expect(step.started).toEqual([{ id: 'measureDocuments', src: 'measureDocuments', input: TENNIS }])
    const after = measured()
    expect(after.snapshot.value).toBe('idle')
    expect(ctx(after).sizes).toEqual({ [TENNIS[0]!]: 41_000, [TENNIS[1]!]: 2_000_000 })
  })

  it('measures only the paths not measured yet, and adds their sizes to the others', () => {
    const step = send(machine, measured().snapshot, {
      type: 'sizes.measure',
      paths: ['/documenti/regolamento-padel.pdf', TENNIS[1]!],
    })
    expect(step.started.map((s) => s.input)).toEqual([['/documenti/regolamento-padel.pdf']])
    const after = send(
      machine,
      step.snapshot,
      done('measureDocuments', { '/documenti/regolamento-padel.pdf': 5 }),
    )
    expect(Object.keys(ctx(after).sizes).sort()).toEqual(
      [...TENNIS, '/documenti/regolamento-padel.pdf'].sort(),
    )
  })

  it('asks nothing when every path is measured', () => {
    const { snapshot } = measured()
    expect(snapshot.can({ type: 'sizes.measure', paths: TENNIS })).toBe(false)
    expect(send(machine, snapshot, { type: 'sizes.measure', paths: [TENNIS[0]!] }).snapshot).toBe(snapshot)
  })

  it('keeps the sizes it had when a measure fails', () => {
    const step = sendAll(machine, measured().snapshot, [
      { type: 'sizes.measure', paths: ['/x.pdf'] },
      failed('measureDocuments', new Error('x')),
    ])
    expect(step.snapshot.value).toBe('idle')
    expect(ctx(step).sizes).toEqual(ctx(measured()).sizes)
  })

  it('writes sizes in kB below a megabyte, never 0 kB, and in MB with one decimal above', () => {
    expect(formatSize(41_000)).toBe('40 kB')
    expect(formatSize(41 * 1024)).toBe('41 kB')
    expect(formatSize(100)).toBe('1 kB')
    expect(formatSize(0)).toBe('1 kB')
    expect(formatSize(1024 * 1024 - 1)).toBe('1024 kB')
    expect(formatSize(1024 * 1024)).toBe('1 MB')
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1,3 MB')
  })

  it('is the machine documentSizes, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('documentSizes')
    expectStatesDescribed(machine)
    expectLabelled(machine, documentSizesLabels)
    await expectProvidedByTheApplication(machine, ['measureDocuments'])
  })
})
