import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { MESSAGES } from '../../contract/common.ts'
import {
  type SubmitResponse,
  confirmedActionMachine,
  failureMessage,
  isFailedResponse,
} from '../../machines/confirmed-action.ts'
import { describeModel } from './describe-model.ts'
import { confirmedActionModel } from './models/confirmed-action.model.ts'

describeModel(confirmedActionModel)

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('confirmedAction: the failure rule of spec §5', () => {
  it.each<[SubmitResponse, boolean]>([
    [{ status: 200 }, false],
    [{ status: 200, body: { result: [] } }, false],
    [{ status: 200, body: { statusCode: 200 } }, false],
    [{ status: 200, body: { StatusCode: '200' } }, false],
    [{ status: 200, body: { statusCode: null } }, false],
    [{ status: 204 }, false],
    [{ status: 204, body: { statusCode: 500 } }, false],
    [{ status: 200, body: { statusCode: 500 } }, true],
    [{ status: 200, body: { StatusCode: 400 } }, true],
    [{ status: 201 }, true],
    [{ status: 400, body: { statusCode: 400, message: 'Dati non validi' } }, true],
    [{ status: 500 }, true],
  ])('%j failed: %s', (response, failed) => {
    expect(isFailedResponse(response)).toBe(failed)
  })

  it("shows the server's message, otherwise the caller's fallback", () => {
    expect(failureMessage({ message: 'Sfida già accettata' }, 'Fallback')).toBe('Sfida già accettata')
    expect(failureMessage({ message: '  ' }, 'Fallback')).toBe('Fallback')
    expect(failureMessage(undefined, 'Fallback')).toBe('Fallback')
    expect(failureMessage('testo', 'Fallback')).toBe('Fallback')
  })
})

describe('confirmedAction: a user story', () => {
  it('asks "Sei sicuro?", submits the request, shows the server error, then confirms again and succeeds', async () => {
    const answers: SubmitResponse[] = [
      { status: 200, body: { statusCode: 409, message: 'La sfida è già stata accettata' } },
      { status: 204 },
    ]
    const requests: unknown[] = []
    const machine = confirmedActionMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }: { input: { request: unknown } }) => {
          requests.push(input.request)
          return answers.shift()!
        }),
      },
    })
    const actor = createActor(machine, { input: { successText: 'Sfida annullata' } }).start()
    expect(actor.getSnapshot().hasTag('open')).toBe(false)

    actor.send({ type: 'dialog.open', request: { id_sfida: 7 } })
    expect(actor.getSnapshot().context.confirmText).toBe('Sei sicuro?')
    actor.send({ type: 'dialog.confirm' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await tick()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe('La sfida è già stata accettata')
    expect(actor.getSnapshot().can({ type: 'dialog.cancel' })).toBe(false)

    actor.send({ type: 'dialog.open', request: { id_sfida: 8 } })
    expect(actor.getSnapshot().context.message).toBeNull()
    actor.send({ type: 'dialog.confirm' })
    await tick()
    expect(actor.getSnapshot().matches('succeeded')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe('Sfida annullata')
    expect(requests).toEqual([{ id_sfida: 7 }, { id_sfida: 8 }])

    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
  })

  it('treats a network error as a failure with the fallback text', async () => {
    const machine = confirmedActionMachine.provide({
      actors: { submit: fromPromise(async () => Promise.reject(new TypeError('Failed to fetch'))) },
    })
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'dialog.confirm' })
    await tick()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.message).toBe(MESSAGES.generic)
  })
})
