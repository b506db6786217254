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
      if (expected.matches('succeeded')) successes += 1
      await waitFor(() => expect(whatTheUserSees()).toEqual(expectedView(expected)))
      expect(onSuccess).toHaveBeenCalledTimes(successes)
    },
  }
}

/** The open dialog as the user perceives it: its role, title, texts, buttons and where the focus is. */
function whatTheUserSees() {
  const dialog = screen.queryByRole('dialog') ?? screen.queryByRole('alertdialog')
  if (!dialog) return { dialog: null }
  const buttons = within(dialog).queryAllByRole('button')
  return {
    dialog: dialog.getAttribute('role'),
    title: within(dialog).getByRole('heading').textContent,
    texts: [...dialog.querySelectorAll('p')].map((p) => p.textContent!.trim()),
    buttons: buttons.map((button) => button.textContent),
    focus: buttons.find((button) => button === document.activeElement)?.textContent ?? null,
  }
}

/** What spec §4/§8 says the user sees in each state of the machine. */
function expectedView(snapshot: AnyMachineSnapshot) {
  const { confirmText, message } = ctx(snapshot)
  const value = snapshot.value as 'idle' | 'confirming' | 'submitting' | 'succeeded' | 'failed'
  const result = { texts: [message], buttons: ['Chiudi'], focus: 'Chiudi' }
  return {
    idle: { dialog: null },
    confirming: {
      dialog: 'dialog',
      title: confirmText,
      texts: [],
      buttons: ['Conferma', 'Annulla'],
      focus: null,
    },
    submitting: {
      dialog: 'dialog',
      title: 'Operazione in corso',
      texts: ['Attendi…'],
      buttons: [],
      focus: null,
    },
    succeeded: { dialog: 'dialog', title: 'Operazione completata', ...result },
    failed: { dialog: 'alertdialog', title: 'Operazione non riuscita', ...result },
  }[value]
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
      expect.hasAssertions()
      await replayOnView(viewModel, path, dialogDriver())
    })
  }
})
