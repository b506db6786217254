import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { atRuntime } from '../db/prepared.ts'
import { REGIONS } from '../db/reference.ts'
import { TOURNAMENT_TYPES } from '../../contract/constants.ts'
import { circuits, clubs, tournaments } from '../db/schema/domain.ts'
import { type Instant, readAsStored, statusAtSql, storedStatusesFor } from './tournament-status.ts'
import { totalOf } from './paging.ts'

/** What the calendar is filtered by, already decoded (contract/calendario.ts) and checked. */
export type CalendarFilter = {
  sectorId: number
  tipo?: string | undefined
  regione?: string | undefined
  provincia?: string | undefined
  clubId?: number | undefined
  circuitId?: number | undefined
  dal?: string | undefined
  al?: string | undefined
  livello?: 'OPEN' | 'LIMIT' | undefined
  stato?: 'iscrizioni_aperte' | 'in_corso' | 'concluso' | undefined
  /** Today in Italy: without dates or status the calendar starts from what is running today. */
  today: string
  /** The instant the status is read at (server/domain/tournaments.ts `tournamentStatusAt`). */
  now: Date
}

/** Categories of each level the calendar filters by. */
const LEVEL_CATEGORIES = { OPEN: ['OPEN'], LIMIT: ['LIMIT_65', 'LIMIT_45'] } as const

/**
 * The columns of a calendar row (contract/calendario.ts TorneoCalendario), shared with the circuits' stages; the
 * status is the one at `now` (an instant, or a prepared statement's placeholder).
 */
export const calendarColumns = (now: Instant) => ({
  id: tournaments.id,
  nome: tournaments.nome,
  tipo: tournaments.tipo,
  categoria: tournaments.categoria,
  specialita: tournaments.specialita,
  genere: tournaments.genere,
  stato: statusAtSql(now),
  data_inizio: tournaments.dataInizio,
  data_fine: tournaments.dataFine,
  iscrizioni_al: tournaments.iscrizioniAl,
  id_circolo: tournaments.clubId,
  circolo: clubs.nome,
  comune: clubs.comune,
  provincia: clubs.provincia,
  // Named from the reference list (server/db/reference.ts), which the regions table is written from.
  id_regione: tournaments.regionId,
  id_circuito: tournaments.circuitId,
  circuito: circuits.nome,
  tappa: tournaments.tappa,
  // Kept by the database (migration 0023_conteggi_iscritti_trigger): a team championship's entries are its teams,
  // never players.
  iscritti: sql<number>`case when ${tournaments.tipo} = ${TOURNAMENT_TYPES.CAMPIONATI} then ${tournaments.nSquadre} else ${tournaments.nIscritti} end`,
  max_iscritti: tournaments.maxIscritti,
})

/** The row as the contract writes it: the region by name, the enrolment deadline as an ISO instant. */
export function calendarRow<R extends { iscrizioni_al: Date | string | null; id_regione: number | null }>({
  id_regione,
  ...row
}: R) {
  const deadline = row.iscrizioni_al
  return {
    ...row,
    regione: id_regione === null ? null : (REGION_NAMES.get(id_regione) ?? null),
    iscrizioni_al: deadline === null ? null : new Date(deadline).toISOString(),
  }
}

/** The filters a calendar query takes; which of them a request sets gives the query's shape. */
type FilterKey =
  'tipo' | 'provincia' | 'regione' | 'clubId' | 'circuitId' | 'dal' | 'al' | 'livello' | 'stato'
const FILTER_KEYS: readonly FilterKey[] = [
  'tipo',
  'provincia',
  'regione',
  'clubId',
  'circuitId',
  'dal',
  'al',
  'livello',
  'stato',
]

const p = (name: string) => sql.placeholder(name)

const REGION_IDS = new Map(REGIONS.map((region) => [region.nome, region.id]))
const REGION_NAMES = new Map(REGIONS.map((region) => [region.id, region.nome]))

/**
 * The conditions of a shape: every value is a placeholder, so one statement serves every request of it; except a
 * status that reads as stored (`stored`, readAsStored), written into the statement so that an index on it (a partial index of the
 * finished tournaments) serves its plan.
 */
function conditions(shape: ReadonlySet<FilterKey>, sinceToday: boolean, stored?: SQL): SQL | undefined {
  return and(
    eq(tournaments.sectorId, p('sectorId')),
    shape.has('tipo') ? eq(tournaments.tipo, p('tipo')) : undefined,
    // The club's province, kept on the tournament (migration 0026_tornei_provincia_trigger).
    shape.has('provincia') ? eq(tournaments.provincia, p('provincia')) : undefined,
    shape.has('regione') ? eq(tournaments.regionId, p('regionId')) : undefined,
    shape.has('clubId') ? eq(tournaments.clubId, p('clubId')) : undefined,
    shape.has('circuitId') ? eq(tournaments.circuitId, p('circuitId')) : undefined,
    // Dates select the tournaments that overlap them: running on «dal» or later, started by «al».
    shape.has('dal') ? gte(tournaments.dataFine, p('dal')) : undefined,
    shape.has('al') ? lte(tournaments.dataInizio, p('al')) : undefined,
    // Read when the statement runs: with no other filter, the day's value made every per-call plan look cheaper
    // than the generic one, and the statement was planned again at every call.
    sinceToday ? gte(tournaments.dataFine, atRuntime('today', 'date')) : undefined,
    shape.has('livello') ? sql`${tournaments.categoria} = any(${p('categorie')})` : undefined,
    // The status at the request's instant; the stored statuses it can come from keep the status index in use.
    stored
      ? sql`${tournaments.status} = ${stored}`
      : shape.has('stato')
        ? and(sql`${tournaments.status} = any(${p('stored')})`, eq(statusAtSql(p('now')), p('stato')))
        : undefined,
  )
}

