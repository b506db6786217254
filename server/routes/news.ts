import { endpoints } from '../../contract/endpoints.ts'
import { NEWS_NOT_FOUND, NEWS_PUBLISH_REFUSED, canPublishNews } from '../../contract/news.ts'
import { commenterName, newsBodyHtml, newsPlacement, plainText, slugify } from '../domain/news.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'

const MAX_COMMENTS_SHOWN = 200

export default function newsRoutes(api: Api) {
  api.handle(
    endpoints.newsList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return repos.news.page(scope, body.tipologia_news, body.fetchrows, body.rowstoskip)
    },
    { cacheSeconds: 60 },
  )

  api.handle(endpoints.newsTipologie, async ({ repos }) => ({ result: await repos.news.types() }), {
    cacheSeconds: 3600,
  })

  api.handle(
    endpoints.newsView,
    async ({ repos, body, caller }) => {
      const found = await repos.news.published(
        body.id !== undefined
          ? { id: body.id }
          : { slug: body.titolo!, tipologia_news: body.tipologia_news!, disciplina: body.disciplina! },
      )
      if (!found) throw ApiError.notFound(NEWS_NOT_FOUND)
      const [commenti, video] = await Promise.all([
        repos.news.comments(found.id, MAX_COMMENTS_SHOWN),
        repos.news.videosOf(found.id),
      ])
      return { result: { ...found, video, commenti, puo_commentare: (await caller()) !== null } }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.newsVideoList,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return repos.news.videoPage(scope, body.fetchrows, body.rowstoskip)
    },
    { cacheSeconds: 60 },
  )

  api.handle(endpoints.newsCommentoAdd, async ({ repos, body, account }) => {
    if (!(await repos.news.isPublished(body.id_news))) throw ApiError.notFound(NEWS_NOT_FOUND)
    const testo = plainText(body.testo)
    if (!testo) {
      throw ApiError.badRequest(
        'Richiesta non valida: il commento non contiene testo (il codice HTML non è ammesso).',
      )
    }
    const person = account.personId ? await repos.news.personName(account.personId) : undefined
    const comment = await repos.news.addComment({
      newsId: body.id_news,
      accountId: account.id,
      autore: commenterName(person),
      testo,
    })
    api.invalidate(endpoints.newsView.path)
    return { result: comment }
  })

  api.handle(endpoints.newsRedazione, async ({ account }) => {
    const allowed = canPublishNews(account.role)
    return { result: { puo_pubblicare: allowed, messaggio: allowed ? null : NEWS_PUBLISH_REFUSED } }
  })

  api.handle(endpoints.newsAdd, async ({ repos, body, account }) => {
    if (!canPublishNews(account.role)) throw ApiError.forbidden(NEWS_PUBLISH_REFUSED)
    const scope = await sectorScope(repos, body.id_settore)
    const typeId = await repos.news.typeId(body.tipologia_news)
    if (typeId === undefined) {
      throw ApiError.badRequest(`Richiesta non valida: la tipologia «${body.tipologia_news}» non esiste.`)
    }
    const title = plainText(body.titolo)
    const summary = plainText(body.sommario)
    const html = newsBodyHtml(body.corpo)
    const missing = [!title && '«titolo»', !summary && '«sommario»', !plainText(html) && '«corpo»'].filter(
      Boolean,
    )
    if (missing.length > 0) {
      throw ApiError.badRequest(`Richiesta non valida: ${missing.join(', ')} senza testo.`)
    }
    const now = new Date()
    const id = await repos.news.insert(
      {
        typeId,
        ...newsPlacement(body.ambito, scope),
        title,
        summary,
        body: html,
        featured: body.in_evidenza ?? false,
        publishedAt: now,
        authorAccountId: account.id,
        createdAt: now,
        updatedAt: now,
      },
      slugify(title),
    )
    api.invalidate('news')
    return { result: (await repos.news.card(id))! }
  })
}
