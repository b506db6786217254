// Core tables: people, accounts, cards and the reference data every other table leans on.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  check,
  customType,
  primaryKey,
} from 'drizzle-orm/pg-core'

export const regions = pgTable('regions', {
  id: smallint('id').primaryKey(),
  nome: text('nome').notNull().unique(),
})

export const provinces = pgTable(
  'provinces',
  {
    sigla: varchar('sigla', { length: 2 }).primaryKey(),
    nome: text('nome').notNull(),
    regionId: smallint('region_id')
      .notNull()
      .references(() => regions.id),
  },
  (t) => [index('provinces_region_idx').on(t.regionId)],
)

/** TENNIS 4332, PADEL 172, BEACH_TENNIS 171, PICKLEBALL 174 (spec §9). */
export const disciplines = pgTable('disciplines', {
  id: integer('id').primaryKey(),
  /** Lower-case code used in URLs and local storage: tennis, padel, beach-tennis, pickleball. */
  codice: text('codice').notNull().unique(),
  nome: text('nome').notNull(),
  ordine: smallint('ordine').notNull(),
})

/** TENNIS 1, PADEL 2, BEACH 3, FITPJ 4, WHEELCHAIR 9, PICKLEBALL 5 (our choice, docs/regole.md). */
export const sectors = pgTable(
  'sectors',
  {
    id: integer('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    nome: text('nome').notNull(),
    ordine: smallint('ordine').notNull(),
  },
  (t) => [index('sectors_discipline_idx').on(t.disciplineId)],
)

/** Circoli (società affiliate). Here rather than in domain.ts because persons reference them. */
export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    /** Federation code: province sigla and a number, e.g. RM0042. */
    codice: varchar('codice', { length: 12 }).notNull(),
    nome: text('nome').notNull(),
    provincia: varchar('provincia', { length: 2 })
      .notNull()
      .references(() => provinces.sigla),
    comune: text('comune').notNull(),
    indirizzo: text('indirizzo').notNull(),
    cap: varchar('cap', { length: 5 }),
    telefono: text('telefono'),
    email: text('email'),
    sitoWeb: text('sito_web'),
    logo: text('logo'),
    descrizione: text('descrizione'),
    latitudine: doublePrecision('latitudine'),
    longitudine: doublePrecision('longitudine'),
    affiliataDal: date('affiliata_dal'),
    attivo: boolean('attivo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The name and town in lower case, kept by PostgreSQL, for the clubs' search: lower() on every club of a search
     * cost more than the rest of it (5,000 clubs: 9.4 ms a search against 1.3 ms on stored text).
     */
    nomeRicerca: text('nome_ricerca')
      .notNull()
      .generatedAlwaysAs(sql`lower(nome)`),
    comuneRicerca: text('comune_ricerca')
      .notNull()
      .generatedAlwaysAs(sql`lower(comune)`),
  },
  (t) => [
    uniqueIndex('clubs_codice_uq').on(t.codice),
    // Prefix search (`nome_ricerca like 'parioli%'`) whatever the database collation.
    index('clubs_nome_prefix_idx').on(sql`${t.nomeRicerca} text_pattern_ops`),
    index('clubs_provincia_idx').on(t.provincia, t.comune),
  ],
)

export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    cognome: text('cognome').notNull(),
    sesso: varchar('sesso', { length: 1 }),
    dataNascita: date('data_nascita'),
    codiceFiscale: varchar('codice_fiscale', { length: 16 }),
    provincia: varchar('provincia', { length: 2 }).references(() => provinces.sigla),
    comune: text('comune'),
    telefono: text('telefono'),
    email: text('email'),
    fototessera: text('fototessera'),
    /** The club the player is a member of (tesserato presso). */
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('persons_codice_fiscale_uq').on(t.codiceFiscale),
    index('persons_cognome_nome_idx').on(sql`lower(${t.cognome})`, sql`lower(${t.nome})`),
    // Prefix search by surname or name (`lower(cognome) like 'ros%'`) whatever the database collation.
    index('persons_cognome_prefix_idx').on(sql`lower(${t.cognome}) text_pattern_ops`),
    index('persons_nome_prefix_idx').on(sql`lower(${t.nome}) text_pattern_ops`),
    // The players' search by province or club, in its list order (surname, name, id): a page stops after its rows.
    index('persons_provincia_nome_idx').on(
      t.provincia,
      sql`lower(${t.cognome})`,
      sql`lower(${t.nome})`,
      t.id,
    ),
    index('persons_club_nome_idx').on(t.clubId, sql`lower(${t.cognome})`, sql`lower(${t.nome})`, t.id),
    check('persons_sesso_ck', sql`${t.sesso} in ('M', 'F')`),
  ],
)

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** player | editor | admin; editors publish news, admins do everything. */
    role: text('role').notNull().default('player'),
    puoEsportareClassifiche: boolean('puo_esportare_classifiche').notNull().default(false),
    /** Consents: null means the user has not chosen yet (spec: privacy 0). */
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    profilation: boolean('profilation'),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Tokens issued before this instant are refused (sign-out everywhere). */
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_uq').on(t.email),
    uniqueIndex('accounts_person_uq').on(t.personId),
    check('accounts_role_ck', sql`${t.role} in ('player', 'editor', 'admin')`),
  ],
)

