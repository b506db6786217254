import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

type Detail = {
  id: number
  nome: string
  tabelloni: { tipo: string; sorteggiato: boolean }[]
}

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

/** The first seeded tournament whose draw has a drawn phase of this kind. */
async function tournamentWith(request: APIRequestContext, tipo: 'eliminazione' | 'gironi'): Promise<Detail> {
  for (let id = 1; id < 400; id++) {
    const response = await request.post('/api/v1/tornei/dettaglio/view', { data: { id } })
    if (!response.ok()) continue
    const detail = ((await response.json()) as { result: Detail }).result
    if (detail.tabelloni.some((t) => t.tipo === tipo && t.sorteggiato)) return detail
  }
  throw new Error(`nessun torneo con ${tipo}`)
}

// The first paint waits for the page's chunk and its call: generous on a busy machine.
const FIRST_PAINT = { timeout: 60_000 }

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('dettaglio torneo', () => {
  test('un visitatore legge il tabellone a 375 px, turno per turno', async ({ page }) => {
    const torneo = await tournamentWith(page.request, 'eliminazione')
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    await expect(page.getByRole('heading', { level: 1, name: torneo.nome })).toBeVisible(FIRST_PAINT)
    await expect(page.getByText('Apri nella mappa')).toBeVisible()
    const rounds = page.getByRole('tablist', { name: /Turni di/ }).first()
    await expect(rounds).toBeVisible()
    const finale = rounds.getByRole('tab', { name: 'Finale', exact: true })
    await finale.click()
    await expect(finale).toHaveAttribute('aria-selected', 'true')
    const panel = page.getByRole('tabpanel').first()
    await expect(panel.getByRole('listitem')).toHaveCount(1)
    // The page does not scroll sideways at 375 px: only the round tabs may.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(page, 'torneo-375')
    await expectNoAxeViolations(page)
  })

  test('a 1280 px il tabellone è a colonne, uno per turno; axe pulito', async ({ page }) => {
    const torneo = await tournamentWith(page.request, 'eliminazione')
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    const region = page.getByRole('region', { name: /Turni di/ }).first()
    await expect(region).toBeVisible(FIRST_PAINT)
    await expect(region.getByRole('heading', { name: 'Finale', exact: true })).toBeVisible()
    await shot(page, 'torneo-1280')
    await expectNoAxeViolations(page)
  })

  test('i gironi mostrano la classifica', async ({ page }) => {
    const torneo = await tournamentWith(page.request, 'gironi')
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    await expect(page.getByRole('table').first()).toBeVisible(FIRST_PAINT)
    await expect(page.getByRole('columnheader', { name: 'Punti' }).first()).toBeVisible()
    await shot(page, 'torneo-gironi-1280')
    await page.setViewportSize({ width: 375, height: 800 })
    await shot(page, 'torneo-gironi-375')
    await expectNoAxeViolations(page)
  })

  test('un torneo che non esiste lo dice', async ({ page }) => {
    await page.goto('/tornei/dettaglio-torneo/999999')
    await expect(page.getByRole('heading', { level: 1, name: 'Torneo non trovato' })).toBeVisible(FIRST_PAINT)
    await shot(page, 'torneo-404')
  })

  test('la stampa del tabellone si scarica ed è un PDF valido', async ({ page }) => {
    const torneo = await tournamentWith(page.request, 'eliminazione')
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    const link = page.getByRole('link', { name: 'Tabellone (PDF)' })
    const url = await link.getAttribute('href')
    expect(url).toBe(`/stampe/tornei/${torneo.id}/tabellone.pdf`)
    const response = await page.request.get(url!)
    expect(response.headers()['content-type']).toBe('application/pdf')
    const pdf = await response.body()
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torneo-pdf-'))
    fs.writeFileSync(path.join(dir, 'tabellone.pdf'), pdf)
    // pdftoppm renders it: a broken PDF fails here.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '40',
      '-f',
      '1',
      '-l',
      '1',
      path.join(dir, 'tabellone.pdf'),
      path.join(dir, 'p'),
    ])
    const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))
    expect(png).toBeDefined()
    if (SHOTS) fs.copyFileSync(path.join(dir, png!), path.join(SHOTS, 'tabellone-pdf.png'))
  })

  test('«Aggiungi al calendario» scarica un .ics valido', async ({ page }) => {
    const torneo = await tournamentWith(page.request, 'eliminazione')
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    await expect(page.getByRole('heading', { level: 1, name: torneo.nome })).toBeVisible(FIRST_PAINT)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: /Aggiungi al calendario/ }).click()
    const file = await (await download).path()
    const text = fs.readFileSync(file, 'utf8')
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toContain('BEGIN:VEVENT')
    expect(text).toContain(`UID:torneo-${torneo.id}@`)
    expect(text).toMatch(/DTSTART;VALUE=DATE:\d{8}/)
    expect(text.trimEnd()).toMatch(/END:VCALENDAR$/)
  })

  test('il nome del circolo porta alla sua pagina, dai dati del torneo e dagli iscritti', async ({
    page,
  }) => {
    const torneo = await tournamentWith(page.request, 'eliminazione')
    await page.goto(`/tornei/dettaglio-torneo/${torneo.id}`)
    const club = page.locator('.torneo-facts').getByRole('link', { name: /./ }).first()
    await expect(club).toBeVisible(FIRST_PAINT)
    const name = (await club.textContent())!.trim()
    await club.click()
    await expect(page).toHaveURL(/\/dettaglio-circolo\/\d+/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(FIRST_PAINT)
    await page.goBack()
    const entrantClub = page.locator('.iscritto-circolo a').first()
    await entrantClub.scrollIntoViewIfNeeded()
    await expect(entrantClub).toHaveAttribute('href', /^\/dettaglio-circolo\/\d+$/)
  })
})
