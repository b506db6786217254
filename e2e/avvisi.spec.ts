// The invited player is told in the portal (issue 19, item 7): Luca Bianchi invites Andrea Ricci to the demo
// doubles; Andrea signs in, finds the invitation on the home and a count on the account button, opens it and
// lands on the tournament's enrolment, where the invitation waits for an answer; the count is gone.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { DEMO_ENROLMENT_TOURNAMENTS } from '../server/seed/areas/demo-enrolment.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader, signInOnIdentityPage } from './support/auth.ts'
import { confirmAction } from './support/dialogs.ts'
import { playerPage } from './support/players.ts'
import { tournamentNamed } from './support/tournaments.ts'

const SHOTS = process.env.SHOTS_DIR
// Sign-ins, dialogs and reloads on a machine shared by several builds: waits longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), timeout: 60_000 })
}

const enrolment = (page: Page) => page.getByRole('region', { name: 'Iscrizione' })
const INVITATION = `Luca Bianchi ti ha invitato come compagno al torneo «${DEMO_ENROLMENT_TOURNAMENTS.doubles}».`

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('avvisi nel portale', () => {
  test.describe.configure({ timeout: 420_000 })

  test('l’invitato a un doppio trova l’avviso nella home e sul pulsante dell’account, lo apre e l’avviso sparisce', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Luca Bianchi invites Andrea Ricci.
    const id = await tournamentNamed(page.request, DEMO_ENROLMENT_TOURNAMENTS.doubles)
    await page.goto(`/tornei/dettaglio-torneo/${id}`)
    await enrolment(page).getByRole('button', { name: 'Accedi per iscriverti' }).click()
    await signInOnIdentityPage(page, 'giocatore@demo.it')
    await enrolment(page).getByRole('combobox', { name: 'Compagno' }).fill('Ricci And')
    await page.getByRole('option', { name: /Andrea Ricci/ }).click()
    await enrolment(page).getByRole('button', { name: 'Iscriviti con Andrea Ricci' }).click()
    await confirmAction(page, 'Vuoi invitare Andrea Ricci a giocare il torneo con te?', /Invito inviato/)
    await expect(enrolment(page).getByText('In attesa del compagno')).toBeVisible()

    // Andrea Ricci signs in, in a browser of his own, and lands on the home.
    const partner = await playerPage(browser, baseURL!)
    try {
      await partner.goto('/home')
      await signInFromHeader(partner, 'admin@demo.it')
      await expect(partner).toHaveURL(/\/home\?settore=\d+$/)
      const account = partner
        .getByRole('banner')
        .getByRole('button', { name: /il tuo profilo, Andrea Ricci/ })
      await expect(account).toHaveAccessibleName(/, \d+ avvis[oi] non lett[oi]$/)
      const notices = partner.getByRole('region', { name: /I tuoi avvisi/ })
      const notice = notices.getByRole('link', { name: INVITATION })
      await expect(notice).toBeVisible()
      await expectNoAxeViolations(partner)
      await shot(partner, 'avvisi-home-1280')
      await partner.setViewportSize({ width: 375, height: 800 })
      await expect(notice).toBeVisible()
      const overflow = await partner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await shot(partner, 'avvisi-home-375')
      await expectNoAxeViolations(partner)

      // The account menu leads to them too.
      const unseen = Number(/(\d+) avvis/.exec((await account.getAttribute('aria-label')) ?? '')?.[1])
      await account.click()
      await expect(partner.getByRole('menuitem', { name: /avvis[oi] non lett[oi]/ })).toBeVisible()
      await shot(partner, 'avvisi-menu-375')
      await partner.keyboard.press('Escape')

      // Opened: the tournament's enrolment, with the invitation to answer; the count goes down by one.
      await notice.click()
      await expect(partner).toHaveURL(
        new RegExp(`/tornei/dettaglio-torneo/${id}\\?settore=\\d+#torneo-iscrizione$`),
      )
      await expect(enrolment(partner).getByText('Luca Bianchi ti ha invitato', { exact: true })).toBeVisible()
      const left = unseen - 1
      await expect(account).toHaveAccessibleName(
        left === 0
          ? 'AR: il tuo profilo, Andrea Ricci'
          : `AR: il tuo profilo, Andrea Ricci, ${left} ${left === 1 ? 'avviso non letto' : 'avvisi non letti'}`,
      )
      await partner.setViewportSize({ width: 1280, height: 800 })
      await enrolment(partner).scrollIntoViewIfNeeded()
      await shot(partner, 'avvisi-torneo-1280')
      await expectNoAxeViolations(partner)

      // Back home: the invitation is no longer among the notices to read, after a reload too.
      await partner.goto('/home')
      await expect(partner.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(partner.getByRole('link', { name: INVITATION })).toHaveCount(0)

      // Andrea refuses, so the demo doubles is free again for the other journeys.
      await partner.goto(`/tornei/dettaglio-torneo/${id}`)
      await enrolment(partner).getByRole('button', { name: 'Rifiuta l’invito' }).click()
      await confirmAction(partner, /Vuoi rifiutare l’invito\?/, 'Invito rifiutato.')
    } finally {
      await partner.context().close()
    }
  })
})
