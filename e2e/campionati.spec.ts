// The team championships as a visitor browses them (issue 21, item 1): on a phone, from the list to a championship,
// one of its series (standings with their tie-breaks, calendar, final phase, teams) and a team (roster, ties,
// calendar link); each page without axe violations. With SHOTS_DIR set, every page at 375 and 1280 px.
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR
const TENNIS = 1

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test.describe('campionati a squadre', () => {
  for (const width of [375, 1280]) {
    test(`a ${width} px un visitatore va dall’elenco al campionato, alla serie e a una squadra`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        ignoreHTTPSErrors: true,
      })
      const page = await context.newPage()
      await page.goto(`/tornei/campionati-squadre?settore=${TENNIS}&stato=in_corso`)
      await expect(page.getByRole('heading', { level: 1, name: 'Campionati a squadre' })).toBeVisible()
      await expect(page.getByLabel('Stato')).toHaveValue('in_corso')
      const card = page.getByRole('link', { name: /Campionato a squadre Tennis maschile/ }).first()
      await expect(card).toBeVisible()
      await expectNoAxeViolations(page)
      await shot(page, `campionati-${width}`)

      // The filters live in the URL.
      await page.getByLabel('Stato').selectOption('')
      await expect(page).not.toHaveURL(/stato=/)
      await page.getByLabel('Stato').selectOption('in_corso')
      await expect(page).toHaveURL(/stato=in_corso/)

      await page
        .getByRole('link', { name: /Campionato a squadre Tennis maschile/ })
        .first()
        .click()
      await expect(page).toHaveURL(/\/tornei\/dettaglio-campionato\/\d+/)
      await expect(page.getByRole('heading', { level: 2, name: 'Serie e zone' })).toBeVisible()
      await expectNoAxeViolations(page)
      await shot(page, `campionato-${width}`)

      await page
        .getByRole('link', { name: /^Serie C/ })
        .first()
        .click()
      await expect(page).toHaveURL(/\/tornei\/dettaglio-torneo-campionato\/\d+/)
      const standings = page.getByRole('table', { name: /Classifica del Girone 1/ })
      await expect(standings).toBeVisible()
      await expect(page.getByRole('heading', { level: 3, name: '1ª giornata' })).toBeVisible()
      await expect(page.getByText('Risultato da confermare').first()).toBeVisible()
      await expect(page.getByText(/Il tabellone della fase finale sarà compilato/)).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'Squadre iscritte' })).toBeVisible()
      await expectNoAxeViolations(page)
      await shot(page, `torneo-campionato-${width}`)

      // A played tie opens its rubbers, each player a link to their page.
      await page.getByText('Le partite').first().click()
      await expect(page.locator('.incontro-partite a[href^="/scheda-giocatore/"]').first()).toBeVisible()

      const team = standings.getByRole('link').first()
      const name = (await team.textContent())!
      await team.click()
      await expect(page).toHaveURL(/\/tornei\/dettaglio-squadra\/\d+/)
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      const roster = page.getByRole('table', { name: 'Giocatori della squadra' })
      await expect(roster.getByText('(capitano)')).toBeVisible()
      await expect(roster.locator('a[href^="/scheda-giocatore/"]').first()).toBeVisible()
      await expect(roster.locator('a[href^="/dettaglio-circolo/"]').first()).toBeVisible()
      await expect(page.getByRole('link', { name: 'scarica il file .ics' })).toHaveAttribute(
        'href',
        /^\/calendario\/squadre\/\d+\.ics$/,
      )
      await expectNoAxeViolations(page)
      await shot(page, `squadra-${width}`)
      await context.close()
    })
  }

  test('un campionato concluso mostra semifinali e finale; uno con le iscrizioni aperte le sue prime squadre', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    await page.goto(`/tornei/campionati-squadre?settore=${TENNIS}&stato=concluso`)
    await page
      .getByRole('link', { name: /Campionato a squadre Tennis/ })
      .first()
      .click()
    await page
      .getByRole('link', { name: /^Serie C/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 3, name: 'Finale' })).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'torneo-campionato-concluso-375')

    await page.goto(`/tornei/campionati-squadre?settore=${TENNIS}&stato=iscrizioni_aperte`)
    await page
      .getByRole('link', { name: /Campionato a squadre Tennis/ })
      .first()
      .click()
    await page
      .getByRole('link', { name: /^Serie C/ })
      .first()
      .click()
    await expect(page.getByText('I gironi saranno sorteggiati alla chiusura delle iscrizioni.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Classifiche dei gironi' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await shot(page, 'torneo-campionato-iscrizioni-375')

    await page.goto('/tornei/dettaglio-squadra/999999')
    await expect(page.getByText('Questa squadra non esiste.')).toBeVisible()
    await context.close()
  })
})
