import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigation, useNavigationType } from 'react-router'
import { GuardedOutlet } from './GuardedOutlet.tsx'
import { SessionRedirects } from './SessionRedirects.tsx'
import { clearReloadMark } from './route-errors.ts'
import { applyScroll, scrollActionFor, scrollPositions } from './scroll.ts'
import { trackPageView } from './page-views.ts'

/** Around every page: scrolling (spec §2, back and forward restore), focus on the new page's heading, one page view per route change. */
export function Root() {
  const location = useLocation()
  const navigation = useNavigation()
  const navigationType = useNavigationType()

  // Every navigation, including one that changes only the query (the next page of a list): a new visit follows
  // the route's rule, back and forward restore the position the entry was left at.
  useLayoutEffect(
    () =>
      applyScroll(
        scrollActionFor({
          type: navigationType,
          pathname: location.pathname,
          hash: location.hash,
          saved: scrollPositions[location.key],
        }),
      ),
    // A new history entry always has a new key; the others change only with it.
    [location.key, location.pathname, location.hash, navigationType],
  )

  useEffect(() => {
    clearReloadMark()
    trackPageView(location.pathname)
    // Screen readers: announce the new page by moving focus to its heading (not on the first load).
    if (window.history.state?.idx > 0)
      document.getElementById('titolo-pagina')?.focus({ preventScroll: true })
  }, [location.pathname])

  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="Caricamento della pagina" />
      )}
      <SessionRedirects />
      <GuardedOutlet />
    </>
  )
}
