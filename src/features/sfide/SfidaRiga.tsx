// One challenge in a list (my challenges, the board): who plays whom, where it stands, what waits for the viewer.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { RigaSfida } from '../../../contract/sfide.ts'
import { href } from '../../app/paths.ts'
import { SPECIALITA_LABELS, formatDateTime, matchTitle, sectorLabel } from './format.ts'

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
        {linked ? <Link to={href('dettaglioSfida', { id: row.id })}>{title}</Link> : title}
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
