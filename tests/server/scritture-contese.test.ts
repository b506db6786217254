// Contended writes (issue 25, item 3): the queue in front of them (server/db/write-queue.ts) runs the writes of one
// key one at a time, in order, and turns away the ones that would wait too long: the portal answers those 503 in
// Italian with Retry-After, never a 500 or a timeout, and writes nothing for them. With or without the queue, a
// tournament's places go to exactly as many players as there are places.
import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  DatabaseBusy,
  type WriteQueue,
  WriteQueueFull,
  createWriteQueue,
  noWriteQueue,
} from '../../server/db/write-queue.ts'
import { type Transaction, groupCommit } from '../../server/db/group-commit.ts'
import type { Tx } from '../../server/repositories/lifecycle.ts'
import { tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { tournamentEntryEvents } from '../../server/db/schema/enrolments.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildApp } from '../../server/app.ts'
import { buildLocksOnlyApp, call, testConfig, testDatabase } from '../support/server.ts'
import { openTournament } from '../support/tournaments.ts'

/** The portal on the worker's database, without rate limits or deadline rounds, with the queue or door given. */
async function appWith(queues: { writeQueue?: WriteQueue; admission?: WriteQueue }) {
  const app = await buildApp({
    config: testConfig({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' }),
    database: await testDatabase(),
    logger: false,
    ...queues,
  })
  await app.ready()
  return app
}

/** A promise and the function that settles it: a write that runs until the test lets it end. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('the write queue', () => {
  it('runs the writes of one key one at a time, in the order they came', async () => {
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000 })
    const order: string[] = []
    const first = gate()
    const runs = [
      queue.run('torneo:1', async () => {
        order.push('a start')
        await first.opened
        order.push('a end')
      }),
      queue.run('torneo:1', async () => void order.push('b')),
      queue.run('torneo:1', async () => void order.push('c')),
    ]
    await Promise.resolve()
    expect(queue.size('torneo:1')).toBe(3)
    first.open()
    await Promise.all(runs)
    expect(order).toEqual(['a start', 'a end', 'b', 'c'])
    expect(queue.size('torneo:1')).toBe(0)
  })

  it('keeps the keys apart on PostgreSQL, and makes them one on PGlite', async () => {
    const held = gate()
    const separate = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000 })
    const blocking = separate.run('torneo:1', () => held.opened)
    // Another tournament's write does not wait for the first one.
    await expect(separate.run('torneo:2', async () => 'fatto')).resolves.toBe('fatto')
    const one = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000, oneKey: true })
    const running = one.run('torneo:1', () => held.opened)
    void one.run('torneo:2', async () => undefined)
    expect(one.size('torneo:9')).toBe(2)
    held.open()
    await Promise.all([blocking, running])
  })

  it('turns away a write that would wait behind more than maxWaiting, and runs nothing of it', async () => {
    const queue = createWriteQueue({ maxWaiting: 1, maxWaitMs: 10_000 })
    const held = gate()
    let ranTooMany = false
    const running = queue.run('torneo:1', () => held.opened)
    const waiting = queue.run('torneo:1', async () => 'in coda')
    await expect(
      queue.run('torneo:1', async () => {
        ranTooMany = true
      }),
    ).rejects.toBeInstanceOf(WriteQueueFull)
    held.open()
    await expect(waiting).resolves.toBe('in coda')
    await running
    expect(ranTooMany).toBe(false)
  })

  it('turns away a write whose turn came after maxWaitMs, without running it', async () => {
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitMs: 20 })
    const held = gate()
    let ranLate = false
    const running = queue.run('torneo:1', () => held.opened)
    const late = queue.run('torneo:1', async () => {
      ranLate = true
    })
    await new Promise((resolve) => setTimeout(resolve, 60))
    held.open()
    await running
    await expect(late).rejects.toBeInstanceOf(WriteQueueFull)
    expect(ranLate).toBe(false)
  })

  it('with maxWaiting 0 is no queue: writes run at once, side by side', async () => {
    const queue = createWriteQueue({ maxWaiting: 0, maxWaitMs: 0 })
    const held = gate()
    const running = queue.run('torneo:1', () => held.opened)
    await expect(queue.run('torneo:1', async () => 'subito')).resolves.toBe('subito')
    held.open()
    await running
  })
})

describe('group commit: the writes waiting for one key, in one transaction', () => {
  /** The database's transactions, counted, and a table of the test's own to write in. */
  async function setup() {
    const { db } = await testDatabase()
    const table = `gruppo_${randomUUID().slice(0, 8)}`
    await db.execute(sql.raw(`create table ${table} (chiave text primary key)`))
    let transactions = 0
    const transaction: Transaction<Tx> = (work) => {
      transactions += 1
      return db.transaction(work)
    }
    /** A write that inserts `key` and answers its transaction's id. */
    const insert = (key: string) => async (tx: Tx) => {
      await tx.execute(sql.raw(`insert into ${table} values ('${key}')`))
      const { rows } = (await tx.execute(sql`select txid_current()::text as id`)) as unknown as {
        rows: { id: string }[]
      }
      return rows[0]!.id
    }
    const stored = async () => {
      const { rows } = (await db.execute(
        sql.raw(`select chiave from ${table} order by chiave`),
      )) as unknown as {
        rows: { chiave: string }[]
      }
      return rows.map((r) => r.chiave)
    }
    return { transaction, transactions: () => transactions, insert, stored }
  }

  it('runs the writes that waited behind a turn together, each answered with its own value, in one commit', async () => {
    const { transaction, transactions, insert, stored } = await setup()
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000 })
    const together = groupCommit(transaction, queue)
    const held = gate()
    const holding = queue.run('torneo:1', () => held.opened)
    const writes = ['a', 'b', 'c'].map((key) => together('torneo:1', insert(key)))
    held.open()
    await holding
    const ids = await Promise.all(writes)
    expect(new Set(ids).size).toBe(1)
    expect(transactions()).toBe(1)
    expect(await stored()).toEqual(['a', 'b', 'c'])
    // A write alone later has a transaction of its own.
    const alone = await together('torneo:1', insert('d'))
    expect(alone).not.toBe(ids[0])
    expect(transactions()).toBe(2)
  })

  it('when one of them fails, saves the others each alone, and only that one fails', async () => {
    const { transaction, transactions, insert, stored } = await setup()
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000 })
    const together = groupCommit(transaction, queue)
    const held = gate()
    const holding = queue.run('torneo:1', () => held.opened)
    const writes = [
      together('torneo:1', insert('a')),
      // The same key again: a primary key violated, which aborts the transaction it is in.
      together('torneo:1', async (tx) => {
        await insert('b')(tx)
        return insert('a')(tx)
      }),
      together('torneo:1', insert('c')),
    ]
    held.open()
    await holding
    const [a, failed, c] = await Promise.allSettled(writes)
    expect(a?.status).toBe('fulfilled')
    expect(failed?.status).toBe('rejected')
    expect(c?.status).toBe('fulfilled')
    // Nothing of the failed one, and the others once each: the group, then each alone.
    expect(await stored()).toEqual(['a', 'c'])
    expect(transactions()).toBe(4)
    expect((a as PromiseFulfilledResult<string>).value).not.toBe((c as PromiseFulfilledResult<string>).value)
  })

  it('takes no more than its maximum in one transaction, and keeps the keys apart', async () => {
    const { transaction, insert, stored } = await setup()
    const queue = createWriteQueue({ maxWaiting: 10, maxWaitMs: 10_000 })
    const together = groupCommit(transaction, queue, 2)
    const held = gate()
    const holding = queue.run('torneo:1', () => held.opened)
    const writes = ['a', 'b', 'c'].map((key) => together('torneo:1', insert(key)))
    const other = together('torneo:2', insert('z'))
    // Another key's write does not wait for the first key's turn.
    await expect(other).resolves.toBeTruthy()
    held.open()
    await holding
    const ids = await Promise.all(writes)
    expect(ids[0]).toBe(ids[1])
    expect(ids[2]).not.toBe(ids[0])
    expect(await stored()).toEqual(['a', 'b', 'c', 'z'])
  })

  it("runs nothing of a write the queue turns away, and answers it with the queue's refusal", async () => {
    const { transaction, insert, stored } = await setup()
    const queue = createWriteQueue({ maxWaiting: 1, maxWaitMs: 10_000 })
    const together = groupCommit(transaction, queue)
    const held = gate()
    const holding = queue.run('torneo:1', () => held.opened)
    const waiting = together('torneo:1', insert('a'))
    await expect(together('torneo:1', insert('b'))).rejects.toBeInstanceOf(WriteQueueFull)
    held.open()
    await holding
    await expect(waiting).resolves.toBeTruthy()
    expect(await stored()).toEqual(['a'])
  })

  it('without a queue, runs each write alone at once', async () => {
    const { transaction, transactions, insert } = await setup()
    const together = groupCommit(transaction, noWriteQueue)
    const ids = await Promise.all(['a', 'b'].map((key) => together('torneo:1', insert(key))))
    expect(ids[0]).not.toBe(ids[1])
    expect(transactions()).toBe(2)
  })
})

