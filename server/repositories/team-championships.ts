// Team championships (issue 21): the reads of the championships' pages, and the standings' refresh after a tie
// counts. The rules (standings, tie-breaks, the rubbers' totals) are server/domain/team-standings.ts.
import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clubs, disciplines, persons, regions, sectors } from '../db/schema/core.ts'
import {
  championshipComments,
  championships,
  drawGroups,
  draws,
  teamMembers,
  teamStandings as teamStandingsTable,
  teamTies,
  teams,
  tieMatches,
  tournaments,
} from '../db/schema/domain.ts'
import {
  COUNTED_TIE_STATUSES,
  walkoverTie,
  teamStandings,
  type CountedTie,
  type Rubber,
  type TeamStandingRow,
} from '../domain/team-standings.ts'
import { commitSeed, generateSeed } from '../domain/draws.ts'
import { bracketRounds, finalPhasePairs, nextRoundTie } from '../domain/team-points.ts'
import { scoreString, type SetScore } from '../../contract/scores.ts'
import { personName } from '../../contract/words.ts'
import { countOf, totalOf } from './paging.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Conn = Db | Tx

/** Names in the same order on PostgreSQL and PGlite, whatever the database collation. */
const byName = (column: SQL) => sql`lower(${column}) collate "C"`

const settoreLabel = sql<string>`case when ${sectors.nome} = ${disciplines.nome} then ${sectors.nome} else ${disciplines.nome} || ' – ' || ${sectors.nome} end`

export type ChampionshipFilter = {
  sectorId?: number | undefined
  id?: number | undefined
  stagione?: number | undefined
  zoneId?: number | undefined
  stato?: string | undefined
}

export type TournamentFilter = {
  championshipId?: number | undefined
  sectorId?: number | undefined
  zoneId?: number | undefined
  stagione?: number | undefined
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The teams of a girone in the draw's order (the last tie-break) and its counted ties with their rubbers. */
async function groupInput(conn: Conn, groupId: number): Promise<{ teams: number[]; ties: CountedTie[] }> {
  const members = await conn
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.groupId, groupId))
    .orderBy(asc(teams.id))
  const ties = (
    await conn
      .select({
        id: teamTies.id,
        home: teamTies.homeTeamId,
        away: teamTies.awayTeamId,
        status: teamTies.status,
        risoluzione: teamTies.risoluzione,
        winner: teamTies.winnerTeamId,
        puntiCasa: teamTies.puntiCasa,
        puntiOspiti: teamTies.puntiOspiti,
      })
      .from(teamTies)
      .where(and(eq(teamTies.groupId, groupId), inArray(teamTies.status, [...COUNTED_TIE_STATUSES])))
      .orderBy(asc(teamTies.id))
  ).filter((t) => t.risoluzione !== 'annullato')
  const rubbers = ties.length
    ? await conn
        .select({ tieId: tieMatches.tieId, vincitore: tieMatches.vincitore, sets: tieMatches.sets })
        .from(tieMatches)
        .where(
          inArray(
            tieMatches.tieId,
            ties.map((t) => t.id),
          ),
        )
        .orderBy(asc(tieMatches.tieId), asc(tieMatches.numero))
    : []
  const byTie = new Map<number, Rubber[]>()
  for (const r of rubbers)
    byTie.set(r.tieId, [
      ...(byTie.get(r.tieId) ?? []),
      { vincitore: r.vincitore as Rubber['vincitore'], sets: r.sets },
    ])
  return {
    teams: members.map((m) => m.id),
    ties: ties.map((t) =>
      t.status === 'walkover'
        ? walkoverTie(
            t.home,
            t.away,
            t.winner === null ? null : t.winner === t.home ? 'casa' : 'ospiti',
            (t.puntiCasa ?? 0) + (t.puntiOspiti ?? 0),
          )
        : { homeTeamId: t.home, awayTeamId: t.away, rubbers: byTie.get(t.id) ?? [] },
    ),
  }
}

/**
 * Recomputes a girone's team_standings from its counted ties (confirmed or resolved), by the domain rule: what the
 * tie's confirmation calls, in its transaction.
 */
