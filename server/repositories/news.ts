import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  type Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm'
import { NEWS_ALL_DISCIPLINES, type NewsCard, type Video } from '../../contract/news.ts'
import type { Db } from '../db/client.ts'
import { atRuntime, preparedByKey, preparedFor } from '../db/prepared.ts'
import { news, newsComments, newsTypes, videos } from '../db/schema/content.ts'
import { disciplines, persons } from '../db/schema/core.ts'
import type { SectorScope } from './sectors.ts'

/** Published news: a publication instant in the past. */
const published = () => and(isNotNull(news.publishedAt), lte(news.publishedAt, sql`now()`))!

/** News a visitor of the sector sees: federation-wide, of the whole discipline, or of that very sector. */
function newsVisibleIn(scope: { disciplineId: number | Placeholder; sectorId: number | Placeholder }): SQL {
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

/**
 * A page of the sector's news (of one type, or of all) and its total, prepared once per database: built per call,
 * drizzle's SQL cost more than the query.
 */
const newsPageStatements = [false, true].map((byType) =>
  preparedFor((db) => {
    const where = and(
      newsVisibleIn({ disciplineId: sql.placeholder('disciplineId'), sectorId: sql.placeholder('sectorId') }),
      byType ? eq(newsTypes.codice, sql.placeholder('tipologia')) : undefined,
    )
    return {
      page: cardQuery(db)
        .where(where)
        .orderBy(desc(news.publishedAt), desc(news.id))
        .limit(atRuntime('limit') as never)
        .offset(atRuntime('offset') as never)
        .prepare(`news_pagina_${byType ? 1 : 0}`),
      total: db
        .select({ n: count() })
        .from(news)
        .innerJoin(newsTypes, eq(newsTypes.id, news.typeId))
        .where(where)
        .prepare(`news_totale_${byType ? 1 : 0}`),
    }
  }),
)

function toCard(row: CardRow): NewsCard {
  return {
    ...row,
    disciplina: row.disciplina ?? NEWS_ALL_DISCIPLINES,
    pubblicata_il: (row.pubblicata_il ?? new Date(0)).toISOString(),
  }
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

/**
 * The federation's clips are published with their Italian subtitles beside them, same name, `.it.vtt`
 * (server/media/generate.ts writes both); a video from elsewhere has none.
 */
export function subtitlesOf(videoUrl: string): string | null {
  const clip = /^(\/media\/video\/[\w-]+)\.mp4$/.exec(videoUrl)
  return clip ? `${clip[1]}.it.vtt` : null
}

function toVideo(row: Awaited<ReturnType<ReturnType<typeof videoQuery>['execute']>>[number]): Video {
  return {
    ...row,
    sottotitoli_url: subtitlesOf(row.video_url),
    disciplina: row.disciplina ?? NEWS_ALL_DISCIPLINES,
    pubblicato_il: (row.pubblicato_il ?? new Date(0)).toISOString(),
  }
}

const videoPublished = () => and(isNotNull(videos.publishedAt), lte(videos.publishedAt, sql`now()`))!

/** Videos of the sector's discipline (and federation-wide ones). */
function videosVisibleIn(scope: { disciplineId: number | Placeholder }): SQL {
  return and(videoPublished(), or(isNull(videos.disciplineId), eq(videos.disciplineId, scope.disciplineId)))!
}

/** The sector's latest videos, newest first, prepared once per database (the home asks for them at every visit). */
const latestVideosStatement = preparedFor((db) =>
  videoQuery(db)
    .where(videosVisibleIn({ disciplineId: sql.placeholder('disciplineId') }))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(atRuntime('limit') as never)
    .offset(atRuntime('offset') as never)
    .prepare('video_ultimi'),
)

const commentColumns = {
  id: newsComments.id,
  autore: newsComments.autore,
  testo: newsComments.testo,
  creato_il: newsComments.createdAt,
}

function toComment(row: { id: number; autore: string; testo: string; creato_il: Date }) {
  return { ...row, creato_il: row.creato_il.toISOString() }
}

/**
 * A news page's statements, prepared once per database (a news is read at every visit of its page): the news by id
 * or by its address (a discipline's, or the federation's), its visible comments, its videos.
 */
const articleStatement = preparedByKey(
  (shape: 'id' | 'indirizzo' | 'indirizzo_federale') => shape,
  (db, shape) =>
    db
      .select({ ...cardColumns, corpo: news.body })
      .from(news)
      .innerJoin(newsTypes, eq(newsTypes.id, news.typeId))
      .leftJoin(disciplines, eq(disciplines.id, news.disciplineId))
      .where(
        and(
          shape === 'id'
            ? eq(news.id, sql.placeholder('id'))
            : and(
                eq(news.slug, sql.placeholder('slug')),
                eq(newsTypes.codice, sql.placeholder('tipologia')),
                shape === 'indirizzo_federale'
                  ? isNull(news.disciplineId)
                  : eq(disciplines.codice, sql.placeholder('disciplina')),
              ),
          published(),
        ),
      )
      .limit(1)
      .prepare(`news_articolo_${shape}`),
)

const commentsStatement = preparedFor((db) =>
  db
    .select(commentColumns)
    .from(newsComments)
    .where(and(eq(newsComments.newsId, sql.placeholder('newsId')), eq(newsComments.visibile, true)))
    .orderBy(asc(newsComments.createdAt), asc(newsComments.id))
    .limit(atRuntime('limit') as never)
    .prepare('news_commenti'),
)

const newsVideosStatement = preparedFor((db) =>
  videoQuery(db)
    .where(and(eq(videos.newsId, sql.placeholder('newsId')), videoPublished()))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .prepare('news_video'),
)

/** One news, by id or by its address (slug, type and discipline code or NEWS_ALL_DISCIPLINES). */
export type NewsKey =
  { id: number } | { id?: undefined; slug: string; tipologia_news: string; disciplina: string }

export type NewsValues = Omit<typeof news.$inferInsert, 'id' | 'slug'>

export function newsRepository(db: Db) {
  async function uniqueSlug(base: string): Promise<string> {
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

  return {
    /** The latest news of the sector, newest first (the news page's statement, without its total). */
    async latest(scope: SectorScope, limit: number, offset = 0): Promise<NewsCard[]> {
      const rows = await newsPageStatements[0]!(db).page.execute({ ...scope, limit, offset })
      return rows.map(toCard)
    },

    /** A page of the sector's news, of one type if given, with the total. */
    async page(scope: SectorScope, tipologia: string | undefined, limit: number, offset: number) {
      const statements = newsPageStatements[tipologia ? 1 : 0]!(db)
      const values = { ...scope, tipologia, limit, offset }
      const [rows, [total]] = await Promise.all([
        statements.page.execute(values),
        statements.total.execute(values),
      ])
      return { results: rows.map(toCard), record: total?.n ?? 0 }
    },

    types() {
      return db
        .select({ codice: newsTypes.codice, nome: newsTypes.nome })
        .from(newsTypes)
        .orderBy(asc(newsTypes.ordine), asc(newsTypes.nome))
    },

    async typeId(codice: string): Promise<number | undefined> {
      const [type] = await db
        .select({ id: newsTypes.id })
        .from(newsTypes)
        .where(eq(newsTypes.codice, codice))
        .limit(1)
      return type?.id
    },

    /** A published news with its body, or undefined. */
    async published(key: NewsKey): Promise<(NewsCard & { corpo: string }) | undefined> {
      const [row] =
        key.id !== undefined
          ? await articleStatement(db, 'id').execute({ id: key.id })
          : await articleStatement(
              db,
              key.disciplina === NEWS_ALL_DISCIPLINES ? 'indirizzo_federale' : 'indirizzo',
            ).execute({ slug: key.slug, tipologia: key.tipologia_news, disciplina: key.disciplina })
      if (!row) return undefined
      const { corpo, ...card } = row
      return { ...toCard(card), corpo }
    },

    async isPublished(id: number): Promise<boolean> {
      const [target] = await db
        .select({ id: news.id })
        .from(news)
        .where(and(eq(news.id, id), published()))
        .limit(1)
      return target !== undefined
    },

    async card(id: number): Promise<NewsCard | undefined> {
      const [row] = await cardQuery(db).where(eq(news.id, id)).limit(1)
      return row && toCard(row)
    },

    /** The visible comments of a news, oldest first. */
    async comments(newsId: number, limit: number) {
      const rows = await commentsStatement(db).execute({ newsId, limit })
      return rows.map(toComment)
    },

    async addComment(values: { newsId: number; accountId: string; autore: string; testo: string }) {
      const [comment] = await db.insert(newsComments).values(values).returning(commentColumns)
      return toComment(comment!)
    },

    /** The name parts of a person, for how a commenter appears. */
    async personName(personId: number): Promise<{ nome: string; cognome: string } | undefined> {
      const [person] = await db
        .select({ nome: persons.nome, cognome: persons.cognome })
        .from(persons)
        .where(eq(persons.id, personId))
        .limit(1)
      return person
    },

    /**
     * Inserts a news under the first free slug from `baseSlug` (`-2`, `-3`, …). Two editors publishing the
     * same title at once: the unique index decides, the loser takes the next suffix.
     */
    async insert(values: NewsValues, baseSlug: string): Promise<number> {
      for (let attempt = 0; ; attempt++) {
        const slug = await uniqueSlug(baseSlug)
        try {
          const [inserted] = await db
            .insert(news)
            .values({ ...values, slug })
            .returning({ id: news.id })
          return inserted!.id
        } catch (error) {
          if (attempt >= 2 || !isUniqueViolation(error)) throw error
        }
      }
    },

    async latestVideos(scope: SectorScope, limit: number, offset = 0): Promise<Video[]> {
      const rows = await latestVideosStatement(db).execute({ ...scope, limit, offset })
      return rows.map(toVideo)
    },

    async videoPage(scope: SectorScope, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        this.latestVideos(scope, limit, offset),
        db.select({ n: count() }).from(videos).where(videosVisibleIn(scope)),
      ])
      return { results: rows, record: total?.n ?? 0 }
    },

    /** The published videos attached to a news, newest first. */
    async videosOf(newsId: number): Promise<Video[]> {
      const rows = await newsVideosStatement(db).execute({ newsId })
      return rows.map(toVideo)
    },
  }
}

export type NewsRepository = ReturnType<typeof newsRepository>

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code
  const causeCode = (error as { cause?: { code?: unknown } }).cause?.code
  return code === '23505' || causeCode === '23505'
}
