// The player page's Power and statistics (issue 20, items 3, 5 and 7): a visitor searches a player from the home,
// opens the profile, reads how their Power moved (the summary, the plain-Italian sentence of each match), opens the
// chart's data table, and reads the statistics; on a phone and on a desktop, axe clean, nothing wider than the screen.
import fs from 'node:fs'
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** One part of the page, for looking at it closely. */
async function shotOf(locator: Locator, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await locator.screenshot({ path: `${SHOTS}/${name}.png` })
}

async function visitor(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    ignoreHTTPSErrors: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  })
  await context.addCookies([
    { name: 'changed_credentials', value: 'true', url: test.info().project.use.baseURL! },
  ])
  const page = await context.newPage()
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  return page
}

async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/v1/${path}`, { data })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

type Storia = { visibile: boolean; sintesi: string | null; storia: { frase: string }[] }

/** A tennis player of the race's top twenty who shows their Power and has more than ten rated matches. */
async function ratedPlayer(page: Page) {
  const race = await api<{ results: { id_persona: number; persona: string }[] }>(
    page,
    'classifiche/classifiche/list',
    { id_settore: 1, tipo: 'race', fetchrows: 20 },
  )
  for (const row of race.results) {
    const { result } = await api<{ result: Storia }>(page, 'giocatori/statistiche/power/view', {
      id_persona: row.id_persona,
      id_settore: 1,
    })
    if (result.visibile && result.storia.length > 10) {
      const profile = await api<{ result: { nome: string; cognome: string } }>(
        page,
        'giocatori/dettaglio/view',
        { id_persona: row.id_persona, id_settore: 1 },
      )
      return { ...row, ...profile.result, power: result }
    }
  }
  throw new Error('nessun giocatore della race con più di 10 partite valutate e il Power visibile')
}

for (const width of [375, 1280]) {
  test(`a ${width} px dalla home si cerca un giocatore, si legge come si è mosso il suo Power e si aprono i dati del grafico`, async ({
    browser,
  }) => {
    const page = await visitor(browser, width)
    const player = await ratedPlayer(page)

    await page.goto('/home')
    const search = page.getByRole('combobox', { name: 'Cerca giocatori e circoli' })
    await search.pressSequentially(`${player.cognome} ${player.nome}`, { delay: 20 })
    const option = page.getByRole('option').filter({ hasText: player.persona }).first()
    await expect(option).toBeVisible()
    await option.click()
    await expect(page).toHaveURL(new RegExp(`/scheda-giocatore/${player.id_persona}\\?settore=1$`))
    await expect(page.getByRole('heading', { level: 1, name: player.persona })).toBeVisible()

    const power = page.getByRole('region', { name: 'Power', exact: true })
    await expect(power.getByText(/^Come si muove: prima di ogni partita/)).toBeVisible()
    // The chart's summary is its caption; the chart itself is drawn (and hidden from screen readers).
    const figure = power.getByRole('figure', { name: player.power.sintesi! })
    await expect(figure).toBeVisible()
    expect(player.power.sintesi).toMatch(
      /^Power [\d,]+, da [\d,]+ ad? \p{L}+ \d{4}: (0|[+−][\d,]+) in \d+ partite\.$/u,
    )
    await expect(figure.locator('.scheda-grafico canvas').first()).toBeVisible()
    await expect(figure.locator('.scheda-grafico')).toHaveAttribute('aria-hidden', 'true')
    // The latest match first, in plain Italian; ten shown, the rest on request.
    const latest = player.power.storia.at(-1)!.frase
    expect(latest).toMatch(
      /^Ci si aspettava che (vincesse|la sua coppia vincesse) (il |l’)\d+% dei game; ne (ha|hanno) vinti (il |l’)\d+%: /,
    )
    const partite = power.locator('.scheda-power-storia > li')
    await expect(partite).toHaveCount(10)
    await expect(partite.first()).toContainText(latest)
    await expect(partite.first().getByRole('link').last()).toHaveAttribute('href', /^\/scheda-giocatore\/\d+/)
    await shot(page, `scheda-power-${width}`)
    await expectNoAxeViolations(page)

    await power.getByText('Mostra i dati del grafico').click()
    const table = power.getByRole('table', { name: 'Power dopo ogni partita, dalla prima' })
    await expect(table).toBeVisible()
    await expect(table.locator('tbody tr')).toHaveCount(player.power.storia.length)
    await power.getByRole('button', { name: `Mostra tutte le ${player.power.storia.length} partite` }).click()
    await expect(partite).toHaveCount(player.power.storia.length)

    const statistiche = page.getByRole('region', { name: 'Statistiche' })
    for (const name of ['Per stagione', 'Per superficie', 'Per livello degli avversari'])
      await expect(statistiche.getByRole('table', { name })).toBeVisible()
    await expect(statistiche.getByText(/vinte e \d+ perse su \d+ partite di torneo/)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await shot(page, `scheda-power-dati-${width}`)
    await shotOf(power, `sezione-power-${width}`)
    await shotOf(statistiche, `sezione-statistiche-${width}`)
    await expectNoAxeViolations(page)
    await page.context().close()
  })
}

test('il grafico segue la larghezza della pagina', async ({ browser }) => {
  const page = await visitor(browser, 1280)
  const player = await ratedPlayer(page)
  await page.goto(`/scheda-giocatore/${player.id_persona}?settore=1`)
  const canvas = page.locator('.scheda-grafico canvas').first()
  await expect(canvas).toBeVisible()
  const wide = (await canvas.boundingBox())!.width
  await page.setViewportSize({ width: 375, height: 800 })
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(375)
  expect(wide).toBeGreaterThan(600)
  await page.context().close()
})
