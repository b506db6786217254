// One challenge in a list (my challenges, the board): who plays whom, where it stands, what waits for the viewer.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { RigaSfida } from '../../../contract/sfide.ts'
import { href } from '../../app/paths.ts'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'
import {
  SPECIALITA_LABELS,
  formatDateTime,
  matchTitle,
  openPlaces,
  playersOf,
  sectorLabel,
} from './format.ts'

/** A side with each player's name a link to their page, then its open places: the board's title. */
function SideLinks({ row, lato }: { row: RigaSfida; lato: 1 | 2 }) {
  const free = Array.from({ length: openPlaces(row, lato) }, () => 'posto libero')
  const players = playersOf(row, lato)
  return (
    <>
      <PlayerLinks giocatori={players} />
      {free.map((text, i) => (players.length > 0 || i > 0 ? ` / ${text}` : text))}
    </>
  )
}

/** When to play, the deadline, who proposed it. */
function dates(row: RigaSfida): string[] {
  return [
    row.data_proposta && `Data della partita: ${formatDateTime(row.data_proposta)}`,
    row.scade_il && `Scadenza: ${formatDateTime(row.scade_il)}`,
    `Proposta da ${row.creatore_nome}`,
  ].filter((text): text is string => Boolean(text))
}

export function SfidaRiga({
  row,
  linked = true,
  children,
}: {
  row: RigaSfida
  /** Whether the title opens the detail (only the players of a challenge may open it). */
  linked?: boolean
  /** What the viewer may do here (the board's «Prendi il posto»). */
  children?: ReactNode
}) {
  const title = matchTitle(row)
  return (
    <li className={row.da_fare ? 'card sfide-riga sfide-riga-da-fare' : 'card sfide-riga'}>
      <p className="sfide-kicker">
        {sectorLabel(row.id_settore)} · {SPECIALITA_LABELS[row.specialita]}
        {row.pubblica && ' · in bacheca'}
      </p>
      <h3 className="sfide-riga-titolo">
        {/* One link per title: a player's own challenge opens its page, where every name links to its player. */}
        {linked ? (
          <Link to={href('dettaglioSfida', { id: row.id })}>{title}</Link>
        ) : (
          <>
            <SideLinks row={row} lato={1} /> contro <SideLinks row={row} lato={2} />
          </>
        )}
      </h3>
      <p className="sfide-riga-stato">
        <span className={`sfide-badge sfide-badge-${row.stato}`}>{row.titolo_stato}</span>
        {row.punteggio && <span className="sfide-punteggio">{row.punteggio}</span>}
      </p>
      {row.da_fare && <p className="sfide-da-fare">{row.da_fare}</p>}
      <p className="sfide-riga-date">{dates(row).join(' · ')}</p>
      {children}
    </li>
  )
}
