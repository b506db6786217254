import fs from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { circuitWith } from '../contract/words.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

type Torneo = { id: number; nome: string; data_inizio: string; stato: string }
type Circuito = { id: number; nome: string; classificati: number }

// A shared machine can be slow to serve the first page: a generous wait, never a fixed sleep.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 240_000 })

const SHOTS = process.env.E2E_SHOTS
/** Saves a full-page picture of the screen when E2E_SHOTS names a folder (to look at every layout). */
async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/v1/${path}`, { data })
  expect(response.ok()).toBe(true)
  return (await response.json()) as T
}

/** Chooses an option of one of the calendar's filters. */
async function choose(page: Page, filter: string, option: string) {
  await page.getByLabel(filter, { exact: true }).selectOption({ label: option })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('calendario tornei', () => {
  test('un visitatore filtra il calendario, il link porta i filtri e ricaricando restano', async ({
    page,
  }) => {
    await page.goto('/tornei/calendario-tornei')
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario tornei' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Sezioni dei tornei' })).toBeVisible()
    await expect(page.locator('.calendario-card').first()).toBeVisible()
    await shot(page, 'calendario-1280')
    await expectNoAxeViolations(page)

    // The filters of a tournament that is open for enrolment in the demo data: its level and status.
    const open = await api<{ results: (Torneo & { categoria: string })[] }>(page, 'tornei/list', {
      id_settore: 1,
      stato: 'iscrizioni_aperte',
      fetchrows: 1,
    })
    const livello = open.results[0]!.categoria === 'OPEN' ? 'OPEN' : 'LIMIT'
    await choose(page, 'Livello', livello === 'OPEN' ? 'OPEN' : 'LIMIT (65 e 45)')
    await expect(page).toHaveURL(new RegExp(`livello=${livello}`))
    await choose(page, 'Stato', 'Iscrizioni aperte')
    await expect(page).toHaveURL(new RegExp(`livello=${livello}&stato=iscrizioni_aperte`))
    const cards = page.locator('.calendario-card')
    await expect(cards.first()).toBeVisible()
    for (const kicker of await page.locator('.calendario-card .calendario-stato').allInnerTexts())
      expect(kicker).toBe('Iscrizioni aperte')
    const names = await page.locator('.calendario-card h3').allInnerTexts()
    // The same answer as the API gives for those filters.
    const expected = await api<{ results: Torneo[] }>(page, 'tornei/list', {
      id_settore: 1,
      livello,
      stato: 'iscrizioni_aperte',
    })
    expect(names).toEqual(expected.results.map((t) => t.nome))

    await page.reload()
    await expect(page.getByLabel('Livello', { exact: true })).toHaveValue(livello)
    await expect(page.getByLabel('Stato', { exact: true })).toHaveValue('iscrizioni_aperte')
    await expect(page.locator('.calendario-card h3')).toHaveText(names)
    // The subscription follows the same filters.
    const feed = await page.getByRole('link', { name: 'scarica il file .ics' }).getAttribute('href')
    expect(feed).toBe(`/calendario/feed/tornei.ics?id_settore=1&livello=${livello}&stato=iscrizioni_aperte`)
    // The feed answers with those tournaments.
    const ics = await page.request.get(feed!)
    expect(ics.ok()).toBe(true)
    expect(await ics.text()).toContain('BEGIN:VCALENDAR')
    await shot(page, 'calendario-filtri-1280')
    await expectNoAxeViolations(page)

    // Each tournament links to its page.
    const first = expected.results[0]!
    await expect(page.getByRole('link', { name: first.nome }).first()).toHaveAttribute(
      'href',
      `/tornei/dettaglio-torneo/${first.id}`,
    )
  })

  test('la vista mese mostra i tornei del mese, a 1280 e a 375 px', async ({ page }) => {
    const next = await api<{ results: Torneo[] }>(page, 'tornei/list', { id_settore: 1, fetchrows: 1 })
    const torneo = next.results[0]!
    const mese = torneo.data_inizio.slice(0, 7)
    await page.goto(`/tornei/calendario-tornei?vista=mese&mese=${mese}`)
    await expect(page.getByRole('link', { name: 'Mese', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const grid = page.getByRole('table', { name: /Tornei di/ })
    await expect(grid).toBeVisible()
    await expect(grid.getByRole('link', { name: torneo.nome }).first()).toBeVisible()
    await shot(page, 'calendario-mese-1280')
    await expectNoAxeViolations(page)

    // The next month, by its link: the URL says so.
    await page.getByRole('link', { name: /Mese successivo/ }).click()
    await expect(page).toHaveURL(/vista=mese&mese=\d{4}-\d{2}/)
    expect(new URL(page.url()).searchParams.get('mese')).not.toBe(mese)

    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto(`/tornei/calendario-tornei?vista=mese&mese=${mese}`)
    await expect(page.getByRole('table', { name: /Tornei di/ })).toBeHidden()
    await expect(
      page.locator('.calendario-agenda').getByRole('link', { name: torneo.nome }).first(),
    ).toBeVisible()
    await shot(page, 'calendario-mese-375')
    await expectNoAxeViolations(page)
  })

  test('a 375 px i filtri sono raccolti e l’elenco viene prima', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto('/tornei/calendario-tornei?livello=LIMIT')
    await expect(page.locator('.calendario-card').first()).toBeVisible()
    await expect(page.getByText('1 attivo')).toBeVisible()
    await expect(page.getByLabel('Livello', { exact: true })).toBeHidden()
    await shot(page, 'calendario-375')
    await expectNoAxeViolations(page)
    await page.locator('summary', { hasText: 'Filtri' }).click()
    await expect(page.getByLabel('Livello', { exact: true })).toHaveValue('LIMIT')
    await shot(page, 'calendario-filtri-375')
    await expectNoAxeViolations(page)
  })
})

test.describe('circuiti', () => {
  test('la pagina dei circuiti e la classifica di un circuito, con PDF per tutti e CSV per chi può esportare', async ({
    page,
  }) => {
    const season = new Date().getFullYear()
    let circuits = await api<{ results: Circuito[] }>(page, 'circuiti/list', {
      id_settore: 1,
      stagione: season,
    })
    let stagione = season
    if (!circuits.results.some((c) => c.classificati > 0)) {
      stagione = season - 1
      circuits = await api<{ results: Circuito[] }>(page, 'circuiti/list', { id_settore: 1, stagione })
    }
    const circuit = circuits.results.find((c) => c.classificati > 0)!
    await page.goto(`/tornei/circuiti-tornei${stagione === season ? '' : `?stagione=${stagione}`}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Circuiti' })).toBeVisible()
    await expect(page.getByRole('link', { name: circuit.nome })).toBeVisible()
    await shot(page, 'circuiti-1280')
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: circuit.nome }).click()
    await expect(page.getByRole('heading', { level: 1, name: circuit.nome })).toBeVisible()
    // «Classifica del Circuito Lazio 2026», never «del circuito Circuito …».
    const table = page.getByRole('table', { name: `Classifica ${circuitWith('del', circuit.nome)}` })
    await expect(page.getByText(/circuito Circuito/)).toHaveCount(0)
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1')
    await expect(page.getByText('A parità di punti decidono, nell’ordine:', { exact: false })).toBeVisible()
    await shot(page, 'circuito-1280')
    await expectNoAxeViolations(page)

    const pdfHref = await page.getByRole('link', { name: 'Scarica la classifica (PDF)' }).getAttribute('href')
    const pdf = await page.request.get(pdfHref!)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
    // The CSV is an export: a visitor neither sees it nor gets it.
    await expect(page.getByRole('button', { name: 'Esporta la classifica (CSV)' })).toHaveCount(0)
    const refused = await page.request.get(`/stampe/circuiti/${circuit.id}/classifica.csv`)
    expect(refused.status()).toBe(401)

    await page.setViewportSize({ width: 375, height: 760 })
    await page.reload()
    await expect(
      page.getByRole('table', { name: `Classifica ${circuitWith('del', circuit.nome)}` }),
    ).toBeVisible()
    await shot(page, 'circuito-375')
    await expectNoAxeViolations(page)
    await page.goto('/tornei/circuiti-tornei')
    await expect(page.getByRole('heading', { level: 1, name: 'Circuiti' })).toBeVisible()
    await shot(page, 'circuiti-375')
    await expectNoAxeViolations(page)

    // The federation's account may export: the button downloads the CSV with its token.
    const circuitUrl = `/tornei/dettaglio-circuito/${circuit.id}`
    await page.setViewportSize({ width: 1280, height: 900 })
    await signInFromHeader(page, 'admin@demo.it')
    await page.goto(circuitUrl)
    const esporta = page.getByRole('button', { name: 'Esporta la classifica (CSV)' })
    await expect(esporta).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), esporta.click()])
    expect(download.suggestedFilename()).toBe(`classifica-circuito-${circuit.id}.csv`)
    const text = fs.readFileSync((await download.path())!, 'utf8')
    expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Posizione;Giocatore;Circolo;Punti;Tappe')
    await shot(page, 'circuito-esporta-1280')
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 375, height: 760 })
    await expect(esporta).toBeVisible()
    await shot(page, 'circuito-esporta-375')
  })
})
