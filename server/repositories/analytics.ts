import type { Db } from '../db/client.ts'
import { pageViews } from '../db/schema/core.ts'

export function analyticsRepository(db: Db) {
  return {
    async recordPageView(values: {
      path: string
      referrer: string | null
      sectorId: number | null
      accountId: string | null
    }) {
      await db.insert(pageViews).values(values)
    },
  }
}
