// The verifiable draw on a tournament's page: hash and seed shown, «Verifica» recomputes SHA-256 in the browser
// and says it matches; the TODS file downloads. At 375 and 1280 px, axe clean.
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { AxeBuilder } from '@axe-core/playwright'

const SHOTS = process.env.SHOTS_DIR
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

type Sorteggio = { id_torneo: number; stato: string; fasi: { seed: string | null; seed_hash: string }[] }

/** The first seeded tournament whose draw is made (seed revealed). */
async function drawnTournament(request: APIRequestContext): Promise<Sorteggio> {
  for (let id = 1; id < 400; id++) {
    const response = await request.post('/api/v1/tornei/sorteggio/view', { data: { id_torneo: id } })
    if (!response.ok()) continue
    const sorteggio = ((await response.json()) as { result: Sorteggio }).result
    if (sorteggio.stato === 'sorteggiato') return sorteggio
  }
  throw new Error('nessun torneo sorteggiato')
}

const FIRST_PAINT = { timeout: 30_000 }

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

for (const width of [375, 1280]) {
  test(`a ${width} px chiunque verifica il sorteggio: l'impronta del seme corrisponde`, async ({ page }) => {
    const sorteggio = await drawnTournament(page.request)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/tornei/dettaglio-torneo/${sorteggio.id_torneo}`)
    const box = page.getByRole('region', { name: 'Sorteggio verificabile' })
    await expect(box).toBeVisible(FIRST_PAINT)
    const [fase] = sorteggio.fasi
    await expect(box.getByText(fase!.seed_hash)).toBeVisible()
    await expect(box.getByText(fase!.seed!)).toBeVisible()
    await box.getByRole('button', { name: 'Verifica' }).first().click()
    await expect(box.getByText(/L’impronta corrisponde/).first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await box.scrollIntoViewIfNeeded()
    await shot(page, `sorteggio-${width}`)
    if (SHOTS) await box.screenshot({ path: path.join(SHOTS, `sorteggio-riquadro-${width}.png`) })
    // axe on this box (the rest of the page is the detail page's own spec, e2e/torneo.spec.ts).
    const results = await new AxeBuilder({ page })
      .include('section.sorteggio')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
}

test('il torneo si scarica in formato TODS', async ({ page }) => {
  const sorteggio = await drawnTournament(page.request)
  await page.goto(`/tornei/dettaglio-torneo/${sorteggio.id_torneo}`)
  const link = page.getByRole('link', { name: /Scarica il torneo in formato TODS/ })
  await expect(link).toBeVisible(FIRST_PAINT)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const file = await download.path()
  const record = JSON.parse(await (await import('node:fs/promises')).readFile(file!, 'utf8'))
  expect(record.tournamentId).toBe(`torneo-${sorteggio.id_torneo}`)
  expect(record.events[0].drawDefinitions[0].structures.length).toBeGreaterThan(0)
})
