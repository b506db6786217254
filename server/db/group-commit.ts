// Group commit for the contended writes (issue 25, item 3). The write queue (./write-queue.ts) runs a tournament's
// writes one at a time, each in its own transaction: BEGIN, the lock, the reads, the write, COMMIT. Five round
// trips and an fsync each, one after the other, while the others wait: the queue's throughput was one over that
// time. Here, when a write's turn comes, it takes with it the writes of the same key that are waiting by then, and
// runs them all in one transaction, one after the other, each deciding on what the previous ones wrote: one BEGIN,
// one COMMIT and one fsync for all of them. Nothing changes for a write alone.
// If one of them throws, the transaction is rolled back, so nothing of any of them was saved: each then runs
// again in a transaction of its own, so that only the one that fails fails (and a refusal it throws, such as the
// notices' daily cap, is its own).
import { type WriteQueue, noWriteQueue } from './write-queue.ts'

/** The most writes one transaction takes: the first of them waits for all the others' statements. */
export const GROUP_COMMIT_MAX = 25

/** Runs `work` in a transaction (the database's `transaction`, or a test's). */
export type Transaction<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>

type Item<Tx> = {
  work: (tx: Tx) => Promise<unknown>
  /** Taken by a turn: it will be run and answered by that turn, whatever becomes of its own. */
  taken: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Writes in `queue`'s turns, in transactions of `transaction`, gathered as above. Without a queue (noWriteQueue:
 * tests of the database lock alone, WRITE_QUEUE_MAX_WAITING=0), each write runs alone at once.
 */
export function groupCommit<Tx>(transaction: Transaction<Tx>, queue: WriteQueue, max = GROUP_COMMIT_MAX) {
  /** Per key, the writes not yet taken by a turn, in the order they came. */
  const waiting = new Map<string, Item<Tx>[]>()

  async function alone(item: Item<Tx>) {
    try {
      item.resolve(await transaction(item.work))
    } catch (error) {
      item.reject(error)
    }
  }

  async function together(items: Item<Tx>[]) {
    if (items.length === 1) return alone(items[0]!)
    let values: unknown[]
    try {
      values = await transaction(async (tx) => {
        const out: unknown[] = []
        for (const item of items) out.push(await item.work(tx))
        return out
      })
    } catch {
      // Rolled back: none of them was saved. One at a time, each in its own transaction.
      for (const item of items) await alone(item)
      return
    }
    items.forEach((item, i) => item.resolve(values[i]))
  }

  return function run<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    if (queue === noWriteQueue) return transaction(work)
    return new Promise<T>((resolve, reject) => {
      const item: Item<Tx> = {
        work,
        taken: false,
        resolve: resolve as (value: unknown) => void,
        reject,
      }
      const list = waiting.get(key) ?? []
      waiting.set(key, list)
      list.push(item)
      queue
        .run(key, async () => {
          if (item.taken) return
          // The oldest not yet taken is this one (the queue is a FIFO), then the ones that came after it.
          const batch = list.splice(0, max)
          for (const taken of batch) taken.taken = true
          if (list.length === 0 && waiting.get(key) === list) waiting.delete(key)
          await together(batch)
        })
        .catch((error: unknown) => {
          // Turned away by the queue (too many waiting, or waited too long): not run, unless a turn took it first.
          if (item.taken) return
          const at = list.indexOf(item)
          if (at >= 0) list.splice(at, 1)
          if (list.length === 0 && waiting.get(key) === list) waiting.delete(key)
          reject(error)
        })
    })
  }
}

export type GroupCommit<Tx> = ReturnType<typeof groupCommit<Tx>>
