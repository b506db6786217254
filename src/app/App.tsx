import { useSelector } from '@xstate/react'
import { RouterProvider } from 'react-router/dom'
import { portalRouter } from './router.tsx'
import { sessionActor } from './session.ts'

/** While a sign-in comes back from the identity service, the page waits; then the router takes over. */
export function App() {
  const booting = useSelector(sessionActor, (s) => s.matches('booting'))
  if (booting) {
    return (
      <main id="contenuto" className="boot" aria-busy="true">
        <p role="status">Accesso in corso…</p>
      </main>
    )
  }
  return <Router />
}

function Router() {
  return <RouterProvider router={portalRouter()} />
}
