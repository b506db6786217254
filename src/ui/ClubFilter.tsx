// The club filter of a list (the calendar, the players' list): type two letters, pick one of the clubs of the
// sector's discipline found (societa_ricerca/get), and the chosen club is named from its id in the URL. The search's
// code (the quick-search machine) arrives on the field's first focus.
import { useSelector } from '@xstate/react'
import { useEffect, useId, useState } from 'react'
import { MESSAGES } from '../../contract/common.ts'
import { useActorOnDemand } from './actor-on-demand.ts'
import { loadClub } from './club-search.ts'
import { usePageData } from './page-data.ts'
import './club-filter.css'

const loadClubSearch = () => import('./club-search-logic.ts')
const NONE: readonly never[] = []

/**
 * The club: type two letters, then pick one of the clubs found (buttons under the field); the chosen club is
 * named from the link, and «Togli» removes it.
 */
export function ClubFilter(props: {
  idSettore: number
  value: number | undefined
  onChange: (id: number | undefined) => void
  /** The field's class in the page's own layout. */
  className?: string
}) {
  const id = useId()
  // The search's code arrives on the field's first focus; what is typed meanwhile is searched once it is there.
  const search = useActorOnDemand(loadClubSearch, { id_settore: props.idSettore })
  const actor = search.actor
  const found = useSelector(actor, (s) => s?.context.circoli ?? NONE)
  const searching = useSelector(actor, (s) => s?.hasTag('busy') ?? false)
  const searched = useSelector(actor, (s) => s?.matches('found') ?? false)
  const error =
    useSelector(actor, (s) => s?.context.error ?? null) ?? (search.failed ? MESSAGES.generic : null)
  const chosen = usePageData(loadClub, { id_settore: props.idSettore, id_circolo: props.value ?? 0 })
  const chosenActor = chosen.actor
  useEffect(() => {
    const current = chosenActor.getSnapshot().context.params as { id_circolo: number }
    if (current.id_circolo !== (props.value ?? 0))
      chosenActor.send({
        type: 'page.reload',
        params: { id_settore: props.idSettore, id_circolo: props.value ?? 0 },
      })
  }, [chosenActor, props.value, props.idSettore])
  const [text, setText] = useState('')
  const typed = (value: string) => {
    setText(value)
    search.send({ type: 'search.typed', text: value })
  }
  const cleared = () => {
    setText('')
    actor?.send({ type: 'search.typed', text: '' })
  }
  if (props.value !== undefined)
    return (
      <div className={`field club-filter ${props.className ?? ''}`.trim()}>
        <span className="label" id={id}>
          Circolo
        </span>
        <p className="club-filter-chosen" aria-labelledby={id}>
          <strong>
            {chosen.data?.nome ?? (chosen.loading ? 'Caricamento…' : `Circolo n. ${props.value}`)}
          </strong>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              cleared()
              props.onChange(undefined)
            }}
            aria-label="Togli il filtro del circolo"
          >
            Togli
          </button>
        </p>
      </div>
    )
  const long = text.trim().length >= 2
  const busy = searching || (long && !actor && !search.failed)
  return (
    <div className={`field club-filter ${props.className ?? ''}`.trim()}>
      <label htmlFor={id}>Circolo</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Nome o comune del circolo"
        autoComplete="off"
        aria-describedby={`${id}-esito`}
        onFocus={search.wake}
        onChange={(event) => typed(event.target.value)}
      />
      <p id={`${id}-esito`} className="field-hint" aria-live="polite">
        {!long
          ? 'Scrivi almeno 2 lettere, poi scegli il circolo.'
          : busy
            ? 'Ricerca…'
            : error
              ? error
              : searched && found.length === 0
                ? 'Nessun circolo trovato.'
                : found.length === 1
                  ? '1 circolo trovato:'
                  : `${found.length} circoli trovati:`}
      </p>
      {long && !busy && found.length > 0 && (
        <ul className="club-filter-list">
          {found.map((club) => (
            <li key={club.id_circolo}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  cleared()
                  props.onChange(club.id_circolo)
                }}
              >
                {club.nome}
                <span className="club-filter-muted">
                  {' '}
                  · {club.comune} ({club.provincia})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
