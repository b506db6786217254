// `npx tsx bench/explain.ts [filter]`: the SQL behind each call `npm run bench -- scala` measures, with
// PostgreSQL's plan and time for every statement (EXPLAIN ANALYZE), on the large data set
// (BENCH_LARGE_DATABASE_URL). The calls run in this process through the portal (no cache); each statement they
// send is explained once, with the parameters of its first run. A statement slower than SLOW_MS prints its plan.
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import type { Db } from '../server/db/client.ts'
import * as schema from '../server/db/schema/index.ts'
import { PG_LARGE_URL, targets } from './scala.ts'

const SLOW_MS = Number(process.env.EXPLAIN_SLOW_MS ?? 5)
const only = process.argv[2]?.toLowerCase()

const pool = new Pool({ connectionString: PG_LARGE_URL, max: 4 })
let captured: { sql: string; params: unknown[] }[] = []
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  RESPONSE_CACHE: 'off',
  DATA_DIR: 'data/bench',
})
const app = await buildApp({
  config,
  database: { db, engine: 'postgres', close: () => pool.end(), connection: { url: PG_LARGE_URL } },
  logger: false,
})

async function call<T>(path: string, body: object): Promise<T> {
  const response = await app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: body })
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

type Page = { results: { id_persona: number; id_circolo: number | null }[]; record: number }
const first = await call<Page>('classifiche/classifiche/list', {
  id_settore: 1,
  tipo: 'nazionale',
  fetchrows: 100,
})
const deeper = await call<Page>('classifiche/classifiche/list', {
  id_settore: 1,
  tipo: 'nazionale',
  fetchrows: 100,
  rowstoskip: Math.floor(first.record / 2),
})
const rows = [...first.results, ...deeper.results]
const people = [...new Set(rows.map((r) => r.id_persona))].slice(0, 3)
const clubs = [...new Set(rows.map((r) => r.id_circolo).filter((c): c is number => c !== null))]

const seen = new Set<string>()
for (const [group, label, path, bodies] of targets(people, clubs, first.record)) {
  if (only && !`${group} ${label}`.toLowerCase().includes(only)) continue
  console.log(`\n## ${group}: ${label}`)
  for (const body of bodies) {
    captured = []
    const started = performance.now()
    await call(path, body)
    const total = performance.now() - started
    const statements: string[] = []
    for (const q of captured) {
      const key = `${q.sql} ${JSON.stringify(q.params)}`
      if (seen.has(key)) continue
      seen.add(key)
      const client = await pool.connect()
      try {
        const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params)
        const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN'])
        const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0)
        statements.push(`${ms.toFixed(1)} ms  ${q.sql.slice(0, 160).replace(/\s+/g, ' ')}`)
        if (ms >= SLOW_MS)
          statements.push(`    params ${JSON.stringify(q.params)}`, ...lines.map((l) => `    ${l}`))
      } finally {
        client.release()
      }
    }
    console.log(`- ${JSON.stringify(body)}: ${total.toFixed(1)} ms`)
    for (const line of statements) console.log(`  ${line}`)
  }
}
await app.close()
await pool.end()
