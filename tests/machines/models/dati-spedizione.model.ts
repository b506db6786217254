// Model of the shipping address form: a new province clears comune and CAP and loads its comuni; a comune with
// one CAP fills it in; errors after the first submit then following every change; saved, the form stays open.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import {
  type ComuneConCap,
  type DatiSpedizioneContext,
  type SpedizioneErrors,
  type SpedizioneRules,
  type SpedizioneValues,
  datiSpedizioneMachine,
} from '../../../machines/dati-spedizione.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const COMUNI: ComuneConCap[] = [
  { nome: 'Rho', cap: ['20017'] },
  { nome: 'Milano', cap: ['20121', '20122'] },
]
const VALUES: SpedizioneValues = {
  presso: '',
  indirizzo: 'Corso Europa 3',
  provincia: 'MI',
  comune: '',
  cap: '',
}
const SAVED = { presso: null, indirizzo: 'Corso Europa 3', cap: '20017', comune: 'Rho', provincia: 'MI' }

/** A stand-in for the form's rules: comune and CAP required. */
const rules: SpedizioneRules = (values) => {
  const errors: SpedizioneErrors = {}
  if (values.comune === '') errors.comune = 'Scegli il comune.'
  if (values.cap === '') errors.cap = 'Indica il CAP.'
  return errors
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const list: AnyEventObject[] = [
    { type: 'field.changed', field: 'provincia', value: 'MI' },
    { type: 'field.changed', field: 'provincia', value: '' },
    { type: 'field.changed', field: 'comune', value: 'Rho' },
    { type: 'field.changed', field: 'comune', value: 'Milano' },
    { type: 'field.changed', field: 'cap', value: '20121' },
    { type: 'form.submit' },
    { type: 'comuni.retry' },
  ]
  if (snapshot.matches({ comuni: 'loading' })) {
    list.push(done('loadComuni', COMUNI), fail('loadComuni', NETWORK_FAILURE))
  }
  if (snapshot.matches({ form: 'saving' })) {
    list.push(done('saveSpedizione', SAVED), fail('saveSpedizione', SERVER_FAILURE))
  }
  return list
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DatiSpedizioneContext

function check({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('saving'), after.matches({ form: 'saving' }))
  if (!before) {
    assert.ok(after.matches({ comuni: 'loading' }), 'i comuni della provincia già scelta')
    return
  }
  const was = ctx(before)
  if (event.type === 'field.changed' && event.field === 'provincia') {
    assert.equal(now.values.comune, '', 'una nuova provincia svuota il comune')
    assert.equal(now.values.cap, '', 'e il CAP')
    assert.ok(after.matches({ comuni: event.value === '' ? 'idle' : 'loading' }))
  }
  if (event.type === 'field.changed' && event.field === 'comune') {
    const expected = event.value === 'Rho' && was.comuni ? '20017' : was.values.cap
    assert.equal(now.values.cap, expected, 'il CAP unico del comune si compila da sé')
  }
  if (event.type === 'field.changed') {
    assert.deepEqual(now.errors, now.submitted ? rules(now.values, now.comuni) : {})
    assert.equal(now.saved, null)
  }
  if (event.type === 'form.submit') {
    const errors = rules(was.values, was.comuni)
    if (Object.keys(errors).length > 0) {
      assert.ok(after.matches({ form: 'editing' }))
      assert.deepEqual(now.errors, errors)
      assert.equal(now.attempt, was.attempt + 1)
    } else {
      assert.ok(after.matches({ form: 'saving' }))
      assert.deepEqual(doubles.lastInput('saveSpedizione'), was.values)
    }
  }
  if (event.type === 'xstate.done.actor.saveSpedizione') {
    assert.ok(after.matches({ form: 'editing' }), 'salvato, il modulo resta aperto')
    assert.deepEqual(now.saved, SAVED)
  }
  if (event.type === 'xstate.error.actor.saveSpedizione') {
    assert.ok(after.matches({ form: 'editing' }))
    assert.equal(now.formError, expectedMessage(failureOf(event)))
  }
  if (event.type === 'xstate.done.actor.loadComuni') assert.deepEqual(now.comuni, COMUNI)
}

export const datiSpedizioneModel: MachineModel = {
  machine: datiSpedizioneMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      provincia: c.values.provincia,
      comune: c.values.comune,
      cap: c.values.cap,
      comuni: c.comuni !== null,
      submitted: c.submitted,
    }
  },
  scenarios: [
    {
      name: 'Indirizzo nuovo in provincia di Milano',
      input: { values: VALUES, province: [{ sigla: 'MI', nome: 'Milano' }], validate: rules },
      events,
    },
  ],
  check,
}
