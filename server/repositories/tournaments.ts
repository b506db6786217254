import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { atRuntime, preparedFor } from '../db/prepared.ts'
import { provinces } from '../db/schema/core.ts'
import {
  circuits,
  clubs,
  numeriCircoli,
  numeriStagione,
  teams,
  tournamentEntries,
  tournaments,
} from '../db/schema/domain.ts'
import { TOURNAMENT_TYPES } from '../../contract/constants.ts'
import { NOT_STARTED_STATUSES } from '../domain/tournaments.ts'
import type { SectorScope } from './sectors.ts'
import { statusAtSql } from './tournament-status.ts'

/**
 * The home's figures counted again from the rows, by migration 0029_numeri_stagione's own functions: after a load
 * that ran with the triggers off (the seed at the larger scales, server/seed/index.ts), which kept nothing.
 */
export async function recountHomeFigures(db: Db) {
  await db.execute(sql`select numeri_stagione_ricalcola(), numeri_circoli_ricalcola()`)
}

/**
 * What the database keeps on each tournament, made again from the rows after a load with the triggers off (the
 * seed at the larger scales): its club's province and region (migrations 0005, 0026) and its entry counts
 * (0023). Only the rows that differ are written.
 */
export async function recountTournamentKeptValues(db: Db) {
  await db.execute(sql`
    update ${tournaments} t set provincia = c.provincia, region_id = p.region_id
    from ${clubs} c left join ${provinces} p on p.sigla = c.provincia
    where c.id = t.club_id
      and (t.provincia is distinct from c.provincia or t.region_id is distinct from p.region_id)`)
  // Each table counted once, grouped by tournament (a count per tournament and per kind read 30k tournaments'
  // entries three times over on the large set).
  await db.execute(sql`
    update ${tournaments} t
    set n_iscritti = coalesce(e.iscritti, 0), n_in_attesa = coalesce(e.attesa, 0), n_squadre = coalesce(s.n, 0)
    from ${tournaments} t2
    left join (
      select tournament_id, count(*) filter (where status = 'iscritto')::int as iscritti,
        count(*) filter (where status = 'lista_attesa')::int as attesa
      from ${tournamentEntries} group by tournament_id
    ) e on e.tournament_id = t2.id
    left join (select tournament_id, count(*)::int as n from ${teams} group by tournament_id) s
      on s.tournament_id = t2.id
    where t2.id = t.id
      and (t.n_iscritti, t.n_in_attesa, t.n_squadre)
        is distinct from (coalesce(e.iscritti, 0), coalesce(e.attesa, 0), coalesce(s.n, 0))`)
}

const p = (name: string) => sql.placeholder(name)

/** The season's figures of a sector, and the clubs of a discipline, kept by the database (seasonFigures). */
const seasonFiguresStatement = preparedFor((db) =>
  db
    .select({
      giocatori: numeriStagione.giocatori,
      tornei: numeriStagione.tornei,
      partite: numeriStagione.partite,
    })
    .from(numeriStagione)
    .where(and(eq(numeriStagione.sectorId, p('sectorId')), eq(numeriStagione.stagione, p('stagione'))))
    .prepare('home_numeri_stagione'),
)
const clubFiguresStatement = preparedFor((db) =>
  db
    .select({ n: numeriCircoli.circoli })
    .from(numeriCircoli)
    .where(eq(numeriCircoli.disciplineId, p('disciplineId')))
    .prepare('home_numeri_circoli'),
)

/**
 * The home's «Prossimi tornei», prepared once per database: planned with the values at every call it cost 0.9 ms
 * of planning and a plan of 1.5 ms, against 0.1 ms for the plan made once (the soonest first along
 * tournaments_tipo_sector_idx, how many read when it runs).
 */
