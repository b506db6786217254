// An elimination draw as a bracket: headings and lists, never a canvas. From 768 px every round is a column of
// a horizontally scrollable grid; on phones a tab per round shows one round at a time, its matches one under
// the other, readable at 375 px.
import { useRef, useState, type KeyboardEvent } from 'react'
import type { Tabellone, Turno } from '../../../contract/torneo.ts'
import { MatchCard } from './MatchCard.tsx'

function RoundList({ round }: { round: Turno }) {
  return (
    <ol className="round-matches">
      {round.incontri.map((match) => (
        <li key={match.id}>
          <MatchCard match={match} />
        </li>
      ))}
    </ol>
  )
}

/**
 * One round at a time on phones: a native tablist (WAI-ARIA tabs pattern, automatic activation). The arrows, Home
 * and End move the focus and the selection; only the selected tab is in the tab order; its panel follows.
 */
function RoundTabs({
  rounds,
  label,
  idPrefix,
}: {
  rounds: readonly Turno[]
  label: string
  idPrefix: string
}) {
  const [current, setCurrent] = useState(0)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const select = (index: number) => {
    setCurrent(index)
    tabs.current[index]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const last = rounds.length - 1
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next)
  }
  const round = rounds[current] ?? rounds[0]!
  return (
    <>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="round-tabs">
        {rounds.map((r, i) => (
          <button
            key={r.turno}
            ref={(button) => {
              tabs.current[i] = button
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${r.turno}`}
            aria-selected={i === current}
            aria-controls={`${idPrefix}-panel-${r.turno}`}
            tabIndex={i === current ? 0 : -1}
            className="round-tab"
            onClick={() => select(i)}
            onKeyDown={onKeyDown}
          >
            {r.nome}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${round.turno}`}
        aria-labelledby={`${idPrefix}-tab-${round.turno}`}
        // The panel takes the focus (WAI-ARIA: a panel with no focusable content first is focusable itself).
        tabIndex={0}
        className="round-panel"
      >
        <RoundList round={round} />
      </div>
    </>
  )
}

/** The rounds of one elimination phase: tabs on phones, columns from 768 px. */
export function Bracket({ tabellone }: { tabellone: Tabellone }) {
  const rounds = tabellone.turni
  if (rounds.length === 0) return <p className="torneo-muted">Il tabellone non ha ancora incontri.</p>
  const label = `Turni di ${tabellone.nome}`
  return (
    <div className="bracket">
      <div className="bracket-phone">
        <RoundTabs rounds={rounds} label={label} idPrefix={`tabellone-${tabellone.id}`} />
      </div>
      {/* A scrolling region is focusable so keyboards can scroll it (axe: scrollable-region-focusable). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="bracket-wide" role="region" aria-label={label} tabIndex={0}>
        <div
          className="bracket-grid"
          style={{ gridTemplateColumns: `repeat(${rounds.length}, minmax(13rem, 1fr))` }}
        >
          {rounds.map((round, i) => (
            <section
              key={round.turno}
              className="bracket-round"
              aria-labelledby={`turno-${tabellone.id}-${round.turno}`}
            >
              <h4 id={`turno-${tabellone.id}-${round.turno}`} className="bracket-round-title">
                {round.nome}
              </h4>
              <ol className="round-matches" style={{ ['--depth' as string]: String(i) }}>
                {round.incontri.map((match) => (
                  <li key={match.id}>
                    <MatchCard match={match} />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
