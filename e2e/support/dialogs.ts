import { expect, type Page } from '@playwright/test'

// The confirmed dialogs wait for the server on a machine shared by several builds: longer than the default 10 s.
const WAIT = { timeout: 45_000 }

/** Answers a confirmed action's dialog: the question, Conferma, the outcome, Chiudi. */
export async function confirmAction(page: Page, question: string | RegExp, done: string | RegExp) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(question)).toBeVisible(WAIT)
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByText(done)).toBeVisible(WAIT)
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(dialog).toBeHidden(WAIT)
}