async function makeTournament(maxIscritti: number) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values(openTournament({ nome: `Torneo conteso ${randomUUID().slice(0, 6)}`, maxIscritti }))
    .returning()
  return row!
}

const enrol = (app: FastifyInstance, p: TestPlayer, id_torneo: number) =>
  call(app, 'tornei/iscrizioni/add', { id_torneo }, p.token)

/** The tournament's stored entries: as many places taken as there are, the waiting list numbered 1…n. */
async function checkPlaces(tournamentId: number, places: number, enrolled: number) {
  const { db } = await testDatabase()
  const rows = await db
    .select()
    .from(tournamentEntries)
    .where(eq(tournamentEntries.tournamentId, tournamentId))
    .orderBy(asc(tournamentEntries.id))
  expect(rows).toHaveLength(enrolled)
  expect(rows.filter((r) => r.status === 'iscritto')).toHaveLength(Math.min(places, enrolled))
  const waiting = rows.filter((r) => r.status === 'lista_attesa').map((r) => r.posizioneAttesa!)
  expect(waiting.toSorted((x, y) => x - y)).toEqual(
    Array.from({ length: Math.max(0, enrolled - places) }, (_, i) => i + 1),
  )
  // Every entry has its history line, and no history line is without its entry.
  const history = await db
    .select({ entryId: tournamentEntryEvents.entryId })
    .from(tournamentEntryEvents)
    .innerJoin(tournamentEntries, eq(tournamentEntries.id, tournamentEntryEvents.entryId))
    .where(eq(tournamentEntries.tournamentId, tournamentId))
    .orderBy(asc(tournamentEntryEvents.id))
  expect(new Set(history.map((h) => h.entryId))).toEqual(new Set(rows.map((r) => r.id)))
}

