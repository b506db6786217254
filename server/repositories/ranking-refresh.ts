// The published rankings made again after a tournament's points change (its last result, or a correction): the
// race of the tournament's year, the national ranking as of today, the clubs' ranking and the circuit's standings,
// computed by the same server/domain functions the seed uses, and written in the result's own transaction so a
// reader sees the old rankings or the new ones, never half of each.
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clubs, persons } from '../db/schema/core.ts'
import {
  circuitRankings,
  clubRankings,
  matches,
  rankings,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../db/schema/domain.ts'
import { classificaCircuito, type CircuitMatch } from '../domain/circuits.ts'
import {
  classificaAffiliati,
  classificaNazionale,
  raceAnnuale,
  type PointsRecord,
} from '../domain/rankings.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 11 columns a row. */
const CHUNK = 2_000

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

export type RefreshedTournament = { sectorId: number; dataFine: string; circuitId: number | null }

export type RefreshedRankings = {
  race: number
  nazionale: number
  affiliati: number
  circuito: number | null
}

/**
 * Rebuilds the sector's race for the tournament's year, its national ranking as of `today` (YYYY-MM-DD, Italy),
 * its clubs' ranking for the year and, for a circuit stage, the circuit's standings. Answers the rows written.
 */
export async function refreshRankings(
  tx: Tx,
  tournament: RefreshedTournament,
  today: string,
): Promise<RefreshedRankings> {
  const { sectorId } = tournament
  const records: PointsRecord[] = await tx
    .select({
      personId: tournamentPoints.personId,
      tournamentId: tournamentPoints.tournamentId,
      punti: tournamentPoints.punti,
      data: tournamentPoints.data,
    })
    .from(tournamentPoints)
    .where(eq(tournamentPoints.sectorId, sectorId))
  const people = await tx
    .select({ id: persons.id, clubId: persons.clubId, provincia: persons.provincia, sesso: persons.sesso })
    .from(persons)
    .where(
      inArray(
        persons.id,
        tx
          .selectDistinct({ id: tournamentPoints.personId })
          .from(tournamentPoints)
          .where(eq(tournamentPoints.sectorId, sectorId)),
      ),
    )
  const person = new Map(people.map((p) => [p.id, p]))

  const year = Number(tournament.dataFine.slice(0, 4))
  const currentYear = Number(today.slice(0, 4))
  const snapshots = [
    { tipo: 'race', stagione: year, rows: raceAnnuale(records, year), calcolataAl: dayOf(year) },
    {
      tipo: 'nazionale',
      stagione: currentYear,
      rows: classificaNazionale(records, today),
      calcolataAl: today,
    },
  ]
  function dayOf(season: number) {
    return season === currentYear ? today : `${season}-12-31`
  }
  for (const snapshot of snapshots) {
    await tx
      .delete(rankings)
      .where(
        and(
          eq(rankings.tipo, snapshot.tipo),
          eq(rankings.sectorId, sectorId),
          eq(rankings.stagione, snapshot.stagione),
        ),
      )
    await insertChunked(
      snapshot.rows.map((row) => {
        const p = person.get(row.personId)
        return {
          tipo: snapshot.tipo,
          sectorId,
          stagione: snapshot.stagione,
          personId: row.personId,
          posizione: row.posizione,
          punti: row.punti,
          tornei: row.tornei,
          clubId: p?.clubId ?? null,
          provincia: p?.provincia ?? null,
          sesso: p?.sesso ?? null,
          calcolataAl: snapshot.calcolataAl,
        }
      }),
      (chunk) => tx.insert(rankings).values(chunk),
    )
  }

  const clubOf = new Map(people.map((p) => [p.id, p.clubId]))
  const clubRows = classificaAffiliati(records, clubOf, year)
  const clubIds = clubRows.map((r) => r.clubId)
  const clubProvince = new Map(
    clubIds.length === 0
      ? []
      : (
          await tx
            .select({ id: clubs.id, provincia: clubs.provincia })
            .from(clubs)
            .where(inArray(clubs.id, clubIds))
        ).map((c) => [c.id, c.provincia]),
  )
  await tx
    .delete(clubRankings)
    .where(and(eq(clubRankings.sectorId, sectorId), eq(clubRankings.stagione, year)))
  await insertChunked(
    clubRows.map((row) => ({
      sectorId,
      stagione: year,
      clubId: row.clubId,
      posizione: row.posizione,
      punti: row.punti,
      tesserati: row.tesserati,
      provincia: clubProvince.get(row.clubId) ?? null,
      calcolataAl: dayOf(year),
    })),
    (chunk) => tx.insert(clubRankings).values(chunk),
  )

  const circuito = tournament.circuitId === null ? null : await refreshCircuit(tx, tournament.circuitId)
  return {
    race: snapshots[0]!.rows.length,
    nazionale: snapshots[1]!.rows.length,
    affiliati: clubRows.length,
    circuito,
  }
}

/**
 * The circuit's standings from the points of its stages and, for the tie-breaks, the matches played on court in
 * its ended stages.
 */
async function refreshCircuit(tx: Tx, circuitId: number): Promise<number> {
  const stages = await tx
    .select({ id: tournaments.id, status: tournaments.status })
    .from(tournaments)
    .where(eq(tournaments.circuitId, circuitId))
  const stageIds = stages.map((s) => s.id)
  const ended = stages.filter((s) => s.status === 'concluso').map((s) => s.id)
  const records: PointsRecord[] =
    stageIds.length === 0
      ? []
      : await tx
          .select({
            personId: tournamentPoints.personId,
            tournamentId: tournamentPoints.tournamentId,
            punti: tournamentPoints.punti,
            data: tournamentPoints.data,
          })
          .from(tournamentPoints)
          .where(inArray(tournamentPoints.tournamentId, stageIds))
  const played: CircuitMatch[] = []
  if (ended.length > 0) {
    const entries = await tx
      .select({
        id: tournamentEntries.id,
        personId: tournamentEntries.personId,
        partnerId: tournamentEntries.partnerId,
      })
      .from(tournamentEntries)
      .where(inArray(tournamentEntries.tournamentId, ended))
    const sideOf = new Map(
      entries.map((e) => [e.id, e.partnerId === null ? [e.personId] : [e.personId, e.partnerId]]),
    )
    const rows = await tx
      .select({
        entryAId: matches.entryAId,
        entryBId: matches.entryBId,
        winnerEntryId: matches.winnerEntryId,
        gameA: matches.gameA,
        gameB: matches.gameB,
      })
      .from(matches)
      .where(
        and(
          inArray(matches.tournamentId, ended),
          // Won on court: a walkover (or a bye) was not played (docs/regole.md, circuit tie-breaks).
          inArray(matches.esito, ['giocata', 'ritiro']),
          isNotNull(matches.winnerEntryId),
          isNotNull(matches.entryAId),
          isNotNull(matches.entryBId),
        ),
      )
    for (const m of rows) {
      const sideA = sideOf.get(m.entryAId!)
      const sideB = sideOf.get(m.entryBId!)
      if (!sideA || !sideB) continue
      played.push({
        sideA,
        sideB,
        winner: m.winnerEntryId === m.entryAId ? 'A' : 'B',
        gameA: m.gameA ?? 0,
        gameB: m.gameB ?? 0,
      })
    }
  }
  const standings = classificaCircuito(records, played)
  await tx.delete(circuitRankings).where(eq(circuitRankings.circuitId, circuitId))
  await insertChunked(
    standings.map((row) => ({
      circuitId,
      personId: row.personId,
      posizione: row.posizione,
      punti: row.punti,
      tappe: row.tappe,
    })),
    (chunk) => tx.insert(circuitRankings).values(chunk),
  )
  return standings.length
}
