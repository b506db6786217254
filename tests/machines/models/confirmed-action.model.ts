// Model of the confirmed action (spec §4, §5, §8): the answers the request can get, and the rules checked on
// every executed step. The failure rule is restated here from the spec, independently of the machine.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import {
  type ConfirmedActionContext,
  type SubmitResponse,
  confirmedActionMachine,
} from '../../../machines/confirmed-action.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'

export const RESPONSES: readonly SubmitResponse[] = [
  { status: 200, body: { result: { id: 7 } } },
  { status: 200, body: { statusCode: 200, message: 'ok' } },
  { status: 204 },
  {
    status: 200,
    body: { statusCode: 500, message: 'Impossibile annullare la sfida: risultato già confermato' },
  },
  { status: 200, body: { StatusCode: 400 } },
  { status: 500, body: { statusCode: 500, message: 'Errore del server' } },
  { status: 404 },
]
export const NETWORK_FAILURE = { message: 'Failed to fetch' }
export const REQUEST = { path: 'sfide/del', body: { id_sfida: 7 } }

/** Spec §5, word for word: failed if not 200/204, or 200 with a statusCode/StatusCode other than 200. */
function specSaysFailed({ status, body }: SubmitResponse): boolean {
  if (status !== 200 && status !== 204) return true
  if (status !== 200) return false
  const b = (body ?? {}) as { statusCode?: unknown; StatusCode?: unknown }
  return [b.statusCode, b.StatusCode].some((code) => code !== undefined && code !== 200)
}

function confirmedActionEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'dialog.open', request: REQUEST },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'dialog.close' },
  ]
  if (snapshot.matches('submitting')) {
    events.push(...RESPONSES.map((response) => done('submit', response)), fail('submit', NETWORK_FAILURE))
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ConfirmedActionContext

function checkConfirmedAction({ scenario, before, event, after, doubles }: ExecutedStep) {
  const texts = (scenario.input ?? {}) as { confirmText?: string; successText?: string; errorText?: string }
  const now = ctx(after)
  assert.equal(now.confirmText, texts.confirmText ?? 'Sei sicuro?')
  assert.equal(after.hasTag('open'), !after.matches('idle'), 'una finestra è aperta fuori da idle')
  assert.equal(after.hasTag('busy'), after.matches('submitting'), 'indicatore solo durante l’invio')
  // Chiudi closes the result dialogs; the error dialog ignores clicks outside (dialog.cancel).
  if (after.matches('failed')) {
    assert.equal(after.can({ type: 'dialog.cancel' }), false)
    assert.equal(after.can({ type: 'dialog.close' }), true)
  }
  if (after.matches('succeeded')) assert.equal(after.can({ type: 'dialog.close' }), true)
  if (after.matches('submitting')) {
    assert.equal(after.can({ type: 'dialog.cancel' }), false, 'non si annulla durante l’invio')
  }

  if (event.type === 'xstate.init') {
    assert.ok(after.matches('idle'))
    return
  }
  assert.ok(before)
  if (event.type === 'dialog.open') {
    assert.ok(after.matches('confirming'))
    assert.equal(now.message, null)
    assert.equal(now.response, null)
  }
  if (event.type === 'dialog.cancel' || event.type === 'dialog.close') {
    assert.ok(after.matches('idle'))
    assert.equal(now.message, null)
  }
  if (event.type === 'dialog.confirm') {
    assert.ok(after.matches('submitting'))
    assert.deepEqual(doubles.lastInput('submit'), { request: REQUEST })
  }
  if (event.type === 'xstate.done.actor.submit') {
    const response = event.output as SubmitResponse
    const serverMessage = (response.body as { message?: string } | undefined)?.message
    if (specSaysFailed(response)) {
      assert.ok(after.matches('failed'), `${JSON.stringify(response)} è un fallimento`)
      assert.equal(now.message, serverMessage ?? texts.errorText ?? MESSAGES.generic)
    } else {
      assert.ok(after.matches('succeeded'), `${JSON.stringify(response)} è un successo`)
      assert.equal(now.message, texts.successText ?? 'Operazione completata')
    }
    assert.deepEqual(now.response, response)
  }
  if (event.type === 'xstate.error.actor.submit') {
    assert.ok(after.matches('failed'))
    assert.equal(now.message, texts.errorText ?? MESSAGES.generic)
  }
}

export const confirmedActionModel: MachineModel = {
  machine: confirmedActionMachine,
  scenarios: [
    { name: 'Testi predefiniti', input: {}, events: confirmedActionEvents },
    {
      name: 'Testi del chiamante',
      input: {
        confirmText: 'Vuoi annullare la sfida?',
        successText: 'Sfida annullata',
        errorText: 'Annullamento non riuscito',
      },
      events: confirmedActionEvents,
    },
  ],
  check: checkConfirmedAction,
}
