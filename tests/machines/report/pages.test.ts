// @vitest-environment jsdom
// The flow report's pages and exports (issue 22, item 4): the verdict first, a page per machine with its paths
// paged and folded, requirements by section, a search index, CSV and JUnit that standard parsers read, and a
// history that stays small.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { machineById } from '../../../machines/index.ts'
import { models } from '../models/index.ts'
import { sectionOf } from '../requirements.ts'
import { type ReportPath, assemble, exploreMachine } from './assemble.ts'
import { appendHistory, historyEntry, junitXml, pathsCsv, requirementsCsv } from './exports.ts'
import { GROUPS_PER_PAGE, groupPaths, renderPages, searchIndex } from './pages.ts'
import { parseVitest } from './results.ts'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/** The partner request's report, with its confirming path failed in a fixture of vitest's results. */
async function partnerReport() {
  const entry = machineById('richiestaCompagno')!
  const explored = await exploreMachine(entry, models.richiestaCompagno)
  const descriptions = explored.explored!.executed.map((p) => p.description)
  const failing = descriptions.find((d) => d.includes('richiesta.conferma'))!
  const suite = 'richiestaCompagno: percorsi generati dal modello'
  const results = parseVitest(
    {
      testResults: [
        {
          name: path.join(root, 'tests/machines/partner-request.test.ts'),
          assertionResults: descriptions.map((title) => ({
            ancestorTitles: [suite],
            title,
            status: title === failing ? 'failed' : 'passed',
            failureMessages: title === failing ? ['AssertionError: <atteso> & "confermata"'] : [],
          })),
        },
      ],
    },
    { startedAt: '2026-11-26T18:00:00.000Z', commit: 'abc1234' },
    root,
  )
  return assemble([entry], [explored], results, {
    generatedAt: '2026-11-26T18:05:00.000Z',
    commit: 'abc1234',
  })
}

/** A page parsed as the browser parses it (jsdom's DOMParser). */
const dom = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('the report’s pages', () => {
  it('opens on the verdict, then the counts and a row per machine linking its page', async () => {
    const report = await partnerReport()
    const pages = renderPages(report, [historyEntry(report, report.totals)])
    const summary = dom(pages.find((p) => p.file === 'index.html')!.content)
    const main = summary.querySelector('main')!
    expect(main.children[0]!.tagName).toBe('H1')
    expect(main.children[1]!.className).toBe('verdict ko')
    expect(main.children[1]!.textContent).toMatch(/^Rilascio da non firmare: 1 macchina, 1 percorso fallito/)
    expect(summary.querySelector('a[href="macchina-richiestaCompagno.html"]')).not.toBeNull()
    expect(pages.map((p) => p.file)).toContain('macchina-richiestaCompagno.html')
    // The history's row.
    expect(summary.querySelectorAll('table')[1]!.querySelectorAll('tbody tr')).toHaveLength(1)
  })

  it('shows a failed path first, open, with its level, test file, full test name, date and commit', async () => {
    const report = await partnerReport()
    const pages = renderPages(report, [])
    const doc = dom(pages.find((p) => p.file === 'macchina-richiestaCompagno-percorsi-1.html')!.content)
    const first = doc.querySelector('details.group')!
    expect(first.hasAttribute('open')).toBe(true)
    expect(first.querySelector('summary')!.textContent).toContain('fallito')
    const text = first.textContent!
    expect(text).toContain('modello della macchina')
    expect(text).toContain('tests/machines/partner-request.test.ts')
    expect(text).toContain('abc1234')
    const failed = report.machines[0]!.paths.find((p) => p.status === 'fallito')!
    expect(text).toContain(`richiestaCompagno: percorsi generati dal modello › ${failed.description}`)
    expect(first.querySelector('pre.ko')!.textContent).toContain('<atteso> & "confermata"')
  })

  it('folds paths that differ only in data, and pages the groups', () => {
    const pathOf = (number: number, group: string, status: ReportPath['status'] = 'passato') =>
      ({
        number,
        group,
        status,
        steps: [],
        runs: [],
        scenario: 's',
        description: `p${number}`,
      }) as unknown as ReportPath
    const groups = groupPaths([pathOf(1, 'a'), pathOf(2, 'b'), pathOf(3, 'a'), pathOf(4, 'c', 'fallito')])
    expect(groups.map((g) => g.paths.map((p) => p.number))).toEqual([[4], [1, 3], [2]])
    expect(GROUPS_PER_PAGE).toBeGreaterThan(0)
  })

  it('lists requirements with their section and status, filterable, and a search index by state, event and requirement', async () => {
    const report = await partnerReport()
    const pages = renderPages(report, [])
    const doc = dom(pages.find((p) => p.file === 'requisiti.html')!.content)
    const rows = [...doc.querySelectorAll('tr[data-row]')]
    expect(rows).toHaveLength(report.requirements.length)
    const row = doc.getElementById('r-cerca_compagno_risposta')!
    expect(row.getAttribute('data-sezione')).toBe('cerca compagno')
    expect(row.getAttribute('data-stato')).toBe('fallito')
    expect(
      [...doc.querySelectorAll('select[data-filter="sezione"] option')].map((o) => o.getAttribute('value')),
    ).toEqual(['', '§4', '§8', 'sfide', 'iscrizioni', 'cerca compagno', 'incontri'])
    // Every cell names its column, for the stacked rows of a narrow screen.
    expect(row.querySelectorAll('td:not([data-label])')).toHaveLength(0)
    const index = searchIndex(report)
    expect(new Set(index.map((x) => x.t))).toEqual(new Set(['macchina', 'stato', 'evento', 'requisito']))
    expect(index.find((x) => x.t === 'evento' && x.c.includes('richiesta.conferma'))!.h).toMatch(
      /^macchina-richiestaCompagno\.html#t-\d+$/,
    )
    expect(index.find((x) => x.c.includes('AADB2C90118'))).toBeDefined()
  })
  it('links each path, state and requirement to the statechart viewer open on its state', async () => {
    const report = await partnerReport()
    const viewerUrl = 'https://portale.example:9443/statecharts.html'
    const pages = renderPages(report, [], { viewerUrl })
    const links = (file: string) =>
      [
        ...dom(pages.find((p) => p.file === file)!.content).querySelectorAll<HTMLAnchorElement>('a.diagram'),
      ].map((a) => ({ text: a.textContent, url: new URL(a.href) }))
    const machine = report.machines[0]!
    const paths = links('macchina-richiestaCompagno-percorsi-1.html')
    const first = groupPaths(machine.paths)[0]!.paths[0]!
    const path = paths.find((l) => l.text === `Percorso ${first.number} nel diagramma`)!
    expect(`${path.url.origin}${path.url.pathname}`).toBe(viewerUrl)
    expect(path.url.searchParams.get('macchina')).toBe('richiestaCompagno')
    // The state the path ends in.
    expect(path.url.searchParams.get('stato')).toBe(first.states.at(-1))
    const states = links('macchina-richiestaCompagno.html')
    expect(states.map((l) => l.url.searchParams.get('stato'))).toEqual(machine.stateDetails.map((s) => s.id))
    const requirements = links('requisiti.html')
    expect(requirements.length).toBeGreaterThan(0)
    for (const link of requirements)
      expect(machine.stateDetails.map((s) => s.id)).toContain(link.url.searchParams.get('stato'))
  })
})

