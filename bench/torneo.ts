// The tournament detail's reads at 50 connections on the medium data set, PGlite and PostgreSQL: the detail
// (tornei/dettaglio/view), the draw (tornei/tabelloni/view) and the entrants (tornei/iscritti/view), each cached
// (anonymous, the response cache), uncached for a visitor (a second server with RESPONSE_CACHE=off) and uncached
// for a signed-in player (the cache is skipped), the ids spread over the seeded tournaments so no row stays hot.
//   npx tsx bench/torneo.ts      (BENCH_DURATION seconds per measure, BENCH_DATABASE_URL for PostgreSQL)
import autocannon from 'autocannon'
import { PG_URL, postgresReachable } from './api.ts'
import { startProcess, stopProcess } from './support/process.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = 50
/** Ids used for the cached measure: few, so every one is in the cache after the warm-up. */
const HOT_IDS = 20

type Row = { call: string; engine: string; cache: string; rps: number; p99: number; errors: number }

async function existingIds(base: string): Promise<number[]> {
  const ids: number[] = []
  let misses = 0
  for (let id = 1; misses < 50 && ids.length < 5000; id++) {
    const response = await fetch(`${base}/tornei/dettaglio/view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    })
    await response.arrayBuffer()
    if (response.ok) {
      ids.push(id)
      misses = 0
    } else misses++
  }
  return ids
}

async function measure(url: string, bodyOf: (id: number) => unknown, ids: readonly number[], token?: string) {
  let next = 0
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const options = {
    url,
    method: 'POST' as const,
    headers,
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify(bodyOf(ids[next++ % ids.length]!)),
        }),
      },
    ],
  }
  // Warm-up: JIT and pool, and every id read once, so each measure starts from the same warm database
  // (otherwise whichever measure comes first pays for reading the tables from disk).
  await autocannon({ ...options, amount: Math.max(ids.length, 2000) } as unknown as autocannon.Options)
  next = 0
  const result = await autocannon({ ...options, duration: DURATION_S } as unknown as autocannon.Options)
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors }
}

const CALLS = [
  { call: 'tornei/dettaglio/view', body: (id: number) => ({ id }) },
  { call: 'tornei/tabelloni/view', body: (id: number) => ({ id_torneo: id }) },
  { call: 'tornei/iscritti/view', body: (id: number) => ({ id_torneo: id, fetchrows: 50 }) },
]

export async function benchTorneo(): Promise<Row[]> {
  const rows: Row[] = []
  const engines: { engine: string; env: Record<string, string | undefined> }[] = [
    { engine: 'PGlite', env: { DATABASE_URL: '' } },
  ]
  if (await postgresReachable()) engines.push({ engine: 'PostgreSQL', env: { DATABASE_URL: PG_URL } })
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
        const ids = await existingIds(base)
        // Spread over the whole season, in a fixed shuffled order.
        const spread = [...ids].sort((a, b) => ((a * 7919) % 10007) - ((b * 7919) % 10007))
        const token = typeof portal.info.token === 'string' ? portal.info.token : undefined
        for (const { call, body } of CALLS) {
          const url = `${base}/${call}`
          if (cache === 'off') {
            rows.push({
              call,
              engine,
              cache: 'senza cache (visitatore)',
              ...(await measure(url, body, spread)),
            })
            continue
          }
          rows.push({
            call,
            engine,
            cache: 'in cache',
            ...(await measure(url, body, spread.slice(0, HOT_IDS))),
          })
          if (token)
            rows.push({
              call,
              engine,
              cache: 'senza cache (con accesso)',
              ...(await measure(url, body, spread, token)),
            })
        }
        if (cache === 'on')
          rows.push({
            call: `(tornei misurati: ${ids.length})`,
            engine,
            cache: '',
            rps: 0,
            p99: 0,
            errors: 0,
          })
      } finally {
        await stopProcess(portal.child)
      }
    }
  }
  return rows
}

export function printTorneo(rows: Row[]) {
  console.log(`\nDettaglio torneo, ${CONNECTIONS} connessioni, ${DURATION_S} s per misura, dati medium`)
  console.table(
    rows.map((r) => ({
      chiamata: r.call,
      database: r.engine,
      cache: r.cache,
      'richieste/s': Math.round(r.rps),
      'p99 (ms)': r.p99,
      errori: r.errors,
      'p99 ≤ 50 ms': r.cache.startsWith('senza cache') ? (r.p99 <= 50 ? 'sì' : 'NO') : '',
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printTorneo(await benchTorneo())
