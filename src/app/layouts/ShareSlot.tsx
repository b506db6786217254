import { lazy, Suspense, type ComponentType } from 'react'
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
 * The share widget of every page (spec §2), in the main and bare layouts. The authentication pages have none:
 * their addresses carry sign-in state, and there is nothing on them worth sending to someone else.
 */
export function ShareSlot() {
  return (
    // The placeholder keeps the widget's place, so the footer does not move when it arrives.
    <Suspense fallback={<div className="share-placeholder" aria-hidden="true" />}>
      <ShareButtons />
    </Suspense>
  )
}
