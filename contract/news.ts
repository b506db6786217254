import { Schema } from 'effect'
import {
  EmptyRequest,
  Id,
  ListOf,
  LookupOf,
  OneOf,
  ResultOf,
  Testo,
  TestoMultiriga,
  pagingFields,
} from './common.ts'
import { endpoint } from './endpoint.ts'

/** The `{disciplina}` segment of /news-dettaglio/{disciplina}/{tipologia_news}/{titolo} for federation-wide news. */
export const NEWS_ALL_DISCIPLINES = 'federazione'

/** Roles that may publish news (docs/ruoli.md); the server refuses everyone else with this message. */
export const NEWS_PUBLISHER_ROLES = ['editor', 'admin'] as const
export const NEWS_PUBLISH_REFUSED = 'Solo i redattori della federazione possono pubblicare news'
export const NEWS_NOT_FOUND = 'News non trovata'

/** Whether an account role may publish news: the one place this rule lives (server and client read it). */
export function canPublishNews(role: string | null | undefined): boolean {
  return (NEWS_PUBLISHER_ROLES as readonly string[]).includes(role ?? '')
}

/** Limits of a comment, after sanitization (the text is stored as plain text). */
export const COMMENT_MAX_LENGTH = 1000
/** Limits of a news item written in the editor: the longest each text may be. */
export const NEWS_LIMITS = { titolo: 160, sommario: 400, corpo: 20_000 } as const
/** The shortest each text may be, trimmed: a title says something, a summary is a sentence, a body a paragraph. */
export const NEWS_MIN_LENGTHS = { titolo: 10, sommario: 20, corpo: 80 } as const

/** A trimmed text between the limits of a news field; the editor reads the same two constants. */
const NewsText = (field: keyof typeof NEWS_LIMITS) =>
  (field === 'titolo' ? Testo : TestoMultiriga).pipe(
    Schema.check(
      Schema.isTrimmed({ message: 'non deve iniziare o finire con spazi' }),
      Schema.isBetweenLength(NEWS_MIN_LENGTHS[field], NEWS_LIMITS[field], {
        message: `deve avere da ${NEWS_MIN_LENGTHS[field]} a ${NEWS_LIMITS[field]} caratteri`,
      }),
    ),
  )

const Code = (what: string) =>
  Schema.String.pipe(
    Schema.check(
      Schema.isPattern(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
        message: `deve essere ${what} in minuscolo (lettere, cifre e trattini)`,
      }),
      Schema.isMaxLength(120, { message: 'deve avere al massimo 120 caratteri' }),
    ),
  )
export const Slug = Code('un titolo abbreviato')

/** A news item as listed (home, /news): enough to draw a card and link both URL forms. */
export const NewsCard = Schema.Struct({
  id: Schema.Int,
  titolo: Schema.String,
  /** The `{titolo}` segment of the alternative URL. */
  slug: Schema.String,
  sommario: Schema.String,
  immagine: Schema.NullOr(Schema.String),
  immagine_alt: Schema.NullOr(Schema.String),
  /** Code of the tipologia (the `{tipologia_news}` URL segment) and its label. */
  tipologia_news: Schema.String,
  tipologia: Schema.String,
  /** Discipline code, or 'federazione' for news of every discipline (the `{disciplina}` URL segment). */
  disciplina: Schema.String,
  id_settore: Schema.NullOr(Schema.Int),
  in_evidenza: Schema.Boolean,
  /** ISO 8601 instant. */
  pubblicata_il: Schema.String,
})
export type NewsCard = typeof NewsCard.Type

export const Video = Schema.Struct({
  id: Schema.Int,
  titolo: Schema.String,
  descrizione: Schema.NullOr(Schema.String),
  /** Local paths under /media/video/ (no external hosts). */
  video_url: Schema.String,
  /** The Italian subtitles (WebVTT), or null when the clip has none. */
  sottotitoli_url: Schema.NullOr(Schema.String),
  poster_url: Schema.String,
  durata_secondi: Schema.Int,
  disciplina: Schema.String,
  id_news: Schema.NullOr(Schema.Int),
  pubblicato_il: Schema.String,
})
export type Video = typeof Video.Type

export const Commento = Schema.Struct({
  id: Schema.Int,
  /** First name and initial of the surname of the author, as shown publicly. */
  autore: Schema.String,
  /** Plain text: no HTML is ever stored. */
  testo: Schema.String,
  creato_il: Schema.String,
})
export type Commento = typeof Commento.Type

