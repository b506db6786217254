import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { provinces, regions } from '../db/schema/core.ts'
import { circuits, clubs, tournamentEntries, tournaments } from '../db/schema/domain.ts'

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
}

/** Categories of each level the calendar filters by. */
const LEVEL_CATEGORIES = { OPEN: ['OPEN'], LIMIT: ['LIMIT_65', 'LIMIT_45'] } as const

// A tournament's region: its club's province's, or the zone of a team tournament (no club).
const regionId = sql`coalesce(${provinces.regionId}, ${tournaments.regionId})`

/** The columns of a calendar row (contract/calendario.ts TorneoCalendario), shared with the circuits' stages. */
export const calendarColumns = {
  id: tournaments.id,
  nome: tournaments.nome,
  tipo: tournaments.tipo,
  categoria: tournaments.categoria,
  specialita: tournaments.specialita,
  genere: tournaments.genere,
  stato: tournaments.status,
  data_inizio: tournaments.dataInizio,
  data_fine: tournaments.dataFine,
  iscrizioni_al: tournaments.iscrizioniAl,
  id_circolo: tournaments.clubId,
  circolo: clubs.nome,
  comune: clubs.comune,
  provincia: clubs.provincia,
  regione: regions.nome,
  id_circuito: tournaments.circuitId,
  circuito: circuits.nome,
  tappa: tournaments.tappa,
  // Served by tournament_entries_tournament_idx (tournament_id, status).
  iscritti: sql<number>`(select count(*)::int from ${tournamentEntries} where ${tournamentEntries.tournamentId} = ${tournaments.id} and ${tournamentEntries.status} = 'iscritto')`,
  max_iscritti: tournaments.maxIscritti,
}

/** The row as the contract writes it: the enrolment deadline as an ISO instant. */
export function calendarRow<R extends { iscrizioni_al: Date | string | null }>(row: R) {
  const deadline = row.iscrizioni_al
  return {
    ...row,
    iscrizioni_al: deadline === null ? null : new Date(deadline).toISOString(),
  }
}

/** The joins every calendar row needs (club, its province and region, circuit). */
export function calendarSelect(db: Db) {
  return db
    .select(calendarColumns)
    .from(tournaments)
    .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
    .leftJoin(provinces, eq(provinces.sigla, clubs.provincia))
    .leftJoin(regions, eq(regions.id, regionId))
    .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
}

function conditions(filter: CalendarFilter): SQL | undefined {
  const noDates = filter.dal === undefined && filter.al === undefined
  return and(
    eq(tournaments.sectorId, filter.sectorId),
    filter.tipo !== undefined ? eq(tournaments.tipo, filter.tipo) : undefined,
    filter.provincia !== undefined ? eq(clubs.provincia, filter.provincia) : undefined,
    filter.regione !== undefined ? eq(regions.nome, filter.regione) : undefined,
    filter.clubId !== undefined ? eq(tournaments.clubId, filter.clubId) : undefined,
    filter.circuitId !== undefined ? eq(tournaments.circuitId, filter.circuitId) : undefined,
    // Dates select the tournaments that overlap them: running on «dal» or later, started by «al».
    filter.dal !== undefined ? gte(tournaments.dataFine, filter.dal) : undefined,
    filter.al !== undefined ? lte(tournaments.dataInizio, filter.al) : undefined,
    noDates && filter.stato !== 'concluso' ? gte(tournaments.dataFine, filter.today) : undefined,
    filter.livello !== undefined
      ? inArray(tournaments.categoria, [...LEVEL_CATEGORIES[filter.livello]])
      : undefined,
    filter.stato !== undefined ? eq(tournaments.status, filter.stato) : undefined,
  )
}

/** The tournament calendar and the lookups of its filters. */
export function calendarRepository(db: Db) {
  return {
    /**
     * A page of the calendar and the total. By start date; finished tournaments (stato 'concluso') the most
     * recent first.
     */
    async page(filter: CalendarFilter, limit: number, offset: number) {
      const where = conditions(filter)
      const recentFirst = filter.stato === 'concluso'
      const order = recentFirst
        ? [desc(tournaments.dataInizio), desc(tournaments.id)]
        : [asc(tournaments.dataInizio), asc(tournaments.id)]
      // The count joins only what the filters need.
      const needsPlace = filter.provincia !== undefined || filter.regione !== undefined
      const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(tournaments)
      const counted = needsPlace
        ? countQuery
            .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
            .leftJoin(provinces, eq(provinces.sigla, clubs.provincia))
            .leftJoin(regions, eq(regions.id, regionId))
            .where(where)
        : countQuery.where(where)
      const [rows, [total]] = await Promise.all([
        calendarSelect(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        counted,
      ])
      return { rows: rows.map(calendarRow), record: total?.n ?? 0 }
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
    async regionExists(nome: string): Promise<boolean> {
      const [found] = await db.select({ id: regions.id }).from(regions).where(eq(regions.nome, nome)).limit(1)
      return found !== undefined
    },
  }
}
