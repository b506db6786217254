// The clubs as a visitor finds them (issue 20, item 4): from the list to a club's page and its teams on a phone,
// and «Circoli vicino a me» with the browser's position.
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const TENNIS = 1

test.describe('circoli', () => {
  test('da telefono un visitatore cerca un circolo, apre la sua pagina e vede le sue squadre', async ({
    browser,
    request,
  }) => {
    // A club of the tennis list that has teams, found the way the page finds them.
    const list = await request.post('/api/v1/ricerca_circoli', {
      data: { id_settore: TENNIS, fetchrows: 100 },
    })
    const clubs = (await list.json()).results as { id_circolo: number; nome: string }[]
    let withTeams: { id_circolo: number; nome: string } | undefined
    for (const club of clubs) {
      const teams = await request.post('/api/v1/societa/squadre/view', {
        data: { id_circolo: club.id_circolo },
      })
      if ((await teams.json()).record > 0) {
        withTeams = club
        break
      }
    }
    expect(withTeams, 'il seme ha un circolo di tennis con squadre').toBeDefined()
    const context = await browser.newContext({
      viewport: { width: 375, height: 760 },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    await page.goto(`/lista-circoli?settore=${TENNIS}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Circoli' })).toBeVisible()
    await expect(page.getByText(/\d+ circoli/)).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'lista-circoli-375')

    await page.getByLabel('Nome o comune').fill(withTeams!.nome)
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page).toHaveURL(/testo=/)
    await page.getByRole('link', { name: withTeams!.nome, exact: true }).click()
    await expect(page).toHaveURL(
      new RegExp(`/dettaglio-circolo/${withTeams!.id_circolo}\\?settore=${TENNIS}`),
    )
    await expect(page.getByRole('heading', { level: 1, name: withTeams!.nome })).toBeVisible()
    await expect(page.getByRole('link', { name: /Apri la mappa/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/search\?query=/,
    )
    await expect(page.getByRole('heading', { name: 'Campi', exact: true })).toBeVisible()
    const squadre = page.getByRole('table', { name: 'Squadre del circolo' })
    await expect(squadre).toBeVisible()
    await expect(squadre.getByRole('row')).not.toHaveCount(1)
    await expectNoAxeViolations(page)
    await shot(page, 'dettaglio-circolo-375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'dettaglio-circolo-1280')
    await context.close()
  })

  test('«Circoli vicino a me» chiede la posizione e mette prima i circoli più vicini', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ignoreHTTPSErrors: true,
      geolocation: { latitude: 45.4642, longitude: 9.19 },
      permissions: ['geolocation'],
    })
    const page = await context.newPage()
    await page.goto(`/lista-circoli?settore=${TENNIS}`)
    await expect(page.getByText(/\d+ circoli$/)).toBeVisible()
    await expect(page.getByText(/ km$/)).toHaveCount(0)
    await page.getByRole('button', { name: 'Circoli vicino a me' }).click()
    await expect(page.getByText(/circoli, dal più vicino/)).toBeVisible()
    const distances = (
      await page
        .locator('.circoli-card')
        .getByText(/a [\d.,]+ km$/)
        .allTextContents()
    ).map((t) =>
      Number(
        t
          .replace(/.*a ([\d.,]+) km$/, '$1')
          .replace(/\./g, '')
          .replace(',', '.'),
      ),
    )
    expect(distances.length).toBeGreaterThan(1)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    await expectNoAxeViolations(page)
    await shot(page, 'lista-circoli-vicino-1280')
    await page.getByRole('button', { name: 'Torna all’ordine alfabetico' }).click()
    await expect(page.getByText(/ km$/)).toHaveCount(0)
    await context.close()
  })
})
