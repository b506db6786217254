import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import './dialog.css'

/**
 * LeaveConfirm's question (react-aria's modal): its own module, loaded once there is unsaved work to protect,
 * so that a form's first load does not carry it.
 */
export default function LeaveConfirmDialog({
  isOpen,
  message,
  onStay,
  onLeave,
}: {
  isOpen: boolean
  message: string
  onStay: () => void
  onLeave: () => void
}) {
  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onStay()
      }}
    >
      <Modal className="dialog-modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog-title">
            Uscire senza salvare?
          </Heading>
          <p>{message}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onStay}>
              Resta sulla pagina
            </button>
            <button type="button" className="button danger" onClick={onLeave}>
              Esci e perdi le modifiche
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