export const NewsDetail = Schema.Struct({
  ...NewsCard.fields,
  /** Sanitized HTML (p, h2, h3, ul, ol, li, strong, em, a, blockquote, br). */
  corpo: Schema.String,
  video: Schema.Array(Video),
  commenti: Schema.Array(Commento),
  /** Decided by the server: a signed-in user may comment; anonymous visitors are asked to sign in. */
  puo_commentare: Schema.Boolean,
})
export type NewsDetail = typeof NewsDetail.Type

const sectorField = { id_settore: Id }

/** news/list: not in the spec's News group, added for the /news page (paging and filters). */
export const newsList = endpoint('news/list', {
  request: Schema.Struct({
    ...pagingFields,
    ...sectorField,
    tipologia_news: Schema.optionalKey(Code('il codice di una tipologia')),
  }),
  response: ListOf(NewsCard),
  access: 'public',
})

/** news/tipologie/get: the tipologie for the /news filter and the editor (added, not in the spec). */
export const newsTipologie = endpoint('news/tipologie/get', {
  request: EmptyRequest,
  response: LookupOf(Schema.Struct({ codice: Schema.String, nome: Schema.String })),
  access: 'public',
})

/** One of: `{ id }` (/news-dettaglio/{id}) or `{ disciplina, tipologia_news, titolo }` (the alternative URL). */
export const NewsViewRequest = Schema.Struct({
  id: Schema.optionalKey(Id),
  disciplina: Schema.optionalKey(Code('il codice di una disciplina')),
  tipologia_news: Schema.optionalKey(Code('il codice di una tipologia')),
  titolo: Schema.optionalKey(Slug),
}).pipe(
  Schema.check(
    Schema.makeFilter(
      (v: { id?: number; disciplina?: string; tipologia_news?: string; titolo?: string }) => {
        const byPath = [v.disciplina, v.tipologia_news, v.titolo]
        return v.id !== undefined
          ? byPath.every((x) => x === undefined)
          : byPath.every((x) => x !== undefined)
      },
      { message: 'indica «id», oppure «disciplina», «tipologia_news» e «titolo»' },
    ),
  ),
)

export const newsView = endpoint('news/view', {
  request: NewsViewRequest,
  response: ResultOf(NewsDetail),
  access: 'public',
})

export const newsVideoList = endpoint('news/video/list', {
  request: Schema.Struct({ ...pagingFields, ...sectorField }),
  response: ListOf(Video),
  access: 'public',
})

export const newsCommentoAdd = endpoint('news/commento/add', {
  request: Schema.Struct({
    id_news: Id,
    // Raw text; the server strips any markup and checks the length of what remains.
    testo: TestoMultiriga.pipe(
      Schema.check(
        Schema.isBetweenLength(1, COMMENT_MAX_LENGTH, {
          message: `deve avere da 1 a ${COMMENT_MAX_LENGTH} caratteri`,
        }),
      ),
    ),
  }),
  response: ResultOf(Commento),
  access: 'user',
  write: true,
})

/** Who sees a news item: the chosen sector only, its whole discipline, or every discipline. */
export const AMBITI_NEWS = ['settore', 'disciplina', 'federazione'] as const
export type AmbitoNews = (typeof AMBITI_NEWS)[number]

export const newsAdd = endpoint('news/news/add', {
  request: Schema.Struct({
    titolo: NewsText('titolo'),
    sommario: NewsText('sommario'),
    corpo: NewsText('corpo'),
    tipologia_news: Code('il codice di una tipologia'),
    ...sectorField,
    ambito: OneOf(AMBITI_NEWS, "deve essere 'settore', 'disciplina' o 'federazione'"),
    in_evidenza: Schema.optionalKey(Schema.Boolean),
  }),
  response: ResultOf(NewsCard),
  access: 'user',
  write: true,
})

/** news/redazione/get: whether the signed-in user may publish (added so the editor page can say so first). */
export const newsRedazione = endpoint('news/redazione/get', {
  request: EmptyRequest,
  response: ResultOf(
    Schema.Struct({ puo_pubblicare: Schema.Boolean, messaggio: Schema.NullOr(Schema.String) }),
  ),
  access: 'user',
})
