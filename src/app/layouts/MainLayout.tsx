import { useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { Notice } from '../../ui/Notice.tsx'
import { href } from '../paths.ts'
import { AccountMenu } from './AccountMenu.tsx'
import { DisciplineBadge } from './DisciplineBadge.tsx'
import { Footer } from './Footer.tsx'
import { ShareSlot } from './ShareSlot.tsx'

const sections = [
  { label: 'Home', to: href('home') },
  { label: 'Tornei', to: href('calendarioTornei') },
  { label: 'Circuiti', to: href('circuitiTornei') },
  { label: 'Campionati', to: href('campionatiSquadre') },
  { label: 'Classifiche', to: href('classificaNazionale') },
  { label: 'Giocatori', to: href('listaGiocatori') },
  { label: 'Circoli', to: href('listaCircoli') },
  { label: 'News', to: href('news') },
  { label: 'Assistenza', to: href('helpdesk') },
]

/** The main layout: header with menu, discipline and account; the page; share buttons; footer. */
export function MainLayout() {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  const [menuPath, setMenuPath] = useState(location.pathname)
  // Close the phone menu after navigating (derived while rendering, no effect needed).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname)
    setMenuOpen(false)
  }
  return (
    <div className="shell">
      <a className="skip-link" href="#contenuto">
        Vai al contenuto
      </a>
      <header className="shell-header">
        <div className="shell-header-row">
          <NavLink className="brand" to={href('home')}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Portale Federale Racchette</span>
          </NavLink>
          <DisciplineBadge />
          <AccountMenu />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="menu-principale"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        </div>
        <nav
          id="menu-principale"
          aria-label="Menu principale"
          className={menuOpen ? 'primary-nav open' : 'primary-nav'}
        >
          <ul>
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="contenuto" className="shell-main" tabIndex={-1}>
        <Notice />
        <Outlet />
      </main>
      <ShareSlot />
      <Footer />
    </div>
  )
}
