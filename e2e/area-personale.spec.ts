// The account area's screens (issue 23 item 7) at 375 px: each one reached signed in, loaded, no wider than the
// phone, axe clean, and photographed at 375 and 1280 px for a person to look at. The journeys that act on these
// screens are in profilo.spec.ts, tessere.spec.ts, helpdesk.spec.ts, moduli.spec.ts and session.spec.ts.
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInOnIdentityPage } from './support/auth.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 30_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 60_000 })
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL! }])
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

/** Each screen, who opens it, its title and something that shows it has loaded. */
const SCREENS = [
  {
    path: '/impostazioni',
    who: 'giocatore@demo.it',
    title: 'Impostazioni',
    loaded: (p: Page) => p.getByLabel('Consenso alla profilazione'),
  },
  {
    path: '/elenco-tessere',
    who: 'giocatore@demo.it',
    title: 'Le mie tessere',
    loaded: (p: Page) => p.getByRole('button', { name: /Sincronizza/ }),
  },
  {
    path: '/modifica-profilo',
    who: 'giocatore@demo.it',
    title: 'Modifica profilo',
    loaded: (p: Page) => p.getByLabel('Codice fiscale'),
  },
  {
    path: '/modifica-privacy',
    who: 'giocatore@demo.it',
    title: 'Preferenze privacy',
    loaded: (p: Page) => p.getByRole('checkbox').first(),
  },
  {
    path: '/helpdesk',
    who: 'giocatore@demo.it',
    title: 'Assistenza',
    loaded: (p: Page) => p.getByRole('region', { name: 'Le mie richieste' }),
  },
  {
    path: '/helpdesk',
    who: 'admin@demo.it',
    title: 'Assistenza',
    loaded: (p: Page) => p.getByRole('region', { name: 'Le richieste che hai gestito' }),
  },
] as const

test.describe('area personale a 375 px', () => {
  for (const screen of SCREENS) {
    const name = `${screen.path.slice(1)}${screen.who.startsWith('admin') ? '-staff' : ''}`
    test(`${screen.path} (${screen.who}) entra nel telefono ed è accessibile`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(screen.path)
      if (screen.path === '/helpdesk')
        await page.getByRole('button', { name: "Accedi per scrivere all'assistenza" }).click()
      await signInOnIdentityPage(page, screen.who)
      // The sector may be written in the address (?settore=1) once it is known.
      await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?settore=\\d+)?$`))
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible()
      await expect(screen.loaded(page)).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectNoAxeViolations(page)
      await shot(page, `area-${name}-375`)
      await page.setViewportSize({ width: 1280, height: 900 })
      await expectNoAxeViolations(page)
      await shot(page, `area-${name}-1280`)
    })
  }
})
