import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { signOut } from '../../app/session.ts'
import { journalInspector } from '../../journal/journal.ts'
import { useBackCloses } from '../../ui/dialog-history.ts'
import '../../ui/dialog.css'
import { datiPersonaliLogic } from './dati-personali-actors.ts'

/**
 * «I miei dati» on /impostazioni (issue 23 item 6): «Scarica i miei dati» saves a JSON file of everything the
 * portal keeps about the user; «Elimina l’account» asks a confirmation, then the password, then deletes the
 * account and signs out (docs/regole.md «I miei dati»).
 */
export function DatiPersonali() {
  const actor = useActorRef(datiPersonaliLogic, { inspect: journalInspector })
  const exporting = useSelector(actor, (s) => s.hasTag('exporting'))
  const open = useSelector(actor, (s) => s.hasTag('dialog'))
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'))
  const step = useSelector(actor, (s) => s.value.eliminazione)
  const password = useSelector(actor, (s) => s.context.password)
  const exportNotice = useSelector(actor, (s) => s.context.exportNotice)
  const exportError = useSelector(actor, (s) => s.context.exportError)
  const deleteError = useSelector(actor, (s) => s.context.deleteError)

  useEffect(() => {
    if (step === 'deleted') signOut()
  }, [step])

  const openButton = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open && step === 'idle') openButton.current?.focus()
    wasOpen.current = open
  }, [open, step])
  useBackCloses(open, () => {
    if (!actor.getSnapshot().can({ type: 'elimina.annulla' })) return false
    actor.send({ type: 'elimina.annulla' })
    return true
  })

  const cancel = () => actor.send({ type: 'elimina.annulla' })
  const dismissable = step === 'confirming' || step === 'reauthenticating'

  return (
    <section className="card" aria-labelledby="impostazioni-dati">
      <h2 id="impostazioni-dati">I miei dati</h2>
      <p className="field-hint" id="scarica-dati-aiuto">
        Un file JSON con tutto ciò che il portale conserva su di te: account, dati anagrafici, spedizione,
        fototessera, tessere, iscrizioni, risultati, richieste di assistenza, avvisi ed e-mail.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button secondary"
          aria-describedby="scarica-dati-aiuto"
          disabled={exporting}
          onClick={() => actor.send({ type: 'dati.esporta' })}
        >
          {exporting ? 'Preparazione del file…' : 'Scarica i miei dati'}
        </button>
      </div>
      <p className="field-hint dati-esito" aria-live="polite">
        {exportNotice}
      </p>
      {exportError && (
        <p className="field-error" role="alert">
          {exportError}
        </p>
      )}
      <h3 className="dati-elimina">Elimina l’account</h3>
      <p className="field-hint" id="elimina-account-aiuto">
        Eliminando l’account cancelli i tuoi dati personali e non potrai più accedere. I risultati che
        riguardano anche altri giocatori (tabelloni, punteggi, classifiche, incontri a squadre) restano, con
        il nome «Giocatore non più iscritto».
      </p>
      <div className="actions">
        <button
          ref={openButton}
          type="button"
          className="button danger"
          aria-describedby="elimina-account-aiuto"
          onClick={() => actor.send({ type: 'elimina.apri' })}
        >
          Elimina l’account
        </button>
      </div>
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
                    di risposta e ritiriamo annunci e richieste di Cerca compagno: gli altri giocatori
                    ricevono un avviso e la lista d’attesa scorre.
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
                    onChange={(event) =>
                      actor.send({ type: 'password.changed', password: event.target.value })
                    }
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
    </section>
  )
}
