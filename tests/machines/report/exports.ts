// The flow report for the QA tools people already use (issue 22, item 4): CSV (one row per path, one per
// requirement; through server/documents/csv.ts like every CSV of the project: semicolons, BOM, no formulas), JUnit XML (a suite per machine, a case per path; a suite of requirements), and the history of
// runs (reports/flow-history.json: date, commit, counts; the last HISTORY_LIMIT runs).
import fs from 'node:fs'
import { csvFile } from '../../../server/documents/csv.ts'
import type { FlowReport, Totals } from './assemble.ts'
import { LEVEL_TITLES } from './results.ts'

/** One CSV row per generated path: where it ran, its test, its last result. */
export function pathsCsv(report: FlowReport): string {
  const rows = report.machines.flatMap((m) => {
    const requirementsOf = (i: number) =>
      report.requirements.filter((r) => r.paths[m.id]?.includes(i)).map((r) => r.id)
    return [
      ...m.paths.map((p, i) => [
        m.id,
        p.number,
        p.scenario,
        p.status,
        p.runs.map((r) => LEVEL_TITLES[r.level]).join('; ') || 'solo il rapporto',
        p.runs.map((r) => r.file).join('; '),
        p.runs.map((r) => r.name).join('; '),
        p.runs.map((r) => r.outcome).join('; '),
        p.runs.map((r) => r.date ?? '').find(Boolean) ?? '',
        p.runs.map((r) => r.commit ?? '').find(Boolean) ?? '',
        requirementsOf(i).join('; '),
        p.steps.length - 1,
      ]),
      ...m.failures.map((f) => [
        m.id,
        '',
        '',
        'fallito',
        'rapporto',
        '',
        f.description,
        'fallito',
        report.generatedAt,
        report.commit ?? '',
        '',
        '',
      ]),
    ]
  })
  return csvFile(
    [
      'macchina',
      'percorso',
      'scenario',
      'stato',
      'livelli',
      'file',
      'test',
      'esiti',
      'data',
      'commit',
      'requisiti',
      'passi',
    ],
    rows,
  )
}

/** One CSV row per requirement: its section, status, and what is behind it. */
export function requirementsCsv(report: FlowReport, sectionOf: (id: string) => string): string {
  return csvFile(
    ['requisito', 'sezione', 'stato', 'testo', 'percorsi', 'test', 'percorsi falliti'],
    report.requirements.map((r) => [
      r.id,
      sectionOf(r.id),
      r.status,
      r.text,
      Object.entries(r.paths)
        .map(([machine, indices]) => `${machine}: ${indices.length}`)
        .join('; '),
      r.testResults.map((t) => `${t.file} › ${t.name}: ${t.outcome}`).join('; '),
      r.failedPaths.join('; '),
    ]),
  )
}

const xml = (text: unknown) =>
  String(text)
    // Characters XML 1.0 does not allow, even escaped.
    // oxlint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** JUnit XML: a suite per machine (a case per path), and a suite of the requirements. */
export function junitXml(report: FlowReport): string {
  const suites = report.machines.map((m) => {
    const cases = [
      ...m.paths.map((p) => {
        const failed = p.runs.filter((r) => r.outcome === 'fallito')
        const body =
          p.status === 'fallito'
            ? `<failure message="${xml(failed.map((r) => `${LEVEL_TITLES[r.level]}: ${r.file}`).join('; '))}">${xml(
                failed.map((r) => r.message ?? '').join('\n\n'),
              )}</failure>`
            : p.status === 'non eseguito'
              ? '<skipped message="non eseguito"/>'
              : ''
        return `<testcase classname="${xml(`flussi.${m.id}`)}" name="${xml(p.description)}">${body}</testcase>`
      }),
      ...m.failures.map(
        (f) =>
          `<testcase classname="${xml(`flussi.${m.id}`)}" name="${xml(f.description)}"><failure message="rapporto">${xml(f.error)}</failure></testcase>`,
      ),
    ]
    const failures = m.paths.filter((p) => p.status === 'fallito').length + m.failures.length
    const skipped = m.paths.filter((p) => p.status === 'non eseguito').length
    return `<testsuite name="${xml(m.id)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${xml(
      report.generatedAt.slice(0, 19),
    )}">\n${cases.join('\n')}\n</testsuite>`
  })
  const requirementCases = report.requirements.map((r) => {
    const body =
      r.status === 'fallito'
        ? `<failure message="fallito">${xml(r.failedPaths.join('\n') || r.testResults.map((t) => `${t.file} › ${t.name}`).join('\n'))}</failure>`
        : r.status === 'non coperto'
          ? '<skipped message="non coperto"/>'
          : ''
    return `<testcase classname="requisiti" name="${xml(`${r.id}: ${r.text}`)}">${body}</testcase>`
  })
  suites.push(
    `<testsuite name="requisiti" tests="${requirementCases.length}" failures="${
      report.requirements.filter((r) => r.status === 'fallito').length
    }" errors="0" skipped="${report.requirements.filter((r) => r.status === 'non coperto').length}">\n${requirementCases.join('\n')}\n</testsuite>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="Copertura dei flussi" tests="${
    report.totals.paths + report.requirements.length
  }" failures="${report.totals.failedPaths + report.totals.requirementsFailed}">\n${suites.join('\n')}\n</testsuites>\n`
}

export interface HistoryEntry {
  date: string
  commit: string | null
  machines: number
  paths: number
  failedPaths: number
  failed: number
  requirements: number
  requirementsCovered: number
  requirementsFailed: number
  states: string
  transitions: string
}

/** The runs kept: enough to see a trend, small enough to read at a glance. */
export const HISTORY_LIMIT = 50

export function historyEntry(
  report: Pick<FlowReport, 'generatedAt' | 'commit'>,
  totals: Totals,
): HistoryEntry {
  return {
    date: report.generatedAt,
    commit: report.commit,
    machines: totals.machines,
    paths: totals.paths,
    failedPaths: totals.failedPaths,
    failed: totals.failed,
    requirements: totals.requirements,
    requirementsCovered: totals.requirementsCovered,
    requirementsFailed: totals.requirementsFailed,
    states: `${totals.states.covered}/${totals.states.total}`,
    transitions: `${totals.transitions.covered}/${totals.transitions.total}`,
  }
}

/** Appends a run to the history file (created when missing, unreadable starts afresh), keeping the last ones. */
export function appendHistory(file: string, entry: HistoryEntry, limit = HISTORY_LIMIT): HistoryEntry[] {
  let history: HistoryEntry[] = []
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
    if (Array.isArray(read)) history = read as HistoryEntry[]
  } catch {
    // no history yet
  }
  const next = [...history, entry].slice(-limit)
  fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`)
  return next
}
