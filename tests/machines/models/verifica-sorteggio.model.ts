// Model of «Verifica» on a tournament's draw: nothing to verify before the seed is revealed; after, the hash
// computed in the browser is compared with the one published before the draw, and the check can be repeated.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import {
  HASH_FAILED,
  type VerificaSorteggioContext,
  type VerificaSorteggioInput,
  verificaSorteggioMachine,
} from '../../../machines/verifica-sorteggio.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'

const SEED = 'a'.repeat(64)
const HASH = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'
const OTHER = '0'.repeat(64)

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const list: AnyEventObject[] = [{ type: 'verifica.start' }]
  if (snapshot.matches('hashing')) {
    // The browser answers in lower or upper case hex; both are the same hash.
    list.push(
      done('computeHash', HASH.toUpperCase()),
      done('computeHash', OTHER),
      fail('computeHash', { message: 'no' }),
    )
  }
  return list
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as VerificaSorteggioContext

function check({ scenario, before, event, after, doubles }: ExecutedStep) {
  const input = scenario.input as VerificaSorteggioInput
  const now = ctx(after)
  if (event.type === 'xstate.init') {
    assert.ok(
      after.matches(input.seed === null ? 'waiting' : { ready: 'idle' }),
      'senza seme non c’è niente da verificare',
    )
    return
  }
  assert.ok(before)
  if (event.type === 'verifica.start') {
    assert.ok(after.matches('hashing'))
    assert.deepEqual(
      doubles.lastInput('computeHash'),
      { text: input.seed },
      'si calcola l’impronta del seme rivelato',
    )
    assert.equal(now.computed, null)
  }
  if (event.type === 'xstate.done.actor.computeHash') {
    const same = String(event.output).toLowerCase() === input.seedHash.toLowerCase()
    assert.ok(after.matches({ ready: same ? 'matches' : 'differs' }))
    assert.equal(now.computed, event.output)
  }
  if (event.type === 'xstate.error.actor.computeHash') {
    assert.ok(after.matches({ ready: 'failed' }))
    assert.equal(now.error, HASH_FAILED)
  }
}

export const verificaSorteggioModel: MachineModel = {
  machine: verificaSorteggioMachine,
  abstract: (snapshot) => ({
    value: snapshot.value,
    seed: ctx(snapshot).seed,
    computed: ctx(snapshot).computed,
  }),
  scenarios: [
    { name: 'Sorteggio fatto: seme rivelato', input: { seed: SEED, seedHash: HASH }, events },
    {
      name: 'Impronta pubblicata in maiuscolo',
      input: { seed: SEED, seedHash: HASH.toUpperCase() },
      events,
    },
    { name: 'Sorteggio annunciato: seme ancora segreto', input: { seed: null, seedHash: HASH }, events },
  ],
  check,
}
