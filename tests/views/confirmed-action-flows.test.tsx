// The paths generated from the confirmed-action machine (machines/confirmed-action.ts), replayed on the
// rendered dialog (src/ui/ConfirmedAction.tsx): open, Conferma, Annulla, Esc and Chiudi are what the user does,
// the server's answer settles the request, and each state is checked on what the user sees.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { ConfirmedActionContext, SubmitResponse } from '../../machines/confirmed-action.ts'
import { ConfirmedAction } from '../../src/ui/ConfirmedAction.tsx'
import { type MachineModel, coverageOf, done, fail, planPaths, runPath } from '../machines/coverage.ts'
import {
  NETWORK_FAILURE,
  RESPONSES,
  confirmedActionModel,
} from '../machines/models/confirmed-action.model.ts'
import { replayOnView } from './replay.ts'

/**
 * What the dialog lets a user do in each state, and how the server may answer. The trigger opens the dialog
 * only from idle: while a result shows, the modal covers it (dialog.open from a result is for callers).
 */
function userEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    ...(snapshot.matches('idle') ? [{ type: 'dialog.open' }] : []),
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'dialog.close' },
  ]
  if (snapshot.matches('submitting')) {
    events.push(...RESPONSES.map((response) => done('submit', response)), fail('submit', NETWORK_FAILURE))
  }
  return events
}

const viewModel: MachineModel = {
  machine: confirmedActionModel.machine,
  scenarios: confirmedActionModel.scenarios.map((scenario) => ({ ...scenario, events: userEvents })),
}

const TRIGGER = 'Annulla la sfida'
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ConfirmedActionContext

function dialogDriver() {
  let user: UserEvent
  const requests: { resolve: (r: SubmitResponse) => void; reject: (e: unknown) => void }[] = []
  const onSuccess = vi.fn()
  let successes = 0

  return {
    start: (input: unknown) => {
      const texts = input as { confirmText?: string; successText?: string; errorText?: string }
      user = userEvent.setup()
      render(
        <ConfirmedAction
          trigger={(open) => (
            <button type="button" onClick={open}>
              {TRIGGER}
            </button>
          )}
          submit={() => new Promise<SubmitResponse>((resolve, reject) => requests.push({ resolve, reject }))}
          {...texts}
          onSuccess={onSuccess}
        />,
      )
    },
    act: async (event: AnyEventObject, before: AnyMachineSnapshot) => {
      switch (event.type) {
        case 'dialog.open':
          return user.click(screen.getByRole('button', { name: TRIGGER }))
        case 'dialog.confirm':
          return user.click(screen.getByRole('button', { name: 'Conferma' }))
        case 'dialog.cancel':
          // Annulla while asking; after a success the dialog is dismissed with Esc.
          return before.matches('confirming')
            ? user.click(screen.getByRole('button', { name: 'Annulla' }))
            : user.keyboard('{Escape}')
        case 'dialog.close':
          return user.click(screen.getByRole('button', { name: 'Chiudi' }))
        case 'xstate.done.actor.submit':
          return act(async () => requests.shift()!.resolve(event.output as SubmitResponse))
        case 'xstate.error.actor.submit': {
          const error = event.error as { message: string }
          return act(async () => requests.shift()!.reject(new TypeError(error.message)))
        }
        default:
          throw new Error(`evento senza azione dell'utente: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      const { confirmText, message } = ctx(expected)
      if (expected.matches('idle')) {
        await waitFor(() => {
          expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
          expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
        })
        expect(screen.getByRole('button', { name: TRIGGER })).toBeEnabled()
      }
      if (expected.matches('confirming')) {
        const dialog = await screen.findByRole('dialog', { name: confirmText })
        expect(within(dialog).getByRole('button', { name: 'Conferma' })).toBeInTheDocument()
        expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeInTheDocument()
      }
      if (expected.matches('submitting')) {
        expect(await screen.findByRole('status')).toHaveTextContent('Attendere…')
        expect(screen.queryByRole('button', { name: 'Conferma' })).not.toBeInTheDocument()
        expect(screen.queryByRole('button', { name: 'Chiudi' })).not.toBeInTheDocument()
      }
      if (expected.matches('succeeded')) {
        successes += 1
        const dialog = await screen.findByRole('dialog', { name: 'Operazione completata' })
        expect(dialog).toHaveTextContent(message!)
        expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toHaveFocus()
        await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(successes))
      }
      if (expected.matches('failed')) {
        const dialog = await screen.findByRole('alertdialog', { name: 'Operazione non riuscita' })
        expect(dialog).toHaveTextContent(message!)
        expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toHaveFocus()
        expect(onSuccess).toHaveBeenCalledTimes(successes)
      }
    },
  }
}

describe('confirmed-action dialog: the generated paths replayed on the view', () => {
  const planned = planPaths(viewModel)

  it('plans paths that take every transition but dialog.open from a result (the modal covers the trigger)', async () => {
    const executed = await Promise.all(planned.map((path) => runPath(viewModel, path)))
    const { transitions } = coverageOf(viewModel.machine, executed)
    expect(transitions.missing.map((t) => t.key)).toEqual([
      'confirmedAction.succeeded dialog.open #0',
      'confirmedAction.failed dialog.open #0',
    ])
  })

  for (const path of planned) {
    // oxlint-disable-next-line vitest/valid-title -- the titles are the generated paths' descriptions
    it(path.description, async () => {
      await replayOnView(viewModel, path, dialogDriver())
    })
  }
})
