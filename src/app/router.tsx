import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { guardLoader, markRedirectedFrom } from './guards.ts'
import { AuthLayout } from './layouts/AuthLayout.tsx'
import { BareLayout } from './layouts/BareLayout.tsx'
import { MainLayout } from './layouts/MainLayout.tsx'
import { Root } from './Root.tsx'
import { RouteError } from './RouteError.tsx'
import { clearReloadMark } from './route-errors.ts'
import { redirects, routes, type Layout } from './paths.ts'
import { enableScrollMemory } from './scroll.ts'
import { pages } from './routes.ts'

function pagesOf(layout: Layout): RouteObject[] {
  return routes
    .filter((route) => route.layout === layout)
    .map((route) => ({
      id: route.id,
      path: route.path,
      // Each page is its own chunk.
      // Its code arrived: a later failure of this path gets its one reload again (route-errors.ts).
      lazy: () =>
        pages[route.id]().then((module) => {
          clearReloadMark()
          return { Component: module.default }
        }),
    }))
}

/**
 * A layout's pages inside one pathless route whose boundary shows a page that cannot be shown (its code did not
 * arrive: offline, or gone after a deploy) where the page would be: the header and the menu stay. The boundary
 * sits below the layout's <Outlet />; the root's, for what fails above (the guards), replaces the whole screen.
 */
function withinLayout(children: RouteObject[]): RouteObject {
  return { errorElement: <RouteError inLayout />, children }
}

export function createRouter() {
  const router = createBrowserRouter([
    {
      id: 'root',
      element: <Root />,
      errorElement: <RouteError />,
      // The navigation guards of spec §4 run before every navigation.
      loader: guardLoader,
      shouldRevalidate: () => true,
      children: [
        ...redirects.map((r) => ({
          path: r.from,
          loader: () => {
            markRedirectedFrom(r.from)
            return redirect(r.to)
          },
        })),
        {
          element: <MainLayout />,
          children: [
            withinLayout([
              ...pagesOf('main'),
              // Any other address: «Pagina non trovata» (issue 19, item 5; the spec's redirect to / is replaced).
              {
                path: '*',
                lazy: () =>
                  import('../features/errori/NonTrovataPage.tsx').then((m) => ({ Component: m.default })),
              },
            ]),
          ],
        },
        { element: <BareLayout />, children: [withinLayout(pagesOf('bare'))] },
        { element: <AuthLayout />, children: [withinLayout(pagesOf('auth'))] },
      ],
    },
  ])
  enableScrollMemory(router)
  return router
}

let portal: ReturnType<typeof createRouter> | undefined

/** The portal's one router, created on first use: after booting, when the URL no longer carries the identity response. */
export function portalRouter() {
  portal ??= createRouter()
  return portal
}

/** Resolves once the router has run the first navigation's guards and loaded its page. */
export function routerReady(router = portalRouter()): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}
