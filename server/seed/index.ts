// The seed: reference data, then the deterministic generator (generate.ts) written in batched multi-row inserts,
// all in one transaction so a failed seed leaves nothing behind.
import { createHash } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { todayInItaly } from '../../contract/dates.ts'
import { hashPassword } from '../auth/password.ts'
import type { Db } from '../db/client.ts'
import { seedReferenceData } from '../db/reference.ts'
import { fillPlayerSearch } from '../repositories/person-search.ts'
import { completeSeededRankings } from '../repositories/ranking-refresh.ts'
import { recountHomeFigures, recountTournamentKeptValues } from '../repositories/tournaments.ts'
import * as schema from '../db/schema/index.ts'
import { accounts } from '../db/schema/core.ts'
import { clubs } from '../db/schema/domain.ts'
import { DEMO_ACCOUNT_AGE_DAYS, DEMO_CAPTAIN, addDays } from './shared.ts'
import {
  DEMO_PEOPLE,
  SCALES,
  SeedGenerator,
  type SeedProgress,
  type SeedScale,
  type SeedSink,
} from './generate.ts'

export type { SeedProgress, SeedScale } from './generate.ts'
export { SCALES } from './generate.ts'

/** One password for every demo account, easy to type in a demo. */
export const DEMO_PASSWORD = 'Demo2026!'

export type DemoAccount = { email: string; password: string; descrizione: string }
export const DEMO_ACCOUNTS: DemoAccount[] = [...DEMO_PEOPLE, DEMO_CAPTAIN].map((p) => ({
  email: p.email,
  password: DEMO_PASSWORD,
  descrizione: p.descrizione,
}))

export type SeedSummary = {
  scale: SeedScale
  referenceDate: string
  counts: Record<string, number>
  ms: number
}

/** True once the generator has run (clubs exist); reference data alone does not count. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: clubs.id }).from(clubs).limit(1)
  return rows.length > 0
}

/**
 * The "today" the generated data was placed around (statuses, enrolments, news), or undefined when the demo
 * accounts are not there. Data served on a later day keeps that day's calendar: start-up says so.
 */
export async function seedReferenceDate(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.email, DEMO_PEOPLE[0]!.email))
    .limit(1)
  if (!row) return undefined
  return addDays(todayInItaly(row.createdAt), DEMO_ACCOUNT_AGE_DAYS)
}

/**
 * PostgreSQL: a slice of rows travels as one JSON parameter and is expanded by json_populate_recordset, far
 * faster than thousands of bind parameters. Only the columns present are inserted, so defaults still apply.
 */
class PostgresJsonSink implements SeedSink {
  constructor(private readonly db: Db) {}

  async insert(table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
    const columns = getTableColumns(table)
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))]
    const names = keys.map((key) => {
      const column = columns[key]
      if (!column) throw new Error(`Colonna sconosciuta ${getTableName(table)}.${key}`)
      return column.name
    })
    const list = sql.raw(names.map((name) => `"${name}"`).join(', '))
    const target = sql.identifier(getTableName(table))
    for (let i = 0; i < rows.length; i += 5_000) {
      const slice = rows.slice(i, i + 5_000).map((row) => {
        const out: Record<string, unknown> = {}
        keys.forEach((key, k) => (out[names[k]!] = row[key] ?? null))
        return out
      })
      await this.db.execute(
        sql`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${JSON.stringify(slice)}::json)`,
      )
    }
  }
}

/**
 * PGlite binds parameters slowly (WASM): there the rows go in with COPY … FROM '/dev/blob' as CSV, an order of
 * magnitude faster than multi-row inserts.
 */
class PgliteCopySink implements SeedSink {
  constructor(private readonly client: PGlite) {}

  async insert(table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
    const columns = getTableColumns(table)
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))]
    const names = keys.map((key) => {
      const column = columns[key]
      if (!column) throw new Error(`Colonna sconosciuta ${getTableName(table)}.${key}`)
      return `"${column.name}"`
    })
    const statement = `COPY "${getTableName(table)}" (${names.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`
    for (let i = 0; i < rows.length; i += 20_000) {
      const lines = rows.slice(i, i + 20_000).map((row) => keys.map((key) => csvValue(row[key])).join(','))
      await this.client.query(statement, [], { blob: new Blob([lines.join('\n') + '\n']) })
    }
  }
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number') return String(value)
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `"${text.replace(/"/g, '""')}"`
}

/** A sink that only fingerprints the rows: the determinism test runs the generator twice without a database. */
export class HashSink implements SeedSink {
  private readonly hash = createHash('sha256')
  readonly counts: Record<string, number> = {}

