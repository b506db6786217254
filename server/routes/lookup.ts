import { asc, eq } from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import { disciplines, provinces, regions, sectors } from '../db/schema/core.ts'
import type { Api } from '../http/api.ts'

export default function lookupRoutes(api: Api) {
  api.handle(
    endpoints.lookupGet,
    async ({ db }) => {
      const [ds, ss] = await Promise.all([
        db.select().from(disciplines).orderBy(asc(disciplines.ordine)),
        db.select().from(sectors).orderBy(asc(sectors.ordine)),
      ])
      const discipline = ds.map((d) => ({
        id: d.id,
        disciplina: d.codice,
        nome: d.nome,
        settori: ss
          .filter((s) => s.disciplineId === d.id)
          .map((s) => ({ id_settore: s.id, settore: s.nome })),
      }))
      return { result: [{ discipline }] }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.provincieGet,
    async ({ db }) => {
      const rows = await db
        .select({ sigla: provinces.sigla, nome: provinces.nome, regione: regions.nome })
        .from(provinces)
        .innerJoin(regions, eq(regions.id, provinces.regionId))
        .orderBy(asc(provinces.nome))
      return { result: rows }
    },
    { cacheSeconds: 3600 },
  )
}
