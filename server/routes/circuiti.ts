// Circuits: the sector's circuits of a season, their stages, one circuit. The standings are
// circuiti/classifiche/list (server/routes/home.ts); their PDF and CSV are plain GET routes (server/routes/stampe-circuiti.ts).
import { CIRCUIT_NOT_FOUND } from '../../contract/circuiti.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'

export default function circuitiRoutes(api: Api) {
  api.handle(
    endpoints.circuitiList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record } = await repos.circuits.page(
        scope.sectorId,
        body.stagione ?? currentSeason(),
        todayInItaly(),
        body.fetchrows,
        body.rowstoskip,
      )
      return {
        results: rows.map(({ leader, ...row }) => ({
          ...row,
          primo: leader
            ? { id_persona: leader.id_persona, persona: fullName(leader), punti: leader.punti }
            : null,
        })),
        record,
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.torneiCircuitiList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record } = await repos.circuits.stages(
        body.id_circuito !== undefined
          ? { circuitId: body.id_circuito }
          : { sectorId: scope.sectorId, day: todayInItaly() },
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.circuitiView,
    async ({ repos, body }) => {
      const circuit = await repos.circuits.view(body.id, todayInItaly())
      if (!circuit) throw ApiError.notFound(CIRCUIT_NOT_FOUND)
      return { result: circuit }
    },
    { cacheSeconds: 300 },
  )
}
