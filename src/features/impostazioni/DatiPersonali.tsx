import { useActorRef, useSelector } from '@xstate/react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { signOut } from '../../app/session.ts'
import { journalInspector } from '../../journal/journal.ts'
import { useBackCloses } from '../../ui/dialog-history.ts'
import { datiPersonaliLogic } from './dati-personali-actors.ts'

const EliminaAccountDialog = lazy(() => import('./EliminaAccountDialog.tsx'))

/**
 * «I miei dati» on /impostazioni (issue 23 item 6): «Scarica i miei dati» saves a JSON file of everything the
 * portal keeps about the user; «Elimina l’account» asks a confirmation, then the password, then deletes the
 * account and signs out (docs/regole.md «I miei dati»).
 */
export function DatiPersonali() {
  const actor = useActorRef(datiPersonaliLogic, { inspect: journalInspector })
  const exporting = useSelector(actor, (s) => s.hasTag('exporting'))
  const open = useSelector(actor, (s) => s.hasTag('dialog'))
  const step = useSelector(actor, (s) => s.value.eliminazione)
  const exportNotice = useSelector(actor, (s) => s.context.exportNotice)
  const exportError = useSelector(actor, (s) => s.context.exportError)

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

  // The dialog (react-aria's modal, some 30 kB gzip) loads when the pointer or the focus reaches «Elimina
  // l'account», so that it is there by the click, and in any case when it opens; once there it stays mounted.
  const [armed, setArmed] = useState(false)
  const dialogWanted = armed || open || step === 'deleted'
  const arm = () => setArmed(true)

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
          onPointerEnter={arm}
          onFocus={arm}
          onClick={() => actor.send({ type: 'elimina.apri' })}
        >
          Elimina l’account
        </button>
      </div>
      {dialogWanted && (
        <Suspense fallback={null}>
          <EliminaAccountDialog actor={actor} />
        </Suspense>
      )}
    </section>
  )
}
