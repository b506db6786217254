import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

test.describe('prima visita e disciplina', () => {
  test('da telefono si arriva alla scelta della disciplina e si entra in padel', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 760 },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page).toHaveURL(/\/scelta-disciplina$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Scegli la disciplina' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('radio', { name: 'Padel' }).check()
    await expect(page.getByRole('checkbox', { name: /Ricorda la scelta/ })).toBeChecked()
    await page.getByRole('button', { name: 'Continua' }).click()
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    await expect(page.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
    expect(
      await page.evaluate(() => [localStorage.getItem('disciplina'), localStorage.getItem('id_settore')]),
    ).toEqual(['padel', '2'])
    await context.close()
  })

  test('il tennis in carrozzina si sceglie come settore del tennis', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 760 },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    await page.goto('/scelta-disciplina')
    await page.getByRole('radio', { name: 'Tennis', exact: true }).check()
    await page.getByRole('radio', { name: 'Wheelchair' }).check()
    await page.getByRole('button', { name: 'Continua' }).click()
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    expect(await page.evaluate(() => localStorage.getItem('id_settore'))).toBe('9')
    await context.close()
  })

  test('da computer la prima visita entra nella home del tennis', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    await expect(page.getByRole('link', { name: /Disciplina: Tennis/ })).toBeVisible()
    expect(
      await page.evaluate(() => [localStorage.getItem('disciplina'), localStorage.getItem('id_settore')]),
    ).toEqual(['tennis', '1'])
    await expectNoAxeViolations(page)
  })

  test('un link con ?settore= e nessuna pagina cambia disciplina e settore e riporta all’ultima pagina', async ({
    page,
  }) => {
    await page.goto('/faq')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('id_settore'))).toBe('1')

    // A link to a page opens that page (e2e/navigazione.spec.ts); one to the root goes where the user was.
    await page.goto('/?disciplina=PADEL&settore=2')
    await expect(page.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
    expect(
      await page.evaluate(() => [localStorage.getItem('disciplina'), localStorage.getItem('id_settore')]),
    ).toEqual(['padel', '2'])
    await expect(page).toHaveURL(/\/faq\?settore=2$/)
  })
})

test('chi torna trova la home del suo settore già nella pagina, senza altre richieste', async ({ page }) => {
  // The first visit (desktop: tennis) leaves the sector cookie beside local storage.
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Ultime news' })).toBeVisible()
  expect((await page.context().cookies()).find((c) => c.name === 'settore')?.value).toBe('1')

  const homeCalls: string[] = []
  page.on('request', (request) => {
    if (
      /\/api\/v1\/(home\/menu|v3\/content\/banner|numeri_tpra|news-video|circuito|classifiche|circuiti)/.test(
        request.url(),
      )
    )
      homeCalls.push(request.url())
  })
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Ultime news' })).toBeVisible()
  await expect(page.locator('.home-news-card').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'La stagione in numeri' })).toBeVisible()
  await expect(page.locator('.home-skeleton')).toHaveCount(0)
  expect(homeCalls).toEqual([])
  // The page chunk was hinted in the page itself.
  expect(await page.locator('head link[rel="modulepreload"][href*="HomePage"]').count()).toBe(1)

  // Another sector from the share link: its home is asked to the API as usual.
  await page.goto('/home?disciplina=PADEL&settore=2')
  await expect(page.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
  await expect.poll(() => homeCalls.length).toBeGreaterThan(0)
})

test('il link condiviso porta con sé disciplina e settore', async ({ page, baseURL }) => {
  await page.goto('/regolamenti')
  // The box's buttons arrive as it nears the viewport: the visitor scrolls down to it.
  await page.getByRole('heading', { name: 'Condividi questa pagina' }).scrollIntoViewIfNeeded()
  const whatsapp = page.getByRole('link', { name: /Condividi su WhatsApp/ })
  const shared = decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')
  expect(shared).toContain(`${baseURL}/regolamenti?disciplina=tennis&settore=1`)
  const mail = decodeURIComponent(
    (await page.getByRole('link', { name: 'Condividi via e-mail' }).getAttribute('href')) ?? '',
  )
  expect(mail).toContain('/regolamenti?disciplina=tennis&settore=1')
})

for (const path of [
  '/home',
  '/news',
  '/faq',
  '/contatti',
  '/regolamenti',
  '/privacy',
  '/cookies',
  '/dichiarazione-di-accessibilita',
  '/creazione-credenziali',
  '/verify-email',
  '/reset-password',
  '/crea-password',
]) {
  test(`nessuna violazione di accessibilità su ${path}, da telefono e da computer`, async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('disciplina', 'tennis')
      localStorage.setItem('id_settore', '1')
    })
    for (const viewport of [
      { width: 375, height: 760 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolations(page)
    }
  })
}

test('un visitatore anonimo non scarica MSAL; chi accede sì', async ({ page }) => {
  const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >
  // MSAL comes in with its setup (src/auth/msal-client.ts), in one chunk; its redirect bridge has one of its own.
  const msalFiles = Object.entries(manifest)
    .filter(([source]) => source.includes('@azure/msal-browser') || source === 'src/auth/msal-client.ts')
    .map(([, chunk]) => `/${chunk.file}`)
  expect(msalFiles.length).toBeGreaterThan(0)
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))

  await page.goto('/home')
  await page.waitForLoadState('networkidle')
  await page.goto('/news')
  await page.waitForLoadState('networkidle')
  expect(requested.filter((path) => msalFiles.includes(path))).toEqual([])

  await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
  await expect(page).toHaveURL(/\/idp\//)
  expect(requested.some((path) => msalFiles.includes(path))).toBe(true)
})
