// `npm run bench`: every benchmark, each printing its figures as a table. Loopback only, bounded in time.
import { execFileSync } from 'node:child_process'
import { benchApi, printApi } from './api.ts'
import { benchBundle, printBundle } from './bundle.ts'
import { benchCalendario, printCalendario } from './calendario.ts'
import { benchCarico, printCarico } from './carico.ts'
import { benchEliminaAccount, printEliminaAccount } from './elimina-account.ts'
import { benchLetture, printLetture } from './letture.ts'
import { benchLighthouse, printLighthouse } from './lighthouse.ts'
import { benchScala, printScala } from './scala.ts'
import { benchScritture, printScritture } from './scritture.ts'
import { benchStartup, printStartup } from './startup.ts'
import { benchTorneo, printTorneo } from './torneo.ts'
import { requireSupportedNode } from '../server/runtime.ts'
process.stdout.write(`Node.js ${requireSupportedNode()}\n`)

/** `npm run bench -- calendario torneo` runs only those; no names, every benchmark. */
const BENCHES = {
  bundle: async () => printBundle(benchBundle()),
  lighthouse: async () => printLighthouse(await benchLighthouse()),
  startup: async () => printStartup(await benchStartup()),
  api: async () => printApi(await benchApi()),
  calendario: async () => printCalendario(await benchCalendario()),
  torneo: async () => printTorneo(await benchTorneo()),
  scala: async () => printScala(await benchScala()),
  letture: async () => printLetture(await benchLetture()),
  scritture: async () => printScritture(await benchScritture()),
  elimina: async () => printEliminaAccount(await benchEliminaAccount()),
  carico: async () => printCarico(await benchCarico()),
}
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !(name in BENCHES))
if (unknown.length > 0) {
  console.error(`Misure sconosciute: ${unknown.join(', ')}. Disponibili: ${Object.keys(BENCHES).join(', ')}.`)
  process.exit(2)
}

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
})
for (const [name, run] of Object.entries(BENCHES)) {
  if (asked.length === 0 || asked.includes(name)) await run()
}
