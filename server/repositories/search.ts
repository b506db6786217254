import { and, asc, eq, exists, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons, tessere } from '../db/schema/core.ts'
import { clubs } from '../db/schema/domain.ts'
import { findableBy } from './privacy.ts'

/** A LIKE prefix pattern for user text: lower case, wildcards escaped. */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Normalized search text: lower case, single spaces. */
function searchWords(text: string): { whole: string; first: string } {
  const whole = text.toLowerCase().replace(/\s+/g, ' ').trim()
  return { whole, first: whole.split(' ')[0]! }
}

/** The quick search of the home's players (with a card of the sector); its clubs are server/repositories/clubs.ts. */
export function searchRepository(db: Db) {
  return {
    /**
     * Players whose name starts with the text, in either order ("rossi mario", "mario rossi", "de luca"), except
     * those who hid from searches (Impostazioni), whom only they themselves find (`viewer`, null when signed out).
     */
    players(text: string, sectorId: number, limit: number, viewer: number | null) {
      const { whole, first } = searchWords(text)
      const firstPrefix = prefixPattern(first)
      const wholePrefix = prefixPattern(whole)
      return db
        .select({
          id_persona: persons.id,
          nome: persons.nome,
          cognome: persons.cognome,
          provincia: persons.provincia,
          circolo: clubs.nome,
        })
        .from(persons)
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .where(
          and(
            // Served by the prefix indexes on lower(cognome) and lower(nome).
            or(
              sql`lower(${persons.cognome}) like ${firstPrefix}`,
              sql`lower(${persons.nome}) like ${firstPrefix}`,
            ),
            // "rossi mario", "mario rossi", "de luca": the whole text from the start of either order.
            or(
              sql`lower(${persons.cognome} || ' ' || ${persons.nome}) like ${wholePrefix}`,
              sql`lower(${persons.nome} || ' ' || ${persons.cognome}) like ${wholePrefix}`,
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(tessere)
                .where(and(eq(tessere.personId, persons.id), eq(tessere.sectorId, sectorId))),
            ),
            findableBy(persons.id, viewer),
          ),
        )
        .orderBy(sql`lower(${persons.cognome})`, sql`lower(${persons.nome})`, asc(persons.id))
        .limit(limit)
    },
  }
}
