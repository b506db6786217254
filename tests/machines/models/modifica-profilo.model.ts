// Model of the /modifica-profilo form: a new province clears the comune and loads its comuni; errors after the
// first submit then following every change; the birthplace checked before saving (unless the dataset cannot be
// fetched: the server checks it anyway); the server's message on a failed save.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import {
  BIRTHPLACE_ERROR,
  type ModificaProfiloContext,
  type ModificaProfiloInput,
  type ProfiloErrors,
  type ProfiloRules,
  type ProfiloValues,
  modificaProfiloMachine,
} from '../../../machines/modifica-profilo.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const VALUES: ProfiloValues = {
  nome: 'Mario',
  cognome: 'Rossi',
  sesso: 'M',
  data_nascita: '1980-01-01',
  codice_fiscale: ' rssmra80a01h501u ',
  provincia: 'RM',
  comune: 'roma',
  telefono: '333 1234567',
}
const SAVED = { dati_incompleti: 0, id_persona: 4711, persona: 'Mario Rossi', provincia: 'RM' }

/** A stand-in for the form's rules: a province and a comune of its list are required. */
const rules: ProfiloRules = (values, { comuni }) => {
  const errors: ProfiloErrors = {}
  if (values.provincia === '') errors.provincia = 'Scegli la provincia di residenza.'
  if (values.comune === '') errors.comune = 'Scegli il comune di residenza.'
  else if (comuni && comuni.length > 0 && !comuni.includes(values.comune)) {
    errors.comune = 'Scegli un comune della provincia indicata.'
  }
  return errors
}

function profiloEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as ModificaProfiloContext
  const events: AnyEventObject[] = [
    { type: 'field.changed', field: 'provincia', value: 'RM' },
    { type: 'field.changed', field: 'provincia', value: '' },
    { type: 'field.changed', field: 'comune', value: 'Roma' },
    { type: 'form.submit' },
    { type: 'comuni.retry' },
  ]
  if (snapshot.matches({ comuni: 'loading' })) {
    events.push(
      done('loadComuni', { comuni: ['Roma', 'Fiumicino'], comune: c.values.comune === '' ? '' : 'Roma' }),
      fail('loadComuni', NETWORK_FAILURE),
    )
  }
  if (snapshot.matches({ form: 'checkingPlace' })) {
    events.push(
      done('checkBirthPlace', true),
      done('checkBirthPlace', false),
      fail('checkBirthPlace', NETWORK_FAILURE),
    )
  }
  if (snapshot.matches({ form: 'saving' })) {
    events.push(done('saveProfilo', SAVED), fail('saveProfilo', SERVER_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ModificaProfiloContext

function checkProfilo({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  const saving = after.matches({ form: 'checkingPlace' }) || after.matches({ form: 'saving' })
  assert.equal(after.hasTag('saving'), saving)
  if (!before) {
    assert.ok(after.matches({ comuni: 'loading' }), 'i comuni della provincia salvata')
    assert.deepEqual(doubles.lastInput('loadComuni'), { provincia: 'RM', comune: 'roma' })
    assert.deepEqual(now.errors, {})
    return
  }
  const was = ctx(before)
  if (event.type === 'field.changed' && event.field === 'provincia') {
    assert.equal(now.values.comune, '', 'una nuova provincia svuota il comune')
    if (event.value === '') assert.ok(after.matches({ comuni: 'idle' }))
    else {
      assert.ok(after.matches({ comuni: 'loading' }))
      assert.deepEqual(doubles.lastInput('loadComuni'), { provincia: event.value, comune: '' })
    }
  }
  if (event.type === 'field.changed') {
    const expected = now.submitted ? rules(now.values, { comuni: now.comuni, today: now.today }) : {}
    assert.deepEqual(now.errors, expected, 'dopo il primo invio gli errori seguono le modifiche')
  }
  if (event.type === 'xstate.done.actor.loadComuni') {
    assert.deepEqual(now.comuni, ['Roma', 'Fiumicino'])
    if (was.values.comune !== '') assert.equal(now.values.comune, 'Roma', 'il comune come lo scrive l’elenco')
  }
  if (event.type === 'form.submit') {
    const errors = rules(was.values, { comuni: was.comuni, today: was.today })
    if (Object.keys(errors).length > 0) {
      assert.ok(after.matches({ form: 'editing' }))
      assert.deepEqual(now.errors, errors)
      assert.equal(now.attempt, was.attempt + 1)
    } else {
      assert.ok(after.matches({ form: 'checkingPlace' }))
      assert.deepEqual(doubles.lastInput('checkBirthPlace'), { codice_fiscale: 'RSSMRA80A01H501U' })
    }
  }
  if (event.type === 'xstate.done.actor.checkBirthPlace') {
    if (event.output) assert.ok(after.matches({ form: 'saving' }))
    else {
      assert.ok(after.matches({ form: 'editing' }))
      assert.equal(now.errors.codice_fiscale, BIRTHPLACE_ERROR)
      assert.equal(now.attempt, was.attempt + 1)
    }
  }
  if (event.type === 'xstate.error.actor.checkBirthPlace') {
    assert.ok(after.matches({ form: 'saving' }), 'senza elenco dei luoghi decide il server')
  }
  if (after.matches({ form: 'saving' }) && !before.matches({ form: 'saving' })) {
    assert.deepEqual(doubles.lastInput('saveProfilo'), now.values)
  }
  if (event.type === 'xstate.done.actor.saveProfilo') {
    assert.ok(after.matches({ form: 'saved' }))
    assert.deepEqual(now.saved, SAVED)
  }
  if (event.type === 'xstate.error.actor.saveProfilo') {
    assert.ok(after.matches({ form: 'editing' }))
    assert.equal(now.formError, expectedMessage(failureOf(event)))
    assert.equal(now.attempt, was.attempt + 1)
  }
}

export const modificaProfiloModel: MachineModel = {
  machine: modificaProfiloMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      provincia: c.values.provincia,
      comune: c.values.comune,
      comuni: c.comuni === null ? null : c.comuni.length,
      submitted: c.submitted,
    }
  },
  scenarios: [
    {
      name: 'Profilo con residenza a Roma',
      input: {
        values: VALUES,
        email: 'mario.rossi@example.it',
        province: [{ sigla: 'RM', nome: 'Roma' }],
        today: '2026-03-12',
        validate: rules,
      } satisfies ModificaProfiloInput,
      events: profiloEvents,
    },
  ],
  check: checkProfilo,
}
