// Spec §4 «A failure to load a route's resources reloads the page» and §8 «Caricamento di una pagina non
// riuscito: la pagina si ricarica»: no machine draws it, the router does it (src/app/RouteError.tsx with
// src/app/route-errors.ts). The page's code does not arrive (a chunk gone after a deploy): online, the page reloads
// once; if it fails again on the same address, the error is shown instead of reloading in a loop.
import { cleanup, render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { RouteError } from '../../src/app/RouteError.tsx'

const reload = vi.fn()

/** The portal at /lista-circoli, whose page's code cannot be fetched. */
function openBrokenPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [
          {
            path: 'lista-circoli',
            lazy: () =>
              Promise.reject(
                new TypeError('Failed to fetch dynamically imported module: /assets/ListaCircoli-abc123.js'),
              ),
          },
        ],
      },
    ],
    { initialEntries: ['/lista-circoli'] },
  )
  render(<RouterProvider router={router} />)
}

beforeEach(() => {
  sessionStorage.clear()
  reload.mockClear()
  vi.stubGlobal('location', { ...window.location, pathname: '/lista-circoli', reload })
  // The portal answers (/api/health): the network is up, the chunk is what is missing.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"ok":true}', { status: 200 })),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('il router quando le risorse di una pagina non arrivano (spec §4, §8)', () => {
  it('ricarica la pagina una volta', async () => {
    openBrokenPage()
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aggiornamento del portale…')
  })

  it('mai due volte di seguito', async () => {
    openBrokenPage()
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    cleanup()
    // After the reload the code is still missing: the error is shown, the page is not reloaded again.
    openBrokenPage()
    expect(await screen.findByRole('heading', { name: 'Pagina non disponibile' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.generic)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
