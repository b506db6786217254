// What the suites ran and how it ended, as the flow report reads it (issue 22, item 1): vitest's JSON results
// (reports/vitest.json, with reports/vitest-run.json for the run's date and commit) and Playwright's
// (reports/playwright.json), both written by `npm test`. Each test gets its level (where it runs: the machine's
// model, a rendered view, the server replaying the paths, the router, a journey in the browser), its file
// relative to the project, and a name unique in its file (the describe titles, then the test's own).
import fs from 'node:fs'
import path from 'node:path'

export type Level = 'modello' | 'vista' | 'router' | 'server' | 'browser' | 'altro'

/** The levels in Italian, in the order the report lists them. */
export const LEVEL_TITLES: Readonly<Record<Level, string>> = {
  modello: 'modello della macchina',
  vista: 'vista disegnata',
  router: 'router del portale',
  server: 'replica sul server',
  browser: 'percorso nel browser',
  altro: 'altro',
}

export type Outcome = 'passato' | 'fallito' | 'saltato'

export interface TestResult {
  level: Level
  /** Relative to the project, with forward slashes (tests/machines/challenge.test.ts). */
  file: string
  /** The describe titles, then the test's own, joined by « › ». */
  name: string
  /** The test's own title (a generated path's description, for the path suites). */
  title: string
  outcome: Outcome
  /** The first failure's message, cut to a few lines. */
  message: string | null
  /** When the run started (ISO), and the commit it ran on, when known. */
  date: string | null
  commit: string | null
}

export interface RunInfo {
  tool: 'vitest' | 'playwright'
  date: string | null
  commit: string | null
  total: number
  failed: number
}

export interface SuiteResults {
  tests: TestResult[]
  runs: RunInfo[]
}

export const NO_RESULTS: SuiteResults = { tests: [], runs: [] }

const relative = (root: string, file: string) =>
  path.relative(root, path.resolve(root, file)).split(path.sep).join('/')

/** Where a test file runs its tests, from its folder (the server's path replays are `*-percorsi.test.ts`). */
export function levelOf(file: string): Level {
  if (file.startsWith('e2e/')) return 'browser'
  if (file.startsWith('tests/machines/')) return 'modello'
  if (/^tests\/views\/(guards|router-|route-error|sign-in-return|discipline-return)/.test(file))
    return 'router'
  if (file.startsWith('tests/views/')) return 'vista'
  if (file.startsWith('tests/server/') && file.endsWith('-percorsi.test.ts')) return 'server'
  return 'altro'
}

const firstLines = (text: string | undefined | null) =>
  text ? text.split('\n').slice(0, 6).join('\n').slice(0, 1200) : null

type VitestAssertion = {
  ancestorTitles: string[]
  title: string
  status: string
  failureMessages?: string[]
}
type VitestJson = {
  startTime?: number
  numFailedTests?: number
  numTotalTests?: number
  testResults: { name: string; assertionResults: VitestAssertion[] }[]
}

const vitestOutcome = (status: string): Outcome =>
  status === 'passed' ? 'passato' : status === 'failed' ? 'fallito' : 'saltato'

/** The run's stamp beside vitest's results (vitest.config.ts writes it): when, on which commit, in which folder. */
export type RunStamp = { startedAt?: string; commit?: string | null; root?: string }

/**
 * vitest's JSON results (the `json` reporter), with the run's stamp when there is one. Files are named from the
 * folder the run was made in (the stamp's root: CI's checkout, a test's own folder), else from `root`.
 */
