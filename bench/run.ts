// `npm run bench`: every benchmark, each printing its figures as a table. Loopback only, bounded in time.
import { execFileSync } from 'node:child_process'
import { benchApi, printApi } from './api.ts'
import { benchBundle, printBundle } from './bundle.ts'
import { benchCalendario, printCalendario } from './calendario.ts'
import { benchLighthouse, printLighthouse } from './lighthouse.ts'
import { benchStartup, printStartup } from './startup.ts'
import { benchTorneo, printTorneo } from './torneo.ts'
import { requireSupportedNode } from '../server/runtime.ts'
process.stdout.write(`Node.js ${requireSupportedNode()}\n`)

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
printBundle(benchBundle())
printLighthouse(await benchLighthouse())
printStartup(await benchStartup())
printApi(await benchApi())
printCalendario(await benchCalendario())
printTorneo(await benchTorneo())
