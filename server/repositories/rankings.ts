import { and, asc, count, eq, lte, max } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons } from '../db/schema/core.ts'
import { circuitRankings, circuits, clubs, rankings } from '../db/schema/domain.ts'

type RankingType = (typeof rankings.$inferSelect)['tipo']

/** The published rankings: national and regional ones, and circuit standings. */
export function rankingsRepository(db: Db) {
  return {
    /** The latest season with a ranking of this type in the sector, or undefined. */
    async latestSeason(tipo: RankingType, sectorId: number): Promise<number | undefined> {
      const [latest] = await db
        .select({ stagione: max(rankings.stagione) })
        .from(rankings)
        .where(and(eq(rankings.tipo, tipo), eq(rankings.sectorId, sectorId)))
      return latest?.stagione ?? undefined
    },

    /** A page of a season's ranking, by position, with the total. */
    async page(tipo: RankingType, sectorId: number, stagione: number, limit: number, offset: number) {
      const where = and(
        eq(rankings.tipo, tipo),
        eq(rankings.sectorId, sectorId),
        eq(rankings.stagione, stagione),
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({
            posizione: rankings.posizione,
            id_persona: persons.id,
            nome: persons.nome,
            cognome: persons.cognome,
            punti: rankings.punti,
            tornei: rankings.tornei,
            circolo: clubs.nome,
            provincia: rankings.provincia,
            stagione: rankings.stagione,
            calcolata_al: rankings.calcolataAl,
          })
          .from(rankings)
          .innerJoin(persons, eq(persons.id, rankings.personId))
          .leftJoin(clubs, eq(clubs.id, rankings.clubId))
          .where(where)
          .orderBy(asc(rankings.posizione), asc(rankings.personId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(rankings).where(where),
      ])
      return { rows, record: total?.n ?? 0 }
    },

    /** A page of the circuit standings of the sector's season (one circuit, the first `primi` if given). */
    async circuitPage(
      filter: { sectorId: number; stagione: number; circuitId?: number; primi?: number },
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(circuits.sectorId, filter.sectorId),
        eq(circuits.stagione, filter.stagione),
        filter.circuitId !== undefined ? eq(circuits.id, filter.circuitId) : undefined,
        filter.primi !== undefined ? lte(circuitRankings.posizione, filter.primi) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id_circuito: circuits.id,
            circuito: circuits.nome,
            posizione: circuitRankings.posizione,
            id_persona: persons.id,
            nome: persons.nome,
            cognome: persons.cognome,
            punti: circuitRankings.punti,
            tappe: circuitRankings.tappe,
          })
          .from(circuitRankings)
          .innerJoin(circuits, eq(circuits.id, circuitRankings.circuitId))
          .innerJoin(persons, eq(persons.id, circuitRankings.personId))
          .where(where)
          .orderBy(asc(circuits.nome), asc(circuits.id), asc(circuitRankings.posizione), asc(persons.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(circuitRankings)
          .innerJoin(circuits, eq(circuits.id, circuitRankings.circuitId))
          .where(where),
      ])
      return { rows, record: total?.n ?? 0 }
    },
  }
}
