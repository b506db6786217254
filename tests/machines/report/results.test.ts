// The flow report reads what the suites ran (issue 22, item 1): a failing test of a generated path marks that
// path and the requirements it exercises as failed, and counts among the report's failures.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { machineById } from '../../../machines/index.ts'
import { models } from '../models/index.ts'
import { assemble, exploreMachine, verdictOf } from './assemble.ts'
import { levelOf, parsePlaywright, parseVitest, runsOfPath } from './results.ts'

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const STAMP = { startedAt: '2026-11-26T18:00:00.000Z', commit: 'abc1234' }

/** vitest's JSON results (reporter `json`) with one test per title, each passed unless named in `failed`. */
function vitestFixture(file: string, suite: string, titles: readonly string[], failed: readonly string[]) {
  return {
    startTime: Date.parse(STAMP.startedAt),
    numFailedTests: failed.length,
    numTotalTests: titles.length,
    testResults: [
      {
        name: path.join(root, file),
        assertionResults: titles.map((title) => ({
          ancestorTitles: [suite],
          fullName: `${suite} ${title}`,
          title,
          status: failed.includes(title) ? 'failed' : 'passed',
          failureMessages: failed.includes(title)
            ? ['AssertionError: expected "sent" to be "confirmed"']
            : [],
        })),
      },
    ],
  }
}

