// Round-robin groups: each girone's standings as a table (scrollable on phones) and its matches under it.
import type { GironeClassifica, Tabellone } from '../../../contract/torneo.ts'
import { MatchCard } from './MatchCard.tsx'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'

/** A short column heading read out in full: «Pt» is read «Punti». */
function Abbr({ full, children }: { full: string; children: string }) {
  return (
    <>
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{full}</span>
    </>
  )
}

function Standings({ girone }: { girone: GironeClassifica }) {
  // A scrolling region is focusable so keyboards can scroll it (axe: scrollable-region-focusable).
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={`Classifica ${girone.nome}`} tabIndex={0}>
      <table className="standings">
        <caption className="visually-hidden">Classifica {girone.nome}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Abbr full="Posizione">Pos.</Abbr>
            </th>
            <th scope="col">Giocatore</th>
            <th scope="col">
              <Abbr full="Partite giocate">G</Abbr>
            </th>
            <th scope="col">
              <Abbr full="Vinte">V</Abbr>
            </th>
            <th scope="col">
              <Abbr full="Perse">P</Abbr>
            </th>
            <th scope="col">Set</th>
            <th scope="col">Game</th>
            <th scope="col">
              <Abbr full="Punti">Pt</Abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {girone.righe.map((riga) => (
            <tr key={riga.lato.id_iscrizione} className={riga.qualificato ? 'qualified' : undefined}>
              <td>{riga.posizione}</td>
              <th scope="row">
                <PlayerLinks giocatori={riga.lato.giocatori} />
                {riga.qualificato && (
                  <span className="standings-q">
                    {' '}
                    <Abbr full="qualificato">Q</Abbr>
                  </span>
                )}
              </th>
              <td>{riga.giocate}</td>
              <td>{riga.vinte}</td>
              <td>{riga.perse}</td>
              <td>
                {riga.set_vinti}-{riga.set_persi}
              </td>
              <td>
                {riga.game_vinti}-{riga.game_persi}
              </td>
              <td>
                <strong>{riga.punti}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The gironi of one group phase: standings from gironi_classifiche/list, matches from the draw. */
export function Gironi({
  tabellone,
  classifiche,
}: {
  tabellone: Tabellone
  classifiche: readonly GironeClassifica[]
}) {
  return (
    <div className="gironi">
      {tabellone.gironi.map((girone) => {
        const standings = classifiche.find((c) => c.id === girone.id)
        return (
          // A heading, not a landmark: a phase with one group is named like its group ('Girone unico'), and
          // two regions with one name leave a screen-reader user unable to tell them apart.
          <div key={girone.id} className="girone">
            <h4 id={`girone-${girone.id}`}>{girone.nome}</h4>
            {standings ? (
              <Standings girone={standings} />
            ) : (
              <p className="torneo-muted">Classifica non ancora disponibile.</p>
            )}
            <p className="torneo-muted">Q: qualificato alla fase successiva.</p>
            <details className="girone-matches">
              <summary>Incontri del girone ({girone.incontri.length})</summary>
              <ol className="round-matches list">
                {girone.incontri.map((match) => (
                  <li key={match.id}>
                    <MatchCard match={match} />
                  </li>
                ))}
              </ol>
            </details>
          </div>
        )
      })}
    </div>
  )
}
