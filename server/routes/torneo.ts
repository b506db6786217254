// The tournament detail's calls: the tournament, its entrants, draws, group standings, photos and comments, the
// links of its prints (the spec's Tournament print calls) and the personal calendar feed's secret.
import { endpoints } from '../../contract/endpoints.ts'
import { stampaTorneoPath, feedPersonalePath, type StampaTorneo } from '../../contract/stampe.ts'
import { STAMPA_NON_DISPONIBILE, TORNEO_NOT_FOUND, type TorneoDettaglio } from '../../contract/torneo.ts'
import { commenterName, plainText } from '../domain/news.ts'
import { feedTokenHash, newFeedToken } from '../domain/calendar-feed.ts'
import { fileSlug, toClassifiche, toDettaglio, toTabelloni } from '../domain/tournament-detail.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

const MAX_COMMENTS_SHOWN = 200

/** How long anonymous answers are cached: entrants and draws change with enrolments and results. */
const CACHE_SECONDS = 30

/** A 404 for a tournament that does not exist. */
async function mustExist(repos: Repositories, id: number) {
  if (!(await repos.tournamentDetail.exists(id))) throw ApiError.notFound(TORNEO_NOT_FOUND)
}

export default function torneoRoutes(api: Api) {
  api.handle(
    endpoints.torneoDettaglio,
    async ({ repos, body }) => {
      const found = await repos.tournamentDetail.detail(body.id)
      if (!found) throw ApiError.notFound(TORNEO_NOT_FOUND)
      return { result: toDettaglio(found, new Date()) }
    },
    {
      cacheSeconds: CACHE_SECONDS,
      // The status changes when enrolment opens or closes (tournamentStatusAt): the cache ends there at the latest.
      changesAt: (answer) => {
        const { iscrizioni_dal, iscrizioni_al } = (answer as { result: TorneoDettaglio }).result
        return [iscrizioni_dal, iscrizioni_al]
      },
      responseSchema: true,
    },
  )

  api.handle(
    endpoints.torneoIscritti,
    async ({ repos, body }) => {
      const page = await repos.tournamentDetail.entrants(body.id_torneo, body.fetchrows, body.rowstoskip)
      // Only an empty answer can be a tournament that does not exist: ask then, not before.
      if (page.record === 0) await mustExist(repos, body.id_torneo)
      return page
    },
    { cacheSeconds: CACHE_SECONDS, responseSchema: true },
  )

  api.handle(
    endpoints.torneoTabelloni,
    async ({ repos, body }) => {
      const draws = await repos.tournamentDetail.draws(body.id_torneo)
      if (draws.phases.length === 0) await mustExist(repos, body.id_torneo)
      return { result: { tabelloni: toTabelloni(draws) } }
    },
    { cacheSeconds: CACHE_SECONDS, responseSchema: true },
  )

  api.handle(
    endpoints.torneoGironiClassifiche,
    async ({ repos, body }) => {
      const results = toClassifiche(await repos.tournamentDetail.standings(body.id_torneo))
      if (results.length === 0) await mustExist(repos, body.id_torneo)
      return { results, record: results.length }
    },
    { cacheSeconds: CACHE_SECONDS, responseSchema: true },
  )

  api.handle(
    endpoints.torneoFotoCommenti,
    async ({ repos, body, caller }) => {
      if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
      const [foto, commenti, account] = await Promise.all([
        repos.tournamentDetail.photos(body.id_torneo),
        repos.tournamentDetail.comments(body.id_torneo, MAX_COMMENTS_SHOWN),
        caller(),
      ])
      return { result: { foto, commenti, puo_commentare: account !== null } }
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(endpoints.torneoCommentoAdd, async ({ repos, body, account }) => {
    if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
    const testo = plainText(body.testo)
    if (!testo) {
      throw ApiError.badRequest(
        'Richiesta non valida: il commento non contiene testo (il codice HTML non è ammesso).',
      )
    }
    const person = account.personId ? await repos.news.personName(account.personId) : undefined
    const comment = await repos.tournamentDetail.addComment({
      tournamentId: body.id_torneo,
      accountId: account.id,
      autore: commenterName(person),
      testo,
    })
    api.invalidate(endpoints.torneoFotoCommenti.path)
    return { result: comment }
  })

  const printLink = (stampa: StampaTorneo, endpoint: typeof endpoints.locandinaGet) =>
    api.handle(
      endpoint,
      async ({ repos, body }) => {
        const found = await repos.tournamentDetail.calendarEvent(body.id_torneo)
        if (!found) throw ApiError.notFound(TORNEO_NOT_FOUND)
        const available =
          stampa === 'locandina'
            ? true
            : stampa === 'gironi'
              ? await repos.tournamentDetail.hasDrawn(body.id_torneo, 'gironi')
              : (await repos.tournamentDetail.hasDrawn(body.id_torneo, 'eliminazione')) ||
                (stampa === 'calendario' && (await repos.tournamentDetail.hasDrawn(body.id_torneo, 'gironi')))
        if (!available) throw ApiError.notFound(STAMPA_NON_DISPONIBILE[stampa])
        return {
          result: {
            url: stampaTorneoPath(body.id_torneo, stampa),
            nome_file: `${stampa}-${fileSlug(found.nome, found.data_inizio)}.pdf`,
            tipo: 'application/pdf',
          },
        }
      },
      { cacheSeconds: CACHE_SECONDS },
    )
  printLink('locandina', endpoints.locandinaGet)
  printLink('tabellone', endpoints.tabelloneStampaGet)
  printLink('gironi', endpoints.gironiStampaGet)
  printLink('calendario', endpoints.calendarioStampaGet)

  api.handle(endpoints.feedPersonaleView, async ({ repos, account }) => {
    const feed = await repos.tournamentDetail.feedOf(account.id)
    return {
      result: {
        attivo: feed !== undefined,
        creato_il: feed?.createdAt.toISOString() ?? null,
        usato_il: feed?.usedAt?.toISOString() ?? null,
        url: null,
      },
    }
  })

  api.handle(endpoints.feedPersonaleRinnova, async ({ repos, account }) => {
    if (!account.personId) {
      throw ApiError.forbidden('Per avere il calendario delle tue iscrizioni associa prima la tua tessera.')
    }
    // Only its hash is stored: the player sees the secret in this answer and never again.
    const token = newFeedToken()
    const row = await repos.tournamentDetail.replaceFeed(account.id, feedTokenHash(token))
    return {
      result: {
        attivo: true,
        creato_il: row.createdAt.toISOString(),
        usato_il: null,
        url: feedPersonalePath(token),
      },
    }
  })

  api.handle(endpoints.feedPersonaleRevoca, async ({ repos, account }) => {
    await repos.tournamentDetail.revokeFeed(account.id)
    return { result: { attivo: false, creato_il: null, usato_il: null, url: null } }
  })
}
