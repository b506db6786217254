import { useEffect } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useBlocker } from 'react-router'
import './dialog.css'

/**
 * Protects unsaved work while `active`: an in-app navigation asks first, in Italian (react-router's blocker),
 * and closing or reloading the tab gets the browser's own warning (beforeunload).
 */
export function LeaveConfirm({ active, message }: { active: boolean; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
  const blocked = blocker.state === 'blocked'
  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen={blocked}
      isDismissable
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset()
      }}
    >
      <Modal className="dialog-modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog-title">
            Uscire senza salvare?
          </Heading>
          <p>{message}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => blocker.reset?.()}>
              Resta sulla pagina
            </button>
            <button type="button" className="button danger" onClick={() => blocker.proceed?.()}>
              Esci e perdi le modifiche
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
