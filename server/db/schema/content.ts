// Editorial content: news and their comments, videos, banners and their clicks, home menus, FAQ, rule documents.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { accounts, disciplines, sectors } from './core.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Tipologie news: comunicati, risultati, eventi… `codice` appears in /news-dettaglio/{disciplina}/{tipologia}/… */
export const newsTypes = pgTable('news_types', {
  id: smallint('id').primaryKey(),
  codice: text('codice').notNull().unique(),
  nome: text('nome').notNull(),
  ordine: smallint('ordine').notNull(),
})

/** A news item; unpublished while `publishedAt` is null or in the future. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    typeId: smallint('type_id')
      .notNull()
      .references(() => newsTypes.id),
    /** Null: news for every discipline (federation-wide). */
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    sectorId: integer('sector_id').references(() => sectors.id),
    title: text('title').notNull(),
    /** Unique; the last segment of /news-dettaglio/{disciplina}/{tipologia_news}/{titolo}. */
    slug: text('slug').notNull(),
    summary: text('summary').notNull(),
    /** Sanitized HTML (p, h2, h3, ul, ol, li, strong, em, a, blockquote). */
    body: text('body').notNull(),
    image: text('image'),
    imageAlt: text('image_alt'),
    featured: boolean('featured').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorAccountId: uuid('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('news_slug_ck', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    uniqueIndex('news_slug_uq').on(t.slug),
    index('news_discipline_published_idx').on(t.disciplineId, t.publishedAt),
    index('news_type_published_idx').on(t.typeId, t.publishedAt),
    index('news_published_idx').on(t.publishedAt),
    index('news_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('news_author_idx').on(t.authorAccountId),
    index('news_sector_idx').on(t.sectorId),
  ],
)

/**
 * The weekly newsletter of news (server/domain/newsletter.ts), one row per week sent: written in the transaction
 * that writes the week's e-mails, so a week is sent once however many runners try.
 */
export const newsletterInvii = pgTable('newsletter_invii', {
  /** The Monday of the week the newsletter is about (Italy's calendar). */
  settimana: date('settimana', { mode: 'string' }).primaryKey(),
  inviataIl: timestamp('inviata_il', { withTimezone: true }).notNull(),
  /** How many e-mails went out (0: no subscriber had news that week). */
  destinatari: integer('destinatari').notNull().default(0),
})

export const newsComments = pgTable(
  'news_comments',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Display name at the time of writing. */
    autore: text('autore').notNull(),
    testo: text('testo').notNull(),
    visibile: boolean('visibile').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('news_comments_testo_ck', sql`length(${t.testo}) between 1 and 2000`),
    index('news_comments_news_idx').on(t.newsId, t.createdAt),
    index('news_comments_account_idx').on(t.accountId),
  ],
)

/** Videos (news/video/list): files and posters are local paths under /media/video/. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id').references(() => news.id, { onDelete: 'set null' }),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    title: text('title').notNull(),
    description: text('description'),
    videoUrl: text('video_url').notNull(),
    posterUrl: text('poster_url').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('videos_duration_ck', sql`${t.durationSeconds} > 0`),
    index('videos_discipline_published_idx').on(t.disciplineId, t.publishedAt),
    index('videos_news_idx').on(t.newsId),
  ],
)

/** Banners per discipline (null: all) and position, shown inside their active window. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    /** home_top | home_middle | home_sidebar | tornei | classifiche | news */
    position: text('position').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull(),
    link: text('link').notNull(),
    /** Opens the link in a new tab (external sponsors). */
    external: boolean('external').notNull().default(false),
    ordine: smallint('ordine').notNull().default(0),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    activeTo: timestamp('active_to', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'banners_position_ck',
      sql`${t.position} in ('home_top', 'home_middle', 'home_sidebar', 'tornei', 'classifiche', 'news')`,
    ),
    check('banners_window_ck', sql`${t.activeTo} is null or ${t.activeTo} > ${t.activeFrom}`),
    index('banners_active_idx').on(t.disciplineId, t.position, t.activeFrom),
  ],
)

export const bannerClicks = pgTable(
  'banner_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    path: text('path'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banner_clicks_banner_idx').on(t.bannerId, t.at),
    index('banner_clicks_account_idx').on(t.accountId),
  ],
)

/**
 * Menu entries per discipline (null: all disciplines). `menu` home is home/menu/get; tornei and classifiche
 * are the section menus of those areas (sezioni_menu/get).
 */
export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menu: text('menu').notNull(),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    label: text('label').notNull(),
    /** A portal path (/tornei/calendario-tornei) or an absolute URL. */
    path: text('path').notNull(),
    icon: text('icon'),
    description: text('description'),
    ordine: smallint('ordine').notNull(),
    requiresAuth: boolean('requires_auth').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('menu_items_menu_ck', sql`${t.menu} in ('home', 'tornei', 'classifiche')`),
    index('menu_items_menu_idx').on(t.menu, t.disciplineId, t.ordine),
    index('menu_items_discipline_idx').on(t.disciplineId),
  ],
)

/** FAQ per discipline (null: general), searchable in Italian full text. */
export const faq = pgTable(
  'faq',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    /** Section title: Tesseramento, Tornei, Classifiche, Account, Sfide… */
    categoria: text('categoria').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    ordine: smallint('ordine').notNull(),
    published: boolean('published').notNull().default(true),
  },
  (t) => [
    index('faq_discipline_idx').on(t.disciplineId, t.categoria, t.ordine),
    index('faq_search_idx').using('gin', sql`to_tsvector('italian', ${t.question} || ' ' || ${t.answer})`),
  ],
)

/** Rules and calendars per discipline (regolamenti, circuiti, coppe): PDFs under /media/regolamenti/. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    /** regolamento | calendario | circuito | coppa */
    tipo: text('tipo').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    stagione: smallint('stagione'),
    ordine: smallint('ordine').notNull(),
  },
  (t) => [
    check('documents_tipo_ck', sql`${t.tipo} in ('regolamento', 'calendario', 'circuito', 'coppa')`),
    index('documents_discipline_idx').on(t.disciplineId, t.tipo, t.ordine),
  ],
)
