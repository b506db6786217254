// The line under a tournament's name in the calendar and a circuit's stages: its club, a link to the club's page,
// then where, level, speciality.
import { Link } from 'react-router'
import type { TorneoCalendario } from '../../../contract/calendario.ts'
import { href } from '../../app/paths.ts'
import { torneoDetail } from './calendario-format.ts'

export function TorneoDetail({ torneo }: { torneo: TorneoCalendario }) {
  const rest = torneoDetail(torneo)
  const club =
    torneo.circolo && torneo.id_circolo !== null ? (
      <Link to={href('dettaglioCircolo', { id: torneo.id_circolo })}>{torneo.circolo}</Link>
    ) : (
      torneo.circolo
    )
  return (
    <p className="calendario-detail">
      {club}
      {club && rest && ' · '}
      {rest}
    </p>
  )
}
