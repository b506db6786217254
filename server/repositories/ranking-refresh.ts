// The published rankings made again after a tournament's points change (its last result, or a correction): the
// race of the tournament's year, the national ranking as of today, the clubs' ranking and the circuit's standings,
// computed by the same server/domain functions the seed uses, and written in the result's own transaction so a
// reader sees the old rankings or the new ones, never half of each.
//
// Incremental (refreshRankings with the players whose points changed): only those players' totals are computed
// again, from their own point lines, with the players whose national points moved because the 52 weeks moved since
// the last computation; their rows are written, their clubs' rows too, and the positions and list order are numbered
// again in SQL, writing only the rows whose place changed. The result is the full rebuild's (rebuildRankings), row
// for row: tests/server/ranking-refresh.test.ts holds them equal.
import { and, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { todayInItaly } from '../../contract/dates.ts'
import type { Db } from '../db/client.ts'
import type { RankingRefreshJob } from '../jobs/queue.ts'
import { clubs, persons, provinces, regions } from '../db/schema/core.ts'
import {
  circuitRankings,
  clubRankings,
  matches,
  rankingCounts,
  rankings,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../db/schema/domain.ts'
import { classificaCircuito, type CircuitMatch } from '../domain/circuits.ts'
import {
  classificaAffiliati,
  classificaNazionale,
  nationalWindow,
  raceAnnuale,
  type PointsRecord,
  type RankingRow,
} from '../domain/rankings.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Above this many players whose rankings change, the full rebuild (refreshRankings). */
const MAX_INCREMENTAL = 5_000

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 13 columns a row. */
const CHUNK = 2_000

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

export type RefreshedTournament = { sectorId: number; dataFine: string; circuitId: number | null }

export type RefreshedRankings = {
  race: number
  nazionale: number
  affiliati: number
  circuito: number | null
  /** Whether only the changed players' rows were computed again (false: the full rebuild ran). */
  incrementale: boolean
}

/** One published ranking of players: its type, sector, season and the day it was computed for. */
type Snapshot = {
  tipo: 'race' | 'nazionale'
  sectorId: number
  stagione: number
  calcolataAl: string
  compute: (records: PointsRecord[]) => RankingRow[]
}

/** The race of the tournament's year and the national ranking of today, for the tournament's sector. */
function snapshotsOf(tournament: RefreshedTournament, today: string): Snapshot[] {
  const year = Number(tournament.dataFine.slice(0, 4))
  const currentYear = Number(today.slice(0, 4))
  return [
    {
      tipo: 'race',
      sectorId: tournament.sectorId,
      stagione: year,
      calcolataAl: dayOf(year, today),
      compute: (records) => raceAnnuale(records, year),
    },
    {
      tipo: 'nazionale',
      sectorId: tournament.sectorId,
      stagione: currentYear,
      calcolataAl: today,
      compute: (records) => classificaNazionale(records, today),
    },
  ]
}

/** The day a season's rankings are computed for: today in the current year, else the season's last day. */
function dayOf(season: number, today: string) {
  return season === Number(today.slice(0, 4)) ? today : `${season}-12-31`
}

const pointsColumns = {
  personId: tournamentPoints.personId,
  tournamentId: tournamentPoints.tournamentId,
  punti: tournamentPoints.punti,
  data: tournamentPoints.data,
}

const ofSnapshot = (s: { tipo: string; sectorId: number; stagione: number }) =>
  and(eq(rankings.tipo, s.tipo), eq(rankings.sectorId, s.sectorId), eq(rankings.stagione, s.stagione))

/** What a ranking row copies from its person, so the lists filter without reading persons. */
async function peopleOf(tx: Tx, ids: number[] | SQL) {
  if (Array.isArray(ids) && ids.length === 0) return new Map<number, PersonCopy>()
  const rows = await tx
    .select({
      id: persons.id,
      clubId: persons.clubId,
      provincia: persons.provincia,
      sesso: persons.sesso,
      nascita: persons.dataNascita,
      regionId: provinces.regionId,
    })
    .from(persons)
    .leftJoin(provinces, eq(provinces.sigla, persons.provincia))
    .where(Array.isArray(ids) ? inArray(persons.id, ids) : inArray(persons.id, ids))
  return new Map(rows.map((p) => [p.id, p]))
}
type PersonCopy = {
  id: number
  clubId: number | null
  provincia: string | null
  sesso: string | null
  nascita: string | null
  regionId: number | null
}

function rankingRow(snapshot: Snapshot, row: RankingRow, person: PersonCopy | undefined) {
  return {
    tipo: snapshot.tipo,
    sectorId: snapshot.sectorId,
    stagione: snapshot.stagione,
    personId: row.personId,
    posizione: row.posizione,
    punti: row.punti,
    tornei: row.tornei,
    clubId: person?.clubId ?? null,
    provincia: person?.provincia ?? null,
    sesso: person?.sesso ?? null,
    nascita: person?.nascita ?? null,
    regionId: person?.regionId ?? null,
    calcolataAl: snapshot.calcolataAl,
  }
}

/**
 * Numbers the players' rankings again: `posizione` by points (equal points, equal position: 1, 2, 2, 4) and `ordine`,
 * the list order of docs/regole.md «Parità» (points, fewer results, surname and name as the lists sort them, id).
 * Only rows whose numbers change are written. Without `snapshot`, every ranking (after the seed).
 */
export async function renumberRankings(
  tx: Tx | Db,
  snapshot?: { tipo: string; sectorId: number; stagione: number },
) {
  const where = snapshot
    ? sql`r.tipo = ${snapshot.tipo} and r.sector_id = ${snapshot.sectorId} and r.stagione = ${snapshot.stagione}`
    : sql`true`
  await tx.execute(sql`
    update ${rankings} as t
    set posizione = n.posizione, ordine = n.ordine
    from (
      select r.tipo, r.sector_id, r.stagione, r.person_id,
        (rank() over (partition by r.tipo, r.sector_id, r.stagione order by r.punti desc))::int as posizione,
        (row_number() over (
          partition by r.tipo, r.sector_id, r.stagione
          order by r.punti desc, r.tornei asc, lower(p.cognome) collate "C", lower(p.nome) collate "C", r.person_id
        ))::int as ordine
      from ${rankings} r
      join ${persons} p on p.id = r.person_id
      where ${where}
    ) n
    where t.tipo = n.tipo and t.sector_id = n.sector_id and t.stagione = n.stagione and t.person_id = n.person_id
      and (t.posizione <> n.posizione or t.ordine <> n.ordine)`)
}

/**
 * The rows each filter of the lists keeps (ranking_counts): every combination of sex, region, province and birth
 * year, each given or any ('*', year 0). Only counts that change are written. Without `snapshot`, every ranking.
 */
export async function countRankings(
  tx: Tx | Db,
  snapshot?: { tipo: string; sectorId: number; stagione: number },
) {
  const of = (alias: string) => {
    const t = sql.raw(alias)
    return snapshot
      ? sql`${t}.tipo = ${snapshot.tipo} and ${t}.sector_id = ${snapshot.sectorId} and ${t}.stagione = ${snapshot.stagione}`
      : sql`true`
  }
  await tx.execute(sql`
    with fresh as (
      select r.tipo, r.sector_id, r.stagione,
        case when grouping(r.sesso) = 1 then '*' else coalesce(r.sesso, '?') end as sesso,
        case when grouping(g.nome) = 1 then '*' else coalesce(g.nome, '?') end as regione,
        case when grouping(r.provincia) = 1 then '*' else coalesce(r.provincia, '?') end as provincia,
        (case when grouping(extract(year from r.nascita)) = 1 then 0
          else coalesce(extract(year from r.nascita), -1) end)::smallint as anno,
        count(*)::int as n
      from ${rankings} r
      left join ${regions} g on g.id = r.region_id
      where ${of('r')}
      group by r.tipo, r.sector_id, r.stagione, cube(r.sesso, g.nome, r.provincia, extract(year from r.nascita))
    ),
    gone as (
      delete from ${rankingCounts} c
      where ${of('c')} and not exists (
        select 1 from fresh f where f.tipo = c.tipo and f.sector_id = c.sector_id and f.stagione = c.stagione
          and f.sesso = c.sesso and f.regione = c.regione and f.provincia = c.provincia and f.anno = c.anno)
    )
    insert into ${rankingCounts} (tipo, sector_id, stagione, sesso, regione, provincia, anno, n)
    select tipo, sector_id, stagione, sesso, regione, provincia, anno, n from fresh
    on conflict (tipo, sector_id, stagione, sesso, regione, provincia, anno)
      do update set n = excluded.n where ${rankingCounts}.n <> excluded.n`)
}

/**
 * Moves the counts of a ranking by the rows of `personIds` as they stand now: `sign` -1 before those rows change
 * (they leave their groups), +1 after (they enter their new ones). Groups left empty are removed. Only the groups of
 * those players are written: the incremental rebuild's share of ranking_counts.
 */
async function shiftCounts(
  tx: Tx,
  snapshot: { tipo: string; sectorId: number; stagione: number },
  personIds: number[],
  sign: 1 | -1,
) {
  if (personIds.length === 0) return
  await tx.execute(sql`
    insert into ${rankingCounts} (tipo, sector_id, stagione, sesso, regione, provincia, anno, n)
    select r.tipo, r.sector_id, r.stagione,
      case when grouping(r.sesso) = 1 then '*' else coalesce(r.sesso, '?') end,
      case when grouping(g.nome) = 1 then '*' else coalesce(g.nome, '?') end,
      case when grouping(r.provincia) = 1 then '*' else coalesce(r.provincia, '?') end,
      (case when grouping(extract(year from r.nascita)) = 1 then 0
        else coalesce(extract(year from r.nascita), -1) end)::smallint,
      (${sign} * count(*))::int
    from ${rankings} r
    left join ${regions} g on g.id = r.region_id
    where r.tipo = ${snapshot.tipo} and r.sector_id = ${snapshot.sectorId} and r.stagione = ${snapshot.stagione}
      and r.person_id in (${sql.join(
        personIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by r.tipo, r.sector_id, r.stagione, cube(r.sesso, g.nome, r.provincia, extract(year from r.nascita))
    on conflict (tipo, sector_id, stagione, sesso, regione, provincia, anno)
      do update set n = ${rankingCounts}.n + excluded.n`)
  if (sign === -1)
    await tx
      .delete(rankingCounts)
      .where(
        and(
          eq(rankingCounts.tipo, snapshot.tipo),
          eq(rankingCounts.sectorId, snapshot.sectorId),
          eq(rankingCounts.stagione, snapshot.stagione),
          lte(rankingCounts.n, 0),
        ),
      )
}

/** After the seed: the birth dates and regions the rankings copy, their numbering and their counts (the generator writes none). */
export async function completeSeededRankings(db: Tx | Db) {
  // Statistics of what was just loaded (the seed's own transaction sees its rows): without them PostgreSQL joins
  // the renumbering below to the rankings on the ranking's key but the person, a product of each ranking with
  // itself (the large set's seed ran for over half an hour in that one statement; with them, a hash join).
  await db.execute(sql`analyze ${rankings}, ${persons}, ${provinces}`)
  await db.execute(
    sql`update ${rankings} r set nascita = p.data_nascita from ${persons} p where p.id = r.person_id and r.nascita is distinct from p.data_nascita`,
  )
  await db.execute(
    sql`update ${rankings} r set region_id = p.region_id from ${provinces} p where p.sigla = r.provincia and r.region_id is distinct from p.region_id`,
  )
  await renumberRankings(db)
  await countRankings(db)
}

/**
 * Rebuilds the sector's race for the tournament's year, its national ranking as of `today` (YYYY-MM-DD, Italy),
 * its clubs' ranking for the year and, for a circuit stage, the circuit's standings, from every point line of the
 * sector. Answers the rows written.
 */
export async function rebuildRankings(
  tx: Tx,
  tournament: RefreshedTournament,
  today: string,
): Promise<RefreshedRankings> {
  const { sectorId } = tournament
  const records: PointsRecord[] = await tx
    .select(pointsColumns)
    .from(tournamentPoints)
    .where(eq(tournamentPoints.sectorId, sectorId))
  const person = await peopleOf(
    tx,
    sql`(select distinct ${tournamentPoints.personId} from ${tournamentPoints} where ${tournamentPoints.sectorId} = ${sectorId})`,
  )
  const snapshots = snapshotsOf(tournament, today)
  const counts: number[] = []
  for (const snapshot of snapshots) {
    const rows = snapshot.compute(records)
    counts.push(rows.length)
    await tx.delete(rankings).where(ofSnapshot(snapshot))
    await insertChunked(
      rows.map((row) => rankingRow(snapshot, row, person.get(row.personId))),
      (chunk) => tx.insert(rankings).values(chunk),
    )
    await renumberRankings(tx, snapshot)
    await countRankings(tx, snapshot)
  }

  const year = snapshots[0]!.stagione
  const clubOf = new Map([...person.values()].map((p) => [p.id, p.clubId]))
  const clubRows = classificaAffiliati(records, clubOf, year)
  const clubProvince = await provincesOf(
    tx,
    clubRows.map((r) => r.clubId),
  )
  await tx
    .delete(clubRankings)
    .where(and(eq(clubRankings.sectorId, sectorId), eq(clubRankings.stagione, year)))
  await insertChunked(
    clubRows.map((row) => ({
      sectorId,
      stagione: year,
      clubId: row.clubId,
      posizione: row.posizione,
      punti: row.punti,
      tesserati: row.tesserati,
      provincia: clubProvince.get(row.clubId) ?? null,
      calcolataAl: dayOf(year, today),
    })),
    (chunk) => tx.insert(clubRankings).values(chunk),
  )

  const circuito = tournament.circuitId === null ? null : await refreshCircuit(tx, tournament.circuitId)
  return {
    race: counts[0]!,
    nazionale: counts[1]!,
    affiliati: clubRows.length,
    circuito,
    incrementale: false,
  }
}

async function provincesOf(tx: Tx, clubIds: number[]) {
  if (clubIds.length === 0) return new Map<number, string>()
  const rows = await tx
    .select({ id: clubs.id, provincia: clubs.provincia })
    .from(clubs)
    .where(inArray(clubs.id, clubIds))
  return new Map(rows.map((c) => [c.id, c.provincia]))
}

/**
 * Makes the rankings right again after the points of `changed` players moved (a tournament's result, or its
 * correction: the players before and after). Without `changed`, or when the ranking to update is not there yet
 * (a new season), the full rebuild. Answers the rows of each ranking.
 */
export async function refreshRankings(
  tx: Tx,
  tournament: RefreshedTournament,
  today: string,
  changed?: ReadonlySet<number>,
): Promise<RefreshedRankings> {
  if (changed === undefined) return rebuildRankings(tx, tournament, today)
  const snapshots = snapshotsOf(tournament, today)
  const stored = await Promise.all(
    snapshots.map(async (s) => {
      const [row] = await tx
        .select({ calcolataAl: rankings.calcolataAl })
        .from(rankings)
        .where(ofSnapshot(s))
        .limit(1)
      return row?.calcolataAl
    }),
  )
  if (stored.some((day) => day === undefined)) return rebuildRankings(tx, tournament, today)

  const { sectorId } = tournament
  // Who changed in each ranking: the players passed and, in the national ranking, those whose lines the 52 weeks
  // took out or brought in since the last computation. Past MAX_INCREMENTAL players (weeks without a refresh, a
  // season's first day) the full rebuild is as quick, and keeps every statement's list of players bounded.
  const affectedBy: Set<number>[] = []
  for (const [i, snapshot] of snapshots.entries()) {
    const affected = new Set(changed)
    const before = stored[i]!
    if (snapshot.tipo === 'nazionale' && before !== snapshot.calcolataAl)
      for (const id of await movedByWindow(tx, sectorId, before, snapshot.calcolataAl)) affected.add(id)
    if (affected.size > MAX_INCREMENTAL) return rebuildRankings(tx, tournament, today)
    affectedBy.push(affected)
  }
  const counts: number[] = []
  /** The race's players whose rows changed, with their clubs before and after: the clubs to add up again. */
  const clubsTouched = new Set<number>()
  for (const [i, snapshot] of snapshots.entries()) {
    const before = stored[i]!
    const ids = [...affectedBy[i]!]
    const records: PointsRecord[] =
      ids.length === 0
        ? []
        : await tx
            .select(pointsColumns)
            .from(tournamentPoints)
            .where(and(eq(tournamentPoints.sectorId, sectorId), inArray(tournamentPoints.personId, ids)))
    const rows = snapshot.compute(records)
    const person = await peopleOf(tx, ids)
    if (snapshot.tipo === 'race') {
      const old = await tx
        .select({ clubId: rankings.clubId })
        .from(rankings)
        .where(and(ofSnapshot(snapshot), inArray(rankings.personId, ids.length ? ids : [0])))
      for (const r of old) if (r.clubId !== null) clubsTouched.add(r.clubId)
      for (const id of ids) {
        const clubId = person.get(id)?.clubId
        if (clubId != null) clubsTouched.add(clubId)
      }
    }
    const kept = rows.map((r) => r.personId)
    const keptSet = new Set(kept)
    const gone = ids.filter((id) => !keptSet.has(id))
    await shiftCounts(tx, snapshot, ids, -1)
    if (gone.length > 0)
      await tx.delete(rankings).where(and(ofSnapshot(snapshot), inArray(rankings.personId, gone)))
    await insertChunked(
      rows.map((row) => rankingRow(snapshot, row, person.get(row.personId))),
      (chunk) =>
        tx
          .insert(rankings)
          .values(chunk)
          .onConflictDoUpdate({
            target: [rankings.tipo, rankings.sectorId, rankings.stagione, rankings.personId],
            set: {
              punti: sql`excluded.punti`,
              tornei: sql`excluded.tornei`,
              clubId: sql`excluded.club_id`,
              provincia: sql`excluded.provincia`,
              sesso: sql`excluded.sesso`,
              nascita: sql`excluded.nascita`,
              regionId: sql`excluded.region_id`,
              calcolataAl: sql`excluded.calcolata_al`,
            },
          }),
    )
    if (before !== snapshot.calcolataAl)
      await tx
        .update(rankings)
        .set({ calcolataAl: snapshot.calcolataAl })
        .where(and(ofSnapshot(snapshot), sql`${rankings.calcolataAl} <> ${snapshot.calcolataAl}`))
    await shiftCounts(tx, snapshot, kept, 1)
    await renumberRankings(tx, snapshot)
    const [total] = await tx
      .select({ n: sql<number>`coalesce(max(${rankings.ordine}), 0)::int` })
      .from(rankings)
      .where(ofSnapshot(snapshot))
    counts.push(total?.n ?? 0)
  }

  const affiliati = await refreshClubs(
    tx,
    sectorId,
    snapshots[0]!.stagione,
    dayOf(snapshots[0]!.stagione, today),
    [...clubsTouched],
  )
  const circuito = tournament.circuitId === null ? null : await refreshCircuit(tx, tournament.circuitId)
  return { race: counts[0]!, nazionale: counts[1]!, affiliati, circuito, incrementale: true }
}

/**
 * The players with a national point line that left the 52 weeks, or came into them, between the day the ranking was
 * computed and `day`.
 */
async function movedByWindow(tx: Tx, sectorId: number, before: string, day: string): Promise<number[]> {
  const [a, b] = [nationalWindow(before), nationalWindow(day)]
  const [earlyFrom, lateFrom] = a.from < b.from ? [a.from, b.from] : [b.from, a.from]
  const [earlyTo, lateTo] = a.to < b.to ? [a.to, b.to] : [b.to, a.to]
  const rows = await tx
    .selectDistinct({ personId: tournamentPoints.personId })
    .from(tournamentPoints)
    .where(
      and(
        eq(tournamentPoints.sectorId, sectorId),
        or(
          // In one window and not the other: before the later start, or after the earlier end.
          and(gte(tournamentPoints.data, earlyFrom), lt(tournamentPoints.data, lateFrom)),
          and(gt(tournamentPoints.data, earlyTo), lte(tournamentPoints.data, lateTo)),
        ),
      ),
    )
  return rows.map((r) => r.personId)
}

/**
 * The clubs' ranking of the year after their members' race rows changed: the `touched` clubs are added up again from
 * the race rows of their members (as classificaAffiliati does), their rows written, and the positions numbered again.
 */
async function refreshClubs(
  tx: Tx,
  sectorId: number,
  year: number,
  calcolataAl: string,
  touched: number[],
): Promise<number> {
  const ofYear = and(eq(clubRankings.sectorId, sectorId), eq(clubRankings.stagione, year))
  if (touched.length > 0) {
    const sums = await tx
      .select({
        clubId: sql<number>`${persons.clubId}`,
        punti: sql<number>`sum(${rankings.punti})::int`,
        tesserati: sql<number>`count(*)::int`,
      })
      .from(persons)
      .innerJoin(
        rankings,
        and(
          eq(rankings.personId, persons.id),
          eq(rankings.tipo, 'race'),
          eq(rankings.sectorId, sectorId),
          eq(rankings.stagione, year),
        ),
      )
      .where(inArray(persons.clubId, touched))
      .groupBy(persons.clubId)
    const kept = new Set(sums.map((s) => s.clubId))
    const gone = touched.filter((id) => !kept.has(id))
    if (gone.length > 0) await tx.delete(clubRankings).where(and(ofYear, inArray(clubRankings.clubId, gone)))
    const province = await provincesOf(tx, [...kept])
    if (sums.length > 0)
      await tx
        .insert(clubRankings)
        .values(
          sums.map((s) => ({
            sectorId,
            stagione: year,
            clubId: s.clubId,
            posizione: 0,
            punti: s.punti,
            tesserati: s.tesserati,
            provincia: province.get(s.clubId) ?? null,
            calcolataAl,
          })),
        )
        .onConflictDoUpdate({
          target: [clubRankings.sectorId, clubRankings.stagione, clubRankings.clubId],
          set: {
            punti: sql`excluded.punti`,
            tesserati: sql`excluded.tesserati`,
            provincia: sql`excluded.provincia`,
            calcolataAl: sql`excluded.calcolata_al`,
          },
        })
  }
  await tx
    .update(clubRankings)
    .set({ calcolataAl })
    .where(and(ofYear, sql`${clubRankings.calcolataAl} <> ${calcolataAl}`))
  await tx.execute(sql`
    update ${clubRankings} as t set posizione = n.posizione
    from (
      select club_id, (rank() over (order by punti desc))::int as posizione
      from ${clubRankings} where sector_id = ${sectorId} and stagione = ${year}
    ) n
    where t.sector_id = ${sectorId} and t.stagione = ${year} and t.club_id = n.club_id and t.posizione <> n.posizione`)
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(clubRankings)
    .where(ofYear)
  return total?.n ?? 0
}

/**
 * The circuit's standings from the points of its stages and, for the tie-breaks, the matches played on court in
 * its ended stages.
 */
async function refreshCircuit(tx: Tx, circuitId: number): Promise<number> {
  const stages = await tx
    .select({ id: tournaments.id, status: tournaments.status })
    .from(tournaments)
    .where(eq(tournaments.circuitId, circuitId))
  const stageIds = stages.map((s) => s.id)
  const ended = stages.filter((s) => s.status === 'concluso').map((s) => s.id)
  const records: PointsRecord[] =
    stageIds.length === 0
      ? []
      : await tx
          .select({
            personId: tournamentPoints.personId,
            tournamentId: tournamentPoints.tournamentId,
            punti: tournamentPoints.punti,
            data: tournamentPoints.data,
          })
          .from(tournamentPoints)
          .where(inArray(tournamentPoints.tournamentId, stageIds))
  const played: CircuitMatch[] = []
  if (ended.length > 0) {
    const entries = await tx
      .select({
        id: tournamentEntries.id,
        personId: tournamentEntries.personId,
        partnerId: tournamentEntries.partnerId,
      })
      .from(tournamentEntries)
      .where(inArray(tournamentEntries.tournamentId, ended))
    const sideOf = new Map(
      entries.map((e) => [e.id, e.partnerId === null ? [e.personId] : [e.personId, e.partnerId]]),
    )
    const rows = await tx
      .select({
        entryAId: matches.entryAId,
        entryBId: matches.entryBId,
        winnerEntryId: matches.winnerEntryId,
        gameA: matches.gameA,
        gameB: matches.gameB,
      })
      .from(matches)
      .where(
        and(
          inArray(matches.tournamentId, ended),
          // Won on court: a walkover (or a bye) was not played (docs/regole.md, circuit tie-breaks).
          inArray(matches.esito, ['giocata', 'ritiro']),
          isNotNull(matches.winnerEntryId),
          isNotNull(matches.entryAId),
          isNotNull(matches.entryBId),
        ),
      )
    for (const m of rows) {
      const sideA = sideOf.get(m.entryAId!)
      const sideB = sideOf.get(m.entryBId!)
      if (!sideA || !sideB) continue
      played.push({
        sideA,
        sideB,
        winner: m.winnerEntryId === m.entryAId ? 'A' : 'B',
        gameA: m.gameA ?? 0,
        gameB: m.gameB ?? 0,
      })
    }
  }
  const standings = classificaCircuito(records, played)
  await tx.delete(circuitRankings).where(eq(circuitRankings.circuitId, circuitId))
  await insertChunked(
    standings.map((row) => ({
      circuitId,
      personId: row.personId,
      posizione: row.posizione,
      punti: row.punti,
      tappe: row.tappe,
    })),
    (chunk) => tx.insert(circuitRankings).values(chunk),
  )
  return standings.length
}

/** The advisory lock's first key: with the sector as second, one rebuild of a sector's rankings at a time. */
const RANKINGS_LOCK = 7_301

/**
 * The job queue's `classifiche` (server/jobs/queue.ts): the rankings a result changed, made again in `tx` as of
 * `now`, one rebuild of a sector at a time in the whole cluster (a transaction-scoped advisory lock), so two
 * replicas working on two results of one sector do not write the same rows at once.
 */
export async function runRankingRefresh(
  tx: Tx,
  job: RankingRefreshJob,
  now: Date,
): Promise<RefreshedRankings> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RANKINGS_LOCK}::int, ${job.sectorId}::int)`)
  return refreshRankings(
    tx,
    { sectorId: job.sectorId, dataFine: job.dataFine, circuitId: job.circuitId },
    todayInItaly(now),
    job.changed === null ? undefined : new Set(job.changed),
  )
}

/** The worker's side of `classifiche`: each job in its own transaction. */
export function rankingRefreshRepository(db: Db) {
  return {
    run: (job: RankingRefreshJob, now = new Date()) =>
      db.transaction((tx) => runRankingRefresh(tx, job, now)),
  }
}
