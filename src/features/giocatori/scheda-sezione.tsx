// One section of the player page: its own data (the page-data machine, reloaded when the player or the sector
// changes) and its frame with a heading, a loading line and an error block with «Riprova». The sections appear
// in reading order: one still on its first load holds back those below it (no layout shift as they fill in).
import { useEffect, type ReactNode } from 'react'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'

/** A section's data that follows the page's params (another player, another sector). */
export function useSection<T, P>(load: (params: P, signal: AbortSignal) => Promise<T>, params: P) {
  const section = usePageData(load, params)
  const actor = section.actor
  const key = JSON.stringify(params)
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key)
      actor.send({ type: 'page.reload', params: JSON.parse(key) as P })
  }, [actor, key])
  return section
}

export function Sezione({
  id,
  title,
  section,
  children,
}: {
  id: string
  title: string
  section: { loading: boolean; failed: boolean; error: string | null; retry: () => void; data: unknown }
  children: ReactNode
}) {
  // Its first load (no data yet): the sections below it wait, hidden (giocatori.css), so that nothing on screen
  // moves when its content arrives. A reload (another page of results) keeps them where they are.
  const firstLoad = section.loading && (section.data === null || section.data === undefined)
  return (
    <section
      className="scheda-sezione"
      aria-labelledby={id}
      aria-busy={section.loading}
      data-primo-caricamento={firstLoad || undefined}
    >
      <h2 id={id}>{title}</h2>
      {section.loading && <p className="giocatori-muted">Caricamento…</p>}
      {section.failed && <LoadError message={section.error} onRetry={section.retry} secondary />}
      {!section.loading && !section.failed && children}
    </section>
  )
}
