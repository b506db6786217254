// The SQL side of server/domain/privacy.ts: people's privacy choices read for `disclosure`, and the one search
// condition that mirrors `disclosure(…).findable` where a search must narrow in SQL (it pages and limits).
import { eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm'
import type { PrivacyChoices } from '../domain/privacy.ts'
import { accounts, playerSearch } from '../db/schema/core.ts'
import { userSettings } from '../db/schema/domain.ts'
import type { Q } from './lifecycle.ts'

/** The choices of these people; those who never chose (no account, no settings) are absent: the defaults. */
export async function privacyOf(q: Q, ids: readonly number[]): Promise<Map<number, PrivacyChoices>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await q
    .select({
      personId: accounts.personId,
      visibileRicerche: userSettings.visibileRicerche,
      mostraPower: userSettings.mostraPower,
    })
    .from(accounts)
    .innerJoin(userSettings, eq(userSettings.accountId, accounts.id))
    .where(inArray(accounts.personId, wanted))
  return new Map(
    rows.map((r) => [r.personId!, { visibileRicerche: r.visibileRicerche, mostraPower: r.mostraPower }]),
  )
}

/**
 * `disclosure(person, choices, viewer).findable` in SQL, on the players' search: the person did not hide from
 * searches (never choosing is not hiding; `player_search.nascosto`, kept by triggers from their settings), or is
 * the viewer.
 */
export function findableBy(viewer: number | Placeholder | null): SQL {
  return viewer === null
    ? sql`not ${playerSearch.nascosto}`
    : sql`(not ${playerSearch.nascosto} or ${playerSearch.personId} = ${viewer})`
}
