// The tournament calendar (/tornei/calendario-tornei): the filtered list, its filters' lookups, the section's
// menu and banners. Every read is public and the same for everyone, so anonymous answers are cached.
import {
  DATE_RANGE_REFUSED,
  SOCIETA_MAX_RESULTS,
  SOCIETA_RICERCA_NEEDS,
  type TorneoCalendario,
} from '../../contract/calendario.ts'
import { TOURNAMENT_TYPES } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'
import { toMenuEntry } from '../domain/menu.ts'

/** The tournament types of the filter, in Italian. */
const TIPOLOGIE = [
  { codice: TOURNAMENT_TYPES.TORNEI, nome: 'Tornei' },
  { codice: TOURNAMENT_TYPES.CAMPIONATI, nome: 'Campionati a squadre' },
]

export default function calendarioRoutes(api: Api) {
  api.handle(
    endpoints.torneiList,
    async ({ repos, body }) => {
      if (body.dal !== undefined && body.al !== undefined && body.dal > body.al)
        throw ApiError.badRequest(DATE_RANGE_REFUSED)
      const scope = await sectorScope(repos, body.id_settore)
      if (body.regione !== undefined && !repos.calendar.regionExists(body.regione))
        throw ApiError.badRequest(`Richiesta non valida: la regione «${body.regione}» non esiste.`)
      const now = new Date()
      const { rows, record } = await repos.calendar.page(
        {
          sectorId: scope.sectorId,
          tipo: body.tipo,
          regione: body.regione,
          provincia: body.provincia,
          clubId: body.id_circolo,
          circuitId: body.id_circuito,
          dal: body.dal,
          al: body.al,
          livello: body.livello,
          stato: body.stato,
          today: todayInItaly(now),
          now,
        },
        body.fetchrows,
        body.rowstoskip,
      )
      return { results: rows, record }
    },
    // A row's status changes when its enrolment closes (tournamentStatusAt): the cache ends there at the latest.
    {
      cacheSeconds: 60,
      changesAt: (result) => (result as { results: TorneoCalendario[] }).results.map((r) => r.iscrizioni_al),
      responseSchema: true,
    },
  )

  api.handle(endpoints.torneiTipologie, async () => ({ result: TIPOLOGIE }), { cacheSeconds: 3600 })

  api.handle(
    endpoints.societaRicerca,
    async ({ repos, body }) => {
      if (body.id_circolo !== undefined) return { result: await repos.calendar.club(body.id_circolo) }
      if (body.testo === undefined) throw ApiError.badRequest(SOCIETA_RICERCA_NEEDS)
      const scope = await sectorScope(repos, body.id_settore)
      const { rows } = await repos.clubs.search(
        { disciplineId: scope.disciplineId, testo: body.testo },
        SOCIETA_MAX_RESULTS,
        0,
      )
      return {
        result: rows.map(({ id_circolo, nome, comune, provincia }) => ({
          id_circolo,
          nome,
          comune,
          provincia,
        })),
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.torneiCircuiti,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return { result: await repos.calendar.circuits(scope.sectorId) }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.torneiSezioniMenu,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const rows = await repos.content.menu('tornei', scope.disciplineId)
      return {
        result: rows.map(toMenuEntry),
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.torneiBannerList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const results = await repos.content.activeBanners('tornei', scope.disciplineId)
      return { results, record: results.length }
    },
    // Short: a banner's window may close at any minute.
    { cacheSeconds: 60 },
  )
}
