// Team championships (issue 21, item 1): the public reads of the championships' pages. Decodes, calls the
// repository (server/repositories/team-championships.ts) and the domain (tie format, standings), shapes the envelope.
import {
  CAMPIONATO_NOT_FOUND,
  SQUADRA_NOT_FOUND,
  TORNEO_SQUADRE_NOT_FOUND,
  teamCalendarPath,
} from '../../contract/campionati.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { tieFormat } from '../domain/lineup.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

const ROUND_NAMES: Record<number, string> = { 1: 'Semifinali', 2: 'Finale' }

async function bracket(repos: Repositories, tournamentId: number, mine: number | null) {
  if (!(await repos.teamChampionships.tournament(tournamentId)))
    throw ApiError.notFound(TORNEO_SQUADRE_NOT_FOUND)
  const ties = await repos.teamChampionships.finalTies(tournamentId)
  const rounds = [...new Set(ties.map((t) => t.giornata))].sort((a, b) => a - b)
  return {
    result: {
      id_torneo: tournamentId,
      pubblicato: await repos.teamChampionships.finalPhaseDrawn(tournamentId),
      turni: rounds.map((turno) => ({
        turno,
        nome: ROUND_NAMES[turno] ?? `Turno ${turno}`,
        incontri: ties.filter((t) => t.giornata === turno),
      })),
      mia_squadra: mine,
    },
  }
}

export default function campionatiRoutes(api: Api) {
  api.handle(
    endpoints.squadreCampionatiList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record } = await repos.teamChampionships.championships(
        { sectorId: scope.sectorId, stagione: body.stagione, zoneId: body.id_zona, stato: body.stato },
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.squadreCampionatiView,
    async ({ repos, body }) => {
      const championship = await repos.teamChampionships.championship(body.id_campionato)
      if (!championship) throw ApiError.notFound(CAMPIONATO_NOT_FOUND)
      const { rows } = await repos.teamChampionships.tournaments({ championshipId: championship.id }, 100, 0)
      return { result: { ...championship, elenco_tornei: rows } }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.squadreTorneiList,
    async ({ repos, body }) => {
      const { rows, record } = await repos.teamChampionships.tournaments(
        {
          championshipId: body.id_campionato,
          sectorId: body.id_settore,
          zoneId: body.id_zona,
          stagione: body.stagione,
        },
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.squadreTorneiView,
    async ({ repos, body }) => {
      const t = await repos.teamChampionships.tournament(body.id_torneo)
      if (!t) throw ApiError.notFound(TORNEO_SQUADRE_NOT_FOUND)
      const [groups, ties] = await Promise.all([
        repos.teamChampionships.groups(t.id),
        repos.teamChampionships.tournamentTies(t.id),
      ])
      const { specialita, ...rest } = t
      return {
        result: {
          ...rest,
          formato: tieFormat(specialita === 'doppio' ? 'doppio' : 'singolare'),
          elenco_gironi: groups,
          incontri: ties,
        },
      }
    },
    { cacheSeconds: 30 },
  )

  api.handle(
    endpoints.squadreTabelloniPublicView,
    async ({ repos, body }) => bracket(repos, body.id_torneo, null),
    { cacheSeconds: 30 },
  )

  api.handle(endpoints.squadreTabelloniView, async ({ repos, body, account }) =>
    bracket(
      repos,
      body.id_torneo,
      account.personId === null
        ? null
        : await repos.teamChampionships.teamOf(body.id_torneo, account.personId),
    ),
  )

  api.handle(
    endpoints.classificheSquadreGironiList,
    async ({ repos, body }) => {
      if (!(await repos.teamChampionships.tournament(body.id_torneo)))
        throw ApiError.notFound(TORNEO_SQUADRE_NOT_FOUND)
      const results = await repos.teamChampionships.standings(body.id_torneo, body.id_girone)
      return { results, record: results.length }
    },
    { cacheSeconds: 30 },
  )

  api.handle(
    endpoints.squadreCommentiList,
    async ({ repos, body }) => {
      if (!(await repos.teamChampionships.tournament(body.id_torneo)))
        throw ApiError.notFound(TORNEO_SQUADRE_NOT_FOUND)
      const { rows, record } = await repos.teamChampionships.comments(
        body.id_torneo,
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 30 },
  )

  api.handle(
    endpoints.squadreIscrizioniList,
    async ({ repos, body }) => {
      if (!(await repos.teamChampionships.tournament(body.id_torneo)))
        throw ApiError.notFound(TORNEO_SQUADRE_NOT_FOUND)
      const { rows, record } = await repos.teamChampionships.entries(
        body.id_torneo,
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.squadreGiocatoriSquadraList,
    async ({ repos, body }) => {
      if (!(await repos.teamChampionships.team(body.id_squadra))) throw ApiError.notFound(SQUADRA_NOT_FOUND)
      const { rows, record } = await repos.teamChampionships.roster(
        body.id_squadra,
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.squadreView,
    async ({ repos, body }) => {
      const team = await repos.teamChampionships.team(body.id_squadra)
      if (!team) throw ApiError.notFound(SQUADRA_NOT_FOUND)
      const ties = await repos.teamChampionships.teamTies(team.id)
      return {
        result: {
          ...team,
          incontri: ties,
          calendario_url: teamCalendarPath(team.id),
        },
      }
    },
    { cacheSeconds: 30 },
  )

  api.handle(
    endpoints.squadreZoneGet,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return { result: await repos.teamChampionships.zones(scope.sectorId) }
    },
    { cacheSeconds: 3600 },
  )
}
