// Clubs: one club's page (societa/view) and its teams (societa/squadre/view). The search is ricerca_circoli
// (server/routes/home.ts), shared with the home's quick search.
import { CIRCOLO_NOT_FOUND, CIRCOLO_PROSSIMI_TORNEI } from '../../contract/circoli.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { askedSectorFirst, courtsByDiscipline, mapSearchUrl } from '../domain/clubs.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'

export default function circoliRoutes(api: Api) {
  api.handle(
    endpoints.societaView,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const club = await repos.clubs.club(body.id_circolo)
      if (!club) throw ApiError.notFound(CIRCOLO_NOT_FOUND)
      const now = new Date()
      const [courts, tornei, places] = await Promise.all([
        repos.clubs.courts(club.id),
        repos.calendar.page(
          { sectorId: scope.sectorId, clubId: club.id, today: todayInItaly(now), now },
          CIRCOLO_PROSSIMI_TORNEI,
          0,
        ),
        repos.clubs.rankingPlaces(club.id),
      ])
      return {
        result: {
          ...club,
          mappa_url: mapSearchUrl(club),
          discipline: courtsByDiscipline(courts),
          prossimi_tornei: tornei.rows,
          prossimi_tornei_totale: tornei.record,
          classifica_affiliati: askedSectorFirst(places, scope.sectorId),
        },
      }
    },
    // As the calendar: a tournament's status changes when its enrolment closes.
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.societaSquadreView,
    async ({ repos, body }) => {
      if (!(await repos.clubs.club(body.id_circolo))) throw ApiError.notFound(CIRCOLO_NOT_FOUND)
      const { rows, record } = await repos.clubs.teams(body.id_circolo, body.fetchrows, body.rowstoskip)
      return {
        results: rows.map(({ nome_capitano, cognome_capitano, ...row }) => ({
          ...row,
          capitano: fullName({ nome: nome_capitano, cognome: cognome_capitano }),
        })),
        record,
      }
    },
    { cacheSeconds: 300 },
  )
}
