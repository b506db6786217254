// @ts-check
import { createHash } from 'node:crypto'
import { mutationSet } from './tests/support/mutation-sets.ts'

/**
 * Mutation testing (`npm run mutation`, not in CI's default run: it takes tens of minutes). Stryker changes the
 * business rules one operator at a time and runs the tests that cover each change; a mutant the tests do not
 * notice is a rule no test pins down. MUTATE picks the folders (comma-separated globs), e.g.
 * `MUTATE='machines/**\/*.ts' npm run mutation`, or MUTATION_SET names lines and tests kept together
 * (tests/support/mutation-sets.ts, e.g. `npm run mutation:repositories`); the survivors and why each is left are
 * in docs/mutazioni.md.
 */
const set = mutationSet()
const mutate = process.env.MUTATE?.split(',') ??
  set?.mutate.slice() ?? ['server/domain/**/*.ts', 'machines/**/*.ts']
/**
 * One report and one incremental file per MUTATE value: a later run on the same files redoes only the mutants
 * whose code or covering tests changed (`--incremental` is on), and a run on other files does not overwrite them.
 */
const fullSlug = (set && !process.env.MUTATE ? [`set-${process.env.MUTATION_SET}`] : mutate)
  .join('+')
  .replace(/[^A-Za-z0-9.+-]+/g, '_')
// A long MUTATE (a score of files) would make a name longer than the file system takes (255 bytes): its start and
// a hash of the whole, still one name per MUTATE value.
const slug =
  fullSlug.length <= 120
    ? fullSlug
    : `${fullSlug.slice(0, 100)}-${createHash('sha256').update(fullSlug).digest('hex').slice(0, 12)}`

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  mutate,
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${slug}.json`,
  // The shared 2-core machine: two test processes at most.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  ignorePatterns: ['e2e', 'bench', 'reports', 'test-results', 'playwright-report', 'data', 'scratch'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10_000,
  // The first run of every test, with coverage, on a machine other suites share.
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the sandbox's tsconfig with TypeScript's JS API, which TypeScript 7 (the native compiler)
  // no longer has; the sandbox sits inside the checkout and the tsconfig extends nothing outside, so there is
  // nothing to rewrite: a name that matches no file turns the step off.
  tsconfigFile: 'no-tsconfig-rewrite.json',
}

export default config
