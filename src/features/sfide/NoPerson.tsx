import { Link } from 'react-router'
import { href } from '../../app/paths.ts'

/** A signed-in account with no player behind it yet: challenges need one (its profile completes it). */
export function NoPerson() {
  return (
    <div className="empty-state">
      <p>
        <strong>Per sfidare serve un profilo da giocatore.</strong> Al tuo account non è ancora associato un
        giocatore: <Link to={href('modificaProfilo')}>completa il profilo</Link>, poi torna qui.
      </p>
    </div>
  )
}
