// Issue 10, items 1 and 8: shared links open what was shared; navigation behaves as people expect.
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import { signInOnIdentityPage } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'

// Pages load their data after rendering: on a busy machine (eight checkouts on two cores) a screen may take a
// while, so these journeys wait longer than the suite's default before calling something missing.
test.describe.configure({ timeout: 240_000 })
const expect = baseExpect.configure({ timeout: 30_000 })
const LOADED = { timeout: 45_000 }

type Card = { id: number; titolo: string; slug: string; disciplina: string; tipologia_news: string }

/** The newest news of a sector, as the list endpoint gives it. */
async function newestNews(page: Page, idSettore = 1): Promise<Card> {
  const response = await page.request.post('/api/v1/news/list', {
    data: { id_settore: idSettore, fetchrows: 1 },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { results: Card[] }).results[0]!
}

async function phone(browser: Browser, width = 375) {
  const context = await browser.newContext({ viewport: { width, height: 760 }, ignoreHTTPSErrors: true })
  return { context, page: await context.newPage() }
}

/** The share box's slot renders with the layout (a placeholder while its chunk loads): absent means none. */
async function expectNoShareBox(page: Page) {
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.locator('.share, .share-placeholder')).toHaveCount(0)
}

const stored = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('disciplina'), localStorage.getItem('id_settore')])

test.describe('un link condiviso apre ciò che è stato condiviso', () => {
  for (const width of [375, 1280]) {
    test(`chi non è mai venuto apre l'articolo condiviso (${width} px)`, async ({ browser }) => {
      const { context, page } = await phone(browser, width)
      const news = await newestNews(page)
      await page.goto(`/news-dettaglio/${news.id}?disciplina=tennis&settore=1`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.titolo, LOADED)
      // The address keeps the page and names its sector (the discipline, already applied, is left out).
      await expect(page).toHaveURL(new RegExp(`/news-dettaglio/${news.id}\\?settore=\\d+$`))
      expect(await stored(page)).toEqual(['tennis', '1'])
      await expect(page.getByRole('link', { name: /Disciplina: Tennis/ })).toBeVisible()
      await expectNoAxeViolations(page)
      await context.close()
    })
  }

  test('chi segue un’altra disciplina apre l’articolo condiviso, nella disciplina del link', async ({
    browser,
  }) => {
    const { context, page } = await phone(browser)
    const news = await newestNews(page)
    await page.addInitScript(() => {
      if (sessionStorage.getItem('preparato')) return
      sessionStorage.setItem('preparato', '1')
      localStorage.setItem('disciplina', 'padel')
      localStorage.setItem('id_settore', '2')
      localStorage.setItem('lastLocation', '/faq')
    })
    await page.goto(`/news-dettaglio/${news.id}?disciplina=tennis&settore=1`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.titolo, LOADED)
    await expect(page).toHaveURL(new RegExp(`/news-dettaglio/${news.id}\\?settore=\\d+$`))
    expect(await stored(page)).toEqual(['tennis', '1'])
    await expect(page.getByRole('link', { name: /Disciplina: Tennis/ })).toBeVisible()
    // A reload keeps the page and the discipline.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.titolo, LOADED)
    expect(await stored(page)).toEqual(['tennis', '1'])
    await context.close()
  })

  test('chi ha già la stessa disciplina apre semplicemente la pagina', async ({ browser }) => {
    const { context, page } = await phone(browser)
    const news = await newestNews(page)
    await page.addInitScript(() => {
      localStorage.setItem('disciplina', 'tennis')
      localStorage.setItem('id_settore', '1')
      localStorage.setItem('lastLocation', '/faq')
    })
    await page.goto(`/news-dettaglio/${news.id}?disciplina=tennis&settore=1`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.titolo, LOADED)
    await expect(page).toHaveURL(new RegExp(`/news-dettaglio/${news.id}\\?settore=\\d+$`))
    await context.close()
  })
})

