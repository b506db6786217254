// Issue 24, item 4: no stored value is rendered unescaped. A player (valori-ostili@demo.it, an account of its own)
// stores markup, script and SQL through the API where the contract lets free text in: a news comment, a tournament
// comment, a help-desk request, a partner listing, a challenge's message. Then the pages that show them are opened in Chromium: the text
// is there as text, no injected element exists in the DOM, none of the handlers ran (window.__pwned stays
// undefined), and the HTML the server sends (with the page's first answers inline) carries none of it raw.
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signInFromHeader } from './support/auth.ts'
import { HOSTILE_VALUES_ACCOUNT } from './support/fixtures.ts'

const MARKER = `Ostile${randomUUID().slice(0, 6)}`
const INJECTIONS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  "'; drop table accounts; --",
]
/** A text with every injection, for fields that take 300 characters or more. */
const LONG = `${MARKER} ${INJECTIONS.join(' ')}`
/** A shorter one, for a subject (120 characters at most). */
const SHORT = `${MARKER} ${INJECTIONS[0]}`

/** Elements and attributes only an injection would have put in a page. */
const INJECTED =
  'img[src="x"], svg[onload], [onerror], [onload], iframe[srcdoc], script:not([src]):not([type])'

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, {
    data,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

/** The marker is on the page as text, and nothing that came with it became an element or ran. */
async function expectShownInert(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByText(MARKER).first()).toBeVisible({ timeout: 20_000 })
  // oxlint-disable-next-line no-underscore-dangle -- the flag the payloads would set
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  await expect(page.locator(INJECTED)).toHaveCount(0)
  // The page as the server sends it: any value it inlines is JSON with «<» escaped, never markup.
  const html = await (await page.request.get(url)).text()
  for (const injection of INJECTIONS.slice(0, 3)) expect(html).not.toContain(injection)
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
})

test('i valori ostili salvati dalle API si leggono come testo e non eseguono nulla', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000)
  await page.context().addCookies([{ name: 'changed_credentials', value: 'true', url: baseURL! }])
  await page.goto('/helpdesk')
  await signInFromHeader(page, HOSTILE_VALUES_ACCOUNT)
  const token = (await page.evaluate(() => localStorage.getItem('tokenAdb2c')))!
  expect(token).toBeTruthy()
  const request = page.request

  // A news comment (markup is stripped when written: the marker and the SQL stay).
  const news = await post<{ results: { id: number }[] }>(request, token, 'news/list', {
    id_settore: 1,
    fetchrows: 1,
  })
  await post(request, token, 'news/commento/add', { id_news: news.results[0]!.id, testo: LONG })

  // A tournament comment, on a tournament of the calendar.
  const tornei = await post<{ results: { id: number }[] }>(request, token, 'tornei/list', {
    id_settore: 1,
    fetchrows: 1,
  })
  const idTorneo = tornei.results[0]!.id
  await post(request, token, 'tornei/commenti/add', { id_torneo: idTorneo, testo: LONG })

  // A help-desk request: subject and message are kept as written.
  const categorie = await post<{ result: { id: number }[] }>(request, token, 'settori/richieste/list', {
    id_settore: 1,
  })
  await post(request, token, 'richieste-utenti/add', {
    id_settore: 1,
    id_categoria: categorie.result[0]!.id,
    oggetto: SHORT,
    messaggio: LONG,
  })

  // A partner listing: its availability and message are kept as written.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
  await post(request, token, 'giocatori/cerca-compagno/add', {
    id_settore: 1,
    provincia: 'RM',
    livello: 'intermedio',
    data_dal: day(2),
    data_al: day(20),
    disponibilita: SHORT,
    messaggio: LONG,
  })

  // A challenge left to the board, with its message.
  const sfida = await post<{ result: { id: number } }>(request, token, 'sfide/add', {
    id_settore: 1,
    specialita: 'singolare',
    avversari: [],
    pubblica: true,
    messaggio: LONG,
  })

  await expectShownInert(page, `/sfide/${sfida.result.id}`)
  await expectShownInert(page, `/news-dettaglio/${news.results[0]!.id}`)
  await expectShownInert(page, `/tornei/dettaglio-torneo/${idTorneo}`)
  await expectShownInert(page, '/helpdesk')
  await expectShownInert(page, '/giocatori/cerca-compagno?vista=miei')
})
