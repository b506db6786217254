// Plain GET routes (not the POST API) for the tournament files of contract/stampe.ts: the prints (PDF), the .ics
// of one tournament, the feed of a filtered calendar and the feed of a player's enrolments. A browser opens,
// downloads or shares them; a phone calendar subscribes to the feeds (webcal:) and polls them.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Result } from 'effect'
import { MAX_INT } from '../../contract/common.ts'
import { decode } from '../../contract/decode.ts'
import { CALENDARIO_BASE, STAMPE_BASE, type StampaTorneo } from '../../contract/stampe.ts'
import {
  CalendarioFeedQuery,
  FEED_NUMERIC_FIELDS,
  STAMPA_NON_DISPONIBILE,
  TORNEO_NOT_FOUND,
} from '../../contract/torneo.ts'
import { todayInItaly } from '../../contract/dates.ts'
import {
  calendarioPdf,
  gironiPdf,
  locandinaPdf,
  tabellonePdf,
  type TorneoPrint,
} from '../documents/tornei.ts'
import { ICS_TYPE, tournamentsIcs } from '../documents/tornei-ics.ts'
import { feedTokenHash } from '../domain/calendar-feed.ts'
import { fileSlug, toClassifiche, toDettaglio, toTabelloni } from '../domain/tournament-detail.ts'
import type { Repositories } from '../repositories/index.ts'

const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../media')
const PAGE_PATH = (id: number) => `/tornei/dettaglio-torneo/${id}`
const PRINTS: Record<string, StampaTorneo> = {
  'locandina.pdf': 'locandina',
  'tabellone.pdf': 'tabellone',
  'gironi.pdf': 'gironi',
  'calendario.pdf': 'calendario',
}
const BUILDERS: Record<StampaTorneo, (p: TorneoPrint) => Promise<Buffer>> = {
  locandina: locandinaPdf,
  tabellone: tabellonePdf,
  gironi: gironiPdf,
  calendario: calendarioPdf,
}
const FEED_NOT_FOUND =
  'Calendario non trovato: il collegamento è stato rinnovato o disattivato. Creane uno nuovo dalla pagina di un torneo.'

/** An id in a path: digits only, within PostgreSQL's integer (a larger one names no row: 404, not a 500). */
const idOf = (text: string) => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_INT ? Number(text) : null)
const notFound = (reply: FastifyReply, message: string) => reply.code(404).send({ statusCode: 404, message })
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/** The poster's file under server/media, if the tournament's image is one of ours. */
function posterFile(url: string | null): string | null {
  if (!url?.startsWith('/media/')) return null
  const file = path.resolve(MEDIA_DIR, `.${url.slice('/media'.length)}`)
  return file.startsWith(`${MEDIA_DIR}${path.sep}`) && fs.existsSync(file) ? file : null
}

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

