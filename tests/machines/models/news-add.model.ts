// Model of the news editor: a draft checked against the contract's lengths on submit (errors then follow every
// change), published, or the server's refusal shown as it is with the draft kept; then another news.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { NEWS_MIN_LENGTHS, type NewsCard } from '../../../contract/news.ts'
import {
  type NewsAddContext,
  hasUnsavedWork,
  newsAddMachine,
  trimmedDraft,
  validateNews,
} from '../../../machines/news-add.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'

const TIPOLOGIE = [
  { codice: 'comunicati', nome: 'Comunicati' },
  { codice: 'eventi', nome: 'Eventi' },
]
/** Texts just long enough for the contract, and one a letter short. */
const VALID = {
  titolo: 'Campionati italiani a Roma',
  sommario: 'A Roma dal 3 al 9 giugno, sei campi.',
  corpo: 'Il programma completo. '.repeat(4),
}
const SHORT_BODY = 'x'.repeat(NEWS_MIN_LENGTHS.corpo - 1)
const PUBLISHED = { id: 99, titolo: VALID.titolo } as unknown as NewsCard
const FORBIDDEN = { message: 'Non puoi pubblicare news', _tag: 'ServerFailure', status: 403 }

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsAddContext

function addEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { values } = ctx(snapshot)
  const events: AnyEventObject[] = [{ type: 'form.submit', id_settore: 2 }, { type: 'editor.another' }]
  // Each text filled in, in order, then the body shortened: a small, finite set of drafts.
  if (values.titolo === '') events.push({ type: 'field.changed', field: 'titolo', value: VALID.titolo })
  else if (values.sommario === '')
    events.push({ type: 'field.changed', field: 'sommario', value: VALID.sommario })
  else if (values.corpo === '') events.push({ type: 'field.changed', field: 'corpo', value: VALID.corpo })
  else if (values.corpo === VALID.corpo)
    events.push({ type: 'field.changed', field: 'corpo', value: SHORT_BODY })
  if (snapshot.matches('publishing')) events.push(done('publish', PUBLISHED), fail('publish', FORBIDDEN))
  return events
}

function checkAdd({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('sending'), after.matches('publishing'))
  assert.deepEqual(now.tipologie, TIPOLOGIE)
  if (!before) {
    assert.ok(after.matches('editing'))
    assert.equal(now.values.tipologia_news, 'comunicati', 'la prima tipologia è già scelta')
    assert.deepEqual(now.errors, {}, 'nessun errore prima del primo invio')
    assert.equal(hasUnsavedWork(now), false)
    return
  }
  const was = ctx(before)
  if (event.type === 'form.submit') {
    const problems = validateNews(was.values, TIPOLOGIE)
    if (Object.keys(problems).length > 0) {
      assert.ok(after.matches('editing'), 'una bozza incompleta non parte')
      assert.deepEqual(now.errors, problems, 'ogni errore accanto al suo campo')
      assert.equal(now.attempt, was.attempt + 1)
    } else {
      assert.ok(after.matches('publishing'))
      assert.deepEqual(doubles.lastInput('publish'), { draft: trimmedDraft(was.values), id_settore: 2 })
      assert.equal(now.error, null)
    }
  }
  if (event.type === 'field.changed') {
    assert.equal(now.values[event.field as 'titolo'], event.value)
    assert.deepEqual(now.errors, now.submitted ? validateNews(now.values, TIPOLOGIE) : {})
    assert.equal(hasUnsavedWork(now), true, 'c’è testo da non perdere')
  }
  if (event.type === 'xstate.error.actor.publish') {
    assert.ok(after.matches('editing'), 'la bozza resta')
    assert.deepEqual(now.values, was.values)
    assert.equal(now.error, 'Non puoi pubblicare news', 'il rifiuto del server così com’è')
    assert.equal(now.attempt, was.attempt + 1)
  }
  if (event.type === 'xstate.done.actor.publish') {
    assert.deepEqual(now.published, PUBLISHED)
    assert.equal(hasUnsavedWork(now), false, 'pubblicata: niente da perdere')
  }
  if (event.type === 'editor.another') {
    assert.ok(after.matches('editing'))
    assert.equal(now.published, null)
    assert.equal(now.values.titolo, '')
    assert.equal(now.submitted, false)
  }
}

export const newsAddModel: MachineModel = {
  machine: newsAddMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      values: c.values,
      submitted: c.submitted,
      published: c.published !== null,
    }
  },
  scenarios: [{ name: 'Redattore', input: { tipologie: TIPOLOGIE }, events: addEvents }],
  check: checkAdd,
}
