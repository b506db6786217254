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
import { atRuntime, preparedByKey, preparedFor } from '../db/prepared.ts'
import { REGIONS } from '../db/reference.ts'
import { countOf, totalOf } from './paging.ts'

type RankingType = (typeof rankings.$inferSelect)['tipo']

/** The name order of the lists, the same in PGlite and PostgreSQL whatever their locale (domain sortKey). */
const byName = (column: SQL | typeof persons.cognome) => sql`lower(${column}) collate "C"`

/** What the players' rankings can be narrowed to (the rules that make these values: server/domain/rankings.ts). */
export type PlayerRankingFilter = {
  tipo: RankingType
  sectorId: number
  /** The season; when not given, the latest of the ranking type in the sector, read with the total. */
  stagione?: number | undefined
  sesso?: string | undefined
  /** The age group as the ages turned in the season's year, either end open (domain ageSpan). */
  eta?: { da?: number | undefined; fino?: number | undefined } | undefined
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
const NARROWING = ['sesso', 'provincia', 'fino', 'da', 'clubId', 'regione'] as const
type Narrowing = (typeof NARROWING)[number]

function narrowingOf(filter: PlayerRankingFilter): Set<Narrowing> {
  const given: Record<Narrowing, boolean> = {
    sesso: Boolean(filter.sesso),
    provincia: Boolean(filter.provincia),
    fino: filter.eta?.fino !== undefined,
    da: filter.eta?.da !== undefined,
    clubId: filter.clubId !== undefined,
    regione: Boolean(filter.regione),
  }
  return new Set(NARROWING.filter((key) => given[key]))
}

/** The values of every placeholder of the players' statements (those a shape does not use are ignored). */
function playerValues(filter: PlayerRankingFilter) {
  return {
    tipo: filter.tipo,
    sectorId: filter.sectorId,
    // null: the latest season (the head statement reads it; the others are given the one it read).
    stagione: filter.stagione ?? null,
    sesso: filter.sesso ?? '',
    provincia: filter.provincia ?? '',
    fino: filter.eta?.fino ?? 0,
    da: filter.eta?.da ?? 0,
    clubId: filter.clubId ?? 0,
    // An unknown region keeps no row (no region has id 0).
    regionId: (filter.regione && REGION_IDS.get(filter.regione)) || 0,
    // ranking_counts' keys: '*' for a filter not given.
    countSesso: filter.sesso || '*',
    countRegione: filter.regione || '*',
    countProvincia: filter.provincia || '*',
  }
}

/**
 * The age group's birth dates in a season (domain birthRange, written for a season the statement itself reads):
 * «Under N» was born from 1 January of the season's year less N, «Over N» by 31 December of the season's year less N.
 */
function bornFrom(season: SQL) {
  return sql`make_date((${season})::int - ${atRuntime('fino')}, 1, 1)`
}
function bornBy(season: SQL) {
  return sql`make_date((${season})::int - ${atRuntime('da')}, 12, 31)`
}

/** The rows of one ranking of a season narrowed by the shape's filters, every value a placeholder. */
function playerWhere(
  shape: ReadonlySet<Narrowing>,
  season: SQL = sql`${p('stagione')}`,
  birthIndexed = true,
) {
  // Walked in list order, the birth date is a condition on each row, never the birth-date index's range: PostgreSQL
  // cannot then trade the walk for a sort of every row the age group keeps (its plan, made once for every page,
  // cannot know how deep the page is).
  const nascita = birthIndexed ? sql`${rankings.nascita}` : sql`(${rankings.nascita} + 0)`
  return and(
    eq(rankings.tipo, p('tipo')),
    eq(rankings.sectorId, p('sectorId')),
    sql`${rankings.stagione} = ${season}`,
    shape.has('sesso') ? eq(rankings.sesso, p('sesso')) : undefined,
    shape.has('provincia') ? eq(rankings.provincia, p('provincia')) : undefined,
    shape.has('fino') ? gte(nascita, bornFrom(season)) : undefined,
    shape.has('da') ? lte(nascita, bornBy(season)) : undefined,
    shape.has('clubId') ? eq(rankings.clubId, p('clubId')) : undefined,
    shape.has('regione') ? eq(rankings.regionId, p('regionId')) : undefined,
  )!
}

/** The latest season of the ranking type in the sector (one index entry), inside a statement. */
const latestSeason = sql`(select max(${rankings.stagione}) from ${rankings} where ${and(
  eq(rankings.tipo, p('tipo')),
  eq(rankings.sectorId, p('sectorId')),
)})`

/**
 * The statements of one filter shape of the players' rankings, built once per database and shape (drizzle builds
 * its SQL once, PostgreSQL plans it once per connection): the head (the season, the latest unless one is asked for,
 * and the total of the rows kept), the page (with its people's and clubs' names and, under a filter, how many rows
 * kept have more points than its first row), and the place of a person («trova me»).
 */
function buildPlayerStatements(db: Db, shape: ReadonlySet<Narrowing>) {
  const mask = NARROWING.reduce((bits, key, i) => (shape.has(key) ? bits | (1 << i) : bits), 0)
  const filtered = shape.size > 0
  // The season: the one asked for, or the latest (one index entry, only when none is asked for).
  const asked = sql`coalesce(${p('stagione')}::int, ${latestSeason})`
  // ranking_counts holds every combination of sex, region, province and birth year; a club, or a region with a
  // province, is counted from the rows.
  const counted = !shape.has('clubId') && !(shape.has('regione') && shape.has('provincia'))
  const byYear = shape.has('fino') || shape.has('da')
  const headSeason = sql`s.stagione`
  const total = counted
    ? sql`select coalesce(sum(${rankingCounts.n}), 0)::int from ${rankingCounts} where ${and(
        eq(rankingCounts.tipo, p('tipo')),
        eq(rankingCounts.sectorId, p('sectorId')),
        sql`${rankingCounts.stagione} = ${headSeason}`,
        eq(rankingCounts.sesso, p('countSesso')),
        eq(rankingCounts.regione, p('countRegione')),
        eq(rankingCounts.provincia, p('countProvincia')),
        // By birth year: 0 is any year, -1 a row without a birth date.
        byYear ? gt(rankingCounts.anno, 0) : eq(rankingCounts.anno, 0),
        shape.has('fino') ? sql`${rankingCounts.anno} >= ${headSeason} - ${atRuntime('fino')}` : undefined,
        shape.has('da') ? sql`${rankingCounts.anno} <= ${headSeason} - ${atRuntime('da')}` : undefined,
      )}`
    : sql`select count(*)::int from ${rankings} where ${playerWhere(shape, headSeason)}`
  // The head: the season and the total of the rows kept, one row even when the ranking is empty.
  const testa = db.$with('testa').as(
    db
      .select({
        stagione: sql<number | null>`s.stagione`.as('stagione'),
        n: sql<number>`(${total})`.as('n'),
      })
      .from(sql`(select ${asked} as stagione) s`),
  )
  const season = sql`(select stagione from testa)`
  const where = playerWhere(shape, season)
  const walkWhere = playerWhere(shape, season, false)

  // The page's places in the list (`ordine`). One filter with its own index in list order (sex, region, province)
  // reads exactly the page's rows in order, however few the filter keeps: sorting them all (1,962 rows of a
  // region, 7 ms) is for the others. So does a region or a province with other filters but a club (its index has no
  // list order): it walks the place's rows in order and skips who the others leave out, never more than the place's
  // rows (the 3,317 of Lombardy that sorting read for every page of its women over 35, 1.3 ms; their first page now
  // reads about 80). The other filters read their rows in list order when they keep many, and when they keep few
  // (an Under 12, a club) take them from their own index and sort them (an age group from its index alone, which
  // holds the order): which of the two runs is decided by the head's total, inside the statement.
  const byPlace = shape.has('regione') || shape.has('provincia')
  const inOrder = (shape.size === 1 && shape.has('sesso')) || (byPlace && !shape.has('clubId'))
  const walk = (guard: SQL | undefined, sorted: boolean) =>
    db
      .select({ ordine: rankings.ordine })
      .from(rankings)
      .where(and(sorted ? where : walkWhere, guard))
      .orderBy(sorted ? sql`${rankings.ordine} + 0` : asc(rankings.ordine))
      // How far the page is read only when it runs: PostgreSQL then plans the statement once per connection. The
      // walk of the whole list for a filter that keeps many (Over 35) reads the list's index, which holds the birth
      // date, in order; planned for the page asked it was planned again at every call, 1–2 ms each (drizzle types
      // a limit as a number or a placeholder; the SQL of `atRuntime` is written in its place all the same).
      .limit(atRuntime('rows') as never)
      .offset(atRuntime('from') as never)
  const few = sql`(select n from testa) <= ${sql.raw(String(FEW_ROWS))}`
  const many = sql`(select n from testa) > ${sql.raw(String(FEW_ROWS))}`
  const places = !filtered
    ? []
    : inOrder
      ? [db.$with('in_ordine').as(walk(undefined, false))]
      : [db.$with('pochi').as(walk(few, true)), db.$with('in_ordine').as(walk(many, false))]
  const chosen = places.map((cte) => sql`select ordine from ${sql.identifier(cte._.alias)}`)
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
      .where(
        and(
          eq(rankings.tipo, p('tipo')),
          eq(rankings.sectorId, p('sectorId')),
          sql`${rankings.stagione} = ${season}`,
          filtered
            ? sql`${rankings.ordine} = any(array(${sql.join(chosen, sql` union all `)}))`
            : // The page's range of places, its ends read when the statement runs (a range of parameters is
              // estimated from their values, and the plan it gave was made again at every call).
              sql`${rankings.ordine} > ${atRuntime('from')} and ${rankings.ordine} <= ${atRuntime('to')}`,
        ),
      ),
  )
  const firstPoints = sql`(select p.punti from pagina p order by p.ordine limit 1)`
  const aboveWalked = sql`select count(*)::int from (select ${rankings.punti} from ${rankings} where ${walkWhere} order by ${rankings.ordine} limit ${atRuntime('from')}) before where before.punti > ${firstPoints}`
  const list = db
    .with(testa, ...places, pagina)
    .select({
      stagione: testa.stagione,
      record: testa.n,
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
      // How many rows kept have more points than the page's first (they all come before it; the first page does
      // without). Counted where the page was found: among the rows kept before the page, walked in list order (by
      // the filter's own index, or the list's for a filter that keeps many), or, when the filter keeps few, from
      // their index (an age group's: it holds the order and the points). Nothing here depends on a parameter's
      // value at planning (a `case` on the page's start did): PostgreSQL then plans the statement once per
      // connection (a generic plan) instead of at every call (1–2 ms on this machine, more than running it).
      above: filtered
        ? inOrder
          ? sql<number>`(${aboveWalked})`
          : sql<number>`case when ${many} then (${aboveWalked}) else (select count(*)::int from ${rankings} where ${and(
              where,
              sql`${rankings.ordine} < (select min(p.ordine) from pagina p)`,
              sql`${rankings.punti} > ${firstPoints}`,
            )}) end`
        : sql<number>`0`,
    })
    .from(testa)
    .leftJoin(pagina, sql`true`)
    .leftJoin(persons, eq(persons.id, pagina.personId))
    .leftJoin(clubs, eq(clubs.id, pagina.clubId))
    .orderBy(asc(pagina.ordine))
    .prepare(`classifica_lista_${mask}`)

  // «Trova me»: the person's place among the rows kept, in the season the list reads.
  const placeWhere = playerWhere(shape, asked)
  const own = sql`(select ${rankings.ordine} from ${rankings} where ${and(placeWhere, eq(rankings.personId, p('find')))})`
  const place = filtered
    ? db
        .select({
          ordine: sql<number | null>`${own}`,
          before: sql<number>`count(*)::int`,
        })
        .from(rankings)
        .where(and(placeWhere, sql`${rankings.ordine} < ${own}`))
        .prepare(`classifica_trova_${mask}`)
    : db
        .select({ ordine: sql<number | null>`${rankings.ordine}`, before: sql<number>`0` })
        .from(rankings)
        .where(and(placeWhere, eq(rankings.personId, p('find'))))
        .prepare(`classifica_trova_${mask}`)

  return { filtered, list, place }
}