describe('the suites’ results, read', () => {
  it('gives each vitest test its level, its file from the project and its full name, with date and commit', () => {
    const results = parseVitest(
      vitestFixture(
        'tests/machines/partner-request.test.ts',
        'richiestaCompagno: percorsi generati dal modello',
        ['a', 'b'],
        ['b'],
      ),
      STAMP,
      root,
    )
    expect(results.tests.map((t) => [t.level, t.file, t.name, t.outcome, t.date, t.commit])).toEqual([
      [
        'modello',
        'tests/machines/partner-request.test.ts',
        'richiestaCompagno: percorsi generati dal modello › a',
        'passato',
        STAMP.startedAt,
        'abc1234',
      ],
      [
        'modello',
        'tests/machines/partner-request.test.ts',
        'richiestaCompagno: percorsi generati dal modello › b',
        'fallito',
        STAMP.startedAt,
        'abc1234',
      ],
    ])
    expect(results.runs).toEqual([
      { tool: 'vitest', date: STAMP.startedAt, commit: 'abc1234', total: 2, failed: 1 },
    ])
  })

  it('gives the files of a run made in another folder (CI’s checkout) relative to that run’s root', () => {
    const elsewhere = path.join(path.sep, 'builds', 'portale')
    const fixture = vitestFixture(
      'tests/machines/challenge.test.ts',
      'sfida: percorsi generati dal modello',
      ['a'],
      [],
    )
    fixture.testResults[0]!.name = path.join(elsewhere, 'tests/machines/challenge.test.ts')
    const results = parseVitest(fixture, { ...STAMP, root: elsewhere }, root)
    expect(results.tests.map((t) => [t.level, t.file])).toEqual([
      ['modello', 'tests/machines/challenge.test.ts'],
    ])
  })

  it('reads Playwright’s results: nested describes, a retry that passed counts as passed', () => {
    const results = parsePlaywright(
      {
        config: { rootDir: path.join(root, 'e2e'), metadata: { commit: 'def5678' } },
        stats: { startTime: '2026-11-26T18:10:00.000Z' },
        suites: [
          {
            title: 'sfide.spec.ts',
            file: 'sfide.spec.ts',
            suites: [
              {
                title: 'sfide tra giocatori',
                file: 'sfide.spec.ts',
                specs: [
                  {
                    title: 'propone',
                    tests: [{ status: 'flaky', results: [{ status: 'failed' }, { status: 'passed' }] }],
                  },
                  {
                    title: 'risponde',
                    tests: [
                      {
                        status: 'unexpected',
                        results: [{ status: 'failed', error: { message: 'Timeout' } }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      root,
    )
    expect(results.tests.map((t) => [t.level, t.file, t.name, t.outcome, t.message])).toEqual([
      ['browser', 'e2e/sfide.spec.ts', 'sfide tra giocatori › propone', 'passato', null],
      ['browser', 'e2e/sfide.spec.ts', 'sfide tra giocatori › risponde', 'fallito', 'Timeout'],
    ])
    expect(results.runs[0]).toMatchObject({ tool: 'playwright', commit: 'def5678', failed: 1 })
  })

  it('tells the levels apart by folder', () => {
    expect(levelOf('tests/machines/challenge.test.ts')).toBe('modello')
    expect(levelOf('tests/views/discipline-flows.test.tsx')).toBe('vista')
    expect(levelOf('tests/views/router-avvio.test.tsx')).toBe('router')
    expect(levelOf('tests/server/sfide-percorsi.test.ts')).toBe('server')
    expect(levelOf('e2e/sfide.spec.ts')).toBe('browser')
  })

  it('fails, of a server replay, the paths its message names, or all when it names none', () => {
    const replay = (message: string) =>
      parseVitest(
        {
          testResults: [
            {
              name: path.join(root, 'tests/server/sfide-percorsi.test.ts'),
              assertionResults: [
                {
                  ancestorTitles: ['the challenge machine’s paths, replayed against the API'],
                  title: 'the server takes each step the machine takes, and refuses each one it refuses',
                  status: 'failed',
                  failureMessages: [message],
                },
              ],
            },
          ],
        },
        STAMP,
        root,
      )
    const named = replay('expected [ { where: "Doppio: sfida.annulla" } ] to deeply equal []')
    const all = ['Doppio: sfida.annulla', 'Doppio: sfida.scade']
    expect(runsOfPath('sfida', 'Doppio: sfida.annulla', named, all)[0]).toMatchObject({
      level: 'server',
      outcome: 'fallito',
    })
    expect(runsOfPath('sfida', 'Doppio: sfida.scade', named, all)[0]).toMatchObject({
      level: 'server',
      outcome: 'passato',
    })
    const crash = replay('Error: connect ECONNREFUSED')
    expect(runsOfPath('sfida', 'Doppio: sfida.scade', crash, all)[0]!.outcome).toBe('fallito')
  })
})

describe('a failing path test, in the report', () => {
  it('shows the path and the requirement it exercises as failed, counted among the failures', async () => {
    const entry = machineById('richiestaCompagno')!
    const explored = await exploreMachine(entry, models.richiestaCompagno)
    const descriptions = explored.explored!.executed.map((p) => p.description)
    // The path that confirms a request: it takes the transition claiming «cerca compagno risposta».
    const failing = descriptions.find((d) => d.includes('richiesta.conferma'))!
    expect(failing).toBeDefined()
    const results = parseVitest(
      vitestFixture(
        'tests/machines/partner-request.test.ts',
        'richiestaCompagno: percorsi generati dal modello',
        descriptions,
        [failing],
      ),
      STAMP,
      root,
    )
    const report = assemble([entry], [explored], results, { generatedAt: STAMP.startedAt, commit: 'abc1234' })
    const machine = report.machines[0]!
    const failed = machine.paths.find((p) => p.description === failing)!
    expect(failed.status).toBe('fallito')
    expect(failed.runs).toEqual([
      expect.objectContaining({
        level: 'modello',
        file: 'tests/machines/partner-request.test.ts',
        name: `richiestaCompagno: percorsi generati dal modello › ${failing}`,
        outcome: 'fallito',
        date: STAMP.startedAt,
        commit: 'abc1234',
      }),
    ])
    expect(machine.paths.filter((p) => p.status === 'fallito')).toHaveLength(1)
    const requirement = report.requirements.find((r) => r.id === 'cerca compagno risposta')!
    expect(requirement.status).toBe('fallito')
    expect(requirement.failedPaths).toEqual([`richiestaCompagno ${failed.number}`])
    // Every requirement the path goes through fails with it (it sent the request first); one nothing exercises
    // stays not covered.
    expect(report.requirements.find((r) => r.id === 'cerca compagno richiesta')!.failedPaths).toEqual([
      `richiestaCompagno ${failed.number}`,
    ])
    expect(report.requirements.find((r) => r.id === '§4 guardia 1')!.status).toBe('non coperto')
    expect(report.totals.failed).toBe(1)
    expect(report.totals.failedPaths).toBe(1)
    expect(verdictOf(report.totals, report.machines).text).toMatch(
      /^Rilascio da non firmare: 1 macchina, 1 percorso fallito/,
    )
  })

  it('counts every failed test of the suites, path or not, in «Falliti»', async () => {
    const entry = machineById('richiestaCompagno')!
    const explored = await exploreMachine(entry, models.richiestaCompagno)
    const results = parseVitest(
      vitestFixture('tests/server/clubs.test.ts', 'clubs', ['lists', 'finds'], ['finds']),
      STAMP,
      root,
    )
    const report = assemble([entry], [explored], results, { generatedAt: STAMP.startedAt, commit: null })
    expect(report.totals.failedPaths).toBe(0)
    expect(report.totals.failed).toBe(1)
    expect(verdictOf(report.totals, report.machines).text).toContain('1 test fallito in tutto')
  })
})

describe('passing suites, in the report', () => {
  it('mark the paths passed, with their level, and the verdict signs', async () => {
    const entry = machineById('richiestaCompagno')!
    const explored = await exploreMachine(entry, models.richiestaCompagno)
    const descriptions = explored.explored!.executed.map((p) => p.description)
    const results = parseVitest(
      vitestFixture(
        'tests/machines/partner-request.test.ts',
        'richiestaCompagno: percorsi generati dal modello',
        descriptions,
        [],
      ),
      STAMP,
      root,
    )
    const report = assemble([entry], [explored], results, { generatedAt: STAMP.startedAt, commit: null })
    expect(report.machines[0]!.paths.every((p) => p.status === 'passato' && p.runs.length === 1)).toBe(true)
    expect(report.requirements.find((r) => r.id === 'cerca compagno richiesta')!.status).toBe('passato')
    expect(report.totals.failed).toBe(0)
  })
})
