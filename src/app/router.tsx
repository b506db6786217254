import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom'
import { guardLoader, markRedirectedFrom } from './guards.ts'
import { AuthLayout } from './layouts/AuthLayout.tsx'
import { BareLayout } from './layouts/BareLayout.tsx'
import { MainLayout } from './layouts/MainLayout.tsx'
import { Root } from './Root.tsx'
import { RouteError } from './RouteError.tsx'
import { redirects, routes, type Layout } from './routes.ts'

function pagesOf(layout: Layout): RouteObject[] {
  return routes
    .filter((route) => route.layout === layout)
    .map((route) => ({
      id: route.id,
      path: route.path,
      // Each page is its own chunk.
      lazy: () => route.load().then((module) => ({ Component: module.default })),
    }))
}

export function createRouter() {
  return createBrowserRouter([
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
        { element: <MainLayout />, children: pagesOf('main') },
        { element: <BareLayout />, children: pagesOf('bare') },
        { element: <AuthLayout />, children: pagesOf('auth') },
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ])
}
