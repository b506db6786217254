// The home's figures (numeri_tpra) come from numeri_stagione, kept per sector and season by triggers (migration
// 0029_numeri_stagione). Every change of cards, tournaments, results, ties and rubbers below leaves them equal to
// a fresh count of the rows (tests/support/numeri.ts), and numeri_tpra answers what a fresh count says.
import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import type { Database, Db } from '../../server/db/client.ts'
import { clubs, persons, tessere } from '../../server/db/schema/core.ts'
import {
  clubDisciplines,
  matches,
  numeriCircoli,
  numeriStagione,
  teamTies,
  tieMatches,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { PLAYED_OUTCOMES } from '../../server/domain/tournaments.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { recountHomeFigures } from '../../server/repositories/tournaments.ts'
import { clubsDrift, countedFigures, figuresDrift, keptFigures } from '../support/numeri.ts'
import { freshDatabase } from '../support/server.ts'

let database: Database
let db: Db
beforeAll(async () => {
  // A private copy: the tournaments deleted and moved below are no other file's business.
  database = await freshDatabase()
  db = database.db
})
afterAll(() => database.close())

const SEASON = currentSeason()

async function kept(sectorId: number, stagione: number) {
  const [row] = await db
    .select({
      giocatori: numeriStagione.giocatori,
      tornei: numeriStagione.tornei,
      partite: numeriStagione.partite,
    })
    .from(numeriStagione)
    .where(and(eq(numeriStagione.sectorId, sectorId), eq(numeriStagione.stagione, stagione)))
  return row ?? { giocatori: 0, tornei: 0, partite: 0 }
}

async function newPerson() {
  const [row] = await db
    .insert(persons)
    .values({ nome: 'Numeri', cognome: `Prova ${randomUUID().slice(0, 8)}` })
    .returning({ id: persons.id })
  return row!.id
}

function card(personId: number, stagione = SEASON, sectorId: number = SECTOR_IDS.TENNIS) {
  return {
    codiceTessera: `N${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    personId,
    tipologia: 'Agonistica',
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId,
    stagione,
    validaDal: `${stagione}-01-01`,
    validaAl: `${stagione}-12-31`,
  }
}

/** A tournament of the seed with `n` played matches or more, and the season it is in. */
async function tournamentWithPlayedMatches(n: number, exclude: number[] = []) {
  const [row] = await db
    .select({ id: tournaments.id, sectorId: tournaments.sectorId, dataInizio: tournaments.dataInizio })
    .from(tournaments)
    .innerJoin(matches, eq(matches.tournamentId, tournaments.id))
    .where(
      and(
        inArray(matches.esito, PLAYED_OUTCOMES),
        exclude.length > 0 ? sql`${tournaments.id} not in ${exclude}` : undefined,
      ),
    )
    .groupBy(tournaments.id)
    .having(sql`count(*) >= ${n}`)
    .orderBy(asc(tournaments.id))
    .limit(1)
  expect(row).toBeDefined()
  return { ...row!, stagione: Number(row!.dataInizio.slice(0, 4)) }
}

describe('numeri_stagione', () => {
  it('holds the fresh counts of the seeded data, and the backfill makes them again from nothing', async () => {
    const counted = await countedFigures(db)
    expect(counted.length).toBeGreaterThan(0)
    expect(await keptFigures(db)).toEqual(counted)
    expect(await clubsDrift(db)).toEqual([])
    await db.execute(sql`delete from numeri_stagione`)
    await db.execute(sql`delete from numeri_circoli`)
    expect(await keptFigures(db)).toEqual([])
    await db.execute(sql`select numeri_stagione_ricalcola()`)
    await db.execute(sql`select numeri_circoli_ricalcola()`)
    expect(await keptFigures(db)).toEqual(counted)
    expect(await clubsDrift(db)).toEqual([])
  })

  it('are counted again after a load with the triggers off (the seed at the larger scales)', async () => {
    const person = await newPerson()
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.insert(tessere).values(card(person, SEASON + 7))
    })
    expect(await figuresDrift(db)).not.toEqual([])
    await recountHomeFigures(db)
    expect(await figuresDrift(db)).toEqual([])
    expect((await kept(SECTOR_IDS.TENNIS, SEASON + 7)).giocatori).toBe(1)
  })

  it('counts a player once in a sector’s season, however many cards they hold there', async () => {
    const before = await kept(SECTOR_IDS.TENNIS, SEASON)
    const person = await newPerson()
    const [first] = await db.insert(tessere).values(card(person)).returning({ id: tessere.id })
    expect((await kept(SECTOR_IDS.TENNIS, SEASON)).giocatori).toBe(before.giocatori + 1)
    const [second] = await db.insert(tessere).values(card(person)).returning({ id: tessere.id })
    expect((await kept(SECTOR_IDS.TENNIS, SEASON)).giocatori).toBe(before.giocatori + 1)
    await db.delete(tessere).where(eq(tessere.id, first!.id))
    expect((await kept(SECTOR_IDS.TENNIS, SEASON)).giocatori).toBe(before.giocatori + 1)
    // The last card moves to another season: the player goes with it.
    await db
      .update(tessere)
      .set({ stagione: SEASON + 3 })
      .where(eq(tessere.id, second!.id))
    expect((await kept(SECTOR_IDS.TENNIS, SEASON)).giocatori).toBe(before.giocatori)
    expect((await kept(SECTOR_IDS.TENNIS, SEASON + 3)).giocatori).toBe(1)
    // A change that keeps person, sector and season changes no figure.
    await db.update(tessere).set({ tipologia: 'Dirigente' }).where(eq(tessere.id, second!.id))
    expect((await kept(SECTOR_IDS.TENNIS, SEASON + 3)).giocatori).toBe(1)
    await db.delete(tessere).where(eq(tessere.personId, person))
    expect((await kept(SECTOR_IDS.TENNIS, SEASON + 3)).giocatori).toBe(0)
    // Many cards in one statement: one player each, whatever the order.
    const people = await Promise.all([newPerson(), newPerson(), newPerson()])
    await db.insert(tessere).values([...people, ...people, people[0]!].map((p) => card(p)))
    expect((await kept(SECTOR_IDS.TENNIS, SEASON)).giocatori).toBe(before.giocatori + 3)
    expect(await figuresDrift(db)).toEqual([])
  })

  it('counts a player once when two connections give them a card at the same time', async () => {
    const before = await kept(SECTOR_IDS.PADEL, SEASON)
    const person = await newPerson()
    // Each transaction waits a moment after its card, so that both are in flight together on PostgreSQL.
    await Promise.all(
      [0, 1].map(() =>
        db.transaction(async (tx) => {
          await tx.insert(tessere).values(card(person, SEASON, SECTOR_IDS.PADEL))
          await tx.execute(sql`select pg_sleep(0.2)`)
        }),
      ),
    )
    expect((await kept(SECTOR_IDS.PADEL, SEASON)).giocatori).toBe(before.giocatori + 1)
    expect(await figuresDrift(db)).toEqual([])
  })

  it('follows a match’s result, its removal and its return', async () => {
    const t = await tournamentWithPlayedMatches(2)
    const before = await kept(t.sectorId, t.stagione)
    const [played] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.tournamentId, t.id), inArray(matches.esito, PLAYED_OUTCOMES)))
      .orderBy(asc(matches.id))
      .limit(1)
    // A walkover is not a played match; a retirement is.
    await db.update(matches).set({ esito: 'walkover' }).where(eq(matches.id, played!.id))
    expect((await kept(t.sectorId, t.stagione)).partite).toBe(before.partite - 1)
    await db.update(matches).set({ esito: 'ritiro' }).where(eq(matches.id, played!.id))
    expect((await kept(t.sectorId, t.stagione)).partite).toBe(before.partite)
    // A change that is no result changes no figure.
    await db.update(matches).set({ programmataIl: new Date() }).where(eq(matches.tournamentId, t.id))
    expect((await kept(t.sectorId, t.stagione)).partite).toBe(before.partite)
    const [gone] = await db.delete(matches).where(eq(matches.id, played!.id)).returning()
    expect((await kept(t.sectorId, t.stagione)).partite).toBe(before.partite - 1)
    await db.insert(matches).values(gone!)
    expect((await kept(t.sectorId, t.stagione)).partite).toBe(before.partite)
    expect(await figuresDrift(db)).toEqual([])
  })

  it('moves a tournament’s matches with it to another season, drops it when cancelled, and when deleted', async () => {
    const t = await tournamentWithPlayedMatches(1)
    const [{ n: giocate }] = (await countedPlayed(t.id)) as [{ n: number }]
    const status = (
      await db.select({ s: tournaments.status }).from(tournaments).where(eq(tournaments.id, t.id))
    )[0]!.s
    const counts = status === 'annullato' ? 0 : 1
    const here = await kept(t.sectorId, t.stagione)
    const there = await kept(t.sectorId, t.stagione - 5)
    await db
      .update(tournaments)
      .set({ dataInizio: sql`${tournaments.dataInizio} - interval '5 years'` })
      .where(eq(tournaments.id, t.id))
    expect(await kept(t.sectorId, t.stagione)).toMatchObject({
      tornei: here.tornei - counts,
      partite: here.partite - giocate,
    })
    expect(await kept(t.sectorId, t.stagione - 5)).toMatchObject({
      tornei: there.tornei + counts,
      partite: there.partite + giocate,
    })
    await db.update(tournaments).set({ status: 'annullato' }).where(eq(tournaments.id, t.id))
    expect((await kept(t.sectorId, t.stagione - 5)).tornei).toBe(there.tornei)
    expect(await figuresDrift(db)).toEqual([])
    await db.delete(tournaments).where(eq(tournaments.id, t.id))
    expect(await kept(t.sectorId, t.stagione - 5)).toMatchObject({
      tornei: there.tornei,
      partite: there.partite,
    })
    expect(await figuresDrift(db)).toEqual([])
  })

  it('follows a tie’s rubbers, and a tie deleted with them', async () => {
    const [tie] = await db
      .select({ id: teamTies.id, tournamentId: teamTies.tournamentId })
      .from(teamTies)
      .innerJoin(tieMatches, eq(tieMatches.tieId, teamTies.id))
      .where(inArray(tieMatches.esito, PLAYED_OUTCOMES))
      .groupBy(teamTies.id)
      .having(sql`count(*) >= 2`)
      .orderBy(asc(teamTies.id))
      .limit(1)
    expect(tie).toBeDefined()
    const [t] = await db
      .select({ sectorId: tournaments.sectorId, dataInizio: tournaments.dataInizio })
      .from(tournaments)
      .where(eq(tournaments.id, tie!.tournamentId))
    const stagione = Number(t!.dataInizio.slice(0, 4))
    const before = await kept(t!.sectorId, stagione)
    const rubbers = await db
      .select({ id: tieMatches.id })
      .from(tieMatches)
      .where(and(eq(tieMatches.tieId, tie!.id), inArray(tieMatches.esito, PLAYED_OUTCOMES)))
      .orderBy(asc(tieMatches.id))
    await db.update(tieMatches).set({ esito: 'walkover' }).where(eq(tieMatches.id, rubbers[0]!.id))
    expect((await kept(t!.sectorId, stagione)).partite).toBe(before.partite - 1)
    await db.delete(teamTies).where(eq(teamTies.id, tie!.id))
    expect((await kept(t!.sectorId, stagione)).partite).toBe(before.partite - rubbers.length)
    expect(await figuresDrift(db)).toEqual([])
  })

  it('counts a club in each discipline it offers while it is active', async () => {
    const circoli = async (disciplineId: number) =>
      (
        await db
          .select({ n: numeriCircoli.circoli })
          .from(numeriCircoli)
          .where(eq(numeriCircoli.disciplineId, disciplineId))
      )[0]?.n ?? 0
    const [tennis, padel] = [await circoli(DISCIPLINE_IDS.TENNIS), await circoli(DISCIPLINE_IDS.PADEL)]
    const [club] = await db
      .insert(clubs)
      .values({
        codice: `RM${randomUUID().slice(0, 6)}`,
        nome: 'Circolo dei numeri',
        provincia: 'RM',
        comune: 'Roma',
        indirizzo: 'Via dei Numeri 1',
      })
      .returning({ id: clubs.id })
    await db.insert(clubDisciplines).values([
      { clubId: club!.id, disciplineId: DISCIPLINE_IDS.TENNIS },
      { clubId: club!.id, disciplineId: DISCIPLINE_IDS.PADEL },
    ])
    expect([await circoli(DISCIPLINE_IDS.TENNIS), await circoli(DISCIPLINE_IDS.PADEL)]).toEqual([
      tennis + 1,
      padel + 1,
    ])
    await db.update(clubs).set({ attivo: false }).where(eq(clubs.id, club!.id))
    expect([await circoli(DISCIPLINE_IDS.TENNIS), await circoli(DISCIPLINE_IDS.PADEL)]).toEqual([
      tennis,
      padel,
    ])
    // A discipline added to an inactive club counts when the club is active again.
    await db
      .delete(clubDisciplines)
      .where(
        and(eq(clubDisciplines.clubId, club!.id), eq(clubDisciplines.disciplineId, DISCIPLINE_IDS.PADEL)),
      )
    expect(await circoli(DISCIPLINE_IDS.PADEL)).toBe(padel)
    await db.update(clubs).set({ attivo: true }).where(eq(clubs.id, club!.id))
    expect([await circoli(DISCIPLINE_IDS.TENNIS), await circoli(DISCIPLINE_IDS.PADEL)]).toEqual([
      tennis + 1,
      padel,
    ])
    // A change that keeps the club active changes nothing.
    await db.update(clubs).set({ telefono: '06 1234567' }).where(eq(clubs.id, club!.id))
    expect(await circoli(DISCIPLINE_IDS.TENNIS)).toBe(tennis + 1)
    await db.delete(clubs).where(eq(clubs.id, club!.id))
    expect([await circoli(DISCIPLINE_IDS.TENNIS), await circoli(DISCIPLINE_IDS.PADEL)]).toEqual([
      tennis,
      padel,
    ])
    expect(await clubsDrift(db)).toEqual([])
  })

  it('is what numeri_tpra answers: the fresh count of the season', async () => {
    const repos = createRepositories(db)
    const scope = (await repos.sectors.scope(SECTOR_IDS.TENNIS))!
    const counted = (await countedFigures(db)).find(
      (f) => f.sector_id === SECTOR_IDS.TENNIS && f.stagione === SEASON,
    )
    expect(counted).toBeDefined()
    const [clubsCounted] = await db
      .select({ n: count() })
      .from(clubDisciplines)
      .innerJoin(clubs, eq(clubs.id, clubDisciplines.clubId))
      .where(and(eq(clubs.attivo, true), eq(clubDisciplines.disciplineId, scope.disciplineId)))
    expect(await repos.tournaments.seasonFigures(scope, SEASON)).toEqual({
      giocatori: counted!.giocatori,
      circoli: clubsCounted!.n,
      tornei: counted!.tornei,
      partite: counted!.partite,
    })
  })
})

function countedPlayed(tournamentId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .where(and(eq(matches.tournamentId, tournamentId), inArray(matches.esito, PLAYED_OUTCOMES)))
}
