// Start-up: time from launching `server/main.ts` to the first 200, and its resident memory, for a first
// start on an empty data directory (migrate + seed) and for a second start that reuses the data.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import path from 'node:path'

const PORT = 18443
const DATA_DIR = path.resolve('data/bench-start')
const SCALE = process.env.BENCH_START_SCALE ?? 'medium'

function health(): Promise<number> {
  return new Promise((resolve) => {
    const request = https.get(
      { host: '127.0.0.1', port: PORT, path: '/api/health', rejectUnauthorized: false, timeout: 1000 },
      (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      },
    )
    request.on('error', () => resolve(0))
    request.on('timeout', () => request.destroy())
  })
}

function rssMb(pid: number): number {
  // tsx runs the server in a child of the launched process: sum the tree.
  const pids = [pid, ...childrenOf(pid)]
  let kb = 0
  for (const p of pids) {
    const status = fs.readFileSync(`/proc/${p}/status`, 'utf8')
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  }
  return Math.round(kb / 1024)
}

function childrenOf(pid: number): number[] {
  const direct = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
      } catch {
        return false
      }
    })
    .map(Number)
  return direct.flatMap((child) => [child, ...childrenOf(child)])
}

async function measure(label: string, limitMs: number) {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      SEED_SCALE: SCALE,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    while ((await health()) !== 200) {
      if (performance.now() - started > limitMs)
        throw new Error(`${label}: nessuna risposta in ${limitMs} ms`)
      if (child.exitCode !== null) throw new Error(`${label}: il server è uscito (${child.exitCode})`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const ms = performance.now() - started
    await new Promise((r) => setTimeout(r, 1000))
    return { avvio: label, 'primo 200 (s)': (ms / 1000).toFixed(1), 'RSS (MB)': rssMb(child.pid!) }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGINT')
    await exited
  }
}

export async function benchStartup() {
  const rows = []
  if (!fs.existsSync(path.join(DATA_DIR, 'pglite')))
    rows.push(await measure(`primo (migra e genera dati ${SCALE})`, 900_000))
  rows.push(await measure('successivo (riusa i dati)', 60_000))
  return rows
}

export function printStartup(rows: Awaited<ReturnType<typeof benchStartup>>) {
  console.log('\nAvvio di npm start su PGlite')
  console.table(rows)
}

if (import.meta.url === `file://${process.argv[1]}`) printStartup(await benchStartup())
