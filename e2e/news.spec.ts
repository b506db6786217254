import { expect, test, type Page } from '@playwright/test'
import { NEWS_PUBLISH_REFUSED } from '../contract/news.ts'
import { signInOnIdentityPage } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'

type Card = { id: number; titolo: string; slug: string; disciplina: string; tipologia_news: string }

/** The newest news of tennis (sector 1), as the list endpoint gives it. */
async function newestNews(page: Page): Promise<Card> {
  const response = await page.request.post('/api/v1/news/list', { data: { id_settore: 1, fetchrows: 1 } })
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { results: Card[] }
  return body.results[0]!
}

/** Signs in from a button of the page, which brings the user back to that page. */
async function signIn(page: Page, button: string, email: string) {
  await page.getByRole('button', { name: button }).click()
  await signInOnIdentityPage(page, email)
  await expect(page.getByRole('button', { name: /il tuo profilo/ })).toBeVisible({ timeout: 20_000 })
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test.describe('news', () => {
  test('la stessa news si apre dal suo numero e dal suo titolo', async ({ page }) => {
    const news = await newestNews(page)
    await page.goto(`/news-dettaglio/${news.id}`)
    const title = page.getByRole('heading', { level: 1 })
    await expect(title).toHaveText(news.titolo)
    const byId = await page.locator('.news-article').innerText()
    await expect(page.getByRole('button', { name: 'Accedi per commentare' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto(`/news-dettaglio/${news.disciplina}/${news.tipologia_news}/${news.slug}`)
    await expect(title).toHaveText(news.titolo)
    expect(await page.locator('.news-article').innerText()).toBe(byId)

    // From the list, the link leads to the readable address.
    await page.goto('/news')
    await page.getByRole('link', { name: news.titolo }).first().click()
    await expect(page).toHaveURL(
      new RegExp(`/news-dettaglio/${news.disciplina}/${news.tipologia_news}/${news.slug}\\?settore=\\d+$`),
    )
    await expect(title).toHaveText(news.titolo)
  })

  test('una news che non esiste lo dice, con la strada per tornare alle news', async ({ page }) => {
    await page.goto('/news-dettaglio/999999')
    await expect(page.getByRole('heading', { level: 1, name: 'News non trovata' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'News', exact: true }).last()).toHaveAttribute(
      'href',
      '/news',
    )
  })

  test('un giocatore commenta e vede subito il commento, senza HTML; non può pubblicare news', async ({
    page,
  }) => {
    const news = await newestNews(page)
    await page.goto(`/news-dettaglio/${news.id}`)
    // Signing in from the article comes back to the article.
    await signIn(page, 'Accedi per commentare', 'giocatore@demo.it')
    await expect(page).toHaveURL(new RegExp(`/news-dettaglio/${news.id}\\?settore=\\d+$`))
    const text = `Forza ragazzi ${Date.now()}`
    await page.getByLabel('Il tuo commento').fill(`<b>${text}</b><script>alert(1)</script>`)
    await page.getByRole('button', { name: 'Pubblica commento' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Commento pubblicato.' })).toBeVisible()
    const comment = page.locator('.comment').filter({ hasText: text })
    await expect(comment).toHaveCount(1)
    await expect(comment.locator('.comment-text')).toHaveText(text)
    await expect(page.getByLabel('Il tuo commento')).toHaveValue('')
    await expectNoAxeViolations(page)

    await page.goto('/news/add-news')
    await expect(page.getByRole('alert')).toContainText(NEWS_PUBLISH_REFUSED)
    await expect(page.getByLabel('Titolo')).toHaveCount(0)
  })

  test('un redattore pubblica una news che compare nella lista', async ({ page }) => {
    await page.goto('/news/add-news')
    await signIn(page, 'Accedi per pubblicare', 'redattore@demo.it')
    await expect(page).toHaveURL('/news/add-news')
    const titolo = `Finale regionale ${Date.now()}`
    await page.getByLabel('Titolo').fill(titolo)
    await page.getByLabel('Sommario').fill('Due giorni di gare al circolo.')
    await page.getByLabel('Tipologia').selectOption('eventi')
    const primo = 'Sabato le semifinali sui campi centrali del circolo.'
    const secondo = 'Domenica le finali, con ingresso libero per il pubblico.'
    await page.getByLabel('Testo').fill(`${primo}\n\n${secondo}`)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Pubblica' }).click()
    await page.getByRole('link', { name: `Leggi «${titolo}»` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titolo)
    await expect(page.locator('.news-body p')).toHaveText([primo, secondo])
    await page.goto('/news')
    await expect(page.getByRole('link', { name: titolo })).toBeVisible()
  })
})

test.describe('home', () => {
  test('al telefono: ricerca rapida con la tastiera fino alla scheda scelta', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'La stagione in numeri' })).toBeVisible()
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    const search = page.getByRole('combobox', { name: 'Cerca giocatori e circoli' })
    await search.pressSequentially('ro', { delay: 50 })
    await expect(page.getByRole('option').first()).toBeVisible()
    await expect(search).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page)
    await search.press('ArrowDown')
    const chosen = (
      await page.locator('[role="option"][aria-selected="true"] .search-option-label').innerText()
    ).trim()
    await search.press('Enter')
    await expect(page).toHaveURL(/\/(scheda-giocatore|dettaglio-circolo)\/\d+\?settore=\d+$/)
    expect(chosen.length).toBeGreaterThan(1)
  })

  test('i video si avviano solo a richiesta, con il loro poster', async ({ page }) => {
    await page.goto('/home')
    const videos = page.getByRole('region', { name: 'Video' })
    const play = videos.getByRole('button', { name: /^Riproduci il video «.+»$/ }).first()
    await expect(play).toBeVisible()
    // Before the request: the poster only, no player and nothing of the clip.
    expect(await videos.locator('video').count()).toBe(0)
    const poster = await play.locator('img').getAttribute('src')
    expect(poster).toMatch(/^\/media\//)
    expect((await page.request.get(poster!)).status()).toBe(200)
    await expectNoAxeViolations(page)

    await play.press('Enter')
    const video = videos.locator('video').first()
    await expect(video).toBeVisible()
    await expect(video).toHaveAttribute('controls', '')
    await expect(video).toHaveAttribute('poster', poster!)
    await expect(video).toBeFocused()
    expect(await video.getAttribute('autoplay')).toBeNull()
    expect((await page.request.get((await video.getAttribute('src'))!)).status()).toBe(200)
  })
})
