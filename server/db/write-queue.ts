// The queue in front of the contended writes (issue 25, item 3). A popular tournament's enrolments all lock one
// row: on PostgreSQL, without a queue, every waiting request held one of the pool's connections while it waited for
// that lock, so a crowd on one tournament starved every other request of connections; on PGlite (one connection)
// every write waited behind all the others with no bound, until the client gave up (a timeout: an error).
// Here the writes of one key (a tournament, a challenge) wait in a FIFO in the process, holding nothing, and run one
// at a time; the database lock (`SELECT … FOR UPDATE`) stays, and still serialises writes across replicas. A write
// that would wait behind `maxWaiting` others, or that waited `maxWaitMs` without its turn coming, is not run: it is
// answered 503 with Retry-After (server/app.ts), in Italian, and may be sent again. On PGlite every key is one key:
// the database runs one transaction at a time whatever the tournament.
import pLimit, { type LimitFunction } from 'p-limit'

/** The write was not run: too many were waiting for the same thing. Nothing was saved. */
export class WriteQueueFull extends Error {
  constructor(readonly key: string) {
    super(`write queue full: ${key}`)
    this.name = 'WriteQueueFull'
  }
}

export type WriteQueueOptions = {
  /** Writes that may wait behind the running one, per key; 0 turns the queue off (every write runs at once). */
  maxWaiting: number
  /** How long a write may wait for its turn before it is answered 503 instead. */
  maxWaitMs: number
  /** One key for every write (PGlite: one connection, one transaction at a time). */
  oneKey?: boolean
  /** How many of a key's works run at once (1: one at a time, the writes' queue). */
  running?: number
  /** The error a work turned away is rejected with (WriteQueueFull unless said). */
  busy?: (key: string) => Error
}

export type WriteQueue = {
  /** Runs `work` when the writes of `key` before it are done; throws WriteQueueFull when it may not wait. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>
  /** Writes waiting or running now, per key (tests, diagnostics). */
  size(key: string): number
}

/**
 * PGlite's door (issue 25, item 3): one connection serves every request, so a crowd of writers made every query of
 * every request wait behind all the others', with no bound: requests unanswered after 10 s. The API lets a few
 * requests at a time do their database work and the others wait here, as long as the write queue lets a write
 * wait; a request turned away has done nothing and is answered 503 with Retry-After.
 */
export class DatabaseBusy extends Error {
  constructor() {
    super('database busy')
    this.name = 'DatabaseBusy'
  }
}

/** How many requests do their work on PGlite at once: enough to overlap Node's part with the database's. */
export const PGLITE_RUNNING = 4

/** No queue: every write runs at once (tests that build repositories by hand, the queue turned off). */
export const noWriteQueue: WriteQueue = { run: (_key, work) => work(), size: () => 0 }

/** Seconds a client is asked to wait before sending a write the queue turned away. */
export const WRITE_QUEUE_RETRY_AFTER_SECONDS = 1

export function createWriteQueue(options: WriteQueueOptions): WriteQueue {
  if (options.maxWaiting <= 0) return noWriteQueue
  /** Per key: its FIFO, and the writes in it (waiting or running), counted here so the last one out forgets it. */
  const queues = new Map<string, { limit: LimitFunction; writes: number }>()
  const keyOf = (key: string) => (options.oneKey ? 'database' : key)
  const running = Math.max(1, options.running ?? 1)
  const busy = options.busy ?? ((key: string) => new WriteQueueFull(key))
  return {
    size: (key) => queues.get(keyOf(key))?.writes ?? 0,
    async run(requested, work) {
      const key = keyOf(requested)
      let queue = queues.get(key)
      if (!queue) {
        queue = { limit: pLimit(running), writes: 0 }
        queues.set(key, queue)
      }
      // `running` running, `maxWaiting` waiting: this one would wait behind too many.
      if (queue.writes >= running + options.maxWaiting) throw busy(key)
      queue.writes += 1
      const queuedAt = performance.now()
      const own = queue
      try {
        return await own.limit(() => {
          if (performance.now() - queuedAt > options.maxWaitMs) throw busy(key)
          return work()
        })
      } finally {
        own.writes -= 1
        // A tournament's queue lives as long as its crowd.
        if (own.writes === 0 && queues.get(key) === own) queues.delete(key)
      }
    },
  }
}
