import { defineConfig } from 'vitest/config'
import { mutationSet } from './tests/support/mutation-sets.ts'

/**
 * The vitest projects `npm run mutation` (Stryker) runs against each mutant: the domain's and the statecharts'
 * own tests, which need no database and run in seconds. The server suite (a PGlite or PostgreSQL per worker)
 * and the views (jsdom) are left out of the default run: at minutes per run they would make tens of thousands of
 * mutant runs impossible on a 2-core machine. A few server test files can be chosen (MUTATION_TESTS or a
 * MUTATION_SET), for the few lines of the repositories they pin.
 *
 * Property tests draw PROPERTY_RUNS cases (10 unless set) instead of their hundreds: under Stryker each runs
 * once per mutant it covers, and the full counts made a run of server/domain last more than six hours.
 */
/** MUTATION_TESTS narrows the test files (comma-separated globs) for a run on a few files; a set names its own. */
const only = process.env.MUTATION_TESTS?.split(',') ?? mutationSet()?.tests.slice()

/**
 * Server test files need the server project's database: the seeded template built once (globalSetup) and one
 * database per worker shared by the files (isolate off), as vitest.config.ts sets them. Each Stryker process
 * gets its own database names, so two of them (MUTATION_CONCURRENCY=2) on one PostgreSQL do not drop each other's.
 */
const server = only?.some((glob) => glob.startsWith('tests/server/')) ?? false
if (server) {
  const base = process.env.TEST_DB_PREFIX ?? 'portale_test'
  process.env.TEST_DB_PREFIX = `${base}_m${process.env.STRYKER_MUTATOR_WORKER ?? '0'}`
}
const serverSetup = {
  globalSetup: ['tests/support/global-setup.ts'],
  isolate: false,
  hookTimeout: 120_000,
  env: { TEST_DB_PREFIX: process.env.TEST_DB_PREFIX ?? '' },
  // Several replicas share one database, which PGlite (one process's) cannot be.
  exclude: process.env.DATABASE_URL ? [] : ['tests/server/repliche.test.ts'],
}

export default defineConfig({
  test: {
    // Instrumented code runs slower: a property test that takes 2 s takes more than vitest's 5 s under Stryker.
    testTimeout: 60_000,
    env: { PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '10' },
    setupFiles: ['tests/support/mutation-setup.ts'],
    projects: only
      ? [
          {
            extends: true,
            test: {
              name: 'selected',
              environment: 'node',
              include: only,
              ...(server ? serverSetup : {}),
            },
          },
        ]
      : [
          {
            extends: true,
            test: { name: 'domain', environment: 'node', include: ['tests/domain/**/*.test.ts'] },
          },
          {
            extends: true,
            test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] },
          },
        ],
  },
})
