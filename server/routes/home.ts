import { endpoints } from '../../contract/endpoints.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { HOME_COUNTS, POSIZIONE_INCOMPLETA } from '../../contract/home.ts'
import { distanceShown } from '../domain/clubs.ts'
import { toMenuEntry } from '../domain/menu.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'

export default function homeRoutes(api: Api) {
  api.handle(
    endpoints.homeMenu,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const rows = await repos.content.menu('home', scope.disciplineId)
      return {
        result: rows.map(toMenuEntry),
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.bannerGet,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return { result: await repos.content.activeBanners(body.posizione, scope.disciplineId) }
    },
    // Short: a banner's window may close at any minute.
    { cacheSeconds: 60 },
  )

  api.handle(endpoints.bannerClick, async ({ repos, body, caller }) => {
    const account = await caller()
    if (!(await repos.content.bannerExists(body.id_banner))) throw ApiError.notFound('Banner non trovato')
    await repos.content.recordBannerClick({
      bannerId: body.id_banner,
      accountId: account?.id ?? null,
      // Paths only: a query string may carry personal data.
      path: body.path?.split(/[?#]/)[0] ?? null,
    })
    return { result: { registrato: true } }
  })

  api.handle(
    endpoints.numeriTpra,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const stagione = currentSeason()
      return { result: { stagione, ...(await repos.tournaments.seasonFigures(scope, stagione)) } }
    },
    { cacheSeconds: 600 },
  )

  api.handle(
    endpoints.newsVideo,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const [news, video] = await Promise.all([
        repos.news.latest(scope, body.news ?? HOME_COUNTS.news),
        repos.news.latestVideos(scope, body.video ?? HOME_COUNTS.video),
      ])
      return { result: { news, video } }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.ricercaGiocatori,
    async ({ repos, body, caller }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const viewer = (await caller())?.personId ?? null
      const { rows, record } = await repos.players.search(
        { sectorId: scope.sectorId, testo: body.testo, provincia: body.provincia, clubId: body.id_circolo },
        body.fetchrows,
        body.rowstoskip,
        viewer,
      )
      return {
        results: rows.map((r) => ({
          id_persona: r.id_persona,
          persona: fullName(r),
          provincia: r.provincia,
          id_circolo: r.id_circolo,
          circolo: r.circolo,
        })),
        record,
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.ricercaCircoli,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const hasLatitude = body.latitudine !== undefined
      if (hasLatitude !== (body.longitudine !== undefined)) throw ApiError.badRequest(POSIZIONE_INCOMPLETA)
      const { rows, record } = await repos.clubs.search(
        {
          disciplineId: scope.disciplineId,
          testo: body.testo,
          provincia: body.provincia,
          near: hasLatitude ? { latitudine: body.latitudine!, longitudine: body.longitudine! } : undefined,
        },
        body.fetchrows,
        body.rowstoskip,
      )
      return {
        results: rows.map(({ distanza, ...row }) => ({ ...row, distanza_km: distanceShown(distanza) })),
        record,
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.circuitoGet,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const day = todayInItaly()
      const [tornei, circuiti] = await Promise.all([
        repos.tournaments.upcoming(scope.sectorId, day, body.tornei ?? HOME_COUNTS.tornei),
        repos.tournaments.circuitsOfSeason(
          scope.sectorId,
          currentSeason(),
          day,
          body.circuiti ?? HOME_COUNTS.circuiti,
        ),
      ])
      return { result: { tornei, circuiti } }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.classificheList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const tipo = body.tipo ?? 'nazionale'
      // The latest season's (read inside the statements): none yet, no row.
      const { rows, record } = await repos.rankings.page(
        tipo,
        scope.sectorId,
        body.fetchrows,
        body.rowstoskip,
      )
      return {
        results: rows.map(({ nome, cognome, ...row }) => ({ ...row, persona: fullName({ nome, cognome }) })),
        record,
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.circuitiClassificheList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record } = await repos.rankings.circuitPage(
        {
          sectorId: scope.sectorId,
          stagione: body.stagione ?? currentSeason(),
          circuitId: body.id_circuito,
          primi: body.primi,
        },
        body.fetchrows,
        body.rowstoskip,
      )
      return {
        results: rows.map(({ nome, cognome, ...row }) => ({ ...row, persona: fullName({ nome, cognome }) })),
        record,
      }
    },
    { cacheSeconds: 300, responseSchema: true },
  )
}
