// Model of the home's quick search: from 2 characters, after a pause, players and clubs at once; shorter text
// clears the results; a failure offers «Riprova».
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type RicercaRapidaContext, ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, expectedMessage, failureOf } from './failures.ts'

const FOUND = {
  giocatori: [{ id_persona: 1, persona: 'Mario Rossi' }],
  circoli: [{ id_circolo: 7, circolo: 'Tennis Club Roma' }],
}

function searchEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'search.typed', text: '  Ro  ' },
    { type: 'search.typed', text: 'R' },
    { type: 'search.sectorChanged', id_settore: 2 },
    { type: 'search.retry' },
  ]
  if (snapshot.matches('waiting')) events.push(done('pause', undefined))
  if (snapshot.matches('searching')) events.push(done('search', FOUND), fail('search', NETWORK_FAILURE))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as RicercaRapidaContext

function checkSearch({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('busy'), after.matches('waiting') || after.matches('searching'))
  if (after.matches('idle')) {
    assert.deepEqual([now.giocatori, now.circoli, now.error], [[], [], null], 'senza testo nessun risultato')
  }
  if (!before) return
  if (event.type === 'search.typed' || event.type === 'search.sectorChanged') {
    const long = now.text.replace(/\s+/g, ' ').trim().length >= 2
    assert.ok(after.matches(long ? 'waiting' : 'idle'), 'si cerca da 2 caratteri, dopo una pausa')
  }
  if (event.type === 'xstate.done.actor.pause' || event.type === 'search.retry') {
    assert.ok(after.matches('searching'))
    assert.deepEqual(doubles.lastInput('search'), { testo: 'Ro', id_settore: now.id_settore })
  }
  if (event.type === 'xstate.done.actor.search') {
    assert.deepEqual({ giocatori: now.giocatori, circoli: now.circoli }, FOUND)
  }
  if (event.type === 'xstate.error.actor.search') {
    assert.ok(after.matches('failed'))
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
}

export const ricercaRapidaModel: MachineModel = {
  machine: ricercaRapidaMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, text: c.text, id_settore: c.id_settore, found: c.giocatori.length > 0 }
  },
  scenarios: [{ name: 'Ricerca nel tennis', input: { id_settore: 1 }, events: searchEvents }],
  check: checkSearch,
}
