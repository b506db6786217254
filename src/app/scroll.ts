// Where a page opens (spec §2 "Scrolling", issue 10): a new navigation follows the route's rule (top, or bottom
// for the calendar, circuits and championships; an element named by the #fragment when there is one); back and
// forward (POP) put the page where the user left it, as browsers do for documents. The positions are saved by
// react-router's data router (enableScrollRestoration, at the start of each navigation) under the history
// entry's key; this module owns them and applies the decision.
import type { DataRouter } from 'react-router'
import { listTopFor, scrollFor } from './paths.ts'

/** The saved vertical position of each history entry, by location key (filled by the router). */
export const scrollPositions: Record<string, number> = {}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE'

export type ScrollAction =
  { type: 'restore'; y: number } | { type: 'element'; id: string } | { type: 'top' } | { type: 'bottom' }

/**
 * What a navigation does to the scroll position. POP with a saved position restores it (back and forward);
 * anything else is a new visit of the page: its #fragment's element, the top of its list when only the query
 * changed on a page with a list (another page of it, another filter: issue 19, item 3), or the route's rule.
 */
export function scrollActionFor(navigation: {
  type: NavigationType
  pathname: string
  hash: string
  saved: number | undefined
  /** The path of the page the navigation leaves (undefined on the first page of a visit). */
  previousPathname?: string | undefined
}): ScrollAction {
  if (navigation.type === 'POP' && navigation.saved !== undefined)
    return { type: 'restore', y: navigation.saved }
  const id = navigation.hash.replace(/^#/, '')
  if (id) return { type: 'element', id: decodeURIComponent(id) }
  const listTop = listTopFor(navigation.pathname)
  if (listTop && navigation.type !== 'POP' && navigation.previousPathname === navigation.pathname)
    return { type: 'element', id: listTop }
  return { type: scrollFor(navigation.pathname) }
}

/** The router saves each entry's position when the user leaves it; the browser no longer restores by itself. */
export function enableScrollMemory(router: DataRouter) {
  if (typeof window !== 'undefined') window.history.scrollRestoration = 'manual'
  router.enableScrollRestoration(scrollPositions, () => window.scrollY)
}

// A restored position (or the bottom) follows a page whose content is still arriving (data loads after the page
// renders, so the document may be too short for the position at first): until the position is reached and the
// page has stopped changing for SETTLE_MS, the user scrolls, or FOLLOW_MS pass (a slow network).
const FOLLOW_MS = 10_000
const SETTLE_MS = 800
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** Carries out a scroll action; returns a cleanup (the next navigation ends any following). */
export function applyScroll(action: ScrollAction): () => void {
  const root = document.documentElement
  if (action.type === 'top') {
    window.scrollTo(0, 0)
    return () => {}
  }
  if (action.type === 'element') {
    const element = document.getElementById(action.id)
    if (element) {
      element.scrollIntoView()
      return () => {}
    }
    // Not there yet (a lazy page, a section whose data is still arriving, as a notice's link to «Le mie
    // richieste» of /helpdesk): from the top, then to the element when it appears, unless the user scrolls
    // first or FOLLOW_MS pass.
    window.scrollTo(0, 0)
    const observer = new MutationObserver(() => {
      const arrived = document.getElementById(action.id)
      if (!arrived) return
      stop()
      arrived.scrollIntoView()
    })
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
      for (const type of USER_INPUT) window.removeEventListener(type, stop)
    }
    const timer = setTimeout(stop, FOLLOW_MS)
    for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true })
    observer.observe(document.body, { childList: true, subtree: true })
    return stop
  }
  const target = () =>
    action.type === 'restore' ? action.y : Math.max(0, root.scrollHeight - window.innerHeight)
  let settle: ReturnType<typeof setTimeout> | undefined
  const place = () => {
    window.scrollTo(0, target())
    clearTimeout(settle)
    if (Math.abs(window.scrollY - target()) <= 1) settle = setTimeout(stop, SETTLE_MS)
  }
  const observer = new ResizeObserver(place)
  const stop = () => {
    observer.disconnect()
    clearTimeout(settle)
    clearTimeout(timer)
    for (const type of USER_INPUT) window.removeEventListener(type, stop)
  }
  const timer = setTimeout(stop, FOLLOW_MS)
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true })
  observer.observe(document.body)
  place()
  return stop
}
