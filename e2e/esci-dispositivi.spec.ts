// Sign-out on two devices (issue 23, item 5; docs/regole.md «Uscita»): one account signed in on two browsers of
// its own. «Esci» on the phone leaves the computer signed in; «Esci da tutti i dispositivi», after its
// confirmation, signs the phone out at once and the computer at its next call («La sessione è scaduta»), and the
// personal calendar feed's old address answers 404. At 375 px, looked at; axe clean.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { MESSAGES } from '../contract/common.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'
import { TWO_DEVICES_ACCOUNT } from './support/fixtures.ts'
import { playerPage } from './support/players.ts'

const SHOTS = process.env.SHOTS_DIR
// Sign-ins and sign-outs go through the identity service: longer than the default 10 s on a shared machine.
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), timeout: 60_000 })
}

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /il tuo profilo/ })
const signInButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })

/** Signs in on the home and opens /impostazioni. */
async function signedInSettings(page: Page) {
  await page.goto('/home')
  await signInFromHeader(page, TWO_DEVICES_ACCOUNT)
  await page.goto('/impostazioni')
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
}

/**
 * Runs `action`, which signs this device out, and waits for the whole trip: the identity service's logout and
 * back to the portal's home, signed out.
 */
async function signsOut(page: Page, action: () => Promise<void>) {
  const throughIdentity = page.waitForURL((url) => url.pathname.startsWith('/idp/'))
  await action()
  await throughIdentity
  await page.waitForURL(/\/home/)
  await page.waitForLoadState('networkidle')
  await expect(signInButton(page)).toBeVisible()
}

/** Opens a page of the account menu: a call of the API with the device's session. */
async function openFromMenu(page: Page, item: string) {
  await accountButton(page).click()
  await page.getByRole('menuitem', { name: item }).click()
}

test.describe('uscita da uno o da tutti i dispositivi', () => {
  test.describe.configure({ timeout: 420_000 })

  test('«Esci» chiude solo questo dispositivo; «Esci da tutti i dispositivi» li chiude tutti e il calendario personale cambia', async ({
    browser,
    baseURL,
  }) => {
    const phone = await playerPage(browser, baseURL!)
    const computer = await playerPage(browser, baseURL!)
    try {
      await phone.setViewportSize({ width: 375, height: 800 })
      await signedInSettings(phone)
      await signedInSettings(computer)
      // What the settings say they act on (docs/regole.md «Impostazioni»), at both widths.
      const preferences = (page: Page) => page.getByRole('form', { name: 'Notifiche e preferenze' })
      await expect(preferences(phone).getByText(/la newsletter riguardano solo questo settore/)).toBeVisible()
      await preferences(phone).scrollIntoViewIfNeeded()
      await shot(phone, 'impostazioni-notifiche-375')
      await expectNoAxeViolations(phone)
      await preferences(computer).scrollIntoViewIfNeeded()
      await expect(preferences(computer).getByText(/Ogni lunedì, le news pubblicate/)).toBeVisible()
      await shot(computer, 'impostazioni-notifiche-1280')

      // The computer makes the personal calendar feed: its address works.
      await computer.getByRole('button', { name: 'Crea il collegamento' }).click()
      const created = computer.getByRole('dialog')
      await created.getByRole('button', { name: 'Conferma' }).click()
      await expect(created.getByText(/Collegamento creato/)).toBeVisible()
      await created.getByRole('button', { name: 'Chiudi' }).click()
      const feed = (await computer.locator('.feed-personale-link code').innerText()).trim()
      expect(feed).toMatch(/^https:\/\/.+\.ics/)
      expect((await computer.request.get(feed)).status()).toBe(200)

      // «Esci» on the phone: the phone is signed out, the computer is not.
      await signsOut(phone, () => phone.getByRole('button', { name: 'Esci', exact: true }).click())
      await openFromMenu(computer, 'Le mie tessere')
      await expect(computer.getByRole('heading', { level: 1, name: 'Le mie tessere' })).toBeVisible()
      await expect(accountButton(computer)).toBeVisible()
      await expect(computer.getByText(MESSAGES.sessionExpired)).toHaveCount(0)
      expect((await computer.request.get(feed)).status()).toBe(200)

      // The phone signs in again and leaves every device, after the confirmation.
      await signedInSettings(phone)
      await phone.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click()
      const dialog = phone.getByRole('dialog')
      await expect(dialog.getByText(/Uscirai da tutti i dispositivi, compreso questo/)).toBeVisible()
      await shot(phone, 'esci-ovunque-conferma-375')
      await expectNoAxeViolations(phone)
      // Done: the phone signs itself out at once (through the identity service and back), the dialog with it.
      await signsOut(phone, () => dialog.getByRole('button', { name: 'Conferma' }).click())
      await shot(phone, 'esci-ovunque-fatto-375')
      await expectNoAxeViolations(phone)

      // The computer's next call finds its session ended.
      // The session machine then signs the computer out through the identity service and back (a page load): axe
      // reads the page once that trip has landed, not while it leaves.
      await computer.setViewportSize({ width: 375, height: 800 })
      const trip = computer.waitForURL((url) => url.pathname.startsWith('/idp/'))
      await openFromMenu(computer, 'Impostazioni')
      await expect(computer.locator('.notice').filter({ hasText: MESSAGES.sessionExpired })).toBeVisible()
      await expect(signInButton(computer)).toBeVisible()
      await shot(computer, 'esci-ovunque-altro-dispositivo-375')
      await trip
      await computer.waitForURL((url) => !url.pathname.startsWith('/idp/'))
      await computer.waitForLoadState('networkidle')
      await expect(signInButton(computer)).toBeVisible()
      await expectNoAxeViolations(computer)

      // The old address of the personal calendar no longer answers.
      expect((await computer.request.get(feed)).status()).toBe(404)
    } finally {
      await phone.context().close()
      await computer.context().close()
    }
  })
})
