import { and, asc, count, eq, gt, gte, lte, max, sql, type SQL } from 'drizzle-orm'
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
import { preparedFor } from '../db/prepared.ts'
import { REGIONS } from '../db/reference.ts'
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

const p = (name: string) => sql.placeholder(name)

const REGION_IDS = new Map(REGIONS.map((region) => [region.nome, region.id]))

/** The narrowing filters of a players' ranking, as a statement's shape (which of them are given). */
const NARROWING = ['sesso', 'provincia', 'dal', 'al', 'clubId', 'regione'] as const
type Narrowing = (typeof NARROWING)[number]

function narrowingOf(filter: PlayerRankingFilter): Set<Narrowing> {
  const given: Record<Narrowing, boolean> = {
    sesso: Boolean(filter.sesso),
    provincia: Boolean(filter.provincia),
    dal: Boolean(filter.nascita?.dal),
    al: Boolean(filter.nascita?.al),
    clubId: filter.clubId !== undefined,
    regione: Boolean(filter.regione),
  }
  return new Set(NARROWING.filter((key) => given[key]))
}

/** The values of every placeholder of the players' statements (those a shape does not use are ignored). */
function playerValues(filter: PlayerRankingFilter) {
  const years = wholeYears(filter.nascita)
  return {
    tipo: filter.tipo,
    sectorId: filter.sectorId,
    stagione: filter.stagione,
    sesso: filter.sesso ?? '',
    provincia: filter.provincia ?? '',
    dal: filter.nascita?.dal ?? null,
    al: filter.nascita?.al ?? null,
    clubId: filter.clubId ?? 0,
    // An unknown region keeps no row (no region has id 0).
    regionId: (filter.regione && REGION_IDS.get(filter.regione)) || 0,
    // ranking_counts' keys: '*' for a filter not given.
    countSesso: filter.sesso || '*',
    countRegione: filter.regione || '*',
    countProvincia: filter.provincia || '*',
    annoDal: years?.dal ?? 1,
    annoAl: years?.al ?? 9999,
  }
}

/** The rows of one ranking narrowed by the shape's filters, every value a placeholder. */
function playerWhere(shape: ReadonlySet<Narrowing>) {
  return and(
    eq(rankings.tipo, p('tipo')),
    eq(rankings.sectorId, p('sectorId')),
    eq(rankings.stagione, p('stagione')),
    shape.has('sesso') ? eq(rankings.sesso, p('sesso')) : undefined,
    shape.has('provincia') ? eq(rankings.provincia, p('provincia')) : undefined,
    shape.has('dal') ? gte(rankings.nascita, p('dal')) : undefined,
    shape.has('al') ? lte(rankings.nascita, p('al')) : undefined,
    shape.has('clubId') ? eq(rankings.clubId, p('clubId')) : undefined,
    shape.has('regione') ? eq(rankings.regionId, p('regionId')) : undefined,
  )!
}

/**
 * The statements of one filter shape of the players' rankings, built once per database and shape (drizzle builds
 * its SQL once, PostgreSQL plans it once per connection): the total, the page (with its people's and clubs' names
 * and, under a filter, how many rows kept have more points than its first row), and the place of a person
 * («trova me»).
 */
