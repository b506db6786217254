// Direct imports, not the endpoints table: the first page's bundle carries only these contracts.
import { pageView } from '../../contract/analytics.ts'
import { notify } from '../api/client.ts'
import { disciplinaStore } from '../stores/disciplina.ts'

let previous: string | null = null

/** One page view per route change, to our own server (no third party); failures are ignored. */
export function trackPageView(path: string) {
  if (path === previous) return
  const referrer = previous
  previous = path
  const sector = disciplinaStore.getSnapshot().context.id_settore
  void notify(pageView, { path, referrer, id_settore: sector })
}
