// The confirmed action's dialog (src/ui/ConfirmedAction.tsx), loaded on first use: react-aria's modal keeps the
// focus inside, hides the page from screen readers while open and closes on Esc or outside where allowed.
import type { RefObject } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ConfirmedActionEvent } from '../../machines/confirmed-action.ts'
import './dialog.css'

export type ConfirmedActionDialogProps = {
  open: boolean
  /** Click outside and Esc cancel: while asking or after success; never while submitting or after a failure. */
  dismissable: boolean
  step: 'idle' | 'confirming' | 'submitting' | 'succeeded' | 'failed'
  confirmText: string
  message: string | null
  /** Chiudi, focused once the answer arrives. */
  closeButton: RefObject<HTMLButtonElement | null>
  send: (event: ConfirmedActionEvent) => void
}

export default function ConfirmedActionDialog({
  open,
  dismissable,
  step,
  confirmText,
  message,
  closeButton,
  send,
}: ConfirmedActionDialogProps) {
  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen={open}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(isOpen) => {
        if (!isOpen && dismissable) send({ type: 'dialog.cancel' })
      }}
    >
      <Modal className="dialog-modal">
        <Dialog className="dialog" role={step === 'failed' ? 'alertdialog' : 'dialog'}>
          {step === 'confirming' && (
            <>
              <Heading slot="title" className="dialog-title">
                {confirmText}
              </Heading>
              <div className="dialog-actions">
                <button type="button" className="button" onClick={() => send({ type: 'dialog.confirm' })}>
                  Conferma
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => send({ type: 'dialog.cancel' })}
                >
                  Annulla
                </button>
              </div>
            </>
          )}
          {step === 'submitting' && (
            <>
              <Heading slot="title" className="dialog-title">
                Operazione in corso
              </Heading>
              <p className="dialog-loading" role="status">
                <span className="spinner dark" aria-hidden="true" /> Attendi…
              </p>
            </>
          )}
          {(step === 'succeeded' || step === 'failed') && (
            <>
              <Heading
                slot="title"
                className={step === 'failed' ? 'dialog-title error' : 'dialog-title success'}
              >
                {step === 'failed' ? 'Operazione non riuscita' : 'Operazione completata'}
              </Heading>
              <p>{message}</p>
              <div className="dialog-actions">
                <button
                  ref={closeButton}
                  type="button"
                  className="button"
                  onClick={() => send({ type: 'dialog.close' })}
                >
                  Chiudi
                </button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
