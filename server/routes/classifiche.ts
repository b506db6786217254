// Rankings: the section's menu, the players' rankings (race, national), the clubs' ranking and a club's own
// ranking, and the lookups of their filters. Their PDF and CSV are the plain GET routes at the end, for accounts
// with puo_esportare_classifiche.
import type { FastifyInstance } from 'fastify'
import { Result } from 'effect'
import {
  CLUB_TIE_RULE,
  FASCE_ETA,
  FiltriGiocatori,
  FiltriSocieta,
  RANKING_EXPORT_MESSAGES,
  RANKING_PDF_MAX_ROWS,
  RANKING_TIE_RULE,
  TIPI_SOCIETA,
  TROVA_ME_MESSAGES,
  type FiltriGiocatori as Filtri,
  type FiltriSocieta as FiltriClub,
} from '../../contract/classifiche.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { decode } from '../../contract/decode.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { CLASSIFICHE_STAMPE, STAMPE_BASE, type ClassificaStampa } from '../../contract/stampe.ts'
import {
  rankingCsv,
  rankingFilename,
  rankingPdf,
  sectorLabel,
  type RankingDocument,
} from '../documents/classifiche.ts'
import { toMenuEntry } from '../domain/menu.ts'
import { fullName } from '../domain/profile.ts'
import { ageGroupsOf, clubTypeDisciplines, rankingExportRefusal, withTieNotes } from '../domain/rankings.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

const EMPTY = { results: [], record: 0, rowstoskip: 0, stagione: null, calcolata_al: null, trovato: null }

/**
 * The players' ranking the filters ask for: its season (the latest unless the race names one, read by the
 * repository with the total) and filter.
 */
async function playerFilter(repos: Repositories, filtri: Filtri) {
  const scope = await sectorScope(repos, filtri.id_settore)
  const fascia = FASCE_ETA.find((f) => f.codice === filtri.fascia)
  return {
    tipo: filtri.tipo,
    sectorId: scope.sectorId,
    stagione: filtri.tipo === 'race' ? filtri.stagione : undefined,
    sesso: filtri.sesso,
    // The ages of the group; birthRange (domain) is their birth dates in a season, read with the total.
    eta: fascia,
    regione: filtri.regione,
    provincia: filtri.provincia,
  }
}

async function playerPage(
  repos: Repositories,
  asked: Parameters<Repositories['rankings']['playerList']>[0],
  limit: number,
  offset: number,
  find?: number,
) {
  const { rows, record, rowstoskip, stagione } = await repos.rankings.playerList(asked, limit, offset, find)
  if (stagione === null) return EMPTY
  const named = rows.map(({ nome, cognome, record: _r, calcolata_al: _c, ...row }) => ({
    ...row,
    persona: fullName({ nome, cognome }),
  }))
  const results = withTieNotes(named, rowstoskip, limit)
  return {
    results,
    record,
    rowstoskip,
    stagione,
    calcolata_al: rows[0]?.calcolata_al ?? null,
    trovato: find !== undefined && results.some((r) => r.id_persona === find) ? find : null,
  }
}

async function clubFilter(repos: Repositories, filtri: FiltriClub) {
  const scope = await sectorScope(repos, filtri.id_settore)
  const stagione = filtri.stagione ?? (await repos.rankings.latestClubSeason(scope.sectorId))
  if (stagione === undefined) return undefined
  return {
    scope,
    filter: {
      sectorId: scope.sectorId,
      stagione,
      regione: filtri.regione,
      provincia: filtri.provincia,
      discipline: filtri.tipo_societa ? clubTypeDisciplines(filtri.tipo_societa) : undefined,
    },
  }
}

async function clubPage(
  repos: Repositories,
  asked: Parameters<Repositories['rankings']['clubList']>[0],
  limit: number,
  offset: number,
) {
  const { rows, record, rowstoskip } = await repos.rankings.clubList(asked, limit, offset)
  const named = rows.map((r) => ({
    n: r.n,
    posizione: r.posizione,
    posizione_generale: r.posizioneGenerale,
    id_circolo: r.clubId,
    circolo: r.nome,
    persona: r.nome,
    comune: r.comune,
    provincia: r.provincia,
    punti: r.punti,
    tornei: r.tesserati,
    tesserati: r.tesserati,
  }))
  const results = withTieNotes(named, rowstoskip, limit, 'circoli').map(
    ({ persona: _p, tornei: _t, ...row }) => row,
  )
  return {
    results,
    record,
    rowstoskip,
    stagione: asked.stagione,
    calcolata_al: rows[0]?.calcolataAl ?? null,
    trovato: null,
  }
}

