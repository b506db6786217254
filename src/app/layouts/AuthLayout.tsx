import { Link, Outlet } from 'react-router'
import { Notice } from '../../ui/Notice.tsx'
import { href } from '../paths.ts'

/** The authentication pages: a focused card, a way back to the portal. */
export function AuthLayout() {
  return (
    <div className="shell shell-auth">
      <header className="shell-header">
        <div className="shell-header-row">
          <Link className="brand" to={href('home')}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Portale Federale Racchette</span>
          </Link>
        </div>
      </header>
      <main id="contenuto" className="shell-main auth-card" tabIndex={-1}>
        <Notice />
        <Outlet />
      </main>
    </div>
  )
}
