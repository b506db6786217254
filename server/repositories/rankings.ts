import { and, asc, count, eq, gte, inArray, lte, max, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons, provinces, regions } from '../db/schema/core.ts'
import {
  circuitRankings,
  circuits,
  clubDisciplines,
  clubRankings,
  clubs,
  rankings,
} from '../db/schema/domain.ts'

type RankingType = (typeof rankings.$inferSelect)['tipo']

/** The name order of the lists, the same in PGlite and PostgreSQL whatever their locale (domain sortKey). */
const byName = (column: SQL | typeof persons.cognome) => sql`lower(${column}) collate "C"`

/** What the players' rankings can be narrowed to (the rules that make these values: server/domain/rankings.ts). */
export type PlayerRankingFilter = {
  tipo: RankingType
  sectorId: number
  stagione: number
  sesso?: string | undefined
  /** Birth dates of the age group, either end open. */
  nascita?: { dal?: string | undefined; al?: string | undefined } | undefined
  regione?: string | undefined
  provincia?: string | undefined
  clubId?: number | undefined
}

export type ClubRankingFilter = {
  sectorId: number
  stagione: number
  regione?: string | undefined
  provincia?: string | undefined
  /** How many disciplines the club offers (the club type). */
  discipline?: { min: number; max?: number | undefined } | undefined
}

