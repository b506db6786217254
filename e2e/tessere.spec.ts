// Membership cards (issue 23 item 2) at 375 px: Chiara Romano (redattore@demo.it) opens «Le mie tessere»; a code of
// the wrong form, an unknown code, someone else's card (Luca Bianchi's) and an expired card are refused in Italian;
// she adds her padel card by its code, then synchronises with the federation's registry (progress, then what
// changed); each card shows a QR code. The QR code's address, opened in a fresh browser with no sign-in and no
// sector, shows validity and sector only. Axe clean on each screen; 1280 px too.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { currentSeason } from '../contract/dates.ts'
import { TESSERE_MESSAGES } from '../contract/tessere.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 60_000 })
}

const yy = (season: number) => String(season).slice(2)
const season = currentSeason()
/** The seed's codes: sector prefix, season, holder's id on seven digits (Chiara Romano is person 4). */
const chiara = (prefix: string, s = season) => `${prefix}${yy(s)}0000004`

test.describe('tessere', () => {
  test.describe.configure({ timeout: 420_000 })

  test('a 375 px una giocatrice aggiunge una tessera, sincronizza e il QR porta alla sola validità', async ({
    page,
    browser,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('disciplina', 'tennis')
      localStorage.setItem('id_settore', '1')
    })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/home')
    await signInFromHeader(page, 'redattore@demo.it')
    await page.goto('/elenco-tessere')
    await expect(page.getByRole('heading', { level: 1, name: 'Le mie tessere' })).toBeVisible()
    const tennis = page.getByRole('region', { name: 'Tennis' })
    await expect(tennis.getByRole('heading', { name: `Tessera n. ${chiara('TN')}` })).toBeVisible()
    await expect(
      tennis.getByRole('img', { name: `Codice QR per verificare la tessera n. ${chiara('TN')}` }),
    ).toHaveAttribute('src', /^data:image\/svg\+xml/)
    await expectNoAxeViolations(page)
    await shot(page, 'tessere-elenco-375')

    const field = page.getByLabel('Codice tessera')
    const add = page.getByRole('button', { name: 'Aggiungi' })
    const refusals: [string, string][] = [
      ['TN-26!', TESSERE_MESSAGES.codeFormat],
      ['ZZ990000000', TESSERE_MESSAGES.unknown('ZZ990000000')],
      [`TN${yy(season)}0000001`, TESSERE_MESSAGES.someoneElse],
      [chiara('BT', season - 2), TESSERE_MESSAGES.expired(chiara('BT', season - 2), `${season - 2}-12-31`)],
    ]
    for (const [typed, message] of refusals) {
      await field.fill(typed)
      await add.click()
      await expect(page.getByText(message)).toBeVisible()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
    }
    await expectNoAxeViolations(page)
    await shot(page, 'tessere-rifiuto-375')

    await field.fill(chiara('PD').toLowerCase())
    await add.click()
    await expect(page.getByText(TESSERE_MESSAGES.added(chiara('PD')))).toBeVisible()
    const padel = page.getByRole('region', { name: 'Padel' })
    await expect(padel.getByRole('heading', { name: `Tessera n. ${chiara('PD')}` })).toBeVisible()
    await expect(padel.getByText('Appena aggiunta')).toBeVisible()

    await page.getByRole('button', { name: 'Sincronizza' }).click()
    await expect(
      page.getByText(/^Sincronizzazione completata: 2 tessere aggiunte, 1 tessera aggiornata/),
    ).toBeVisible()
    await expect(page.getByText(`Aggiornata: tessera n. ${chiara('TN')} (circolo)`)).toBeVisible()
    await expect(page.getByText(`Aggiunta: tessera n. ${chiara('BT')}`)).toBeVisible()
    const beach = page.getByRole('region', { name: 'Beach tennis' })
    await expect(beach.getByRole('heading', { name: `Tessera n. ${chiara('BT')}` })).toBeVisible()
    await expect(
      tennis
        .getByRole('listitem')
        .filter({ hasText: chiara('TN', season + 1) })
        .getByText('Non ancora valida'),
    ).toBeVisible()
    const rinnova = tennis
      .getByRole('listitem')
      .filter({ hasText: `Tessera n. ${chiara('TN')}` })
      .getByText('Rinnova', { exact: true })
    await rinnova.click()
    await expect(
      tennis.getByText(/si rinnova ogni stagione presso un circolo affiliato/).first(),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'tessere-sincronizzate-375')

    // The QR code's address, in a browser that never signed in nor chose a sector (a club desk's phone).
    const link = tennis
      .getByRole('listitem')
      .filter({ hasText: `Tessera n. ${chiara('TN')}` })
      .getByRole('link', { name: /Pagina di verifica/ })
    const address = (await link.getAttribute('href'))!
    expect(address).toMatch(/^\/verifica-tessera\/[0-9a-f-]{36}$/)
    const desk = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 375, height: 800 } })
    const check = await desk.newPage()
    await check.goto(address)
    await expect(check).toHaveURL(new RegExp(`${address}$`))
    await expect(check.getByText('Tessera valida')).toBeVisible()
    await expect(check.getByText('Valida fino al')).toBeVisible()
    await expect(check.getByText(`31 dicembre ${season}`)).toBeVisible()
    const main = await check.getByRole('main').innerText()
    for (const personal of ['Chiara', 'Romano', chiara('TN')]) expect(main).not.toContain(personal)
    await expectNoAxeViolations(check)
    await shot(check, 'verifica-valida-375')
    await check.goto('/verifica-tessera/00000000-0000-4000-8000-000000000000')
    await expect(check.getByText('Tessera non riconosciuta')).toBeVisible()
    await expectNoAxeViolations(check)
    await shot(check, 'verifica-sconosciuta-375')
    await check.setViewportSize({ width: 1280, height: 800 })
    await check.goto(address)
    await expect(check.getByText('Tessera valida')).toBeVisible()
    await shot(check, 'verifica-valida-1280')
    await desk.close()

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.reload()
    await expect(page.getByRole('region', { name: 'Padel' })).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'tessere-elenco-1280')
  })
})
