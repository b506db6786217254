// Partner search (issue 12, item 4) with two demo players in two browsers: giocatore@demo.it reaches the search
// from a doubles tournament's enrolment and from the account menu, and publishes a listing; admin@demo.it finds it
// on the board and asks to play together; the author confirms; both see the request confirmed and the listing
// closed, each with the contact the other chose to share, and they write through the portal (issue 19, item 7).
// Every action through the confirmed dialog; axe finds no violation; the pages fit a phone.
import path from 'node:path'
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_ENROLMENT_TOURNAMENTS } from '../server/seed/areas/demo-enrolment.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInOnIdentityPage } from './support/auth.ts'
import { confirmAction } from './support/dialogs.ts'
import { playerPage } from './support/players.ts'
import { tournamentNamed } from './support/tournaments.ts'

const SHOTS = process.env.SHOTS_DIR
// Pages, sign-ins and dialogs on a machine shared by several builds: waits longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 })

/** The page at a phone's width and at a desktop's, when SHOTS_DIR says where; the page must not scroll sideways. */
async function shots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} a ${width} px scorre di lato`).toBeLessThanOrEqual(0)
    if (SHOTS)
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${width}.png`),
        fullPage: true,
        timeout: 60_000,
      })
  }
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sezioni di Cerca compagno' }).getByRole('link', { name, exact: true })
const listingWith = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text })

