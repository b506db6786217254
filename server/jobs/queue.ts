// The portal's job queue, as a port: what a write transaction may leave to be done after it commits (the rankings
// to make again after a result), and the runner of the deadlines. The repositories enqueue through `JobQueue`
// inside their own transaction, so a job exists only if the write it follows committed; who runs the jobs is
// server/jobs/pg-boss.ts (pg-boss, on PostgreSQL and on the embedded PGlite alike) or, for code that builds the
// repositories without a runner (scripts, tests of one repository), the inline adapter, which does the work in
// the same transaction as before. docs/architettura.md, «Coda dei lavori».
import type { Db } from '../db/client.ts'

/** A drizzle transaction (or the database itself, outside one). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The rankings of a sector to make again after the points of `changed` players moved (null: every player). */
export type RankingRefreshJob = {
  sectorId: number
  /** The tournament's (or the tie line's) day: the race of its year is made again. */
  dataFine: string
  circuitId: number | null
  changed: number[] | null
}

/** The payload of each job, by queue name. */
export type JobPayloads = {
  /** One pass of the deadline runner (server/plugins/deadlines.ts): every due deadline, then the newsletter. */
  scadenze: Record<string, never>
  /** server/repositories/ranking-refresh.ts, refreshRankings. */
  classifiche: RankingRefreshJob
}

export type JobName = keyof JobPayloads

export type EnqueueOptions = {
  /** Jobs of one queue with the same key are not queued twice (pg-boss singletonKey). */
  singletonKey?: string
  /** Not before this moment. */
  startAfter?: Date
}

export interface JobQueue {
  /**
   * Adds a job as part of `tx`: it is queued if and only if `tx` commits. Call it from inside the write's
   * transaction; the job runs after the commit, in whichever replica takes it first.
   */
  enqueue<N extends JobName>(
    tx: Tx,
    name: N,
    payload: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<void>
}

/** What a job does, given its payload; it opens its own transaction(s). */
export type JobHandlers = { [N in JobName]: (payload: JobPayloads[N]) => Promise<unknown> }
