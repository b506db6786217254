// A deliberately failing test shows as failed in the flow report (issue 22, item 9), end to end and for real:
// vitest runs, as a child process, a test named exactly like one generated path of the challenge machine (the
// real path on a real actor, with an expectation made wrong on purpose), its results going through the project's
// own reporters (vitest.config.ts, VITEST_RESULTS) into a folder of this test; `npm run flows` reads that folder
// (--results) and writes its pages into another (--out); QA opens them as files at 1280 and 375 px. Nothing is
// written into the project's reports/.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import type { FlowReport } from '../tests/machines/report/assemble.ts'
import { modelSuiteTitle } from '../tests/machines/report/results.ts'
import { planPaths } from '../tests/machines/coverage.ts'
import { challengeModel } from '../tests/machines/models/challenge.model.ts'
import { expectNoAxeViolations } from './support/axe.ts'

const root = path.resolve()
const screenshots = path.resolve('test-results')
const MACHINE = 'sfida'
/** The generated path made to fail: the invited opponent's challenge, cancelled by the one who proposed it. */
const failing = planPaths(challengeModel).find(
  (p) => p.path.steps.length === 2 && p.path.steps[1]!.event.type === 'sfida.annulla',
)!
const TEST_FILE = 'tests/machines/challenge-fallito.test.ts'

let work = ''
let pages = ''
let report: FlowReport
const url = (file: string) => pathToFileURL(path.join(pages, file)).href

