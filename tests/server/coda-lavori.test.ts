// The job queue (issue 25, item 2; docs/architettura.md «Coda dei lavori»), on PGlite and on PostgreSQL
// (DATABASE_URL): two replicas of the portal on one database apply every kind of deadline exactly once (a challenge
// left unanswered, a result left unconfirmed, a doubles invitation, a team tie's result, the weekly newsletter),
// round after round; a deadline that passed while every replica was down fires once when they start again; the
// rankings a result changed are made again by a worker after the commit, and a job asked for in a transaction
// that rolls back is never queued.
import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { news, newsletterInvii } from '../../server/db/schema/content.ts'
import {
  challengeEvents,
  challenges,
  powerHistory,
  rankings,
  teamTies,
  tieEvents,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { tournamentEntryEvents } from '../../server/db/schema/enrolments.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { openDatabase } from '../../server/db/client.ts'
import { newsletterWeek } from '../../server/domain/newsletter.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { ensureReference, newsTypeId } from './home-news-fixtures.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildReplica, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { makeTieFixture, tieAt, type TieFixture } from '../support/ties.ts'
import { openTournament } from '../support/tournaments.ts'

const DAY = 86_400_000
/** How many rounds of due deadlines the two replicas race for. */
const ROUNDS = 3

type Replica = Awaited<ReturnType<typeof buildReplica>>
let one: Replica
let two: Replica
let fixture: TieFixture
beforeAll(async () => {
  // Both ask for a pass every 200 ms, as two replicas of a cluster would every minute. The first start of a
  // database creates the identity service's signing keys: one replica starts first, as a cluster's first start
  // would need too (two replicas creating keys at once would each trust only their own).
  one = await buildReplica({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '200' })
  two = await buildReplica({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '200' })
  fixture = await makeTieFixture()
  await ensureReference()
})
afterAll(async () => {
  await one?.close()
  await two?.close()
})

const app = () => one.app

const resultOf = (answer: { status: number; body: Record<string, unknown> }) => {
  expect(answer.status).toBe(200)
  return answer.body.result as { id: number; id_iscrizione: number }
}

/** A challenge from `a` to `b` (accepted and with a result entered by `a`, when told). */
async function challenge(a: TestPlayer, b: TestPlayer, withResult: boolean) {
  const made = resultOf(
    await call(
      app(),
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
      a.token,
    ),
  )
  if (withResult) {
    resultOf(await call(app(), 'sfide/partite/accetta', { id_sfida: made.id }, b.token))
    const set = [
      { a: 6, b: 3 },
      { a: 6, b: 4 },
    ]
    resultOf(
      await call(app(), 'sfide/partite/risultato/add', { id_sfida: made.id, esito: 'giocata', set }, a.token),
    )
  }
  return made.id
}

/** A doubles tournament open for enrolment, and `a`'s invitation to `b`, unanswered. */
async function invitation(a: TestPlayer, b: TestPlayer) {
  const { db } = await testDatabase()
  const [t] = await db
    .insert(tournaments)
    .values(openTournament({ nome: `Coda ${randomUUID().slice(0, 8)}`, specialita: 'doppio' }))
    .returning()
  return resultOf(
    await call(app(), 'tornei/iscrizioni/add', { id_torneo: t!.id, id_compagno: b.personId }, a.token),
  ).id_iscrizione
}

/** Someone who keeps the newsletter on, and a news item of last week for them. */
async function newsletterReader() {
  const account = await createAccount()
  const saved = await call(
    app(),
    'impostazioni/view_upsert',
    { impostazioni: { newsletter: true } },
    await tokenFor(account),
  )
  expect(saved.status).toBe(200)
  const week = newsletterWeek(todayInItaly(new Date()))
  const { db } = await testDatabase()
  await db.insert(news).values({
    typeId: await newsTypeId('comunicati'),
    title: `Notizia della settimana ${randomUUID().slice(0, 6)}`,
    slug: `coda-${randomUUID()}`,
    summary: 'Sommario',
    body: '<p>Testo</p>',
    publishedAt: new Date(`${week.dal}T12:00:00Z`),
  })
  // The week went out in an earlier round (or at a replica's start): it is due again.
  await db.delete(newsletterInvii).where(eq(newsletterInvii.settimana, week.dal))
  return account
}

/** Waits until `check` holds (the replicas' workers and timers run on their own), failing after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`non è successo in ${ms} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A second in which each replica asks for five more passes: what fired once must still have fired once. */
const morePasses = () => new Promise((resolve) => setTimeout(resolve, 1_000))

async function countOf(rows: Promise<{ n: number }[]>) {
  const [row] = await rows
  return row?.n ?? 0
}

describe('two replicas, one database: every deadline fires once', () => {
  it(`applies each kind of deadline exactly once, ${ROUNDS} rounds in a row`, async () => {
    const { db } = await testDatabase()
    for (let round = 1; round <= ROUNDS; round++) {
      const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => makeTennisPlayer()))
      const proposed = await challenge(a!, b!, false)
      const played = await challenge(c!, d!, true)
      const invited = await invitation(e!, f!)
      const tie = await tieAt(app(), fixture, 'resultEntered')
      const reader = await newsletterReader()
      // Everything falls due at once: the deadlines move, not the clock.
      const past = new Date(Date.now() - 60_000)
      await db
        .update(challenges)
        .set({ scadeIl: past })
        .where(inArray(challenges.id, [proposed, played]))
      await db
        .update(tournamentEntries)
        .set({ iscrittoIl: new Date(Date.now() - 30 * DAY) })
        .where(eq(tournamentEntries.id, invited))
      await db.update(teamTies).set({ scadeIl: past }).where(eq(teamTies.id, tie))

      // Both replicas ask for a pass and run what they can take at the same moment; their timers and workers
      // keep asking and polling meanwhile.
      await Promise.all(
        [one, two].map(async ({ app: replica }) => {
          await replica.jobs.send('scadenze', {})
          await replica.jobs.runPending(['scadenze'])
        }),
      )
      // The replicas never stop asking (a pass every 200 ms each), so the queue is never empty: wait for what each
      // deadline writes, then let more passes go by.
      await until(`round ${round}`, async () => {
        const [tieRow] = await db
          .select({ status: teamTies.status })
          .from(teamTies)
          .where(eq(teamTies.id, tie))
        const [entry] = await db
          .select({ status: tournamentEntries.status })
          .from(tournamentEntries)
          .where(eq(tournamentEntries.id, invited))
        const moved = await db
          .select({ status: challenges.status })
          .from(challenges)
          .where(inArray(challenges.id, [proposed, played]))
          .orderBy(asc(challenges.id))
        const mail = await db
          .select({ id: idpOutbox.id })
          .from(idpOutbox)
          .where(eq(idpOutbox.recipient, reader.email))
        return (
          tieRow?.status === 'confermato' &&
          entry?.status === 'ritirato' &&
          moved.map((c) => c.status).join() === 'expired,confirmed' &&
          mail.length > 0
        )
      })
      await morePasses()
      await Promise.all([one.app.jobs.settle(['classifiche']), two.app.jobs.settle(['classifiche'])])

      const challengeLines = await db
        .select({ challengeId: challengeEvents.challengeId, evento: challengeEvents.evento })
        .from(challengeEvents)
        .where(
          and(
            inArray(challengeEvents.challengeId, [proposed, played]),
            inArray(challengeEvents.evento, ['sfida.scade', 'sfida.confermaAutomatica']),
          ),
        )
        .orderBy(asc(challengeEvents.id))
      expect({ round, challengeLines }).toEqual({
        round,
        challengeLines: expect.arrayContaining([
          { challengeId: proposed, evento: 'sfida.scade' },
          { challengeId: played, evento: 'sfida.confermaAutomatica' },
        ]),
      })
      expect(challengeLines).toHaveLength(2)
      // The result that stood moved each player's Power once.
      const powerLines = await countOf(
        db
          .select({ n: count() })
          .from(powerHistory)
          .where(inArray(powerHistory.personId, [c!.personId, d!.personId])),
      )
      expect({ round, powerLines }).toEqual({ round, powerLines: 2 })

      // The expiry once: one line for each of the two players it tells.
      const entryLines = await db
        .select({ evento: tournamentEntryEvents.evento, to: tournamentEntryEvents.destinatarioId })
        .from(tournamentEntryEvents)
        .where(
          and(
            eq(tournamentEntryEvents.entryId, invited),
            eq(tournamentEntryEvents.evento, 'iscrizione.scade'),
          ),
        )
        .orderBy(asc(tournamentEntryEvents.id))
      expect({ round, entryLines }).toEqual({
        round,
        entryLines: [
          { evento: 'iscrizione.scade', to: e!.personId },
          { evento: 'iscrizione.scade', to: f!.personId },
        ],
      })
      // The e-mail that tells the inviting player: one.
      const expiredMails = await db
        .select({ body: idpOutbox.body })
        .from(idpOutbox)
        .where(and(eq(idpOutbox.recipient, e!.email), sql`${idpOutbox.body} like '%scadut%'`))
        .orderBy(asc(idpOutbox.id))
      expect({ round, expiredMails: expiredMails.length }).toEqual({ round, expiredMails: 1 })

      const tieLines = await db
        .select({ evento: tieEvents.evento })
        .from(tieEvents)
        .where(and(eq(tieEvents.tieId, tie), eq(tieEvents.evento, 'incontro.confermaAutomatica')))
        .orderBy(asc(tieEvents.id))
      expect({ round, tieLines }).toEqual({ round, tieLines: [{ evento: 'incontro.confermaAutomatica' }] })

      const newsletters = await db
        .select({ subject: idpOutbox.subject })
        .from(idpOutbox)
        .where(eq(idpOutbox.recipient, reader.email))
        .orderBy(asc(idpOutbox.id))
      expect({ round, newsletters: newsletters.length }).toEqual({ round, newsletters: 1 })
      expect(
        await db
          .select({ settimana: newsletterInvii.settimana })
          .from(newsletterInvii)
          .where(eq(newsletterInvii.settimana, newsletterWeek(todayInItaly(new Date())).dal)),
      ).toHaveLength(1)
    }
  }, 180_000)

  it('two passes at once (a retried pass beside a running one) still apply each deadline once', async () => {
    const { db } = await testDatabase()
    const [a, b] = await Promise.all([makeTennisPlayer(), makeTennisPlayer()])
    const ids = await Promise.all(Array.from({ length: 5 }, () => challenge(a, b, false)))
    await db
      .update(challenges)
      .set({ scadeIl: new Date(Date.now() - 60_000) })
      .where(inArray(challenges.id, ids))
    // Each replica's repositories on its own connections (on PostgreSQL), running the pass's body side by side.
    const shared = await testDatabase()
    const database2 =
      'url' in shared.connection ? await openDatabase({ databaseUrl: shared.connection.url }) : shared
    try {
      const now = new Date()
      await Promise.all([
        applyDeadlines(createRepositories(shared.db), now),
        applyDeadlines(createRepositories(database2.db), now),
      ])
    } finally {
      if (database2 !== shared) await database2.close()
    }
    const lines = await db
      .select({ challengeId: challengeEvents.challengeId })
      .from(challengeEvents)
      .where(and(inArray(challengeEvents.challengeId, ids), eq(challengeEvents.evento, 'sfida.scade')))
      .orderBy(asc(challengeEvents.challengeId))
    expect(lines.map((l) => l.challengeId)).toEqual(ids.toSorted((x, y) => x - y))
  })
})

