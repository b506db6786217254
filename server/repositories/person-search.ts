// The conditions every search of players shares (a doubles partner, a challenge's opponent): a name typed as
// the user types it, a card of the discipline valid today, and the «visible in searches» setting.
import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { persons, tessere } from '../db/schema/core.ts'
import { userSettings } from '../db/schema/domain.ts'

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
