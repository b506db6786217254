import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { disciplines, provinces, regions, sectors } from '../db/schema/core.ts'

/** Reference data: disciplines, sectors, provinces. */
export function lookupRepository(db: Db) {
  return {
    /** Every discipline in order, each with its sectors in order. */
    async disciplinesWithSectors() {
      const [ds, ss] = await Promise.all([
        db.select().from(disciplines).orderBy(asc(disciplines.ordine)),
        db.select().from(sectors).orderBy(asc(sectors.ordine)),
      ])
      return ds.map((d) => ({ ...d, sectors: ss.filter((s) => s.disciplineId === d.id) }))
    },

    provinces() {
      return db
        .select({ sigla: provinces.sigla, nome: provinces.nome, regione: regions.nome })
        .from(provinces)
        .innerJoin(regions, eq(regions.id, provinces.regionId))
        .orderBy(asc(provinces.nome))
    },

    async provinceExists(sigla: string): Promise<boolean> {
      const [found] = await db
        .select({ sigla: provinces.sigla })
        .from(provinces)
        .where(eq(provinces.sigla, sigla))
        .limit(1)
      return found !== undefined
    },

    /** A sector and its discipline, or undefined. */
    async sector(id: number): Promise<{ id: number; disciplineId: number } | undefined> {
      const [sector] = await db
        .select({ id: sectors.id, disciplineId: sectors.disciplineId })
        .from(sectors)
        .where(eq(sectors.id, id))
        .limit(1)
      return sector
    },
  }
}