test.describe('cerca compagno', () => {
  // Two sign-ins, dialogs and reloads in two browsers on a machine shared with others.
  test.describe.configure({ timeout: 480_000 })

  test('un giocatore pubblica un annuncio, un altro chiede di giocare insieme, il primo conferma', async ({
    browser,
    baseURL,
  }) => {
    const author = await playerPage(browser, baseURL!)
    const other = await playerPage(browser, baseURL!)
    // A message of this run: a retry finds its own listing, not the one of the try before.
    const message = `Cerco compagno per il doppio del giovedì sera (${Date.now().toString(36)})`
    try {
      // From the doubles enrolment: the search filtered by the tournament.
      const id = await tournamentNamed(author.request, DEMO_ENROLMENT_TOURNAMENTS.doubles)
      await author.goto(`/tornei/dettaglio-torneo/${id}`)
      const enrolment = author.getByRole('region', { name: 'Iscrizione' })
      await enrolment.getByRole('button', { name: 'Accedi per iscriverti' }).click()
      await signInOnIdentityPage(author, 'giocatore@demo.it')
      await expect(author).toHaveURL(new RegExp(`/tornei/dettaglio-torneo/${id}\\?settore=\\d+$`))
      await enrolment.getByRole('link', { name: 'Cerca tra gli annunci di chi gioca questo torneo' }).click()
      await expect(author).toHaveURL(new RegExp(`/giocatori/cerca-compagno\\?torneo=${id}$`))
      await expect(author.getByRole('heading', { level: 1, name: 'Cerca compagno' })).toBeVisible()
      await expect(author.getByText(`Per il torneo ${DEMO_ENROLMENT_TOURNAMENTS.doubles}`)).toBeVisible()
      await expectNoAxeViolations(author)

      // From the player area: the account menu.
      await author.getByRole('button', { name: /il tuo profilo/ }).click()
      await author.getByRole('menuitem', { name: 'Cerca compagno' }).click()
      await expect(author).toHaveURL(/\/giocatori\/cerca-compagno$/)
      await tab(author, 'I miei annunci').click()
      await expect(tab(author, 'I miei annunci')).toHaveAttribute('aria-current', 'page')
      const publish = author.getByRole('button', { name: 'Pubblica l’annuncio' })
      await expect(author.getByLabel(/Provincia in cui giocare/)).toHaveValue('RM')
      await expect(publish).toBeDisabled()
      await author.getByLabel(/Livello del compagno cercato/).selectOption({ label: 'Avanzato' })
      await author.getByLabel('Disponibilità').fill('Giovedì sera, dalle 19')
      await author.getByLabel('Messaggio').fill(message)
      await author
        .getByRole('group', { name: 'Contatti da condividere' })
        .getByRole('checkbox', { name: 'La mia e-mail' })
        .check()
      await publish.click()
      await confirmAction(author, /Vuoi pubblicare l’annuncio\?/, /Annuncio pubblicato/)
      const mine = listingWith(author, message)
      await expect(mine.getByText('Attivo', { exact: true })).toBeVisible()
      await expect(mine.getByText('Nessuna richiesta ricevuta')).toBeVisible()

      // The other player finds it on the board and asks to play together.
      await other.goto('/giocatori/cerca-compagno')
      await signInOnIdentityPage(other, 'admin@demo.it')
      await expect(other).toHaveURL(/\/giocatori\/cerca-compagno$/, { timeout: 20_000 })
      const onBoard = listingWith(other, message)
      await expect(onBoard.getByRole('heading', { name: 'Luca Bianchi' })).toBeVisible()
      await expect(onBoard.getByText('Avanzato')).toBeVisible()
      await expect(onBoard.getByText('Roma (RM)')).toBeVisible()
      await expectNoAxeViolations(other)
      await shots(other, 'cerca-compagno-bacheca')
      await onBoard
        .getByRole('group', { name: 'Contatti da condividere' })
        .getByRole('checkbox', { name: 'Il mio telefono' })
        .check()
      await onBoard.getByRole('button', { name: 'Chiedi di giocare insieme' }).click()
      await confirmAction(other, /Vuoi chiedere a Luca Bianchi di giocare insieme\?/, /Richiesta inviata/)
      await expect(onBoard.getByText(/la richiesta attende risposta/)).toBeVisible()
      await tab(other, 'Le mie richieste').click()
      const asked = listingWith(other, message)
      await expect(asked.getByRole('heading', { name: 'A Luca Bianchi' })).toBeVisible()
      await expect(asked.getByText('In attesa di risposta')).toBeVisible()

      // The author sees the request and confirms it.
      await author.reload()
      await expect(mine.getByText('Richieste ricevute: 1, 1 da valutare')).toBeVisible()
      await expect(mine.getByText('Andrea Ricci', { exact: true })).toBeVisible()
      await expectNoAxeViolations(author)
      await shots(author, 'cerca-compagno-miei-annunci')
      await mine.getByRole('button', { name: 'Conferma Andrea Ricci' }).click()
      await confirmAction(
        author,
        /Vuoi giocare con Andrea Ricci\?/,
        /Confermato: tu e Andrea Ricci giocherete insieme/,
      )
      await expect(mine.getByText('Confermata: giocate insieme')).toBeVisible()
      await expect(mine.getByText('Chiuso', { exact: true })).toBeVisible()
      await expect(mine.getByRole('button', { name: /Conferma|Rifiuta|Ritira/ })).toHaveCount(0)
      // The author reads the phone Andrea chose to share, not his e-mail.
      const toOther = mine.getByRole('region', { name: 'Come contattare Andrea Ricci' })
      await expect(toOther.getByText(/^Telefono:/)).toBeVisible()
      await expect(toOther.getByText(/^E-mail:/)).toHaveCount(0)

      // The other player sees it confirmed, with the author's notice; the listing left the board.
      await other.reload()
      await expect(asked.getByText('Confermata: giocate insieme')).toBeVisible()
      await expect(asked.getByText(/Luca Bianchi ha confermato: giocherete insieme/)).toBeVisible()
      await expect(asked.getByRole('button', { name: 'Annulla la richiesta' })).toHaveCount(0)
      // Andrea reads the e-mail Luca chose to share, and writes to him through the portal.
      const toAuthor = asked.getByRole('region', { name: 'Come contattare Luca Bianchi' })
      await expect(toAuthor.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
      await expect(toAuthor.getByText(/^Telefono:/)).toHaveCount(0)
      await expectNoAxeViolations(other)
      await shots(other, 'cerca-compagno-mie-richieste')
      await toAuthor.getByLabel('Messaggio per Luca Bianchi').fill('Giovedì alle 19 al circolo?')
      await toAuthor.getByRole('button', { name: 'Invia il messaggio' }).click()
      await confirmAction(other, /Vuoi inviare il messaggio\? Luca Bianchi lo riceve/, 'Messaggio inviato.')
      await author.reload()
      await expect(mine.getByText(/Andrea Ricci ti scrive .*«Giovedì alle 19 al circolo\?»/)).toBeVisible()
      await tab(other, 'Annunci').click()
      await expect(other.getByRole('status').filter({ hasText: /annunc/ })).toBeVisible()
      await expect(listingWith(other, message)).toHaveCount(0)
    } finally {
      await author.context().close()
      await other.context().close()
    }
  })
})
