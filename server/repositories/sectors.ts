import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { disciplines, sectors } from '../db/schema/core.ts'

/** The sector a visitor chose and its discipline: every list of the home and of /news is filtered by it. */
export type SectorScope = { sectorId: number; disciplineId: number; disciplina: string }

// Sectors are reference data (server/db/reference.ts writes them before the server starts; nothing changes
// them while it runs), and almost every public read asks for one: read them once per database.
const loaded = new WeakMap<Db, Promise<ReadonlyMap<number, SectorScope>>>()

function allSectors(db: Db, reload = false): Promise<ReadonlyMap<number, SectorScope>> {
  let all = loaded.get(db)
  if (all === undefined || reload) {
    all = db
      .select({ sectorId: sectors.id, disciplineId: sectors.disciplineId, disciplina: disciplines.codice })
      .from(sectors)
      .innerJoin(disciplines, eq(disciplines.id, sectors.disciplineId))
      .then((rows) => new Map(rows.map((row) => [row.sectorId, row])))
    // A failed read is not kept: the next request reads again.
    all.catch(() => loaded.delete(db))
    loaded.set(db, all)
  }
  return all
}

export function sectorsRepository(db: Db) {
  return {
    /** The sector and its discipline; undefined when the sector does not exist. */
    async scope(sectorId: number): Promise<SectorScope | undefined> {
      // A sector not known yet is read again (a database filled after the first read), never kept as missing.
      return (await allSectors(db)).get(sectorId) ?? (await allSectors(db, true)).get(sectorId)
    },
  }
}
