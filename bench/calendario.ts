// The tournament calendar and a circuit's page under load: requests per second and p99 at 50 connections, on
// PGlite and on PostgreSQL (when reachable) with the medium data set: cached (anonymous: the response cache of
// server/http/api.ts), uncached for a visitor (a second server with RESPONSE_CACHE=off: every call reaches the
// database) and uncached for a signed-in player (the cache is skipped, and the caller's account is read too).
// Loopback only, bounded in time.
import autocannon from 'autocannon'
import { PG_URL, postgresReachable } from './api.ts'
import { startProcess, stopProcess } from './support/process.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = 50

type Row = { target: string; engine: string; rps: number; p99: number }

/** The calendar as a visitor filters it: a region, a level, open enrolments, the next months. */
function calendarBodies(today: string) {
  const inMonths = (months: number) => {
    const date = new Date(`${today}T12:00:00Z`)
    date.setUTCMonth(date.getUTCMonth() + months)
    return date.toISOString().slice(0, 10)
  }
  return {
    filtered: {
      id_settore: 1,
      regione: 'Lombardia',
      livello: 'LIMIT',
      dal: today,
      al: inMonths(6),
      fetchrows: 20,
    },
    open: { id_settore: 1, stato: 'iscrizioni_aperte', fetchrows: 20 },
    month: {
      id_settore: 2,
      dal: today.slice(0, 8) + '01',
      al: inMonths(1).slice(0, 8) + '01',
      fetchrows: 100,
    },
  }
}

async function load(url: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const options = {
    url,
    method: 'POST' as const,
    headers,
    body: JSON.stringify(body),
    connections: CONNECTIONS,
  }
  await autocannon({ ...options, duration: 2 }) // warm-up: JIT, caches, connection pool
  const result = await autocannon({ ...options, duration: DURATION_S })
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} risposte non 2xx`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

/** What is measured: three calendars and, when the data has one, a circuit's page and standings. */
async function targets(base: string, bodies: ReturnType<typeof calendarBodies>) {
  const circuits = await fetch(`${base}/circuiti/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id_settore: 1, fetchrows: 1 }),
  }).then((r) => r.json() as Promise<{ results: { id: number }[] }>)
  const circuit = circuits.results[0]?.id
  const list: [string, string, unknown][] = [
    ['tornei/list: regione, livello, date', 'tornei/list', bodies.filtered],
    ['tornei/list: iscrizioni aperte', 'tornei/list', bodies.open],
    ['tornei/list: un mese (100 righe)', 'tornei/list', bodies.month],
  ]
  if (circuit !== undefined)
    list.push(
      ['circuiti/view', 'circuiti/view', { id: circuit }],
      [
        'circuiti/classifiche/list (50 righe)',
        'circuiti/classifiche/list',
        { id_settore: 1, id_circuito: circuit, fetchrows: 50 },
      ],
    )
  return list
}

export async function benchCalendario(): Promise<Row[]> {
  const rows: Row[] = []
  const engines: { engine: string; env: Record<string, string | undefined> }[] = [
    { engine: 'PGlite', env: { DATABASE_URL: '' } },
  ]
  if (await postgresReachable()) engines.push({ engine: 'PostgreSQL', env: { DATABASE_URL: PG_URL } })
  const today = new Date().toISOString().slice(0, 10)
  const bodies = calendarBodies(today)
  for (const { engine, env } of engines) {
    if (process.env.BENCH_ENGINES && !process.env.BENCH_ENGINES.includes(engine)) continue
    for (const cache of ['on', 'off'] as const) {
      const portal = await startProcess('bench/support/api-server.ts', ['portal'], {
        SEED_SCALE: 'medium',
        RESPONSE_CACHE: cache,
        ...env,
      })
      try {
        const base = `http://127.0.0.1:${portal.info.port}/api/v1`
        const token = typeof portal.info.token === 'string' ? portal.info.token : undefined
        for (const [label, path, body] of await targets(base, bodies)) {
          const url = `${base}/${path}`
          if (cache === 'off') {
            rows.push({ target: `${label}, senza cache (visitatore)`, engine, ...(await load(url, body)) })
            continue
          }
          rows.push({ target: `${label}, in cache`, engine, ...(await load(url, body)) })
          if (token)
            rows.push({
              target: `${label}, senza cache (con accesso)`,
              engine,
              ...(await load(url, body, token)),
            })
        }
      } finally {
        await stopProcess(portal.child)
      }
    }
  }
  return rows
}

export function printCalendario(rows: Row[]) {
  console.log(`\nCalendario e circuiti, dati medium, ${CONNECTIONS} connessioni, ${DURATION_S} s per misura`)
  console.table(
    rows.map((r) => ({
      chiamata: r.target,
      database: r.engine,
      'richieste/s': Math.round(r.rps),
      'p99 (ms)': r.p99,
      'p99 ≤ 50 ms': r.target.includes('senza cache') ? (r.p99 <= 50 ? 'sì' : 'NO') : '',
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printCalendario(await benchCalendario())
