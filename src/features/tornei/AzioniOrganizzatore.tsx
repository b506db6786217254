// «Per l’organizzatore» in the draw's box (VerificaSorteggio.tsx): announce the draw (enrolment closes and the
// seed's hash is published), then make it, each through the confirmed-action dialog. Its own chunk, loaded only
// for the organiser.
import { useCallback } from 'react'
import { sorteggioAnnuncia, sorteggioEsegui, type Sorteggio } from '../../../contract/tabelloni.ts'
import { submitRaw } from '../../api/client.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'

export function AzioniOrganizzatore({
  sorteggio,
  onDone,
}: {
  sorteggio: Sorteggio
  onDone: (text: string) => void
}) {
  const annuncia = sorteggio.stato === 'da_annunciare'
  const successText = annuncia
    ? 'Sorteggio annunciato: l’impronta del seme è pubblicata.'
    : 'Sorteggio fatto: il seme è rivelato.'
  const onSuccess = useCallback(() => onDone(successText), [onDone, successText])
  if (sorteggio.stato === 'sorteggiato') return null
  const body = { id_torneo: sorteggio.id_torneo }
  return (
    <div className="sorteggio-azioni">
      <h3>Per l’organizzatore</h3>
      <ConfirmedAction
        trigger={buttonTrigger(annuncia ? 'Annuncia il sorteggio' : 'Esegui il sorteggio', 'button')}
        submit={() => submitRaw(annuncia ? sorteggioAnnuncia : sorteggioEsegui, body)}
        confirmText={
          annuncia
            ? 'Le iscrizioni si chiudono e si pubblica l’impronta del seme del sorteggio. Sei sicuro?'
            : 'Si rivela il seme e si crea il tabellone con le partite. Sei sicuro?'
        }
        successText={successText}
        onSuccess={onSuccess}
      />
    </div>
  )
}
