// A sector of a test file's own for the rankings' tests: the sector, a club in Rome and a tournament already played
// this season to hang point lines on; its rankings rebuilt by the code a finished tournament runs; and everything the
// rankings wrote in it removed after the file (the people stay, as every test file leaves its own).
import { eq } from 'drizzle-orm'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { sectors } from '../../server/db/schema/core.ts'
import {
  clubRankings,
  clubs,
  rankingCounts,
  rankings,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { refreshRankings } from '../../server/repositories/ranking-refresh.ts'
import { testDatabase } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'

/** The sector, a club in Rome and a tournament of this season's 1 January, already played. */
export async function rankingSector(sectorId: number, disciplineId: number, nome: string) {
  const { db } = await testDatabase()
  const season = currentSeason()
  await db.insert(sectors).values({ id: sectorId, disciplineId, nome, ordine: 99 }).onConflictDoNothing()
  const tag = uniqueLetters(6)
  const [club] = await db
    .insert(clubs)
    .values({
      codice: `RM${uniqueLetters(8)}`,
      nome: `Circolo ${tag}`,
      provincia: 'RM',
      comune: 'Roma',
      indirizzo: 'Via dei Campi 2',
    })
    .returning()
  const [tournament] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo ${tag}`,
      disciplineId,
      sectorId,
      tipo: 'TR',
      categoria: 'OPEN',
      clubId: club!.id,
      dataInizio: `${season}-01-01`,
      dataFine: `${season}-01-01`,
      status: 'concluso',
    })
    .returning()
  return { club: club!, tournament: tournament! }
}

/** The sector's rankings rebuilt as a finished tournament rebuilds them. */
export async function rebuildRankings(sectorId: number) {
  const { db } = await testDatabase()
  const today = todayInItaly()
  await db.transaction((tx) => refreshRankings(tx, { sectorId, dataFine: today, circuitId: null }, today))
}

/** What the rankings wrote in the sector, its point lines, tournaments and the sector itself, removed. */
export async function dropRankingSector(sectorId: number) {
  const { db } = await testDatabase()
  await db.delete(rankings).where(eq(rankings.sectorId, sectorId))
  await db.delete(rankingCounts).where(eq(rankingCounts.sectorId, sectorId))
  await db.delete(clubRankings).where(eq(clubRankings.sectorId, sectorId))
  await db.delete(tournamentPoints).where(eq(tournamentPoints.sectorId, sectorId))
  await db.delete(tournaments).where(eq(tournaments.sectorId, sectorId))
  await db.delete(sectors).where(eq(sectors.id, sectorId))
}
