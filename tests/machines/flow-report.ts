// `npm run flows`: explores every machine of machines/index.ts with its model, runs each generated path and the
// machine's tour on a real actor, reads what the suites ran (reports/vitest.json and reports/playwright.json,
// written by `npm test`), and writes:
// - reports/flow-coverage.json: everything; reports/statecharts-coverage.json: what the statechart viewer's
//   overlay shows (1 MB instead of 15), served by the portal at /statecharts/flow-coverage.json;
// - reports/flussi/: the pages QA reads (index.html: the verdict and the summary; a page per machine with its
//   paths paged and folded; requisiti.html; cerca.html), with percorsi.csv, requisiti.csv and junit.xml;
// - reports/flow-history.json: date, commit and counts of the last runs;
// - reports/flow-coverage.html: a link to reports/flussi/index.html (where the single page used to be).
// Exits with 1 when a path fails, a suite's test failed, or something is not covered.
//
// `npm run flows -- --results <dir> --out <dir>` reads the suites' results from another folder (CI's downloaded
// artefacts, or a test's own run) and writes everything above into another folder instead of reports/.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { machines } from '../../machines/index.ts'
import { compactCoverage } from '../../src/statecharts/coverage.ts'
import { models } from './models/index.ts'
import { REQUIREMENTS, sectionOf } from './requirements.ts'
import { assemble, exploreMachine, verdictOf } from './report/assemble.ts'
import { appendHistory, historyEntry, junitXml, pathsCsv, requirementsCsv } from './report/exports.ts'
import { renderPages } from './report/pages.ts'
import { readResults } from './report/results.ts'

const root = path.resolve(import.meta.dirname, '..', '..')
const { values: options } = parseArgs({
  options: { results: { type: 'string' }, out: { type: 'string' } },
})
const outDir = path.resolve(options.out ?? path.join(root, 'reports'))
const resultsDir = path.resolve(options.results ?? path.join(root, 'reports'))
const pagesDir = path.join(outDir, 'flussi')

function commitOf(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}

/** A folder as the console names it: from the project when inside it, else in full. */
const shown = (dir: string) => (dir.startsWith(root + path.sep) ? path.relative(root, dir) : dir)

const started = performance.now()
const explored = []
for (const entry of machines) explored.push(await exploreMachine(entry, models[entry.id]))
const results = readResults(root, resultsDir)
const report = assemble(machines, explored, results, {
  generatedAt: new Date().toISOString(),
  commit: commitOf(),
})

fs.mkdirSync(outDir, { recursive: true })
fs.writeFileSync(path.join(outDir, 'flow-coverage.json'), `${JSON.stringify(report)}\n`)
fs.writeFileSync(path.join(outDir, 'statecharts-coverage.json'), JSON.stringify(compactCoverage(report)))
const history = appendHistory(path.join(outDir, 'flow-history.json'), historyEntry(report, report.totals))
fs.rmSync(pagesDir, { recursive: true, force: true })
fs.mkdirSync(pagesDir, { recursive: true })
// The viewer the pages link to: the portal that serves it (PORTALE_URL, e.g. https://portale.example.it).
const pages = renderPages(report, history, {
  ...(process.env.PORTALE_URL
    ? { viewerUrl: new URL('/statecharts.html', process.env.PORTALE_URL).href }
    : {}),
})
for (const page of pages) fs.writeFileSync(path.join(pagesDir, page.file), page.content)
const sectionById = (id: string) => sectionOf(REQUIREMENTS.find((r) => r.id === id) ?? { id, text: '' })
fs.writeFileSync(path.join(pagesDir, 'percorsi.csv'), pathsCsv(report))
fs.writeFileSync(path.join(pagesDir, 'requisiti.csv'), requirementsCsv(report, sectionById))
fs.writeFileSync(path.join(pagesDir, 'junit.xml'), junitXml(report))
fs.writeFileSync(
  path.join(outDir, 'flow-coverage.html'),
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Copertura dei flussi</title><meta http-equiv="refresh" content="0; url=flussi/index.html"></head><body><p>Il rapporto è in <a href="flussi/index.html">flussi/index.html</a>.</p></body></html>\n`,
)

const verdict = verdictOf(report.totals, report.machines)
console.table(
  report.machines.map((m) => ({
    macchina: m.id,
    stati: `${m.states.covered}/${m.states.total}`,
    transizioni: `${m.transitions.covered}/${m.transitions.total}`,
    percorsi: m.paths.length,
    giro: m.tour ? `${m.tour.length} passi, ${m.tour.transitionsTaken.covered} transizioni` : '—',
    falliti: m.paths.filter((p) => p.status === 'fallito').length + m.failures.length,
  })),
)
const uncovered = report.requirements.filter((r) => r.status === 'non coperto').map((r) => r.id)
if (uncovered.length > 0) console.log(`Requisiti non coperti: ${uncovered.join('; ')}`)
if (results.runs.length === 0)
  console.log(
    `Nessun risultato dei test in ${shown(resultsDir)}/ (npm test li scrive in reports/): solo il run del rapporto.`,
  )
console.log(verdict.text)
console.log(
  `Scritti ${shown(pagesDir)}/ (${pages.length} file, più CSV e JUnit), flow-coverage.json e flow-history.json in ${(
    (performance.now() - started) /
    1000
  ).toFixed(1)} s`,
)
if (!verdict.ok) process.exitCode = 1
