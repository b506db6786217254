// The flow report QA signs a release on (issue 22, item 4), opened as files as QA opens them: the summary with
// the verdict first, a machine's page and a page of its paths, the requirements filtered by section, the
// search; at 1280 px and at 375 px (no table cut: rows stack), axe clean.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { makeFlowReport } from './support/flow-report.ts'

const dir = path.resolve('reports', 'flussi')
const url = (file: string) => pathToFileURL(path.join(dir, file)).href
const screenshots = path.resolve('test-results')

test.beforeAll(() => {
  test.setTimeout(200_000)
  makeFlowReport()
})
test.describe.configure({ timeout: 240_000 })

/** Nothing wider than the window: a cut table would scroll the page sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
}

for (const width of [1280, 375]) {
  test.describe(`rapporto dei flussi a ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } })

    test('il riepilogo si apre sul verdetto e porta alla pagina di una macchina', async ({ page }) => {
      await page.goto(url('index.html'))
      await expect(
        page.getByRole('heading', { level: 1, name: 'Copertura dei flussi delle macchine a stati' }),
      ).toBeVisible()
      const verdict = page.locator('main > p.verdict')
      await expect(verdict).toHaveText(/^Rilascio (firmabile|da non firmare): \d+ macchine, \d+ percors/)
      // The verdict is on the first screen.
      const box = (await verdict.boundingBox())!
      expect(box.y + box.height).toBeLessThan(width === 375 ? 740 : 800)
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({
        path: path.join(screenshots, `flussi-riepilogo-${width}.png`),
        fullPage: width === 1280,
      })

      await page.getByRole('link', { name: 'Sfida tra giocatori', exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: /Sfida tra giocatori/ })).toBeVisible()
      await expect(page.getByRole('table', { name: /Transizioni di/ })).toBeVisible()
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-macchina-${width}.png`) })

      await page.getByRole('link', { name: 'Pagina 1' }).click()
      await expect(
        page.getByRole('heading', { level: 1, name: /Percorsi di «Sfida tra giocatori», pagina 1 di \d+/ }),
      ).toBeVisible()
      const group = page.locator('details.group').first()
      await group.locator(':scope > summary').click()
      await expect(group.getByText('Livelli:').first()).toBeVisible()
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-percorsi-${width}.png`) })
    })

    test('i requisiti si filtrano per sezione; la ricerca trova un requisito per codice', async ({
      page,
    }) => {
      await page.goto(url('requisiti.html'))
      const rows = page.locator('tr[data-row]')
      const all = await rows.count()
      await page.getByLabel('Sezione').selectOption('sfide')
      const shown = rows.locator('visible=true')
      await expect(shown.first()).toContainText('sfide')
      const sfide = await shown.count()
      expect(sfide).toBeGreaterThan(0)
      expect(sfide).toBeLessThan(all)
      await expect(page.locator('#filtrati')).toHaveText(`${sfide} di ${all} mostrati`)
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-requisiti-${width}.png`) })

      await page.getByRole('link', { name: 'Cerca' }).click()
      await page.getByLabel('Stato, evento o requisito').fill('AADB2C90118')
      const result = page.getByRole('link', { name: /^§8 AADB2C90118/ })
      await expect(result).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-cerca-${width}.png`) })
      await result.click()
      await expect(page.locator('tr[id="r-_8_AADB2C90118"]')).toBeInViewport()
    })
  })
}
