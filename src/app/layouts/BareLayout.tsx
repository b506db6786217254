import { Outlet } from 'react-router'
import { ShareSlot } from './ShareSlot.tsx'

/** Without menu: the discipline choice. */
export function BareLayout() {
  return (
    <div className="shell shell-bare">
      <header className="shell-header">
        <div className="shell-header-row">
          <span className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Portale Federale Racchette</span>
          </span>
        </div>
      </header>
      <main id="contenuto" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <ShareSlot />
    </div>
  )
}
