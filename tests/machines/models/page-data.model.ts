// Model of the shared page loader: load, show, say why it failed and retry, reload with new params, a 404 as
// "missing" only where the page asks for it, data that came with the page shown without a call.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type PageDataContext, type PageDataInput, pageDataMachine } from '../../../machines/page-data.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE, NOT_FOUND, SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

export const PARAMS = { id_settore: 1 }
export const OTHER_PARAMS = { id_settore: 2 }
export const DATA = { results: [{ id: 1, titolo: 'Campionati italiani' }], record: 1 }

function pageDataEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [{ type: 'page.retry' }, { type: 'page.reload', params: OTHER_PARAMS }]
  if (snapshot.matches('loading')) {
    events.push(
      done('loadPage', DATA),
      fail('loadPage', SERVER_FAILURE),
      fail('loadPage', NETWORK_FAILURE),
      fail('loadPage', NOT_FOUND),
    )
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PageDataContext

function checkPageData({ scenario, before, event, after, doubles }: ExecutedStep) {
  const input = scenario.input as PageDataInput
  const now = ctx(after)
  assert.equal(after.hasTag('loading'), after.matches('loading'), 'scheletro solo durante il caricamento')
  assert.equal(after.hasTag('failed'), after.matches('failed'), '«Riprova» solo dopo un errore')
  if (after.matches('failed')) assert.ok(now.error, 'un errore ha sempre il suo messaggio')
  if (after.matches('ready')) assert.notEqual(now.data, null, 'pronto con i dati')

  if (event.type === 'xstate.init') {
    if (input.initial) {
      assert.ok(after.matches('ready'), 'i dati arrivati con la pagina si mostrano subito')
      assert.deepEqual(now.data, input.initial)
      assert.equal(doubles.inputs.has('loadPage'), false, 'nessuna richiesta per dati già presenti')
    } else {
      assert.ok(after.matches('loading'))
      assert.deepEqual(doubles.lastInput('loadPage'), { params: input.params })
    }
    return
  }
  assert.ok(before)
  if (event.type === 'xstate.done.actor.loadPage') {
    assert.ok(after.matches('ready'))
    assert.deepEqual(now.data, event.output)
    assert.equal(now.error, null)
  }
  if (event.type === 'xstate.error.actor.loadPage') {
    const failure = failureOf(event) as { status?: number }
    if (input.notFoundIsMissing && failure.status === 404) {
      assert.ok(after.matches('missing'), '404 su una pagina di dettaglio: contenuto inesistente')
    } else {
      assert.ok(after.matches('failed'))
      assert.equal(now.error, expectedMessage(failureOf(event)))
    }
  }
  if (event.type === 'page.retry') {
    assert.ok(before.matches('failed'), 'si riprova solo dopo un errore')
    assert.ok(after.matches('loading'))
    assert.equal(now.error, null)
    assert.deepEqual(doubles.lastInput('loadPage'), { params: ctx(before).params })
  }
  if (event.type === 'page.reload') {
    assert.ok(after.matches('loading'))
    assert.deepEqual(now.data, ctx(before).data, 'i dati di prima restano finché arrivano i nuovi')
    assert.equal(now.error, null)
    assert.deepEqual(doubles.lastInput('loadPage'), { params: event.params })
  }
}

export const pageDataModel: MachineModel = {
  machine: pageDataMachine,
  // The loaded data and the message follow from the last outcome; what matters next is where and for what.
  abstract: (snapshot) => ({ value: snapshot.value, params: ctx(snapshot).params }),
  scenarios: [
    { name: 'Pagina da caricare', input: { params: PARAMS }, events: pageDataEvents },
    {
      name: 'Pagina di dettaglio (404: inesistente)',
      input: { params: PARAMS, notFoundIsMissing: true },
      events: pageDataEvents,
    },
    { name: 'Dati arrivati con la pagina', input: { params: PARAMS, initial: DATA }, events: pageDataEvents },
  ],
  check: checkPageData,
}