/** Membership cards (tessere), one per person, season and sector. */
export const tessere = pgTable(
  'tessere',
  {
    id: serial('id').primaryKey(),
    codiceTessera: varchar('codice_tessera', { length: 20 }).notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Agonistica, Amatoriale, Dirigente, Tecnico… */
    tipologia: text('tipologia').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    stagione: smallint('stagione').notNull(),
    validaDal: date('valida_dal').notNull(),
    validaAl: date('valida_al').notNull(),
    /** The club that issued the card, where it is renewed. */
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    /**
     * The card's random public id: the QR code's address (/verifica-tessera/{verifica}) carries it instead of
     * anything personal, and nobody can guess another card's (docs/regole.md «Tessere»).
     */
    verifica: uuid('verifica').notNull().defaultRandom(),
  },
  (t) => [
    uniqueIndex('tessere_codice_uq').on(t.codiceTessera),
    uniqueIndex('tessere_verifica_uq').on(t.verifica),
    index('tessere_club_idx').on(t.clubId),
    index('tessere_person_idx').on(t.personId, t.stagione),
    // Whether a person holds a card of a sector (the players' search, per row it counts): from the index alone.
    index('tessere_person_sector_idx').on(t.personId, t.sectorId),
    index('tessere_sector_idx').on(t.sectorId, t.stagione),
    index('tessere_discipline_idx').on(t.disciplineId),
  ],
)

/** Text compared and sorted byte by byte (collation "C"): the same order in PGlite and PostgreSQL whatever their locale, and a `like 'ros%'` served by a plain btree index. */
const textC = customType<{ data: string }>({ dataType: () => 'text collate "C"' })

/**
 * The players' search (ricerca_giocatori): one row per person and sector they hold a card of, with the name in
 * lower case, the province and the club, so that a page and its total are read from one index (a province of
 * 15,000 players counted without looking at a card each). Kept by triggers on tessere and persons (migration
 * 0012_ricerca_giocatori); the seed, which loads with triggers off, fills it at its end (fillPlayerSearch).
 */
export const playerSearch = pgTable(
  'player_search',
  {
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** lower(persons.cognome), lower(persons.nome). */
    cognome: textC('cognome').notNull(),
    nome: textC('nome').notNull(),
    provincia: varchar('provincia', { length: 2 }),
    clubId: integer('club_id'),
    /** The person hid from searches («compari nelle ricerche» off): kept by triggers on accounts and user_settings. */
    nascosto: boolean('nascosto').notNull().default(false),
    /**
     * The name's first two letters, kept by PostgreSQL: the people whose name starts with a word of two letters or
     * more are one range of player_search_nome_inizio_idx in list order (surname, name), not a sort of every name
     * that starts with them («gi»: Giovanni, Giuseppe, Giulia…).
     */
    nomeInizio: textC('nome_inizio')
      .notNull()
      .generatedAlwaysAs(sql`left(nome, 2)`),
  },
  (t) => [
    primaryKey({ name: 'player_search_pk', columns: [t.sectorId, t.personId] }),
    index('player_search_nome_inizio_idx').on(t.sectorId, t.nomeInizio, t.cognome, t.nome, t.personId),
    // The list order (surname, name, id) and a surname's prefix; a name's prefix with the surname beside it.
    index('player_search_cognome_idx').on(t.sectorId, t.cognome, t.nome, t.personId),
    index('player_search_nome_idx').on(t.sectorId, t.nome, t.cognome, t.personId),
    index('player_search_provincia_idx').on(t.sectorId, t.provincia, t.cognome, t.nome, t.personId),
    // A name's first two letters in a province («ma» in Milano): its range in list order, not every «ma» of Italy
    // walked for the province's (2,750 rows read for 87, 1 ms; now 0.3 ms for the page and its total).
    index('player_search_provincia_nome_idx').on(
      t.sectorId,
      t.provincia,
      t.nomeInizio,
      t.cognome,
      t.nome,
      t.personId,
    ),
    index('player_search_club_idx').on(t.sectorId, t.clubId, t.cognome, t.nome, t.personId),
    index('player_search_person_idx').on(t.personId),
    // The few who hid, by sector: a search's total is the index ranges counted less these.
    index('player_search_nascosti_idx')
      .on(t.sectorId, t.cognome, t.nome, t.personId)
      .where(sql`${t.nascosto}`),
  ],
)

/** Our own analytics: one row per route change, no third party. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    sectorId: integer('sector_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('page_views_at_idx').on(t.at),
    index('page_views_path_idx').on(t.path, t.at),
    index('page_views_account_idx').on(t.accountId),
  ],
)
