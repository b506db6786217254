import { expect, test, type Page } from '@playwright/test'
import { MESSAGES } from '../contract/common.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader, signInOnIdentityPage } from './support/auth.ts'
import { CONSENT_ACCOUNTS } from './support/fixtures.ts'

/** Where the journeys leave screenshots to look at, when asked (SCREENSHOTS_DIR=…). */
async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}.png` })
}

const NOTICE = "Ho letto e accetto l'informativa sulla privacy"
const YES = 'Sì, acconsento alla profilazione'
const NO = 'No, non acconsento'

/** The privacy form shows exactly the stored consents: the box, and Sì, No or neither. */
async function expectPrivacyForm(page: Page, privacy: boolean, profilation: boolean | null) {
  await expect(page).toHaveURL(/\/modifica-privacy$/)
  const notice = page.getByLabel(NOTICE)
  await expect(notice).toBeVisible({ timeout: 20_000 })
  await expect(notice).toBeChecked({ checked: privacy })
  await expect(page.getByLabel(YES)).toBeChecked({ checked: profilation === true })
  await expect(page.getByLabel(NO)).toBeChecked({ checked: profilation === false })
}

test.describe('i consensi si vedono come sono salvati', () => {
  for (const account of CONSENT_ACCOUNTS) {
    test(`${account.email}: privacy ${account.privacy ? 'data' : 'non data'}, profilazione ${String(account.profilation)}`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL! }])
      // login-get answers late, as on a slow phone: the forms must not take the session's flags, still unknown.
      await page.route('**/api/v1/login', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2500))
        await route.continue()
      })

      // First load: the page asked before signing in, reached on the way back from the identity service.
      await page.goto('/modifica-privacy')
      await signInOnIdentityPage(page, account.email)
      await expectPrivacyForm(page, account.privacy, account.profilation)
      await page.reload()
      await expectPrivacyForm(page, account.privacy, account.profilation)

      // The browser's copy of the flag says the opposite (changed on another device): the server's value wins.
      await page.evaluate(
        (profilation) => localStorage.setItem('profilation', profilation ? '0' : '1'),
        account.profilation,
      )
      await page.goto('/impostazioni')
      if (!account.privacy) {
        // Without the notice accepted the settings are closed: guard 2 sends the user back, with the reason.
        await expect(page.getByRole('alert').filter({ hasText: MESSAGES.missingPrivacy })).toBeVisible()
        await expectPrivacyForm(page, account.privacy, account.profilation)
        return
      }
      const box = page.getByLabel('Consenso alla profilazione')
      await expect(box).toBeVisible({ timeout: 20_000 })
      await expect(box).toBeChecked({ checked: account.profilation === true })
      await page.reload()
      await expect(box).toBeVisible({ timeout: 20_000 })
      await expect(box).toBeChecked({ checked: account.profilation === true })
      await expect(page.getByRole('button', { name: 'Salva impostazioni' })).toBeDisabled()
      await expectNoAxeViolations(page)
    })
  }
})

test.describe('il menu del profilo sta nello schermo', () => {
  const ITEMS = ['Impostazioni', 'Le mie tessere', 'Modifica profilo', 'Esci']

  test('a 320, 375 e 1280 px ogni voce si vede e si raggiunge con la tastiera', async ({ page }) => {
    await page.goto('/home')
    await signInFromHeader(page, 'giocatore@demo.it')
    const avatar = page.getByRole('button', { name: /il tuo profilo/ })
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 720 })
      await expect(avatar).toBeEnabled()
      await avatar.focus()
      await page.keyboard.press('Enter')
      const menu = page.getByRole('menu', { name: /Il tuo account/ })
      await expect(menu).toBeVisible()
      // Every item whole inside the screen, and the focus on the first one.
      for (const name of ITEMS) {
        const item = menu.getByRole('menuitem', { name })
        await expect(item).toBeInViewport({ ratio: 1 })
        const box = (await item.boundingBox())!
        expect(box.x, `${name} a ${width} px`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${name} a ${width} px`).toBeLessThanOrEqual(width)
      }
      await expect(menu.getByRole('menuitem', { name: ITEMS[0] })).toBeFocused()
      for (const name of ITEMS.slice(1)) {
        await page.keyboard.press('ArrowDown')
        await expect(menu.getByRole('menuitem', { name })).toBeFocused()
      }
      await expectNoAxeViolations(page)
      await screenshot(page, `menu-${width}`)
      // Esc closes it and gives the focus back to the avatar.
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(avatar).toBeFocused()
    }

    // An item chosen with the keyboard takes the user there, without reloading the page.
    await page.setViewportSize({ width: 320, height: 720 })
    await page.evaluate(() => Object.assign(window, { restaInPagina: true }))
    await avatar.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/elenco-tessere$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => 'restaInPagina' in window)).toBe(true)

    // Esci from the menu signs the user out.
    await avatar.click()
    await page.getByRole('menuitem', { name: 'Esci' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Accedi', exact: true })).toBeVisible({
      timeout: 20_000,
    })
  })
})
