import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'Demo2026!'

/** On the identity service's sign-in page: fill e-mail and password and submit. */
export async function signInOnIdentityPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(/\/idp\//)
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Accedi' }).click()
}

/** Signs in from the portal's header and waits for the portal to come back signed in. */
export async function signInFromHeader(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
  await signInOnIdentityPage(page, email, password)
  await expect(page.getByRole('button', { name: /il tuo profilo/ })).toBeVisible({ timeout: 20_000 })
}

/** The newest 6-digit code the local outbox holds for an address. */
export async function codeFromOutbox(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage()
  try {
    await outbox.goto(`/idp/outbox?a=${encodeURIComponent(email)}`)
    const text = await outbox.locator('article').first().innerText()
    const code = /\b(\d{6})\b/.exec(text)?.[1]
    if (!code) throw new Error(`Nessun codice nella posta simulata per ${email}: ${text}`)
    return code
  } finally {
    await outbox.close()
  }
}