describe('every replica down, then two start', () => {
  it('a deadline that passed meanwhile fires once, at start', async () => {
    const [a, b] = await Promise.all([makeTennisPlayer(), makeTennisPlayer()])
    const id = await challenge(a, b, false)
    await one.close()
    await two.close()
    const { db } = await testDatabase()
    await db
      .update(challenges)
      .set({ scadeIl: new Date(Date.now() - 60_000) })
      .where(eq(challenges.id, id))
    // Both start at once; each start runs a pass before answering.
    ;[one, two] = await Promise.all([
      buildReplica({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '200' }),
      buildReplica({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '200' }),
    ])
    await until('la sfida scaduta', async () => {
      const [row] = await db.select().from(challenges).where(eq(challenges.id, id))
      return row!.status === 'expired'
    })
    await morePasses()
    const lines = await db
      .select({ evento: challengeEvents.evento })
      .from(challengeEvents)
      .where(and(eq(challengeEvents.challengeId, id), eq(challengeEvents.evento, 'sfida.scade')))
      .orderBy(asc(challengeEvents.id))
    expect(lines).toEqual([{ evento: 'sfida.scade' }])
  }, 120_000)
})

describe('the rankings a result changed', () => {
  /** The home side's first player's row in the race of the season (none before the tie counts). */
  async function raceRowOf(personId: number) {
    const { db } = await testDatabase()
    return db
      .select({ punti: rankings.punti })
      .from(rankings)
      .where(
        and(
          eq(rankings.tipo, 'race'),
          eq(rankings.sectorId, SECTOR_IDS.TENNIS),
          eq(rankings.stagione, currentSeason()),
          eq(rankings.personId, personId),
        ),
      )
      .orderBy(asc(rankings.personId))
  }

  it('are made again by a worker after the commit, not by the request', async () => {
    const tie = await tieAt(app(), fixture, 'resultEntered')
    const winner = fixture.home.players[0]!.personId
    const before = (await raceRowOf(winner))[0]?.punti ?? 0
    // The visiting captain confirms: the answer comes before the rankings are made again.
    const confirmed = await call(
      app(),
      'squadre/risultati/conferma',
      { id_incontro: tie, esito: 'conferma' },
      fixture.away.captain.token,
    )
    expect(confirmed.status).toBe(200)
    // No one runs the queue here: the replicas' workers take the rebuild on their own.
    const waiting = { timeout: 20_000, interval: 200 }
    await expect.poll(async () => (await raceRowOf(winner))[0]?.punti ?? 0, waiting).toBeGreaterThan(before)
    // The worker commits the rankings, then marks its job done: a moment when the rankings show and the job is
    // still active (under load the check fell in it).
    await expect.poll(() => one.app.jobs.pending('classifiche'), waiting).toBe(0)
  })

  it('a job asked for in a transaction is queued when it commits, never when it rolls back', async () => {
    const { db } = await testDatabase()
    const queuedWith = async (marker: number) =>
      countOf(
        db
          .execute(
            sql`select count(*)::int as n from pgboss.job where name = 'classifiche' and data->'changed' @> ${JSON.stringify([marker])}::jsonb`,
          )
          .then((r) => ((r as { rows?: unknown }).rows ?? r) as { n: number }[]),
      )
    const job = (marker: number) => ({
      sectorId: SECTOR_IDS.TENNIS,
      dataFine: todayInItaly(new Date()),
      circuitId: null,
      // No such player: the rebuild it asks for changes nothing.
      changed: [marker],
    })
    const rolledBack = -1_000_000 - Math.floor(Math.random() * 1_000_000)
    await expect(
      db.transaction(async (tx) => {
        await one.app.jobs.enqueue(tx, 'classifiche', job(rolledBack))
        throw new Error('annullata')
      }),
    ).rejects.toThrow('annullata')
    const committed = rolledBack - 1
    await db.transaction((tx) => one.app.jobs.enqueue(tx, 'classifiche', job(committed)))
    expect(await queuedWith(rolledBack)).toBe(0)
    expect(await queuedWith(committed)).toBe(1)
    await Promise.all([one.app.jobs.settle(['classifiche']), two.app.jobs.settle(['classifiche'])])
  })
})