function buildPlayerStatements(db: Db, shape: ReadonlySet<Narrowing>, years: 'all' | 'range' | null) {
  const mask = NARROWING.reduce((bits, key, i) => (shape.has(key) ? bits | (1 << i) : bits), 0)
  const filtered = shape.size > 0
  const where = playerWhere(shape)
  // ranking_counts holds every combination of sex, region, province and birth year; a club, a region with a
  // province, or a part of a year is counted from the rows.
  const counted = !shape.has('clubId') && years !== null && !(shape.has('regione') && shape.has('provincia'))
  const total = (
    !filtered || counted
      ? db
          .select({ n: sql<number>`coalesce(sum(${rankingCounts.n}), 0)::int` })
          .from(rankingCounts)
          .where(
            and(
              eq(rankingCounts.tipo, p('tipo')),
              eq(rankingCounts.sectorId, p('sectorId')),
              eq(rankingCounts.stagione, p('stagione')),
              eq(rankingCounts.sesso, p('countSesso')),
              eq(rankingCounts.regione, p('countRegione')),
              eq(rankingCounts.provincia, p('countProvincia')),
              years === 'range'
                ? and(gte(rankingCounts.anno, p('annoDal')), lte(rankingCounts.anno, p('annoAl')))
                : eq(rankingCounts.anno, 0),
            ),
          )
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(rankings)
          .where(where)
  ).prepare(`classifica_totale_${mask}_${years ?? 'x'}`)

  const own = sql`(select ${rankings.ordine} from ${rankings} where ${and(where, eq(rankings.personId, p('find')))})`
  const place = filtered
    ? db
        .select({
          ordine: sql<number | null>`${own}`,
          before: sql<number>`count(*)::int`,
        })
        .from(rankings)
        .where(and(where, sql`${rankings.ordine} < ${own}`))
        .prepare(`classifica_trova_${mask}`)
    : db
        .select({ ordine: sql<number | null>`${rankings.ordine}`, before: sql<number>`0` })
        .from(rankings)
        .where(and(where, eq(rankings.personId, p('find'))))
        .prepare(`classifica_trova_${mask}`)

  const page = (few: boolean) => {
    const pagina = db.$with('pagina').as(
      db
        .select({
          ordine: rankings.ordine,
          posizione: rankings.posizione,
          personId: rankings.personId,
          punti: rankings.punti,
          tornei: rankings.tornei,
          clubId: rankings.clubId,
          provincia: rankings.provincia,
          calcolataAl: rankings.calcolataAl,
        })
        .from(rankings)
        .where(filtered ? where : and(where, gt(rankings.ordine, p('from')), lte(rankings.ordine, p('to'))))
        .orderBy(few ? sql`${rankings.ordine} + 0` : asc(rankings.ordine))
        .limit(p('rows'))
        .offset(filtered ? p('from') : 0),
    )
    return db
      .with(pagina)
      .select({
        ordine: pagina.ordine,
        posizioneGenerale: pagina.posizione,
        personId: pagina.personId,
        punti: pagina.punti,
        tornei: pagina.tornei,
        clubId: pagina.clubId,
        provincia: pagina.provincia,
        calcolataAl: pagina.calcolataAl,
        nome: persons.nome,
        cognome: persons.cognome,
        circolo: clubs.nome,
        above: filtered
          ? sql<number>`(select count(*)::int from ${rankings} where ${and(
              where,
              sql`${rankings.ordine} < (select min(p.ordine) from pagina p)`,
              sql`${rankings.punti} > (select p.punti from pagina p order by p.ordine limit 1)`,
            )})`
          : sql<number>`0`,
      })
      .from(pagina)
      .leftJoin(persons, eq(persons.id, pagina.personId))
      .leftJoin(clubs, eq(clubs.id, pagina.clubId))
      .orderBy(asc(pagina.ordine))
      .prepare(`classifica_pagina_${mask}${few ? '_pochi' : ''}`)
  }
  const pages = [page(false), page(true)] as const
  // One filter with its own index in list order (sex, region, province) reads exactly the page's rows in order,
  // however few the filter keeps: sorting them all (1,962 rows of a region, 7 ms) is for the others. So does a
  // region or a province with other filters but a club (its index has no list order): it walks the place's rows in
  // order and skips who the others leave out, never more than the place's rows (the 3,317 of Lombardy that sorting
  // read for every page of its women over 35, 1.3 ms; their first page now reads about 80). Sex with an age group
  // alone is still sorted: the age group's rows are the few, and walking the sex's half of the ranking in order
  // to find them is not.
  const byPlace = shape.has('regione') || shape.has('provincia')
  const inOrder = (shape.size === 1 && shape.has('sesso')) || (byPlace && !shape.has('clubId'))
  return { filtered, count: total, place, page: (few: boolean) => pages[few && !inOrder ? 1 : 0] }
}
type PlayerStatements = ReturnType<typeof buildPlayerStatements>

const playerStatementCache = new WeakMap<Db, Map<string, PlayerStatements>>()

function playerStatements(db: Db, filter: PlayerRankingFilter): PlayerStatements {
  const byShape = playerStatementCache.get(db) ?? new Map<string, PlayerStatements>()
  playerStatementCache.set(db, byShape)
  const shape = narrowingOf(filter)
  const years = wholeYears(filter.nascita)
  const yearsMode =
    years === null ? null : years.dal === undefined && years.al === undefined ? 'all' : 'range'
  const key = `${[...shape].join(',')}|${yearsMode}`
  let statements = byShape.get(key)
  if (statements === undefined) {
    statements = buildPlayerStatements(db, shape, yearsMode)
    byShape.set(key, statements)
  }
  return statements
}

/** The latest season of a ranking type in a sector (one index entry), prepared once per database. */
const latestSeasonStatement = preparedFor((db) =>
  db
    .select({ stagione: max(rankings.stagione) })
    .from(rankings)
    .where(and(eq(rankings.tipo, p('tipo')), eq(rankings.sectorId, p('sectorId'))))
    .prepare('classifica_ultima_stagione'),
)

/**
 * A page of a whole ranking (the home's first five): its rows by their place in the list order of docs/regole.md
 * «Parità» (`ordine`, 1…N, written with the ranking: a shared position lists fewer results first, then by name), one
 * range of rankings_ordine_idx; prepared once per database.
 */