  async insert(table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
    const name = getTableName(table)
    this.counts[name] = (this.counts[name] ?? 0) + rows.length
    this.hash.update(name)
    for (const row of rows) this.hash.update(JSON.stringify(row))
  }

  private result: string | undefined

  digest(): string {
    this.result ??= this.hash.digest('hex')
    return this.result
  }
}

/** Runs the generator into any sink; `passwordHashes` are the demo accounts' (placeholders when omitted). */
export async function generateInto(
  sink: SeedSink,
  options: { scale: SeedScale; referenceDate: string; onProgress?: SeedProgress; passwordHashes?: string[] },
): Promise<Record<string, number>> {
  const generator = new SeedGenerator(sink, {
    scale: options.scale,
    referenceDate: options.referenceDate,
    onProgress: options.onProgress,
    passwordHashes: options.passwordHashes ?? [],
  })
  await generator.run()
  return Object.fromEntries(generator.counts)
}

function allTables(): PgTable[] {
  return Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
    is(value, PgTable),
  )
}

/** Tables whose ids the generator sets itself: their sequences move past the generated ids afterwards. */
function serialTables(): string[] {
  return allTables()
    .filter((table) => {
      const id = (table as unknown as Record<string, { columnType?: string }>).id
      return id?.columnType === 'PgSerial' || id?.columnType === 'PgBigSerial53'
    })
    .map((table) => getTableName(table))
}

/**
 * Seeds reference data and a generated data set. Deterministic for a scale and a reference date (today in
 * Italy unless given): the calendar, past results and upcoming enrolments are placed around that day.
 */
export async function seedDatabase(
  db: Db,
  options: { scale: SeedScale; onProgress?: SeedProgress; referenceDate?: string },
): Promise<SeedSummary> {
  const started = performance.now()
  const referenceDate = options.referenceDate ?? todayInItaly()
  if (!SCALES[options.scale]) throw new Error(`Scala sconosciuta: ${options.scale}`)
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)))
  let counts: Record<string, number> = {}
  const fill = async (target: Db, sink: SeedSink) => {
    let triggersOff = false
    options.onProgress?.('Dati di riferimento', 0, 1)
    await seedReferenceData(target)
    // Foreign keys are checked row by row by triggers, which costs more than the load itself at the larger scales.
    // The small scale (tests) keeps them on, and so proves that the generator, the same code at every scale,
    // writes consistent rows. Needs a superuser; otherwise the checks simply stay on.
    if (options.scale !== 'small') {
      const result = (await target.execute(
        sql`select rolsuper from pg_roles where rolname = current_user`,
      )) as unknown as { rows: { rolsuper: boolean }[] }
      const [role] = result.rows
      if (role?.rolsuper) {
        await target.execute(sql`set local session_replication_role = replica`)
        triggersOff = true
      }
    }
    counts = await generateInto(sink, {
      scale: options.scale,
      referenceDate,
      onProgress: options.onProgress,
      passwordHashes,
    })
    // The rankings' list order, birth dates and filter counts, numbered in SQL as every later refresh does.
    options.onProgress?.('Ordine e conteggi delle classifiche', 0, 1)
    await completeSeededRankings(target)
    await fillPlayerSearch(target)
    // The triggers off, the home's figures the database keeps were not kept while loading: counted once now.
    if (triggersOff) {
      options.onProgress?.('Numeri della home e conteggi dei tornei', 0, 1)
      await recountTournamentKeptValues(target)
      await recountHomeFigures(target)
    }
    for (const table of serialTables()) {
      await target.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
        ),
      )
    }
  }
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof PGlite) {
    // One session: a plain BEGIN covers both the drizzle queries and the COPYs.
    await client.exec('begin')
    try {
      await fill(db, new PgliteCopySink(client))
      await client.exec('commit')
    } catch (error) {
      await client.exec('rollback')
      throw error
    }
  } else {
    await db.transaction(async (tx) => fill(tx as unknown as Db, new PostgresJsonSink(tx as unknown as Db)))
  }
  // The planner's statistics of what was just loaded: until autovacuum comes round (never, where it is off), the
  // large set's matches and tournaments had none, and a player's last results hash-joined every tournament of the
  // sector (57 ms instead of 0.8). The small scale (tests) loads too little to matter.
  if (options.scale !== 'small') {
    options.onProgress?.('Statistiche per il pianificatore', 0, 1)
    await db.execute(sql`analyze`)
  }
  return { scale: options.scale, referenceDate, counts, ms: Math.round(performance.now() - started) }
}

/** Every table the seed fills (all but the identity service's keys), for `--reset`. */
export function seededTables(): string[] {
  return allTables()
    .map((table) => getTableName(table))
    .filter((name) => name !== 'idp_keys')
}
