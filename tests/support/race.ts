// Races on PostgreSQL that run whatever the timing: the racers held at a row's door until all of them wait.
import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { Client } from 'pg'
import { defaultPoolSize } from '../../server/config.ts'
import { testDatabase } from './server.ts'

/** A row the racers all write, by table and id. */
export type Held = { table: PgTable; id: number }

/**
 * On PostgreSQL, runs `race` while a transaction of the test's own holds `held` locked, and lets go once `racers`
 * transactions (at most the pool's size, defaultPoolSize: the racers beyond it wait for a connection) wait on a lock: by then each racer has read what it reads before its
 * write, so the race is run whatever the timing. Without the door a race could pass with its lock removed: on a
 * cold pool each racer opens its own connection, the openings end milliseconds apart and the first racer commits
 * before the next one reads (seen with the lock of enrolments.ts `underLock` removed by hand: red when
 * concorrenza.test.ts ran whole, green when the test ran alone or after files that had opened fewer connections;
 * the pool is the worker's, shared by the files it runs, `isolate: false`). With the lock the racers wait for it,
 * on the door's row or on the lock itself, and go one by one. On PGlite (one connection) `race` just runs.
 */
export async function heldAtTheDoor<T>(held: Held, racers: number, race: () => Promise<T>): Promise<T> {
  const database = await testDatabase()
  if (!('url' in database.connection)) return race()
  const door = new Client({ connectionString: database.connection.url })
  await door.connect()
  try {
    await door.query('begin')
    await door.query(`select 1 from ${getTableName(held.table)} where id = $1 for update`, [held.id])
    const running = race()
    const waiting = async () => {
      // pg_stat_activity is read once per transaction unless its snapshot is cleared.
      await door.query('select pg_stat_clear_snapshot()')
      const { rows } = await door.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
      return rows[0]!.n
    }
    const until = Date.now() + 10_000
    while ((await waiting()) < Math.min(racers, defaultPoolSize()) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20))
    await door.query('rollback')
    return await running
  } finally {
    await door.end()
  }
}
