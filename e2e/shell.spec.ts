import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

test('the portal answers on https://localhost:8443 with its shell', async ({ page }) => {
  const response = await page.goto('/home')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'it')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
  await expectNoAxeViolations(page)
})
