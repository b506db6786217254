// Issue 19, item 5: dialogs and errors. After «Chiudi» the focus is back on the control that opened the dialog;
// on a phone Back closes an open dialog instead of leaving the page; an unknown address shows «Pagina non trovata»
// (404 from the server) with a way home; an error without an Italian message is told in Italian; offline, moving
// inside the portal says so in Italian instead of showing the browser's error page.
import fs from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'
import { signInFromHeader } from './support/auth.ts'

const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 240_000 })

const PHONE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 800 }
const GENERIC = 'Attenzione! Si è verificato un errore. Riprovare più tardi'
const SHOTS = process.env.E2E_SHOTS

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

/** The personal calendar feed of /impostazioni, active, for a dialog whose opener is reloaded after «Chiudi». */
async function feedSettings(page: Page) {
  await page.goto('/home')
  await signInFromHeader(page, 'giocatore@demo.it')
  await page.goto('/impostazioni')
  const create = page.getByRole('button', { name: 'Crea il collegamento' })
  const renew = page.getByRole('button', { name: 'Rinnova il collegamento' })
  await expect(create.or(renew)).toBeVisible()
  const wasActive = await renew.isVisible()
  return { renew, wasActive }
}

test('dopo «Chiudi» il focus torna sul pulsante che ha aperto la finestra, anche se la sezione si ricarica', async ({
  page,
}) => {
  const { renew, wasActive } = await feedSettings(page)
  if (!wasActive) {
    await page.getByRole('button', { name: 'Crea il collegamento' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click()
    await expect(renew).toBeVisible()
  }
  try {
    // Success: the section reloads after «Chiudi», the button comes back and takes the focus.
    await renew.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Conferma' }).click()
    await expect(dialog.getByText(/Collegamento creato/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Chiudi' }).click()
    await expect(dialog).toBeHidden()
    await expect(renew).toBeFocused()

    // Failure, with an English message from something between the portal and the browser: Italian, and the
    // focus back on the button.
    await page.route('**/api/v1/tornei/feed_personale/rinnova', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal Server Error',
        }),
      }),
    )
    await renew.click()
    await dialog.getByRole('button', { name: 'Conferma' }).click()
    const failed = page.getByRole('alertdialog')
    await expect(failed.getByText('Operazione non riuscita')).toBeVisible()
    await expect(failed).not.toContainText('Internal Server Error')
    await expect(failed).toContainText(GENERIC)
    await failed.getByRole('button', { name: 'Chiudi' }).click()
    await expect(failed).toBeHidden()
    await expect(renew).toBeFocused()
    await page.unroute('**/api/v1/tornei/feed_personale/rinnova')
  } finally {
    if (!wasActive) {
      // Put back as it was: the seeded player's feed is inactive for the other journeys.
      await page.getByRole('button', { name: 'Disattiva' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click()
      await expect(page.getByRole('button', { name: 'Crea il collegamento' })).toBeVisible()
    }
  }
})

test('sul telefono «Indietro» chiude la finestra aperta e resta sulla pagina', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await feedSettings(page)
  const opener = page.getByRole('button', { name: /Crea il collegamento|Rinnova il collegamento/ })
  await opener.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeVisible()
  await page.goBack()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/impostazioni$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible()
  await expect(opener).toBeFocused()
  // Back again leaves the page as usual: the dialog left no entry behind.
  await page.goBack()
  await expect(page).toHaveURL(/\/home(\?|$)/)
})

test('una finestra che porta a un’altra pagina non lascia indietro una voce: «Indietro» torna subito alla pagina di partenza', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/home')
  await signInFromHeader(page, 'giocatore@demo.it')
  await page.goto('/sfide/nuova')
  await page.getByRole('checkbox', { name: /Pubblica la sfida in bacheca/ }).check()
  await page.getByRole('button', { name: 'Lancia la sfida' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await dialog.getByRole('button', { name: 'Chiudi' }).click()
  await expect(page).toHaveURL(/\/sfide\/\d+(\?|$)/)
  await page.goBack()
  await expect(page).toHaveURL(/\/sfide\/nuova(\?|$)/)
  await page.goBack()
  await expect(page).toHaveURL(/\/home(\?|$)/)
})

for (const viewport of [PHONE, DESKTOP]) {
  test(`un indirizzo sconosciuto mostra «Pagina non trovata» con la strada per la home (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const response = await page.goto('/tornei/calendario-torneo-che-non-esiste')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible()
    await expect(page).toHaveURL(/\/tornei\/calendario-torneo-che-non-esiste$/)
    await expectNoAxeViolations(page)
    await shot(page, `pagina-non-trovata-${viewport.width}`)
    await page.getByRole('main').getByRole('link', { name: 'Torna alla home' }).click()
    await expect(page).toHaveURL(/\/home(\?|$)/)
  })
}

test('un indirizzo sconosciuto aperto per primo su un telefono, senza nulla conservato, mostra «Pagina non trovata», non la scelta della disciplina', async ({
  browser,
}) => {
  // A context of its own: the beforeEach's stored discipline must not be there.
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  try {
    const response = await page.goto('/pagina-che-non-esiste')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible()
    await expect(page).toHaveURL(/\/pagina-che-non-esiste$/)
    await expect(page.getByRole('heading', { name: 'Scegli la disciplina' })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('id_settore'))).toBeNull()
    await expect(page.getByRole('main').getByRole('link', { name: 'Torna alla home' })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('anche un link interno a un indirizzo sconosciuto mostra «Pagina non trovata», senza cambiare indirizzo', async ({
  page,
}) => {
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Ultime news' })).toBeVisible()
  // A link inside the portal (an old one in a news text, say): the router, not the server, meets it.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/classifiche/vecchia-classifica')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible()
  await expect(page).toHaveURL(/\/classifiche\/vecchia-classifica$/)
})

test('un errore senza messaggio italiano è detto in italiano, mai «Internal Server Error»', async ({
  page,
}) => {
  await page.route('**/api/v1/tornei/list', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  )
  await page.route('**/api/v1/faq/list', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Bad Gateway' }),
    }),
  )
  await page.goto('/tornei/calendario-tornei')
  await expect(page.getByText(GENERIC).first()).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Internal Server Error')
  await page.goto('/faq')
  await expect(page.getByText(GENERIC).first()).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Bad Gateway')
})

for (const viewport of [PHONE, DESKTOP]) {
  test(`senza rete, passare a un’altra pagina mostra un avviso in italiano (${viewport.width} px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'Ultime news' })).toBeVisible()
    await context.setOffline(true)
    try {
      // The regulations' page was never opened: its code must come from the network.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Regolamenti' }).click()
      const notice = page.getByRole('alert').filter({ hasText: 'Controlla la connessione' })
      await expect(notice).toBeVisible()
      await shot(page, `offline-${viewport.width}`)
      // Still the portal, not the browser's error page.
      await expect(page.getByRole('heading', { level: 1, name: 'Sei offline' })).toBeVisible()
      // The notice stands where the page would be: the header and its menu stay.
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(
        page.getByRole('main').getByRole('heading', { level: 1, name: 'Sei offline' }),
      ).toBeVisible()
      if (viewport.width < 992) await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible()
      else await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible()
      // Back online: the page opens (by itself when the browser says so, or with «Riprova»).
      await context.setOffline(false)
      await notice
        .getByRole('button', { name: 'Riprova' })
        .click({ timeout: 2000 })
        .catch(() => {})
      await expect(page.getByRole('heading', { level: 1, name: 'Regolamenti' })).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
  })
}
