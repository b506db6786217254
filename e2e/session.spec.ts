import { expect, test } from '@playwright/test'
import { MESSAGES } from '../contract/common.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { codeFromOutbox, signInFromHeader, signInOnIdentityPage } from './support/auth.ts'
import { RESET_ACCOUNT } from './support/fixtures.ts'

test.describe('accesso e uscita', () => {
  test('un giocatore accede, apre le impostazioni ed esce', async ({ page }) => {
    await page.goto('/home')
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    await signInFromHeader(page, 'giocatore@demo.it')
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    expect(await page.evaluate(() => localStorage.getItem('tokenAdb2c'))).toMatch(/^eyJ/)
    expect(await page.evaluate(() => localStorage.getItem('privacy'))).toBe('1')

    await page.getByRole('button', { name: /il tuo profilo/ }).click()
    await page.getByRole('menuitem', { name: 'Impostazioni' }).click()
    await expect(page).toHaveURL(/\/impostazioni$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Esci' }).first().click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page).not.toHaveURL(/impostazioni/)
    expect(await page.evaluate(() => localStorage.getItem('tokenAdb2c'))).toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull()
    // The discipline choice survives the sign-out.
    expect(await page.evaluate(() => localStorage.getItem('id_settore'))).toBe('1')
  })

  test('una visita anonima a /impostazioni porta a /creazione-credenziali; con il cookie, al servizio di accesso e ritorno', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/impostazioni')
    await expect(page).toHaveURL(/\/creazione-credenziali$/)
    await expectNoAxeViolations(page)

    await context.addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL! }])
    await page.goto('/impostazioni')
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    await expect(page).toHaveURL(/\/impostazioni$/, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
  })

  test('"Password dimenticata?" apre la reimpostazione; poi si accede con la nuova password', async ({
    page,
  }) => {
    const email = RESET_ACCOUNT
    const newPassword = 'NuovaPass2027'
    await page.goto('/home')
    await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
    await page.getByRole('link', { name: 'Password dimenticata?' }).click()

    // AADB2C90118 came back to the portal, which opened the password-reset policy.
    await expect(page).toHaveURL(/b2c_1_passwordreset/i, { timeout: 20_000 })
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Invia il codice' }).click()
    await page.getByLabel('Codice di verifica').fill(await codeFromOutbox(page, email))
    await page.getByRole('button', { name: 'Verifica' }).click()
    await page.getByLabel('Nuova password').fill(newPassword)
    await page.getByLabel('Conferma la password').fill(newPassword)
    await page.getByRole('button', { name: /password/i }).click()
    await expect(page.getByRole('button', { name: /il tuo profilo/ })).toBeVisible({ timeout: 20_000 })

    await page.getByRole('button', { name: /il tuo profilo/ }).click()
    await page.getByRole('menuitem', { name: 'Esci' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({
      timeout: 20_000,
    })
    await signInFromHeader(page, email, newPassword)
  })

  test('un 401 a metà sessione mostra la scadenza e disconnette', async ({ page }) => {
    await page.goto('/home')
    await signInFromHeader(page, 'admin@demo.it')
    // Let the session finish loading the user's data and cards before the token is revoked.
    await page.waitForLoadState('networkidle')
    // Sign out everywhere from the server side («Esci da tutti i dispositivi»): the portal's token is now refused.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/v1/logout/ovunque', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('tokenAdb2c')}`,
        },
        body: '{}',
      })
      return response.status
    })
    expect(status).toBe(200)
    await page.getByRole('button', { name: /il tuo profilo/ }).click()
    await page.getByRole('menuitem', { name: 'Le mie tessere' }).click()
    await expect(page.locator('.notice').filter({ hasText: MESSAGES.sessionExpired })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible()
    // The sign-out still goes through the identity service's logout and back: read the storage between pages.
    await expect
      .poll(() =>
        page.evaluate(() => localStorage.getItem('tokenAdb2c')).catch(() => 'durante la navigazione'),
      )
      .toBeNull()
  })
})
