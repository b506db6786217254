// Where the time of a contended write goes (issue 25, item 3): enrol + withdraw on one tournament, through the
// repositories (no HTTP), on PostgreSQL. Every statement is counted and timed on its connection: from the
// statement that locks the tournament's row (`… for update`) to the end of the COMMIT is the time inside the lock.
// Figures a loaded machine cannot spoil much: statements (round trips) inside the lock per request, and the share of
// a request's time spent inside the lock. Then the same under CONCURRENCY workers for DURATION_S seconds: requests/s,
// p50/p99, the mean time inside the lock, and how many writes each transaction took (server/db/group-commit.ts). `npm run bench -- scritture` (BENCH_DATABASE_URL: a seeded database).
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool, type PoolClient } from 'pg'
import { defaultPoolSize, loadConfig } from '../server/config.ts'
import type { Db } from '../server/db/client.ts'
import { createWriteQueue } from '../server/db/write-queue.ts'
import * as schema from '../server/db/schema/index.ts'
import { createRepositories } from '../server/repositories/index.ts'
import { accounts } from '../server/db/schema/core.ts'
import { inArray } from 'drizzle-orm'
import { PG_URL, postgresReachable } from './api.ts'
import { prepareEnrolmentBench } from './support/enrolment-setup.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONCURRENCY = 50

/** One transaction that locked a tournament: its statements from the lock on, its writes (group commit), its time. */
type LockSpan = { statements: number; writes: number; ms: number }

/** A pool whose connections report, per transaction that locks a tournament, its statements and time under lock. */
function countingPool(url: string, spans: LockSpan[]) {
  const pool = new Pool({ connectionString: url, max: defaultPoolSize() })
  pool.on('error', () => undefined)
  const wrapped = new WeakSet<PoolClient>()
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>
  // pool.query() calls connect with a callback; transactions await it.
  const connectWrapped = async () => {
    const client = await connect()
    if (wrapped.has(client)) return client
    wrapped.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>
    let span: { statements: number; writes: number; start: number } | null = null
    client.query = (async (...args: unknown[]) => {
      const first = args[0]
      const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')
      // The lock is held from the moment its statement returns (the wait for it is not inside). Each write of a
      // transaction (server/db/group-commit.ts) reads the tournament again `for update`: one more write.
      if (/from "tournaments".*for update/is.test(text)) {
        const result = await query(...args)
        if (span) {
          span.statements += 1
          span.writes += 1
        } else span = { statements: 1, writes: 1, start: performance.now() }
        return result
      }
      if (span) span.statements += 1
      try {
        return await query(...args)
      } finally {
        if (span && /^(commit|rollback)/i.test(text.trim())) {
          spans.push({ statements: span.statements, writes: span.writes, ms: performance.now() - span.start })
          span = null
        }
      }
    }) as never
    return client
  }
  pool.connect = ((callback?: (error: unknown, client?: PoolClient, done?: () => void) => void) => {
    if (!callback) return connectWrapped()
    connectWrapped().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: unknown) => callback(error),
    )
    return undefined
  }) as never
  return pool
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1)
const round = (x: number) => Math.round(x * 10) / 10

export async function benchScritture() {
  if (!(await postgresReachable())) throw new Error('PostgreSQL non raggiungibile: nessuna misura')
  const spans: LockSpan[] = []
  const pool = countingPool(PG_URL, spans)
  const db = drizzle(pool, { schema }) as unknown as Db
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' })
  const bench = await prepareEnrolmentBench(db, config)
  const people = await db
    .select({ id: accounts.id, personId: accounts.personId })
    .from(accounts)
    .where(inArray(accounts.personId, bench.personIds))
  const repos = createRepositories(db)
  const queued = createRepositories(db, { writeQueue: createWriteQueue(config.writeQueue) })
  const enrolAndWithdraw = async (r: typeof repos, p: (typeof people)[number]) => {
    const t0 = performance.now()
    const enrolled = await r.enrolments.enrol({
      tournamentId: bench.tournamentId,
      personId: p.personId,
      partnerId: null,
      accountId: p.id,
      now: new Date(),
    })
    const t1 = performance.now()
    if (enrolled.refused) return { enrol: t1 - t0, withdraw: 0, failed: true }
    const withdrawn = await r.enrolments.act({
      entryId: enrolled.entryId,
      personId: p.personId,
      type: 'iscrizione.ritira',
      now: new Date(),
    })
    return { enrol: t1 - t0, withdraw: performance.now() - t1, failed: withdrawn.refused }
  }

  // One request at a time: no contention, the request's own cost and its part inside the lock.
  const serialTimes: number[] = []
  spans.length = 0
  for (const p of people.slice(0, 60)) {
    const r = await enrolAndWithdraw(repos, p)
    serialTimes.push(r.enrol, r.withdraw)
  }
  const serialSpans = [...spans]

  // CONCURRENCY workers on the same tournament, each with its own players.
  spans.length = 0
  const latencies: number[] = []
  let failed = 0
  let shed = 0
  const until = performance.now() + DURATION_S * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const mine = people.filter((_, i) => i % CONCURRENCY === w)
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now()
        const r = await enrolAndWithdraw(queued, mine[i % mine.length]!).catch((error: unknown) => {
          // Turned away by the write queue (the portal answers 503 with Retry-After): not a failure.
          if (error instanceof Error && error.name === 'WriteQueueFull') shed += 1
          else failed += 1
          return { enrol: performance.now() - t0, withdraw: -1, failed: false }
        })
        if (r.failed) failed += 1
        latencies.push(r.enrol)
        if (r.withdraw >= 0) latencies.push(r.withdraw)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  await pool.end()
  return {
    serial: {
      statementsInLock: round(mean(serialSpans.map((s) => s.statements))),
      msInLock: round(mean(serialSpans.map((s) => s.ms))),
      msPerRequest: round(mean(serialTimes)),
    },
    concurrent: {
      rps: round(latencies.length / elapsed),
      p50: round(quantile(latencies, 0.5)),
      p99: round(quantile(latencies, 0.99)),
      msInLock: round(mean(spans.map((s) => s.ms))),
      statementsInLock: round(mean(spans.map((s) => s.statements))),
      writesPerTransaction: round(mean(spans.map((s) => s.writes))),
      msInLockPerWrite: round(sum(spans.map((s) => s.ms)) / Math.max(sum(spans.map((s) => s.writes)), 1)),
      failed,
      shed,
    },
  }
}

export function printScritture(result: Awaited<ReturnType<typeof benchScritture>>) {
  console.log(
    `\nScritture contese (repository, PostgreSQL, un torneo; ${CONCURRENCY} in parallelo per ${DURATION_S} s)`,
  )
  console.table({
    'una alla volta': {
      'istruzioni sotto lock': result.serial.statementsInLock,
      'ms sotto lock': result.serial.msInLock,
      'ms per richiesta': result.serial.msPerRequest,
    },
    [`${CONCURRENCY} in parallelo`]: {
      'richieste/s': result.concurrent.rps,
      'p50 (ms)': result.concurrent.p50,
      'p99 (ms)': result.concurrent.p99,
      'ms sotto lock': result.concurrent.msInLock,
      'istruzioni sotto lock': result.concurrent.statementsInLock,
      'scritture per transazione': result.concurrent.writesPerTransaction,
      'ms sotto lock per scrittura': result.concurrent.msInLockPerWrite,
      'non riuscite': result.concurrent.failed,
      'respinte (503)': result.concurrent.shed,
    },
  })
}

if (import.meta.url === `file://${process.argv[1]}`) printScritture(await benchScritture())
