import { Link, useLocation } from 'react-router'
import { href } from '../../app/paths.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'

/**
 * An address outside the route table (issue 19, item 5): said plainly, with the way home and to the calendar,
 * instead of the spec's silent redirect to /. The server answers such an address with 404.
 */
export default function NonTrovataPage() {
  const { pathname } = useLocation()
  return (
    <section className="page">
      <PageTitle>Pagina non trovata</PageTitle>
      <div className="empty-state">
        <p>
          L’indirizzo <strong>{pathname}</strong> non corrisponde a nessuna pagina del portale: forse il link
          è vecchio o incompleto.
        </p>
        <p>
          <Link className="button" to={href('home')}>
            Torna alla home
          </Link>{' '}
          <Link className="button secondary" to={href('calendarioTornei')}>
            Calendario tornei
          </Link>
        </p>
      </div>
    </section>
  )
}
