import type { Browser, Page } from '@playwright/test'

/**
 * A browser of its own for a demo player (a second player beside the test's page): Italian, tennis chosen, and the
 * credentials already changed (a returning user), so a reserved page goes straight to the sign-in.
 */
export async function playerPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  })
  await context.addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL }])
  const page = await context.newPage()
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  return page
}
