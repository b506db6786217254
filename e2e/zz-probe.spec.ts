import { expect, test } from '@playwright/test'
import { signInOnIdentityPage } from './support/auth.ts'
test('probe', async ({ page }) => {
  test.setTimeout(240_000)
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()) })
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  await page.goto('/home')
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click({ timeout: 60_000 })
  await expect(page).toHaveURL(/idp/, { timeout: 60_000 })
  await signInOnIdentityPage(page, 'giocatore@demo.it')
  const avatar = page.getByRole('button', { name: /il tuo profilo/ })
  await expect(avatar).toBeEnabled({ timeout: 60_000 })
  await avatar.click()
  await page.waitForTimeout(2000)
  console.log(await page.evaluate(() => [...document.body.children].slice(-3).map((e) => e.outerHTML.slice(0, 1500)).join('\n----\n')))
  await page.screenshot({ path: '/tmp/i10shots/probe-menu.png' })
})