const upcomingStatement = preparedFor((db) =>
  db
    .select({
      id: tournaments.id,
      nome: tournaments.nome,
      tipo: tournaments.tipo,
      categoria: tournaments.categoria,
      stato: statusAtSql(p('now')),
      data_inizio: tournaments.dataInizio,
      data_fine: tournaments.dataFine,
      id_circolo: clubs.id,
      circolo: clubs.nome,
      comune: clubs.comune,
      provincia: clubs.provincia,
      id_circuito: tournaments.circuitId,
      circuito: circuits.nome,
    })
    .from(tournaments)
    .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
    .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
    .where(
      and(
        eq(tournaments.sectorId, p('sectorId')),
        eq(tournaments.tipo, TOURNAMENT_TYPES.TORNEI),
        gte(tournaments.dataInizio, p('day')),
        inArray(tournaments.status, NOT_STARTED_STATUSES),
      ),
    )
    .orderBy(asc(tournaments.dataInizio), asc(tournaments.id))
    .limit(atRuntime('limit') as never)
    .prepare('home_prossimi_tornei'),
)

/**
 * The sector's circuits of the season for the home, each with its stages and the start of the next one, prepared
 * once per database. The stages are read per circuit from tournaments_circuit_idx (a lateral subquery): joined and
 * grouped, PostgreSQL read all 30k tournaments of the large set to count the 2k of the season's circuits.
 */
const circuitsOfSeasonStatement = preparedFor((db) => {
  const day = sql`${p('day')}::date`
  const stages = db
    .select({
      tappe: sql<number>`count(*)::int`.as('tappe'),
      // A stage already under way on `day` is not "the next one": the home says it is running instead.
      prossima_tappa: sql<
        string | null
      >`(min(${tournaments.dataInizio}) filter (where ${tournaments.dataFine} >= ${day} and ${tournaments.status} <> 'annullato'))::text`.as(
        'prossima_tappa',
      ),
      tappa_in_corso: sql<
        boolean | null
      >`bool_or(${tournaments.dataInizio} <= ${day} and ${tournaments.dataFine} >= ${day} and ${tournaments.status} <> 'annullato')`.as(
        'tappa_in_corso',
      ),
    })
    .from(tournaments)
    .where(eq(tournaments.circuitId, circuits.id))
    .as('tappe')
  return db
    .select({
      id: circuits.id,
      nome: circuits.nome,
      stagione: circuits.stagione,
      tappe: stages.tappe,
      prossima_tappa: stages.prossima_tappa,
      tappa_in_corso: stages.tappa_in_corso,
    })
    .from(circuits)
    .crossJoinLateral(stages)
    .where(and(eq(circuits.sectorId, p('sectorId')), eq(circuits.stagione, p('stagione'))))
    .orderBy(sql`${stages.prossima_tappa} asc nulls last`, asc(circuits.nome), asc(circuits.id))
    .limit(atRuntime('limit') as never)
    .prepare('home_circuiti')
})

/** Tournaments, circuits and the season's figures. */
export function tournamentsRepository(db: Db) {
  return {
    /**
     * The season's figures of the sector: players with a card, clubs, tournaments, played matches. The database
     * keeps them (migration 0029_numeri_stagione): per sector and season in numeri_stagione, the clubs per
     * discipline in numeri_circoli. Two rows, instead of counting the season's cards, matches and clubs at every call.
     */
    async seasonFigures(scope: SectorScope, stagione: number) {
      const [[kept], [clubCount]] = await Promise.all([
        seasonFiguresStatement(db).execute({ sectorId: scope.sectorId, stagione }),
        clubFiguresStatement(db).execute({ disciplineId: scope.disciplineId }),
      ])
      return {
        giocatori: kept?.giocatori ?? 0,
        circoli: clubCount?.n ?? 0,
        tornei: kept?.tornei ?? 0,
        partite: kept?.partite ?? 0,
      }
    },

    /**
     * The home's «Prossimi tornei»: the sector's tournaments (TR, not team championships) starting on `day` or
     * later and not cancelled, soonest first.
     */
    upcoming(sectorId: number, day: string, limit: number, now = new Date()) {
      return upcomingStatement(db).execute({ sectorId, day, limit, now: now.toISOString() })
    },

    /** The sector's circuits of the season, with their stages and next one (circuitsOfSeasonStatement). */
    async circuitsOfSeason(sectorId: number, stagione: number, day: string, limit: number) {
      const rows = await circuitsOfSeasonStatement(db).execute({ sectorId, stagione, day, limit })
      return rows.map((r) => ({
        ...r,
        prossima_tappa: r.prossima_tappa ?? null,
        tappa_in_corso: r.tappa_in_corso === true,
      }))
    },
  }
}
