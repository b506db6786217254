// `npx tsx bench/plans.ts [filter]`: how PostgreSQL plans each prepared statement of the calls `npm run bench --
// scala` measures (BENCH_SET=letture: every public read of `npm run bench -- letture`), on the large data set
// (BENCH_LARGE_DATABASE_URL). The calls run 60 times each through the portal (no cache) on one connection; then
// pg_prepared_statements says, per statement, how many runs used the generic plan (planned once per connection)
// and how many a custom plan (planned at every run, with the parameters' values). A statement planned at every run
// pays its planning each time: on this machine 1–2 ms for a large one, more than running it (docs/architettura.md).
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import type { Db } from '../server/db/client.ts'
import * as schema from '../server/db/schema/index.ts'
import { PG_LARGE_URL } from './scala.ts'
import { portalOnLargeSet } from './support/large-app.ts'

const RUNS = 60
const only = process.argv[2]?.toLowerCase()

// One connection: pg_prepared_statements describes the session that asks.
const pool = new Pool({ connectionString: PG_LARGE_URL, max: 1 })
const db = drizzle(pool, { schema }) as unknown as Db
const { app, targetList } = await portalOnLargeSet(pool, db)

for (const [group, label, path, bodies] of await targetList({ first: 3 })) {
  if (only && !`${group} ${label}`.toLowerCase().includes(only)) continue
  for (let i = 0; i < RUNS; i++)
    await app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: bodies[i % bodies.length] })
}
const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
  'select name, generic_plans, custom_plans from pg_prepared_statements order by name',
)
console.table(
  rows.map((r) => ({
    istruzione: r.name,
    'piano generico': Number(r.generic_plans),
    'piano a ogni esecuzione': Number(r.custom_plans),
  })),
)
await app.close()
process.exit(0)
