// Times and states that are true (issue 19, item 4) where a visitor reads them: a tournament of several days fills
// its days in the month view (grid at 1280 px, list by day at 375 px), and the calendar's «Iscrizioni aperte»
// lists only tournaments whose enrolment is open now, each badged so and open in its panel's words.
// SHOTS_DIR=… keeps the screenshots.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 240_000 })

type Torneo = {
  id: number
  nome: string
  data_inizio: string
  data_fine: string
  stato: string
  iscrizioni_al: string | null
}

async function list(page: Page, body: Record<string, unknown>): Promise<Torneo[]> {
  const response = await page.request.post('/api/v1/tornei/list', {
    data: { id_settore: 1, fetchrows: 100, ...body },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { results: Torneo[] }).results
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test('un torneo di tre giorni occupa i suoi tre giorni nel mese', async ({ page }) => {
  // A seeded tennis tournament of several days that starts and ends in the same month.
  const tornei = await list(page, { stato: 'iscrizioni_aperte' })
  const torneo = tornei.find(
    (t) => t.data_fine > t.data_inizio && t.data_fine.slice(0, 7) === t.data_inizio.slice(0, 7),
  )
  expect(torneo, 'un torneo di più giorni con le iscrizioni aperte').toBeDefined()
  const { nome, data_inizio, data_fine } = torneo!
  const days = Math.round((Date.parse(data_fine) - Date.parse(data_inizio)) / 86_400_000) + 1
  await page.goto(`/tornei/calendario-tornei?vista=mese&mese=${data_inizio.slice(0, 7)}`)
  const grid = page.getByRole('table', { name: /giorno per giorno/ })
  const cell = (iso: string) =>
    grid.locator('td').filter({
      has: page.locator('.calendario-giorno', { hasText: new RegExp(`^${Number(iso.slice(8))}( |$)`) }),
    })
  await expect(cell(data_inizio).getByRole('link', { name: nome, exact: true })).toBeVisible()
  for (let n = 2; n <= days; n++)
    await expect(
      cell(addDays(data_inizio, n - 1)).getByRole('link', { name: `${nome} (${n}° giorno di ${days})` }),
    ).toBeVisible()
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'tempi-mese-1280.png'), fullPage: true })
  await expectNoAxeViolations(page)

  await page.setViewportSize({ width: 375, height: 800 })
  const last = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: nome, exact: true }) })
  await expect(last.getByText(`${days}° giorno di ${days}`).first()).toBeVisible()
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'tempi-mese-375.png'), fullPage: true })
})

test('«Iscrizioni aperte» elenca solo tornei aperti adesso, e il pannello lo conferma', async ({ page }) => {
  const now = new Date().toISOString()
  const open = await list(page, { stato: 'iscrizioni_aperte' })
  expect(open.length).toBeGreaterThan(0)
  for (const t of open) {
    expect(t.stato).toBe('iscrizioni_aperte')
    if (t.iscrizioni_al !== null)
      expect(t.iscrizioni_al >= now, `${t.nome} chiuso ${t.iscrizioni_al}`).toBe(true)
  }
  const first = open[0]!
  await page.goto(`/tornei/dettaglio-torneo/${first.id}`)
  await expect(page.getByText(/^Iscrizioni aperte fino/).first()).toBeVisible()
})
