// Model of the /modifica-privacy form: both answers required, the notice accepted, errors shown after the
// first submit and then following every change, the consents saved.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type PrivacyContext, modificaPrivacyMachine } from '../../../machines/modifica-privacy.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

function privacyEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'privacy.changed', value: true },
    { type: 'privacy.changed', value: false },
    { type: 'profilation.changed', value: false },
    { type: 'form.submit' },
  ]
  if (snapshot.matches('saving')) {
    events.push(done('savePrivacy', { privacy: 1, profilation: 0 }), fail('savePrivacy', SERVER_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PrivacyContext

function checkPrivacy({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('saving'), after.matches('saving'))
  if (event.type === 'xstate.init') {
    assert.deepEqual(now.errors, {}, 'nessun errore prima del primo invio')
    return
  }
  assert.ok(before)
  const was = ctx(before)
  const problems = (c: PrivacyContext) => [!c.values.privacy, c.values.profilation === null]
  if (event.type === 'form.submit') {
    const [privacy, profilation] = problems(was)
    if (privacy || profilation) {
      assert.ok(after.matches('editing'), 'un modulo incompleto non parte')
      assert.equal(Boolean(now.errors.privacy), privacy)
      assert.equal(Boolean(now.errors.profilation), profilation)
      assert.equal(now.attempt, was.attempt + 1)
    } else {
      assert.ok(after.matches('saving'))
      assert.deepEqual(doubles.lastInput('savePrivacy'), {
        privacy: true,
        profilation: was.values.profilation === true,
      })
    }
  }
  if ((event.type === 'privacy.changed' || event.type === 'profilation.changed') && now.submitted) {
    const [privacy, profilation] = problems(now)
    assert.equal(Boolean(now.errors.privacy), privacy, 'dopo il primo invio gli errori seguono le modifiche')
    assert.equal(Boolean(now.errors.profilation), profilation)
  }
  if (event.type === 'xstate.done.actor.savePrivacy') {
    assert.ok(after.matches('saved'))
    assert.equal(after.status, 'done')
    assert.deepEqual(now.saved, event.output)
  }
  if (event.type === 'xstate.error.actor.savePrivacy') {
    assert.ok(after.matches('editing'))
    assert.equal(now.formError, expectedMessage(failureOf(event)))
  }
}

export const modificaPrivacyModel: MachineModel = {
  machine: modificaPrivacyMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, values: c.values, submitted: c.submitted, status: snapshot.status }
  },
  scenarios: [
    {
      name: 'Nessuna scelta precedente',
      input: { values: { privacy: false, profilation: null } },
      events: privacyEvents,
    },
  ],
  check: checkPrivacy,
}
