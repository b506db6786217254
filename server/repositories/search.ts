import { and, asc, eq, exists, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons, tessere } from '../db/schema/core.ts'
import { clubDisciplines, clubs } from '../db/schema/domain.ts'
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

/** The home's quick search of clubs offering the discipline (its players: players.ts `search`). */
export function searchRepository(db: Db) {
  return {
    /** Active clubs of the discipline: first the names that start with the text, then a word or the town. */
    async clubs(text: string, disciplineId: number, limit: number) {
      const { whole } = searchWords(text)
      const offersDiscipline = exists(
        db
          .select({ one: sql`1` })
          .from(clubDisciplines)
          .where(and(eq(clubDisciplines.clubId, clubs.id), eq(clubDisciplines.disciplineId, disciplineId))),
      )
      const columns = {
        id_circolo: clubs.id,
        nome: clubs.nome,
        comune: clubs.comune,
        provincia: clubs.provincia,
      }
      const base = and(eq(clubs.attivo, true), offersDiscipline)
      // First the names that start with the text (prefix index), then those with a word that does.
      const starting = await db
        .select(columns)
        .from(clubs)
        .where(and(base, sql`lower(${clubs.nome}) like ${prefixPattern(whole)}`))
        .orderBy(asc(clubs.nome), asc(clubs.id))
        .limit(limit)
      if (starting.length >= limit) return starting
      const inside = await db
        .select(columns)
        .from(clubs)
        .where(
          and(
            base,
            sql`lower(${clubs.nome}) not like ${prefixPattern(whole)}`,
            or(
              sql`lower(${clubs.nome}) like ${`% ${prefixPattern(whole)}`}`,
              sql`lower(${clubs.comune}) like ${prefixPattern(whole)}`,
            ),
          ),
        )
        .orderBy(asc(clubs.nome), asc(clubs.id))
        .limit(limit - starting.length)
      return [...starting, ...inside]
    },
  }
}
