// The help desk (issue 23 item 3) at 375 px: a visitor sees the categories and is invited to sign in; Luca
// Bianchi (giocatore@demo.it) signs in, is told what is missing in Italian, sends a request about one of his
// cards with a photo attached (a PDF beside it is refused in Italian and removed); Andrea Ricci (admin@demo.it, the
// federation's staff) sees and downloads the attachment and answers from the same page; Luca finds the reply under
// «Le mie richieste». Axe clean on each screen.
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInOnIdentityPage } from './support/auth.ts'
import { playerPage } from './support/players.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 60_000 })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('assistenza', () => {
  test.describe.configure({ timeout: 420_000 })

  test('un giocatore scrive all’assistenza a 375 px, lo staff risponde, il giocatore legge la risposta', async ({
    page,
    browser,
    baseURL,
  }) => {
    const oggetto = `Tessera non aggiornata ${randomUUID().slice(0, 6)}`
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/helpdesk')
    await expect(page.getByRole('heading', { level: 1, name: 'Assistenza' })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'Disservizi' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'domande frequenti', exact: true })).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-visitatore-375')

    await page.getByRole('button', { name: "Accedi per scrivere all'assistenza" }).click()
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    const form = page.getByRole('form', { name: 'Nuova richiesta' })
    await form.getByRole('button', { name: 'Invia la richiesta' }).click()
    await expect(form.getByText('Categoria: Scegli la categoria.')).toBeVisible()
    await expect(form.getByText("Oggetto: Scrivi l'oggetto.")).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-errori-375')

    await form.getByLabel('Categoria').selectOption({ label: 'Assistenza' })
    const tessera = form.getByLabel('Tessera (facoltativa)')
    const label = (await tessera.locator('option').nth(1).textContent())!
    expect(label).toMatch(/^\S+ – .+ – .+$/)
    await tessera.selectOption({ label })
    // While the subject is typed, the FAQ's answers are suggested.
    await form.getByLabel('Oggetto').fill('password dimenticata')
    const suggested = form.getByRole('complementary', { name: 'Risposte delle domande frequenti' })
    await expect(suggested.getByText('Ho dimenticato la password: cosa devo fare?')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-faq-375')
    await form.getByLabel('Oggetto').fill(oggetto)
    await form.getByLabel('Messaggio').fill('La tessera di questa stagione non risulta rinnovata.')
    // A photo of the receipt (with EXIF, which the server drops) and a PDF, which is not taken.
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Fotocamera', Model: 'Spia 3000' } })
      .toBuffer()
    await form.getByLabel('Allegati (facoltativi)').setInputFiles([
      { name: 'ricevuta.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'modulo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF') },
    ])
    const chosen = form.getByRole('list', { name: 'Allegati scelti' })
    await expect(chosen.getByRole('listitem')).toHaveCount(2)
    await expect(chosen.getByText('Non è un’immagine JPEG, PNG o WebP.')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-allegati-375')
    await chosen.getByRole('button', { name: 'Rimuovi modulo.pdf' }).click()
    await expect(chosen.getByRole('listitem')).toHaveCount(1)
    await form.getByRole('button', { name: 'Invia la richiesta' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Richiesta inviata.' })).toBeVisible()
    const mine = page.getByRole('region', { name: 'Le mie richieste' })
    const card = mine.getByRole('listitem').filter({ hasText: oggetto })
    await expect(card.getByText('Aperta')).toBeVisible()
    await expect(card.getByRole('button', { name: 'ricevuta.jpg' })).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-inviata-375')

    // The staff answers, in a browser of its own.
    const staff = await playerPage(browser, baseURL!)
    try {
      await staff.setViewportSize({ width: 1280, height: 900 })
      await staff.goto('/helpdesk')
      await staff.getByRole('button', { name: "Accedi per scrivere all'assistenza" }).click()
      await signInOnIdentityPage(staff, 'admin@demo.it')
      const queue = staff.getByRole('region', { name: /Richieste aperte/ })
      const open = queue.getByRole('listitem').filter({ hasText: oggetto })
      await expect(open.getByText(/da Luca Bianchi/)).toBeVisible()
      // The staff downloads the attachment: a JPEG the server wrote, with no EXIF left.
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        open.getByRole('button', { name: 'ricevuta.jpg' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('ricevuta.jpg')
      const saved = await sharp(await download.path()).metadata()
      expect([saved.format, saved.width, saved.height, saved.exif]).toEqual(['jpeg', 800, 600, undefined])
      await expectNoAxeViolations(staff)
      await shot(staff, 'helpdesk-staff-1280')
      await open.getByLabel('Risposta').fill('Abbiamo aggiornato la tessera: controlla tra qualche minuto.')
      await open.getByRole('button', { name: 'Invia la risposta' }).click()
      await expect(queue.getByRole('status').filter({ hasText: 'Risposta inviata.' })).toBeVisible()
      await expect(queue.getByRole('listitem').filter({ hasText: oggetto })).toHaveCount(0)
    } finally {
      await staff.context().close()
    }

    await page.reload()
    const answered = page
      .getByRole('region', { name: 'Le mie richieste' })
      .getByRole('listitem')
      .filter({ hasText: oggetto })
    await expect(answered.getByText('Risposta ricevuta')).toBeVisible()
    await expect(
      answered.getByText('Abbiamo aggiornato la tessera: controlla tra qualche minuto.'),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-risposta-375')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'helpdesk-risposta-1280')
  })

  test('il giocatore chiude una sua richiesta; lo staff a 375 px ne chiude un’altra e la ritrova nel suo storico', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = randomUUID().slice(0, 6)
    const mia = `Risolto da solo ${tag}`
    const doppione = `Richiesta doppia ${tag}`
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/helpdesk')
    await page.getByRole('button', { name: "Accedi per scrivere all'assistenza" }).click()
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    const form = page.getByRole('form', { name: 'Nuova richiesta' })
    for (const oggetto of [mia, doppione]) {
      await form.getByLabel('Categoria').selectOption({ label: 'Assistenza' })
      await form.getByLabel('Oggetto').fill(oggetto)
      await form.getByLabel('Messaggio').fill('Scrivo per un problema con la tessera.')
      await form.getByRole('button', { name: 'Invia la richiesta' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Richiesta inviata.' })).toBeVisible()
    }
    const mine = page.getByRole('region', { name: 'Le mie richieste' })
    const card = mine.getByRole('listitem').filter({ hasText: mia })
    await card.getByRole('button', { name: `Chiudi la richiesta «${mia}»` }).click()
    const confirm = card.getByRole('group', { name: `Chiudere «${mia}»?` })
    await expect(confirm.getByText('Chiudere la richiesta? Lo staff non potrà più rispondere.')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-chiusura-conferma-375')
    // «Annulla» leaves it open; the second time it is closed.
    await confirm.getByRole('button', { name: 'Annulla' }).click()
    await expect(card.getByText('Aperta')).toBeVisible()
    await card.getByRole('button', { name: `Chiudi la richiesta «${mia}»` }).click()
    await card.getByRole('button', { name: 'Sì, chiudi la richiesta' }).click()
    await expect(card.getByRole('status').filter({ hasText: 'Richiesta chiusa.' })).toBeVisible()
    await expect(card.getByText('Chiusa', { exact: true })).toBeVisible()
    await expect(card.getByText(/da te: non riceve altre risposte/)).toBeVisible()
    await expect(card.getByRole('button', { name: /Chiudi la richiesta/ })).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(page)
    await shot(page, 'helpdesk-chiusa-375')

    // The staff's page at 375 px: the closed request is not in the queue; the duplicate is closed from it.
    const staff = await playerPage(browser, baseURL!)
    try {
      await staff.setViewportSize({ width: 375, height: 800 })
      await staff.goto('/helpdesk')
      await staff.getByRole('button', { name: "Accedi per scrivere all'assistenza" }).click()
      await signInOnIdentityPage(staff, 'admin@demo.it')
      const queue = staff.getByRole('region', { name: /Richieste aperte/ })
      const open = queue.getByRole('listitem').filter({ hasText: doppione })
      await expect(open.getByText(/da Luca Bianchi/)).toBeVisible()
      await expect(queue.getByRole('listitem').filter({ hasText: mia })).toHaveCount(0)
      await open.getByRole('button', { name: `Chiudi la richiesta «${doppione}»` }).click()
      await open.getByRole('button', { name: 'Sì, chiudi la richiesta' }).click()
      await expect(queue.getByRole('listitem').filter({ hasText: doppione })).toHaveCount(0)
      const history = staff.getByRole('region', { name: 'Le richieste che hai gestito' })
      const handled = history.getByRole('listitem').filter({ hasText: doppione })
      await expect(handled.getByText(/dallo staff: non riceve altre risposte/)).toBeVisible()
      await expect(handled.getByRole('status').filter({ hasText: 'Richiesta chiusa.' })).toBeVisible()
      await expect(handled.getByLabel('Risposta')).toHaveCount(0)
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectNoAxeViolations(staff)
      await shot(staff, 'helpdesk-staff-storico-375')
      await staff.setViewportSize({ width: 1280, height: 900 })
      await shot(staff, 'helpdesk-staff-storico-1280')
    } finally {
      await staff.context().close()
    }

    await page.reload()
    const closedByStaff = page
      .getByRole('region', { name: 'Le mie richieste' })
      .getByRole('listitem')
      .filter({ hasText: doppione })
    await expect(closedByStaff.getByText(/dallo staff: non riceve altre risposte/)).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
