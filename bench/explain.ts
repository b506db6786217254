// `npx tsx bench/explain.ts [filter]`: the SQL behind each call `npm run bench -- scala` measures (BENCH_SET=letture:
// each of `npm run bench -- letture`), with
// PostgreSQL's plan and time for every statement (EXPLAIN ANALYZE), on the large data set
// (BENCH_LARGE_DATABASE_URL). The calls run in this process through the portal (no cache); each statement they
// send is explained once, with the parameters of its first run. A statement slower than SLOW_MS prints its plan.
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import type { Db } from '../server/db/client.ts'
import * as schema from '../server/db/schema/index.ts'
import { PG_LARGE_URL } from './scala.ts'
import { portalOnLargeSet } from './support/large-app.ts'

const SLOW_MS = Number(process.env.EXPLAIN_SLOW_MS ?? 5)
const only = process.argv[2]?.toLowerCase()

const pool = new Pool({ connectionString: PG_LARGE_URL, max: 4 })
let captured: { sql: string; params: unknown[] }[] = []
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db
const { app, call, targetList } = await portalOnLargeSet(pool, db)

const seen = new Set<string>()
for (const [group, label, path, all] of await targetList({ first: 3 })) {
  // Three bodies of a call of every public read: a statement is explained once, and a call's bodies differ little.
  const bodies = process.env.BENCH_SET === 'letture' ? all.slice(0, 3) : all
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
