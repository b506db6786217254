// The job queue's inline adapter (server/jobs/queue.ts): a job's work done at once in the transaction that asked
// for it, as the portal did before the queue. For code that builds the repositories without a runner: scripts,
// the seed, tests of one repository. The app uses pg-boss (server/jobs/pg-boss.ts).
import type { JobQueue } from '../jobs/queue.ts'
import { runRankingRefresh } from './ranking-refresh.ts'

export const inlineJobs: JobQueue = {
  async enqueue(tx, name, payload) {
    if (name === 'classifiche') await runRankingRefresh(tx, payload as never, new Date())
    // `scadenze` is only ever sent by the runner (server/plugins/deadlines.ts), never from a transaction.
  },
}