/** The page asked for, with one row before and one after it (a tie across its edges is explained too). */
function window(limit: number, offset: number) {
  return { from: Math.max(0, offset - 1), to: offset + limit + 1 }
}

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

    /** The latest season of the sector's clubs' ranking, or undefined. */
    async latestClubSeason(sectorId: number): Promise<number | undefined> {
      const [latest] = await db
        .select({ stagione: max(clubRankings.stagione) })
        .from(clubRankings)
        .where(eq(clubRankings.sectorId, sectorId))
      return latest?.stagione ?? undefined
    },

    /**
     * A page of a players' ranking as the filters narrow it, in list order (points, fewer results, name), with the
     * position among the rows kept (rank(): 1, 2, 2, 4), the total, and one row of context on either side. With
     * `find`, the page (of `limit` rows) that holds that person, or the first page when the ranking does not.
     */
    async playerList(filter: PlayerRankingFilter, limit: number, offset: number, find?: number) {
      const conditions = [
        eq(rankings.tipo, filter.tipo),
        eq(rankings.sectorId, filter.sectorId),
        eq(rankings.stagione, filter.stagione),
        filter.sesso ? eq(rankings.sesso, filter.sesso) : undefined,
        filter.provincia ? eq(rankings.provincia, filter.provincia) : undefined,
        filter.nascita?.dal ? gte(persons.dataNascita, filter.nascita.dal) : undefined,
        filter.nascita?.al ? lte(persons.dataNascita, filter.nascita.al) : undefined,
        filter.clubId !== undefined ? eq(rankings.clubId, filter.clubId) : undefined,
        filter.regione
          ? inArray(
              rankings.provincia,
              db
                .select({ sigla: provinces.sigla })
                .from(provinces)
                .innerJoin(regions, eq(regions.id, provinces.regionId))
                .where(eq(regions.nome, filter.regione)),
            )
          : undefined,
      ]
      const kept = db
        .select({
          personId: rankings.personId,
          punti: rankings.punti,
          tornei: rankings.tornei,
          posizioneGenerale: sql<number>`${rankings.posizione}`.as('posizione_generale'),
          clubId: rankings.clubId,
          provincia: rankings.provincia,
          calcolataAl: rankings.calcolataAl,
          nome: persons.nome,
          cognome: persons.cognome,
          posizione: sql<number>`(rank() over (order by ${rankings.punti} desc))::int`.as('posizione'),
          n: sql<number>`(row_number() over (order by ${rankings.punti} desc, ${rankings.tornei} asc, ${byName(sql`${persons.cognome}`)}, ${byName(sql`${persons.nome}`)}, ${rankings.personId}))::int`.as(
            'n',
          ),
          record: sql<number>`(count(*) over ())::int`.as('record'),
        })
        .from(rankings)
        .innerJoin(persons, eq(persons.id, rankings.personId))
        .where(and(...conditions))
        .as('kept')
      let start = offset
      if (find !== undefined) {
        const [found] = await db.select({ n: kept.n }).from(kept).where(eq(kept.personId, find))
        start = found ? Math.floor((found.n - 1) / limit) * limit : 0
      }
      const { from, to } = window(limit, start)
      const rows = await db
        .select({
          n: kept.n,
          posizione: kept.posizione,
          posizione_generale: kept.posizioneGenerale,
          id_persona: kept.personId,
          nome: kept.nome,
          cognome: kept.cognome,
          punti: kept.punti,
          tornei: kept.tornei,
          id_circolo: kept.clubId,
          circolo: clubs.nome,
          provincia: kept.provincia,
          calcolata_al: kept.calcolataAl,
          record: kept.record,
        })
        .from(kept)
        .leftJoin(clubs, eq(clubs.id, kept.clubId))
        .where(and(sql`${kept.n} > ${from}`, sql`${kept.n} <= ${to}`))
        .orderBy(asc(kept.n))
      const record =
        rows[0]?.record ?? (start > 0 ? ((await db.select({ n: count() }).from(kept))[0]?.n ?? 0) : 0)
      return { rows, record, rowstoskip: start }
    },

    /** A page of the clubs' ranking as the filters narrow it, in list order, with context rows (as playerList). */
    async clubList(filter: ClubRankingFilter, limit: number, offset: number) {
      const disciplines = db
        .select({ clubId: clubDisciplines.clubId, n: sql<number>`count(*)::int`.as('discipline') })
        .from(clubDisciplines)
        .groupBy(clubDisciplines.clubId)
        .as('offered')
      const conditions = [
        eq(clubRankings.sectorId, filter.sectorId),
        eq(clubRankings.stagione, filter.stagione),
        filter.provincia ? eq(clubs.provincia, filter.provincia) : undefined,
        filter.regione ? eq(regions.nome, filter.regione) : undefined,
        filter.discipline ? gte(sql`coalesce(${disciplines.n}, 0)`, filter.discipline.min) : undefined,
        filter.discipline?.max !== undefined
          ? lte(sql`coalesce(${disciplines.n}, 0)`, filter.discipline.max)
          : undefined,
      ]
      const kept = db
        .select({
          clubId: sql<number>`${clubRankings.clubId}`.as('id_circolo'),
          punti: clubRankings.punti,
          tesserati: clubRankings.tesserati,
          posizioneGenerale: sql<number>`${clubRankings.posizione}`.as('posizione_generale'),
          calcolataAl: clubRankings.calcolataAl,
          nome: sql<string>`${clubs.nome}`.as('circolo'),
          comune: clubs.comune,
          provincia: sql<string>`${clubs.provincia}`.as('provincia'),
          posizione: sql<number>`(rank() over (order by ${clubRankings.punti} desc))::int`.as('posizione'),
          n: sql<number>`(row_number() over (order by ${clubRankings.punti} desc, ${clubRankings.tesserati} asc, ${byName(sql`${clubs.nome}`)}, ${clubRankings.clubId}))::int`.as(
            'n',
          ),
          record: sql<number>`(count(*) over ())::int`.as('record'),
        })
        .from(clubRankings)
        .innerJoin(clubs, eq(clubs.id, clubRankings.clubId))
        .innerJoin(provinces, eq(provinces.sigla, clubs.provincia))
        .innerJoin(regions, eq(regions.id, provinces.regionId))
        .leftJoin(disciplines, eq(disciplines.clubId, clubRankings.clubId))
        .where(and(...conditions))
        .as('kept')
      const { from, to } = window(limit, offset)
      const rows = await db
        .select()
        .from(kept)
        .where(and(sql`${kept.n} > ${from}`, sql`${kept.n} <= ${to}`))
        .orderBy(asc(kept.n))
      const record =
        rows[0]?.record ?? (offset > 0 ? ((await db.select({ n: count() }).from(kept))[0]?.n ?? 0) : 0)
      return { rows, record, rowstoskip: offset }
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
          // The list order of docs/regole.md «Parità»: a shared position lists fewer results first, then by name.
          // Stored positions follow the points (equal points, equal position), and the index has them.
          .orderBy(
            asc(rankings.posizione),
            asc(rankings.tornei),
            byName(sql`${persons.cognome}`),
            byName(sql`${persons.nome}`),
            asc(rankings.personId),
          )
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
