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
      const now = new Date()
      // The club's page and its upcoming tournaments at once: a club that does not exist has none.
      const [page, tornei] = await Promise.all([
        repos.clubs.page(body.id_circolo),
        repos.calendar.page(
          { sectorId: scope.sectorId, clubId: body.id_circolo, today: todayInItaly(now), now },
          CIRCOLO_PROSSIMI_TORNEI,
          0,
        ),
      ])
      if (!page) throw ApiError.notFound(CIRCOLO_NOT_FOUND)
      const { campi, classifiche, ...club } = page
      return {
        result: {
          ...club,
          mappa_url: mapSearchUrl(club),
          discipline: courtsByDiscipline(campi),
          prossimi_tornei: tornei.rows,
          prossimi_tornei_totale: tornei.record,
          classifica_affiliati: askedSectorFirst(classifiche, scope.sectorId),
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
