// Plain GET files of the team championships (issue 21): a team's ties as a calendar to subscribe to
// (/calendario/squadre/<id>.ics, contract/campionati.ts teamCalendarPath), and the prints of a series (PDF).
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  SQUADRA_NOT_FOUND,
  STAMPA_SQUADRE_NON_DISPONIBILE,
  TORNEO_SQUADRE_NOT_FOUND,
  type StampaSquadre,
} from '../../contract/campionati.ts'
import { MAX_INT } from '../../contract/common.ts'
import { CALENDARIO_BASE, STAMPE_BASE } from '../../contract/stampe.ts'
import { gironiSquadrePdf, tabelloneSquadrePdf, type TorneoSquadrePrint } from '../documents/campionati.ts'
import { teamIcs } from '../documents/squadre-ics.ts'
import { ICS_TYPE } from '../documents/tornei-ics.ts'
import type { Repositories } from '../repositories/index.ts'

/** An id in a path: digits only, within PostgreSQL's integer (a larger one names no row: 404, not a 500). */
const idOf = (text: string) => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_INT ? Number(text) : null)
const notFound = (reply: FastifyReply, message: string) => reply.code(404).send({ statusCode: 404, message })
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** Sends a body with an ETag; a matching If-None-Match gets a 304 (phone calendars poll feeds). */
function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag: string,
  headers: Record<string, string>,
) {
  reply.header('etag', etag)
  for (const [name, value] of Object.entries(headers)) reply.header(name, value)
  if (request.headers['if-none-match'] === etag) return reply.code(304).send()
  return reply.send(body)
}

const PRINTS: Record<string, StampaSquadre> = { 'gironi.pdf': 'gironi', 'tabellone.pdf': 'tabellone' }
const BUILDERS: Record<StampaSquadre, (p: TorneoSquadrePrint) => Promise<Buffer>> = {
  gironi: gironiSquadrePdf,
  tabellone: tabelloneSquadrePdf,
}

export default function campionatiFileRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { id: string; file: string } }>(
    `${STAMPE_BASE}/squadre/tornei/:id/:file`,
    async (request, reply) => {
      const id = idOf(request.params.id)
      const stampa = PRINTS[request.params.file]
      const torneo = id !== null && stampa ? await repos.teamChampionships.tournament(id) : undefined
      if (!torneo || !stampa) return notFound(reply, TORNEO_SQUADRE_NOT_FOUND)
      const [incontri, classifiche] = await Promise.all([
        repos.teamChampionships.tournamentTies(torneo.id),
        repos.teamChampionships.standings(torneo.id),
      ])
      const available =
        stampa === 'gironi' ? classifiche.length > 0 : incontri.some((i) => i.fase === 'finale')
      if (!available) return notFound(reply, STAMPA_SQUADRE_NON_DISPONIBILE[stampa])
      const { specialita: _s, ...rest } = torneo
      const pdf = await BUILDERS[stampa]({
        torneo: { ...rest, formato: [], elenco_gironi: [] },
        incontri,
        classifiche,
      })
      const etag = `"${createHash('sha256').update(pdf).digest('base64url').slice(0, 27)}"`
      return sendWithEtag(request, reply, pdf, etag, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${stampa}-squadre-${torneo.id}.pdf"`,
        'cache-control': 'public, max-age=60, must-revalidate',
      })
    },
  )

  app.get<{ Params: { file: string } }>(`${CALENDARIO_BASE}/squadre/:file`, async (request, reply) => {
    const match = /^(\d{1,10})\.ics$/.exec(request.params.file)
    const id = match ? idOf(match[1]!) : null
    const team = id !== null ? await repos.teamChampionships.team(id) : undefined
    if (!team) return notFound(reply, SQUADRA_NOT_FOUND)
    const incontri = await repos.teamChampionships.teamTies(team.id)
    const { text, etag } = teamIcs(
      { nome: team.nome, incontri },
      originOf(request),
      `/tornei/dettaglio-squadra/${team.id}`,
    )
    return sendWithEtag(request, reply, text, etag, {
      'content-type': ICS_TYPE,
      'content-disposition': `inline; filename="squadra-${team.id}.ics"`,
      'cache-control': 'public, max-age=300, must-revalidate',
    })
  })
}
