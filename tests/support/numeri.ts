// The home's figures the database keeps per sector and season (numeri_stagione, migration 0029_numeri_stagione)
// against a fresh count of the cards, tournaments and played matches they stand for: the seasons where they differ.
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { PLAYED_OUTCOMES } from '../../server/domain/tournaments.ts'

export type SeasonFigures = {
  sector_id: number
  stagione: number
  giocatori: number
  tornei: number
  partite: number
}
export type FiguresDrift = { sector_id: number; stagione: number; tenuti: SeasonFigures; veri: SeasonFigures }

const played = sql.join(
  PLAYED_OUTCOMES.map((esito) => sql`${esito}`),
  sql`, `,
)

/** The figures of every sector and season, counted now from the rows (only the seasons with something to count). */
export async function countedFigures(db: Db): Promise<SeasonFigures[]> {
  const result = await db.execute(sql`
    select sector_id, stagione, sum(giocatori)::int as giocatori, sum(tornei)::int as tornei,
      sum(partite)::int as partite
    from (
      select sector_id, stagione::int, count(distinct person_id) as giocatori, 0 as tornei, 0 as partite
        from tessere group by 1, 2
      union all
      select sector_id, extract(year from data_inizio)::int, 0, count(*) filter (where status <> 'annullato'), 0
        from tournaments group by 1, 2
      union all
      select t.sector_id, extract(year from t.data_inizio)::int, 0, 0, count(*)
        from matches m join tournaments t on t.id = m.tournament_id
        where m.esito in (${played}) group by 1, 2
      union all
      select t.sector_id, extract(year from t.data_inizio)::int, 0, 0, count(*)
        from tie_matches r join team_ties tt on tt.id = r.tie_id join tournaments t on t.id = tt.tournament_id
        where r.esito in (${played}) group by 1, 2
    ) c
    group by 1, 2
    having sum(giocatori) <> 0 or sum(tornei) <> 0 or sum(partite) <> 0
    order by 1, 2`)
  return (result as unknown as { rows: SeasonFigures[] }).rows
}

/** The figures kept, season by season (a season whose figures went back to zero is no season to show). */
export async function keptFigures(db: Db): Promise<SeasonFigures[]> {
  const result = await db.execute(sql`
    select sector_id, stagione::int, giocatori, tornei, partite from numeri_stagione
    where giocatori <> 0 or tornei <> 0 or partite <> 0
    order by 1, 2`)
  return (result as unknown as { rows: SeasonFigures[] }).rows
}

/** The seasons whose kept figures are not the ones counted now (none, when the triggers do their job). */
export async function figuresDrift(db: Db): Promise<FiguresDrift[]> {
  const [kept, counted] = await Promise.all([keptFigures(db), countedFigures(db)])
  const zero = (sector_id: number, stagione: number) => ({
    sector_id,
    stagione,
    giocatori: 0,
    tornei: 0,
    partite: 0,
  })
  const key = (f: SeasonFigures) => `${f.sector_id}/${f.stagione}`
  const keptBy = new Map(kept.map((f) => [key(f), f]))
  const countedBy = new Map(counted.map((f) => [key(f), f]))
  return [...new Set([...keptBy.keys(), ...countedBy.keys()])]
    .sort()
    .map((k) => {
      const some = (keptBy.get(k) ?? countedBy.get(k))!
      return {
        sector_id: some.sector_id,
        stagione: some.stagione,
        tenuti: keptBy.get(k) ?? zero(some.sector_id, some.stagione),
        veri: countedBy.get(k) ?? zero(some.sector_id, some.stagione),
      }
    })
    .filter(
      ({ tenuti, veri }) =>
        tenuti.giocatori !== veri.giocatori ||
        tenuti.tornei !== veri.tornei ||
        tenuti.partite !== veri.partite,
    )
}

export type ClubsDrift = { discipline_id: number; tenuti: number; veri: number }

/** The disciplines whose kept count of active clubs (numeri_circoli) is not the one counted now. */
export async function clubsDrift(db: Db): Promise<ClubsDrift[]> {
  const result = await db.execute(sql`
    select coalesce(k.discipline_id, c.discipline_id) as discipline_id, coalesce(k.circoli, 0) as tenuti,
      coalesce(c.n, 0) as veri
    from numeri_circoli k
    full join (
      select d.discipline_id, count(*)::int as n from club_disciplines d join clubs c on c.id = d.club_id
      where c.attivo group by 1
    ) c on c.discipline_id = k.discipline_id
    where coalesce(k.circoli, 0) <> coalesce(c.n, 0)
    order by 1`)
  return (result as unknown as { rows: ClubsDrift[] }).rows
}

/**
 * Throws when a kept figure (numeri_stagione, numeri_circoli) is not the one counted now: what a test file's
 * afterEach calls, after the writes of each test went through the API (a hook may not hold an `expect`).
 */
export async function throwOnFiguresDrift(db: Db): Promise<void> {
  const [seasons, clubs] = await Promise.all([figuresDrift(db), clubsDrift(db)])
  if (seasons.length > 0 || clubs.length > 0)
    throw new Error(`Numeri tenuti diversi dai veri: ${JSON.stringify({ seasons, clubs })}`)
}
