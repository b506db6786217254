import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

// Debian's Chromium when present (this machine, CI); elsewhere Playwright's own browser.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
const port = Number(process.env.E2E_PORT ?? 8443)
const baseURL = `https://localhost:${port}`

/** The commit the journeys ran on, in reports/playwright.json (config.metadata): the flow report shows it. */
function commitOf(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}
// Beside the console's list (and the local HTML report), machine-readable results for `npm run flows`.
const json = ['json', { outputFile: 'reports/playwright.json' }] as const

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], json] : [['list'], ['html', { open: 'never' }], json],
  metadata: { commit: commitOf() },
  use: {
    baseURL,
    ignoreHTTPSErrors: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // A data directory of its own, seeded small, so e2e runs never touch the developer's data/.
    command: 'npm run build && tsx e2e/support/serve.ts',
    url: `${baseURL}/api/health`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    env: { PORT: String(port), DATA_DIR: 'data/e2e', SEED_SCALE: 'small', LOG_LEVEL: 'warn' },
  },
})
