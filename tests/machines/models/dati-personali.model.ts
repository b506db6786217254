// Model of «I miei dati»: the download beside the deletion; the deletion asks a confirmation, then the password,
// and only with a password sends it; a refusal returns to the password with its message; nothing is deleted
// after «Annulla».
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import {
  type DatiPersonaliContext,
  EXPORT_DONE,
  datiPersonaliMachine,
} from '../../../machines/dati-personali.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const WRONG_PASSWORD = {
  ...SERVER_FAILURE,
  status: 403,
  message: 'La password non è corretta: l’account non è stato eliminato.',
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const list: AnyEventObject[] = [
    { type: 'dati.esporta' },
    { type: 'elimina.apri' },
    { type: 'elimina.continua' },
    { type: 'password.changed', password: 'segreta' },
    { type: 'password.changed', password: '' },
    { type: 'elimina.conferma' },
    { type: 'elimina.annulla' },
  ]
  if (snapshot.matches({ esportazione: 'exporting' }))
    list.push(done('esporta', undefined), fail('esporta', NETWORK_FAILURE))
  if (snapshot.matches({ eliminazione: 'deleting' }))
    list.push(done('elimina', undefined), fail('elimina', WRONG_PASSWORD))
  return list
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DatiPersonaliContext

function check({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('exporting'), after.matches({ esportazione: 'exporting' }))
  assert.equal(after.hasTag('deleting'), after.matches({ eliminazione: 'deleting' }))
  assert.equal(
    after.hasTag('dialog'),
    ['confirming', 'reauthenticating', 'deleting'].some((s) => after.matches({ eliminazione: s })),
  )
  if (!before) {
    assert.ok(after.matches({ esportazione: 'idle', eliminazione: 'idle' }))
    return
  }
  const was = ctx(before)
  if (after.matches({ eliminazione: 'deleting' }) && !before.matches({ eliminazione: 'deleting' })) {
    assert.equal(event.type, 'elimina.conferma', 'si elimina solo con «Elimina definitivamente»')
    assert.ok(before.matches({ eliminazione: 'reauthenticating' }), 'dopo la conferma e la password')
    assert.notEqual(was.password, '', 'con la password scritta')
    assert.deepEqual(doubles.lastInput('elimina'), { password: was.password })
  }
  if (event.type === 'elimina.annulla' && !before.matches({ eliminazione: 'deleting' })) {
    if (before.hasTag('dialog')) assert.ok(after.matches({ eliminazione: 'idle' }))
    assert.equal(now.password, '', 'la password non resta in memoria')
  }
  if (event.type === 'xstate.done.actor.elimina') {
    assert.ok(after.matches({ eliminazione: 'deleted' }))
    assert.equal(now.password, '')
  }
  if (event.type === 'xstate.error.actor.elimina') {
    assert.ok(after.matches({ eliminazione: 'reauthenticating' }), 'rifiutata, si torna alla password')
    assert.equal(now.deleteError, expectedMessage(failureOf(event)))
  }
  if (event.type === 'xstate.done.actor.esporta') assert.equal(now.exportNotice, EXPORT_DONE)
  if (event.type === 'xstate.error.actor.esporta') {
    assert.equal(now.exportError, expectedMessage(failureOf(event)))
    assert.equal(now.exportNotice, null)
  }
}

export const datiPersonaliModel: MachineModel = {
  machine: datiPersonaliMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      password: c.password !== '',
      error: c.deleteError !== null,
      notice: c.exportNotice !== null,
      exportError: c.exportError !== null,
    }
  },
  scenarios: [{ name: 'Scarica i dati ed elimina l’account', events }],
  check,
}
