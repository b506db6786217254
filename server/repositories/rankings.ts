import { and, asc, count, eq, lte, max, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons } from '../db/schema/core.ts'
import { circuitRankings, circuits, clubs, rankings } from '../db/schema/domain.ts'

type RankingType = (typeof rankings.$inferSelect)['tipo']

/** The published rankings: national and regional ones, and circuit standings. */
const circuitRankingStatements = new WeakMap<Db, Map<string, ReturnType<typeof buildCircuitRankingPage>>>()

/**
 * A page of the circuits' standings, prepared once per database and filter shape (a circuit named or not, the
 * first N or all): PostgreSQL plans it once per connection, and the total comes with the rows. The page is
 * chosen on the standings alone (a circuit holds a thousand players or more), then only its rows are named.
 */
function buildCircuitRankingPage(db: Db, byCircuit: boolean, firstOnly: boolean) {
  const p = (name: string) => sql.placeholder(name)
  const page = db
    .select({
      circuitId: circuitRankings.circuitId,
      circuito: sql<string>`${circuits.nome}`.as('circuito'),
      personId: circuitRankings.personId,
      posizione: circuitRankings.posizione,
      punti: circuitRankings.punti,
      tappe: circuitRankings.tappe,
      record: sql<number>`(count(*) over ())::int`.as('record'),
    })
    .from(circuitRankings)
    .innerJoin(circuits, eq(circuits.id, circuitRankings.circuitId))
    .where(
      and(
        eq(circuits.sectorId, p('sectorId')),
        eq(circuits.stagione, p('stagione')),
        byCircuit ? eq(circuits.id, p('circuitId')) : undefined,
        firstOnly ? lte(circuitRankings.posizione, p('primi')) : undefined,
      ),
    )
    .orderBy(
      asc(circuits.nome),
      asc(circuitRankings.circuitId),
      asc(circuitRankings.posizione),
      asc(circuitRankings.personId),
    )
    .limit(p('limit'))
    .offset(p('offset'))
    .as('pagina')
  return db
    .select({
      id_circuito: page.circuitId,
      circuito: page.circuito,
      posizione: page.posizione,
      id_persona: persons.id,
      nome: persons.nome,
      cognome: persons.cognome,
      punti: page.punti,
      tappe: page.tappe,
      record: page.record,
    })
    .from(page)
    .innerJoin(persons, eq(persons.id, page.personId))
    .orderBy(asc(page.circuito), asc(page.circuitId), asc(page.posizione), asc(persons.id))
    .prepare(`classifica_circuiti_${byCircuit ? 1 : 0}${firstOnly ? 1 : 0}`)
}

function circuitRankingPage(db: Db, byCircuit: boolean, firstOnly: boolean) {
  const byShape =
    circuitRankingStatements.get(db) ?? new Map<string, ReturnType<typeof buildCircuitRankingPage>>()
  circuitRankingStatements.set(db, byShape)
  const key = `${byCircuit}${firstOnly}`
  let statement = byShape.get(key)
  if (statement === undefined) {
    statement = buildCircuitRankingPage(db, byCircuit, firstOnly)
    byShape.set(key, statement)
  }
  return statement
}

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
      const statement = circuitRankingPage(db, filter.circuitId !== undefined, filter.primi !== undefined)
      const values = { ...filter, limit, offset }
      const rows = await statement.execute(values)
      // A page past the end has no row to carry the total: ask for the first row only.
      const record =
        rows[0]?.record ??
        (offset > 0 ? ((await statement.execute({ ...values, offset: 0, limit: 1 }))[0]?.record ?? 0) : 0)
      return { rows: rows.map(({ record: _total, ...row }) => row), record }
    },
  }
}