/**
 * The statement of one filter shape, built once per database and shape (at most a few dozen shapes are in
 * use): drizzle builds its SQL once, and PostgreSQL plans it once per connection. The page is chosen first,
 * on tournaments alone (every filter is a column of it or, for a province, a list of clubs), read in the list's
 * order only as far as the page; only its rows are then joined. The total is a count of the filtered set, computed
 * once (a window over the set kept every row of it in memory to count them: 1.2 ms against 0.8 ms for the 8,289
 * finished tournaments of a sector on the large set). One round trip a page.
 */
function pageStatement(
  db: Db,
  shape: ReadonlySet<FilterKey>,
  sinceToday: boolean,
  recentFirst: boolean,
  storedStatus: string | undefined,
) {
  const where = conditions(
    shape,
    sinceToday,
    storedStatus === undefined ? undefined : readAsStored(storedStatus),
  )
  const total = db
    .select({ n: sql<number>`count(*)::int` })
    .from(tournaments)
    .where(where)
  const filtered = db
    .select({ id: tournaments.id, dataInizio: tournaments.dataInizio })
    .from(tournaments)
    .where(where)
    .orderBy(
      ...(recentFirst
        ? [desc(tournaments.dataInizio), desc(tournaments.id)]
        : [asc(tournaments.dataInizio), asc(tournaments.id)]),
    )
    .limit(atRuntime('limit') as never)
    .offset(atRuntime('offset') as never)
    .as('pagina')
  // A statement's name is at most 63 bytes in PostgreSQL: the shape goes in as a bit mask.
  const mask = FILTER_KEYS.reduce((bits, key, i) => (shape.has(key) ? bits | (1 << i) : bits), 0)
  const name = `calendar_${mask}${sinceToday ? '_today' : ''}${recentFirst ? '_desc' : ''}${storedStatus ? `_${storedStatus}` : ''}`
  return db
    .select({ ...calendarColumns(p('now')), record: sql<number>`(${total})` })
    .from(tournaments)
    .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
    .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
    .innerJoin(filtered, eq(filtered.id, tournaments.id))
    .orderBy(
      ...(recentFirst
        ? [desc(filtered.dataInizio), desc(filtered.id)]
        : [asc(filtered.dataInizio), asc(filtered.id)]),
    )
    .prepare(name)
}
type PageStatement = ReturnType<typeof pageStatement>

const statements = new WeakMap<Db, Map<string, PageStatement>>()

/** The tournament calendar and the lookups of its filters. */
export function calendarRepository(db: Db) {
  const byShape = statements.get(db) ?? new Map<string, PageStatement>()
  statements.set(db, byShape)

  return {
    /**
     * A page of the calendar and the total. By start date; finished tournaments (stato 'concluso') the most
     * recent first. Without dates, and unless finished ones are asked for, it starts from what runs today.
     */
    async page(filter: CalendarFilter, limit: number, offset: number) {
      const shape = new Set(FILTER_KEYS.filter((key) => filter[key] !== undefined))
      const sinceToday = filter.dal === undefined && filter.al === undefined && filter.stato !== 'concluso'
      const recentFirst = filter.stato === 'concluso'
      const storedStatus = filter.stato !== undefined && readAsStored(filter.stato) ? filter.stato : undefined
      const key = `${[...shape].join(',')}|${sinceToday}|${recentFirst}|${storedStatus ?? ''}`
      let statement = byShape.get(key)
      if (statement === undefined) {
        statement = pageStatement(db, shape, sinceToday, recentFirst, storedStatus)
        byShape.set(key, statement)
      }
      const values = {
        ...filter,
        regionId: filter.regione === undefined ? undefined : REGION_IDS.get(filter.regione),
        categorie: filter.livello === undefined ? undefined : [...LEVEL_CATEGORIES[filter.livello]],
        stored: filter.stato === undefined ? undefined : storedStatusesFor(filter.stato),
        now: filter.now.toISOString(),
        limit,
        offset,
      }
      const rows = await statement.execute(values)
      // A page past the end has no row to carry the total: ask for the first row only.
      const record = await totalOf(
        rows,
        offset,
        async () => (await statement.execute({ ...values, offset: 0, limit: 1 }))[0]?.record ?? 0,
      )
      return { rows: rows.map(({ record: _total, ...row }) => calendarRow(row)), record }
    },

    /** A club by id, as the club search shows it (to name the club a shared link filters by). */
    async club(id: number) {
      return db
        .select({ id_circolo: clubs.id, nome: clubs.nome, comune: clubs.comune, provincia: clubs.provincia })
        .from(clubs)
        .where(eq(clubs.id, id))
        .limit(1)
    },

    /** The sector's circuits, newest season first, by name. */
    circuits(sectorId: number) {
      return db
        .select({ id: circuits.id, nome: circuits.nome, stagione: circuits.stagione })
        .from(circuits)
        .where(eq(circuits.sectorId, sectorId))
        .orderBy(desc(circuits.stagione), asc(circuits.nome), asc(circuits.id))
    },

    /** Whether the region exists (a filter naming an unknown region is refused, not silently empty). */
    regionExists(nome: string): boolean {
      return REGION_IDS.has(nome)
    },
  }
}
