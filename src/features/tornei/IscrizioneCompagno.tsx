// Doubles: the partner is chosen among the players the server proposes (eligible, visible in searches, not yet
// entered), searched as the user types by the quick-search machine, then invited through the confirmed dialog.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components'
import type { GiocatoreTrovato } from '../../../contract/home.ts'
import { PARTNER_SEARCH_MIN_LENGTH } from '../../../contract/iscrizioni.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { partnerSearchLogic, submitEnrol } from './iscrizione-actors.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'

type Chosen = { id: number; name: string }

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
  const search = useActorRef(logic, { input: { id_settore: 0 } })
  const found = useSelector(search, (s) => s.context.giocatori)
  const busy = useSelector(search, (s) => s.hasTag('busy'))
  const searched = useSelector(search, (s) => s.matches('found'))
  const error = useSelector(search, (s) => s.context.error)
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const allowed = canInvite(chosen?.id ?? null)

  return (
    <div className="iscrizione-compagno">
      <p>Il torneo è di doppio: scegli il compagno. L’iscrizione vale quando accetta l’invito.</p>
      <ComboBox
        className="field iscrizione-combobox"
        items={found}
        // Both controlled: with the selection left to react-aria, a change of its own selection state resets
        // the text being typed (seen when the panel renders again while the user types).
        inputValue={text}
        selectedKey={chosen?.id ?? null}
        onInputChange={(value) => {
          setText(value)
          if (chosen && value !== chosen.name) setChosen(null)
          search.send({ type: 'search.typed', text: value })
        }}
        onSelectionChange={(key) => {
          const player = found.find((p) => p.id_persona === key)
          if (player) {
            setChosen({ id: player.id_persona, name: player.persona })
            setText(player.persona)
          }
        }}
        menuTrigger="input"
        allowsEmptyCollection
      >
        <Label>Compagno</Label>
        <div className="iscrizione-combobox-field">
          <Input placeholder="Cognome e nome" />
          <Button className="iscrizione-combobox-button" aria-label="Mostra i giocatori trovati">
            ▾
          </Button>
        </div>
        <Text slot="description" className="field-hint">
          Scrivi almeno {PARTNER_SEARCH_MIN_LENGTH} lettere: compaiono solo i giocatori che possono giocare il
          torneo.
        </Text>
        <Popover className="iscrizione-popover" placement="bottom start">
          <ListBox<GiocatoreTrovato>
            className="iscrizione-listbox"
            renderEmptyState={() => (
              <p className="iscrizione-muted">
                {busy ? 'Ricerca in corso…' : searched ? 'Nessun giocatore trovato.' : 'Scrivi per cercare.'}
              </p>
            )}
          >
            {(player: GiocatoreTrovato) => (
              <ListBoxItem id={player.id_persona} textValue={player.persona} className="iscrizione-option">
                <span className="iscrizione-option-name">{player.persona}</span>
                <span className="iscrizione-muted">
                  {[player.circolo, player.provincia].filter(Boolean).join(' · ')}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
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
