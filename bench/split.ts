// `npx tsx bench/split.ts [filter]`: where one request's time goes, for each call `npm run bench -- scala` measures
// (BENCH_SET=letture: each of `npm run bench -- letture`),
// on the large data set (BENCH_LARGE_DATABASE_URL): the queries it sends, the time spent waiting for PostgreSQL
// (every query timed at the pool) and the rest, spent in Node (routing, decoding, building SQL, reading rows,
// shaping and serialising the answer). One request at a time, in this process, through inject() (no socket), no
// cache; each body RUNS times, the median reported.
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import type { Db } from '../server/db/client.ts'
import * as schema from '../server/db/schema/index.ts'
import { PG_LARGE_URL } from './scala.ts'
import { portalOnLargeSet } from './support/large-app.ts'

const RUNS = Number(process.env.SPLIT_RUNS ?? 5)
const only = process.argv[2]?.toLowerCase()

const pool = new Pool({ connectionString: PG_LARGE_URL, max: 10 })
let queries = 0
let sqlMs = 0
// Every query the app sends goes through pool.query (drizzle's node-postgres session) or a client's query
// (transactions): both are timed.
const timed = <F extends (...args: never[]) => unknown>(query: F): F =>
  function (this: unknown, ...args: never[]) {
    const started = performance.now()
    queries++
    const result = query.apply(this, args) as Promise<unknown>
    return result.finally(() => {
      sqlMs += performance.now() - started
    })
  } as F
pool.query = timed(pool.query.bind(pool) as never) as never
const db = drizzle(pool, { schema }) as unknown as Db
const { app, call, targetList } = await portalOnLargeSet(pool, db)

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const table: Record<string, string | number>[] = []
for (const [group, label, path, bodies] of await targetList({ every: 20 })) {
  if (only && !`${group} ${label}`.toLowerCase().includes(only)) continue
  const totals: number[] = []
  const sqls: number[] = []
  const counts: number[] = []
  for (let run = 0; run < RUNS; run++)
    for (const body of bodies) {
      queries = 0
      sqlMs = 0
      const started = performance.now()
      await call(path, body)
      totals.push(performance.now() - started)
      sqls.push(sqlMs)
      counts.push(queries)
    }
  const total = median(totals)
  const sql = median(sqls)
  table.push({
    chiamata: `${group}: ${label}`,
    'query per richiesta': `${Math.min(...counts)}–${Math.max(...counts)}`,
    'totale p50 (ms)': total.toFixed(2),
    'SQL p50 (ms)': sql.toFixed(2),
    'Node p50 (ms)': (total - sql).toFixed(2),
  })
}
console.table(table)
await app.close()
await pool.end()
