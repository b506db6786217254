// The organiser's side of a tournament (issue 11, item 4): a federation admin announces the draw, makes it, then
// enters a result from the tournament page; the draw shows the score and the winner moves on. At 375 and 1280 px,
// axe clean.
import path from 'node:path'
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { DEMO_ENROLMENT_TOURNAMENTS } from '../server/seed/areas/demo-enrolment.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })

/** The organiser's part of the page, to look at (SHOTS_DIR=…). */
async function shot(part: Locator, name: string) {
  if (SHOTS) await part.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

/**
 * A seeded elimination tournament whose draw is not yet announced and that has at least four entrants; never one
 * of the enrolment journeys' tournaments, which must stay open.
 */
async function undrawnTournament(request: APIRequestContext): Promise<number> {
  const reserved = new Set<string>(Object.values(DEMO_ENROLMENT_TOURNAMENTS))
  for (let id = 1; id < 600; id++) {
    const detail = await request.post('/api/v1/tornei/dettaglio/view', { data: { id } })
    if (!detail.ok()) continue
    const torneo = ((await detail.json()) as { result: { nome: string } }).result
    if (reserved.has(torneo.nome)) continue
    const view = await request.post('/api/v1/tornei/sorteggio/view', { data: { id_torneo: id } })
    if (!view.ok()) continue
    const sorteggio = ((await view.json()) as { result: { stato: string; formula: string } }).result
    if (sorteggio.stato !== 'da_annunciare' || sorteggio.formula !== 'eliminazione') continue
    const entrants = await request.post('/api/v1/tornei/iscritti/view', {
      data: { id_torneo: id, rowstoskip: 0, fetchrows: 1 },
    })
    if (!entrants.ok()) continue
    if (((await entrants.json()) as { record: number }).record >= 4) return id
  }
  throw new Error('nessun torneo a eliminazione da sorteggiare con almeno 4 iscritti')
}

/** Confirms the open dialog, waits for its answer and closes it. */
async function confirm(page: Page, done: string | RegExp) {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByText(done)).toBeVisible()
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(dialog).toBeHidden()
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(300_000)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test('l’organizzatore sorteggia e inserisce un risultato dalla pagina del torneo', async ({ page }) => {
  const id = await undrawnTournament(page.request)
  await page.goto('/home')
  await signInFromHeader(page, 'admin@demo.it')
  await page.goto(`/tornei/dettaglio-torneo/${id}`)
  const box = page.getByRole('region', { name: 'Sorteggio verificabile' })

  // Announcing and drawing close their dialog with the box's reload; the box then says what was done.
  await box.getByRole('button', { name: 'Annuncia il sorteggio' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click()
  await expect(box.getByRole('status').filter({ hasText: /Sorteggio annunciato/ })).toBeVisible()
  await box.getByRole('button', { name: 'Esegui il sorteggio' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click()
  await expect(box.getByRole('status').filter({ hasText: /Sorteggio fatto/ })).toBeVisible()

  const results = box.getByRole('group', { name: 'Risultati delle partite' })
  const enter = results.getByRole('button', { name: /^Inserisci il risultato di / }).first()
  await expect(enter).toBeVisible()
  const label = (await enter.getAttribute('aria-label'))!
  const [, first, second] = /^Inserisci il risultato di (.+) contro (.+)$/.exec(label)!
  await enter.click()
  const form = results.getByRole('form', { name: `Risultato di ${first} contro ${second}` })
  // What the server refuses, the form refuses as it is typed, before any dialog (issue 19, item 6).
  await form.getByLabel(`1° set, giochi di ${first}`).fill('6')
  await form.getByLabel(`1° set, giochi di ${second}`).fill('5')
  await expect(form.getByText('1° set: 6-5 non è un set concluso', { exact: false })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Salva il risultato' })).toBeDisabled()
  await shot(form, 'risultati-form-rifiuto-1280')
  await form.getByLabel(`1° set, giochi di ${second}`).fill('3')
  await expect(form.getByText(/La partita non è conclusa/)).toBeVisible()
  await expect(form.getByRole('button', { name: 'Salva il risultato' })).toBeDisabled()
  await form.getByLabel(`2° set, giochi di ${first}`).fill('6')
  await form.getByLabel(`2° set, giochi di ${second}`).fill('2')
  await shot(form, 'risultati-form-1280')
  await expectNoAxeViolations(page)
  await form.getByRole('button', { name: 'Salva il risultato' }).click()
  await expect(page.getByRole('dialog')).toContainText(
    `Vuoi salvare il risultato ${first} contro ${second}: 6-3 6-2?`,
  )
  await confirm(page, /Risultato salvato/)

  // The match now reads as played, with its score, in the organiser's list and in the draw everyone sees.
  await expect(
    results.getByRole('button', { name: `Correggi il risultato di ${first} contro ${second}` }),
  ).toBeVisible()
  const draw = page.getByRole('region', { name: 'Tabellone e gironi' })
  await expect(draw.getByText('6-3 6-2').filter({ visible: true }).first()).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  await results.getByRole('button', { name: `Correggi il risultato di ${first} contro ${second}` }).click()
  await shot(results, 'risultati-form-375')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
})
