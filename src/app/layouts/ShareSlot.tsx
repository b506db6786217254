import { lazy, Suspense, type ComponentType } from 'react'
import { useLocation } from 'react-router'
import { isPublicPage } from '../paths.ts'
// The widget's styles come with the page's own: a style sheet added later would restyle the whole page.
import '../../ui/share.css'

// Loaded after the page: nothing on the first screen needs it. If it cannot load, the page goes on without it.
const ShareButtons = lazy(() =>
  import('../../ui/ShareButtons.tsx').then(
    (module): { default: ComponentType } => ({ default: module.ShareButtons }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
)

/**
 * The share widget of every public page (spec §2), in the main and bare layouts. The authentication pages have
 * none (their addresses carry sign-in state), nor have the pages of a signed-in user or a form of one's own
 * (/impostazioni, /elenco-tessere, /news/add-news): nothing on them is worth sending to someone else, and the
 * link would open a sign-in. Which pages are public is data, in paths.ts.
 */
export function ShareSlot() {
  const { pathname } = useLocation()
  if (!isPublicPage(pathname)) return null
  return (
    // The placeholder keeps the widget's place, so the footer does not move when it arrives.
    <Suspense fallback={<div className="share-placeholder" aria-hidden="true" />}>
      <ShareButtons />
    </Suspense>
  )
}
