import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { accounts } from '../db/schema/core.ts'
import { calendarFeeds, userSettings } from '../db/schema/domain.ts'

export type SettingsRow = typeof userSettings.$inferSelect
export type SettingsChanges = Partial<typeof userSettings.$inferInsert>

/** Accounts: sign-ins, sign-outs, privacy choices and settings. */
export function accountsRepository(db: Db) {
  const consents = { privacyAcceptedAt: accounts.privacyAcceptedAt, profilation: accounts.profilation }
  return {
    async recordSignIn(accountId: string, at: Date) {
      await db.update(accounts).set({ lastSignInAt: at }).where(eq(accounts.id, accountId))
    },

    /**
     * Signs the account out everywhere at `at` (every token issued before it is refused, here and at the
     * identity service) and gives its personal calendar feed, if it has one, the secret hashed as `feedHash`:
     * both or neither. True when a feed was renewed.
     */
    async signOutEverywhere(accountId: string, at: Date, feedHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.update(accounts).set({ signedOutAt: at }).where(eq(accounts.id, accountId))
        const renewed = await tx
          .update(calendarFeeds)
          .set({ tokenHash: feedHash, createdAt: sql`now()`, usedAt: null })
          .where(eq(calendarFeeds.accountId, accountId))
          .returning({ accountId: calendarFeeds.accountId })
        return renewed.length > 0
      })
    },

    /** Accepts the privacy notice now, with the profilation choice; the consents as saved. */
    async acceptPrivacy(accountId: string, profilation: boolean) {
      const [updated] = await db
        .update(accounts)
        .set({ privacyAcceptedAt: new Date(), profilation })
        .where(eq(accounts.id, accountId))
        .returning(consents)
      return updated!
    },

    async setProfilation(accountId: string, profilation: boolean) {
      const [updated] = await db
        .update(accounts)
        .set({ profilation })
        .where(eq(accounts.id, accountId))
        .returning(consents)
      return updated!
    },

    async settings(accountId: string): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.accountId, accountId)).limit(1)
      return row
    },

    /** Saves the changes, creating the row with the table's defaults for the rest on the first save. */
    async saveSettings(accountId: string, set: SettingsChanges): Promise<SettingsRow> {
      const [saved] = await db
        .insert(userSettings)
        .values({ ...set, accountId })
        .onConflictDoUpdate({ target: userSettings.accountId, set })
        .returning()
      return saved!
    },
  }
}
