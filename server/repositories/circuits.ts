import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { disciplines, persons, sectors } from '../db/schema/core.ts'
import {
  circuitRankingCounts,
  circuitRankings,
  circuits,
  clubs,
  matches,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../db/schema/domain.ts'
import { classificaCircuito, type CircuitMatch } from '../domain/circuits.ts'
import { PLAYED_OUTCOMES } from '../domain/tournaments.ts'
import { calendarColumns, calendarRow } from './calendar.ts'
import { countOf, totalOf } from './paging.ts'

const p = (name: string) => sql.placeholder(name)

/**
 * The stage figures of each circuit, in one pass over its stages (cancelled ones left out) joined laterally:
 * `day` is a placeholder, today in Italy, for the next stage.
 */
function stageFigures(db: Db) {
  const stages = db
    .select({
      tappe: sql<number>`count(*)::int`.as('tappe'),
      tappe_concluse: sql<number>`(count(*) filter (where ${tournaments.status} = 'concluso'))::int`.as(
        'tappe_concluse',
      ),
      prima_tappa: sql<string | null>`min(${tournaments.dataInizio})::text`.as('prima_tappa'),
      ultima_tappa: sql<string | null>`max(${tournaments.dataFine})::text`.as('ultima_tappa'),
      prossima_tappa: sql<
        string | null
      >`(min(${tournaments.dataInizio}) filter (where ${tournaments.dataFine} >= ${p('day')}))::text`.as(
        'prossima_tappa',
      ),
    })
    .from(tournaments)
    .where(and(eq(tournaments.circuitId, circuits.id), sql`${tournaments.status} <> 'annullato'`))
    .as('tappe')
  return { stages }
}

/** A circuit's row with its figures (and the `extra` columns asked for); `where` picks the circuits. */
function circuitsWithFigures<E extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: E) {
  const { stages } = stageFigures(db)
  return db
    .select({
      ...(extra as E),
      id: circuits.id,
      nome: circuits.nome,
      stagione: circuits.stagione,
      id_settore: circuits.sectorId,
      settore: sectors.nome,
      disciplina: disciplines.codice,
      descrizione: circuits.descrizione,
      logo: circuits.logo,
      regolamento: circuits.regolamento,
      tappe: stages.tappe,
      tappe_concluse: stages.tappe_concluse,
      prima_tappa: stages.prima_tappa,
      ultima_tappa: stages.ultima_tappa,
      prossima_tappa: stages.prossima_tappa,
      // Kept by the database (circuit_ranking_counts, migration 0040): counting every circuit's standings was most of
      // the circuits' list's time (951 rows a circuit on the large set, 1.5 ms of 2 for a page of 20).
      classificati: sql<number>`coalesce((select ${circuitRankingCounts.n} from ${circuitRankingCounts} where ${circuitRankingCounts.circuitId} = ${circuits.id}), 0)`,
    })
    .from(circuits)
    .innerJoin(sectors, eq(sectors.id, circuits.sectorId))
    .innerJoin(disciplines, eq(disciplines.id, circuits.disciplineId))
    .crossJoinLateral(stages)
}

/** One circuit and its figures: the circuit's page reads it on every visit. */
const circuitView = preparedFor((db) =>
  circuitsWithFigures(db)
    .where(eq(circuits.id, p('id')))
    .limit(1)
    .prepare('circuito_scheda'),
)

/**
 * A page of a sector's circuits of a season, by name, with their figures. The page's circuits are chosen first, on
 * circuits alone: ordered and cut after the figures, every circuit of the season had its stages and standings
 * counted (43 circuits, 585 standings rows each, 7.5 ms; the page's 20 now).
 */
const circuitPage = preparedFor((db) => {
  const page = db
    .select({ id: circuits.id })
    .from(circuits)
    .where(and(eq(circuits.sectorId, p('sectorId')), eq(circuits.stagione, p('stagione'))))
    .orderBy(asc(circuits.nome), asc(circuits.id))
    .limit(p('limit'))
    .offset(p('offset'))
  return circuitsWithFigures(db, {
    // The season's circuits, on every row (a page past the end has none: counted apart).
    record: sql<number>`(select count(*)::int from ${circuits} as stagione where stagione.sector_id = ${p('sectorId')} and stagione.stagione = ${p('stagione')})`,
    // The first of the standings (the lowest id among players sharing first place): one row read from
    // circuit_rankings_list_idx, not the whole standings joined to persons and then thrown away.
    primo: sql<Leader | null>`(select json_build_object('id_persona', persona.id, 'nome', persona.nome, 'cognome', persona.cognome, 'punti', primo.punti)
      from ${circuitRankings} as primo join ${persons} as persona on persona.id = primo.person_id
      where primo.circuit_id = ${circuits.id} order by primo.posizione, primo.person_id limit 1)`,
  })
    .where(sql`${circuits.id} = any(array(${page}))`)
    .orderBy(asc(circuits.nome), asc(circuits.id))
    .prepare('circuiti_pagina')
})

/** The leader of a circuit's standings, as the page's statement returns it. */
type Leader = { id_persona: number; nome: string; cognome: string; punti: number }

/**
 * A page of stages as calendar rows with the total on every row, one prepared statement per kind: one circuit's
 * stages by number, or the sector's next stages (not cancelled, not over by `day`) by date. Built per call, the
 * calendar row's columns (the status at `now` among them) cost more in Node than the query in PostgreSQL.
 */
