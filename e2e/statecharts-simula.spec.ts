// The statechart viewer like Stately's, offline (issue 22, items 6 and 7): a flow report's path opens the viewer
// on its state; simulate mode reaches every state of the challenge machine by clicks, with its context shown;
// the coverage overlay comes from the portal without a file to upload; on a phone the diagram comes first.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { machineById } from '../machines/index.ts'
import { machineGraph } from '../src/statecharts/graph.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { makeFlowReport } from './support/flow-report.ts'

const screenshots = path.resolve('test-results')
const reportDir = path.resolve('reports', 'flussi')
const sfida = machineById('sfida')!
const graph = machineGraph(sfida.machine, sfida.labels, sfida.title)
/** Every state of the challenge machine, by its Italian title. */
const titles = Object.values(graph.states)
  .filter((s) => s.kind !== 'root' && s.kind !== 'history')
  .map((s) => s.title)

test.describe.configure({ timeout: 180_000 })

/** The simulated state, as the panel says it. */
const now = (page: Page) => page.getByTestId('stato-simulato')

for (const width of [1280, 375]) {
  test.describe(`visualizzatore a ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } })

    test('un percorso del rapporto dei flussi apre il diagramma sul suo stato', async ({ page, baseURL }) => {
      // The report's pages and the coverage the portal serves, made from this run's unit results.
      makeFlowReport()
      await page.goto(pathToFileURL(path.join(reportDir, 'macchina-sfida-percorsi-1.html')).href)
      const link = page.locator('a.diagram').first()
      const href = new URL((await link.getAttribute('href'))!)
      expect(href.pathname).toBe('/statecharts.html')
      const state = href.searchParams.get('stato')!
      expect(href.searchParams.get('macchina')).toBe('sfida')
      // The report links to the portal's address; here the portal runs on the test's port.
      await page.goto(`${baseURL}${href.pathname}${href.search}`)
      await expect(page.getByRole('heading', { level: 2, name: 'Sfida tra giocatori' })).toBeVisible()
      const details = page.getByRole('complementary', { name: 'Dettagli' })
      await expect(details.getByRole('heading', { level: 3, name: graph.states[state]!.title })).toBeVisible()
      await expect(details.getByRole('heading', { name: 'Si arriva da' })).toBeVisible()
      // The state is on screen, in the diagram.
      const box = page.locator(`[data-kind="state"][data-state-id="${state}"]`)
      await expect(box).toBeInViewport()
      // The coverage overlay is on, from the portal's compact report.
      await expect(page.getByLabel('Mostra la copertura')).toBeChecked()
      await expect(page.getByTestId('conteggi')).toContainText('copertura dei percorsi generati')
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `visualizzatore-link-${width}.png`) })
    })

    test('la simulazione raggiunge ogni stato della sfida con i clic', async ({ page }) => {
      await page.goto('/statecharts.html?macchina=sfida')
      if (width === 375) {
        // On a phone the diagram is on the first screen.
        await expect(
          page.getByRole('application', { name: /Diagramma: Sfida tra giocatori/ }),
        ).toBeInViewport({
          ratio: 0.3,
        })
        await page.screenshot({ path: path.join(screenshots, `visualizzatore-primo-${width}.png`) })
      }
      await page.getByLabel('Simula la macchina').check()
      const panel = page.getByRole('region', { name: 'Simulazione: Sfida tra giocatori' })
      await expect(now(panel.page())).toContainText('Proposta')
      const choices = panel.getByRole('list', { name: 'Transizioni possibili' })
      const reached = new Set<string>()
      /** Walks: each route is a list of choices (button names) from the start. */
      const accept = 'Accetta la sfida [se è l’ultimo'
      const routes: string[][] = [
        ['Rifiuta la sfida'],
        ['Annulla la sfida'],
        ['passano 7 giorni'],
        [accept, 'Inserisci il risultato', 'Conferma il risultato'],
        [accept, 'Inserisci il risultato', 'passano 48 ore'],
        [accept, 'Inserisci il risultato', 'Contesta il risultato', 'conferma il risultato]'],
      ]
      for (const route of routes) {
        await panel.getByRole('button', { name: 'Ricomincia' }).click()
        await expect(now(page)).toHaveAttribute('data-value', '"proposed"')
        reached.add((await now(page).textContent())!)
        for (const choice of route) {
          const button = choices.getByRole('button', { name: choice })
          await expect(button.first(), `${route.join(' › ')}: ${choice}`).toBeVisible()
          await button.first().click()
          reached.add((await now(page).textContent())!)
        }
      }
      for (const title of titles)
        expect(
          [...reached].some((text) => text.includes(title)),
          title,
        ).toBe(true)
      // The context the machine computed: the result entered, then the end.
      await expect(page.getByTestId('contesto-simulato')).toContainText('"risultato"')
      await expect(panel).toContainText('Nulla: la macchina ha concluso')
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `visualizzatore-simula-${width}.png`) })
    })
  })
}
