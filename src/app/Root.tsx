import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { GuardedOutlet } from './GuardedOutlet.tsx'
import { SessionRedirects } from './SessionRedirects.tsx'
import { clearReloadMark } from './route-errors.ts'
import { scrollFor } from './paths.ts'
import { trackPageView } from './page-views.ts'

/** Around every page: scrolling (spec §2), focus on the new page's heading, one page view per route change. */
export function Root() {
  const location = useLocation()
  const navigation = useNavigation()

  useLayoutEffect(() => {
    if (scrollFor(location.pathname) === 'bottom') window.scrollTo(0, document.documentElement.scrollHeight)
    else window.scrollTo(0, 0)
  }, [location.pathname])

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
