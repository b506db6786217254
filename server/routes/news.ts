import { and, asc, count, desc, eq, isNotNull, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import { endpoints } from '../../contract/endpoints.ts'
import {
  NEWS_ALL_DISCIPLINES,
  NEWS_NOT_FOUND,
  NEWS_PUBLISH_REFUSED,
  canPublishNews,
  type AmbitoNews,
  type NewsCard,
  type Video,
} from '../../contract/news.ts'
import type { Db } from '../db/client.ts'
import { news, newsComments, newsTypes, videos } from '../db/schema/content.ts'
import { disciplines, persons, sectors } from '../db/schema/core.ts'
import type { Account } from '../auth/accounts.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'

// ---------------------------------------------------------------------------------------------------------
// Scope: every list of the home and of /news is filtered by the sector the visitor chose, and by its discipline.

export type SectorScope = { sectorId: number; disciplineId: number; disciplina: string }

/** The sector of a request and its discipline; an unknown sector is a bad request. */
export async function sectorScope(db: Db, sectorId: number): Promise<SectorScope> {
  const [row] = await db
    .select({ sectorId: sectors.id, disciplineId: sectors.disciplineId, disciplina: disciplines.codice })
    .from(sectors)
    .innerJoin(disciplines, eq(disciplines.id, sectors.disciplineId))
    .where(eq(sectors.id, sectorId))
    .limit(1)
  if (!row) throw ApiError.badRequest(`Richiesta non valida: il settore ${sectorId} non esiste.`)
  return row
}

/** Published news: a publication instant in the past. */
const published = () => and(isNotNull(news.publishedAt), lte(news.publishedAt, sql`now()`))!

/** News a visitor of the sector sees: federation-wide, of the whole discipline, or of that very sector. */
export function newsVisibleIn(scope: SectorScope): SQL {
  return and(
    published(),
    or(
      isNull(news.disciplineId),
      and(
        eq(news.disciplineId, scope.disciplineId),
        or(isNull(news.sectorId), eq(news.sectorId, scope.sectorId)),
      ),
    ),
  )!
}

const cardColumns = {
  id: news.id,
  titolo: news.title,
  slug: news.slug,
  sommario: news.summary,
  immagine: news.image,
  immagine_alt: news.imageAlt,
  tipologia_news: newsTypes.codice,
  tipologia: newsTypes.nome,
  disciplina: disciplines.codice,
  id_settore: news.sectorId,
  in_evidenza: news.featured,
  pubblicata_il: news.publishedAt,
}

function cardQuery(db: Db) {
  return db
    .select(cardColumns)
    .from(news)
    .innerJoin(newsTypes, eq(newsTypes.id, news.typeId))
    .leftJoin(disciplines, eq(disciplines.id, news.disciplineId))
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number]

function toCard(row: CardRow): NewsCard {
  return {
    ...row,
    disciplina: row.disciplina ?? NEWS_ALL_DISCIPLINES,
    pubblicata_il: (row.pubblicata_il ?? new Date(0)).toISOString(),
  }
}

/** The latest news of the sector, newest first. */
export async function latestNews(db: Db, scope: SectorScope, limit: number, offset = 0): Promise<NewsCard[]> {
  const rows = await cardQuery(db)
    .where(newsVisibleIn(scope))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit)
    .offset(offset)
  return rows.map(toCard)
}

const videoColumns = {
  id: videos.id,
  titolo: videos.title,
  descrizione: videos.description,
  video_url: videos.videoUrl,
  poster_url: videos.posterUrl,
  durata_secondi: videos.durationSeconds,
  disciplina: disciplines.codice,
  id_news: videos.newsId,
  pubblicato_il: videos.publishedAt,
}

function videoQuery(db: Db) {
  return db.select(videoColumns).from(videos).leftJoin(disciplines, eq(disciplines.id, videos.disciplineId))
}

function toVideo(row: Awaited<ReturnType<ReturnType<typeof videoQuery>['execute']>>[number]): Video {
  return {
    ...row,
    disciplina: row.disciplina ?? NEWS_ALL_DISCIPLINES,
    pubblicato_il: (row.pubblicato_il ?? new Date(0)).toISOString(),
  }
}

const videoPublished = () => and(isNotNull(videos.publishedAt), lte(videos.publishedAt, sql`now()`))!