export default function stampeRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { id: string; file: string } }>(
    `${STAMPE_BASE}/tornei/:id/:file`,
    async (request, reply) => {
      const id = idOf(request.params.id)
      const stampa = PRINTS[request.params.file]
      if (id === null || !stampa) return notFound(reply, TORNEO_NOT_FOUND)
      const found = await repos.tournamentDetail.detail(id)
      if (!found) return notFound(reply, TORNEO_NOT_FOUND)
      const torneo = toDettaglio(found, new Date())
      const [tabelloni, classifiche] = await Promise.all([
        repos.tournamentDetail.draws(id).then(toTabelloni),
        repos.tournamentDetail.standings(id).then(toClassifiche),
      ])
      const drawn = (tipo: string) => tabelloni.some((t) => t.tipo === tipo && t.seed !== null)
      const available =
        stampa === 'locandina' ||
        (stampa === 'tabellone' && drawn('eliminazione')) ||
        (stampa === 'gironi' && drawn('gironi')) ||
        (stampa === 'calendario' && tabelloni.some((t) => t.seed !== null))
      if (!available) return notFound(reply, STAMPA_NON_DISPONIBILE[stampa])
      const pdf = await BUILDERS[stampa]({
        torneo,
        tabelloni,
        classifiche,
        posterFile: posterFile(torneo.locandina),
        pageUrl: `${originOf(request)}${PAGE_PATH(id)}`,
      })
      const etag = `"${createHash('sha256').update(pdf).digest('base64url').slice(0, 27)}"`
      return sendWithEtag(request, reply, pdf, etag, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${stampa}-${fileSlug(torneo.nome, torneo.data_inizio)}.pdf"`,
        // Results change during the tournament: a short life, then revalidated with the ETag.
        'cache-control': 'public, max-age=60, must-revalidate',
      })
    },
  )

  app.get<{ Params: { file: string } }>(`${CALENDARIO_BASE}/tornei/:file`, async (request, reply) => {
    const match = /^(\d{1,10})\.ics$/.exec(request.params.file)
    const id = match ? idOf(match[1]!) : null
    const found = id !== null ? await repos.tournamentDetail.calendarEvent(id) : undefined
    if (!found) return notFound(reply, TORNEO_NOT_FOUND)
    const { text, etag } = tournamentsIcs([found], {
      origin: originOf(request),
      calName: found.nome,
      pagePath: PAGE_PATH,
    })
    return sendWithEtag(request, reply, text, etag, {
      'content-type': ICS_TYPE,
      'content-disposition': `attachment; filename="${fileSlug(found.nome, found.data_inizio)}.ics"`,
      'cache-control': 'public, max-age=300, must-revalidate',
    })
  })

  app.get<{ Querystring: Record<string, string | string[]> }>(
    `${CALENDARIO_BASE}/feed/tornei.ics`,
    async (request, reply) => {
      const query: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(request.query ?? {})) {
        const text = Array.isArray(value) ? value[0] : value
        query[key] =
          // A number the contract's Id then judges (past 2^31 − 1 is refused with 400, never sent to the database).
          (FEED_NUMERIC_FIELDS as readonly string[]).includes(key) && /^\d{1,16}$/.test(text ?? '')
            ? Number(text)
            : text
      }
      const decoded = decode(CalendarioFeedQuery, query)
      if (Result.isFailure(decoded)) {
        return reply.code(400).send({ statusCode: 400, message: decoded.failure.message })
      }
      const filters = decoded.success
      const sector = await repos.sectors.scope(filters.id_settore)
      if (!sector) return notFound(reply, 'Settore non trovato')
      const list = await repos.tournamentDetail.calendarFeed(filters, todayInItaly())
      const { text, etag } = tournamentsIcs(list, {
        origin: originOf(request),
        calName: `Tornei ${sector.disciplina.replace('-', ' ')} – Portale Federale Racchette`,
        pagePath: PAGE_PATH,
      })
      return sendWithEtag(request, reply, text, etag, {
        'content-type': ICS_TYPE,
        'cache-control': 'public, max-age=900, must-revalidate',
      })
    },
  )

  app.get<{ Params: { file: string } }>(
    `${CALENDARIO_BASE}/feed/iscrizioni/:file`,
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file)
      const owner = match ? await repos.tournamentDetail.feedOwner(feedTokenHash(match[1]!)) : undefined
      if (!owner?.personId) return notFound(reply, FEED_NOT_FOUND)
      const [list, matches] = await Promise.all([
        repos.tournamentDetail.enrolmentsOf(owner.personId),
        repos.tournamentDetail.matchesOf(owner.personId),
      ])
      const { text, etag } = tournamentsIcs(
        list,
        {
          origin: originOf(request),
          calName: 'Le mie iscrizioni – Portale Federale Racchette',
          pagePath: PAGE_PATH,
        },
        matches,
      )
      return sendWithEtag(request, reply, text, etag, {
        'content-type': ICS_TYPE,
        // Personal: no shared cache may keep it.
        'cache-control': 'private, max-age=300, must-revalidate',
        'x-robots-tag': 'noindex',
      })
    },
  )
}
