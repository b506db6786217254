import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { Pool } from 'pg'
import { defaultPoolSize } from '../config.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** One type for both engines: route and domain code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  engine: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** What the job queue (server/jobs/queue.ts) opens beside drizzle: the URL, or the one embedded PGlite. */
  connection: { url: string } | { pglite: PGlite }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Opens PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory when `dataDir` is null). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir?: string | null
  client?: PGlite
  /** PostgreSQL's connections (config's DATABASE_POOL_SIZE); unless given, defaultPoolSize for one replica. */
  poolSize?: number
}): Promise<Database> {
  if (options.databaseUrl) {
    // A database that does not answer fails the request after 5 s (503) instead of holding it for ever.
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: 5000,
    })
    // An idle connection the database dropped (its backend terminated, a restart): the pool discards it and
    // opens a new one for the next query. Without a listener, node-postgres's 'error' event would end the process.
    pool.on('error', () => undefined)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return { db, engine: 'postgres', close: () => pool.end(), connection: { url: options.databaseUrl } }
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true })
  const client = options.client ?? (options.dataDir ? new PGlite(options.dataDir) : new PGlite())
  await client.waitReady
  const db = drizzlePglite(yieldingToTheLoop(client), { schema }) as unknown as Db
  return { db, engine: 'pglite', close: () => client.close(), connection: { pglite: client } }
}

/** The event loop's next turn: sockets and timers are served before the work that waits for it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * PGlite runs its queries in this thread and settles their promises without any I/O in between: under load, the
 * requests' chains of queries ran one after another in microtasks, and the event loop read no socket and fired no
 * timer for half a second at a time (profiled: 35 such stretches in 10 s of contended writes; requests unanswered
 * after 10 s, issue 25 item 3). Each query, statement batch and transaction the portal starts waits for the loop's
 * next turn first; the statements inside a transaction do not (it holds the database anyway).
 */
function yieldingToTheLoop(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (property === 'query' || property === 'exec' || property === 'transaction')
        return async (...args: unknown[]) => {
          await nextTurn()
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      return (value as (...a: unknown[]) => unknown).bind(target)
    },
  })
}

/** Applies the drizzle-kit migrations; safe to call on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.engine === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder })
  } else {
    await migratePglite(database.db as never, { migrationsFolder })
  }
}