export default function classificheRoutes(api: Api) {
  api.handle(
    endpoints.classificheSezioniMenu,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return { result: (await repos.content.menu('classifiche', scope.disciplineId)).map(toMenuEntry) }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.settoriGruppiGet,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return {
        result: ageGroupsOf(scope.sectorId, FASCE_ETA, SECTOR_IDS.FITPJ).map(({ codice, nome }) => ({
          codice,
          nome,
        })),
      }
    },
    { cacheSeconds: 3600 },
  )

  api.handle(
    endpoints.classificheSocietaTipoGet,
    async () => ({ result: TIPI_SOCIETA.map(({ codice, nome }) => ({ codice, nome })) }),
    { cacheSeconds: 3600 },
  )

  api.handle(
    endpoints.classificheClassificheList,
    async ({ repos, body, caller }) => {
      let find: number | undefined
      if (body.trova_me) {
        const account = await caller()
        if (!account) throw ApiError.unauthorized()
        if (account.personId === null) throw ApiError.conflict(TROVA_ME_MESSAGES.noPerson)
        find = account.personId
      }
      return playerPage(repos, await playerFilter(repos, body), body.fetchrows, body.rowstoskip, find)
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.classificheSocietaList,
    async ({ repos, body }) => {
      const asked = await clubFilter(repos, body)
      if (!asked) return EMPTY
      return clubPage(repos, asked.filter, body.fetchrows, body.rowstoskip)
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.classificaSocialeList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return playerPage(
        repos,
        { tipo: 'race', sectorId: scope.sectorId, stagione: body.stagione, clubId: body.id_circolo },
        body.fetchrows,
        body.rowstoskip,
      )
    },
    { cacheSeconds: 300 },
  )
}

/** The query of an export as the contract reads it: numbers where the filters hold numbers. */
function queryOf(raw: Record<string, string | string[]>): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw ?? {})) {
    const text = Array.isArray(value) ? value[0] : value
    query[key] =
      (key === 'id_settore' || key === 'stagione') && /^\d{1,10}$/.test(text ?? '') ? Number(text) : text
  }
  return query
}

/** The clubs' ranking to print, or the reason its filters are refused. */
async function clubDocument(
  repos: Repositories,
  query: Record<string, unknown>,
  limit: number,
): Promise<RankingDocument | string> {
  const decoded = decode(FiltriSocieta, query)
  if (Result.isFailure(decoded)) return decoded.failure.message
  const asked = await clubFilter(repos, decoded.success)
  const page = asked ? await clubPage(repos, asked.filter, limit, 0) : EMPTY
  return {
    pagina: 'classifica-affiliati',
    settore: sectorLabel(decoded.success.id_settore),
    filtri: decoded.success,
    stagione: page.stagione,
    calcolataAl: page.calcolata_al,
    record: page.record,
    regola: CLUB_TIE_RULE,
    clubs: page.results,
  }
}

/** A players' ranking to print, or the reason its filters are refused. */
async function playerDocument(
  repos: Repositories,
  query: Record<string, unknown>,
  pagina: ClassificaStampa,
  limit: number,
): Promise<RankingDocument | string> {
  const decoded = decode(FiltriGiocatori, query)
  if (Result.isFailure(decoded)) return decoded.failure.message
  const page = await playerPage(repos, await playerFilter(repos, decoded.success), limit, 0)
  return {
    pagina,
    settore: sectorLabel(decoded.success.id_settore),
    filtri: decoded.success,
    stagione: page.stagione,
    calcolataAl: page.calcolata_al,
    record: page.record,
    regola: RANKING_TIE_RULE,
    players: page.results,
  }
}

/**
 * Plain GET routes beside the API: a ranking as PDF or CSV with the page's filters as the query, the whole list
 * the filters keep (the PDF its first RANKING_PDF_MAX_ROWS rows). Only for accounts with puo_esportare_classifiche.
 */
export function classificheStampeRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { file: string }; Querystring: Record<string, string | string[]> }>(
    `${STAMPE_BASE}/classifiche/:file`,
    async (request, reply) => {
      const match = /^([a-z-]+)\.(pdf|csv)$/.exec(request.params.file)
      const pagina = match?.[1] as ClassificaStampa | undefined
      const formato = match?.[2] as 'pdf' | 'csv' | undefined
      if (!pagina || !formato || !CLASSIFICHE_STAMPE.includes(pagina))
        return reply.code(404).send({ statusCode: 404, message: 'Classifica non trovata' })
      const refusal = rankingExportRefusal(await request.caller(), RANKING_EXPORT_MESSAGES)
      if (refusal)
        return reply.code(refusal.status).send({ statusCode: refusal.status, message: refusal.message })
      const query = queryOf(request.query)
      const limit = formato === 'pdf' ? RANKING_PDF_MAX_ROWS : 1_000_000_000
      const document =
        pagina === 'classifica-affiliati'
          ? await clubDocument(repos, query, limit)
          : await playerDocument(
              repos,
              { ...query, tipo: pagina === 'race-annuale' ? 'race' : 'nazionale' },
              pagina,
              limit,
            )
      if (typeof document === 'string') return reply.code(400).send({ statusCode: 400, message: document })
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${rankingFilename(document, formato)}"`)
      if (formato === 'csv') return reply.type('text/csv; charset=utf-8').send(rankingCsv(document))
      return reply.type('application/pdf').send(await rankingPdf(document, todayInItaly()))
    },
  )
}
