// One match as the draws show it (the bracket's rounds, the groups' matches): both sides, the winner marked, then
// the score, or when and where it is played.
import type { Incontro, Lato } from '../../../contract/torneo.ts'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'
import { formatShortInstant } from './format.ts'

function SideLine({ lato, won, bye }: { lato: Lato | null; won: boolean; bye: boolean }) {
  if (!lato) return <span className="match-side empty">{bye ? 'Turno libero' : 'Da definire'}</span>
  return (
    <span className={won ? 'match-side winner' : 'match-side'}>
      {lato.testa_di_serie !== null && (
        <span className="match-seed" aria-label={`testa di serie ${lato.testa_di_serie}`}>
          {lato.testa_di_serie}
        </span>
      )}
      <span className="match-name">
        <PlayerLinks giocatori={lato.giocatori} />
      </span>
      {won && <span className="visually-hidden"> (vincitore)</span>}
    </span>
  )
}

function outcome(match: Incontro): string {
  if (match.esito === 'bye') return ''
  if (match.esito === 'da_giocare') {
    const when = match.programmata_il ? formatShortInstant(match.programmata_il) : null
    return [when ? `In programma ${when}` : 'Da giocare', match.campo].filter(Boolean).join(' · ')
  }
  return match.punteggio
}

export function MatchCard({ match }: { match: Incontro }) {
  const bye = match.esito === 'bye'
  return (
    <div className="match">
      <SideLine lato={match.a} won={match.vincitore === 'a'} bye={bye} />
      <SideLine lato={match.b} won={match.vincitore === 'b'} bye={bye} />
      <span className="match-score">{outcome(match)}</span>
    </div>
  )
}
