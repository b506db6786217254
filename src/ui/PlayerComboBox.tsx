// A player chosen among those a search proposes as the user types: the doubles partner of an enrolment, a
// challenge's opponents and partner. The combo box itself (react-aria's ComboBox, some 40 kB gzip,
// PlayerComboBoxFull.tsx) loads on first use: until then a plain input that looks the same stands in its
// place, and gives way when the pointer or the focus reaches it, keeping what the user typed and the focus.
import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { ricercaRapidaMachine } from '../../machines/ricerca-rapida.ts'
import './player-combobox.css'

export type ChosenPlayer = { id: number; name: string }

export type PlayerComboBoxProps = {
  search: ActorRefFrom<typeof ricercaRapidaMachine>
  label: string
  hint: string
  chosen: ChosenPlayer | null
  onChosen: (player: ChosenPlayer | null) => void
  /** Players not to propose (already chosen elsewhere). */
  exclude?: readonly number[]
  /** The name of the button that opens the list (distinct when a form has more than one). */
  buttonLabel?: string
  className?: string
}

let Full: typeof import('./PlayerComboBoxFull.tsx').default | undefined
let loading: Promise<void> | undefined
/** Loads the combo box once for the whole app; later boxes render it at once. */
export function loadPlayerComboBox(): Promise<void> {
  loading ??= import('./PlayerComboBoxFull.tsx').then((module) => {
    Full = module.default
  })
  return loading
}

export function PlayerComboBox(props: PlayerComboBoxProps) {
  const {
    search,
    label,
    hint,
    chosen,
    onChosen,
    buttonLabel = 'Mostra i giocatori trovati',
    className,
  } = props
  const [text, setText] = useState(chosen?.name ?? '')
  const [armed, setArmed] = useState(false)
  const [loaded, setLoaded] = useState(Full !== undefined)
  const input = useRef<HTMLInputElement>(null)
  // Whether the placeholder had the focus when the combo box replaced it.
  const [hadFocus, setHadFocus] = useState(false)
  const error = useSelector(search, (s) => s.context.error)
  const id = useId()
  useEffect(() => {
    if (!armed || loaded) return
    let live = true
    void loadPlayerComboBox().then(() => {
      if (!live) return
      setHadFocus(document.activeElement === input.current)
      setLoaded(true)
    })
    return () => {
      live = false
    }
  }, [armed, loaded])
  if (loaded && Full) return <Full {...props} initialText={text} takesFocus={hadFocus} />
  const arm = () => setArmed(true)
  return (
    <>
      <div
        className={className ? `field player-combobox ${className}` : 'field player-combobox'}
        onPointerEnter={arm}
        onFocus={arm}
        onTouchStart={arm}
      >
        <label htmlFor={`${id}-input`} id={`${id}-label`}>
          {label}
        </label>
        <div className="player-combobox-field">
          <input
            ref={input}
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-expanded={false}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            placeholder="Cognome e nome"
            value={text}
            onChange={(event) => {
              const value = event.target.value
              setText(value)
              if (chosen && value !== chosen.name) onChosen(null)
              search.send({ type: 'search.typed', text: value })
            }}
          />
          <button
            type="button"
            tabIndex={-1}
            className="player-combobox-button"
            aria-label={buttonLabel}
            aria-haspopup="listbox"
            aria-expanded={false}
          >
            ▾
          </button>
        </div>
        <span slot="description" className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
        {/* The list the input controls: empty and hidden until the real combo box replaces this one. */}
        <div role="listbox" id={`${id}-list`} aria-labelledby={`${id}-label`} hidden />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
