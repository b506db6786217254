// Model of the further pages of /elenco-tessere: more while there are more, the cards shown stay when a page
// cannot be loaded.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Tessera } from '../../../contract/giocatori.ts'
import {
  type ElencoTessereContext,
  TESSERE_PAGE_SIZE,
  elencoTessereMachine,
} from '../../../machines/elenco-tessere.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, expectedMessage, failureOf } from './failures.ts'

const tessera = (n: number): Tessera => ({
  codice_tessera: `TS-2026-${String(n).padStart(6, '0')}`,
  tipologia: 'Agonistica',
  disciplina: 'tennis',
  id_settore: 1,
  stagione: 2026,
  valida_dal: '2026-01-01',
  valida_al: '2026-12-31',
})
const FIRST = [tessera(1), tessera(2)]
const SECOND = [tessera(3)]

function tessereEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [{ type: 'tessere.more' }]
  if (snapshot.matches('loadingMore')) {
    events.push(done('loadTessere', { results: SECOND, record: 3 }), fail('loadTessere', NETWORK_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ElencoTessereContext

function checkTessere({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('loadingMore'), after.matches('loadingMore'))
  assert.equal(after.can({ type: 'tessere.more' }), after.matches('ready') && now.tessere.length < now.record)
  if (!before) return
  const was = ctx(before)
  if (event.type === 'tessere.more') {
    assert.deepEqual(doubles.lastInput('loadTessere'), {
      id: 4711,
      rowstoskip: was.tessere.length,
      fetchrows: TESSERE_PAGE_SIZE,
    })
  }
  if (event.type === 'xstate.done.actor.loadTessere') {
    assert.deepEqual(now.tessere, [...was.tessere, ...SECOND])
    assert.equal(now.error, null)
  }
  if (event.type === 'xstate.error.actor.loadTessere') {
    assert.deepEqual(now.tessere, was.tessere, 'le tessere già mostrate restano')
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
}

export const elencoTessereModel: MachineModel = {
  machine: elencoTessereMachine,
  abstract: (snapshot) => ({ value: snapshot.value, shown: ctx(snapshot).tessere.length }),
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
