// Issue 19, item 8: the public board of challenges lists only challenges with a free place. Luca Bianchi
// (giocatore@demo.it) publishes two challenges: one to Andrea Ricci, whose only place is an invitation waiting for
// an answer, and one with the place open. The board shows the open one and not the other, to Luca and to a
// visitor who is not signed in; both are cancelled at the end, so a rerun starts from the same board.
import path from 'node:path'
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
// Pages, sign-ins and dialogs on a machine shared by several builds: waits longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 })
test.describe.configure({ timeout: 300_000 })

/** A browser context of its own, Italian, tennis chosen. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 1280, height: 800 },
  })
  const page = await context.newPage()
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  return page
}

async function confirm(page: Page, question: RegExp, done: RegExp) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(question)).toBeVisible()
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByText(done)).toBeVisible()
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(dialog).toBeHidden()
}

/** Luca publishes a challenge on the board, to Andrea or with the place open; answers its address. */
async function publish(page: Page, opponent: boolean): Promise<string> {
  await page.goto('/sfide/nuova')
  await expect(page.getByRole('heading', { level: 1, name: 'Lancia una sfida' })).toBeVisible()
  if (opponent) {
    await page.getByRole('combobox', { name: 'Avversario' }).fill('Ricci And')
    await page.getByRole('option', { name: /Andrea Ricci/ }).click()
  }
  await page.getByRole('checkbox', { name: /Pubblica la sfida in bacheca/ }).check()
  await page.getByRole('button', { name: 'Lancia la sfida' }).click()
  await confirm(page, /Sarà in bacheca/, /Sfida lanciata/)
  await expect(page).toHaveURL(/\/sfide\/\d+$/)
  return new URL(page.url()).pathname
}

async function cancel(page: Page, address: string) {
  await page.goto(address)
  await page
    .getByRole('region', { name: 'Cosa puoi fare' })
    .getByRole('button', { name: 'Annulla la sfida' })
    .click()
  await confirm(page, /Vuoi annullare la sfida\?/, /annullata/i)
}

test('la bacheca mostra solo le sfide con un posto libero', async ({ browser }) => {
  const luca = await visitor(browser)
  const guest = await visitor(browser)
  const made: string[] = []
  try {
    await luca.goto('/home')
    await signInFromHeader(luca, 'giocatore@demo.it')
    const full = await publish(luca, true)
    made.push(full)
    const open = await publish(luca, false)
    made.push(open)

    // Luca reads his own rows as links: the open one is there, the one whose place is taken is not.
    await luca.goto('/sfide/bacheca')
    const board = luca.getByRole('region', { name: /sfid[ae] apert[ae]/ })
    await expect(board.getByRole('link', { name: 'Luca Bianchi contro posto libero' }).first()).toBeVisible()
    await expect(board.locator(`a[href="${open}"]`)).toHaveCount(1)
    await expect(board.locator(`a[href="${full}"]`)).toHaveCount(0)

    // A visitor sees the open challenge and no challenge whose places are all taken.
    await guest.goto('/sfide/bacheca')
    const rows = guest.getByRole('listitem')
    await expect(rows.filter({ hasText: 'Luca Bianchi contro posto libero' }).first()).toBeVisible()
    await expect(rows.filter({ hasText: 'Luca Bianchi contro Andrea Ricci' })).toHaveCount(0)
    await expect(
      guest.getByText(/con almeno un posto libero: prendilo, e si gioca quando tutti i posti sono presi/),
    ).toBeVisible()
    await expectNoAxeViolations(guest)
    for (const width of [1280, 375]) {
      await guest.setViewportSize({ width, height: 900 })
      const overflow = await guest.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `la bacheca a ${width} px scorre di lato`).toBeLessThanOrEqual(0)
      if (SHOTS)
        await guest.screenshot({ path: path.join(SHOTS, `sfide-bacheca-${width}.png`), fullPage: true })
    }
  } finally {
    for (const address of made) await cancel(luca, address)
    await luca.context().close()
    await guest.context().close()
  }
})
