// The flow report's pages (reports/flussi) and the viewer's coverage (reports/statecharts-coverage.json), made
// once per e2e run from the results of the unit run before it: a report left by an older checkout would lack
// what the specs look for (a viewer's link, a requirement), and the portal serves the coverage from reports/.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const FLOW_REPORT_DIR = path.resolve('reports', 'flussi')

let made = false

/** Makes the report once in this worker (the suite runs on one). Its exit code is the verdict: not asked here. */
export function makeFlowReport() {
  if (made) return
  spawnSync('npx', ['tsx', 'tests/machines/flow-report.ts'], { stdio: 'ignore', timeout: 180_000 })
  made = true
  if (!fs.existsSync(path.join(FLOW_REPORT_DIR, 'index.html')))
    throw new Error('npm run flows non ha scritto reports/flussi/index.html')
}
