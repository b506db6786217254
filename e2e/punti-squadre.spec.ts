// The points of the team championships on the player page (issue 21, item 4): a player who won a rubber in a
// confirmed tie of a current championship finds that tie as a line of its own (giornata, 15 × coefficient), and the
// lines still add up to the ranking's points. At 375 and 1280 px, without axe violations; with SHOTS_DIR set, a
// screenshot of each.
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const SHOTS = process.env.SHOTS_DIR
const TENNIS = 1

async function shot(page: Page, name: string) {
  if (!SHOTS) return
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function api<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/v1/${path}`, { data })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

type Person = { id: number; nome: string }
type Tie = {
  stato: string
  giornata: number
  fase: string
  partite: { casa: Person[]; ospiti: Person[]; vincitore: string | null }[]
}

/** A player who won a rubber of a confirmed girone tie in a tennis championship still running. */
async function rubberWinner(page: Page): Promise<{ player: Person; giornata: number }> {
  const tornei = await api<{ results: { id: number; stato: string }[] }>(page, 'squadre/tornei/list', {
    id_settore: TENNIS,
    fetchrows: 100,
    rowstoskip: 0,
  })
  for (const t of tornei.results.filter((x) => x.stato === 'in_corso')) {
    const view = await api<{ result: { incontri: Tie[] } }>(page, 'squadre/tornei/view', { id_torneo: t.id })
    for (const tie of view.result.incontri) {
      if (tie.stato !== 'confermato' || tie.fase !== 'gironi') continue
      const won = tie.partite.find((p) => p.vincitore === 'casa' || p.vincitore === 'ospiti')
      if (won) return { player: won[won.vincitore as 'casa' | 'ospiti'][0]!, giornata: tie.giornata }
    }
  }
  throw new Error('Nessun incontro confermato nei campionati in corso')
}

test.describe('punti dei campionati a squadre', () => {
  for (const width of [375, 1280]) {
    test(`a ${width} px la scheda del giocatore mostra l’incontro vinto come riga dei punti`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        ignoreHTTPSErrors: true,
        locale: 'it-IT',
        timezoneId: 'Europe/Rome',
      })
      const page = await context.newPage()
      const { player } = await rubberWinner(page)
      await page.goto(`/scheda-giocatore/${player.id}?settore=${TENNIS}`)
      const points = page.getByRole('region', { name: 'Da dove vengono i punti' })
      const table = points.getByRole('table', { name: /Punti della race annuale/ })
      await expect(table).toBeVisible()
      const tieRow = table.locator('tbody tr', { hasText: 'campionato a squadre' }).first()
      await expect(tieRow).toContainText(/\dª giornata|Semifinali|Finale/)
      await expect(tieRow).toContainText('15 × 1')
      await expect(tieRow.getByRole('link')).toHaveAttribute(
        'href',
        /\/tornei\/dettaglio-torneo-campionato\/\d+/,
      )
      await expect(points.getByText(/nei campionati a squadre 15 punti per partita vinta/)).toBeVisible()
      // The lines add up to the total shown.
      const total = Number((await table.locator('tfoot td').innerText()).replace(/\D/g, ''))
      const lines = await table.locator('tbody tr:not(.scheda-non-conta) td.numero').allInnerTexts()
      expect(lines.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0)).toBe(total)
      await points.scrollIntoViewIfNeeded()
      await expectNoAxeViolations(page)
      await shot(page, `punti-squadre-${width}`)
      if (SHOTS) await points.screenshot({ path: `${SHOTS}/punti-squadre-sezione-${width}.png` })
      await context.close()
    })
  }
})
