// The bracket's round tabs on phones (src/features/tornei/Bracket.tsx): a native tablist with roving focus,
// aria-selected and the arrow, Home and End keys, as the WAI-ARIA tabs pattern asks.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Tabellone } from '../../contract/torneo.ts'
import { Bracket } from '../../src/features/tornei/Bracket.tsx'

const tabellone = {
  id: 3,
  nome: 'Tabellone principale',
  turni: [
    { turno: 1, nome: 'Quarti di finale', incontri: [] },
    { turno: 2, nome: 'Semifinali', incontri: [] },
    { turno: 3, nome: 'Finale', incontri: [] },
  ],
} as unknown as Tabellone

const selected = () =>
  screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])

describe('Bracket round tabs', () => {
  it('is a tablist whose arrows, Home and End move the focus and the selection, one tab in the tab order', async () => {
    const user = userEvent.setup()
    render(<Bracket tabellone={tabellone} />)
    const list = screen.getByRole('tablist', { name: 'Turni di Tabellone principale' })
    expect(list).toHaveAttribute('aria-orientation', 'horizontal')
    expect(selected()).toEqual([
      ['Quarti di finale', 'true', 0],
      ['Semifinali', 'false', -1],
      ['Finale', 'false', -1],
    ])
    expect(screen.getByRole('tabpanel', { name: 'Quarti di finale' })).toBeInTheDocument()

    await user.tab()
    expect(screen.getByRole('tab', { name: 'Quarti di finale' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Semifinali' })).toHaveFocus()
    expect(selected().map(([, isSelected]) => isSelected)).toEqual(['false', 'true', 'false'])
    expect(screen.getByRole('tabpanel', { name: 'Semifinali' })).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Finale' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Quarti di finale' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Finale' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(selected()[0]).toEqual(['Quarti di finale', 'true', 0])

    // Tab leaves the list for the panel, which takes the focus.
    await user.tab()
    expect(screen.getByRole('tabpanel', { name: 'Quarti di finale' })).toHaveFocus()

    await user.click(screen.getByRole('tab', { name: 'Finale' }))
    expect(screen.getByRole('tab', { name: 'Finale' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Finale' })).toBeInTheDocument()
  })
})
