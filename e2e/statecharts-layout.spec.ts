// The session, guards and challenge diagrams at «Adatta», as a product owner reads them (issue 22, item 5):
// on a 1280 × 800 screen each whole, the text at least 10 px (the zoom at 77% or more: 13 px × 0.77), the frame
// at the top of the window; on a phone the first view shows the start state uncut; the session opens
// folded and unfolds with its toggle; the legend explains the folded box and the grouped failures' dot;
// screenshots at 1280 and 375 px (po-<machine>-1280.png: the whole screen a product owner sees), axe clean.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe.ts'

const screenshots = path.resolve('test-results')
const diagrams = ['session', 'navigationGuards', 'sfida'] as const
/** Where each starts: the first view on a phone shows it. */
const starts = {
  session: 'session.booting',
  navigationGuards: 'navigationGuards.incompleteData',
  sfida: 'sfida.proposed',
} as const

test.describe('diagrammi leggibili a colpo d’occhio', () => {
  for (const width of [1280, 375]) {
    test(`sessione, controlli di navigazione e sfida con «Adatta» a ${width} px`, async ({ page }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 760 })
      for (const id of diagrams) {
        await page.goto(`/statecharts.html?macchina=${id}`)
        await expect(page.locator('[data-kind="state"]').first()).toBeVisible()
        if (width === 375) {
          // The first view on a phone: the start state whole inside the frame, not cut on the left; or, when
          // that would cut a box beside it, the drawing from its left edge.
          const canvas = (await page.locator('.canvas').boundingBox())!
          const start = (await page.locator(`[data-state-id="${starts[id]}"]`).first().boundingBox())!
          const drawing = (await page.locator(`[data-state-id="${id}"]`).first().boundingBox())!
          if (drawing.x < canvas.x) {
            expect(start.x, id).toBeGreaterThanOrEqual(canvas.x)
            expect(start.x + start.width, id).toBeLessThanOrEqual(canvas.x + canvas.width)
          }
          await page
            .locator('.canvas')
            .screenshot({ path: path.join(screenshots, `diagramma-${id}-375-inizio.png`) })
        }
        await page.getByRole('button', { name: 'Adatta alla finestra' }).click()
        if (width === 1280) {
          // Whole in the window, the text 10 px or more (13 px × 0.77).
          const zoom = Number((await page.locator('.zoom-level').innerText()).replace('%', ''))
          expect(zoom, id).toBeGreaterThanOrEqual(77)
          expect(Math.round((await page.locator('.canvas').boundingBox())!.y), id).toBeLessThanOrEqual(1)
          await expect(page.getByText(/Adattato alla larghezza/), id).toHaveCount(0)
        }
        // The screen as a product owner sees it at 1280 px right after «Adatta», the viewer around the diagram.
        if (width === 1280) await page.screenshot({ path: path.join(screenshots, `po-${id}-1280.png`) })
        await page
          .locator('.canvas')
          .screenshot({ path: path.join(screenshots, `diagramma-${id}-${width}.png`) })
        await expectNoAxeViolations(page)
      }
      // The legend explains the folded box and the grouped failures' dot the session's first view draws.
      const legend = page.getByRole('region', { name: 'Legenda' })
      await expect(legend.getByText(/stati al suo interno/)).toBeVisible()
      await expect(legend.getByText(/qualsiasi errore/)).toBeVisible()
      await legend.screenshot({ path: path.join(screenshots, `legenda-${width}.png`) })
    })
  }

  test('la sessione si apre chiusa oltre il primo livello e si apre con il suo pulsante', async ({
    page,
  }) => {
    await page.goto('/statecharts.html?macchina=session')
    await expect(
      page.getByRole('button', { name: 'Stato composto chiuso: Utente autenticato 4 stati al suo interno' }),
    ).toBeVisible()
    await expect(page.locator('[data-state-id="session.authenticated.ready"]')).toHaveCount(0)
    await expect(page.locator('[data-kind="junction"]')).toHaveCount(1)
    await expect(page.getByRole('button', { name: /^Transizione: qualsiasi errore: / })).toHaveCount(1)
    await page.getByRole('button', { name: 'Apri «Utente autenticato»' }).click()
    await expect(page.getByRole('button', { name: 'Stato: Sessione pronta' })).toBeVisible()
    await page.getByRole('button', { name: 'Adatta alla finestra' }).click()
    await page
      .locator('.canvas')
      .screenshot({ path: path.join(screenshots, 'diagramma-session-aperta-1280.png') })
    await page.getByRole('button', { name: 'Chiudi «Utente autenticato»' }).click()
    await expect(page.locator('[data-state-id="session.authenticated.ready"]')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
})
