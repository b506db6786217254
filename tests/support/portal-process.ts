// The real portal as `npm start` runs it (server/main.ts), in a child process of the test, on a data directory
// (and a database) of the test's own: started, stopped with SIGKILL as a crash would, and started again on the
// same data. Calls go over https with parallel connections, as browsers' would.
import { spawn, type ChildProcess } from 'node:child_process'
import https from 'node:https'
import net from 'node:net'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export type Portal = {
  child: ChildProcess
  port: number
  /** Every line the portal printed (stdout and stderr), for a failing test's message. */
  output: string[]
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill: () => Promise<void>
  /** SIGTERM, the orderly stop (server/start.ts closes the app and the database). */
  stop: () => Promise<void>
}

/** Starts server/main.ts on `port` and `dataDir` (and `databaseUrl`, else PGlite in the data directory). */
export function startPortal(options: {
  port: number
  dataDir: string
  databaseUrl?: string | undefined
  env?: Record<string, string>
  timeoutMs?: number
}): Promise<Portal> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SKIP_CLIENT_BUILD: '1',
      SEED_SCALE: 'small',
      LOG_LEVEL: 'warn',
      WRITE_RATE_LIMIT: '100000',
      // Deadlines are applied when the portal starts, which is what these tests watch.
      DEADLINE_INTERVAL_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const gone = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const portal: Portal = {
    child,
    port: options.port,
    output,
    kill: () => gone('SIGKILL'),
    stop: () => gone('SIGTERM'),
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`il portale non è partito in tempo:\n${output.join('\n')}`))
    }, options.timeoutMs ?? 180_000)
    const onExit = () => {
      clearTimeout(timer)
      reject(new Error(`il portale si è fermato all’avvio:\n${output.join('\n')}`))
    }
    child.once('exit', onExit)
    for (const stream of [child.stdout!, child.stderr!])
      readline.createInterface({ input: stream }).on('line', (line) => {
        output.push(line)
        if (line.startsWith('Portale pronto')) {
          clearTimeout(timer)
          child.off('exit', onExit)
          resolve(portal)
        }
      })
  })
}

export type Answer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> }

const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 32 })

/** POSTs a JSON body to the portal's API; rejects when the connection fails (no answer). */
export function post(port: number, apiPath: string, body: unknown, token?: string): Promise<Answer> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/${apiPath}`,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: Record<string, unknown>
          try {
            parsed = JSON.parse(text) as Record<string, unknown>
          } catch {
            parsed = { text }
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers })
        })
      },
    )
    request.setTimeout(30_000, () => request.destroy(new Error('nessuna risposta in 30 s')))
    request.on('error', reject)
    request.end(payload)
  })
}

/** Closes the kept-alive connections (to a portal that is gone). */
export function dropConnections() {
  agent.destroy()
}