describe('the door in front of the database (PGlite: one connection for every request)', () => {
  it('lets `running` works in at once, and turns away with its own error one that would wait behind too many', async () => {
    const door = createWriteQueue({
      maxWaiting: 1,
      maxWaitMs: 10_000,
      oneKey: true,
      running: 2,
      busy: () => new DatabaseBusy(),
    })
    const first = gate()
    const second = gate()
    const started: string[] = []
    const a = door.run('x', async () => {
      started.push('a')
      await first.opened
    })
    const b = door.run('y', async () => {
      started.push('b')
      await second.opened
    })
    const c = door.run('z', async () => {
      started.push('c')
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Two running side by side (every key is one), the third waiting.
    expect(started).toEqual(['a', 'b'])
    await expect(door.run('w', async () => 'mai')).rejects.toBeInstanceOf(DatabaseBusy)
    first.open()
    await a
    await c
    expect(started).toEqual(['a', 'b', 'c'])
    second.open()
    await b
  })

  describe('in the app', () => {
    const door = createWriteQueue({
      maxWaiting: 1,
      maxWaitMs: 60_000,
      oneKey: true,
      busy: () => new DatabaseBusy(),
    })
    let app: FastifyInstance
    beforeAll(async () => {
      app = await appWith({ admission: door })
    })
    afterAll(() => app.close())

    it('answers an Italian 503 with Retry-After to a request beyond it; the one waiting is served, a cached answer passes', async () => {
      const held = gate()
      const holding = door.run('database', () => held.opened)
      // One waits behind the held work, the next would wait behind too many.
      const waiting = call(app, 'lookup/get', { keys: 'ss' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      const turned = await call(app, 'tornei/list', { id_settore: 1 })
      expect(turned.status).toBe(503)
      expect(turned.body).toEqual({ statusCode: 503, message: MESSAGES.databaseBusy })
      expect(turned.headers['retry-after']).toBe('1')
      held.open()
      await holding
      expect((await waiting).status).toBe(200)
      // A cached answer does not queue at the door: it touches no database.
      const h2 = gate()
      const holding2 = door.run('database', () => h2.opened)
      const alsoWaiting = door.run('database', async () => undefined)
      expect((await call(app, 'lookup/get', { keys: 'ss' })).status).toBe(200)
      h2.open()
      await holding2
      await alsoWaiting
    })
  })
})

describe('a chain of queries', () => {
  // PGlite settles its queries without I/O: without a turn of the event loop before each, a request's chain of
  // queries kept every socket and timer waiting until it ended (server/db/client.ts, yieldingToTheLoop).
  it('leaves the event loop its turns: a timer fires before a chain of a hundred queries ends', async () => {
    const { db } = await testDatabase()
    let fired = false
    setTimeout(() => (fired = true), 0)
    let firedAt = -1
    for (let i = 0; i < 100 && firedAt < 0; i++) {
      await db.execute(sql`select 1`)
      if (fired) firedAt = i
    }
    expect(firedAt).toBeGreaterThanOrEqual(0)
    expect(firedAt).toBeLessThan(99)
  })
})

describe('a crowd on one tournament, beyond what the queue lets wait', () => {
  // The app's queue, held by the test: a write of the tournament runs (as long as the test wants) while the crowd
  // comes; one more may wait behind it (maxWaiting 1).
  const writeQueue = createWriteQueue({ maxWaiting: 1, maxWaitMs: 60_000 })
  let app: FastifyInstance
  beforeAll(async () => {
    app = await appWith({ writeQueue })
  })
  afterAll(() => app.close())

  it('is answered 200 or an Italian 503 with Retry-After, never a 500; the turned away leave no trace', async () => {
    const t = await makeTournament(3)
    const crowd = await Promise.all(Array.from({ length: 12 }, () => makeTennisPlayer()))
    const held = gate()
    const holding = writeQueue.run(`torneo:${t.id}`, () => held.opened)
    let answered = 0
    const sent = crowd.map((p) =>
      enrol(app, p, t.id).then((answer) => {
        answered += 1
        return answer
      }),
    )
    // Held until every request has either been answered or is waiting behind the held write.
    const key = `torneo:${t.id}`
    while (answered + writeQueue.size(key) - 1 < crowd.length)
      await new Promise((resolve) => setTimeout(resolve, 10))
    held.open()
    await holding
    const answers = await Promise.all(sent)
    const statuses = answers.map((a) => a.status)
    expect(
      statuses.filter((s) => s === 200),
      `risposte: ${statuses.join(', ')}`,
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s === 503),
      `risposte: ${statuses.join(', ')}`,
    ).toHaveLength(11)
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.body).toEqual({ statusCode: 503, message: MESSAGES.writeQueueFull })
      expect(answer.headers['retry-after']).toBe('1')
    }
    await checkPlaces(t.id, 3, 1)
    // Sent again, as Retry-After says, each one turned away is enrolled.
    const again = crowd.filter((_, i) => answers[i]!.status === 503)
    for (const p of again) expect((await enrol(app, p, t.id)).status).toBe(200)
    await checkPlaces(t.id, 3, 12)
  })
})

describe('without the queue (WRITE_QUEUE_MAX_WAITING=0), the database lock alone', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildLocksOnlyApp()
  })
  afterAll(() => app.close())

  it('gives the last place to one of 12 players asking at once, and a withdrawal’s place to the first waiting', async () => {
    const t = await makeTournament(3)
    const firsts = [await makeTennisPlayer(), await makeTennisPlayer()]
    const entries: number[] = []
    for (const p of firsts) {
      const answer = await enrol(app, p, t.id)
      expect(answer.status).toBe(200)
      entries.push((answer.body.result as { id_iscrizione: number }).id_iscrizione)
    }
    const crowd = await Promise.all(Array.from({ length: 12 }, () => makeTennisPlayer()))
    const answers = await Promise.all(crowd.map((p) => enrol(app, p, t.id)))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    const states = answers.map((a) => (a.body.result as { stato: string }).stato)
    expect(states.filter((s) => s === 'iscritta')).toHaveLength(1)
    await checkPlaces(t.id, 3, 14)
    // Two withdrawals at once: two places free, the first two waiting move up, the list closes its gaps.
    const out = await Promise.all(
      firsts.map((p, i) => call(app, 'tornei/iscrizioni/del', { id_iscrizione: entries[i] }, p.token)),
    )
    expect(out.map((a) => a.status)).toEqual([200, 200])
    const { db } = await testDatabase()
    const rows = await db
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.tournamentId, t.id))
      .orderBy(asc(tournamentEntries.id))
    expect(rows.filter((r) => r.status === 'iscritto')).toHaveLength(3)
    expect(
      rows
        .filter((r) => r.status === 'lista_attesa')
        .map((r) => r.posizioneAttesa!)
        .toSorted((x, y) => x - y),
    ).toEqual(Array.from({ length: 9 }, (_, i) => i + 1))
  })
})
