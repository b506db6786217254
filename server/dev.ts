// `npm run dev`: the server in watch mode on https://localhost:8443 (API, identity service) and Vite with hot
// reload on https://localhost:5173, proxying /api, /idp, /media and /documenti to the server.
import { spawn } from 'node:child_process'
import { createServer } from 'vite'
import { loadConfig } from './config.ts'
import { loadOrCreateTls } from './tls.ts'
import { requireSupportedNode } from './runtime.ts'
requireSupportedNode()

const config = loadConfig()
const tls = await loadOrCreateTls(config.dataDir)

const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--watch', '--watch-preserve-output', 'server/main.ts'],
  {
    // DEV_SERVER: the identity service accepts the Vite server's redirect URI only in this mode.
    env: { ...process.env, SKIP_CLIENT_BUILD: '1', DEV_SERVER: '1' },
    stdio: 'inherit',
  },
)

const vite = await createServer({
  server: { https: { key: tls.key, cert: tls.cert }, port: 5173, strictPort: true },
})
await vite.listen()
process.stdout.write(
  `\nSviluppo: portale con ricaricamento a caldo su https://localhost:5173 (API e identità su ${config.publicOrigin})\n`,
)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  server.kill('SIGINT')
  await vite.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
server.on('exit', (code) => {
  if (!stopping) {
    process.stderr.write(`Il server è uscito (codice ${code}).\n`)
    void stop()
  }
})
