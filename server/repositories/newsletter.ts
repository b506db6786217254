// The weekly newsletter's SQL (server/domain/newsletter.ts says what it contains): the week's published news, the
// subscribers' choices of sector, one INSERT … SELECT of e-mails into the simulated outbox per choice, and the
// week's row in newsletter_invii, all in one transaction so that a week goes out once.
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import { ITALY_TIME_ZONE, todayInItaly } from '../../contract/dates.ts'
import type { Db } from '../db/client.ts'
import { accounts } from '../db/schema/core.ts'
import { news, newsletterInvii } from '../db/schema/content.ts'
import { userSettings } from '../db/schema/domain.ts'
import { idpOutbox } from '../db/schema/idp.ts'
import { newsForChoice, newsletterMail, newsletterWeek } from '../domain/newsletter.ts'

/** Midnight in Italy at the start of the civil day `day` (AAAA-MM-GG). */
const italianMidnight = (day: string) => sql`(${day}::date::timestamp at time zone ${ITALY_TIME_ZONE})`

export function newsletterRepository(db: Db) {
  return {
    /**
     * Sends the newsletter of the last whole week before `now`, unless it went out already: answers how many
     * e-mails were written (0 too when the week was sent before). `origin` makes the links.
     */
    async sendLastWeek(now: Date, origin: string): Promise<number> {
      const week = newsletterWeek(todayInItaly(now))
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(newsletterInvii)
          .values({ settimana: week.dal, inviataIl: now })
          .onConflictDoNothing()
          .returning({ settimana: newsletterInvii.settimana })
        if (claimed.length === 0) return 0
        const items = await tx
          .select({
            id: news.id,
            title: news.title,
            summary: news.summary,
            disciplineId: news.disciplineId,
            sectorId: news.sectorId,
          })
          .from(news)
          .where(
            and(
              isNotNull(news.publishedAt),
              gte(news.publishedAt, italianMidnight(week.dal)),
              lt(news.publishedAt, italianMidnight(week.fino)),
            ),
          )
          .orderBy(asc(news.publishedAt), asc(news.id))
        if (items.length === 0) return 0
        const choices = await tx
          .selectDistinct({ sectorId: userSettings.sectorId, disciplineId: userSettings.disciplineId })
          .from(userSettings)
          .where(eq(userSettings.newsletter, true))
        let sent = 0
        for (const choice of choices) {
          const mine = newsForChoice(items, choice)
          if (mine.length === 0) continue
          const { subject, body } = newsletterMail(week, mine, origin)
          // One statement per choice, however many subscribers made it (both engines answer `rows`).
          const written = await tx.execute(sql`
            insert into ${idpOutbox} (recipient, subject, body, created_at)
            select ${accounts.email}, ${subject}, ${body}, ${now.toISOString()}::timestamptz
            from ${userSettings} join ${accounts} on ${accounts.id} = ${userSettings.accountId}
            where ${userSettings.newsletter} and ${
              choice.sectorId === null
                ? sql`${userSettings.sectorId} is null`
                : sql`${userSettings.sectorId} = ${choice.sectorId}`
            }
            returning 1`)
          sent += (written as unknown as { rows: readonly unknown[] }).rows.length
        }
        await tx
          .update(newsletterInvii)
          .set({ destinatari: sent })
          .where(eq(newsletterInvii.settimana, week.dal))
        return sent
      })
    },
  }
}
