// The player combo box loads react-aria's ComboBox on first use (src/ui/PlayerComboBox.tsx): a plain input stands
// in until the focus reaches it. A user's keys then go to the box that has the focus; `user.type` keeps the element
// it was given, and on a loaded machine the swap can come mid-word and take the rest of the keys with the old
// input. The view tests that are about the choice, not the loading, focus the box and type once it is the real one
// (the swap itself is tested in tests/views/player-combobox-lazy.test.tsx).
import { screen, waitFor } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

export async function loadedPlayerBox(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name }))
  // The real box sits in react-aria's ComboBox, which marks its root with data-rac.
  await waitFor(() => expect(screen.getByRole('combobox', { name }).closest('[data-rac]')).not.toBeNull())
  return screen.getByRole('combobox', { name })
}
