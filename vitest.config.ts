import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

/**
 * Where the run's machine-readable results go: reports/vitest.json (what `npm run flows` reads) unless
 * VITEST_RESULTS names another base, as CI's second pass on PostgreSQL does so as not to overwrite the first's.
 */
const results = process.env.VITEST_RESULTS ?? path.join('reports', 'vitest')

/**
 * The run's date, commit and folder beside vitest's JSON results, which carry none of them: the flow report shows
 * each path's last result with the date and commit, and names the test files from the run's folder.
 */
const runStamp = {
  onInit(vitest: { config: { root: string } }) {
    let commit: string | null = null
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    } catch {
      // not a git checkout: the report shows the date alone
    }
    fs.mkdirSync(path.dirname(results), { recursive: true })
    const stamp = { startedAt: new Date().toISOString(), commit, root: vitest.config.root }
    fs.writeFileSync(`${results}-run.json`, `${JSON.stringify(stamp)}\n`)
  },
}

export default defineConfig({
  test: {
    // Both cores: vitest's default on a 2-core machine is one worker (cores - 1), which left one core idle while
    // the server suite waited on PostgreSQL and the view suite rendered file after file.
    maxWorkers: 2,
    // The console output as before, and machine-readable results for the flow report.
    reporters: ['default', ['json', { outputFile: `${results}.json` }], runStamp],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // Several replicas share one database, which PGlite (one process's) cannot be: the replicas' test runs in
          // the PostgreSQL pass (DATABASE_URL), as `npm test` does in .ci/run.
          exclude: process.env.DATABASE_URL ? [] : ['tests/server/repliche.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // One database per worker, shared by the files that worker runs (a PGlite costs seconds to open).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/architecture.test.ts',
            'tests/views-render.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/views-setup.ts'],
          // A view test renders a lazy page and walks a dialog: on a busy 2-core machine running the server
          // suite beside it, the longest took 6-8 s (sfide-nuova, iscrizione-panel, impostazioni-feed).
          testTimeout: 20_000,
        },
      },
    ],
  },
})
