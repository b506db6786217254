// The federation decides a contested tie (issue 21, item 2) at 375 px: Andrea Ricci (admin@demo.it) signs in, opens
// «Incontri contestati», reads the longest waiting one (both teams, the result entered, the rubbers, who contested
// and why) and annuls it with a note; the tie leaves the list. A captain who is not the federation reads the
// refusal. Every screen checked with axe, and at 1280 and 375 px (SHOTS_DIR=… keeps the screenshots). The contested
// ties are the seed's (server/seed/areas/championships.ts: one per girone of a championship in progress).
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { signInFromHeader } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })
const PAGE = '/tornei/incontri-contestati'
const PHONE = { width: 375, height: 900 }

async function shots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} a ${width} px scorre di lato`).toBeLessThanOrEqual(0)
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, `contestati-${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(PHONE)
}

async function signedIn(page: Page, email: string) {
  await page.setViewportSize(PHONE)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  await page.goto('/home')
  await signInFromHeader(page, email)
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Incontri contestati' })).toBeVisible()
}

/** How many contested ties wait, as the page says it. */
async function waiting(page: Page): Promise<number> {
  const text = await page
    .getByText(/contestat[oi] da decidere/)
    .first()
    .textContent()
  if (/^Nessun/.test(text!)) return 0
  if (/^Un /.test(text!)) return 1
  return Number(text!.match(/^[\d.]+/)![0].replace('.', ''))
}

test('la federazione decide un incontro contestato', async ({ page }) => {
  test.setTimeout(180_000)
  await signedIn(page, 'admin@demo.it')
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') })
    .first()
  const tie = first.getByRole('article')
  await expect(tie).toBeVisible()
  const before = await waiting(page)
  const title = (await tie.getByRole('heading', { level: 2 }).textContent())!
  await expect(tie.getByText('Risultato inserito')).toBeVisible()
  await expect(tie.getByText('Contestato', { exact: true })).toBeVisible()
  await expect(tie.getByText('Motivo')).toBeVisible()
  await expect(tie.getByRole('region', { name: `Partite di ${title}` }).getByRole('row')).not.toHaveCount(0)
  await expectNoAxeViolations(page)
  await shots(page, 'elenco')

  const form = tie.getByRole('form', { name: `Decidi la contestazione di ${title}` })
  await form.getByLabel(/Il risultato è annullato/).check()
  await form
    .getByLabel('Nota per i capitani (facoltativa)')
    .fill('Il referto del giudice arbitro non conferma il punteggio.')
  await form.getByRole('button', { name: 'Decidi la contestazione' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(/è annullato\? L’incontro non conta\./)).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByText('Decisione registrata: i due capitani ricevono un avviso.')).toBeVisible()
  await expectNoAxeViolations(page)
  await shots(page, 'decisa')
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(dialog).toBeHidden()
  // The decided tie leaves the list.
  await expect.poll(() => waiting(page)).toBe(before - 1)
})

test('un capitano che non è la federazione legge il rifiuto', async ({ page }) => {
  await signedIn(page, 'giocatore@demo.it')
  await expect(page.getByText('Solo la federazione vede e decide i risultati contestati.')).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await shots(page, 'rifiuto')
})
