import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { disciplines, sectors } from '../db/schema/core.ts'

/** The sector a visitor chose and its discipline: every list of the home and of /news is filtered by it. */
export type SectorScope = { sectorId: number; disciplineId: number; disciplina: string }

export function sectorsRepository(db: Db) {
  return {
    /** The sector and its discipline; undefined when the sector does not exist. */
    async scope(sectorId: number): Promise<SectorScope | undefined> {
      const [row] = await db
        .select({ sectorId: sectors.id, disciplineId: sectors.disciplineId, disciplina: disciplines.codice })
        .from(sectors)
        .innerJoin(disciplines, eq(disciplines.id, sectors.disciplineId))
        .where(eq(sectors.id, sectorId))
        .limit(1)
      return row
    },
  }
}
