import { and, asc, count, eq, gt, gte, inArray, lt, lte, max, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { MAX_INT } from '../../contract/common.ts'
import { persons, provinces, regions } from '../db/schema/core.ts'
import {
  circuitRankings,
  circuits,
  clubDisciplines,
  clubRankings,
  clubs,
  rankingCounts,
  rankings,
} from '../db/schema/domain.ts'
import { countOf, totalOf } from './paging.ts'

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

/**
 * The birth years an age group's dates span, when they are whole years (1 January to 31 December, as birthRange
 * gives them): ranking_counts counts by year. Null when they are not.
 */
function wholeYears(nascita: PlayerRankingFilter['nascita']): { dal?: number; al?: number } | null {
  if (!nascita) return {}
  if (nascita.dal !== undefined && !nascita.dal.endsWith('-01-01')) return null
  if (nascita.al !== undefined && !nascita.al.endsWith('-12-31')) return null
  return {
    ...(nascita.dal !== undefined ? { dal: Number(nascita.dal.slice(0, 4)) } : {}),
    ...(nascita.al !== undefined ? { al: Number(nascita.al.slice(0, 4)) } : {}),
  }
}

/** Below this many rows kept, a filtered page is read by the filter's index and sorted (playerList). */
const FEW_ROWS = 3_000

/**
 * The page asked for, with one row before and one after it (a tie across its edges is explained too). Its end
 * stops at PostgreSQL's integer, the type of the row numbers it is compared with: a page near the end of the range
 * (rowstoskip 2147483646) would otherwise send a parameter the query cannot take.
 */
function window(limit: number, offset: number) {
  return { from: Math.max(0, offset - 1), to: Math.min(offset + limit + 1, MAX_INT) }
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
     *
     * The list order is stored (rankings.ordine, numbered by ranking-refresh.ts): the filtered list is that order
     * narrowed, read from an index in order, so a page reads its own rows (and the ones it skips), never the whole
     * ranking; the total comes from ranking_counts. Costs grow with the page's depth under a filter, not with the
     * ranking's size.
     */
    async playerList(filter: PlayerRankingFilter, limit: number, offset: number, find?: number) {
      const ranking = [
        eq(rankings.tipo, filter.tipo),
        eq(rankings.sectorId, filter.sectorId),
        eq(rankings.stagione, filter.stagione),
      ]
      const narrowing = [
        filter.sesso ? eq(rankings.sesso, filter.sesso) : undefined,
        filter.provincia ? eq(rankings.provincia, filter.provincia) : undefined,
        filter.nascita?.dal ? gte(rankings.nascita, filter.nascita.dal) : undefined,
        filter.nascita?.al ? lte(rankings.nascita, filter.nascita.al) : undefined,
        filter.clubId !== undefined ? eq(rankings.clubId, filter.clubId) : undefined,
        filter.regione
          ? eq(
              rankings.regionId,
              sql`(select ${regions.id} from ${regions} where ${regions.nome} = ${filter.regione})`,
            )
          : undefined,
      ].filter((c) => c !== undefined)
      const filtered = narrowing.length > 0
      const where = and(...ranking, ...narrowing)
      const columns = {
        ordine: rankings.ordine,
        posizioneGenerale: rankings.posizione,
        personId: rankings.personId,
        punti: rankings.punti,
        tornei: rankings.tornei,
        clubId: rankings.clubId,
        provincia: rankings.provincia,
        calcolataAl: rankings.calcolataAl,
      }

      // The page asked for, or the one that holds `find`: its first row's number in the filtered list.
      let start = offset
      if (find !== undefined) {
        const [own] = await db
          .select({ ordine: rankings.ordine })
          .from(rankings)
          .where(and(where, eq(rankings.personId, find)))
        let n: number | undefined = own?.ordine
        if (own && filtered) {
          const [before] = await db
            .select({ n: count() })
            .from(rankings)
            .where(and(where, lt(rankings.ordine, own.ordine)))
          n = (before?.n ?? 0) + 1
        }
        start = n === undefined ? 0 : Math.floor((n - 1) / limit) * limit
      }
      const { from, to } = window(limit, start)
      // The total first (ranking_counts: one index range): it tells how to read the page. A filter that keeps many
      // rows finds a page's rows soon in list order (the index on ordine, or on the filter and ordine); one that keeps
      // few (an Under 12, a small region) is read by its own index and sorted, rather than walking the whole ranking
      // in order to find them. None: nothing to read.
      const record = await this.playerCount(filter, where, filtered)
      const page =
        record === 0 || from >= record
          ? []
          : filtered
            ? await db
                .select(columns)
                .from(rankings)
                .where(where)
                .orderBy(record <= FEW_ROWS ? sql`${rankings.ordine} + 0` : asc(rankings.ordine))
                .limit(to - from)
                .offset(from)
            : await db
                .select(columns)
                .from(rankings)
                .where(and(where, gt(rankings.ordine, from), lte(rankings.ordine, to)))
                .orderBy(asc(rankings.ordine))
      // Positions among the rows kept: the first row's from how many rows kept have more points (they all come
      // before it in the list), the next ones from the list (equal points, the same position).
      let first = 1
      const [head] = page
      if (head && from > 0) {
        if (!filtered) first = head.posizioneGenerale
        else {
          const [above] = await db
            .select({ n: count() })
            .from(rankings)
            .where(and(where, lt(rankings.ordine, head.ordine), gt(rankings.punti, head.punti)))
          first = (above?.n ?? 0) + 1
        }
      }
      const people = await this.names(
        page.map((r) => r.personId),
        page.map((r) => r.clubId),
      )
      let position = first
      const rows = page.map((row, i) => {
        const n = from + i + 1
        if (i > 0 && row.punti !== page[i - 1]!.punti) position = n
        const person = people.persons.get(row.personId)
        return {
          n,
          posizione: position,
          posizione_generale: row.posizioneGenerale,
          id_persona: row.personId,
          nome: person?.nome ?? '',
          cognome: person?.cognome ?? '',
          punti: row.punti,
          tornei: row.tornei,
          id_circolo: row.clubId,
          circolo: row.clubId === null ? null : (people.clubs.get(row.clubId) ?? null),
          provincia: row.provincia,
          calcolata_al: row.calcolataAl,
          record,
        }
      })
      return { rows, record, rowstoskip: start }
    },

    /** The rows a players' ranking keeps under a filter: from ranking_counts, or counted (a club, a part of a year). */
    async playerCount(
      filter: PlayerRankingFilter,
      where: SQL | undefined,
      filtered: boolean,
    ): Promise<number> {
      const years = wholeYears(filter.nascita)
      const counted = filter.clubId === undefined && years !== null && !(filter.regione && filter.provincia)
      if (!filtered || counted) {
        const [row] = await db
          .select({ n: sql<number>`coalesce(sum(${rankingCounts.n}), 0)::int` })
          .from(rankingCounts)
          .where(
            and(
              eq(rankingCounts.tipo, filter.tipo),
              eq(rankingCounts.sectorId, filter.sectorId),
              eq(rankingCounts.stagione, filter.stagione),
              eq(rankingCounts.sesso, filter.sesso || '*'),
              eq(rankingCounts.regione, filter.regione || '*'),
              eq(rankingCounts.provincia, filter.provincia || '*'),
              years === null || (years.dal === undefined && years.al === undefined)
                ? eq(rankingCounts.anno, 0)
                : and(gte(rankingCounts.anno, years.dal ?? 1), lte(rankingCounts.anno, years.al ?? 9999)),
            ),
          )
        return row?.n ?? 0
      }
      const [row] = await db.select({ n: count() }).from(rankings).where(where)
      return row?.n ?? 0
    },

    /** The names of a page's people and clubs, by id. */
    async names(personIds: number[], clubIds: (number | null)[]) {
      const clubList = [...new Set(clubIds.filter((c) => c !== null))]
      const [people, clubRows] = await Promise.all([
        personIds.length === 0
          ? []
          : db
              .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
              .from(persons)
              .where(inArray(persons.id, personIds)),
        clubList.length === 0
          ? []
          : db.select({ id: clubs.id, nome: clubs.nome }).from(clubs).where(inArray(clubs.id, clubList)),
      ])
      return {
        persons: new Map(people.map((p) => [p.id, p])),
        clubs: new Map(clubRows.map((c) => [c.id, c.nome])),
      }
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
      const record = await totalOf(rows, offset, () => countOf(db.select({ n: count() }).from(kept)))
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
      const record = await totalOf(
        rows,
        offset,
        async () => (await statement.execute({ ...values, offset: 0, limit: 1 }))[0]?.record ?? 0,
      )
      return { rows: rows.map(({ record: _total, ...row }) => row), record }
    },
  }
}
