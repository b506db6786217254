// Draws: the verifiable draw (public), the organiser's actions (announce, draw, results) and, as a plain GET, the
// tournament in ITF TODS JSON. Decisions are server/domain rules; the SQL is in server/repositories/draws.ts.
import type { FastifyInstance } from 'fastify'
import { MAX_INT } from '../../contract/common.ts'
import { endpoints } from '../../contract/endpoints.ts'
import {
  MATCH_NOT_FOUND,
  OPENDATA_BASE,
  ORGANISER_REFUSED,
  TOURNAMENT_NOT_FOUND,
  torneoTodsPath,
} from '../../contract/tabelloni.ts'
import { DrawRuleError } from '../domain/draws.ts'
import { shownChanges } from '../domain/privacy.ts'
import { tournamentToTods } from '../domain/tods.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

/** A rule of the draws refused: 409 when the state forbids it now, 400 when the request itself is wrong. */
async function ruled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof DrawRuleError)
      throw error.kind === 'conflict' ? ApiError.conflict(error.message) : ApiError.badRequest(error.message)
    throw error
  }
}

export default function tabelloniRoutes(api: Api) {
  const view = async (repos: Repositories, id: number, account: { id: string; role: string } | null) => {
    const found = await repos.draws.verification(id)
    if (!found) throw ApiError.notFound(TOURNAMENT_NOT_FOUND)
    return {
      result: {
        ...found,
        puo_organizzare: await repos.draws.canOrganise(account, id),
        tods_url: torneoTodsPath(id),
      },
    }
  }
  const organiser = async (repos: Repositories, id: number, account: { id: string; role: string }) => {
    if (!(await repos.draws.exists(id))) throw ApiError.notFound(TOURNAMENT_NOT_FOUND)
    if (!(await repos.draws.canOrganise(account, id))) throw ApiError.forbidden(ORGANISER_REFUSED)
  }
  // The detail page's reads of this tournament change with every action, and the player pages with every result
  // (last results, Power; points, palmares and rankings when it ends the tournament).
  const changed = () => {
    api.invalidate('tornei/')
    api.invalidate('giocatori/')
  }

  api.handle(
    endpoints.sorteggioView,
    async ({ repos, body, caller }) => view(repos, body.id_torneo, await caller()),
    {
      cacheSeconds: 30,
    },
  )

  api.handle(endpoints.sorteggioAnnuncia, async ({ repos, body, account }) => {
    await organiser(repos, body.id_torneo, account)
    await ruled(() => repos.draws.announce(body.id_torneo, new Date()))
    changed()
    return view(repos, body.id_torneo, account)
  })

  api.handle(endpoints.sorteggioEsegui, async ({ repos, body, account }) => {
    await organiser(repos, body.id_torneo, account)
    await ruled(() => repos.draws.make(body.id_torneo, new Date()))
    changed()
    return view(repos, body.id_torneo, account)
  })

  api.handle(endpoints.risultatoEdit, async ({ repos, body, account }) => {
    const tournamentId = await repos.draws.tournamentOfMatch(body.id_partita)
    if (tournamentId === undefined) throw ApiError.notFound(MATCH_NOT_FOUND)
    if (!(await repos.draws.canOrganise(account, tournamentId))) throw ApiError.forbidden(ORGANISER_REFUSED)
    const result = await ruled(() =>
      repos.draws.recordResult(
        body.id_partita,
        { esito: body.esito, sets: body.set.map((s) => ({ ...s })), vincitore: body.vincitore },
        new Date(),
      ),
    )
    changed()
    // A result that ends a tournament (or corrects an ended one) has just rewritten the rankings.
    if (result.torneo_concluso || result.classifiche_aggiornate) {
      for (const prefix of ['classifiche/', 'circuiti/', 'circuito/']) api.invalidate(prefix)
    }
    // The organiser reads the Power changes of the players who show their Power (their own always).
    const { changes, sides } = result.power
    const opponents = (person: number) => sides.find((side) => !side.includes(person)) ?? []
    const privacy = await repos.persons.privacy(sides.flat())
    const power = shownChanges(changes, opponents, privacy, account.personId).map((c) => ({
      id_giocatore: c.personId,
      power_prima: c.powerPrima,
      power_dopo: c.powerDopo,
      spiegazione: c.spiegazione,
    }))
    return { result: { ...result, power } }
  })
}

/** GET /opendata/tornei/<id>/tods.json: the tournament as TODS JSON, downloadable by anyone. */
export function todsRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { id: string } }>(`${OPENDATA_BASE}/tornei/:id/tods.json`, async (request, reply) => {
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0
    const input = id > 0 && id <= MAX_INT ? await repos.draws.todsInput(id) : undefined
    if (!input) return reply.code(404).send({ statusCode: 404, message: TOURNAMENT_NOT_FOUND })
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .header('content-disposition', `attachment; filename="torneo-${id}.tods.json"`)
      .send(JSON.stringify(tournamentToTods(input), null, 2))
  })
}
