// Doubles: the partner is chosen among the players the server proposes (eligible, visible in searches, not yet
// entered), searched as the user types by the quick-search machine, then invited through the confirmed dialog.
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { cercaCompagnoSearch } from '../../../contract/cerca-compagno.ts'
import { PARTNER_SEARCH_MIN_LENGTH } from '../../../contract/iscrizioni.ts'
import { href } from '../../app/paths.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { PlayerComboBox, type ChosenPlayer } from '../../ui/PlayerComboBox.tsx'
import { partnerSearchLogic, submitEnrol } from './iscrizione-actors.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { journalInspector } from '../../journal/journal.ts'

export function IscrizioneCompagno({
  idTorneo,
  canInvite,
  onDone,
}: {
  idTorneo: number
  /** The enrolment machine's answer: may the caller invite this partner (null: none chosen)? */
  canInvite: (compagno: number | null) => boolean
  onDone: () => void
}) {
  const [logic] = useState(() => partnerSearchLogic(idTorneo))
  const search = useActorRef(logic, { input: { id_settore: 0 }, inspect: journalInspector })
  const [chosen, setChosen] = useState<ChosenPlayer | null>(null)
  const allowed = canInvite(chosen?.id ?? null)

  return (
    <div className="iscrizione-compagno">
      <p>Il torneo è di doppio: scegli il compagno. L’iscrizione vale quando accetta l’invito.</p>
      <PlayerComboBox
        search={search}
        label="Compagno"
        hint={`Scrivi almeno ${PARTNER_SEARCH_MIN_LENGTH} lettere: compaiono solo i giocatori che possono giocare il torneo.`}
        chosen={chosen}
        onChosen={setChosen}
        className="iscrizione-combobox"
      />
      <p className="iscrizione-cerca-compagno">
        Non hai ancora un compagno?{' '}
        <Link to={{ pathname: href('cercaCompagno'), search: cercaCompagnoSearch({ torneo: idTorneo }) }}>
          Cerca tra gli annunci di chi gioca questo torneo
        </Link>{' '}
        o pubblica il tuo.
      </p>
      <div className="actions">
        {/* Keyed by the partner: the dialog's request is fixed for its life. */}
        <ConfirmedAction
          key={chosen?.id ?? 0}
          trigger={buttonTrigger(
            chosen ? `Iscriviti con ${chosen.name}` : 'Iscriviti in coppia',
            'button',
            !allowed,
          )}
          submit={submitEnrol(idTorneo, chosen?.id ?? null)}
          confirmText={`Vuoi invitare ${chosen?.name ?? 'il compagno'} a giocare il torneo con te?`}
          successText="Invito inviato: l’iscrizione vale quando il compagno accetta."
          onSuccessClosed={onDone}
        />
      </div>
    </div>
  )
}
