import { useEffect, useLayoutEffect, useRef } from 'react'
import { useSelector } from '@xstate/store-react'
import { useLocation, useNavigation, useNavigationType } from 'react-router'
import { disciplinaStore } from '../stores/disciplina.ts'
import { GuardedOutlet } from './GuardedOutlet.tsx'
import { SessionRedirects } from './SessionRedirects.tsx'
import { applyScroll, scrollActionFor, scrollPositions } from './scroll.ts'
import { sectorAddress } from './sector-address.ts'
import { trackPageView } from './page-views.ts'

/** Around every page: scrolling (spec §2, back and forward restore), focus on the new page's heading, one page view per route change. */
export function Root() {
  const location = useLocation()
  const navigation = useNavigation()
  const navigationType = useNavigationType()

  // Every navigation, including one that changes only the query (the next page of a list): a new visit follows
  // the route's rule, back and forward restore the position the entry was left at.
  // The address bar names the sector of a public page (issue 19, item 3), so the address a user copies opens the
  // same sector for whoever receives it. Written in place: the router's location, the history entry's state and
  // the #fragment stay as they are (a redirect from the loader would lose the fragment and add a navigation).
  const storedSector = useSelector(disciplinaStore, (s) => s.context.id_settore)
  useLayoutEffect(() => {
    const here = new URL(`${location.pathname}${location.search}`, window.location.origin)
    const address = sectorAddress(here, storedSector)
    if (address.type === 'rewrite')
      window.history.replaceState(window.history.state, '', `${address.to}${location.hash}`)
  }, [location.pathname, location.search, location.hash, storedSector])

  // The page a navigation leaves: another query of the same list shows the list from its top.
  const previousPathname = useRef<string | undefined>(undefined)
  useLayoutEffect(
    () => {
      const action = scrollActionFor({
        type: navigationType,
        pathname: location.pathname,
        hash: location.hash,
        saved: scrollPositions[location.key],
        previousPathname: previousPathname.current,
      })
      previousPathname.current = location.pathname
      return applyScroll(action)
    },
    // A new history entry always has a new key; the others change only with it.
    [location.key, location.pathname, location.hash, navigationType],
  )

  useEffect(() => {
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
