// The incremental rebuild of the rankings (server/repositories/ranking-refresh.ts) gives, row for row, what the full
// rebuild gives: after a new tournament, after a correction that takes a player's points away, and a month later when
// the national 52 weeks have moved. Compared: the players' rankings (points, results, positions, list order, the
// copies of club, province, sex and birth date, the day), the clubs' ranking and the filter counts. The fixture lives
// in a sector of its own, removed after the file.
import { and, asc, eq, inArray } from 'drizzle-orm'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS } from '../../contract/constants.ts'
import { persons, sectors } from '../../server/db/schema/core.ts'
import {
  clubRankings,
  clubs,
  rankingCounts,
  rankings,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import {
  rebuildRankings,
  refreshRankings,
  type RefreshedTournament,
} from '../../server/repositories/ranking-refresh.ts'
import { testDatabase } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'

const SECTOR = 63
const TODAY = '2026-11-20'
const LATER = '2026-12-21'
const tag = uniqueLetters(6)
/** Surnames repeat, so the list's tie-break by name (and then id) is exercised. */
const SURNAMES = ['Rossi', 'Bianchi', 'rossi', 'Neri', 'De Luca']
const PEOPLE = 14

let personIds: number[] = []
let clubIds: number[] = []
let tournamentNo = 0

const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T12:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  const { db } = await testDatabase()
  await db
    .insert(sectors)
    .values({ id: SECTOR, disciplineId: DISCIPLINE_IDS.PICKLEBALL, nome: 'Prova ricalcolo', ordine: 99 })
    .onConflictDoNothing()
  clubIds = (
    await db
      .insert(clubs)
      .values(
        ['RM', 'MI', 'NA'].map((provincia, i) => ({
          codice: `${provincia}${uniqueLetters(8)}`,
          nome: `Circolo ${i} ${tag}`,
          provincia,
          comune: 'Comune',
          indirizzo: 'Via dei Campi 1',
        })),
      )
      .returning({ id: clubs.id })
  ).map((c) => c.id)
  personIds = (
    await db
      .insert(persons)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          nome: i % 3 === 0 ? 'Anna' : 'Luca',
          cognome: `${SURNAMES[i % SURNAMES.length]}${tag}`,
          sesso: i % 2 === 0 ? 'F' : 'M',
          dataNascita: `${1970 + i * 3}-03-0${1 + (i % 9)}`,
          provincia: ['RM', 'MI', 'NA', 'TO'][i % 4]!,
          // Every fifth player has no club.
          clubId: i % 5 === 4 ? null : clubIds[i % 3]!,
        })),
      )
      .returning({ id: persons.id })
  ).map((p) => p.id)
})

afterAll(async () => {
  const { db } = await testDatabase()
  await db.delete(rankings).where(eq(rankings.sectorId, SECTOR))
  await db.delete(rankingCounts).where(eq(rankingCounts.sectorId, SECTOR))
  await db.delete(clubRankings).where(eq(clubRankings.sectorId, SECTOR))
  await db.delete(tournamentPoints).where(eq(tournamentPoints.sectorId, SECTOR))
  await db.delete(tournaments).where(eq(tournaments.sectorId, SECTOR))
  await db.delete(persons).where(inArray(persons.id, personIds))
  await db.delete(clubs).where(inArray(clubs.id, clubIds))
  await db.delete(sectors).where(eq(sectors.id, SECTOR))
})

type Line = { person: number; punti: number }

