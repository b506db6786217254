// A help-desk reply reaches the one list of notices (issue 23, item 4) at 375 px: a player with no notice writes to
// the help desk, the federation's staff answers (Andrea Ricci, admin@demo.it, in a browser of his own); at the
// player's next page the account button counts one unread notice (its name says so to a screen reader), the home
// lists it, the e-mail is in the outbox; opening it leads to «Le mie richieste» with the reply, and the count goes.
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { HELPDESK_MESSAGES } from '../contract/helpdesk.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'
import { NOTICES_ACCOUNT } from './support/fixtures.ts'
import { playerPage } from './support/players.ts'

const SHOTS = process.env.SHOTS_DIR
const expect = baseExpect.configure({ timeout: 45_000 })

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), timeout: 60_000 })
}

/** A call of the API with the page's own session, as the portal makes it. */
function callAs(page: Page, pathname: string, body: unknown) {
  return page.evaluate(
    async (request) => {
      const response = await fetch(`/api/v1/${request.pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('tokenAdb2c')}`,
        },
        body: JSON.stringify(request.body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    { pathname, body },
  )
}

test.describe('avvisi: la risposta dell’assistenza', () => {
  test.describe.configure({ timeout: 420_000 })

  test('la risposta dello staff arriva tra gli avvisi, contata sul pulsante dell’account, e porta alle mie richieste', async ({
    page,
    browser,
    baseURL,
  }) => {
    const oggetto = `Tessera da verificare ${randomUUID().slice(0, 6)}`
    const notice = HELPDESK_MESSAGES.replyNotice(oggetto)
    await page.addInitScript(() => {
      localStorage.setItem('disciplina', 'tennis')
      localStorage.setItem('id_settore', '1')
    })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/home')
    await signInFromHeader(page, NOTICES_ACCOUNT)
    const account = page.getByRole('banner').getByRole('button', { name: /il tuo profilo/ })
    await expect(account).not.toHaveAccessibleName(/avvis/)

    const sent = await callAs(page, 'richieste-utenti/add', {
      id_settore: 1,
      id_categoria: 1,
      oggetto,
      messaggio: 'La tessera di quest’anno non compare tra le mie tessere.',
    })
    expect(sent.status).toBe(200)
    const id = (sent.body.result as { id_richiesta: number }).id_richiesta

    // The staff answers from a browser of its own.
    const staff = await playerPage(browser, baseURL!)
    try {
      await staff.goto('/home')
      await signInFromHeader(staff, 'admin@demo.it')
      const reply = await callAs(staff, 'richieste-utenti/rispondi', {
        id_richiesta: id,
        risposta: 'Abbiamo aggiornato la tessera: ora la trovi nell’elenco.',
      })
      expect(reply.status).toBe(200)
    } finally {
      await staff.context().close()
    }

    // The player's next page: one notice, counted on the button and listed on the home.
    await page.goto('/home')
    await expect(account).toHaveAccessibleName(/, 1 avviso non letto$/)
    const link = page.getByRole('region', { name: /I tuoi avvisi/ }).getByRole('link', { name: notice })
    await expect(link).toBeVisible()
    await link.scrollIntoViewIfNeeded()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await shot(page, 'avvisi-helpdesk-home-375')
    await expectNoAxeViolations(page)

    // The e-mail too, the settings being the defaults.
    const outbox = await page.context().newPage()
    await outbox.goto(`/idp/outbox?a=${encodeURIComponent(NOTICES_ACCOUNT)}`)
    await expect(outbox.locator('article').filter({ hasText: notice })).toHaveCount(1)
    await outbox.close()

    // Opened: «Le mie richieste» of /helpdesk with the reply; read, so the count is gone.
    await link.click()
    await expect(page).toHaveURL(/\/helpdesk(\?[^#]*)?#helpdesk-mie$/)
    await expect(page.getByText('Abbiamo aggiornato la tessera: ora la trovi nell’elenco.')).toBeVisible()
    // The page opens at the player's requests, not at the form for a new one.
    await expect(page.getByRole('heading', { level: 2, name: 'Le mie richieste' })).toBeInViewport()
    await expect(account).not.toHaveAccessibleName(/avvis/)
    await shot(page, 'avvisi-helpdesk-richieste-375')
    await expectNoAxeViolations(page)
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: notice })).toHaveCount(0)
  })
})