export function parseVitest(json: VitestJson, stamp: RunStamp | null, root: string): SuiteResults {
  const date = stamp?.startedAt ?? (json.startTime ? new Date(json.startTime).toISOString() : null)
  const commit = stamp?.commit ?? null
  const runRoot = stamp?.root ?? root
  const tests = json.testResults.flatMap((file) => {
    const rel = relative(runRoot, file.name)
    return file.assertionResults.map((a) => ({
      level: levelOf(rel),
      file: rel,
      name: [...a.ancestorTitles, a.title].join(' › '),
      title: a.title,
      outcome: vitestOutcome(a.status),
      message: firstLines(a.failureMessages?.[0]),
      date,
      commit,
    }))
  })
  return {
    tests,
    runs: [
      {
        tool: 'vitest',
        date,
        commit,
        total: tests.length,
        failed: tests.filter((t) => t.outcome === 'fallito').length,
      },
    ],
  }
}

type PlaywrightSpec = {
  title: string
  file?: string
  tests: {
    status?: string
    results: { status: string; startTime?: string; error?: { message?: string } }[]
  }[]
}
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] }
type PlaywrightJson = {
  config?: { rootDir?: string; metadata?: { commit?: string | null } }
  suites: PlaywrightSuite[]
  stats?: { startTime?: string }
}

