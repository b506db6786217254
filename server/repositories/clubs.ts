import { and, asc, desc, eq, exists, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { disciplines, persons, provinces, regions, sectors } from '../db/schema/core.ts'
import {
  championships,
  clubDisciplines,
  clubRankingCounts,
  clubRankings,
  clubs,
  courts,
  teamMembers,
  teams,
  tournaments,
} from '../db/schema/domain.ts'
import { preparedFor } from '../db/prepared.ts'
import type { CourtRow } from '../domain/clubs.ts'
import { countOf, totalOf } from './paging.ts'

/** A LIKE prefix pattern for user text: lower case, wildcards escaped. */
function prefixPattern(text: string): string {
  return `${text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Names in the same order on PostgreSQL and PGlite, whatever the database collation. */
const byName = (column: SQL) => sql`lower(${column}) collate "C"`

const p = (name: string) => sql.placeholder(name)

/** A sector's label: the discipline's name, with the sector's when they differ. */
const sectorLabel = sql<string>`case when ${sectors.nome} = ${disciplines.nome} then ${sectors.nome} else ${disciplines.nome} || ' – ' || ${sectors.nome} end`

/** The club's columns with its region. */
const clubColumns = {
  id: clubs.id,
  codice: clubs.codice,
  nome: clubs.nome,
  indirizzo: clubs.indirizzo,
  cap: clubs.cap,
  comune: clubs.comune,
  provincia: clubs.provincia,
  regione: regions.nome,
  telefono: clubs.telefono,
  email: clubs.email,
  sito_web: clubs.sitoWeb,
  logo: clubs.logo,
  descrizione: clubs.descrizione,
  affiliata_dal: clubs.affiliataDal,
}

/** The club's place in the affiliates' ranking of a sector. */
type RankingPlace = {
  id_settore: number
  settore: string
  stagione: number
  posizione: number
  punti: number
  tesserati: number
  classificati: number
  calcolata_al: string
}

/**
 * A club's page in one statement (prepared once per database): the club with its region, the disciplines it offers
 * (even one without courts yet) with their courts in the portal's order, and its place in the affiliates' ranking
 * of each sector in that sector's latest season. The lists come as JSON built by the database: one round trip
 * instead of three. How many clubs each ranking holds is kept by the database (club_ranking_counts, migration
 * 0038), not counted here: counting every ranked club of each sector was most of this statement's time.
 */
const clubPageStatement = preparedFor((db) =>
  db
    .select({
      ...clubColumns,
      campi: sql<CourtRow[]>`(select coalesce(json_agg(json_build_object(
          'id_disciplina', ${disciplines.id}, 'disciplina', ${disciplines.nome}, 'nome', ${courts.nome},
          'superficie', ${courts.superficie}, 'coperto', ${courts.coperto}, 'illuminato', ${courts.illuminato}
        ) order by ${disciplines.ordine}, ${courts.id}), '[]'::json)
        from ${clubDisciplines}
        join ${disciplines} on ${disciplines.id} = ${clubDisciplines.disciplineId}
        left join ${courts} on ${courts.clubId} = ${clubDisciplines.clubId} and ${courts.disciplineId} = ${clubDisciplines.disciplineId}
        where ${clubDisciplines.clubId} = ${clubs.id})`,
      classifiche: sql<RankingPlace[]>`(select coalesce(json_agg(json_build_object(
          'id_settore', ${clubRankings.sectorId}, 'settore', ${sectorLabel}, 'stagione', ${clubRankings.stagione},
          'posizione', ${clubRankings.posizione}, 'punti', ${clubRankings.punti}, 'tesserati', ${clubRankings.tesserati},
          'classificati', coalesce((select ${clubRankingCounts.n} from ${clubRankingCounts} where ${clubRankingCounts.sectorId} = ${clubRankings.sectorId} and ${clubRankingCounts.stagione} = ${clubRankings.stagione}), 0),
          'calcolata_al', ${clubRankings.calcolataAl}
        ) order by ${disciplines.ordine}, ${sectors.ordine}), '[]'::json)
        from ${clubRankings}
        join ${sectors} on ${sectors.id} = ${clubRankings.sectorId}
        join ${disciplines} on ${disciplines.id} = ${sectors.disciplineId}
        where ${clubRankings.clubId} = ${clubs.id}
          and ${clubRankings.stagione} = (select max(latest.stagione) from ${clubRankings} as latest where latest.sector_id = ${clubRankings.sectorId}))`,
    })
    .from(clubs)
    .innerJoin(provinces, eq(provinces.sigla, clubs.provincia))
    .innerJoin(regions, eq(regions.id, provinces.regionId))
    .where(eq(clubs.id, p('id')))
    .prepare('circolo_pagina'),
)

/** Mean radius of the Earth in kilometres (the haversine formula below). */
const EARTH_RADIUS_KM = 6371

export type ClubSearch = {
  disciplineId: number
  testo?: string | undefined
  provincia?: string | undefined
  /** The visitor's position: then the nearest first, clubs without coordinates last. */
  near?: { latitudine: number; longitudine: number } | undefined
}

/** A club as the search finds it; `distanza` in kilometres, null without a position or coordinates. */
export type ClubFound = {
  id_circolo: number
  nome: string
  indirizzo: string
  comune: string
  provincia: string
  discipline: string[]
  distanza: number | null
}

/** Clubs: the search of the home and of /lista-circoli, one club's page, its teams. */
export function clubsRepository(db: Db) {
  return {
    /**
     * A page of the active clubs offering the discipline, with the total. By distance when a position is given;
     * otherwise the names that start with the text first (then a word of the name or the town), alphabetical.
     */
    async search(
      filter: ClubSearch,
      limit: number,
      offset: number,
    ): Promise<{ rows: ClubFound[]; record: number }> {
      const prefix = filter.testo ? prefixPattern(filter.testo) : undefined
      const distance = filter.near
        ? sql<
            number | null
          >`${2 * EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(${clubs.latitudine} - ${filter.near.latitudine}::float8) / 2), 2) + cos(radians(${filter.near.latitudine}::float8)) * cos(radians(${clubs.latitudine})) * power(sin(radians(${clubs.longitudine} - ${filter.near.longitudine}::float8) / 2), 2)))`
        : undefined
      const order: SQL[] = []
      if (distance) order.push(sql`${distance} asc nulls last`)
      else if (prefix) order.push(sql`case when ${clubs.nomeRicerca} like ${prefix} then 0 else 1 end`)
      order.push(sql`${clubs.nomeRicerca} collate "C"`, sql`${clubs.id}`)
      const page = (limit: number, offset: number) =>
        db
          .select({
            id_circolo: clubs.id,
            nome: clubs.nome,
            indirizzo: clubs.indirizzo,
            comune: clubs.comune,
            provincia: clubs.provincia,
            // The outer club named in full: in a one-table select drizzle leaves columns unqualified.
            discipline: sql<
              string[]
            >`(select coalesce(json_agg(${disciplines.nome} order by ${disciplines.ordine}), '[]'::json) from ${clubDisciplines} join ${disciplines} on ${disciplines.id} = ${clubDisciplines.disciplineId} where ${clubDisciplines.clubId} = "clubs"."id")`,
            distanza: distance ?? sql<null>`null::float8`,
            record: sql<number>`(count(*) over ())::int`,
          })
          .from(clubs)
          .where(
            and(
              eq(clubs.attivo, true),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(clubDisciplines)
                  .where(
                    and(
                      eq(clubDisciplines.clubId, clubs.id),
                      eq(clubDisciplines.disciplineId, filter.disciplineId),
                    ),
                  ),
              ),
              filter.provincia ? eq(clubs.provincia, filter.provincia) : undefined,
              prefix
                ? or(
                    sql`${clubs.nomeRicerca} like ${prefix}`,
                    sql`${clubs.nomeRicerca} like ${`% ${prefix}`}`,
                    sql`${clubs.comuneRicerca} like ${prefix}`,
                  )
                : undefined,
            ),
          )
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      const rows = await page(limit, offset)
      // A page past the end has no row to carry the total: ask for the first row only.
      const record = await totalOf(rows, offset, async () => (await page(1, 0))[0]?.record ?? 0)
      return {
        rows: rows.map(({ record: _total, distanza, ...row }) => ({
          ...row,
          distanza: distanza === null ? null : Number(distanza),
        })),
        record,
      }
    },

    /** One club with its region, or undefined. */
    async club(id: number) {
      const [row] = await db
        .select(clubColumns)
        .from(clubs)
        .innerJoin(provinces, eq(provinces.sigla, clubs.provincia))
        .innerJoin(regions, eq(regions.id, provinces.regionId))
        .where(eq(clubs.id, id))
        .limit(1)
      return row
    },

    /** A club's page (clubPageStatement), or undefined when the club does not exist. */
    async page(id: number) {
      const [row] = await clubPageStatement(db).execute({ id })
      return row
    },

    /** A page of the club's teams, the latest season first, then by name, with the total. */
    async teams(clubId: number, limit: number, offset: number) {
      const rows = await db
        .select({
          id: teams.id,
          nome: teams.nome,
          id_torneo: tournaments.id,
          torneo: tournaments.nome,
          campionato: championships.nome,
          settore: sectorLabel,
          stagione: sql<number>`coalesce(${championships.stagione}, extract(year from ${tournaments.dataInizio}))::int`,
          id_capitano: persons.id,
          nome_capitano: persons.nome,
          cognome_capitano: persons.cognome,
          giocatori: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
          record: sql<number>`(count(*) over ())::int`,
        })
        .from(teams)
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .leftJoin(championships, eq(championships.id, tournaments.championshipId))
        .innerJoin(sectors, eq(sectors.id, tournaments.sectorId))
        .innerJoin(disciplines, eq(disciplines.id, sectors.disciplineId))
        .innerJoin(persons, eq(persons.id, teams.captainPersonId))
        .where(eq(teams.clubId, clubId))
        .orderBy(desc(tournaments.dataInizio), byName(sql`${teams.nome}`), asc(teams.id))
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () =>
        countOf(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(teams)
            .where(eq(teams.clubId, clubId)),
        ),
      )
      return { rows: rows.map(({ record: _total, ...row }) => row), record }
    },
  }
}
