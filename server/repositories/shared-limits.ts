// The counters several replicas of the portal share on one PostgreSQL (issue 25, item 2; DESIGN §1 "Scaling
// out"): the windows of the API's rate limits and the identity service's throttles (failures per client address,
// codes sent per address, lockouts of e-mails that have no account). The tables are UNLOGGED (migration
// 0028_limiti_condivisi): counters rebuilt by traffic need no WAL.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

type Rows<T> = { rows: T[] }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows
}

/**
 * One more hit of `key` in its fixed window of `windowMs`: a window that has ended starts again at 1. One
 * statement (an upsert), so two replicas counting the same key at once both count.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await rows<{ hits: number; ttl_ms: number | string }>(
    db,
    sql`insert into rate_limit_hits as r (key, hits, window_ends)
        values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.window_ends <= clock_timestamp() then 1 else r.hits + 1 end,
          window_ends = case when r.window_ends <= clock_timestamp()
            then clock_timestamp() + ${windowMs} * interval '1 millisecond' else r.window_ends end
        returning hits, greatest(0, (extract(epoch from (window_ends - clock_timestamp())) * 1000))::int as ttl_ms`,
  )
  return { hits: Number(row!.hits), ttlMs: Number(row!.ttl_ms) }
}

/** The state of `key`'s window without counting (0 hits when it has none or it ended). */
export async function readHits(db: Db, key: string): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await rows<{ hits: number; ttl_ms: number | string }>(
    db,
    sql`select hits, greatest(0, (extract(epoch from (window_ends - clock_timestamp())) * 1000))::int as ttl_ms
        from rate_limit_hits where key = ${key} and window_ends > clock_timestamp()`,
  )
  return row ? { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) } : { hits: 0, ttlMs: 0 }
}

/** The instants (ms) of `key`'s events since `sinceMs`, newest first, at most `limit`. */
export async function recentEvents(db: Db, key: string, sinceMs: number, limit: number): Promise<number[]> {
  const found = await rows<{ at: string | Date }>(
    db,
    sql`select at from throttle_events where key = ${key} and at > ${new Date(sinceMs).toISOString()}::timestamptz
        order by at desc limit ${limit}`,
  )
  return found.map((row) => new Date(row.at).getTime())
}

export async function recordEvent(db: Db, key: string, atMs: number): Promise<void> {
  await db.execute(
    sql`insert into throttle_events (key, at) values (${key}, ${new Date(atMs).toISOString()}::timestamptz)`,
  )
}

/** The instant `key` is locked until (ms), 0 when it has no lock. */
export async function lockedUntil(db: Db, key: string): Promise<number> {
  const [row] = await rows<{ locked_until: string | Date }>(
    db,
    sql`select locked_until from throttle_lockouts where key = ${key}`,
  )
  return row ? new Date(row.locked_until).getTime() : 0
}

/** One more failure of `key`; returns how many it has now (one statement, safe across replicas). */
export async function countFailure(db: Db, key: string): Promise<number> {
  const [row] = await rows<{ failures: number }>(
    db,
    sql`insert into throttle_lockouts as l (key, failures, locked_until) values (${key}, 1, to_timestamp(0))
        on conflict (key) do update set failures = l.failures + 1
        returning failures`,
  )
  return Number(row!.failures)
}

export async function setLockedUntil(db: Db, key: string, untilMs: number): Promise<void> {
  await db.execute(
    sql`update throttle_lockouts set locked_until = ${new Date(untilMs).toISOString()}::timestamptz where key = ${key}`,
  )
}

/** Drops windows, events and lockouts that ended before `beforeMs` (the identity service's periodic clean-up). */
export async function deleteSharedLimitsBefore(db: Db, beforeMs: number): Promise<void> {
  const before = new Date(beforeMs).toISOString()
  await db.execute(sql`delete from rate_limit_hits where window_ends < ${before}::timestamptz`)
  await db.execute(sql`delete from throttle_events where at < ${before}::timestamptz`)
  await db.execute(sql`delete from throttle_lockouts where locked_until < ${before}::timestamptz`)
}
