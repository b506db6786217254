import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { faq } from '../db/schema/content.ts'
import { disciplines } from '../db/schema/core.ts'

/** The words of a search as an Italian prefix query: «tesserament» finds «tesseramento» while typing. */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  return words ? words.map((word) => `${word}:*`).join(' & ') : null
}

/** `%text%` for ILIKE, with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function faqRepository(db: Db) {
  return {
    /**
     * A page of the published questions: of one discipline and the general ones if `disciplineId` is given,
     * matching `testo` if not empty (best match first), otherwise in editorial order; with the total.
     */
    async page(filter: { disciplineId?: number; testo: string }, limit: number, offset: number) {
      const conditions: SQL[] = [eq(faq.published, true)]
      if (filter.disciplineId !== undefined) {
        // The discipline's own questions and the general ones (discipline null).
        conditions.push(or(isNull(faq.disciplineId), eq(faq.disciplineId, filter.disciplineId))!)
      }
      let rank: SQL | null = null
      if (filter.testo) {
        // Same expression as the faq_search_idx index. Full text (stemmed, by prefix) or the literal text, so
        // a half-typed word or a stop word still finds something; the table is small.
        const document = sql`to_tsvector('italian', ${faq.question} || ' ' || ${faq.answer})`
        const query = prefixQuery(filter.testo)
        const pattern = containsPattern(filter.testo)
        const literal = or(ilike(faq.question, pattern), ilike(faq.answer, pattern))!
        conditions.push(query ? or(sql`${document} @@ to_tsquery('italian', ${query})`, literal)! : literal)
        rank = query ? sql`ts_rank(${document}, to_tsquery('italian', ${query}))` : null
      }
      const where = and(...conditions)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: faq.id,
            categoria: faq.categoria,
            domanda: faq.question,
            risposta: faq.answer,
            disciplina: disciplines.codice,
          })
          .from(faq)
          .leftJoin(disciplines, eq(disciplines.id, faq.disciplineId))
          .where(where)
          // Editorial order (the client groups by categoria in order of appearance); best match first when searching.
          .orderBy(...(rank ? [desc(rank)] : []), asc(faq.ordine), asc(faq.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(faq).where(where),
      ])
      return { results: rows, record: total?.n ?? 0 }
    },
  }
}