/** Playwright's JSON results (the `json` reporter): a flaky test that passed on retry counts as passed. */
export function parsePlaywright(json: PlaywrightJson, root: string): SuiteResults {
  const date = json.stats?.startTime ?? null
  const commit = json.config?.metadata?.commit ?? null
  const testDir = json.config?.rootDir ?? path.join(root, 'e2e')
  const tests: TestResult[] = []
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    // The top suite of a file is titled with the file's name: the name starts at its describes.
    const own = suite.file && suite.title === suite.file ? titles : [...titles, suite.title]
    for (const spec of suite.specs ?? []) {
      const file = relative(root, path.join(testDir, spec.file ?? suite.file ?? ''))
      for (const test of spec.tests) {
        const last = test.results.at(-1)
        const outcome: Outcome =
          test.status === 'skipped' || last === undefined || last.status === 'skipped'
            ? 'saltato'
            : test.status === 'expected' || test.status === 'flaky' || last.status === 'passed'
              ? 'passato'
              : 'fallito'
        tests.push({
          level: 'browser',
          file,
          name: [...own, spec.title].filter(Boolean).join(' › '),
          title: spec.title,
          outcome,
          message: outcome === 'fallito' ? firstLines(last?.error?.message) : null,
          date: last?.startTime ?? date,
          commit,
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, own)
  }
  for (const suite of json.suites) walk(suite, [])
  return {
    tests,
    runs: [
      {
        tool: 'playwright',
        date,
        commit,
        total: tests.length,
        failed: tests.filter((t) => t.outcome === 'fallito').length,
      },
    ],
  }
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/**
 * The results the last `npm test` (or a targeted run) left in `reports` (the project's reports/ unless told
 * otherwise), those that are there.
 */
export function readResults(root: string, reports: string = path.join(root, 'reports')): SuiteResults {
  const vitest = readJson(path.join(reports, 'vitest.json')) as VitestJson | null
  const stamp = readJson(path.join(reports, 'vitest-run.json')) as RunStamp | null
  const playwright = readJson(path.join(reports, 'playwright.json')) as PlaywrightJson | null
  const parts = [
    vitest?.testResults ? parseVitest(vitest, stamp, root) : NO_RESULTS,
    playwright?.suites ? parsePlaywright(playwright, root) : NO_RESULTS,
  ]
  return { tests: parts.flatMap((p) => p.tests), runs: parts.flatMap((p) => p.runs) }
}

/**
 * The journeys in the browser that walk each machine's flows (Playwright specs): they follow a user through
 * the pages, not one generated path each, so the report shows them by machine.
 */
export const BROWSER_JOURNEYS: Readonly<Record<string, readonly string[]>> = {
  session: ['e2e/session.spec.ts', 'e2e/registrazione.spec.ts'],
  navigationGuards: ['e2e/navigazione.spec.ts', 'e2e/registrazione.spec.ts'],
  discipline: ['e2e/pubblico.spec.ts', 'e2e/link-condivisi.spec.ts'],
  confirmedAction: ['e2e/dialoghi-errori.spec.ts'],
  newsList: ['e2e/news.spec.ts'],
  newsComments: ['e2e/news.spec.ts'],
  modificaProfilo: ['e2e/registrazione.spec.ts'],
  modificaPrivacy: ['e2e/registrazione.spec.ts', 'e2e/moduli.spec.ts'],
  verificaSorteggio: ['e2e/sorteggio.spec.ts'],
  iscrizione: ['e2e/iscrizione.spec.ts'],
  sfida: ['e2e/sfide.spec.ts', 'e2e/sfide-bacheca.spec.ts'],
  richiestaCompagno: ['e2e/cerca-compagno.spec.ts'],
  avvisi: ['e2e/avvisi.spec.ts'],
}

/** The server suites that replay a machine's generated paths against the API, one test for all the paths. */
export const SERVER_REPLAYS: Readonly<Record<string, string>> = {
  sfida: 'tests/server/sfide-percorsi.test.ts',
  iscrizione: 'tests/server/iscrizioni-percorsi.test.ts',
  richiestaCompagno: 'tests/server/cerca-compagno-percorsi.test.ts',
  incontro: 'tests/server/incontri-percorsi.test.ts',
}

/** The describe title of a machine's model suite (tests/machines/describe-model.ts). */
export const modelSuiteTitle = (machineId: string) => `${machineId}: percorsi generati dal modello`

export type PathRun = Pick<TestResult, 'level' | 'file' | 'name' | 'outcome' | 'message' | 'date' | 'commit'>

const titleIndex = new WeakMap<SuiteResults, Map<string, TestResult[]>>()
/** The tests by their own title (a path's description), built once per set of results. */
function byTitle(results: SuiteResults): Map<string, TestResult[]> {
  let index = titleIndex.get(results)
  if (!index) {
    index = new Map()
    for (const test of results.tests) index.set(test.title, [...(index.get(test.title) ?? []), test])
    titleIndex.set(results, index)
  }
  return index
}

/**
 * Where one generated path ran in the suites: its own test in the machine's model suite and in a view's
 * replay (same name: the path's description), and the server's replay of all the machine's paths. A failed
 * replay fails the paths its message names, or all of them when it names none.
 */
export function runsOfPath(
  machineId: string,
  description: string,
  results: SuiteResults,
  allDescriptions: readonly string[],
): PathRun[] {
  const runs: PathRun[] = []
  const pick = ({ level, file, name, outcome, message, date, commit }: TestResult): PathRun => ({
    level,
    file,
    name,
    outcome,
    message,
    date,
    commit,
  })
  for (const test of byTitle(results).get(description) ?? []) {
    if (test.level === 'modello' && test.name.startsWith(`${modelSuiteTitle(machineId)} › `))
      runs.push(pick(test))
    else if (test.level === 'vista') runs.push(pick(test))
  }
  const replay = SERVER_REPLAYS[machineId]
  if (replay) {
    for (const test of results.tests.filter((t) => t.file === replay && t.title.includes('each step'))) {
      const named = allDescriptions.filter((d) => test.message?.includes(d))
      const failed = test.outcome === 'fallito' && (named.length === 0 || named.includes(description))
      runs.push({
        ...pick(test),
        outcome: test.outcome === 'fallito' && !failed ? 'passato' : test.outcome,
        message: failed ? test.message : null,
      })
    }
  }
  return runs
}

/** A path's status: failed if the report's run or any suite failed it, passed if something ran it. */
export function statusOf(ownRun: Outcome | null, runs: readonly PathRun[]): Outcome | 'non eseguito' {
  if (ownRun === 'fallito' || runs.some((r) => r.outcome === 'fallito')) return 'fallito'
  if (ownRun === 'passato' || runs.some((r) => r.outcome === 'passato')) return 'passato'
  return 'non eseguito'
}
