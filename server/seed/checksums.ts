// Prints a SHA-256 of every table's generated rows, in order, for a scale and a reference date:
//   npx tsx server/seed/checksums.ts [small|medium|large] [YYYY-MM-DD]
// Two runs print the same lines if and only if the generator produced the same rows (used to check that
// reorganising the generator's code changed no data).
import { createHash } from 'node:crypto'
import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { generateInto } from './index.ts'
import type { SeedScale, SeedSink } from './generate.ts'

class TableHashSink implements SeedSink {
  readonly tables = new Map<string, { hash: ReturnType<typeof createHash>; rows: number }>()

  async insert(table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
    const name = getTableName(table)
    let entry = this.tables.get(name)
    if (!entry) this.tables.set(name, (entry = { hash: createHash('sha256'), rows: 0 }))
    for (const row of rows) entry.hash.update(`${JSON.stringify(row)}\n`)
    entry.rows += rows.length
  }
}

const scale = (process.argv[2] ?? 'small') as SeedScale
const referenceDate = process.argv[3] ?? '2026-06-15'
const sink = new TableHashSink()
await generateInto(sink, { scale, referenceDate })
const all = createHash('sha256')
for (const [name, { hash, rows }] of [...sink.tables].sort(([a], [b]) => a.localeCompare(b))) {
  const digest = hash.digest('hex')
  all.update(`${name}:${digest}`)
  console.log(`${name.padEnd(28)} ${String(rows).padStart(7)}  ${digest}`)
}
console.log(`${'ALL'.padEnd(28)} ${''.padStart(7)}  ${all.digest('hex')}`)
