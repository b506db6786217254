import { defineConfig } from 'vitest/config'

/**
 * The vitest projects `npm run mutation` (Stryker) runs against each mutant: the domain's and the statecharts'
 * own tests, which need no database and run in seconds. The server suite (a PGlite or PostgreSQL per worker)
 * and the views (jsdom) are left out: at minutes per run they would make tens of thousands of mutant runs
 * impossible on a 2-core machine.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          environment: 'node',
          include: ['tests/domain/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
        },
      },
    ],
  },
})
