// Model of the /impostazioni form: it starts from the settings and the consent the server holds, only what
// changed is saved, the profilation through its own call.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { ImpostazioniView } from '../../../contract/impostazioni.ts'
import {
  type ImpostazioniContext,
  type ImpostazioniInput,
  type SaveOutcome,
  impostazioniMachine,
} from '../../../machines/impostazioni.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

export const SETTINGS: ImpostazioniView = {
  notifiche_email: true,
  notifiche_tornei: true,
  notifiche_sfide: true,
  newsletter: false,
  visibile_ricerche: true,
  mostra_power: true,
  id_settore: null,
  aggiornato_il: null,
}
const SAVED_AT = '2026-03-12T09:30:00.000Z'

function impostazioniEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as ImpostazioniContext
  const events: AnyEventObject[] = [
    { type: 'field.changed', field: 'newsletter', value: !c.values.newsletter },
    { type: 'field.changed', field: 'profilation', value: !c.values.profilation },
    { type: 'form.submit' },
  ]
  if (snapshot.matches('saving')) {
    const changed = c.values.newsletter !== c.saved.newsletter
    const consent = c.values.profilation !== c.saved.profilation
    const outcome: SaveOutcome = {
      view: changed ? { ...SETTINGS, newsletter: c.values.newsletter, aggiornato_il: SAVED_AT } : null,
      consensi: consent ? { privacy: 1, profilation: c.values.profilation ? 1 : 0 } : null,
    }
    events.push(done('saveImpostazioni', outcome), fail('saveImpostazioni', SERVER_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ImpostazioniContext

function checkImpostazioni({ scenario, before, event, after, doubles }: ExecutedStep) {
  const input = scenario.input as ImpostazioniInput
  const now = ctx(after)
  assert.equal(after.hasTag('saving'), after.matches('saving'))
  if (event.type === 'xstate.init') {
    assert.ok(after.matches('editing'))
    assert.equal(now.values.profilation, input.profilation, 'il consenso come lo conserva il server')
    assert.equal(now.values.newsletter, input.settings.newsletter)
    assert.equal(after.can({ type: 'form.submit' }), false, 'niente da salvare all’apertura')
    return
  }
  assert.ok(before)
  const was = ctx(before)
  const dirty = (c: ImpostazioniContext) =>
    c.values.newsletter !== c.saved.newsletter || c.values.profilation !== c.saved.profilation
  if (after.matches('editing')) assert.equal(after.can({ type: 'form.submit' }), dirty(now))
  if (event.type === 'form.submit') {
    assert.ok(dirty(was), 'si salva solo ciò che è cambiato')
    assert.ok(after.matches('saving'))
    assert.deepEqual(doubles.lastInput('saveImpostazioni'), {
      changes: was.values.newsletter !== was.saved.newsletter ? { newsletter: was.values.newsletter } : {},
      profilation: was.values.profilation !== was.saved.profilation ? was.values.profilation : null,
    })
  }
  if (event.type === 'xstate.done.actor.saveImpostazioni') {
    assert.ok(after.matches('editing'))
    assert.equal(now.saves, was.saves + 1)
    assert.deepEqual(now.values, now.saved, 'ciò che si vede è ciò che è salvato')
    assert.deepEqual(now.consensi, (event.output as SaveOutcome).consensi)
  }
  if (event.type === 'xstate.error.actor.saveImpostazioni') {
    assert.ok(after.matches('editing'))
    assert.equal(now.formError, expectedMessage(failureOf(event)))
    assert.equal(now.attempt, was.attempt + 1)
    assert.deepEqual(now.values, was.values, 'le modifiche restano dopo un errore')
  }
}

export const impostazioniModel: MachineModel = {
  machine: impostazioniMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, values: c.values, saved: c.saved }
  },
  scenarios: [
    {
      name: 'Profilazione negata',
      input: { settings: SETTINGS, profilation: false } satisfies ImpostazioniInput,
      events: impostazioniEvents,
    },
    {
      name: 'Profilazione data',
      input: { settings: SETTINGS, profilation: true } satisfies ImpostazioniInput,
      events: impostazioniEvents,
    },
  ],
  check: checkImpostazioni,
}
