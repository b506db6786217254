import { useSelector } from '@xstate/react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import '../../ui/dialog.css'
import type { datiPersonaliLogic } from './dati-personali-actors.ts'

/**
 * «Elimina l'account»'s dialog (DatiPersonali.tsx): the confirmation, the password, then the farewell. Its own
 * module, so that react-aria's modal loads only when the user comes near the button.
 */
export default function EliminaAccountDialog({ actor }: { actor: ActorRefFrom<typeof datiPersonaliLogic> }) {
  const open = useSelector(actor, (s) => s.hasTag('dialog'))
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'))
  const step = useSelector(actor, (s) => s.value.eliminazione)
  const password = useSelector(actor, (s) => s.context.password)
  const deleteError = useSelector(actor, (s) => s.context.deleteError)
  const cancel = () => actor.send({ type: 'elimina.annulla' })
  const dismissable = step === 'confirming' || step === 'reauthenticating'
  return (
    <ModalOverlay
      className="dialog-overlay"
      isOpen={open || step === 'deleted'}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(isOpen) => {
        if (!isOpen && dismissable) cancel()
      }}
    >
      <Modal className="dialog-modal">
        <Dialog className="dialog">
          {step === 'confirming' && (
            <>
              <Heading slot="title" className="dialog-title">
                Vuoi eliminare il tuo account?
              </Heading>
              <ul className="dati-elenco">
                <li>
                  Cancelliamo account, dati anagrafici, fototessera, dati di spedizione, tessere,
                  impostazioni, avvisi, richieste di assistenza, annunci e commenti.
                </li>
                <li>
                  Tabelloni, punteggi, classifiche e incontri a squadre restano per gli altri giocatori, con
                  il nome «Giocatore non più iscritto».
                </li>
                <li>
                  Ti ritiriamo dai tornei non ancora sorteggiati, annulliamo o rifiutiamo le sfide in attesa
                  di risposta e ritiriamo annunci e richieste di Cerca compagno: gli altri giocatori ricevono
                  un avviso e la lista d’attesa scorre.
                </li>
                <li>Non si può annullare. Se vuoi, prima scarica i tuoi dati.</li>
              </ul>
              <div className="dialog-actions">
                <button
                  type="button"
                  className="button danger"
                  onClick={() => actor.send({ type: 'elimina.continua' })}
                >
                  Continua
                </button>
                <button type="button" className="button secondary" onClick={cancel}>
                  Annulla
                </button>
              </div>
            </>
          )}
          {(step === 'reauthenticating' || step === 'deleting') && (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'elimina.conferma' })
              }}
            >
              <Heading slot="title" className="dialog-title">
                Conferma con la tua password
              </Heading>
              <div className="field">
                <label htmlFor="elimina-password">Password</label>
                <p className="field-hint" id="elimina-password-aiuto">
                  La password con cui accedi al portale.
                </p>
                <input
                  id="elimina-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  disabled={deleting}
                  aria-invalid={deleteError !== null}
                  aria-describedby={
                    deleteError ? 'elimina-password-aiuto elimina-errore' : 'elimina-password-aiuto'
                  }
                  onChange={(event) => actor.send({ type: 'password.changed', password: event.target.value })}
                />
                {deleteError && (
                  <p className="field-error" id="elimina-errore" role="alert">
                    {deleteError}
                  </p>
                )}
              </div>
              {deleting && (
                <p className="dialog-loading" role="status">
                  <span className="spinner dark" aria-hidden="true" /> Eliminazione in corso…
                </p>
              )}
              <div className="dialog-actions">
                <button type="submit" className="button danger" disabled={deleting || password === ''}>
                  Elimina definitivamente
                </button>
                <button type="button" className="button secondary" disabled={deleting} onClick={cancel}>
                  Annulla
                </button>
              </div>
            </form>
          )}
          {step === 'deleted' && (
            <>
              <Heading slot="title" className="dialog-title success">
                Account eliminato
              </Heading>
              <p role="status">Il tuo account è stato eliminato. Stai uscendo dal portale…</p>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
