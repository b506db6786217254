// Challenge journeys (issue 12) with two demo players in two browsers: Luca Bianchi (giocatore@demo.it) challenges
// Andrea Ricci (admin@demo.it), Andrea accepts, Luca enters the result, Andrea confirms and both read the new Power
// with its explanation; a second challenge's result is contested; a challenge left to the board is taken by the
// other player. Every screen checked with axe and looked at on
// a phone width; SHOTS_DIR=… keeps the screenshots.
import path from 'node:path'
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
// Pages, sign-ins and dialogs on a machine shared by several builds: waits longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 })

const LUCA = 'giocatore@demo.it'
const ANDREA = 'admin@demo.it'
const TITLE = 'Luca Bianchi contro Andrea Ricci'

/** A full-page screenshot at 1280 and at 375 px, with no sideways scrolling at 375; back to 1280 after. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} a ${width} px scorre di lato`).toBeLessThanOrEqual(0)
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `sfide-${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** A player signed in from the header, in a browser context of their own, tennis chosen. */
async function player(browser: Browser, email: string): Promise<Page> {
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
  await page.goto('/home')
  await signInFromHeader(page, email)
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

const status = (page: Page) => page.locator('.sfida-stato[role=status]')
const actions = (page: Page) => page.getByRole('region', { name: 'Cosa puoi fare' })

/** Luca challenges Andrea from /sfide/nuova; answers the new challenge's address. */
async function propose(page: Page, message: string): Promise<string> {
  await page.goto('/sfide/nuova')
  await expect(page.getByRole('heading', { level: 1, name: 'Lancia una sfida' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Avversario' }).fill('Ricci And')
  await page.getByRole('option', { name: /Andrea Ricci/ }).click()
  await page.getByLabel('Messaggio (facoltativo)').fill(message)
  await page.getByRole('button', { name: 'Lancia la sfida' }).click()
  await confirm(page, /Vuoi lanciare la sfida di singolare \(Tennis\) ad Andrea Ricci\?/, /Sfida lanciata/)
  await expect(page).toHaveURL(/\/sfide\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  return new URL(page.url()).pathname
}

async function accept(page: Page, address: string) {
  await page.goto(address)
  await expect(status(page)).toContainText('Tocca a te: rispondi all’invito.')
  await actions(page).getByRole('button', { name: 'Accetta la sfida' }).click()
  await confirm(page, `Vuoi accettare la sfida ${TITLE}?`, /Sfida accettata/)
  await expect(status(page)).toContainText('Accettata: da giocare')
}

async function enterResult(page: Page, address: string, sets: [number, number][]) {
  await page.goto(address)
  const form = page.getByRole('form', { name: 'Inserisci il risultato' })
  for (const [i, [a, b]] of sets.entries()) {
    await form.getByLabel(`${i + 1}° set, giochi di Luca Bianchi`).fill(String(a))
    await form.getByLabel(`${i + 1}° set, giochi di Andrea Ricci`).fill(String(b))
  }
  await form.getByRole('button', { name: 'Salva il risultato' }).click()
  await confirm(page, /Vuoi inserire il risultato/, /Risultato inserito/)
  await expect(status(page)).toContainText('Risultato da confermare')
  // Who entered the result cannot confirm it.
  await expect(page.getByRole('button', { name: /Conferma il risultato|Contesta il risultato/ })).toHaveCount(
    0,
  )
}

test.describe('sfide tra giocatori', () => {
  // Two sign-ins, many dialogs and reloads on a machine shared with others: more than the default minute.
  test.describe.configure({ timeout: 600_000 })

  test('Luca sfida Andrea, Andrea accetta, Luca inserisce il risultato, Andrea conferma: il Power cambia', async ({
    browser,
  }) => {
    const luca = await player(browser, LUCA)
    const andrea = await player(browser, ANDREA)
    try {
      // The player area leads to the challenges; what waits for Luca comes first.
      await luca.getByRole('button', { name: /il tuo profilo/ }).click()
      await luca.getByRole('menuitem', { name: 'Le mie sfide' }).click()
      await expect(luca).toHaveURL(/\/sfide$/)
      await expect(luca.getByRole('region', { name: 'Riepilogo' })).toContainText('Inviti a cui rispondere')
      await expect(
        luca.getByRole('region', { name: 'Aspettano una tua risposta' }).getByRole('listitem').first(),
      ).toBeVisible()
      await expectNoAxeViolations(luca)
      await shots(luca, 'elenco')

      const address = await propose(luca, 'Sabato mattina al circolo?')
      await expect(status(luca)).toContainText('Proposta')
      await expect(actions(luca).getByRole('button', { name: 'Annulla la sfida' })).toBeVisible()
      await expectNoAxeViolations(luca)
      await shots(luca, 'proposta')

      // Andrea finds it among what waits for an answer.
      await andrea.goto('/sfide')
      const waiting = andrea.getByRole('region', { name: 'Aspettano una tua risposta' })
      await expect(waiting.getByRole('link', { name: TITLE }).first()).toBeVisible()
      await accept(andrea, address)

      await enterResult(luca, address, [
        [6, 4],
        [6, 3],
      ])
      await expectNoAxeViolations(luca)
      await shots(luca, 'risultato-inserito')

      await andrea.goto(address)
      await expect(actions(andrea)).toContainText('Il risultato inserito è 6-4 6-3')
      await expectNoAxeViolations(andrea)
      await shots(andrea, 'da-confermare')
      await actions(andrea).getByRole('button', { name: 'Conferma il risultato' }).click()
      await confirm(andrea, /Confermi il risultato 6-4 6-3\?/, 'Risultato confermato: il Power è aggiornato.')
      await expect(status(andrea)).toContainText('Risultato confermato')

      // Both read the new Power and why.
      for (const page of [andrea, luca]) {
        await page.goto(address)
        const power = page.getByRole('region', { name: 'Power' })
        await expect(power.getByRole('heading', { name: 'Luca Bianchi' })).toBeVisible()
        await expect(power.getByRole('heading', { name: 'Andrea Ricci' })).toBeVisible()
        await expect(power.getByText(/Power [\d,]+ → [\d,]+ \([+−]/).first()).toBeVisible()
        await expect(power.locator('li p').nth(1)).not.toBeEmpty()
      }
      await expectNoAxeViolations(luca)
      await shots(luca, 'confermata')
    } finally {
      await luca.context().close()
      await andrea.context().close()
    }
  })

  test('un risultato contestato va alla federazione; un posto libero preso dalla bacheca', async ({
    browser,
  }) => {
    const luca = await player(browser, LUCA)
    const andrea = await player(browser, ANDREA)
    try {
      const address = await propose(luca, 'La rivincita?')
      await accept(andrea, address)
      await luca.goto(address)
      await expectNoAxeViolations(luca)
      await shots(luca, 'da-giocare')
      await enterResult(luca, address, [
        [6, 4],
        [7, 6],
      ])

      await andrea.goto(address)
      const contest = actions(andrea).getByRole('button', { name: 'Contesta il risultato' })
      await expect(contest).toBeDisabled()
      await andrea.getByLabel('Perché contesti il risultato?').fill('Il secondo set è finito 6-7 per me.')
      await contest.click()
      await confirm(andrea, /Vuoi contestare il risultato\?/, 'Risultato contestato: decide la federazione.')
      await expect(status(andrea)).toContainText('Risultato contestato')

      await luca.goto(address)
      await expect(status(luca)).toContainText('Risultato contestato')
      await expect(luca.getByText(/Contestato da Andrea Ricci/)).toContainText(
        '«Il secondo set è finito 6-7 per me.»',
      )
      await expect(luca.getByRole('region', { name: 'Storia della sfida' })).toContainText(
        'Risultato contestato',
      )
      await expectNoAxeViolations(luca)
      await shots(luca, 'contestata')

      // Andrea leaves a challenge to the board; Luca takes the open place and it starts.
      await andrea.goto('/sfide/nuova')
      await andrea.getByRole('checkbox', { name: /Pubblica la sfida in bacheca/ }).check()
      await andrea.getByRole('button', { name: 'Lancia la sfida' }).click()
      await confirm(andrea, /Sarà in bacheca/, /Sfida lanciata/)
      await expect(
        andrea.getByRole('heading', { level: 1, name: 'Andrea Ricci contro posto libero' }),
      ).toBeVisible()

      await luca.goto('/sfide/bacheca')
      await expect(luca.getByRole('heading', { level: 1, name: 'Bacheca delle sfide' })).toBeVisible()
      const open = luca.getByRole('listitem').filter({ hasText: 'Andrea Ricci contro posto libero' })
      const take = open.getByRole('button', { name: 'Accetta la sfida di Andrea Ricci' })
      await expect(take).toBeVisible()
      await expectNoAxeViolations(luca)
      await shots(luca, 'bacheca')
      await take.click()
      await confirm(
        luca,
        'Vuoi prendere il posto libero nella sfida Andrea Ricci contro posto libero?',
        /Sei nella sfida/,
      )
      await expect(open).toHaveCount(0)
      await luca.goto('/sfide')
      await expect(
        luca
          .getByRole('region', { name: 'Aspettano una tua risposta' })
          .getByRole('link', { name: 'Andrea Ricci contro Luca Bianchi' }),
      ).toBeVisible()

      // The form for doubles, as a player sees it.
      await luca.goto('/sfide/nuova')
      await luca.getByLabel('Doppio (due contro due)').check()
      await expectNoAxeViolations(luca)
      await shots(luca, 'nuova')
    } finally {
      await luca.context().close()
      await andrea.context().close()
    }
  })
})
