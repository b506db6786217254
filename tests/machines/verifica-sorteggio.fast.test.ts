// «Verifica» of a draw (machines/verifica-sorteggio.ts) through xstate's pure transition(), against docs/regole.md
// «Seme casuale verificabile» and the machine's header: nothing to verify before the seed is revealed; the
// SHA-256 of the seed, computed on the visitor's device, is compared with the hash published before the draw
// (hex, whatever the letters' case); a device that cannot compute it says so, and «Verifica» can be pressed
// again. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import {
  HASH_FAILED,
  verificaSorteggioLabels,
  verificaSorteggioMachine as machine,
} from '../../machines/verifica-sorteggio.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  start,
} from './fast.ts'

const HASH = 'ab12cd'
const revealed = () => start(machine, { seed: 'seme-42', seedHash: HASH })
const VERIFY = { type: 'verifica.start' } as const
const hashing = () => send(machine, revealed().snapshot, VERIFY)

describe('verifica del sorteggio', () => {
  it('waits, with nothing to verify, while the seed is not revealed', () => {
    const step = start(machine, { seed: null, seedHash: HASH })
    expect(step.snapshot.value).toBe('waiting')
    expect(step.snapshot.context).toEqual({ seed: null, seedHash: HASH, computed: null, error: null })
    expect(step.snapshot.can(VERIFY)).toBe(false)
    expect(send(machine, step.snapshot, VERIFY).snapshot).toBe(step.snapshot)
  })

  it('offers «Verifica» once the seed is revealed, and computes the hash of the seed on the device', () => {
    const step = revealed()
    expect(step.snapshot.value).toEqual({ ready: 'idle' })
    expect(step.snapshot.can(VERIFY)).toBe(true)
    expect(hashing().snapshot.value).toBe('hashing')
    expect(hashing().started).toEqual([{ id: 'computeHash', src: 'computeHash', input: { text: 'seme-42' } }])
  })

  it('says the hash matches when it is the published one, in either case', () => {
    for (const computed of [HASH, HASH.toUpperCase()]) {
      const step = send(machine, hashing().snapshot, done('computeHash', computed))
      expect(step.snapshot.value).toEqual({ ready: 'matches' })
      expect(step.snapshot.context).toMatchObject({ computed, error: null })
    }
    const upper = start(machine, { seed: 's', seedHash: HASH.toUpperCase() })
    const step = send(machine, send(machine, upper.snapshot, VERIFY).snapshot, done('computeHash', HASH))
    expect(step.snapshot.value).toEqual({ ready: 'matches' })
  })

  it('says the hash differs otherwise, and shows the one computed', () => {
    const step = send(machine, hashing().snapshot, done('computeHash', 'ffff'))
    expect(step.snapshot.value).toEqual({ ready: 'differs' })
    expect(step.snapshot.context).toMatchObject({ computed: 'ffff', error: null })
  })

  it('says the browser could not compute it, and verifies again from the start', () => {
    const step = send(machine, hashing().snapshot, failed('computeHash', new Error('x')))
    expect(step.snapshot.value).toEqual({ ready: 'failed' })
    expect(step.snapshot.context).toMatchObject({ computed: null, error: HASH_FAILED })
    expect(HASH_FAILED).toMatch(/SHA-256/)
    const again = send(machine, step.snapshot, VERIFY)
    expect(again.snapshot.value).toBe('hashing')
    expect(again.snapshot.context).toMatchObject({ computed: null, error: null })
    const after = send(machine, send(machine, hashing().snapshot, done('computeHash', HASH)).snapshot, VERIFY)
    expect(after.snapshot.context.computed).toBeNull()
  })

  it('is the machine verificaSorteggio, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('verificaSorteggio')
    expectStatesDescribed(machine)
    expectLabelled(machine, verificaSorteggioLabels)
    await expectProvidedByTheApplication(machine, ['computeHash'])
  })
})
