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

test('a page whose chunk cannot load reloads once, then says so, and loads again when asked', async ({
  page,
}) => {
  let loads = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === '/faq') loads++
  })
  const chunk = /\/assets\/FaqPage-[^/]+\.js$/
  await page.route(chunk, (route) => route.abort())
  await page.goto('/faq')
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non disponibile' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Si è verificato un errore')
  // One reload, not a loop.
  await page.waitForTimeout(500)
  expect(loads).toBe(2)

  await page.unroute(chunk)
  await page.getByRole('button', { name: 'Riprova' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Domande frequenti' })).toBeVisible()
  // Loaded: a later failure gets its one reload again.
  expect(await page.evaluate(() => sessionStorage.getItem('ricarica-rotta'))).toBeNull()
})

test('each navigation opens the page at the top, the calendar at the bottom (spec §2)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 })
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Ultime news' })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
  await expect(page).toHaveURL(/\/privacy\?settore=\d+$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.evaluate(() => window.scrollTo(0, 300))
  await page.getByRole('navigation').getByRole('link', { name: 'Tornei', exact: true }).click()
  await expect(page).toHaveURL(/\/tornei\/calendario-tornei\?settore=\d+$/)
  const bottom = () =>
    page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY)
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
  await expect.poll(bottom).toBeLessThanOrEqual(1)
})
