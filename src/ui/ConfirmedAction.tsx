import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { confirmedActionMachine, type SubmitResponse } from '../../machines/confirmed-action.ts'
import { afterDialogHistory, returnFocus, useBackCloses } from './dialog-history.ts'
import { journalInspector } from '../journal/journal.ts'

/**
 * The dialog itself (react-aria's modal, about 30 kB gzip) loads on first use: when the pointer or the focus
 * reaches the trigger, so that it is there by the click, and in any case when the dialog opens. Once loaded it
 * renders at once, in this page and the next (React.lazy would suspend once in each new place).
 */
let ConfirmedActionDialog: typeof import('./ConfirmedActionDialog.tsx').default | undefined
let loadingDialog: Promise<void> | undefined
export function loadConfirmedActionDialog(): Promise<void> {
  loadingDialog ??= import('./ConfirmedActionDialog.tsx').then((module) => {
    ConfirmedActionDialog = module.default
  })
  return loadingDialog
}

export type ConfirmedActionProps = {
  /** Renders what opens the dialog (usually a button), given the function that opens it. */
  trigger: (open: () => void) => ReactNode
  /** Runs the request: resolves with the raw answer, rejects when there is none (see api/client submitRaw). */
  submit: () => Promise<SubmitResponse>
  confirmText?: string
  successText?: string
  /** Shown when the server gives no message. */
  errorText?: string
  onSuccess?: () => void
  /** Called when the success dialog closes (Chiudi, Esc): the caller may now replace what opened it. */
  onSuccessClosed?: () => void
}

/**
 * A confirmed action (spec §4, §8): 'Sei sicuro?' with Conferma and Annulla, a loader while the request runs,
 * then success with the caller's text or failure with the server's message, each with Chiudi. The failure
 * dialog is not dismissible by clicking outside or with Esc.
 */
export function ConfirmedAction({
  trigger,
  submit,
  confirmText,
  successText,
  errorText,
  onSuccess,
  onSuccessClosed,
}: ConfirmedActionProps) {
  // The request is fixed for the life of the dialog.
  const [logic] = useState(() =>
    confirmedActionMachine.provide({ actors: { submit: fromPromise(() => submit()) } }),
  )
  const [snapshot, send, actor] = useMachine(logic, {
    input: { confirmText, successText, errorText },
    inspect: journalInspector,
  })
  const open = snapshot.hasTag('open')
  // The control that opened the dialog gets the focus back when it closes (issue 19, item 5).
  const triggerBox = useRef<HTMLSpanElement>(null)
  // The control inside the trigger the user last pressed or focused (a click does not focus a button everywhere).
  const opener = useRef<HTMLElement | null>(null)
  const noteOpener = (event: { target: EventTarget }) => {
    if (event.target instanceof HTMLElement) opener.current = event.target
    setArmed(true)
  }
  // Whether the user has come near the trigger: from then on the dialog's code is loaded (and kept).
  const [armed, setArmed] = useState(false)
  const [dialogLoaded, setDialogLoaded] = useState(ConfirmedActionDialog !== undefined)
  const openDialog = () => send({ type: 'dialog.open' })
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open)
      returnFocus(
        opener.current ??
          triggerBox.current?.querySelector<HTMLElement>('button, a[href], [tabindex]') ??
          null,
      )
    wasOpen.current = open
  }, [open])
  // Back closes the dialog where a button could (Annulla, Chiudi); never while the request runs.
  useBackCloses(open, () => {
    const current = actor.getSnapshot()
    if (current.can({ type: 'dialog.cancel' })) actor.send({ type: 'dialog.cancel' })
    else if (current.can({ type: 'dialog.close' })) actor.send({ type: 'dialog.close' })
    else return false
    return true
  })
  const step = snapshot.value as 'idle' | 'confirming' | 'submitting' | 'succeeded' | 'failed'
  const succeeded = step === 'succeeded'
  // The button that had focus (Conferma) is gone once the answer arrives: focus moves to Chiudi.
  const closeButton = useRef<HTMLButtonElement>(null)
  const finished = step === 'succeeded' || step === 'failed'
  useEffect(() => {
    if (finished) closeButton.current?.focus()
  }, [finished])
  useEffect(() => {
    if (succeeded) onSuccess?.()
  }, [succeeded, onSuccess])
  const wasSucceeded = useRef(false)
  useEffect(() => {
    // After the dialog's history entry is taken back, or the page it opens would be undone by that Back.
    if (wasSucceeded.current && step === 'idle' && onSuccessClosed) afterDialogHistory(onSuccessClosed)
    wasSucceeded.current = step === 'succeeded'
  }, [step, onSuccessClosed])

  const wanted = armed || open
  useEffect(() => {
    if (!wanted || dialogLoaded) return
    let live = true
    loadConfirmedActionDialog().then(
      () => live && setDialogLoaded(true),
      // A chunk that fails to load (a deploy in between): the next intent tries again.
      () => {
        loadingDialog = undefined
      },
    )
    return () => {
      live = false
    }
  }, [wanted, dialogLoaded])
  // Click outside / Esc: cancel while asking or after success; never while submitting or after a failure.
  const dismissable = snapshot.can({ type: 'dialog.cancel' })
  return (
    <>
      <span
        ref={triggerBox}
        className="dialog-trigger"
        onFocusCapture={noteOpener}
        onPointerDownCapture={noteOpener}
        onPointerEnter={() => setArmed(true)}
      >
        {trigger(openDialog)}
      </span>
      {wanted && dialogLoaded && ConfirmedActionDialog && (
        <ConfirmedActionDialog
          open={open}
          dismissable={dismissable}
          step={step}
          confirmText={snapshot.context.confirmText}
          message={snapshot.context.message}
          closeButton={closeButton}
          send={send}
        />
      )}
    </>
  )
}
