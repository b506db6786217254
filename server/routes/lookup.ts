import { endpoints } from '../../contract/endpoints.ts'
import type { Api } from '../http/api.ts'

export default function lookupRoutes(api: Api) {
  api.handle(
    endpoints.lookupGet,
    async ({ repos }) => {
      const discipline = (await repos.lookup.disciplinesWithSectors()).map((d) => ({
        id: d.id,
        disciplina: d.codice,
        nome: d.nome,
        settori: d.sectors.map((s) => ({ id_settore: s.id, settore: s.nome })),
      }))
      return { result: [{ discipline }] }
    },
    { cacheSeconds: 300 },
  )

  api.handle(endpoints.provincieGet, async ({ repos }) => ({ result: await repos.lookup.provinces() }), {
    cacheSeconds: 3600,
  })
}
