import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/contract/**/*.test.ts'],
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
