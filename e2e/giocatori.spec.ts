// The players' list and the player page (issue 20, item 3): a visitor on a phone searches a player, opens the
// profile and reads where the points come from (the lines add up to the ranking's points); a player who chose not
// to appear in the searches is not found by others, finds themselves, and their page still opens from a ranking.
import fs from 'node:fs'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { signInFromHeader } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { HIDDEN_PLAYER } from './support/fixtures.ts'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A visitor's browser with tennis chosen, as a returning phone or desktop has it. */
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

type Row = { id_persona: number; persona: string; punti: number; posizione: number }

async function api<T>(page: Page, path: string, data: unknown, token?: string): Promise<T> {
  const response = await page.request.post(`/api/v1/${path}`, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const elenco = (page: Page) => page.locator('.giocatori-elenco')

test.describe('giocatori', () => {
  test('da telefono un visitatore cerca un giocatore, apre la scheda e legge da dove vengono i punti', async ({
    browser,
  }) => {
    const page = await visitor(browser, 375)
    // The leader of the tennis race: who the journey looks for.
    const race = await api<{ results: Row[] }>(page, 'classifiche/classifiche/list', {
      id_settore: 1,
      tipo: 'race',
      fetchrows: 1,
    })
    const leader = race.results[0]!
    const profile = await api<{ result: { nome: string; cognome: string } }>(
      page,
      'giocatori/dettaglio/view',
      {
        id_persona: leader.id_persona,
        id_settore: 1,
      },
    )

    await page.goto('/lista-giocatori')
    await expect(page.getByRole('heading', { level: 1, name: 'Giocatori' })).toBeVisible()
    await expect(page).toHaveURL(/[?&]settore=1\b/)
    // The next page of the list starts from its top, not from the pager at the bottom.
    const next = page.getByRole('link', { name: 'Successivi →' })
    await next.scrollIntoViewIfNeeded()
    await next.click()
    await expect(page).toHaveURL(/[?&]pagina=2\b/)
    await expect(page.getByText(/^Pagina 2 di/)).toBeVisible()
    const count = page.getByText(/giocatori trovati$/)
    await expect.poll(async () => (await count.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
    await expect.poll(async () => (await count.boundingBox())?.y ?? 1000).toBeLessThan(200)
    await expect(page.getByText(/giocatori trovati$/)).toBeVisible()
    await page.getByLabel('Nome e cognome').fill(`${profile.result.cognome} ${profile.result.nome}`)
    await page
      .getByRole('search', { name: 'Cerca un giocatore' })
      .getByRole('button', { name: 'Cerca', exact: true })
      .click()
    await expect(page).toHaveURL(/[?&]testo=/)
    const link = elenco(page).getByRole('link', { name: leader.persona, exact: true })
    await expect(link).toBeVisible()
    await shot(page, 'lista-giocatori-375')
    await expectNoAxeViolations(page)

    await link.click()
    await expect(page).toHaveURL(new RegExp(`/scheda-giocatore/${leader.id_persona}\\?settore=1`))
    await expect(page.getByRole('heading', { level: 1, name: leader.persona })).toBeVisible()
    const summary = page.getByRole('region', { name: 'In classifica' })
    await expect(summary.getByText(`${leader.posizione}°`).first()).toBeVisible()

    const points = page.getByRole('region', { name: 'Da dove vengono i punti' })
    const table = points.getByRole('table', { name: /Punti della race annuale/ })
    await expect(table).toBeVisible()
    // The total is the ranking's points, and the lines that count add up to it.
    const total = Number((await table.locator('tfoot td').innerText()).replace(/\D/g, ''))
    expect(total).toBe(leader.punti)
    const lines = await table.locator('tbody tr:not(.scheda-non-conta) td.numero').allInnerTexts()
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0)).toBe(leader.punti)
    await expect(table.getByRole('row').nth(1)).toContainText(/× (1|0,65|0,45)/)
    await shot(page, 'scheda-giocatore-375')
    await expectNoAxeViolations(page)

    await points.getByRole('link', { name: 'Classifica nazionale' }).click()
    await expect(page).toHaveURL(/[?&]punti=nazionale\b/)
    await expect(points.getByRole('table', { name: /Punti della classifica nazionale/ })).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'Ultimi risultati' })
        .getByText(/^(Vinta|Persa)$/)
        .first(),
    ).toBeVisible()
    await page.context().close()
  })

  test('a 1280 px si filtra l’elenco per circolo e la scheda mostra le sezioni affiancate', async ({
    browser,
  }) => {
    const page = await visitor(browser, 1280)
    const race = await api<{ results: Row[] }>(page, 'classifiche/classifiche/list', {
      id_settore: 1,
      tipo: 'race',
      fetchrows: 1,
    })
    const leader = race.results[0]!
    const profile = await api<{ result: { circolo: string; id_circolo: number } }>(
      page,
      'giocatori/dettaglio/view',
      {
        id_persona: leader.id_persona,
        id_settore: 1,
      },
    )
    await page.goto('/lista-giocatori')
    await expect(page.getByText(/giocatori trovati$/)).toBeVisible()
    // The club filter: two letters or more, then the club found.
    await page.getByLabel('Circolo', { exact: true }).fill(profile.result.circolo)
    await page.getByRole('button', { name: new RegExp(`^${profile.result.circolo}`) }).click()
    await expect(page).toHaveURL(new RegExp(`[?&]circolo=${profile.result.id_circolo}\\b`))
    await expect(elenco(page).getByRole('link', { name: leader.persona, exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Togli il filtro del circolo' })).toBeVisible()
    await shot(page, 'lista-giocatori-1280')
    await expectNoAxeViolations(page)
    await page.goto(`/scheda-giocatore/${leader.id_persona}`)
    await expect(page.getByRole('table', { name: /Punti della race annuale/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Palmarès' })).toBeVisible()
    await shot(page, 'scheda-giocatore-1280')
    await expectNoAxeViolations(page)
    await page.context().close()
  })

  test('chi ha scelto di non comparire nelle ricerche non si trova, ma si trova da sé; la sua scheda si apre dalla classifica', async ({
    browser,
  }) => {
    const own = await visitor(browser, 375)
    await own.goto('/lista-giocatori')
    await signInFromHeader(own, HIDDEN_PLAYER.email)
    const token = await own.evaluate(() => localStorage.getItem('tokenAdb2c'))
    const me = await api<{ results: { id_persona: number; persona: string }[] }>(
      own,
      'giocatori/dati_utente',
      {},
      token!,
    )
    const { id_persona, persona } = me.results[0]!
    // After signing in the portal opens the home (spec §4): back to the list.
    await own.goto('/lista-giocatori')
    await own.getByLabel('Nome e cognome').fill(persona)
    await own
      .getByRole('search', { name: 'Cerca un giocatore' })
      .getByRole('button', { name: 'Cerca', exact: true })
      .click()
    await expect(elenco(own).getByRole('link', { name: persona, exact: true })).toBeVisible()
    await own.context().close()

    const page = await visitor(browser, 375)
    await page.goto(`/lista-giocatori?settore=1&testo=${encodeURIComponent(persona)}`)
    await expect(page.getByText('Nessun giocatore trovato con questi filtri.')).toBeVisible()
    await expect(page.getByRole('link', { name: persona, exact: true })).toHaveCount(0)
    await shot(page, 'lista-giocatori-nascosto-375')
    // Rankings show everyone with points, so the page opens from there.
    await page.goto(`/scheda-giocatore/${id_persona}`)
    await expect(page.getByRole('heading', { level: 1, name: persona })).toBeVisible()
    await page.context().close()
  })
})