/** Videos of the sector's discipline (and federation-wide ones). */
function videosVisibleIn(scope: SectorScope): SQL {
  return and(videoPublished(), or(isNull(videos.disciplineId), eq(videos.disciplineId, scope.disciplineId)))!
}

export async function latestVideos(db: Db, scope: SectorScope, limit: number, offset = 0): Promise<Video[]> {
  const rows = await videoQuery(db)
    .where(videosVisibleIn(scope))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit)
    .offset(offset)
  return rows.map(toVideo)
}

// ---------------------------------------------------------------------------------------------------------
// Text: comments are stored as plain text, news bodies as HTML limited to a few tags.

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/**
 * Strips every tag (script and style with their content) and returns plain text. Repeated until nothing
 * changes, so markup written as entities (`&lt;script&gt;`) cannot come back as a tag.
 */
export function plainText(input: string): string {
  let text = input
  for (let pass = 0; pass < 5; pass++) {
    const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(
      /&(amp|lt|gt|quot);/g,
      (entity) => ESCAPED[entity]!,
    )
    if (stripped === text) break
    text = stripped
  }
  return (
    text
      .replace(/\r\n?/g, '\n')
      // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .replace(/[ \u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}

const BODY_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br']

/** The HTML of a news body: only the tags above, links to http(s) and mailto, paragraphs for plain text. */
export function newsBodyHtml(input: string): string {
  const clean = sanitizeHtml(input.replace(/\r\n?/g, '\n'), {
    allowedTags: BODY_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      b: 'strong',
      i: 'em',
      h1: 'h2',
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    },
  }).trim()
  if (/<(p|h2|h3|ul|ol|blockquote)\b/.test(clean)) return clean
  // Written as plain text: blank lines separate paragraphs, single line breaks stay.
  return clean
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

/** A URL segment from a title: lower case, no accents, words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'news'
}

async function uniqueSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: news.slug })
        .from(news)
        .where(or(eq(news.slug, base), like(news.slug, `${base}-%`)))
    ).map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** How a commenter appears: first name and the initial of the surname (no e-mail, no full name). */
async function displayName(db: Db, account: Account): Promise<string> {
  if (!account.personId) return 'Utente registrato'
  const [person] = await db
    .select({ nome: persons.nome, cognome: persons.cognome })
    .from(persons)
    .where(eq(persons.id, account.personId))
    .limit(1)
  if (!person) return 'Utente registrato'
  const initial = person.cognome.trim().charAt(0).toUpperCase()
  return initial ? `${person.nome.trim()} ${initial}.` : person.nome.trim()
}

const commentColumns = {
  id: newsComments.id,
  autore: newsComments.autore,
  testo: newsComments.testo,
  creato_il: newsComments.createdAt,
}

const MAX_COMMENTS_SHOWN = 200

function scopeOfAmbito(ambito: AmbitoNews, scope: SectorScope) {
  switch (ambito) {
    case 'settore':
      return { disciplineId: scope.disciplineId, sectorId: scope.sectorId }
    case 'disciplina':
      return { disciplineId: scope.disciplineId, sectorId: null }
    case 'federazione':
      return { disciplineId: null, sectorId: null }
  }
}

export default function newsRoutes(api: Api) {
  api.handle(
    endpoints.newsList,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const where = and(
        newsVisibleIn(scope),
        body.tipologia_news ? eq(newsTypes.codice, body.tipologia_news) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        cardQuery(db)
          .where(where)
          .orderBy(desc(news.publishedAt), desc(news.id))
          .limit(body.fetchrows)
          .offset(body.rowstoskip),
        db.select({ n: count() }).from(news).innerJoin(newsTypes, eq(newsTypes.id, news.typeId)).where(where),
      ])
      return { results: rows.map(toCard), record: total?.n ?? 0 }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.newsTipologie,
    async ({ db }) => {
      const rows = await db
        .select({ codice: newsTypes.codice, nome: newsTypes.nome })
        .from(newsTypes)
        .orderBy(asc(newsTypes.ordine), asc(newsTypes.nome))
      return { result: rows }
    },
    { cacheSeconds: 3600 },
  )

  api.handle(
    endpoints.newsView,
    async ({ db, body, account }) => {
      const where =
        body.id !== undefined
          ? eq(news.id, body.id)
          : and(
              eq(news.slug, body.titolo!),
              eq(newsTypes.codice, body.tipologia_news!),
              body.disciplina === NEWS_ALL_DISCIPLINES
                ? isNull(news.disciplineId)
                : eq(disciplines.codice, body.disciplina!),
            )
      const [row] = await db
        .select({ ...cardColumns, corpo: news.body })
        .from(news)
        .innerJoin(newsTypes, eq(newsTypes.id, news.typeId))
        .leftJoin(disciplines, eq(disciplines.id, news.disciplineId))
        .where(and(where, published()))
        .limit(1)
      if (!row) throw ApiError.notFound(NEWS_NOT_FOUND)
      const [commenti, video] = await Promise.all([
        db
          .select(commentColumns)
          .from(newsComments)
          .where(and(eq(newsComments.newsId, row.id), eq(newsComments.visibile, true)))
          .orderBy(asc(newsComments.createdAt), asc(newsComments.id))
          .limit(MAX_COMMENTS_SHOWN),
        videoQuery(db)
          .where(and(eq(videos.newsId, row.id), videoPublished()))
          .orderBy(desc(videos.publishedAt), desc(videos.id)),
      ])
      const { corpo, ...card } = row
      return {
        result: {
          ...toCard(card),
          corpo,
          video: video.map(toVideo),
          commenti: commenti.map((c) => ({ ...c, creato_il: c.creato_il.toISOString() })),
          puo_commentare: account !== null,
        },
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.newsVideoList,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const [rows, [total]] = await Promise.all([
        latestVideos(db, scope, body.fetchrows, body.rowstoskip),
        db.select({ n: count() }).from(videos).where(videosVisibleIn(scope)),
      ])
      return { results: rows, record: total?.n ?? 0 }
    },
    { cacheSeconds: 60 },
  )

  api.handle(endpoints.newsCommentoAdd, async ({ db, body, account }) => {
    const [target] = await db
      .select({ id: news.id })
      .from(news)
      .where(and(eq(news.id, body.id_news), published()))
      .limit(1)
    if (!target) throw ApiError.notFound(NEWS_NOT_FOUND)
    const testo = plainText(body.testo)
    if (!testo) {
      throw ApiError.badRequest(
        'Richiesta non valida: il commento non contiene testo (il codice HTML non è ammesso).',
      )
    }
    const [comment] = await db
      .insert(newsComments)
      .values({ newsId: target.id, accountId: account.id, autore: await displayName(db, account), testo })
      .returning(commentColumns)
    api.invalidate(endpoints.newsView.path)
    return { result: { ...comment!, creato_il: comment!.creato_il.toISOString() } }
  })

  api.handle(endpoints.newsRedazione, async ({ account }) => {
    const allowed = canPublishNews(account.role)
    return { result: { puo_pubblicare: allowed, messaggio: allowed ? null : NEWS_PUBLISH_REFUSED } }
  })

  api.handle(endpoints.newsAdd, async ({ db, body, account }) => {
    if (!canPublishNews(account.role)) throw ApiError.forbidden(NEWS_PUBLISH_REFUSED)
    const scope = await sectorScope(db, body.id_settore)
    const [type] = await db
      .select({ id: newsTypes.id })
      .from(newsTypes)
      .where(eq(newsTypes.codice, body.tipologia_news))
      .limit(1)
    if (!type) {
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
    const values = {
      typeId: type.id,
      ...scopeOfAmbito(body.ambito, scope),
      title,
      summary,
      body: html,
      featured: body.in_evidenza ?? false,
      publishedAt: now,
      authorAccountId: account.id,
      createdAt: now,
      updatedAt: now,
    }
    const base = slugify(title)
    let inserted: { id: number } | undefined
    for (let attempt = 0; !inserted; attempt++) {
      // Two editors publishing the same title at once: the unique index decides, the loser takes the next suffix.
      const slug = await uniqueSlug(db, base)
      try {
        ;[inserted] = await db
          .insert(news)
          .values({ ...values, slug })
          .returning({ id: news.id })
      } catch (error) {
        if (attempt >= 2 || !isUniqueViolation(error)) throw error
      }
    }
    api.invalidate('news')
    const [row] = await cardQuery(db).where(eq(news.id, inserted.id)).limit(1)
    return { result: toCard(row!) }
  })
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code
  const causeCode = (error as { cause?: { code?: unknown } }).cause?.code
  return code === '23505' || causeCode === '23505'
}
