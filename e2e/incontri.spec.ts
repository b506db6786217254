// The captains' journey (issue 21, item 5) at 375 px, in two browsers: Luca Bianchi (giocatore@demo.it), captain of
// the home team, proposes day and time; Andrea Ricci (admin@demo.it), captain of the visitors, accepts; each sends
// a lineup, which the other sees only once both are in; Luca generates the rubbers and enters the results; Andrea
// confirms. A player who is no captain reads the refusal. Every screen checked with axe, and at 1280 and 375 px
// (SHOTS_DIR=… keeps the screenshots). The tie is e2e/support/incontri-fixture.ts's.
import path from 'node:path'
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import { signInFromHeader } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { CAPTAINS_TOURNAMENT_ID } from './support/incontri-fixture.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })
const PAGE = `/tornei/dettaglio-torneo-campionato-capitano/${CAPTAINS_TOURNAMENT_ID}`
const PHONE = { width: 375, height: 900 }

async function shots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} a ${width} px scorre di lato`).toBeLessThanOrEqual(0)
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, `incontri-${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(PHONE)
}

async function captain(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: PHONE,
  })
  const page = await context.newPage()
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  await page.goto('/home')
  await signInFromHeader(page, email)
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: /Pagina del capitano:/ })).toBeVisible()
  return page
}

async function confirm(page: Page, question: string | RegExp, done: string | RegExp) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(question)).toBeVisible()
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByText(done)).toBeVisible()
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(dialog).toBeHidden()
}

const tie = (page: Page) =>
  page.getByRole('article', { name: /Giornata 1: Tennis Club Bianchi – Circolo Ricci/ })
const state = (page: Page) => tie(page).getByRole('status')

/** Chooses the roster in the order the form lists it (strongest Power first): singles, then the doubles. */
async function sendLineup(page: Page) {
  const form = page.getByRole('form', { name: 'Il tuo schieramento' })
  const selects = form.getByRole('combobox')
  await expect(selects).toHaveCount(4)
  for (let k = 0; k < 4; k++) await selects.nth(k).selectOption({ index: k + 1 })
  await form.getByRole('button', { name: 'Invia lo schieramento' }).click()
  await confirm(page, /Vuoi inviare lo schieramento\?/, 'Schieramento inviato.')
}

test('due capitani giocano un incontro dalla proposta della data alla conferma del risultato', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const luca = await captain(browser, 'giocatore@demo.it')
  await expect(tie(luca)).toBeVisible()
  await expect(state(luca)).toContainText('Tocca a te: proponi giorno e ora.')
  await expectNoAxeViolations(luca)
  await shots(luca, 'da-programmare')

  // Luca proposes next week, at 18:00.
  const day = new Date(Date.now() + 7 * 86_400_000)
  const local = `${day.toISOString().slice(0, 10)}T18:00`
  await tie(luca).getByLabel('Giorno e ora dell’incontro').fill(local)
  await tie(luca).getByRole('button', { name: 'Proponi la data' }).click()
  await confirm(luca, /Vuoi proporre .* all’altro capitano\?/, /Data proposta/)
  await expect(state(luca)).toContainText('Data proposta')
  await expect(tie(luca).getByRole('button', { name: 'Accetta la data' })).toBeDisabled()

  // Andrea accepts it.
  const andrea = await captain(browser, 'admin@demo.it')
  await expect(state(andrea)).toContainText('Tocca a te: rispondi alla data proposta.')
  await expectNoAxeViolations(andrea)
  await shots(andrea, 'data-proposta')
  await tie(andrea).getByRole('button', { name: 'Accetta la data' }).click()
  await confirm(andrea, /Vuoi accettare/, /Data accettata/)
  await expect(state(andrea)).toContainText('Programmato: schieramenti da inviare')

  // Luca's lineup first: Andrea knows it came, not who plays.
  await luca.reload()
  await expect(state(luca)).toContainText('Tocca a te: invia lo schieramento.')
  await expectNoAxeViolations(luca)
  await shots(luca, 'schieramento')
  await sendLineup(luca)
  await andrea.reload()
  await expect(tie(andrea)).toContainText(
    'Schieramento inviato: lo vedrai quando avrai inviato anche il tuo.',
  )
  await sendLineup(andrea)
  await expect(state(andrea)).toContainText('Schieramenti inviati')
  await expect(tie(andrea).getByRole('heading', { name: 'Casa: Tennis Club Bianchi' })).toBeVisible()
  await expect(tie(andrea).getByText('Luca Bianchi', { exact: false }).first()).toBeVisible()

  // Luca generates the rubbers and enters the results.
  await luca.reload()
  await tie(luca).getByRole('button', { name: 'Genera le partite' }).click()
  await confirm(luca, 'Vuoi generare le partite dai due schieramenti?', /Partite generate/)
  const results = tie(luca).getByRole('form', { name: 'Inserisci i risultati' })
  const scores = [
    [6, 3, 6, 4],
    [6, 2, 6, 1],
    [4, 6, 3, 6],
  ]
  for (const [k, [a1, b1, a2, b2]] of scores.entries()) {
    const rubber = results.getByRole('group', { name: new RegExp(`Partita n. ${k + 1}:`) })
    await rubber.getByLabel('1° set, giochi di Tennis Club Bianchi').fill(String(a1))
    await rubber.getByLabel('1° set, giochi di Circolo Ricci').fill(String(b1))
    await rubber.getByLabel('2° set, giochi di Tennis Club Bianchi').fill(String(a2))
    await rubber.getByLabel('2° set, giochi di Circolo Ricci').fill(String(b2))
  }
  await expectNoAxeViolations(luca)
  await shots(luca, 'risultati')
  await results.getByRole('button', { name: 'Salva i risultati' }).click()
  await confirm(luca, /Vuoi salvare i risultati/, /Risultati inseriti/)
  await expect(state(luca)).toContainText('Risultato da confermare')
  await expect(tie(luca).getByRole('button', { name: 'Conferma il risultato' })).toBeDisabled()

  // Andrea confirms.
  await andrea.reload()
  await expect(state(andrea)).toContainText('Tocca a te: conferma o contesta il risultato.')
  await tie(andrea).getByRole('button', { name: 'Conferma il risultato' }).click()
  await confirm(
    andrea,
    /Vuoi confermare il risultato Tennis Club Bianchi 2-1 Circolo Ricci\?/,
    /Risultato confermato/,
  )
  await expect(state(andrea)).toContainText('Risultato confermato')
  await expectNoAxeViolations(andrea)
  await shots(andrea, 'confermato')
})

test('chi non è capitano legge il rifiuto', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  await page.goto('/home')
  await signInFromHeader(page, 'consensi-tutti@demo.it')
  await page.goto(PAGE)
  await expect(page.getByRole('alert')).toContainText('Questa pagina è riservata al capitano della squadra.')
  await expectNoAxeViolations(page)
  await shots(page, 'rifiuto')
})
