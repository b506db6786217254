import { useEffect, useState } from 'react'
import { useRouteError } from 'react-router'
import { MESSAGES } from '../../contract/common.ts'
import { claimReload, isChunkLoadError } from './route-errors.ts'

export function RouteError() {
  const error = useRouteError()
  // Decided once, on the first render: a missing chunk after a deploy reloads the page, but only once per path.
  const [reloading] = useState(() => isChunkLoadError(error) && claimReload(window.location.pathname))
  useEffect(() => {
    if (reloading) window.location.reload()
  }, [reloading])
  return (
    <main id="contenuto" className="shell-main">
      <h1 className="page-title">{reloading ? 'Aggiornamento del portale…' : 'Pagina non disponibile'}</h1>
      {!reloading && (
        <div role="alert" className="empty-state">
          <p>{MESSAGES.generic}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Riprova
          </button>
        </div>
      )}
    </main>
  )
}
