// Model of /faq: the search starts after a pause in typing, with the discipline; more questions while there
// are more; a failed search says why and offers «Riprova»; the questions shown stay when a page fails.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { FaqItem } from '../../../contract/faq.ts'
import { type FaqContext, faqMachine } from '../../../machines/faq.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const item = (id: number) => ({ id, domanda: `Domanda ${id}?`, risposta: 'Risposta.' }) as unknown as FaqItem

function faqEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'faq.typed', testo: ' tessera ' },
    { type: 'faq.disciplineChanged', disciplina: 'padel' },
    { type: 'faq.more' },
    { type: 'faq.retry' },
  ]
  if (snapshot.matches('typing')) events.push(done('pause', undefined))
  if (snapshot.matches('loading')) {
    events.push(done('loadFaq', { results: [item(1)], record: 2 }), fail('loadFaq', SERVER_FAILURE))
  }
  if (snapshot.matches('loadingMore')) {
    events.push(done('loadMoreFaq', { results: [item(2)], record: 2 }), fail('loadMoreFaq', SERVER_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FaqContext

function checkFaq({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('searching'), after.matches('typing') || after.matches('loading'))
  assert.equal(after.hasTag('loadingMore'), after.matches('loadingMore'))
  if (event.type === 'xstate.init') {
    assert.ok(after.matches('loading'))
    assert.deepEqual(doubles.lastInput('loadFaq'), { disciplina: 'tennis', testo: '', rowstoskip: 0 })
    return
  }
  assert.ok(before)
  const was = ctx(before)
  if (event.type === 'faq.typed') {
    assert.ok(after.matches('typing'), 'si aspetta una pausa prima di cercare')
    assert.equal(now.query, was.query, 'la ricerca non cambia mentre si scrive')
  }
  if (event.type === 'xstate.done.actor.pause') {
    assert.ok(after.matches('loading'))
    assert.deepEqual(doubles.lastInput('loadFaq'), {
      disciplina: now.disciplina,
      testo: now.testo.trim(),
      rowstoskip: 0,
    })
  }
  if (event.type === 'faq.disciplineChanged') {
    assert.deepEqual(doubles.lastInput('loadFaq'), { disciplina: 'padel', testo: was.query, rowstoskip: 0 })
  }
  if (event.type === 'faq.more') {
    assert.ok(was.items.length < was.record)
    assert.deepEqual(doubles.lastInput('loadMoreFaq'), {
      disciplina: now.disciplina,
      testo: now.query,
      rowstoskip: was.items.length,
    })
  }
  if (event.type === 'xstate.error.actor.loadFaq') {
    assert.ok(after.matches('failed'))
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'xstate.error.actor.loadMoreFaq') {
    assert.ok(after.matches('ready'))
    assert.deepEqual(now.items, was.items, 'le domande già mostrate restano')
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'xstate.done.actor.loadMoreFaq') assert.deepEqual(now.items, [...was.items, item(2)])
  if (event.type === 'faq.retry') assert.equal(now.error, null)
}

export const faqModel: MachineModel = {
  machine: faqMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, disciplina: c.disciplina, query: c.query, shown: c.items.length }
  },
  scenarios: [{ name: 'FAQ del tennis', input: { disciplina: 'tennis' }, events: faqEvents }],
  check: checkFaq,
}
