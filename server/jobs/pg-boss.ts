// The job queue on pg-boss (MIT): its tables live in the database's `pgboss` schema, on PostgreSQL and on the
// embedded PGlite alike (pg-boss's own PGlite adapter), so `npm start` and a cluster of replicas run the same
// code. Jobs are claimed with SELECT … FOR UPDATE SKIP LOCKED: one replica takes each. A job added with
// `enqueue(tx, …)` is written by the caller's drizzle transaction (pg-boss's drizzle adapter) and exists only if
// that transaction commits. docs/architettura.md, «Coda dei lavori».
import { sql } from 'drizzle-orm'
import { PgBoss, fromDrizzle, fromPglite, type DrizzleTransactionLike, type Job, type Queue } from 'pg-boss'
import type { Database } from '../db/client.ts'
import type { EnqueueOptions, JobHandlers, JobName, JobPayloads, JobQueue, Tx } from './queue.ts'

/** How each queue keeps and retries its jobs. */
const QUEUES: { [N in JobName]: Omit<Queue, 'name'> } = {
  // One pass at a time in the whole cluster, and at most one waiting behind it: however many replicas ask for a
  // pass, the deadlines are swept by one of them (each deadline is then applied under its row's lock, so even a
  // pass retried after a crash cannot apply one twice: it is no longer due). A pass lasts seconds: one left active
  // by a replica that died is taken back after 2 minutes and run again.
  scadenze: {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 120,
    deleteAfterSeconds: 86_400,
  },
  // Rankings of a sector made again after a result: retried with backoff if the database was away.
  classifiche: {
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 900,
    deleteAfterSeconds: 86_400,
  },
}

const NAMES = Object.keys(QUEUES) as JobName[]

export type PgBossQueueOptions = {
  /** Seconds between two polls of an idle worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number
  onError?: (error: unknown) => void
}

export type PgBossQueue = JobQueue & {
  /** Installs or migrates pg-boss's schema, creates the queues; with `handlers`, starts a worker per queue. */
  start(handlers?: JobHandlers): Promise<void>
  /** Adds a job outside any transaction (the deadline runner's pass); null when the queue's policy dropped it. */
  send<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<string | null>
  /**
   * Runs now, in this process, every job of `names` that is due (the tests' way to wait for the work a request
   * left): claimed like a worker claims them, so a job another replica holds is not run twice.
   */
  runPending(names?: JobName[]): Promise<number>
  /** How many jobs of a queue wait or run (created, retry or active). */
  pending(name: JobName): Promise<number>
  /**
   * runPending, then waits until no job of `names` waits or runs anywhere (one another replica or this one's
   * worker holds): what the tests call before reading what the jobs write. Answers the jobs run here.
   */
  settle(names?: JobName[], timeoutMs?: number): Promise<number>
  stop(): Promise<void>
}

export function createPgBossQueue(database: Database, options: PgBossQueueOptions = {}): PgBossQueue {
  const { connection } = database
  const boss =
    'pglite' in connection
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite', registerInstance: false })
      : new PgBoss({ connectionString: connection.url, max: 3, registerInstance: false })
  boss.on('error', (error) => options.onError?.(error))
  let handlers: JobHandlers | undefined
  let started = false

  async function run<N extends JobName>(name: N, job: Job<JobPayloads[N]>) {
    await handlers![name](job.data)
  }

  const queue: PgBossQueue = {
    async enqueue(tx: Tx, name, payload, opts = {}) {
      await boss.send(name, payload, {
        ...opts,
        db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
      })
    },
    send(name, payload, opts = {}) {
      return boss.send(name, payload, opts)
    },
    async start(withHandlers) {
      await boss.start()
      started = true
      for (const name of NAMES) {
        // A queue made by an older version keeps its policy; its timings and retries follow this file.
        const { policy: _policy, ...timings } = QUEUES[name]
        if (await boss.getQueue(name)) await boss.updateQueue(name, timings)
        else await boss.createQueue(name, QUEUES[name])
      }
      if (!withHandlers) return
      handlers = withHandlers
      const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }
      for (const name of NAMES)
        await boss.work<JobPayloads[typeof name]>(name, polling, async ([job]) => run(name, job!))
    },
    async runPending(names = NAMES) {
      let ran = 0
      for (const name of names) {
        for (;;) {
          const [job] = await boss.fetch<JobPayloads[typeof name]>(name)
          if (!job) break
          try {
            await run(name, job)
            await boss.complete(name, job.id)
          } catch (error) {
            await boss.fail(name, job.id, { message: String(error) })
            throw error
          }
          ran++
        }
      }
      return ran
    },
    async pending(name) {
      const jobs = await boss.findJobs(name)
      return jobs.filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active').length
    },
    async settle(names = NAMES, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs
      let ran = 0
      for (;;) {
        ran += await queue.runPending(names)
        let left = 0
        for (const name of names) left += await queue.pending(name)
        if (left === 0) return ran
        if (Date.now() > until) throw new Error(`lavori non conclusi dopo ${timeoutMs} ms: ${left}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, close: true, timeout: 10_000 })
      started = false
    },
  }
  return queue
}
