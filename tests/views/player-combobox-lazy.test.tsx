// The player combo box loads react-aria's ComboBox on first use (src/ui/PlayerComboBox.tsx): a plain input that
// looks the same stands in, and the real one replaces it keeping the typed text and the focus.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ricercaRapidaMachine, type SearchResults } from '../../machines/ricerca-rapida.ts'
import { PlayerComboBox, type ChosenPlayer } from '../../src/ui/PlayerComboBox.tsx'

const search = () =>
  createActor(
    ricercaRapidaMachine.provide({
      actors: {
        search: fromPromise(async (): Promise<SearchResults> => ({
          giocatori: [{ id_persona: 7, persona: 'Rossi Mario', circolo: 'Circolo Roma', provincia: 'RM' }],
          circoli: [],
        })),
      },
    }),
    { input: { id_settore: 1 } },
  ).start()

function Box({ actor }: { actor: ReturnType<typeof search> }) {
  const [chosen, setChosen] = useState<ChosenPlayer | null>(null)
  return (
    <PlayerComboBox
      search={actor as never}
      label="Avversario"
      hint="Scrivi almeno 3 lettere."
      chosen={chosen}
      onChosen={setChosen}
    />
  )
}

describe('PlayerComboBox (loaded on first use)', () => {
  it('first shows a plain labelled input, then the combo box with the typed text, still focused', async () => {
    const user = userEvent.setup()
    render(<Box actor={search()} />)
    const placeholder = screen.getByRole('combobox', { name: 'Avversario' })
    expect(placeholder).toHaveAccessibleDescription('Scrivi almeno 3 lettere.')
    expect(placeholder).toHaveAttribute('placeholder', 'Cognome e nome')
    // Typed before the combo box is there: the text stays, the focus moves to the real input.
    act(() => placeholder.focus())
    await user.keyboard('Ros')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Avversario' })).not.toBe(placeholder))
    const combo = screen.getByRole('combobox', { name: 'Avversario' })
    expect(combo).toHaveValue('Ros')
    expect(combo).toHaveFocus()
    // The list opens on its own with what the search found, as typing in the combo box would open it.
    expect(await screen.findByRole('option', { name: /Rossi Mario/ })).toBeInTheDocument()
  })
})
