// /home's quick search (src/features/home/QuickSearch.tsx): its code arrives when the field first takes the focus,
// not with the home; what is typed meanwhile is searched once it is there, and the keyboard opens the result.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'

const loaded = vi.hoisted(() => ({ logic: false }))
vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/features/home/quick-search-logic.ts', async (importOriginal) => {
  loaded.logic = true
  return importOriginal()
})

const { callApi } = await import('../../src/api/client.ts')
const { QuickSearch } = await import('../../src/features/home/QuickSearch.tsx')
const api = vi.mocked(callApi)

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

afterEach(() => {
  api.mockReset()
})

describe('the quick search', () => {
  it('loads its code on the first focus and searches what was typed while it arrived', async () => {
    api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
      if (endpoint.path === 'ricerca_giocatori')
        return {
          results: [
            { id_persona: 41, persona: 'Rossi Mario', id_circolo: 7, circolo: 'TC Parioli', provincia: 'RM' },
          ],
          record: 1,
        } as never
      if (endpoint.path === 'ricerca_circoli') return { results: [], record: 0 } as never
      throw new Error(`unexpected call ${endpoint.path} ${JSON.stringify(body)}`)
    })
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="*" element={<QuickSearch idSettore={1} />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    )
    const field = screen.getByRole('combobox', { name: 'Cerca giocatori e circoli' })
    expect(loaded.logic).toBe(false)

    const user = userEvent.setup()
    await user.type(field, 'ro')
    expect(await screen.findByRole('option', { name: /Rossi Mario/ })).toBeInTheDocument()
    expect(loaded.logic).toBe(true)
    expect(api.mock.calls.map(([, body]) => body)).toContainEqual({
      testo: 'ro',
      id_settore: 1,
      fetchrows: 10,
    })
    expect(field).toHaveAttribute('aria-expanded', 'true')

    await user.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByTestId('where')).toHaveTextContent('/scheda-giocatore/41')
  })
})
