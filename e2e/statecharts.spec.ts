// The statechart viewer (/statecharts.html): every registered machine drawn whole, details, export, live mode
// following a portal tab, and the replay of an exported journal reaching the states the live run reached.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { getStateNodes } from 'xstate/graph'
import { machines } from '../machines/index.ts'
import { signInFromHeader } from './support/auth.ts'
import { expectNoAxeViolations } from './support/axe.ts'

/** What the drawing must hold, counted from the machine itself: state nodes, and transitions of every kind. */
function expectedCounts(machine: (typeof machines)[number]['machine']) {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  return {
    states: nodes.filter((node) => node !== machine.root && node.type !== 'history').length,
    transitions: nodes.reduce(
      (sum, node) => sum + [...node.transitions.values()].flat().length + (node.always?.length ?? 0),
      0,
    ),
  }
}

/** Unfolds every folded compound state (large machines open folded beyond the first level). */
async function unfoldAll(page: Page) {
  const folded = page.locator('[data-kind="toggle"][aria-expanded="false"]')
  // From the keyboard: a toggle may lie outside the frame's visible part.
  while ((await folded.count()) > 0) {
    await folded.first().focus()
    await page.keyboard.press('Enter')
  }
}

async function drawnCounts(page: Page) {
  await unfoldAll(page)
  const keys = await page
    .locator('[data-kind="transition"]')
    .evaluateAll((elements) =>
      elements.flatMap((element) =>
        (
          element.getAttribute('data-transition-keys') ??
          element.getAttribute('data-transition-key') ??
          ''
        ).split('|'),
      ),
    )
  return { states: await page.locator('[data-kind="state"]').count(), transitions: new Set(keys).size }
}

const screenshots = path.resolve('test-results')

/** The registry's Italian title when it has one (the list shows it), else the id. */
const titleOf = (entry: (typeof machines)[number]) => (entry as { title?: string }).title ?? entry.id