describe('the exports', () => {
  it('writes CSV that a CSV parser reads back, a row per path and per requirement', async () => {
    const report = await partnerReport()
    const paths = parse(pathsCsv(report), { columns: true, delimiter: ';', bom: true }) as Record<
      string,
      string
    >[]
    expect(paths).toHaveLength(report.machines[0]!.paths.length)
    expect(paths.filter((r) => r.stato === 'fallito')).toHaveLength(1)
    expect(paths[0]).toMatchObject({
      macchina: 'richiestaCompagno',
      livelli: 'modello della macchina',
      commit: 'abc1234',
    })
    const requirements = parse(
      requirementsCsv(report, (id) => sectionOf({ id, text: '' })),
      { columns: true, delimiter: ';', bom: true },
    ) as Record<string, string>[]
    expect(requirements.find((r) => r.requisito === 'cerca compagno risposta')).toMatchObject({
      sezione: 'cerca compagno',
      stato: 'fallito',
    })
  })

  it('writes JUnit XML an XML parser accepts: a suite per machine, the failed path as a failure', async () => {
    const report = await partnerReport()
    // The parser does refuse what is not well-formed.
    const broken = new DOMParser().parseFromString('<a><b></a>', 'application/xml')
    expect(broken.getElementsByTagName('parsererror').length).toBeGreaterThan(0)
    const doc = new DOMParser().parseFromString(junitXml(report), 'application/xml')
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
    const suites = [...doc.getElementsByTagName('testsuite')]
    expect(suites.map((s) => s.getAttribute('name'))).toEqual(['richiestaCompagno', 'requisiti'])
    expect(suites[0]!.getAttribute('failures')).toBe('1')
    expect(suites[0]!.getElementsByTagName('failure')[0]!.textContent).toContain('<atteso> & "confermata"')
  })

  it('appends each run to the history and keeps only the last ones', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flussi-')), 'flow-history.json')
    const entry = (n: number) => ({
      ...historyEntry(
        { generatedAt: `2026-11-${10 + n}T00:00:00Z`, commit: null },
        {
          machines: 1,
          paths: n,
          failedPaths: 0,
          failed: 0,
          requirements: 1,
          requirementsCovered: 1,
          requirementsFailed: 0,
          states: { covered: 1, total: 1 },
          transitions: { covered: 1, total: 1 },
          transitionsClaimed: 1,
        },
      ),
    })
    for (let n = 1; n <= 5; n++) appendHistory(file, entry(n), 3)
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as { paths: number }[]
    expect(kept.map((h) => h.paths)).toEqual([3, 4, 5])
  })
})