const topPageStatement = preparedFor((db) =>
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
    .where(
      and(
        eq(rankings.tipo, p('tipo')),
        eq(rankings.sectorId, p('sectorId')),
        eq(rankings.stagione, p('stagione')),
        gt(rankings.ordine, p('from')),
        lte(rankings.ordine, p('to')),
      ),
    )
    .orderBy(asc(rankings.ordine))
    .prepare('classifica_primi'),
)

/**
 * The total of a whole ranking, kept in ranking_counts (every filter '*', every birth year): counting the
 * ranking's rows read 100k index entries on the large set.
 */
const topTotalStatement = preparedFor((db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${rankingCounts.n}), 0)::int` })
    .from(rankingCounts)
    .where(
      and(
        eq(rankingCounts.tipo, p('tipo')),
        eq(rankingCounts.sectorId, p('sectorId')),
        eq(rankingCounts.stagione, p('stagione')),
        eq(rankingCounts.sesso, '*'),
        eq(rankingCounts.regione, '*'),
        eq(rankingCounts.provincia, '*'),
        eq(rankingCounts.anno, 0),
      ),
    )
    .prepare('classifica_primi_totale'),
)

/** The published rankings: national and regional ones, and circuit standings. */
const circuitRankingStatements = new WeakMap<Db, Map<string, ReturnType<typeof buildCircuitRankingPage>>>()

/**
 * A page of the circuits' standings, prepared once per database and filter shape (a circuit named or not, the
 * first N or all): PostgreSQL plans it once per connection, and the total comes with the rows. The page is
 * chosen on the standings alone (a circuit holds a thousand players or more), then only its rows are named.
 */
function buildCircuitRankingPage(db: Db, byCircuit: boolean, firstOnly: boolean) {
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
      const [latest] = await latestSeasonStatement(db).execute({ tipo, sectorId })
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
     * ranking's size. Two round trips (the total, then the page with its names and, under a filter, the rows kept
     * above it), each a statement prepared once per filter shape (playerStatements).
     */
    async playerList(filter: PlayerRankingFilter, limit: number, offset: number, find?: number) {
      const statements = playerStatements(db, filter)
      const values = playerValues(filter)

      // The page asked for, or the one that holds `find`: its first row's number in the filtered list.
      let start = offset
      if (find !== undefined) {
        const [own] = await statements.place.execute({ ...values, find })
        const n = own?.ordine == null ? undefined : statements.filtered ? own.before + 1 : own.ordine
        start = n === undefined ? 0 : Math.floor((n - 1) / limit) * limit
      }
      const { from, to } = window(limit, start)
      // The total first (ranking_counts: one index range): it tells how to read the page. A filter that keeps many
      // rows finds a page's rows soon in list order (the index on ordine, or on the filter and ordine); one that keeps
      // few (an Under 12, a small region) is read by its own index and sorted, rather than walking the whole ranking
      // in order to find them. None: nothing to read.
      const [counted] = await statements.count.execute(values)
      const record = counted?.n ?? 0
      const page =
        record === 0 || from >= record
          ? []
          : await statements.page(record <= FEW_ROWS).execute({ ...values, from, to, rows: to - from })
      // Positions among the rows kept: the first row's from how many rows kept have more points (they all come
      // before it in the list: the page's `above`), the next ones from the list (equal points, the same position).
      const [head] = page
      let position = head && from > 0 ? (statements.filtered ? head.above + 1 : head.posizioneGenerale) : 1
      const rows = page.map((row, i) => {
        const n = from + i + 1
        if (i > 0 && row.punti !== page[i - 1]!.punti) position = n
        return {
          n,
          posizione: position,
          posizione_generale: row.posizioneGenerale,
          id_persona: row.personId,
          nome: row.nome ?? '',
          cognome: row.cognome ?? '',
          punti: row.punti,
          tornei: row.tornei,
          id_circolo: row.clubId,
          circolo: row.circolo,
          provincia: row.provincia,
          calcolata_al: row.calcolataAl,
          record,
        }
      })
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
      const record = await totalOf(rows, offset, () => countOf(db.select({ n: count() }).from(kept)))
      return { rows, record, rowstoskip: offset }
    },

    /** A page of a season's ranking, by position, with the total. */
    async page(tipo: RankingType, sectorId: number, stagione: number, limit: number, offset: number) {
      // `ordine` is an integer: a page asked for past 2^31 reads nothing rather than failing.
      const values = { tipo, sectorId, stagione, from: offset, to: Math.min(offset + limit, MAX_INT) }
      const [rows, [total]] = await Promise.all([
        topPageStatement(db).execute(values),
        topTotalStatement(db).execute(values),
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