/** A row of the page read with the head (left-joined to it, so typed as nullable). */
type PageRow<R> = R & {
  ordine: number
  posizioneGenerale: number
  personId: number
  punti: number
  tornei: number
  calcolataAl: string
}

/** The statements of a filter shape, built once per database and shape. */
const playerStatements = preparedByKey(
  (shape: ReadonlySet<Narrowing>) => [...shape].join(','),
  buildPlayerStatements,
)

/**
 * A page of the latest season of a whole ranking (the home's first five): its rows by their place in the list order of docs/regole.md
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
        sql`${rankings.stagione} = ${latestSeason}`,
        gt(rankings.ordine, atRuntime('from')),
        lte(rankings.ordine, atRuntime('to')),
      ),
    )
    .orderBy(asc(rankings.ordine))
    .prepare('classifica_primi'),
)

/**
 * The total of the latest season of a whole ranking, kept in ranking_counts (every filter '*', every birth year): counting the
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
        sql`${rankingCounts.stagione} = ${latestSeason}`,
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
        byCircuit ? eq(circuits.id, atRuntime('circuitId')) : undefined,
        firstOnly ? lte(circuitRankings.posizione, atRuntime('primi')) : undefined,
      ),
    )
    .orderBy(
      asc(circuits.nome),
      asc(circuitRankings.circuitId),
      asc(circuitRankings.posizione),
      asc(circuitRankings.personId),
    )
    .limit(atRuntime('limit') as never)
    .offset(atRuntime('offset') as never)
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
     * ranking's size. One round trip (the season, the latest unless the filter names one, the total, the page with
     * its names and, under a filter, the rows kept above it), a statement prepared once per filter shape
     * (playerStatements); «trova me» reads the person's place first. `stagione` is null when the sector has no
     * ranking of the type.
     */
    async playerList(filter: PlayerRankingFilter, limit: number, offset: number, find?: number) {
      const statements = playerStatements(db, narrowingOf(filter))
      const values = playerValues(filter)
      // The page asked for, or the one that holds `find`: its first row's number in the filtered list.
      let start = offset
      if (find !== undefined) {
        const [own] = await statements.place.execute({ ...values, find })
        const n = own?.ordine == null ? undefined : statements.filtered ? own.before + 1 : own.ordine
        start = n === undefined ? 0 : Math.floor((n - 1) / limit) * limit
      }
      const { from, to } = window(limit, start)
      // One statement: the season and the total (the head row, there even when no row is kept), and the page's rows.
      const read = await statements.list.execute({ ...values, from, to, rows: to - from })
      const stagione = read[0]?.stagione ?? null
      const record = read[0]?.record ?? 0
      // The head alone has no place in the list (`ordine`): the page's rows have every column of their ranking row.
      const page = read.filter((row): row is PageRow<typeof row> => row.ordine !== null)
      // Positions among the rows kept: the first row's from how many rows kept have more points (they all come
      // before it in the list: the page's `above`), the next ones from the list (equal points, the same position).
      const [first] = page
      let position = first && from > 0 ? (statements.filtered ? first.above + 1 : first.posizioneGenerale) : 1
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
      return { rows, record, rowstoskip: start, stagione }
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

    /** A page of the latest season's ranking of the type in the sector, by position, with the total. */
    async page(tipo: RankingType, sectorId: number, limit: number, offset: number) {
      // `ordine` is an integer: a page asked for past 2^31 reads nothing rather than failing.
      const values = { tipo, sectorId, from: offset, to: Math.min(offset + limit, MAX_INT) }
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