export async function refreshGroupStandings(tx: Conn, groupId: number): Promise<TeamStandingRow[]> {
  const input = await groupInput(tx, groupId)
  const rows = teamStandings(input.teams, input.ties)
  await tx.delete(teamStandingsTable).where(eq(teamStandingsTable.groupId, groupId))
  if (rows.length)
    await tx.insert(teamStandingsTable).values(
      rows.map((r) => ({
        groupId,
        teamId: r.teamId,
        posizione: r.posizione,
        giocati: r.giocati,
        vinti: r.vinti,
        persi: r.persi,
        partiteVinte: r.partiteVinte,
        partitePerse: r.partitePerse,
        punti: r.punti,
      })),
    )
  return rows
}

/**
 * The final phase's bracket after a tie counts (docs/regole.md «Fase finale»), in the tie's transaction. When the
 * last girone tie of a tournament with a final phase is decided, the bracket is drawn from the standings
 * (finalPhasePairs) with its first round's ties; when a final-phase tie and the one paired with it both have a
 * winner, the tie of the next round is made between them (nextRoundTie). The tournament's row is locked first, so
 * two ties decided at once see each other's result.
 */
export async function advanceBracket(tx: Tx, tieId: number, now: Date): Promise<void> {
  const [tie] = await tx
    .select({ tournamentId: teamTies.tournamentId, groupId: teamTies.groupId, giornata: teamTies.giornata })
    .from(teamTies)
    .where(eq(teamTies.id, tieId))
  if (!tie) return
  const [tournament] = await tx
    .select({ formula: tournaments.formula })
    .from(tournaments)
    .where(eq(tournaments.id, tie.tournamentId))
    .for('update')
  if (tournament?.formula !== 'gironi_eliminazione') return
  const [bracket] = await tx
    .select({ id: draws.id, turni: draws.turni })
    .from(draws)
    .where(and(eq(draws.tournamentId, tie.tournamentId), eq(draws.tipo, 'eliminazione')))
  const clubOf = async (teamIds: number[]) =>
    new Map(
      (
        await tx.select({ id: teams.id, clubId: teams.clubId }).from(teams).where(inArray(teams.id, teamIds))
      ).map((t) => [t.id, t.clubId]),
    )

  if (tie.groupId !== null) {
    if (bracket) return
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(teamTies)
      .where(
        and(
          eq(teamTies.tournamentId, tie.tournamentId),
          isNotNull(teamTies.groupId),
          notInArray(teamTies.status, [...COUNTED_TIE_STATUSES]),
        ),
      )
    if ((open?.n ?? 0) > 0) return
    const groups = await tx
      .select({ id: drawGroups.id })
      .from(drawGroups)
      .innerJoin(draws, eq(draws.id, drawGroups.drawId))
      .where(and(eq(draws.tournamentId, tie.tournamentId), eq(draws.tipo, 'gironi')))
      .orderBy(asc(drawGroups.ordine), asc(drawGroups.id))
    // Each girone's standings as the counted ties make them (the rule refreshGroupStandings stores).
    const placings: number[][] = []
    for (const g of groups) {
      const input = await groupInput(tx, g.id)
      placings.push(teamStandings(input.teams, input.ties).map((r) => r.teamId))
    }
    const pairs = finalPhasePairs(placings)
    if (pairs === null) return
    // No chance in the pairings (the standings decide); the seed is committed and shown all the same, as every draw's.
    const seed = generateSeed()
    await tx.insert(draws).values({
      tournamentId: tie.tournamentId,
      tipo: 'eliminazione',
      fase: 2,
      nome: 'Fase finale',
      dimensione: pairs.length * 2,
      turni: bracketRounds(pairs.length),
      seedHash: commitSeed(seed),
      hashPubblicatoIl: now,
      seed,
      sorteggiatoIl: now,
    })
    const clubOfTeam = await clubOf(pairs.map(([home]) => home))
    await tx.insert(teamTies).values(
      pairs.map(([home, away]) => ({
        tournamentId: tie.tournamentId,
        groupId: null,
        giornata: 1,
        homeTeamId: home,
        awayTeamId: away,
        clubId: clubOfTeam.get(home) ?? null,
      })),
    )
    return
  }

  if (!bracket || bracket.turni === null) return
  const inRound = (giornata: number) =>
    tx
      .select({
        id: teamTies.id,
        home: teamTies.homeTeamId,
        away: teamTies.awayTeamId,
        status: teamTies.status,
        risoluzione: teamTies.risoluzione,
        winnerTeamId: teamTies.winnerTeamId,
      })
      .from(teamTies)
      .where(
        and(
          eq(teamTies.tournamentId, tie.tournamentId),
          isNull(teamTies.groupId),
          eq(teamTies.giornata, giornata),
        ),
      )
      .orderBy(asc(teamTies.id))
  const round = (await inRound(tie.giornata)).map((t) => ({
    id: t.id,
    // A winner only once the tie counts; an annulled tie sends nobody on.
    winnerTeamId:
      (COUNTED_TIE_STATUSES as readonly string[]).includes(t.status) && t.risoluzione !== 'annullato'
        ? t.winnerTeamId
        : null,
  }))
  const next = nextRoundTie(round, tieId, tie.giornata, bracket.turni)
  if (next === null) return
  const made = await inRound(next.giornata)
  if (made.some((t) => [t.home, t.away].some((id) => id === next.home || id === next.away))) return
  const clubOfTeam = await clubOf([next.home])
  await tx.insert(teamTies).values({
    tournamentId: tie.tournamentId,
    groupId: null,
    giornata: next.giornata,
    homeTeamId: next.home,
    awayTeamId: next.away,
    clubId: clubOfTeam.get(next.home) ?? null,
  })
}

