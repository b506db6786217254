// An elimination draw as a bracket: headings and lists, never a canvas. From 768 px every round is a column of
// a horizontally scrollable grid; on phones a tab per round shows one round at a time, its matches one under
// the other, readable at 375 px.
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
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

/** The rounds of one elimination phase: tabs on phones, columns from 768 px. */
export function Bracket({ tabellone }: { tabellone: Tabellone }) {
  const rounds = tabellone.turni
  if (rounds.length === 0) return <p className="torneo-muted">Il tabellone non ha ancora incontri.</p>
  const label = `Turni di ${tabellone.nome}`
  return (
    <div className="bracket">
      <div className="bracket-phone">
        <Tabs defaultSelectedKey={`t${rounds[0]!.turno}`}>
          <TabList aria-label={label} className="round-tabs">
            {rounds.map((round) => (
              <Tab key={round.turno} id={`t${round.turno}`} className="round-tab">
                {round.nome}
              </Tab>
            ))}
          </TabList>
          {rounds.map((round) => (
            <TabPanel key={round.turno} id={`t${round.turno}`} className="round-panel">
              <RoundList round={round} />
            </TabPanel>
          ))}
        </Tabs>
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
