// How many clubs each affiliates ranking holds (club_ranking_counts, migration 0038), and how many players each
// circuit's standings hold (circuit_ranking_counts, migration 0040), are kept by the database whoever writes the
// rankings: the counts always equal a count of the rows, after insertions, an upsert, deletions and a cascade.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clubs } from '../../server/db/schema/core.ts'
import {
  circuitRankingCounts,
  circuitRankings,
  circuits,
  clubRankingCounts,
  clubRankings,
} from '../../server/db/schema/domain.ts'
import { persons } from '../../server/db/schema/core.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { testDatabase } from '../support/server.ts'

/** The stored count of a ranking, and the count of its rows. */
async function counts(sectorId: number, stagione: number) {
  const { db } = await testDatabase()
  const [kept] = await db
    .select({ n: clubRankingCounts.n })
    .from(clubRankingCounts)
    .where(and(eq(clubRankingCounts.sectorId, sectorId), eq(clubRankingCounts.stagione, stagione)))
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clubRankings)
    .where(and(eq(clubRankings.sectorId, sectorId), eq(clubRankings.stagione, stagione)))
  return { kept: kept?.n ?? 0, counted: counted!.n }
}

describe('club_ranking_counts', () => {
  it('equals the rows of each ranking after every kind of write', async () => {
    const { db } = await testDatabase()
    // A season of its own, far from the seed's, so the test's rows are the only ones.
    const stagione = 1900 + Math.floor(Math.random() * 90)
    const sectorId = SECTOR_IDS.TENNIS
    const someClubs = await db.select({ id: clubs.id }).from(clubs).orderBy(clubs.id).limit(4)
    const row = (clubId: number, posizione: number) => ({
      sectorId,
      stagione,
      clubId,
      posizione,
      punti: 100 - posizione,
      tesserati: 3,
      calcolataAl: '1900-12-31',
    })
    await db.delete(clubRankings).where(eq(clubRankings.stagione, stagione))
    expect(await counts(sectorId, stagione)).toEqual({ kept: 0, counted: 0 })

    await db.insert(clubRankings).values(someClubs.slice(0, 3).map((c, i) => row(c.id, i + 1)))
    expect(await counts(sectorId, stagione)).toEqual({ kept: 3, counted: 3 })

    // An upsert: one row updated in place, one inserted.
    await db
      .insert(clubRankings)
      .values([row(someClubs[0]!.id, 2), row(someClubs[3]!.id, 4)])
      .onConflictDoUpdate({
        target: [clubRankings.sectorId, clubRankings.stagione, clubRankings.clubId],
        set: { posizione: sql`excluded.posizione` },
      })
    expect(await counts(sectorId, stagione)).toEqual({ kept: 4, counted: 4 })

    await db
      .delete(clubRankings)
      .where(and(eq(clubRankings.stagione, stagione), eq(clubRankings.clubId, someClubs[1]!.id)))
    expect(await counts(sectorId, stagione)).toEqual({ kept: 3, counted: 3 })

    // A club deleted takes its rows with it (on delete cascade): the count follows.
    const [club] = await db
      .insert(clubs)
      .values({
        ...(await db.select().from(clubs).limit(1))[0]!,
        id: undefined,
        codice: `T${randomUUID().slice(0, 7)}`,
      } as never)
      .returning({ id: clubs.id })
    await db.insert(clubRankings).values(row(club!.id, 5))
    expect(await counts(sectorId, stagione)).toEqual({ kept: 4, counted: 4 })
    await db.delete(clubs).where(eq(clubs.id, club!.id))
    expect(await counts(sectorId, stagione)).toEqual({ kept: 3, counted: 3 })

    // The last rows gone, the count goes too.
    await db.delete(clubRankings).where(eq(clubRankings.stagione, stagione))
    const left = await db.select().from(clubRankingCounts).where(eq(clubRankingCounts.stagione, stagione))
    expect(left).toEqual([])
  })

  it('matches the seeded rankings', async () => {
    const { db } = await testDatabase()
    const wrong = await db.execute(sql`
      select r.sector_id, r.stagione from club_rankings r
      group by r.sector_id, r.stagione
      having count(*) <> coalesce((select n from club_ranking_counts c where c.sector_id = r.sector_id and c.stagione = r.stagione), 0)`)
    expect((wrong as unknown as { rows: unknown[] }).rows).toEqual([])
  })
})

describe('circuit_ranking_counts', () => {
  /** The stored count of a circuit's standings, and the count of its rows. */
  async function circuitCounts(circuitId: number) {
    const { db } = await testDatabase()
    const [kept] = await db
      .select({ n: circuitRankingCounts.n })
      .from(circuitRankingCounts)
      .where(eq(circuitRankingCounts.circuitId, circuitId))
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(circuitRankings)
      .where(eq(circuitRankings.circuitId, circuitId))
    return { kept: kept?.n ?? 0, counted: counted!.n }
  }

  it('equals the rows of each standings after insertions, an upsert and deletions', async () => {
    const { db } = await testDatabase()
    const [circuit] = await db.select({ id: circuits.id }).from(circuits).orderBy(circuits.id).limit(1)
    const before = await circuitCounts(circuit!.id)
    expect(before.kept).toBe(before.counted)
    // Players not in its standings yet.
    const outside = await db
      .select({ id: persons.id })
      .from(persons)
      .where(
        sql`not exists (select 1 from ${circuitRankings} r where r.circuit_id = ${circuit!.id} and r.person_id = ${persons.id})`,
      )
      .orderBy(persons.id)
      .limit(2)
    const row = (personId: number) => ({
      circuitId: circuit!.id,
      personId,
      posizione: 999,
      punti: 1,
      tappe: 1,
    })
    await db.insert(circuitRankings).values(outside.map((p) => row(p.id)))
    expect(await circuitCounts(circuit!.id)).toEqual({
      kept: before.counted + 2,
      counted: before.counted + 2,
    })
    await db
      .insert(circuitRankings)
      .values([row(outside[0]!.id)])
      .onConflictDoUpdate({
        target: [circuitRankings.circuitId, circuitRankings.personId],
        set: { punti: 2 },
      })
    expect(await circuitCounts(circuit!.id)).toEqual({
      kept: before.counted + 2,
      counted: before.counted + 2,
    })
    await db.delete(circuitRankings).where(
      and(
        eq(circuitRankings.circuitId, circuit!.id),
        sql`${circuitRankings.personId} in (${sql.join(
          outside.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      ),
    )
    expect(await circuitCounts(circuit!.id)).toEqual(before)
  })

  it('matches the seeded standings', async () => {
    const { db } = await testDatabase()
    const wrong = await db.execute(sql`
      select r.circuit_id from circuit_rankings r
      group by r.circuit_id
      having count(*) <> coalesce((select n from circuit_ranking_counts c where c.circuit_id = r.circuit_id), 0)`)
    expect((wrong as unknown as { rows: unknown[] }).rows).toEqual([])
  })
})
