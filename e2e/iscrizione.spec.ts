// Enrolment journeys (issue 11, item 3) on the seeded demo tournaments (server/seed/areas/demo-enrolment.ts):
// a player finds the tournament in the calendar, signs in from it, enrols through the confirmed dialog, finds the
// name among the entrants and withdraws; a doubles pair forms when the partner, in a second browser, accepts.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { DEMO_ENROLMENT_TOURNAMENTS } from '../server/seed/areas/demo-enrolment.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInOnIdentityPage } from './support/auth.ts'
import { confirmAction } from './support/dialogs.ts'
import { tournamentNamed } from './support/tournaments.ts'

const SHOTS = process.env.SHOTS_DIR
// Pages, sign-ins and dialogs on a machine shared by several builds: waits longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await enrolment(page).screenshot({ path: path.join(SHOTS, `${name}.png`), timeout: 60_000 })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

const enrolment = (page: Page) => page.getByRole('region', { name: 'Iscrizione' })
const entrants = (page: Page) => page.getByRole('region', { name: /^Iscritti/ })

/** Opens the tournament, signs in from its enrolment panel and comes back to it. */
async function signInAt(page: Page, id: number, email: string) {
  await page.goto(`/tornei/dettaglio-torneo/${id}`)
  await enrolment(page).getByRole('button', { name: 'Accedi per iscriverti' }).click()
  await signInOnIdentityPage(page, email)
  await expect(page).toHaveURL(new RegExp(`/tornei/dettaglio-torneo/${id}\\?settore=\\d+$`))
}

test.describe('iscrizione a un torneo', () => {
  // Two sign-ins, dialogs and reloads on a machine shared with others: more than the default minute.
  test.describe.configure({ timeout: 420_000 })

  test('un giocatore trova il torneo nel calendario, accede, si iscrive, si trova tra gli iscritti e si ritira', async ({
    page,
  }) => {
    // The player finds it in the calendar: open enrolments, Open level, the weeks it is played in.
    const id = await tournamentNamed(page.request, DEMO_ENROLMENT_TOURNAMENTS.singles)
    const detail = (await (
      await page.request.post('/api/v1/tornei/dettaglio/view', { data: { id } })
    ).json()) as { result: { data_inizio: string } }
    const start = new Date(`${detail.result.data_inizio}T12:00:00Z`)
    const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    await page.goto('/tornei/calendario-tornei')
    await page.getByLabel('Stato', { exact: true }).selectOption({ label: 'Iscrizioni aperte' })
    await page.getByLabel('Livello', { exact: true }).selectOption({ label: 'OPEN' })
    await page.getByLabel('Dal', { exact: true }).fill(day(-1))
    await page.getByLabel('Al', { exact: true }).fill(day(1))
    await expect(page).toHaveURL(/stato=iscrizioni_aperte/)
    const card = page.locator('.calendario-card', { hasText: DEMO_ENROLMENT_TOURNAMENTS.singles })
    await expect(card.getByText('Iscrizioni aperte')).toBeVisible()
    await card.getByRole('link', { name: DEMO_ENROLMENT_TOURNAMENTS.singles }).click()
    await expect(page).toHaveURL(new RegExp(`/tornei/dettaglio-torneo/${id}\\?settore=\\d+$`))
    await expect(
      page.getByRole('heading', { level: 1, name: DEMO_ENROLMENT_TOURNAMENTS.singles }),
    ).toBeVisible()
    await enrolment(page).getByRole('button', { name: 'Accedi per iscriverti' }).click()
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    await expect(page).toHaveURL(new RegExp(`/tornei/dettaglio-torneo/${id}\\?settore=\\d+$`), {
      timeout: 20_000,
    })
    await expect(entrants(page)).not.toContainText('Bianchi')

    await expect(enrolment(page).getByText('Posti occupati: 5 su 16.')).toBeVisible()
    await shot(page, 'iscrizione-prima-1280')
    await enrolment(page).getByRole('button', { name: 'Iscriviti', exact: true }).click()
    await confirmAction(
      page,
      'Vuoi iscriverti a questo torneo?',
      'Iscrizione completata: sei tra gli iscritti.',
    )
    await expect(enrolment(page).getByText('Iscritto', { exact: true })).toBeVisible()
    await expect(enrolment(page).getByText('Posti occupati: 6 su 16.')).toBeVisible()
    await expect(entrants(page).getByText(/Bianchi/)).toBeVisible()
    await shot(page, 'iscrizione-iscritto-1280')
    await expectNoAxeViolations(page)

    await page.setViewportSize({ width: 375, height: 800 })
    await enrolment(page).scrollIntoViewIfNeeded()
    await shot(page, 'iscrizione-iscritto-375')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    await enrolment(page).getByRole('button', { name: 'Ritira l’iscrizione' }).click()
    await confirmAction(page, /Vuoi ritirare l’iscrizione\?/, 'Iscrizione ritirata.')
    await expect(enrolment(page).getByRole('button', { name: 'Iscriviti', exact: true })).toBeVisible()
    await expect(entrants(page)).not.toContainText('Bianchi')
  })

  test('un doppio: il compagno accetta l’invito da un altro browser', async ({ page, browser }) => {
    const id = await tournamentNamed(page.request, DEMO_ENROLMENT_TOURNAMENTS.doubles)
    await signInAt(page, id, 'giocatore@demo.it')
    const invite = enrolment(page).getByRole('button', { name: 'Iscriviti in coppia' })
    await expect(invite).toBeDisabled()
    await enrolment(page).getByRole('combobox', { name: 'Compagno' }).fill('Ricci And')
    await page.getByRole('option', { name: /Andrea Ricci/ }).click()
    await enrolment(page).getByRole('button', { name: 'Iscriviti con Andrea Ricci' }).click()
    // Name before surname inside the sentence (issue 19, item 8).
    await confirmAction(page, 'Vuoi invitare Andrea Ricci a giocare il torneo con te?', /Invito inviato/)
    await expect(enrolment(page).getByText('In attesa del compagno')).toBeVisible()
    await expect(enrolment(page).getByText(/Hai invitato Andrea Ricci/)).toBeVisible()
    await shot(page, 'iscrizione-invito-1280')
    await expectNoAxeViolations(page)

    const other = await browser.newContext({
      ignoreHTTPSErrors: true,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    })
    try {
      const partner = await other.newPage()
      await partner.addInitScript(() => {
        localStorage.setItem('disciplina', 'tennis')
        localStorage.setItem('id_settore', '1')
      })
      await signInAt(partner, id, 'admin@demo.it')
      await expect(enrolment(partner).getByText('Luca Bianchi ti ha invitato', { exact: true })).toBeVisible()
      await expect(enrolment(partner).getByRole('status')).toContainText('ti ha invitato come compagno')
      await enrolment(partner).getByRole('button', { name: 'Accetta l’invito' }).click()
      await confirmAction(partner, /Vuoi giocare il torneo in coppia con Luca Bianchi\?/, /Invito accettato/)
      await expect(enrolment(partner).getByText('Iscritto', { exact: true })).toBeVisible()
      await expect(entrants(partner).getByText(/Ricci/)).toBeVisible()
    } finally {
      await other.close()
    }

    await page.reload()
    await expect(enrolment(page).getByText('Iscritto', { exact: true })).toBeVisible()
    await expect(enrolment(page).getByText('In coppia con Andrea Ricci.')).toBeVisible()
    await expect(enrolment(page).getByRole('status')).toContainText('ha accettato l’invito')
    await expect(entrants(page).getByText(/Bianchi/)).toBeVisible()
  })
})