/** The project's reports/ as it is: names, sizes and dates of its files (it must be the same afterwards). */
function reportsFolder(): string[] {
  const dir = path.join(root, 'reports')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => {
      const file = path.join(d.parentPath, d.name)
      const stat = fs.statSync(file)
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`
    })
    .sort()
}

test.describe.configure({ timeout: 120_000 })

test.beforeAll(() => {
  expect(failing).toBeDefined()
  const before = reportsFolder()
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'flussi-fallito-'))
  fs.mkdirSync(path.join(work, 'tests', 'machines'), { recursive: true })
  // A tiny vitest config: this folder's test file, the project's own reporters (JSON and the run's stamp).
  fs.writeFileSync(
    path.join(work, 'vitest.config.mjs'),
    `import base from ${JSON.stringify(path.join(root, 'vitest.config.ts'))}
export default { root: ${JSON.stringify(work)}, test: { include: ['tests/machines/*.test.ts'], globals: true, reporters: base.test.reporters } }
`,
  )
  const module = (file: string) => JSON.stringify(path.join(root, file))
  fs.writeFileSync(
    path.join(work, TEST_FILE),
    `import { planPaths, runPath } from ${module('tests/machines/coverage.ts')}
import { challengeModel } from ${module('tests/machines/models/challenge.model.ts')}

const description = ${JSON.stringify(failing.description)}
const planned = planPaths(challengeModel).find((p) => p.description === description)

describe(${JSON.stringify(modelSuiteTitle(MACHINE))}, () => {
  it(description, async () => {
    const executed = await runPath(challengeModel, planned)
    // Wrong on purpose: one step more than the path takes.
    expect(executed.steps).toHaveLength(planned.path.steps.length + 1)
  })
})
`,
  )
  const env = { ...process.env, VITEST_RESULTS: path.join(work, 'risultati', 'vitest') }
  const vitest = spawnSync('npx', ['vitest', 'run', '--config', path.join(work, 'vitest.config.mjs')], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  // The test failed, as it must: vitest exits with 1 and says so.
  expect(vitest.status, vitest.stderr).toBe(1)
  expect(vitest.stdout).toContain('1 failed')
  const flows = spawnSync(
    'npx',
    [
      'tsx',
      'tests/machines/flow-report.ts',
      '--results',
      path.join(work, 'risultati'),
      '--out',
      path.join(work, 'rapporto'),
    ],
    { cwd: root, encoding: 'utf8', timeout: 90_000 },
  )
  // The report refuses the release: it exits with 1.
  expect(flows.status, flows.stderr).toBe(1)
  expect(flows.stdout).toContain('Rilascio da non firmare')
  pages = path.join(work, 'rapporto', 'flussi')
  report = JSON.parse(fs.readFileSync(path.join(work, 'rapporto', 'flow-coverage.json'), 'utf8'))
  expect(reportsFolder()).toEqual(before)
})

test.afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

/** Nothing wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
}

for (const width of [1280, 375]) {
  test.describe(`un test fallito apposta, nel rapporto a ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } })

    test('il verdetto non firma, il percorso e i suoi requisiti risultano falliti', async ({ page }) => {
      const machine = report.machines.find((m) => m.id === MACHINE)!
      const failed = machine.paths.find((p) => p.description === failing.description)!
      // Every requirement the failing path exercises, as the report traced it (at least the cancellation).
      const requirements = report.requirements.filter((r) =>
        r.failedPaths.includes(`${MACHINE} ${failed.number}`),
      )
      expect(requirements.map((r) => r.id)).toContain('sfide annullamento')

      // The summary: the verdict first, «Falliti» counting the suite's failure.
      await page.goto(url('index.html'))
      await expect(page.locator('main > p.verdict')).toHaveText(
        /^Rilascio da non firmare: \d+ macchine, 1 percorso fallito/,
      )
      const falliti = page
        .locator('dl.counts div')
        .filter({ has: page.getByText('Falliti', { exact: true }) })
      expect(Number(await falliti.locator('dd').textContent())).toBeGreaterThanOrEqual(1)
      await expect(
        page
          .getByRole('row', { name: /Sfida tra giocatori/ })
          .locator('td')
          .last(),
      ).toHaveText('1')
      await expect(
        page.getByText(/vitest \(modello, viste, router, server\): 1 test, 1 falliti/),
      ).toBeVisible()
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-fallito-riepilogo-${width}.png`) })

      // The machine's page lists the failed path and leads to it.
      await page.getByRole('link', { name: 'Sfida tra giocatori', exact: true }).click()
      const failures = page
        .locator('.ko-box')
        .filter({ has: page.getByRole('heading', { name: 'Falliti (1)' }) })
      await expect(failures).toBeVisible()
      await expectNoAxeViolations(page)
      await failures.getByRole('link', { name: `Percorso ${failed.number}` }).click()

      // The path's group is open, first on its page, failed, with the test that failed it and its message.
      const group = page.locator(`details.group[id="p-${failed.number}"]`)
      await expect(group).toHaveAttribute('open', '')
      await expect(page.locator('details.group').first()).toHaveAttribute('id', `p-${failed.number}`)
      await expect(group.locator(':scope > summary')).toContainText(`Percorso ${failed.number}`)
      await expect(group.locator(':scope > summary')).toContainText('fallito')
      const run = group.locator(':scope > ul.runs > li')
      await expect(run).toHaveCount(1)
      await expect(run).toContainText('fallito · modello della macchina')
      await expect(run).toContainText(TEST_FILE)
      await expect(run.locator('pre.ko')).toContainText('expected')
      // The test's unique name, behind «Per sviluppatori».
      await page.getByLabel(/Per sviluppatori/).check()
      await expect(run.locator('small.dev')).toHaveText(
        `test «${modelSuiteTitle(MACHINE)} › ${failing.description}»`,
      )
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await group.evaluate((element) => element.scrollIntoView())
      await page.screenshot({ path: path.join(screenshots, `flussi-fallito-percorso-${width}.png`) })

      // The requirements it exercises are failed, naming the path; filtering by «fallito» shows just them.
      await page.goto(url('requisiti.html'))
      await page.getByRole('combobox', { name: /^Stato/ }).selectOption('fallito')
      const shown = page.locator('tr[data-row]').locator('visible=true')
      await expect(shown).toHaveCount(requirements.length)
      for (const requirement of requirements) {
        const row = shown.filter({ has: page.getByRole('rowheader', { name: requirement.id, exact: true }) })
        await expect(row.locator('td').first()).toContainText('fallito')
        await expect(row.locator('td').first()).toContainText(`${MACHINE} ${failed.number}`)
      }
      const counts = page.locator('dl.counts div').filter({ has: page.getByText('Falliti', { exact: true }) })
      await expect(counts.locator('dd')).toHaveText(String(requirements.length))
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: path.join(screenshots, `flussi-fallito-requisiti-${width}.png`) })
    })
  })
}
