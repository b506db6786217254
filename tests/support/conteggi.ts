// The entry counts the database keeps on each tournament (n_iscritti, n_in_attesa, n_squadre: migration
// 0023_conteggi_iscritti_trigger) against the rows they count: the tournaments where they differ.
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'

export type CountDrift = {
  id: number
  n_iscritti: number
  iscritti: number
  n_in_attesa: number
  in_attesa: number
  n_squadre: number
  squadre: number
}

/** Every tournament whose kept counts are not the real ones (none, when the triggers do their job). */
export async function keptCountDrift(db: Db): Promise<CountDrift[]> {
  const result = await db.execute(sql`
    select id, n_iscritti, iscritti, n_in_attesa, in_attesa, n_squadre, squadre from (
      select t.id, t.n_iscritti, t.n_in_attesa, t.n_squadre,
        (select count(*)::int from tournament_entries e where e.tournament_id = t.id and e.status = 'iscritto') as iscritti,
        (select count(*)::int from tournament_entries e where e.tournament_id = t.id and e.status = 'lista_attesa') as in_attesa,
        (select count(*)::int from teams s where s.tournament_id = t.id) as squadre
      from tournaments t
    ) c
    where n_iscritti <> iscritti or n_in_attesa <> in_attesa or n_squadre <> squadre
    order by id`)
  return (result as unknown as { rows: CountDrift[] }).rows
}
