// Model of the player's notices: loaded when signed in, on each page and back on the tab; an opened notice leaves
// the list and the count at once and is marked seen; a failure keeps what was shown; signing out empties it all.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Avviso } from '../../../contract/avvisi.ts'
import { type AvvisiContext, avvisiMachine } from '../../../machines/avvisi.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const notice = (id: number): Avviso => ({
  id_avviso: id,
  ambito: 'torneo',
  id_riferimento: 40 + id,
  testo: `Luca Bianchi ti ha invitato come compagno al torneo «Coppa ${id}».`,
  creato_il: '2030-05-20T10:00:00Z',
})
export const LOADED = { results: [notice(3), notice(2), notice(1)], record: 5 }

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as AvvisiContext

function avvisiEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const shown = ctx(snapshot).avvisi.map((a) => a.id_avviso)
  const events: AnyEventObject[] = [
    { type: 'avvisi.load' },
    { type: 'avvisi.clear' },
    // A notice that is not (or no longer) in the list: nothing happens.
    { type: 'avvisi.open', ids: [99] },
  ]
  if (shown.length > 0) events.push({ type: 'avvisi.open', ids: [shown[0]] })
  if (snapshot.matches('loading')) events.push(done('loadAvvisi', LOADED), fail('loadAvvisi', SERVER_FAILURE))
  if (snapshot.matches('marking')) {
    const left = LOADED.results.filter((a) => !ctx(snapshot).opening.includes(a.id_avviso))
    events.push(
      done('markSeen', { results: left, record: LOADED.record - (LOADED.results.length - left.length) }),
      fail('markSeen', SERVER_FAILURE),
    )
  }
  return events
}

function checkAvvisi({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.ok(now.totale >= now.avvisi.length, 'il conteggio comprende tutti gli avvisi elencati')
  if (event.type === 'xstate.init') {
    assert.ok(after.matches('idle'), 'nessun avviso prima dell’accesso')
    assert.equal(now.totale, 0)
    return
  }
  assert.ok(before)
  const was = ctx(before)
  if (event.type === 'avvisi.clear') {
    assert.ok(after.matches('idle'))
    assert.deepEqual(now, { avvisi: [], totale: 0, opening: [], error: null }, 'uscendo non resta nulla')
  }
  if (event.type === 'avvisi.load' && !before.matches('marking'))
    assert.ok(after.matches('loading'), 'ogni pagina aperta ricarica gli avvisi')
  if (event.type === 'xstate.done.actor.loadAvvisi') {
    assert.ok(after.matches('ready'))
    assert.deepEqual(now.avvisi, LOADED.results)
    assert.equal(now.totale, LOADED.record)
  }
  if (event.type === 'xstate.error.actor.loadAvvisi') {
    assert.ok(after.matches('failed'))
    assert.deepEqual(now.avvisi, was.avvisi, 'gli avvisi già mostrati restano')
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'avvisi.open') {
    const ids = event.ids as number[]
    const known = was.avvisi.some((a) => ids.includes(a.id_avviso))
    if (!known) {
      assert.deepEqual(now.avvisi, was.avvisi, 'un avviso che non c’è non cambia nulla')
      return
    }
    assert.ok(after.matches('marking'))
    assert.ok(!now.avvisi.some((a) => ids.includes(a.id_avviso)), 'l’avviso aperto sparisce subito')
    assert.equal(now.totale, was.totale - 1, 'e il conteggio scende subito')
    assert.deepEqual(
      doubles.lastInput('markSeen'),
      { ids: [...new Set([...was.opening, ...ids])] },
      'si segnano come letti tutti quelli aperti finora',
    )
  }
  if (event.type === 'xstate.done.actor.markSeen') {
    assert.ok(after.matches('ready'))
    assert.deepEqual(now.opening, [])
    assert.ok(!now.avvisi.some((a) => was.opening.includes(a.id_avviso)))
  }
  if (event.type === 'xstate.error.actor.markSeen')
    assert.ok(after.matches('loading'), 'non segnati: si ricarica la verità dal server')
}

export const avvisiModel: MachineModel = {
  machine: avvisiMachine,
  abstract: (snapshot) => ({
    value: snapshot.value,
    shown: ctx(snapshot).avvisi.length,
    opening: ctx(snapshot).opening.length,
  }),
  scenarios: [{ name: 'Avvisi di un giocatore', events: avvisiEvents }],
  check: checkAvvisi,
}
