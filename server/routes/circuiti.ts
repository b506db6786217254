// Circuits: the sector's circuits of a season, their stages, one circuit. The standings are
// circuiti/classifiche/list (server/routes/home.ts); their PDF and CSV are the plain GET routes at the end.
import type { FastifyInstance } from 'fastify'
import { CIRCUIT_NOT_FOUND } from '../../contract/circuiti.ts'
import { STAMPE_BASE } from '../../contract/stampe.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { standingsCsv, standingsFilename, standingsPdf } from '../documents/circuiti.ts'
import { standingsExportRefusal } from '../domain/circuits.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

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
        new Date(),
      )
      return { results: rows, record }
    },
    // As the calendar: a stage's status changes when its enrolment closes.
    {
      cacheSeconds: 60,
      changesAt: (answer) =>
        (answer as { results: { iscrizioni_al: string | null }[] }).results.map((r) => r.iscrizioni_al),
      responseSchema: true,
    },
  )

  api.handle(
    endpoints.circuitiView,
    async ({ repos, body }) => {
      const circuit = await repos.circuits.view(body.id, todayInItaly())
      if (!circuit) throw ApiError.notFound(CIRCUIT_NOT_FOUND)
      return { result: circuit }
    },
    { cacheSeconds: 300, responseSchema: true },
  )
}

/**
 * Plain GET routes beside the API: a circuit's ranking as PDF and CSV (classificaCircuitoPath). The PDF is
 * public, like the standings on the circuit's page, so a link opens it; the CSV is an export, for accounts with
 * puo_esportare_classifiche, and the page downloads it with the caller's token.
 */
export function circuitiStampeRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { id: string; file: string } }>(
    `${STAMPE_BASE}/circuiti/:id/:file`,
    async (request, reply) => {
      const { id: idText, file } = request.params
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0
      const formato = file === 'classifica.pdf' ? 'pdf' : file === 'classifica.csv' ? 'csv' : null
      const day = todayInItaly()
      const circuit = id > 0 && formato ? await repos.circuits.view(id, day) : undefined
      if (!circuit || !formato) return reply.code(404).send({ statusCode: 404, message: CIRCUIT_NOT_FOUND })
      const refusal = formato === 'csv' ? standingsExportRefusal(await request.caller()) : undefined
      if (refusal)
        return reply.code(refusal.status).send({ statusCode: refusal.status, message: refusal.message })
      const rows = (await repos.circuits.standings(id)).map((r) => ({ ...r, persona: fullName(r) }))
      reply
        .header('cache-control', formato === 'csv' ? 'private, no-store' : 'public, max-age=300')
        .header('content-disposition', `attachment; filename="${standingsFilename(id, formato)}"`)
      if (formato === 'csv') return reply.type('text/csv; charset=utf-8').send(standingsCsv(rows))
      return reply.type('application/pdf').send(await standingsPdf(circuit, rows, day))
    },
  )
}