test.describe('visualizzatore dei diagrammi di stato', () => {
  test('disegna ogni macchina registrata con tutti i suoi stati e le sue transizioni', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto('/statecharts.html')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Diagrammi di stato del portale' }),
    ).toBeVisible()
    const list = page.getByRole('navigation', { name: 'Macchine' })
    for (const entry of machines) {
      await list
        .getByRole('button', {
          name: new RegExp(`^${titleOf(entry).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        })
        .click()
      await expect(
        page.locator(`[data-kind="machine"][data-state-id="${entry.machine.root.id}"]`),
      ).toBeVisible()
      const expected = expectedCounts(entry.machine)
      expect(expected.transitions).toBeGreaterThan(0)
      expect(await drawnCounts(page), entry.id).toEqual(expected)
    }
  })

  test('cerca una macchina, mostra i dettagli ed esporta il disegno in SVG e PNG', async ({ page }) => {
    await page.goto('/statecharts.html')
    const list = page.getByRole('navigation', { name: 'Macchine' })
    const search = page.getByLabel('Cerca una macchina, uno stato, un evento o un requisito')
    // A spec id finds the transitions that claim it: a click shows one in the details.
    await search.fill('AADB2C90118')
    await expect(list.locator('button[data-machine]')).toHaveCount(1)
    await list.getByRole('list', { name: 'Trovati in Sessione' }).getByRole('button').first().click()
    await expect(page.getByRole('complementary', { name: 'Dettagli' })).toContainText('AADB2C90118')
    await search.fill('disciplin')
    await expect(list.locator('button[data-machine="discipline"]')).toBeVisible()
    // Every machine whose name or description says it, besides those with a state or event that does.
    expect(await list.locator('button[data-machine]').count()).toBeGreaterThanOrEqual(
      machines.filter((m) => `${titleOf(m)} ${m.id} ${m.description}`.toLowerCase().includes('disciplin'))
        .length,
    )
    await list.locator('button[data-machine="discipline"]').click()

    // A click on the state's title (the lines below it are its own transitions, clickable themselves).
    await page.getByRole('button', { name: 'Stato: Discipline disponibili' }).locator('text').first().click()
    const details = page.getByRole('complementary', { name: 'Dettagli' })
    await expect(details.getByRole('heading', { name: 'Discipline disponibili' })).toBeVisible()
    // Events and guards in the machine's Italian vocabulary; the technical names stay in the details.
    await details
      .getByRole('button', { name: /^disciplina scelta/ })
      .first()
      .click()
    await expect(details.getByText('Condizione')).toBeVisible()
    await expect(details.getByText("la disciplina è nell'elenco")).toBeVisible()
    await expect(details.getByText('isKnownDisciplina')).toBeVisible()
    await expect(details.getByText('discipline.choose', { exact: true })).toBeVisible()
    // Combined guards in words, also in the minified build.
    await expect(page.locator('[data-transition-key="discipline.starting (always) #0"]')).toHaveAttribute(
      'aria-label',
      /\[se è il primo accesso \(nessuna disciplina scelta\) e lo schermo è largo \(computer\)\]/,
    )

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta SVG' }).click(),
    ])
    expect(svg.suggestedFilename()).toBe('discipline.svg')
    const svgText = fs.readFileSync(await svg.path(), 'utf8')
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svgText).toContain('Discipline disponibili')
    expect(svgText.match(/data-kind="state"/g)).toHaveLength(
      expectedCounts(machines.find((m) => m.id === 'discipline')!.machine).states,
    )

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta PNG' }).click(),
    ])
    expect(png.suggestedFilename()).toBe('discipline.png')
    const bytes = fs.readFileSync(await png.path())
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect(bytes.length).toBeGreaterThan(10_000)
  })

  test('zoom e spostamento con i pulsanti e la tastiera', async ({ page }) => {
    await page.goto('/statecharts.html?macchina=confirmedAction')
    const zoom = page.locator('.zoom-level')
    const before = await zoom.innerText()
    await page.getByRole('button', { name: 'Ingrandisci' }).click()
    await expect(zoom).not.toHaveText(before)
    const canvas = page.getByRole('application')
    await canvas.focus()
    await page.keyboard.press('0')
    await expect(zoom).toHaveText(before)
    await page.keyboard.press('-')
    await expect(zoom).not.toHaveText(before)
  })

  test('nessuna violazione axe; schermate a 1280 e 375 px', async ({ page }) => {
    // Two axe runs on the largest drawings: slow on a busy machine.
    test.setTimeout(150_000)
    await page.goto('/statecharts.html?macchina=session')
    await page.getByRole('button', { name: 'Apri «Utente autenticato»' }).click()
    // From the keyboard: states and transitions are focusable buttons.
    await page.getByRole('button', { name: 'Stato: Sessione pronta' }).focus()
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('complementary', { name: 'Dettagli' }).getByRole('heading', { name: 'Sessione pronta' }),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: path.join(screenshots, 'statecharts-1280.png'), fullPage: true })
    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto('/statecharts.html?macchina=navigationGuards')
    await expect(page.locator('[data-kind="state"]').first()).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: path.join(screenshots, 'statecharts-375.png'), fullPage: true })
  })

  test('il portale non porta con sé il visualizzatore', () => {
    type Chunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
    const dist = path.resolve('dist')
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >
    const viewer = JSON.parse(
      fs.readFileSync(path.join(dist, '.vite/statecharts-manifest.json'), 'utf8'),
    ) as Record<string, Chunk>
    // Every chunk the portal may ever load: its entry and, transitively, static and lazy imports.
    const portal = new Set<string>()
    const visit = (key: string) => {
      if (portal.has(key) || !manifest[key]) return
      portal.add(key)
      for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
        visit(next)
    }
    visit('index.html')
    expect(portal.size).toBeGreaterThan(5)
    expect(
      [...portal].filter((key) => key.startsWith('src/statecharts/') || key === 'statecharts.html'),
    ).toEqual([])
    const portalFiles = [...portal].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])])
    const viewerFiles = Object.values(viewer).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
    expect(viewerFiles.length).toBeGreaterThan(0)
    expect(viewerFiles.filter((file) => portalFiles.includes(file))).toEqual([])
    const marked = portalFiles
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        fs.readFileSync(path.join(dist, file), 'utf8').includes('Diagrammi di stato del portale'),
      )
    expect(marked).toEqual([])
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
    expect(index).not.toContain('statecharts')
  })

  test('segue dal vivo un percorso nel portale e la riproduzione del registro esportato raggiunge gli stessi stati', async ({
    context,
  }) => {
    test.setTimeout(120_000)
    const viewer = await context.newPage()
    await viewer.goto('/statecharts.html?macchina=session')
    await viewer.getByRole('checkbox', { name: 'Segui il portale dal vivo' }).check()
    await expect(viewer.getByTestId('stato-dal-vivo')).toContainText('in attesa')

    const portal = await context.newPage()
    await portal.goto('/scelta-disciplina')
    await portal.getByRole('radio', { name: 'Padel', exact: true }).check()
    await portal.getByRole('button', { name: 'Continua' }).click()
    await expect(portal).toHaveURL(/\/home\?settore=2$/)
    await expect(portal.getByRole('link', { name: /Disciplina: Padel/ })).toBeVisible()
    await signInFromHeader(portal, 'giocatore@demo.it')

    // Live: the viewer shows the states the portal's machines are in now.
    const list = viewer.getByRole('navigation', { name: 'Macchine' })
    await expect(list.locator('[data-machine="session"]')).toContainText('Ora: Sessione pronta', {
      timeout: 20_000,
    })
    await expect(list.locator('[data-machine="discipline"]')).toContainText('Ora: Discipline disponibili')
    // Folded, the box that holds the current state is the one lit; unfolded, the state itself.
    await expect(
      viewer.locator('[data-kind="state"][data-state-id="session.authenticated"] rect').first(),
    ).toHaveAttribute('fill', '#fff1b8')
    await viewer.getByRole('button', { name: 'Apri «Utente autenticato»' }).click()
    await expect(
      viewer.locator('[data-kind="state"][data-state-id="session.authenticated.ready"] rect').first(),
    ).toHaveAttribute('fill', '#fff1b8')
    const live = await viewer
      .locator('[data-live-value]')
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((item) => [item.getAttribute('data-machine'), item.getAttribute('data-live-value')]),
        ),
      )
    expect(JSON.parse(live.session!)).toEqual({ authenticated: 'ready' })
    expect(JSON.parse(live.discipline!)).toBe('ready')

    // The journal as QA exports it.
    await portal.getByRole('button', { name: /il tuo profilo/ }).click()
    await portal.getByRole('menuitem', { name: 'Impostazioni' }).click()
    await expect(portal).toHaveURL(/\/impostazioni$/)
    const [download] = await Promise.all([
      portal.waitForEvent('download'),
      portal.getByRole('button', { name: 'Esporta registro' }).click(),
    ])
    const file = path.join(screenshots, 'registro-portale.json')
    await download.saveAs(file)
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      eventi: { machine?: string; type: string }[]
    }
    const discipline = exported.eventi
      .filter((entry) => entry.machine === 'discipline')
      .map((entry) => entry.type)
    expect(discipline).toContain('discipline.choose')
    expect(
      exported.eventi.some(
        (entry) => entry.machine === 'session' && entry.type === 'xstate.done.actor.loadLogin',
      ),
    ).toBe(true)
    expect(JSON.stringify(exported)).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)

    // Replay: every recomputed state equals the recorded one, and the last ones are the live ones.
    await viewer.getByLabel('Carica registro esportato').setInputFiles(file)
    const outcome = viewer.getByTestId('esito-riproduzione')
    await expect(outcome).toContainText('coincidono con quelli registrati dal vivo')
    const checked = Number(/Tutti i (\d+) stati/.exec(await outcome.innerText())?.[1])
    expect(checked).toBeGreaterThanOrEqual(discipline.length)
    await viewer.getByRole('button', { name: 'Fine', exact: true }).click()
    for (const machine of ['session', 'discipline'] as const) {
      const replayed = await viewer.getByTestId(`stato-${machine}`).getAttribute('data-value')
      expect(JSON.parse(replayed!), machine).toEqual(JSON.parse(live[machine]!))
    }
    await expect(viewer.getByTestId('stato-session')).toHaveText('Sessione pronta')

    // Backwards and forwards through the events.
    const total = exported.eventi.length
    await expect(viewer.getByTestId('passo')).toHaveText(`${total} di ${total}`)
    const lastEvent = await viewer.getByTestId('evento').innerText()
    await viewer.getByRole('button', { name: 'Indietro', exact: true }).click()
    await expect(viewer.getByTestId('passo')).toHaveText(`${total - 1} di ${total}`)
    await viewer.getByRole('button', { name: 'Avanti', exact: true }).click()
    await expect(viewer.getByTestId('evento')).toHaveText(lastEvent)
    await viewer.getByRole('button', { name: 'Inizio', exact: true }).click()
    await expect(viewer.getByTestId('passo')).toHaveText(`1 di ${total}`)
    const choice = exported.eventi.findIndex((entry) => entry.type === 'discipline.choose')
    await viewer.getByRole('slider', { name: 'Passo' }).fill(String(choice))
    await expect(viewer.getByTestId('evento')).toHaveText(/disciplina scelta/i)
    // A product owner reads every step in words: no xstate event name outside «Per sviluppatori».
    for (let index = 0; index < total; index += Math.max(1, Math.floor(total / 12))) {
      await viewer.getByRole('slider', { name: 'Passo' }).fill(String(index))
      await expect(viewer.getByTestId('passo')).toHaveText(`${index + 1} di ${total}`)
      await expect(viewer.getByTestId('evento')).not.toContainText('xstate.')
    }
    await viewer.screenshot({ path: path.join(screenshots, 'statecharts-riproduzione.png'), fullPage: true })
    await expectNoAxeViolations(viewer)
  })
})
