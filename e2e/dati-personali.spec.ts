// «I miei dati» (issue 23 item 6) on /impostazioni: Ottavia Cancellieri (elimina-account@demo.it, her own account,
// e2e/support/fixtures.ts) downloads her data and reads her name in the file; at 375 px she asks to delete her
// account, reads what goes and what stays, types a wrong password (refused in Italian, nothing deleted), then the
// right one: she is signed out and can no longer sign in. Axe clean on each screen.
import fs from 'node:fs'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { DEMO_PASSWORD, signInFromHeader, signInOnIdentityPage } from './support/auth.ts'
import { DELETION_ACCOUNT } from './support/fixtures.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 30_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 60_000 })
}

test('scarica i propri dati ed elimina l’account dopo la password', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/home')
  await signInFromHeader(page, DELETION_ACCOUNT.email)
  await page.goto('/impostazioni')
  const section = page.getByRole('region', { name: 'I miei dati' })
  await expect(section).toBeVisible()
  await section.scrollIntoViewIfNeeded()
  await shot(page, 'dati-personali-1280')

  // The download: a JSON file with her own data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Scarica i miei dati' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/)
  // Kept beside the screenshots, for a person (or `python3 -m json.tool`) to open.
  await download.saveAs('reports/i-miei-dati.json')
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    dati: { account: { email: string }; persona: { cognome: string; codice_fiscale: string } }
  }
  expect(file.dati.account.email).toBe(DELETION_ACCOUNT.email)
  expect(file.dati.persona).toMatchObject({
    cognome: DELETION_ACCOUNT.cognome,
    codice_fiscale: DELETION_ACCOUNT.codiceFiscale,
  })
  await expect(section.getByText('Il file con i tuoi dati è stato scaricato.')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.setViewportSize({ width: 375, height: 800 })
  await section.scrollIntoViewIfNeeded()
  await shot(page, 'dati-personali-375')

  // The confirmation says what goes and what stays; «Annulla» deletes nothing.
  await section.getByRole('button', { name: 'Elimina l’account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Vuoi eliminare il tuo account?' })
  await expect(dialog).toContainText('Giocatore non più iscritto')
  // What has not happened yet is withdrawn, and the others are told.
  await expect(dialog).toContainText('Ti ritiriamo dai tornei non ancora sorteggiati')
  await shot(page, 'dati-personali-conferma-375')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  // The dialog is fixed to the viewport: the viewport, not the full page.
  if (SHOTS)
    await page.screenshot({ path: path.join(SHOTS, 'dati-personali-conferma-1280.png'), timeout: 60_000 })
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await dialog.getByRole('button', { name: 'Annulla' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByRole('button', { name: 'Elimina l’account' })).toBeFocused()

  await section.getByRole('button', { name: 'Elimina l’account' }).click()
  await page.getByRole('button', { name: 'Continua' }).click()
  const passwordDialog = page.getByRole('dialog', { name: 'Conferma con la tua password' })
  const definitivo = passwordDialog.getByRole('button', { name: 'Elimina definitivamente' })
  await expect(definitivo).toBeDisabled()
  await passwordDialog.getByLabel('Password').fill('Sbagliata2026!')
  await definitivo.click()
  await expect(passwordDialog.getByRole('alert')).toHaveText(
    'La password non è corretta: l’account non è stato eliminato.',
  )
  await shot(page, 'dati-personali-password-375')
  await expectNoAxeViolations(page)

  await passwordDialog.getByLabel('Password').fill(DEMO_PASSWORD)
  await definitivo.click()
  // Signed out, back on the portal.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({
    timeout: 30_000,
  })
  // The sign-out may still be on its way back through the identity service: read the storage once it has landed.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('tokenAdb2c')).catch(() => 'navigazione in corso'), {
      timeout: 30_000,
    })
    .toBeNull()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({
    timeout: 30_000,
  })
  await shot(page, 'dati-personali-eliminato-375')

  // The identity service's account is gone too: the same e-mail and password no longer sign in.
  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
  await signInOnIdentityPage(page, DELETION_ACCOUNT.email)
  await expect(page).toHaveURL(/\/idp\//)
  await expect(page.getByRole('alert')).toHaveText('E-mail o password non corretti.')
  await shot(page, 'dati-personali-accesso-rifiutato-375')
})