/** A concluded tournament of the sector that ended `offset` days before TODAY, with its point lines. */
async function tournament(offset: number, lines: Line[]): Promise<RefreshedTournament & { id: number }> {
  const { db } = await testDatabase()
  tournamentNo++
  const [t] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo ${tournamentNo} ${tag}`,
      disciplineId: DISCIPLINE_IDS.PICKLEBALL,
      sectorId: SECTOR,
      tipo: 'TR',
      categoria: 'OPEN',
      clubId: clubIds[0]!,
      dataInizio: day(offset),
      dataFine: day(offset),
      status: 'concluso',
    })
    .returning()
  const unique = new Map(lines.map((l) => [personIds[l.person]!, l.punti]))
  if (unique.size > 0)
    await db.insert(tournamentPoints).values(
      [...unique].map(([personId, punti]) => ({
        tournamentId: t!.id,
        personId,
        sectorId: SECTOR,
        risultato: 'QF',
        categoria: 'OPEN',
        punti,
        data: t!.dataFine,
      })),
    )
  return { id: t!.id, sectorId: SECTOR, dataFine: t!.dataFine, circuitId: null }
}

/** Everything the rebuild writes for the sector, in a fixed order. */
async function published() {
  const { db } = await testDatabase()
  const players = await db
    .select()
    .from(rankings)
    .where(eq(rankings.sectorId, SECTOR))
    .orderBy(asc(rankings.tipo), asc(rankings.stagione), asc(rankings.personId))
  const ofClubs = await db
    .select()
    .from(clubRankings)
    .where(eq(clubRankings.sectorId, SECTOR))
    .orderBy(asc(clubRankings.stagione), asc(clubRankings.clubId))
  const counts = await db
    .select()
    .from(rankingCounts)
    .where(eq(rankingCounts.sectorId, SECTOR))
    .orderBy(
      asc(rankingCounts.tipo),
      asc(rankingCounts.stagione),
      asc(rankingCounts.sesso),
      asc(rankingCounts.regione),
      asc(rankingCounts.provincia),
      asc(rankingCounts.anno),
    )
  return { players, ofClubs, counts }
}

async function full(t: RefreshedTournament, today: string) {
  const { db } = await testDatabase()
  await db.transaction((tx) => rebuildRankings(tx, t, today))
}

async function incremental(t: RefreshedTournament, today: string, changed: number[]) {
  const { db } = await testDatabase()
  return db.transaction((tx) => refreshRankings(tx, t, today, new Set(changed)))
}

/** Takes the sector back to no tournament at all. */
async function clear() {
  const { db } = await testDatabase()
  await db.delete(tournamentPoints).where(eq(tournamentPoints.sectorId, SECTOR))
  await db.delete(tournaments).where(eq(tournaments.sectorId, SECTOR))
  await db.delete(rankings).where(eq(rankings.sectorId, SECTOR))
  await db.delete(rankingCounts).where(eq(rankingCounts.sectorId, SECTOR))
  await db.delete(clubRankings).where(eq(clubRankings.sectorId, SECTOR))
}

const lineArb = fc.record({
  person: fc.integer({ min: 0, max: PEOPLE - 1 }),
  // A few values, so equal points (and the tie-breaks) are common.
  punti: fc.constantFrom(25, 45, 90, 180, 300, 500),
})
const tournamentArb = fc.record({
  offset: fc.integer({ min: 0, max: 420 }),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
})

describe('incremental rankings rebuild', () => {
  it('after a new tournament, a correction and a month later equals the full rebuild, row for row (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tournamentArb, { minLength: 1, maxLength: 6 }),
        tournamentArb,
        fc.array(fc.integer({ min: 0, max: PEOPLE - 1 }), { maxLength: 3 }),
        async (history, next, dropped) => {
          await clear()
          const { db } = await testDatabase()
          const past = []
          for (const t of history) past.push(await tournament(t.offset, t.lines))
          // Lines the month's move of the 52 weeks takes out of the national ranking (and one it keeps).
          past.push(
            await tournament(350, [
              { person: 5, punti: 500 },
              { person: 6, punti: 90 },
            ]),
            await tournament(300, [{ person: 6, punti: 45 }]),
          )
          await full(past.at(-1)!, TODAY)

          // A new tournament ends: only its players are passed.
          const played = await tournament(Math.min(next.offset, 300), next.lines)
          await incremental(
            played,
            TODAY,
            next.lines.map((l) => personIds[l.person]!),
          )
          const afterNew = await published()
          await full(played, TODAY)
          expect(afterNew).toEqual(await published())

          // A correction of an earlier tournament takes some players' points away (as draws.ts passes the players
          // before and after).
          const corrected = past[0]!
          const before = await db
            .select({ personId: tournamentPoints.personId })
            .from(tournamentPoints)
            .where(eq(tournamentPoints.tournamentId, corrected.id))
          for (const k of dropped)
            await db
              .delete(tournamentPoints)
              .where(
                and(
                  eq(tournamentPoints.tournamentId, corrected.id),
                  eq(tournamentPoints.personId, personIds[k]!),
                ),
              )
          await incremental(
            corrected,
            TODAY,
            before.map((b) => b.personId),
          )
          const afterCorrection = await published()
          await full(corrected, TODAY)
          expect(afterCorrection).toEqual(await published())

          // A month later another tournament ends: the 52 weeks moved, lines left them and came in.
          const later = await tournament(-25, [{ person: 0, punti: 45 }])
          await incremental(later, LATER, [personIds[0]!])
          const afterMonth = await published()
          await full(later, LATER)
          expect(afterMonth).toEqual(await published())
        },
      ),
      // Each run writes and rebuilds the sector six times: a few runs, on a machine shared with other suites.
      { numRuns: 6 },
    )
  }, 240_000)

  it('touches only what changed: rows of players outside the tournament and above it keep their numbers', async () => {
    await clear()
    const { db } = await testDatabase()
    const first = await tournament(10, [
      { person: 0, punti: 500 },
      { person: 1, punti: 300 },
      { person: 2, punti: 180 },
      { person: 3, punti: 90 },
    ])
    await full(first, TODAY)
    const top = async () =>
      db
        .select({ personId: rankings.personId, posizione: rankings.posizione, ordine: rankings.ordine })
        .from(rankings)
        .where(and(eq(rankings.sectorId, SECTOR), eq(rankings.tipo, 'nazionale')))
        .orderBy(asc(rankings.ordine))
    const before = await top()
    // Player 4 enters with 45 points, below everyone: the four above keep their positions and order.
    const second = await tournament(5, [{ person: 4, punti: 45 }])
    const counts = await incremental(second, TODAY, [personIds[4]!])
    // The incremental path itself, not the full rebuild it falls back to (a new season, weeks without a refresh).
    expect(counts).toMatchObject({ race: 5, nazionale: 5, incrementale: true })
    const after = await top()
    expect(after.slice(0, 4)).toEqual(before)
    expect(after[4]).toEqual({ personId: personIds[4], posizione: 5, ordine: 5 })
  })
})