export function teamChampionshipsRepository(db: Db) {
  const tournamentColumns = {
    id: tournaments.id,
    nome: tournaments.nome,
    id_campionato: championships.id,
    campionato: championships.nome,
    id_zona: tournaments.regionId,
    zona: regions.nome,
    data_inizio: tournaments.dataInizio,
    data_fine: tournaments.dataFine,
    stato: tournaments.status,
    squadre: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id})`,
    max_squadre: tournaments.maxIscritti,
    gironi: sql<number>`(select count(*)::int from ${drawGroups} join ${draws} on ${draws.id} = ${drawGroups.drawId} where ${draws.tournamentId} = ${tournaments.id})`,
  }

  /** Ties with their teams and venue, by date then giornata; rubbers added for those with a result. */
  async function ties(where: SQL) {
    const home = sql.raw('home_team')
    const away = sql.raw('away_team')
    const rows = await db
      .select({
        id: teamTies.id,
        id_torneo: teamTies.tournamentId,
        torneo: tournaments.nome,
        id_girone: teamTies.groupId,
        girone: drawGroups.nome,
        giornata: teamTies.giornata,
        casa_id: teamTies.homeTeamId,
        casa: sql<string>`${home}.nome`,
        ospiti_id: teamTies.awayTeamId,
        ospiti: sql<string>`${away}.nome`,
        data_proposta: teamTies.dataProposta,
        data_confermata: teamTies.dataConfermata,
        id_circolo: teamTies.clubId,
        circolo: clubs.nome,
        stato: teamTies.status,
        punti_casa: teamTies.puntiCasa,
        punti_ospiti: teamTies.puntiOspiti,
        id_vincitore: teamTies.winnerTeamId,
      })
      .from(teamTies)
      .innerJoin(tournaments, eq(tournaments.id, teamTies.tournamentId))
      .innerJoin(sql`${teams} as ${home}`, sql`${home}.id = ${teamTies.homeTeamId}`)
      .innerJoin(sql`${teams} as ${away}`, sql`${away}.id = ${teamTies.awayTeamId}`)
      .leftJoin(drawGroups, eq(drawGroups.id, teamTies.groupId))
      .leftJoin(clubs, eq(clubs.id, teamTies.clubId))
      .where(where)
      .orderBy(
        sql`${teamTies.groupId} is null`,
        asc(teamTies.giornata),
        asc(drawGroups.ordine),
        asc(teamTies.id),
      )
    const withResult = rows.filter((r) => r.punti_casa !== null).map((r) => r.id)
    const rubbers = withResult.length
      ? await db
          .select({
            tieId: tieMatches.tieId,
            numero: tieMatches.numero,
            tipo: tieMatches.tipo,
            ids: sql<
              (number | null)[]
            >`array[${tieMatches.home1Id}, ${tieMatches.home2Id}, ${tieMatches.away1Id}, ${tieMatches.away2Id}]`,
            sets: tieMatches.sets,
            vincitore: tieMatches.vincitore,
            esito: tieMatches.esito,
          })
          .from(tieMatches)
          .where(inArray(tieMatches.tieId, withResult))
          .orderBy(asc(tieMatches.tieId), asc(tieMatches.numero))
      : []
    const personIds = [...new Set(rubbers.flatMap((r) => r.ids.filter((id): id is number => id !== null)))]
    const names = new Map(
      personIds.length
        ? (
            await db
              .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
              .from(persons)
              .where(inArray(persons.id, personIds))
          ).map((p) => [p.id, personName(p)])
        : [],
    )
    const side = (ids: (number | null)[]) =>
      ids.filter((id): id is number => id !== null).map((id) => ({ id, nome: names.get(id) ?? '' }))
    const byTie = new Map<number, typeof rubbers>()
    for (const r of rubbers) byTie.set(r.tieId, [...(byTie.get(r.tieId) ?? []), r])
    return rows.map((r) => ({
      id: r.id,
      id_torneo: r.id_torneo,
      torneo: r.torneo,
      fase: r.id_girone === null ? 'finale' : 'gironi',
      giornata: r.giornata,
      id_girone: r.id_girone,
      girone: r.girone,
      casa: { id: r.casa_id, nome: r.casa },
      ospiti: { id: r.ospiti_id, nome: r.ospiti },
      data: iso(r.data_confermata ?? r.data_proposta),
      data_confermata: r.data_confermata !== null,
      id_circolo: r.id_circolo,
      circolo: r.circolo,
      stato: r.stato,
      punti_casa: r.punti_casa,
      punti_ospiti: r.punti_ospiti,
      id_vincitore: r.id_vincitore,
      partite: (byTie.get(r.id) ?? []).map((m) => ({
        numero: m.numero,
        tipo: m.tipo,
        casa: side(m.ids.slice(0, 2)),
        ospiti: side(m.ids.slice(2, 4)),
        punteggio: scoreString(m.sets as SetScore[] | null),
        vincitore: m.vincitore,
        esito: m.esito,
      })),
    }))
  }

  return {
    async championships(filter: ChampionshipFilter, limit: number, offset: number) {
      const where = and(
        filter.sectorId !== undefined ? eq(championships.sectorId, filter.sectorId) : undefined,
        filter.id !== undefined ? eq(championships.id, filter.id) : undefined,
        filter.stagione !== undefined ? eq(championships.stagione, filter.stagione) : undefined,
        filter.stato !== undefined ? eq(championships.status, filter.stato) : undefined,
        filter.zoneId !== undefined
          ? sql`exists (select 1 from ${tournaments} where ${tournaments.championshipId} = ${championships.id} and ${tournaments.regionId} = ${filter.zoneId})`
          : undefined,
      )
      const rows = await db
        .select({
          id: championships.id,
          nome: championships.nome,
          id_disciplina: championships.disciplineId,
          disciplina: disciplines.nome,
          id_settore: championships.sectorId,
          settore: settoreLabel,
          stagione: championships.stagione,
          genere: championships.genere,
          data_inizio: championships.dataInizio,
          data_fine: championships.dataFine,
          iscrizioni_al: championships.iscrizioniAl,
          stato: championships.status,
          tornei: sql<number>`(select count(*)::int from ${tournaments} where ${tournaments.championshipId} = ${championships.id})`,
          squadre: sql<number>`(select count(*)::int from ${teams} join ${tournaments} on ${tournaments.id} = ${teams.tournamentId} where ${tournaments.championshipId} = ${championships.id})`,
          zone: sql<
            string[]
          >`coalesce((select array_agg(distinct ${regions.nome}) from ${tournaments} join ${regions} on ${regions.id} = ${tournaments.regionId} where ${tournaments.championshipId} = ${championships.id}), '{}')`,
          record: sql<number>`(count(*) over ())::int`,
        })
        .from(championships)
        .innerJoin(sectors, eq(sectors.id, championships.sectorId))
        .innerJoin(disciplines, eq(disciplines.id, championships.disciplineId))
        .where(where)
        .orderBy(
          desc(championships.stagione),
          sql`case ${championships.status} when 'in_corso' then 0 when 'iscrizioni_aperte' then 1 when 'iscrizioni_chiuse' then 2 else 3 end`,
          byName(sql`${championships.nome}`),
          asc(championships.id),
        )
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () =>
        countOf(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(championships)
            .where(where),
        ),
      )
      return {
        rows: rows.map(({ record: _total, iscrizioni_al, zone, ...row }) => ({
          ...row,
          iscrizioni_al: iso(iscrizioni_al),
          zone: [...zone].sort((a, b) => a.localeCompare(b, 'it')),
        })),
        record,
      }
    },

    async championship(id: number) {
      const [row] = await db
        .select({ descrizione: championships.descrizione, regolamento: championships.regolamento })
        .from(championships)
        .where(eq(championships.id, id))
      if (!row) return undefined
      const [listed] = (await this.championships({ id }, 1, 0)).rows
      return { ...listed!, ...row }
    },

    async tournaments(filter: TournamentFilter, limit: number, offset: number) {
      const where = and(
        eq(tournaments.tipo, 'CA'),
        filter.championshipId !== undefined
          ? eq(tournaments.championshipId, filter.championshipId)
          : undefined,
        filter.sectorId !== undefined ? eq(tournaments.sectorId, filter.sectorId) : undefined,
        filter.zoneId !== undefined ? eq(tournaments.regionId, filter.zoneId) : undefined,
        filter.stagione !== undefined ? eq(championships.stagione, filter.stagione) : undefined,
      )
      const rows = await db
        .select({ ...tournamentColumns, record: sql<number>`(count(*) over ())::int` })
        .from(tournaments)
        .innerJoin(championships, eq(championships.id, tournaments.championshipId))
        .leftJoin(regions, eq(regions.id, tournaments.regionId))
        .where(where)
        .orderBy(desc(tournaments.dataInizio), byName(sql`${tournaments.nome}`), asc(tournaments.id))
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () =>
        countOf(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(tournaments)
            .innerJoin(championships, eq(championships.id, tournaments.championshipId))
            .where(where),
        ),
      )
      return { rows: rows.map(({ record: _total, ...row }) => row), record }
    },

    async tournament(id: number) {
      const [row] = await db
        .select({
          ...tournamentColumns,
          id_settore: tournaments.sectorId,
          settore: settoreLabel,
          genere: tournaments.genere,
          specialita: tournaments.specialita,
          descrizione: tournaments.descrizione,
          giudice_arbitro: tournaments.giudiceArbitro,
          iscrizioni_dal: tournaments.iscrizioniDal,
          iscrizioni_al: tournaments.iscrizioniAl,
        })
        .from(tournaments)
        .innerJoin(championships, eq(championships.id, tournaments.championshipId))
        .innerJoin(sectors, eq(sectors.id, tournaments.sectorId))
        .innerJoin(disciplines, eq(disciplines.id, tournaments.disciplineId))
        .leftJoin(regions, eq(regions.id, tournaments.regionId))
        .where(and(eq(tournaments.id, id), eq(tournaments.tipo, 'CA')))
      if (!row) return undefined
      return { ...row, iscrizioni_dal: iso(row.iscrizioni_dal), iscrizioni_al: iso(row.iscrizioni_al) }
    },

    /** The gironi of a team tournament, in the draw's order. */
    async groups(tournamentId: number) {
      return db
        .select({ id: drawGroups.id, nome: drawGroups.nome })
        .from(drawGroups)
        .innerJoin(draws, eq(draws.id, drawGroups.drawId))
        .where(eq(draws.tournamentId, tournamentId))
        .orderBy(asc(draws.fase), asc(drawGroups.ordine))
    },

    /** Whether the final phase of a team tournament is drawn. */
    async finalPhaseDrawn(tournamentId: number) {
      const [row] = await db
        .select({ id: draws.id })
        .from(draws)
        .where(and(eq(draws.tournamentId, tournamentId), eq(draws.tipo, 'eliminazione')))
      return row !== undefined
    },

    tournamentTies: (tournamentId: number) => ties(eq(teamTies.tournamentId, tournamentId)),
    finalTies: (tournamentId: number) =>
      ties(and(eq(teamTies.tournamentId, tournamentId), isNull(teamTies.groupId))!),
    /** A team's ties by date (those still to schedule last). */
    async teamTies(teamId: number) {
      const rows = await ties(or(eq(teamTies.homeTeamId, teamId), eq(teamTies.awayTeamId, teamId))!)
      return rows.sort((a, b) => (a.data ?? '9999').localeCompare(b.data ?? '9999'))
    },

    /**
     * The standings of a tournament's gironi (or of one), recomputed from their counted ties by the same rule
     * refreshGroupStandings stores, with the tie-break of each row.
     */
    async standings(tournamentId: number, groupId?: number) {
      const groups = (await this.groups(tournamentId)).filter(
        (g) => groupId === undefined || g.id === groupId,
      )
      return Promise.all(
        groups.map(async (g) => {
          const input = await groupInput(db, g.id)
          const rows = teamStandings(input.teams, input.ties)
          const info = new Map(
            input.teams.length
              ? (
                  await db
                    .select({ id: teams.id, nome: teams.nome, id_circolo: clubs.id, circolo: clubs.nome })
                    .from(teams)
                    .innerJoin(clubs, eq(clubs.id, teams.clubId))
                    .where(inArray(teams.id, input.teams))
                ).map((t) => [t.id, t])
              : [],
          )
          return {
            id_girone: g.id,
            girone: g.nome,
            righe: rows.map((r) => {
              const team = info.get(r.teamId)!
              return {
                posizione: r.posizione,
                id_squadra: r.teamId,
                squadra: team.nome,
                id_circolo: team.id_circolo,
                circolo: team.circolo,
                giocati: r.giocati,
                vinti: r.vinti,
                pareggiati: r.pareggiati,
                persi: r.persi,
                partite_vinte: r.partiteVinte,
                partite_perse: r.partitePerse,
                set_vinti: r.setVinti,
                set_persi: r.setPersi,
                game_vinti: r.gameVinti,
                game_persi: r.gamePersi,
                punti: r.punti,
                criterio: r.criterio,
                motivo: r.motivo,
              }
            }),
          }
        }),
      )
    },

    async comments(tournamentId: number, limit: number, offset: number) {
      const rows = await db
        .select({
          id: championshipComments.id,
          autore: championshipComments.autore,
          testo: championshipComments.testo,
          creato_il: championshipComments.createdAt,
          record: sql<number>`(count(*) over ())::int`,
        })
        .from(championshipComments)
        .where(eq(championshipComments.tournamentId, tournamentId))
        .orderBy(desc(championshipComments.createdAt), desc(championshipComments.id))
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () =>
        db.$count(championshipComments, eq(championshipComments.tournamentId, tournamentId)),
      )
      return {
        rows: rows.map(({ record: _total, creato_il, ...r }) => ({
          ...r,
          creato_il: creato_il.toISOString(),
        })),
        record,
      }
    },

    /** The teams entered in a tournament, by name. */
    async entries(tournamentId: number, limit: number, offset: number) {
      const rows = await db
        .select({
          id: teams.id,
          nome: teams.nome,
          id_circolo: clubs.id,
          circolo: clubs.nome,
          id_capitano: persons.id,
          nome_capitano: persons.nome,
          cognome_capitano: persons.cognome,
          giocatori: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
          girone: drawGroups.nome,
          iscritta_il: teams.createdAt,
          record: sql<number>`(count(*) over ())::int`,
        })
        .from(teams)
        .innerJoin(clubs, eq(clubs.id, teams.clubId))
        .innerJoin(persons, eq(persons.id, teams.captainPersonId))
        .leftJoin(drawGroups, eq(drawGroups.id, teams.groupId))
        .where(eq(teams.tournamentId, tournamentId))
        .orderBy(byName(sql`${teams.nome}`), asc(teams.id))
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () => db.$count(teams, eq(teams.tournamentId, tournamentId)))
      return {
        rows: rows.map(({ record: _total, nome_capitano, cognome_capitano, iscritta_il, ...r }) => ({
          ...r,
          capitano: personName({ nome: nome_capitano, cognome: cognome_capitano }),
          iscritta_il: iscritta_il.toISOString(),
        })),
        record,
      }
    },

    async team(teamId: number) {
      const [row] = await db
        .select({
          id: teams.id,
          nome: teams.nome,
          id_circolo: clubs.id,
          circolo: clubs.nome,
          id_torneo: tournaments.id,
          torneo: tournaments.nome,
          stato_torneo: tournaments.status,
          id_campionato: championships.id,
          campionato: championships.nome,
          settore: settoreLabel,
          stagione: championships.stagione,
          id_capitano: persons.id,
          nome_capitano: persons.nome,
          cognome_capitano: persons.cognome,
          id_girone: teams.groupId,
          girone: drawGroups.nome,
          posizione: teamStandingsTable.posizione,
          punti: teamStandingsTable.punti,
        })
        .from(teams)
        .innerJoin(clubs, eq(clubs.id, teams.clubId))
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .innerJoin(championships, eq(championships.id, tournaments.championshipId))
        .innerJoin(sectors, eq(sectors.id, tournaments.sectorId))
        .innerJoin(disciplines, eq(disciplines.id, tournaments.disciplineId))
        .innerJoin(persons, eq(persons.id, teams.captainPersonId))
        .leftJoin(drawGroups, eq(drawGroups.id, teams.groupId))
        .leftJoin(
          teamStandingsTable,
          and(eq(teamStandingsTable.teamId, teams.id), eq(teamStandingsTable.groupId, teams.groupId)),
        )
        .where(eq(teams.id, teamId))
      if (!row) return undefined
      const { nome_capitano, cognome_capitano, ...rest } = row
      return { ...rest, capitano: personName({ nome: nome_capitano, cognome: cognome_capitano }) }
    },

    /** A team's roster, the captain first, then by surname; with the rubbers each played and won in counted ties. */
    async roster(teamId: number, limit: number, offset: number) {
      const played = sql<number>`(select count(*)::int from ${tieMatches} join ${teamTies} on ${teamTies.id} = ${tieMatches.tieId} where ${teamTies.status} in ('confermato', 'risolto') and ${tieMatches.esito} <> 'walkover' and (${teamTies.homeTeamId} = ${teamId} and ${persons.id} in (${tieMatches.home1Id}, ${tieMatches.home2Id}) or ${teamTies.awayTeamId} = ${teamId} and ${persons.id} in (${tieMatches.away1Id}, ${tieMatches.away2Id})))`
      const won = sql<number>`(select count(*)::int from ${tieMatches} join ${teamTies} on ${teamTies.id} = ${tieMatches.tieId} where ${teamTies.status} in ('confermato', 'risolto') and ${tieMatches.esito} <> 'walkover' and (${teamTies.homeTeamId} = ${teamId} and ${tieMatches.vincitore} = 'casa' and ${persons.id} in (${tieMatches.home1Id}, ${tieMatches.home2Id}) or ${teamTies.awayTeamId} = ${teamId} and ${tieMatches.vincitore} = 'ospiti' and ${persons.id} in (${tieMatches.away1Id}, ${tieMatches.away2Id})))`
      const rows = await db
        .select({
          id_persona: persons.id,
          nome_persona: persons.nome,
          cognome: persons.cognome,
          ruolo: teamMembers.ruolo,
          id_circolo: clubs.id,
          circolo: clubs.nome,
          partite: played,
          vinte: won,
          record: sql<number>`(count(*) over ())::int`,
        })
        .from(teamMembers)
        .innerJoin(persons, eq(persons.id, teamMembers.personId))
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(
          sql`${teamMembers.ruolo} <> 'capitano'`,
          byName(sql`${persons.cognome}`),
          byName(sql`${persons.nome}`),
          asc(persons.id),
        )
        .limit(limit)
        .offset(offset)
      const record = await totalOf(rows, offset, () => db.$count(teamMembers, eq(teamMembers.teamId, teamId)))
      return {
        rows: rows.map(({ record: _total, nome_persona, cognome, ...r }) => ({
          ...r,
          nome: personName({ nome: nome_persona, cognome }),
        })),
        record,
      }
    },

    /** The regions where the sector's team tournaments are played. */
    async zones(sectorId: number) {
      return db
        .selectDistinct({ id_zona: regions.id, zona: regions.nome })
        .from(tournaments)
        .innerJoin(regions, eq(regions.id, tournaments.regionId))
        .where(and(eq(tournaments.tipo, 'CA'), eq(tournaments.sectorId, sectorId)))
        .orderBy(asc(regions.nome))
    },

    /** The team of `personId` in a tournament, if any. */
    async teamOf(tournamentId: number, personId: number) {
      const [row] = await db
        .select({ id: teams.id })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teams.tournamentId, tournamentId), eq(teamMembers.personId, personId)))
      return row?.id ?? null
    },
  }
}
