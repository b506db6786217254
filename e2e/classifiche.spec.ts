// The rankings as a visitor, a player and the federation's exporter use them (issue 20, items 1-2): filters in the
// URL, paging, «Trova me», the tie reasons, and the PDF and CSV only for accounts with puo_esportare_classifiche.
import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test, type Page } from '@playwright/test'
import { signInFromHeader } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const table = (page: Page) => page.getByRole('table', { name: /^Classifica dei/ })

test.describe('classifiche', () => {
  test('da telefono un visitatore apre la classifica nazionale, sceglie il settore e sfoglia le pagine', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 760 },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    // A first visit from a phone chooses the discipline first (spec §4).
    await page.goto('/classifiche/classifica-nazionale')
    await expect(page).toHaveURL(/\/scelta-disciplina$/)
    await page.getByRole('radio', { name: 'Tennis', exact: true }).check()
    await page.getByRole('button', { name: 'Continua' }).click()
    await page.goto('/classifiche/classifica-nazionale')
    await expect(page.getByRole('heading', { level: 1, name: 'Classifica nazionale' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sezioni delle classifiche' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Classifica nazionale' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(table(page)).toBeVisible()
    await expect(page.getByText(/^Aggiornata al \d/)).toBeVisible()
    await shot(page, 'classifica-nazionale-375')
    await expectNoAxeViolations(page)

    await page.getByLabel('Disciplina e settore').selectOption({ label: 'Beach Tennis' })
    await expect(page).toHaveURL(/[?&]settore=3\b/)
    await expect(page.getByText('Pagina 1 di 2')).toBeVisible()
    const first = await table(page).getByRole('row').nth(1).innerText()
    await page.getByRole('link', { name: 'Successivi →' }).click()
    await expect(page).toHaveURL(/[?&]pagina=2\b/)
    await expect(page.getByText('Pagina 2 di 2')).toBeVisible()
    await expect(table(page).getByRole('row').nth(1)).not.toHaveText(first)
    // A visitor has no export and no «Trova me».
    await expect(
      page.getByRole('button', { name: /Stampa la classifica|Esporta la classifica/ }),
    ).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Trova me' })).toHaveCount(0)
    const refused = await page.request.get('/stampe/classifiche/classifica-nazionale.csv?id_settore=3')
    expect(refused.status()).toBe(401)
    expect((await refused.json()).message).toBe(
      'Per stampare o esportare le classifiche accedi con il tuo account.',
    )

    // The filters live in the URL: reloading keeps them.
    await page.getByLabel('Sesso').selectOption({ label: 'Donne' })
    await expect(page).toHaveURL(/sesso=F/)
    await page.reload()
    await expect(page.getByLabel('Sesso')).toHaveValue('F')
    await expect(page.getByLabel('Disciplina e settore')).toHaveValue('3')
    await context.close()
  })

  test('un giocatore usa «Trova me» e arriva alla sua riga', async ({ page }) => {
    await page.goto('/classifiche/race-annuale?pagina=2')
    await signInFromHeader(page, 'giocatore@demo.it')
    await page.goto('/classifiche/race-annuale?pagina=2')
    await expect(page.getByText('Pagina 2 di')).toBeVisible()
    await page.getByRole('link', { name: 'Trova me' }).click()
    await expect(page).toHaveURL(/trova=1/)
    const me = page.locator('tr[aria-current="true"]')
    await expect(me).toContainText('Luca Bianchi')
    await expect(me).toContainText('(tu)')
    await expect(me).toBeFocused()
    await expect(page.getByText('Pagina 1 di')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Luca Bianchi' })).toHaveAttribute(
      'href',
      /\/scheda-giocatore\/1$/,
    )
    await shot(page, 'race-annuale-trova-me-1280')
    await expectNoAxeViolations(page)
    // A player without the permission sees no export, and the server refuses it.
    await expect(page.getByRole('button', { name: /Esporta la classifica/ })).toHaveCount(0)
  })

  test('chi può esportare scarica CSV e PDF della classifica affiliati e della race', async ({ page }) => {
    await page.goto('/classifiche/classifica-affiliati')
    await signInFromHeader(page, 'admin@demo.it')
    await page.goto('/classifiche/classifica-affiliati')
    await expect(page.getByRole('heading', { level: 1, name: 'Classifica affiliati' })).toBeVisible()
    await expect(table(page)).toBeVisible()
    await shot(page, 'classifica-affiliati-1280')
    await expectNoAxeViolations(page)
    const csvButton = page.getByRole('button', { name: 'Esporta la classifica (CSV)' })
    const [csv] = await Promise.all([page.waitForEvent('download'), csvButton.click()])
    expect(csv.suggestedFilename()).toMatch(/^classifica-affiliati-tennis-\d{4}\.csv$/)
    const rows = parse(fs.readFileSync((await csv.path())!, 'utf8'), {
      delimiter: ';',
      bom: true,
      columns: true,
    }) as Record<string, string>[]
    expect(rows.length).toBeGreaterThan(0)
    const shown = await table(page).getByRole('row').nth(1).getByRole('link').first().innerText()
    expect(rows[0]!.Circolo).toBe(shown)

    await page.goto('/classifiche/race-annuale?sesso=M')
    const pdfButton = page.getByRole('button', { name: 'Stampa la classifica (PDF)' })
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfButton.click()])
    expect(pdf.suggestedFilename()).toMatch(/^race-annuale-tennis-\d{4}\.pdf$/)
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    if (SHOTS) fs.copyFileSync((await pdf.path())!, `${SHOTS}/race-annuale.pdf`)
    await shot(page, 'race-annuale-esporta-1280')
    await page.setViewportSize({ width: 375, height: 760 })
    await shot(page, 'race-annuale-esporta-375')
    await expectNoAxeViolations(page)
  })

  test('le tre classifiche a 375 e 1280 px', async ({ page }) => {
    for (const [path, name] of [
      ['/classifiche/race-annuale', 'race-annuale'],
      ['/classifiche/classifica-affiliati', 'classifica-affiliati'],
      ['/classifiche/classifica-nazionale', 'classifica-nazionale'],
    ] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 760 : 900 })
        await page.goto(path)
        await expect(table(page)).toBeVisible()
        await shot(page, `${name}-${width}`)
      }
    }
  })
})
