import { expect, test } from '@playwright/test'
import { MESSAGES } from '../contract/common.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

test('con dati incompleti si completa il profilo, poi la privacy, poi si naviga liberamente', async ({
  page,
}) => {
  await page.goto('/home')
  await signInFromHeader(page, 'incompleto@demo.it')

  // Guard 1: the registration must be completed first.
  await expect(page).toHaveURL(/\/modifica-profilo$/, { timeout: 20_000 })
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.incompleteData })).toBeVisible()
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Giulia')
  await expectNoAxeViolations(page)
  // Other pages stay closed until then.
  await page.getByRole('link', { name: 'Circoli' }).first().click()
  await expect(page).toHaveURL(/\/modifica-profilo$/)

  await page.getByLabel('Codice fiscale').fill('FRRGLI95P43F205P')
  await page.getByLabel('Telefono').fill('3401234567')
  // The personal data's own button (the shipping address has «Salva l’indirizzo»).
  await page.getByRole('button', { name: 'Salva', exact: true }).click()

  // Guard 2: then the privacy preferences.
  await expect(page).toHaveURL(/\/modifica-privacy$/, { timeout: 20_000 })
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.missingPrivacy })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel("Ho letto e accetto l'informativa sulla privacy").check()
  await page.getByLabel('No, non acconsento').check()
  await page.getByRole('button', { name: 'Salva' }).click()

  // Then the portal is open.
  await expect(page).not.toHaveURL(/modifica-(profilo|privacy)/, { timeout: 20_000 })
  await page.goto('/lista-circoli')
  await expect(page).toHaveURL(/\/lista-circoli\?settore=\d+$/)
  await page.goto('/impostazioni')
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
})
