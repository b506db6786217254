import { Link } from 'react-router'
import { href } from '../paths.ts'

export function Footer() {
  return (
    <footer className="shell-footer">
      <nav aria-label="Informazioni">
        <ul>
          <li>
            <Link to={href('contatti')}>Contatti</Link>
          </li>
          <li>
            <Link to={href('faq')}>Domande frequenti</Link>
          </li>
          <li>
            <Link to={href('regolamenti')}>Regolamenti</Link>
          </li>
          <li>
            <Link to={href('privacy')}>Privacy</Link>
          </li>
          <li>
            <Link to={href('cookies')}>Cookie</Link>
          </li>
          <li>
            <Link to={href('accessibilita')}>Dichiarazione di accessibilità</Link>
          </li>
        </ul>
      </nav>
      <p>© Portale Federale Racchette. Dati dimostrativi: nomi, circoli e risultati sono inventati.</p>
    </footer>
  )
}
