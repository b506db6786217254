import { useEffect, useState } from 'react'
import { useRouteError } from 'react-router'
import { MESSAGES } from '../../contract/common.ts'
import { PageTitle } from '../ui/PageTitle.tsx'
import { claimReload, isChunkLoadError } from './route-errors.ts'

/** Offline, moving to a page whose code has not arrived yet (issue 19, item 5). */
export const OFFLINE = {
  title: 'Sei offline',
  text: 'Controlla la connessione: la pagina si aprirà appena la rete torna. Le pagine già aperte restano consultabili.',
} as const

/** Whether the portal answers: navigator.onLine alone is not to be trusted (it says online behind a dead link). */
async function portalAnswers(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false
  try {
    const response = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(5000) })
    return response.ok
  } catch {
    return false
  }
}

type Step = 'checking' | 'offline' | 'reloading' | 'failed'

/**
 * A page that could not be shown. `inLayout`: inside the main layout's <main> (a page's own error: the header and
 * menu stay); otherwise the whole screen (the root's). A chunk that did not arrive is asked about first: offline,
 * the portal says so in Italian (a reload would show the browser's error page) and opens the page when the network
 * is back; online, a chunk gone after a deploy reloads the page, once per path (spec §8).
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError()
  // Offline, whatever failed (a chunk, its styles) is asked about: the network is the likely cause.
  const [step, setStep] = useState<Step>(() =>
    isChunkLoadError(error) || navigator.onLine === false ? 'checking' : 'failed',
  )
  const [stillOffline, setStillOffline] = useState(false)
  useEffect(() => {
    if (step !== 'checking') return
    let current = true
    void portalAnswers().then((online) => {
      if (!current) return
      if (!online) setStep('offline')
      else if (claimReload(window.location.pathname)) setStep('reloading')
      else setStep('failed')
    })
    return () => {
      current = false
    }
  }, [step])
  useEffect(() => {
    if (step === 'reloading') window.location.reload()
    if (step !== 'offline') return
    const back = () => window.location.reload()
    window.addEventListener('online', back)
    return () => window.removeEventListener('online', back)
  }, [step])
  const retry = () => {
    if (step !== 'offline') return window.location.reload()
    void portalAnswers().then((online) => (online ? window.location.reload() : setStillOffline(true)))
  }
  const title =
    step === 'offline'
      ? OFFLINE.title
      : step === 'failed'
        ? 'Pagina non disponibile'
        : step === 'reloading'
          ? 'Aggiornamento del portale…'
          : 'Caricamento della pagina…'
  const content = (
    <>
      <PageTitle>{title}</PageTitle>
      {(step === 'offline' || step === 'failed') && (
        <div role="alert" className="empty-state">
          <p>{step === 'offline' ? OFFLINE.text : MESSAGES.generic}</p>
          {stillOffline && <p>Ancora nessuna connessione.</p>}
          <button type="button" className="button" onClick={retry}>
            Riprova
          </button>
        </div>
      )}
    </>
  )
  if (inLayout) return <section className="page">{content}</section>
  return (
    <main id="contenuto" className="shell-main">
      {content}
    </main>
  )
}
