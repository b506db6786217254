/**
 * `npm run mutation:score`: the mutation score per file and per folder from the JSON reports `npm run mutation`
 * leaves in reports/mutation/ (one per MUTATE value). A file measured by several runs counts once, from the newest
 * report that holds it. `--survivors` lists each surviving or uncovered mutant (file:line, mutator, replacement),
 * the list docs/mutazioni.md answers.
 *
 * Score as Stryker counts it: (killed + timeout) / (killed + timeout + survived + no coverage); ignored mutants (a
 * `Stryker disable` comment) are counted apart, and those that do not compile are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, isAbsolute, join, relative } from 'node:path'

type Status =
  'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'Ignored' | 'CompileError' | 'RuntimeError' | 'Pending'
type Mutant = {
  readonly status: Status
  readonly mutatorName: string
  readonly replacement?: string
  readonly location: { readonly start: { readonly line: number; readonly column: number } }
}
type Report = { readonly files: Readonly<Record<string, { readonly mutants: readonly Mutant[] }>> }

type Tally = { killed: number; timeout: number; survived: number; noCoverage: number; ignored: number }

const dir = 'reports/mutation'
const listSurvivors = process.argv.includes('--survivors')

const reports = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => join(dir, name))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)

// Newest report last: it overwrites what older ones said of the same file.
const byFile = new Map<string, { readonly mutants: readonly Mutant[]; readonly report: string }>()
for (const report of reports) {
  const { files } = JSON.parse(readFileSync(report, 'utf8')) as Report
  for (const [path, { mutants }] of Object.entries(files)) {
    byFile.set(isAbsolute(path) ? relative(process.cwd(), path) : path, { mutants, report })
  }
}

const tally = (mutants: readonly Mutant[]): Tally => ({
  killed: mutants.filter((m) => m.status === 'Killed').length,
  timeout: mutants.filter((m) => m.status === 'Timeout').length,
  survived: mutants.filter((m) => m.status === 'Survived').length,
  noCoverage: mutants.filter((m) => m.status === 'NoCoverage').length,
  ignored: mutants.filter((m) => m.status === 'Ignored').length,
})
const add = (a: Tally, b: Tally): Tally => ({
  killed: a.killed + b.killed,
  timeout: a.timeout + b.timeout,
  survived: a.survived + b.survived,
  noCoverage: a.noCoverage + b.noCoverage,
  ignored: a.ignored + b.ignored,
})
const score = (t: Tally): string => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage
  return valid === 0 ? '—' : `${((100 * (t.killed + t.timeout)) / valid).toFixed(2)} %`
}
const row = (name: string, t: Tally): string =>
  [
    name.padEnd(40),
    String(t.killed + t.timeout + t.survived + t.noCoverage).padStart(7),
    String(t.killed).padStart(6),
    String(t.timeout).padStart(7),
    String(t.survived).padStart(8),
    String(t.noCoverage).padStart(8),
    String(t.ignored).padStart(7),
    score(t).padStart(9),
  ].join(' ')

const empty: Tally = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 }
const folders = new Map<string, Tally>()
console.log(
  [
    `${'file'.padEnd(40)}`,
    'mutants',
    'killed',
    'timeout',
    'survived',
    'no cover',
    'ignored',
    '    score',
  ].join(' '),
)
for (const [path, { mutants }] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  const t = tally(mutants)
  console.log(row(path, t))
  folders.set(dirname(path), add(folders.get(dirname(path)) ?? empty, t))
}
console.log('')
for (const [folder, t] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
  console.log(row(`${folder}/`, t))
console.log(row('all', [...folders.values()].reduce(add, empty)))

if (listSurvivors) {
  console.log('')
  for (const [path, { mutants }] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      const where = `${path}:${m.location.start.line}:${m.location.start.column}`
      const replacement = (m.replacement ?? '').split('\n')[0]?.slice(0, 80) ?? ''
      console.log(`${m.status.padEnd(10)} ${where.padEnd(40)} ${m.mutatorName}: ${replacement}`)
    }
  }
}
