import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import { pathOf } from '../../machines/paths.ts'
import { routeFor } from './paths.ts'
import { dismissReturnLink, sessionActor } from './session.ts'

/**
 * On /home after a sign-in from the header («Accedi»): a link back to the page the user was on. The sign-in
 * itself lands on /home (spec §2); the session keeps the page of origin until the link is followed or closed.
 */
export function ReturnLink() {
  const offered = useSelector(sessionActor, (s) => s.can({ type: 'session.dismissReturnLink' }))
  const cameFrom = useSelector(sessionActor, (s) => s.context.cameFrom)
  if (!offered || cameFrom === null) return null
  const title = routeFor(pathOf(cameFrom))?.title
  return (
    <div className="notice">
      <p>
        Accesso effettuato.{' '}
        <Link to={cameFrom} onClick={dismissReturnLink}>
          Torna alla pagina che stavi visitando{title ? ` (${title})` : ''}
        </Link>
      </p>
      <button type="button" className="link-button" onClick={dismissReturnLink}>
        Chiudi avviso
      </button>
    </div>
  )
}
