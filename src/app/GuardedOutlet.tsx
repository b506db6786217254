import { Outlet, useLoaderData } from 'react-router'
import type { RootLoaderData } from './guards.ts'

/** The page, unless the guards started the sign-in: then the reserved page is not shown at all. */
export function GuardedOutlet() {
  const { signingIn } = useLoaderData() as RootLoaderData
  if (!signingIn) return <Outlet />
  return (
    <main id="contenuto" className="boot" aria-busy="true">
      <p role="status">Reindirizzamento al servizio di accesso…</p>
    </main>
  )
}
