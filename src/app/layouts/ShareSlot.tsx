import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { isPublicPage } from '../paths.ts'
// The widget's styles come with the page's own: a style sheet added later would restyle the whole page.
import '../../ui/share.css'

// Loaded when the box nears the viewport: the box sits under the page's content, out of the first screen of
// most pages. If it cannot load, the page goes on without it.
const ShareButtons = lazy(() =>
  import('../../ui/ShareButtons.tsx').then(
    (module): { default: ComponentType } => ({ default: module.ShareButtons }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
)

// How long the box must stay near the viewport to count as near: while a page's content is still arriving (a
// skeleton, a section loading), the box passes through the first screen on its way down.
const DWELL_MS = 600

/**
 * True once the element has stayed within a screen's height of the viewport for DWELL_MS, or at the first Tab
 * (a keyboard moves through the page without scrolling towards what comes next); then stays true.
 */
function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const target = element.current
    if (near || !target) return
    let dwell: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(dwell)
        if (entries.at(-1)?.isIntersecting) dwell = setTimeout(() => setNear(true), DWELL_MS)
      },
      { rootMargin: '100% 0px' },
    )
    observer.observe(target)
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      observer.disconnect()
      clearTimeout(dwell)
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [element, near])
  return near
}

/**
 * The share widget of every public page (spec §2), in the main and bare layouts. The authentication pages have
 * none (their addresses carry sign-in state), nor have the pages of a signed-in user or a form of one's own
 * (/impostazioni, /elenco-tessere, /news/add-news): nothing on them is worth sending to someone else, and the
 * link would open a sign-in. Which pages are public is data, in paths.ts.
 */
export function ShareSlot() {
  const { pathname } = useLocation()
  if (!isPublicPage(pathname)) return null
  return <ShareBox />
}

/** The box and its heading from the start (found by headings and landmarks); the buttons when it comes near. */
function ShareBox() {
  const box = useRef<HTMLElement>(null)
  const near = useNearViewport(box)
  // The placeholder keeps the buttons' place, so nothing moves when they arrive.
  const placeholder = <div className="share-placeholder" aria-hidden="true" />
  return (
    <section ref={box} className="share" aria-labelledby="share-title">
      <div className="share-inner">
        <h2 id="share-title" className="share-title">
          Condividi questa pagina
        </h2>
        {near ? (
          <Suspense fallback={placeholder}>
            <ShareButtons />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  )
}
