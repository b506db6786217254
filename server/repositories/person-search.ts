// The conditions every search of players shares (a doubles partner, a challenge's opponent): a name typed as
// the user types it, a card of the discipline valid today, and the «visible in searches» setting.
import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import type { Db } from '../db/client.ts'
import { accounts, persons, playerSearch, tessere } from '../db/schema/core.ts'
import { userSettings } from '../db/schema/domain.ts'
import type { Tx } from './lifecycle.ts'

const prefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A name as typed («ros», «rossi ma», «mario ro»): the first word starts the surname or the name (served by
 * their prefix indexes), and the whole text starts «surname name» or «name surname».
 */
export function nameMatches(text: string): SQL {
  const whole = text.toLowerCase().replace(/\s+/g, ' ').trim()
  const first = prefix(whole.split(' ')[0]!)
  const all = prefix(whole)
  return and(
    or(sql`lower(${persons.cognome}) like ${first}`, sql`lower(${persons.nome}) like ${first}`),
    or(
      sql`lower(${persons.cognome} || ' ' || ${persons.nome}) like ${all}`,
      sql`lower(${persons.nome} || ' ' || ${persons.cognome}) like ${all}`,
    ),
  )!
}

/** The person holds a card of the discipline for this season, still valid today (Italy's date). */
export function holdsCard(disciplineId: number, now: Date): SQL {
  return sql`exists (select 1 from ${tessere} where ${and(
    eq(tessere.personId, persons.id),
    eq(tessere.disciplineId, disciplineId),
    eq(tessere.stagione, currentSeason(now)),
    gte(tessere.validaAl, todayInItaly(now)),
  )})`
}

/** The person did not hide from searches (no settings row: visible). Needs `userSettings` joined. */
export const visibleInSearches = sql`coalesce(${userSettings.visibileRicerche}, true)`

/**
 * The players' search table (player_search) made from the cards, people and privacy settings there are: after the
 * seed, which loads with triggers off. Rows already there stay (the small seed runs its triggers); who hid is
 * marked on every row (migration 0030's player_search_hidden).
 */
export async function fillPlayerSearch(db: Tx | Db) {
  await db.execute(sql`
    insert into ${playerSearch} (sector_id, person_id, cognome, nome, provincia, club_id)
    select distinct t.sector_id, p.id, lower(p.cognome), lower(p.nome), p.provincia, p.club_id
    from ${tessere} t join ${persons} p on p.id = t.person_id
    on conflict do nothing`)
  await db.execute(sql`
    update ${playerSearch} ps set nascosto = h.nascosto
    from (select distinct a.person_id, true as nascosto from ${accounts} a
      join ${userSettings} s on s.account_id = a.id where not s.visibile_ricerche) h
    where h.person_id = ps.person_id and not ps.nascosto`)
}