test.describe('la navigazione come ci si aspetta', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('disciplina', 'tennis')
      localStorage.setItem('id_settore', '1')
    })
  })

  test('tornando indietro da un articolo la home è dove la si era lasciata', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 })
    await page.goto('/home')
    const card = page.locator('.home-news-card').last()
    await expect(card).toBeVisible(LOADED)
    await card.scrollIntoViewIfNeeded()
    // The position at the moment of leaving (a click would scroll again if images had moved the card).
    const link = card.getByRole('link').first()
    const y = await link.evaluate((a: HTMLAnchorElement) => {
      a.click()
      return window.scrollY
    })
    expect(y).toBeGreaterThan(200)

    await expect(page).toHaveURL(/\/news-dettaglio\//)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/home\?settore=\d+$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y)
    // Forward again: the article from its top, as it was left.
    await page.goForward()
    await expect(page).toHaveURL(/\/news-dettaglio\//)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('«Meno recenti» mostra la pagina successiva dall’inizio', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 })
    await page.goto('/news')
    const older = page.getByRole('link', { name: /Meno recenti/ })
    await older.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await older.click()
    await expect(page).toHaveURL(/pagina=2/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('le schede dei regolamenti stanno su una riga a 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 })
    await page.goto('/regolamenti')
    const tabs = page.getByRole('tab')
    await expect(tabs).toHaveCount(4)
    const boxes = await tabs.evaluateAll((elements) =>
      elements.map((e) => ({ top: e.getBoundingClientRect().top, right: e.getBoundingClientRect().right })),
    )
    // One row, every tab in view (none scrolled off to the side).
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1)
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(375)
    // Nothing spills out of the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByRole('tab', { name: 'Pickleball' }).click()
    await expect(page.getByRole('heading', { level: 2, name: /Pickleball/ })).toBeVisible()
  })

  test('nelle impostazioni non c’è il riquadro di condivisione; il registro è «per l’assistenza»', async ({
    page,
  }) => {
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'Condividi questa pagina' })).toBeVisible(LOADED)
    // signInFromHeader, with this file's longer wait for the way back from the identity service.
    await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    await page.getByRole('button', { name: /il tuo profilo/ }).click(LOADED)
    await page.getByRole('menuitem', { name: 'Impostazioni' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
    await expectNoShareBox(page)

    const assistenza = page.getByRole('region', { name: /assistenza/i })
    await expect(assistenza.getByRole('button', { name: 'Esporta registro' })).toBeVisible()
    const uscita = page.getByRole('region', { name: /Esci/ })
    await expect(uscita.getByRole('button', { name: 'Esporta registro' })).toHaveCount(0)
    // (axe on /impostazioni: e2e/session.spec.ts)

    await page.goto('/elenco-tessere')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED)
    await expectNoShareBox(page)
    await page.goto('/news/add-news')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED)
    await expectNoShareBox(page)
  })

  test('la pagina di accesso ha il logo e i colori del portale', async ({ page }) => {
    await page.goto('/home')
    await page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true }).click()
    await expect(page).toHaveURL(/\/idp\//)
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
    const logo = page.getByRole('banner').locator('img')
    await expect(logo).toHaveAttribute('src', '/favicon.svg')
    // Loaded and drawn: read once the image has arrived (on a busy machine it may still be on its way).
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0)
    const colours = await page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('header')!).backgroundColor,
      button: getComputedStyle(document.querySelector('button[type="submit"]')!).backgroundColor,
    }))
    // The portal's blue (--blu #0b4f8a, --blu-scuro #073459), not another site's green.
    expect(['rgb(11, 79, 138)', 'rgb(7, 52, 89)']).toContain(colours.header)
    expect(['rgb(11, 79, 138)', 'rgb(7, 52, 89)']).toContain(colours.button)
    await expectNoAxeViolations(page)
  })
})
