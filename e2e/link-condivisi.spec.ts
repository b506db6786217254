// Issue 19, item 3: a shared link opens what was shared. The address of a public page carries the sector and the
// page's filters, so whoever opens it (on a phone, with nothing stored) sees that discipline and those filters
// without passing through «Scegli la disciplina»; paging on a phone starts the next page from the list's top.
import fs from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'

const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 180_000 })

const PHONE = { width: 375, height: 740 }
const SHOTS = process.env.E2E_SHOTS

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

type Circuito = { id: number; nome: string }

async function padelCircuit(page: Page): Promise<Circuito> {
  const response = await page.request.post('/api/v1/tornei_circuiti/get', { data: { id_settore: 2 } })
  expect(response.ok()).toBe(true)
  const [circuit] = ((await response.json()) as { result: Circuito[] }).result
  expect(circuit, 'the e2e fixture adds a padel circuit (e2e/support/fixtures.ts)').toBeDefined()
  return circuit!
}

test('un calendario di padel filtrato per circuito e stato si apre uguale su un telefono appena acceso', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('id_settore')) return
    localStorage.setItem('disciplina', 'padel')
    localStorage.setItem('id_settore', '2')
  })
  const circuit = await padelCircuit(page)
  await page.goto('/tornei/calendario-tornei')
  await expect(page.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
  await page.getByLabel('Circuito', { exact: true }).selectOption({ label: circuit.nome })
  await page.getByLabel('Stato', { exact: true }).selectOption({ label: 'Iscrizioni aperte' })
  await expect(page).toHaveURL(/circuito=\d+/)
  await expect(page).toHaveURL(/stato=iscrizioni_aperte/)
  const results = page.locator('.calendario-list')
  await expect(results.getByRole('link', { name: circuit.nome }).first()).toBeVisible()

  // What a user shares: the address in the bar, and the share box's link.
  const address = page.url()
  expect(new URL(address).searchParams.get('settore')).toBe('2')
  await page.getByRole('heading', { name: 'Condividi questa pagina' }).scrollIntoViewIfNeeded()
  const whatsapp = await page.getByRole('link', { name: /Condividi su WhatsApp/ }).getAttribute('href')
  const text = new URL(whatsapp ?? '').searchParams.get('text') ?? ''
  const shared = new URL(/https:\S+$/.exec(text)?.[0] ?? '')
  expect(shared.searchParams.get('settore')).toBe('2')
  expect(shared.searchParams.get('circuito')).toBe(String(circuit.id))
  expect(shared.searchParams.get('stato')).toBe('iscrizioni_aperte')

  for (const link of [address, shared.toString()]) {
    // A visitor on a phone, nothing stored.
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: PHONE, baseURL })
    const visitor = await context.newPage()
    await visitor.goto(link)
    await expect(visitor.getByRole('heading', { level: 1, name: 'Calendario tornei' })).toBeVisible()
    await expect(visitor).not.toHaveURL(/scelta-disciplina/)
    await expect(visitor.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
    await expect(
      visitor.locator('.calendario-list').getByRole('link', { name: circuit.nome }).first(),
    ).toBeVisible()
    // The filters, folded on a phone, name the circuit (not its number) and the state.
    await visitor.getByText('Filtri', { exact: false }).first().click()
    const circuito = visitor.getByLabel('Circuito', { exact: true })
    await expect(circuito.locator('option:checked')).toHaveText(circuit.nome)
    await expect(visitor.getByLabel('Stato', { exact: true }).locator('option:checked')).toHaveText(
      'Iscrizioni aperte',
    )
    expect(await visitor.evaluate(() => localStorage.getItem('id_settore'))).toBe('2')
    if (link === address) await shot(visitor, 'link-padel-375')
    await context.close()
  }
})

test('un link senza settore a un circuito di un’altra disciplina nomina il circuito, non il suo numero', async ({
  page,
}) => {
  // A link written before the sector travelled in addresses, opened on a computer (tennis by default).
  const circuit = await padelCircuit(page)
  await page.goto(`/tornei/calendario-tornei?circuito=${circuit.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario tornei' })).toBeVisible()
  await expect(page.getByLabel('Circuito', { exact: true }).locator('option:checked')).toHaveText(
    circuit.nome,
  )
  await shot(page, 'link-padel-1280')
})

test('ogni pagina pubblica porta il settore nell’indirizzo, anche dopo un link interno', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('id_settore')) return
    localStorage.setItem('disciplina', 'padel')
    localStorage.setItem('id_settore', '2')
  })
  await page.goto('/news')
  await expect(page).toHaveURL(/\/news\?settore=2$/)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Domande frequenti' }).click()
  await expect(page).toHaveURL(/\/faq\?settore=2$/)
  // Back returns to the news, not to an address without the sector.
  await page.goBack()
  await expect(page).toHaveURL(/\/news\?settore=2$/)
})

test('sul telefono la pagina successiva del calendario parte dall’inizio dell’elenco, non dai pulsanti', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.addInitScript(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  // Every tennis tournament of the small data set: more than one page.
  await page.goto('/tornei/calendario-tornei?dal=2000-01-01&al=2100-12-31')
  const next = page.getByRole('link', { name: /Successivi/ })
  await next.scrollIntoViewIfNeeded()
  await next.click()
  await expect(page).toHaveURL(/pagina=2/)
  const count = page.getByRole('heading', { level: 2, name: /pagina 2 di/ })
  await expect(count).toBeVisible()
  // The list's top is at the top of the screen.
  await expect.poll(async () => (await count.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
  await expect.poll(async () => (await count.boundingBox())?.y ?? 1000).toBeLessThan(120)
})
