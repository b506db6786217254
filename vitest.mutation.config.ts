import { defineConfig } from 'vitest/config'

/**
 * The vitest projects `npm run mutation` (Stryker) runs against each mutant: the domain's and the statecharts'
 * own tests, which need no database and run in seconds. The server suite (a PGlite or PostgreSQL per worker)
 * and the views (jsdom) are left out: at minutes per run they would make tens of thousands of mutant runs
 * impossible on a 2-core machine.
 *
 * Property tests draw PROPERTY_RUNS cases (10 unless set) instead of their hundreds: under Stryker each runs
 * once per mutant it covers, and the full counts made a run of server/domain last more than six hours.
 */
/** MUTATION_TESTS narrows the test files (comma-separated globs) for a run on a few files. */
const only = process.env.MUTATION_TESTS?.split(',')

export default defineConfig({
  test: {
    // Instrumented code runs slower: a property test that takes 2 s takes more than vitest's 5 s under Stryker.
    testTimeout: 60_000,
    env: { PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '10' },
    setupFiles: ['tests/support/mutation-setup.ts'],
    projects: only
      ? [{ extends: true, test: { name: 'selected', environment: 'node', include: only } }]
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
