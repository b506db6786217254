// A player chosen among those a search proposes as the user types (react-aria's ComboBox over a quick-search
// actor, machines/ricerca-rapida.ts): the doubles partner of an enrolment, a challenge's opponents and partner.
// The caller makes the search actor (which players it proposes is the server's answer) and keeps the choice.
// Loaded on first use by PlayerComboBox.tsx, which shows a plain input that looks the same until then.
import { useSelector } from '@xstate/react'
import { useCallback, useContext, useEffect, useRef, useState } from 'react'
import {
  Button,
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import type { GiocatoreTrovato } from '../../contract/home.ts'
import './player-combobox.css'

import type { PlayerComboBoxProps } from './PlayerComboBox.tsx'

/**
 * Opens the list when the search the user started in the placeholder answers, as typing would have opened it;
 * once the user types here, react-aria opens it itself (the pending flag turns false).
 */
function OpenOnArrival({ takePending, answered }: { takePending: () => boolean; answered: boolean }) {
  const state = useContext(ComboBoxStateContext)
  useEffect(() => {
    if (!answered || !state || !takePending()) return
    if (!state.isOpen) state.open(null, 'input')
  }, [state, takePending, answered])
  return null
}

export default function PlayerComboBoxFull({
  search,
  label,
  hint,
  chosen,
  onChosen,
  exclude = [],
  buttonLabel = 'Mostra i giocatori trovati',
  className,
  initialText,
  takesFocus,
}: PlayerComboBoxProps & {
  /** What the user typed in the placeholder before this loaded. */
  initialText: string
  /** Whether the placeholder had the focus: the input takes it, the caret at the end. */
  takesFocus: boolean
}) {
  const found = useSelector(search, (s) => s.context.giocatori)
  const busy = useSelector(search, (s) => s.hasTag('busy'))
  const searched = useSelector(search, (s) => s.matches('found'))
  const error = useSelector(search, (s) => s.context.error)
  const [text, setText] = useState(initialText)
  const focusedOnce = useRef(false)
  const openPending = useRef(takesFocus && initialText !== '' && initialText !== chosen?.name)
  const takePending = useCallback(() => {
    const pending = openPending.current
    openPending.current = false
    return pending
  }, [])
  const offered = found.filter((p) => !exclude.includes(p.id_persona))
  return (
    <>
      <ComboBox
        className={className ? `field player-combobox ${className}` : 'field player-combobox'}
        items={offered}
        // Both controlled: with the selection left to react-aria, a change of its own selection state resets
        // the text being typed (seen when the form renders again while the user types).
        inputValue={text}
        selectedKey={chosen?.id ?? null}
        onInputChange={(value) => {
          openPending.current = false
          setText(value)
          if (chosen && value !== chosen.name) onChosen(null)
          search.send({ type: 'search.typed', text: value })
        }}
        onSelectionChange={(key) => {
          const player = offered.find((p) => p.id_persona === key)
          if (player) {
            onChosen({ id: player.id_persona, name: player.persona })
            setText(player.persona)
          }
        }}
        menuTrigger="input"
        allowsEmptyCollection
      >
        <OpenOnArrival takePending={takePending} answered={searched} />
        <Label>{label}</Label>
        <div className="player-combobox-field">
          <Input
            placeholder="Cognome e nome"
            ref={(input) => {
              if (!input || !takesFocus || focusedOnce.current) return
              focusedOnce.current = true
              input.focus()
              input.setSelectionRange(input.value.length, input.value.length)
            }}
          />
          <Button className="player-combobox-button" aria-label={buttonLabel}>
            ▾
          </Button>
        </div>
        <Text slot="description" className="field-hint">
          {hint}
        </Text>
        <Popover className="player-combobox-popover" placement="bottom start">
          <ListBox<GiocatoreTrovato>
            className="player-combobox-listbox"
            renderEmptyState={() => (
              <p className="player-combobox-muted">
                {busy ? 'Ricerca in corso…' : searched ? 'Nessun giocatore trovato.' : 'Scrivi per cercare.'}
              </p>
            )}
          >
            {(player: GiocatoreTrovato) => (
              <ListBoxItem
                id={player.id_persona}
                textValue={player.persona}
                className="player-combobox-option"
              >
                <span className="player-combobox-name">{player.persona}</span>
                <span className="player-combobox-muted">
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
    </>
  )
}
