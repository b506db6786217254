// Model of /elenco-tessere after its first page: more while there are more, the cards shown stay when a page
// cannot be loaded; a card added by its code (a code of the wrong form refused without a call) and a
// synchronisation, each followed by the list read again, and each failure told in Italian.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Tessera } from '../../../contract/giocatori.ts'
import { TESSERE_MESSAGES, type Sincronizzazione, type TesseraAggiunta } from '../../../contract/tessere.ts'
import {
  type ElencoTessereContext,
  TESSERE_PAGE_SIZE,
  elencoTessereMachine,
} from '../../../machines/elenco-tessere.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, NOT_FOUND, expectedMessage, failureOf } from './failures.ts'

/** A card of the test player's, numbered `n` (shared with elenco-tessere.flow.test.ts). */
export const tessera = (n: number): Tessera => ({
  codice_tessera: `TN26${String(n).padStart(7, '0')}`,
  tipologia: 'Agonistica',
  disciplina: 'tennis',
  id_settore: 1,
  stagione: 2026,
  valida_dal: '2026-01-01',
  valida_al: '2026-12-31',
  id_circolo: 7,
  circolo: 'Circolo Tennis Prova',
  verifica: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
})
const FIRST = [tessera(1), tessera(2)]
const SECOND = [tessera(3)]
const AFTER_CHANGE = [tessera(9), tessera(1), tessera(2)]
const ADDED: TesseraAggiunta = {
  esito: 'aggiunta',
  tessera: tessera(9),
  messaggio: 'Tessera TN260000009 aggiunta al tuo elenco.',
}
const SYNCED: Sincronizzazione = {
  aggiunte: ['TN260000009'],
  aggiornate: [{ codice_tessera: 'TN260000001', modifiche: ['circolo'] }],
  invariate: 1,
  scadute: 0,
  messaggio: 'Sincronizzazione completata: 1 tessera aggiunta, 1 tessera aggiornata e 1 già aggiornata.',
}

function tessereEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'tessere.more' },
    { type: 'tessera.add', codice: 'tn 26 0000009' },
    { type: 'tessera.add', codice: 'TN-26!' },
    { type: 'tessere.sync' },
  ]
  if (snapshot.matches('loadingMore')) {
    events.push(done('loadTessere', { results: SECOND, record: 3 }), fail('loadTessere', NETWORK_FAILURE))
  }
  if (snapshot.matches({ adding: 'saving' })) {
    events.push(done('addTessera', ADDED), fail('addTessera', NOT_FOUND))
  }
  if (snapshot.matches({ syncing: 'comparing' })) {
    events.push(done('syncTessere', SYNCED), fail('syncTessere', NETWORK_FAILURE))
  }
  if (snapshot.matches({ adding: 'refreshing' }) || snapshot.matches({ syncing: 'refreshing' })) {
    events.push(
      done('loadTessere', { results: AFTER_CHANGE, record: 3 }),
      fail('loadTessere', NETWORK_FAILURE),
    )
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ElencoTessereContext

function checkTessere({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('loadingMore'), after.matches('loadingMore'))
  assert.equal(after.hasTag('adding'), after.matches('adding'))
  assert.equal(after.hasTag('syncing'), after.matches('syncing'))
  assert.equal(after.hasTag('busy'), !after.matches('ready'))
  assert.equal(after.can({ type: 'tessere.more' }), after.matches('ready') && now.tessere.length < now.record)
  assert.equal(after.can({ type: 'tessere.sync' }), after.matches('ready'), 'una sola operazione alla volta')
  if (!before) return
  const was = ctx(before)
  if (event.type === 'tessere.more') {
    assert.deepEqual(doubles.lastInput('loadTessere'), {
      id: 4711,
      rowstoskip: was.tessere.length,
      fetchrows: TESSERE_PAGE_SIZE,
    })
  }
  if (event.type === 'tessera.add') {
    if (event.codice === 'TN-26!') {
      assert.ok(after.matches('ready'), 'un codice di forma sbagliata non parte')
      assert.equal(now.addError, TESSERE_MESSAGES.codeFormat)
    } else {
      assert.ok(after.matches({ adding: 'saving' }))
      assert.deepEqual(doubles.lastInput('addTessera'), { codice_tessera: 'TN260000009' })
      assert.equal(now.addError, null)
      assert.equal(now.outcome, null)
    }
  }
  if (event.type === 'tessere.sync') {
    assert.ok(after.matches({ syncing: 'comparing' }))
    assert.equal(now.syncError, null)
  }
  if (event.type === 'xstate.done.actor.addTessera') {
    assert.ok(after.matches({ adding: 'refreshing' }), "dopo l'aggiunta l'elenco si rilegge")
    assert.deepEqual(now.outcome, { message: ADDED.messaggio, aggiunte: ['TN260000009'], aggiornate: [] })
    assert.deepEqual(doubles.lastInput('loadTessere'), {
      id: 4711,
      rowstoskip: 0,
      fetchrows: TESSERE_PAGE_SIZE,
    })
  }
  if (event.type === 'xstate.error.actor.addTessera') {
    assert.ok(after.matches('ready'))
    assert.equal(now.addError, expectedMessage(failureOf(event)))
    assert.deepEqual(now.tessere, was.tessere)
  }
  if (event.type === 'xstate.done.actor.syncTessere') {
    assert.ok(after.matches({ syncing: 'refreshing' }), 'passo 2 di 2')
    assert.deepEqual(now.outcome, {
      message: SYNCED.messaggio,
      aggiunte: SYNCED.aggiunte,
      aggiornate: SYNCED.aggiornate,
    })
  }
  if (event.type === 'xstate.error.actor.syncTessere') {
    assert.ok(after.matches('ready'))
    assert.equal(now.syncError, expectedMessage(failureOf(event)))
  }
  if (event.type === 'xstate.done.actor.loadTessere') {
    if (before.matches('loadingMore')) assert.deepEqual(now.tessere, [...was.tessere, ...SECOND])
    else assert.deepEqual(now.tessere, AFTER_CHANGE, "l'elenco riletto sostituisce quello mostrato")
    assert.equal(now.error, null)
    assert.deepEqual(now.outcome, was.outcome, "l'esito resta da leggere")
  }
  if (event.type === 'xstate.error.actor.loadTessere') {
    assert.deepEqual(now.tessere, was.tessere, 'le tessere già mostrate restano')
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
}

export const elencoTessereModel: MachineModel = {
  machine: elencoTessereMachine,
  abstract: (snapshot) => ({
    value: snapshot.value,
    shown: ctx(snapshot).tessere.length,
    record: ctx(snapshot).record,
    outcome: ctx(snapshot).outcome !== null,
    errors: [ctx(snapshot).error, ctx(snapshot).addError, ctx(snapshot).syncError].map((e) => e !== null),
  }),
  scenarios: [
    {
      name: 'Tre tessere, due nella prima pagina',
      input: { idPersona: 4711, tessere: FIRST, record: 3 },
      events: tessereEvents,
    },
    {
      name: 'Tutte le tessere nella prima pagina',
      input: { idPersona: 4711, tessere: FIRST, record: 2 },
      events: tessereEvents,
    },
  ],
  check: checkTessere,
}
