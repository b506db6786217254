// The WAI-ARIA combobox pattern: options are not focusable and have no key handlers of their own (the field
// handles the keys and points at the active option with aria-activedescendant).
// oxlint-disable jsx-a11y/prefer-tag-over-role, jsx-a11y/interactive-supports-focus, jsx-a11y/click-events-have-key-events
import { useSelector } from '@xstate/react'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { MESSAGES } from '../../../contract/common.ts'
import { SEARCH_MIN_LENGTH } from '../../../contract/home.ts'
import { href } from '../../app/paths.ts'
import { useActorOnDemand } from '../../ui/actor-on-demand.ts'

const loadSearch = () => import('./quick-search-logic.ts')
const NONE: readonly never[] = []

type Option = { key: string; group: 'giocatori' | 'circoli'; label: string; detail: string; to: string }

/**
 * The combobox of the WAI-ARIA practices (list autocomplete): focus stays in the field, arrows move the active
 * option, Enter opens it, Escape closes the list. Hand-written because react-aria's ComboBox costs ~18 kB gzip
 * on a page that must stay light.
 */
export function QuickSearch({ idSettore }: { idSettore: number }) {
  // The search's code arrives on the field's first focus; what is typed meanwhile is searched once it is there.
  const search = useActorOnDemand(loadSearch, { id_settore: idSettore })
  const actor = search.actor
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false)
  // Code that did not arrive is a failed search: its message, and «Riprova» asks for the code again.
  const failed = useSelector(actor, (s) => s?.matches('failed') ?? false) || search.failed
  const found = useSelector(actor, (s) => s?.matches('found') ?? false)
  const error =
    useSelector(actor, (s) => s?.context.error ?? null) ?? (search.failed ? MESSAGES.generic : null)
  const giocatori = useSelector(actor, (s) => s?.context.giocatori ?? NONE)
  const circoli = useSelector(actor, (s) => s?.context.circoli ?? NONE)

  useEffect(() => {
    actor?.send({ type: 'search.sectorChanged', id_settore: idSettore })
  }, [actor, idSettore])

  const options: Option[] = [
    ...giocatori.map((g) => ({
      key: `g${g.id_persona}`,
      group: 'giocatori' as const,
      label: g.persona,
      detail: [g.circolo, g.provincia].filter(Boolean).join(' · '),
      to: href('schedaGiocatore', { id: g.id_persona }),
    })),
    ...circoli.map((c) => ({
      key: `c${c.id_circolo}`,
      group: 'circoli' as const,
      label: c.nome,
      detail: `${c.comune} (${c.provincia})`,
      to: href('dettaglioCircolo', { id: c.id_circolo }),
    })),
  ]
  // Until the search's code is there the text is neither short nor searched: nothing to say about it yet.
  const searched = search.code?.searchText(text)
  const short = searched !== undefined && searched.length < SEARCH_MIN_LENGTH
  const expanded = open && !short && found && options.length > 0
  const message = open && !short && ((found && options.length === 0) || failed)
  const optionId = (index: number) => `${id}-opzione-${index}`
  const status = short
    ? text
      ? `Scrivi almeno ${SEARCH_MIN_LENGTH} caratteri`
      : ''
    : busy
      ? 'Ricerca in corso…'
      : failed
        ? (error ?? '')
        : found
          ? options.length === 0
            ? `Nessun giocatore o circolo trovato per «${searched}»`
            : `${giocatori.length} ${giocatori.length === 1 ? 'giocatore' : 'giocatori'} e ${circoli.length} ${circoli.length === 1 ? 'circolo' : 'circoli'}: usa le frecce per sceglierne uno`
          : ''

  function choose(option: Option | undefined) {
    if (!option) return
    setOpen(false)
    navigate(option.to)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false)
      else {
        setText('')
        search.send({ type: 'search.typed', text: '' })
      }
      setActive(-1)
    }
  }

  const group = (name: Option['group'], title: string) => {
    const items = options
      .map((option, index) => ({ option, index }))
      .filter(({ option }) => option.group === name)
    if (items.length === 0) return null
    return (
      <div role="group" aria-labelledby={`${id}-${name}`}>
        <div role="presentation" id={`${id}-${name}`} className="search-group">
          {title}
        </div>
        {items.map(({ option, index }) => (
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'search-option active' : 'search-option'}
            // Keep the focus in the field; the click chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <span className="search-option-label">{option.label}</span>
            {option.detail && <span className="search-option-detail">{option.detail}</span>}
          </div>
        ))}
      </div>
    )
  }

  return (
    <div className="quick-search" role="search">
      <label htmlFor={`${id}-campo`} className="quick-search-label">
        Cerca giocatori e circoli
      </label>
      <div className="quick-search-box">
        <input
          id={`${id}-campo`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-risultati`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-aiuto`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Cognome, nome o circolo"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(-1)
            search.send({ type: 'search.typed', text: event.target.value })
          }}
          onFocus={() => {
            setOpen(true)
            search.wake()
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {busy && <span className="quick-search-spinner" aria-hidden="true" />}
        <div
          id={`${id}-risultati`}
          role="listbox"
          aria-label="Risultati della ricerca"
          className="search-results"
          hidden={!expanded}
        >
          {group('giocatori', 'Giocatori')}
          {group('circoli', 'Circoli')}
        </div>
        {message && (
          <div className="search-results search-message">
            {failed ? (
              <p>
                {error}{' '}
                <button
                  type="button"
                  className="link-button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => (search.failed ? search.wake() : actor?.send({ type: 'search.retry' }))}
                >
                  Riprova
                </button>
              </p>
            ) : (
              <p>Nessun giocatore o circolo trovato: prova con un'altra parte del nome o del cognome.</p>
            )}
          </div>
        )}
      </div>
      <p id={`${id}-aiuto`} className="field-hint">
        Almeno {SEARCH_MIN_LENGTH} caratteri; i risultati compaiono mentre scrivi.
      </p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </div>
  )
}