function stagePage(db: Db, byCircuit: boolean) {
  return db
    .select({ ...calendarColumns(p('now')), record: sql<number>`(count(*) over ())::int` })
    .from(tournaments)
    .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
    .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
    .where(
      byCircuit
        ? eq(tournaments.circuitId, p('circuitId'))
        : and(
            eq(tournaments.sectorId, p('sectorId')),
            sql`${tournaments.circuitId} is not null`,
            gte(tournaments.dataFine, p('day')),
            sql`${tournaments.status} <> 'annullato'`,
          ),
    )
    .orderBy(
      ...(byCircuit
        ? [asc(tournaments.tappa), asc(tournaments.dataInizio), asc(tournaments.id)]
        : [asc(tournaments.dataInizio), asc(tournaments.id)]),
    )
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(byCircuit ? 'circuito_tappe' : 'settore_tappe')
}
const circuitStagePage = preparedFor((db) => stagePage(db, true))
const sectorStagePage = preparedFor((db) => stagePage(db, false))

/** Circuits, their stages and standings. */
export function circuitsRepository(db: Db) {
  return {
    /** A page of the sector's circuits of a season, by name, each with its figures and its leader. */
    async page(sectorId: number, stagione: number, day: string, limit: number, offset: number) {
      const circuitRows = await circuitPage(db).execute({ sectorId, stagione, day, limit, offset })
      const record = await totalOf(circuitRows, offset, () =>
        countOf(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(circuits)
            .where(and(eq(circuits.sectorId, sectorId), eq(circuits.stagione, stagione))),
        ),
      )
      const rows = circuitRows.map(
        ({ id_settore: _s, settore: _n, disciplina: _d, regolamento: _r, record: _t, primo, ...row }) => ({
          ...row,
          leader: primo,
        }),
      )
      return { rows, record }
    },

    /** One circuit with its sector, discipline and figures, or undefined. */
    async view(id: number, day: string) {
      const [row] = await circuitView(db).execute({ id, day })
      return row
    },

    /**
     * Stages as calendar rows: of one circuit by stage number, or (no circuit) the sector's circuit stages
     * running or still to come, by date.
     */
    async stages(
      filter: { circuitId: number } | { sectorId: number; day: string },
      limit: number,
      offset: number,
      now: Date,
    ) {
      const values = { ...filter, now: now.toISOString(), limit, offset }
      const rows =
        'circuitId' in filter
          ? await circuitStagePage(db).execute(values)
          : await sectorStagePage(db).execute(values)
      // A page past the end has no row to carry the total: ask for the first row only.
      const record = await totalOf(rows, offset, async () => {
        const first = { ...values, limit: 1, offset: 0 }
        const [row] =
          'circuitId' in filter
            ? await circuitStagePage(db).execute(first)
            : await sectorStagePage(db).execute(first)
        return row?.record ?? 0
      })
      return { rows: rows.map(({ record: _total, ...row }) => calendarRow(row)), record }
    },

    /** The whole standings of a circuit, by position, for its PDF and CSV. */
    standings(circuitId: number) {
      return db
        .select({
          posizione: circuitRankings.posizione,
          id_persona: persons.id,
          nome: persons.nome,
          cognome: persons.cognome,
          circolo: clubs.nome,
          punti: circuitRankings.punti,
          tappe: circuitRankings.tappe,
        })
        .from(circuitRankings)
        .innerJoin(persons, eq(persons.id, circuitRankings.personId))
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .where(eq(circuitRankings.circuitId, circuitId))
        .orderBy(asc(circuitRankings.posizione), asc(persons.id))
    },

    /**
     * Computes a circuit's standings again from its finished stages (points and played matches) with the
     * domain's rules and tie-breaks, and replaces the stored ones in one transaction. Call after a stage's
     * results change. Returns the new rows.
     */
    async recomputeStandings(circuitId: number) {
      const finished = and(eq(tournaments.circuitId, circuitId), eq(tournaments.status, 'concluso'))
      const entryA = alias(tournamentEntries, 'entry_a')
      const entryB = alias(tournamentEntries, 'entry_b')
      const [points, played] = await Promise.all([
        db
          .select({
            personId: tournamentPoints.personId,
            tournamentId: tournamentPoints.tournamentId,
            punti: tournamentPoints.punti,
            data: tournamentPoints.data,
          })
          .from(tournamentPoints)
          .innerJoin(tournaments, eq(tournaments.id, tournamentPoints.tournamentId))
          .where(finished),
        db
          .select({
            aPerson: entryA.personId,
            aPartner: entryA.partnerId,
            bPerson: entryB.personId,
            bPartner: entryB.partnerId,
            winner: matches.winnerEntryId,
            entryAId: matches.entryAId,
            gameA: matches.gameA,
            gameB: matches.gameB,
          })
          .from(matches)
          .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
          .innerJoin(entryA, eq(entryA.id, matches.entryAId))
          .innerJoin(entryB, eq(entryB.id, matches.entryBId))
          .where(and(finished, inArray(matches.esito, PLAYED_OUTCOMES))),
      ])
      const circuitMatches: CircuitMatch[] = played.map((m) => ({
        sideA: m.aPartner === null ? [m.aPerson] : [m.aPerson, m.aPartner],
        sideB: m.bPartner === null ? [m.bPerson] : [m.bPerson, m.bPartner],
        winner: m.winner === m.entryAId ? 'A' : 'B',
        gameA: m.gameA ?? 0,
        gameB: m.gameB ?? 0,
      }))
      const rows = classificaCircuito(points, circuitMatches)
      await db.transaction(async (tx) => {
        await tx.delete(circuitRankings).where(eq(circuitRankings.circuitId, circuitId))
        for (let i = 0; i < rows.length; i += 1000) {
          await tx.insert(circuitRankings).values(
            rows.slice(i, i + 1000).map((row) => ({
              circuitId,
              personId: row.personId,
              posizione: row.posizione,
              punti: row.punti,
              tappe: row.tappe,
            })),
          )
        }
      })
      return rows
    },
  }
}
