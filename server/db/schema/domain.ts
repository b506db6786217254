// The sporting domain: clubs, tournaments and their draws, circuits, rankings and Power, team championships,
// challenges, partner search, help desk and user settings. Content (news, banners, menu, FAQ) is in content.ts.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { accounts, clubs, disciplines, persons, provinces, regions, sectors } from './core.ts'

// Clubs live in core.ts (persons reference them); re-exported here, where the domain tables are.
export { clubs }

/** One set of a match, games of side A and side B; `tiebreak` holds the loser's tie-break points. */
export type SetScore = { a: number; b: number; tiebreak?: number }

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

// ---------------------------------------------------------------------------------------------------------
// Clubs (circoli, società affiliate) and courts

/** The disciplines a club offers. */
export const clubDisciplines = pgTable(
  'club_disciplines',
  {
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.disciplineId] }),
    index('club_disciplines_discipline_idx').on(t.disciplineId, t.clubId),
  ],
)

export const courts = pgTable(
  'courts',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    /** terra rossa, cemento, erba sintetica, sabbia, resina… */
    superficie: text('superficie').notNull(),
    coperto: boolean('coperto').notNull().default(false),
    illuminato: boolean('illuminato').notNull().default(true),
  },
  (t) => [index('courts_club_idx').on(t.clubId), index('courts_discipline_idx').on(t.disciplineId)],
)

// ---------------------------------------------------------------------------------------------------------
// Circuits and tournaments

export const circuits = pgTable(
  'circuits',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    stagione: smallint('stagione').notNull(),
    descrizione: text('descrizione'),
    logo: text('logo'),
    regolamento: text('regolamento'),
    createdAt: createdAt(),
  },
  (t) => [
    index('circuits_sector_idx').on(t.sectorId, t.stagione),
    index('circuits_nome_prefix_idx').on(sql`lower(${t.nome}) text_pattern_ops`),
    index('circuits_discipline_idx').on(t.disciplineId),
  ],
)

export const TOURNAMENT_STATUSES = [
  'programmato',
  'iscrizioni_aperte',
  'iscrizioni_chiuse',
  'in_corso',
  'concluso',
  'annullato',
] as const
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number]

/** Torneo. `tipo` TR is an individual (or pairs) event, CA a team tournament inside a campionato. */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    tipo: varchar('tipo', { length: 2 }).notNull(),
    categoria: text('categoria').notNull(),
    /** singolare | doppio */
    specialita: text('specialita').notNull().default('singolare'),
    /** M, F or X (misto / open to all). */
    genere: varchar('genere', { length: 1 }).notNull().default('X'),
    /** eliminazione | girone | gironi_eliminazione (unused for CA). */
    formula: text('formula').notNull().default('eliminazione'),
    clubId: integer('club_id').references(() => clubs.id),
    circuitId: integer('circuit_id').references(() => circuits.id, { onDelete: 'set null' }),
    /** Stage number inside the circuit (tappa). */
    tappa: smallint('tappa'),
    championshipId: integer('championship_id').references(() => championships.id, { onDelete: 'cascade' }),
    /**
     * Where it is played: the club's region (its province's), or the zone of a team tournament without a club
     * (e.g. a regional series). A trigger (migration 0005_tornei_regione) sets it from the club, so the
     * calendar filters by region on this table alone.
     */
    regionId: smallint('region_id').references(() => regions.id),
    /**
     * The club's province (its sigla), kept by the same triggers as the region (migration
     * 0026_tornei_provincia): the calendar filters by province on this table alone, from its index.
     */
    provincia: varchar('provincia', { length: 2 }),
    dataInizio: date('data_inizio').notNull(),
    dataFine: date('data_fine').notNull(),
    iscrizioniDal: timestamp('iscrizioni_dal', { withTimezone: true }),
    iscrizioniAl: timestamp('iscrizioni_al', { withTimezone: true }),
    maxIscritti: integer('max_iscritti'),
    /** Entry fee in euro cents. */
    quotaCentesimi: integer('quota_centesimi').notNull().default(0),
    status: text('status').notNull(),
    descrizione: text('descrizione'),
    locandina: text('locandina'),
    giudiceArbitro: text('giudice_arbitro'),
    createdAt: createdAt(),
    /** Last change of what a calendar shows (dates, name, club, status): the .ics LAST-MODIFIED. */
    aggiornatoIl: timestamp('aggiornato_il', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The .ics SEQUENCE: a trigger (migration 0001_tornei_calendario_feed) adds one and stamps aggiornato_il
     * whenever dates, name, club or status change, so subscribed calendars replace the event.
     */
    sequenzaIcs: integer('sequenza_ics').notNull().default(0),
    /**
     * Kept by the database (migration 0023_conteggi_iscritti_trigger): the entries enrolled (`iscritto`), the
     * waiting list (`lista_attesa`) and, for a team tournament, its teams. The calendar and the detail read them
     * instead of counting rows per tournament.
     */
    nIscritti: integer('n_iscritti').notNull().default(0),
    nInAttesa: integer('n_in_attesa').notNull().default(0),
    nSquadre: integer('n_squadre').notNull().default(0),
  },
  (t) => [
    check('tournaments_tipo_ck', sql`${t.tipo} in ('TR', 'CA')`),
    check('tournaments_categoria_ck', sql`${t.categoria} in ('OPEN', 'LIMIT_65', 'LIMIT_45')`),
    check('tournaments_specialita_ck', sql`${t.specialita} in ('singolare', 'doppio')`),
    check('tournaments_genere_ck', sql`${t.genere} in ('M', 'F', 'X')`),
    check('tournaments_formula_ck', sql`${t.formula} in ('eliminazione', 'girone', 'gironi_eliminazione')`),
    check(
      'tournaments_status_ck',
      sql`${t.status} in ('programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso', 'concluso', 'annullato')`,
    ),
    check('tournaments_dates_ck', sql`${t.dataFine} >= ${t.dataInizio}`),
    check(
      'tournaments_enrolment_ck',
      sql`${t.iscrizioniAl} is null or ${t.iscrizioniDal} is null or ${t.iscrizioniAl} >= ${t.iscrizioniDal}`,
    ),
    check('tournaments_max_ck', sql`${t.maxIscritti} is null or ${t.maxIscritti} >= 2`),
    check('tournaments_quota_ck', sql`${t.quotaCentesimi} >= 0`),
    check('tournaments_ca_ck', sql`${t.tipo} = 'TR' or ${t.championshipId} is not null`),
    // The calendar: by sector and date, optionally by region, status and type. The first one also holds
    // every column a calendar filter reads (the end date, the status and enrolment window the status at an
    // instant is read from, type, category, region, club, circuit, province), so a page and its total are chosen from the
    // index alone (an index-only scan) whatever the filter: a tournament's row is wide, and the large data set's
    // pages of finished or provincial tournaments read a thousand heap pages for it (bench/letture.ts).
    index('tournaments_calendar_idx').on(
      t.sectorId,
      t.dataInizio,
      t.id,
      t.dataFine,
      t.status,
      t.iscrizioniDal,
      t.iscrizioniAl,
      t.tipo,
      t.categoria,
      t.regionId,
      t.clubId,
      t.circuitId,
      t.provincia,
    ),
    // Finished tournaments, the most recent first: most of a sector's tournaments, which the full index read
    // and filtered by status to page and count them (the calendar's «conclusi», bench/letture.ts).
    index('tournaments_calendar_concluded_idx')
      .on(t.sectorId, t.dataInizio, t.id)
      .where(sql`status = 'concluso'`),
    index('tournaments_calendar_region_idx').on(t.sectorId, t.regionId, t.dataInizio),
    index('tournaments_calendar_status_idx').on(t.sectorId, t.status, t.dataInizio),
    index('tournaments_discipline_date_idx').on(t.disciplineId, t.dataInizio),
    index('tournaments_status_date_idx').on(t.status, t.dataInizio),
    index('tournaments_tipo_sector_idx').on(t.tipo, t.sectorId, t.dataInizio),
    index('tournaments_club_idx').on(t.clubId, t.dataInizio),
    // A circuit's stages, with what a circuit's figures read of each (status, dates): index-only (circuiti/list).
    index('tournaments_circuit_idx').on(t.circuitId, t.tappa, t.status, t.dataInizio, t.dataFine),
    index('tournaments_championship_idx').on(t.championshipId),
    index('tournaments_nome_prefix_idx').on(sql`lower(${t.nome}) text_pattern_ops`),
    index('tournaments_region_idx').on(t.regionId),
  ],
)

/**
 * The home's figures of a season (numeri_tpra), per sector: the players with a card, the tournaments starting in
 * the season (cancelled ones excluded) and the matches played in its tournaments and team ties. Kept by the
 * database (migration 0029_numeri_stagione): triggers on the cards, tournaments, matches, ties and their rubbers
 * add what each statement changed, so the home reads one row instead of counting every card and match.
 */
export const numeriStagione = pgTable(
  'numeri_stagione',
  {
    // A sector's figures go with it.
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    stagione: smallint('stagione').notNull(),
    giocatori: integer('giocatori').notNull().default(0),
    tornei: integer('tornei').notNull().default(0),
    partite: integer('partite').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectorId, t.stagione] })],
)

/**
 * The home's «circoli» per discipline: the active clubs offering it. Kept by the database like numeriStagione
 * (migration 0029_numeri_stagione): triggers on the clubs and their disciplines.
 */
export const numeriCircoli = pgTable('numeri_circoli', {
  disciplineId: integer('discipline_id')
    .primaryKey()
    .references(() => disciplines.id, { onDelete: 'cascade' }),
  circoli: integer('circoli').notNull().default(0),
})

/** The stored snapshot of machines/iscrizione.ts: its state and context. */
export type StoredEntryMachine = {
  value: string
  context: { giocatore: number; compagno: number | null; doppio: boolean }
}

/** Iscrizioni: a player (with a partner in doubles) in a tournament; also the waiting list. */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    partnerId: integer('partner_id').references(() => persons.id),
    /**
     * iscritto | lista_attesa | in_attesa_compagno | ritirato: a projection of `macchina` (machines/iscrizione.ts)
     * that the reads filter on; a doubles entry waiting for the partner's answer holds no place yet. Every end
     * (withdrawn, invitation refused or expired) is `ritirato`; which one is the machine's value.
     */
    status: text('status').notNull().default('iscritto'),
    /** 1-based place in the waiting list; set only while status is lista_attesa. */
    posizioneAttesa: integer('posizione_attesa'),
    /** Seed number (testa di serie) once the draw is made. */
    testaDiSerie: smallint('testa_di_serie'),
    /** Ranking points at entry time, used to order seeds. */
    puntiIngresso: integer('punti_ingresso').notNull().default(0),
    iscrittoIl: timestamp('iscritto_il', { withTimezone: true }).notNull().defaultNow(),
    iscrittoDa: uuid('iscritto_da').references(() => accounts.id, { onDelete: 'set null' }),
    /** The enrolment machine's stored snapshot, `{ value, context }`; null for rows written before it (seed). */
    macchina: jsonb('macchina').$type<StoredEntryMachine>(),
    aggiornataIl: timestamp('aggiornata_il', { withTimezone: true }),
  },
  (t) => [
    check(
      'tournament_entries_status_ck',
      sql`${t.status} in ('iscritto', 'lista_attesa', 'in_attesa_compagno', 'ritirato')`,
    ),
    check(
      'tournament_entries_attesa_ck',
      sql`(${t.status} = 'lista_attesa') = (${t.posizioneAttesa} is not null)`,
    ),
    check('tournament_entries_partner_ck', sql`${t.partnerId} is null or ${t.partnerId} <> ${t.personId}`),
    // A player enters a tournament once (withdrawn entries excepted).
    uniqueIndex('tournament_entries_person_uq')
      .on(t.tournamentId, t.personId)
      .where(sql`${t.status} <> 'ritirato'`),
    index('tournament_entries_tournament_idx').on(t.tournamentId, t.status),
    index('tournament_entries_person_idx').on(t.personId),
    index('tournament_entries_partner_idx').on(t.partnerId),
    index('tournament_entries_iscritto_da_idx').on(t.iscrittoDa),
  ],
)

/**
 * Tabellone: one phase of a tournament, single elimination or round-robin groups. The random seed of the draw
 * is committed (its SHA-256 published in `seedHash`) before the draw and revealed (`seed`) after.
 */
export const draws = pgTable(
  'draws',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** eliminazione | gironi */
    tipo: text('tipo').notNull(),
    /** 1 for the first phase; a knockout after groups is phase 2. */
    fase: smallint('fase').notNull().default(1),
    nome: text('nome').notNull(),
    /** Slots of an elimination draw (a power of two), or entrants of the groups. */
    dimensione: integer('dimensione').notNull(),
    /** Rounds of an elimination draw (log2 of the size). */
    turni: smallint('turni'),
    seedHash: varchar('seed_hash', { length: 64 }).notNull(),
    hashPubblicatoIl: timestamp('hash_pubblicato_il', { withTimezone: true }).notNull(),
    seed: varchar('seed', { length: 64 }),
    sorteggiatoIl: timestamp('sorteggiato_il', { withTimezone: true }),
    /** Entry ids in the order the draw uses them, published with the hash (null on draws made before it was kept). */
    ordineIscritti: jsonb('ordine_iscritti').$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('draws_tipo_ck', sql`${t.tipo} in ('eliminazione', 'gironi')`),
    check('draws_seed_ck', sql`(${t.seed} is null) = (${t.sorteggiatoIl} is null)`),
    uniqueIndex('draws_tournament_fase_uq').on(t.tournamentId, t.fase),
  ],
)

/**
 * The secret seed of an announced draw, kept apart from `draws` so no read of the draws can reveal it before the
 * draw is made; the row is deleted when the seed is revealed in `draws.seed`.
 */
export const drawSeedSecrets = pgTable('draw_seed_secrets', {
  drawId: integer('draw_id')
    .primaryKey()
    .references(() => draws.id, { onDelete: 'cascade' }),
  seed: varchar('seed', { length: 64 }).notNull(),
})

/** Organisers: an account that runs the tournaments of a club (draws and results); see docs/ruoli.md. */
export const clubOrganizers = pgTable(
  'club_organizers',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clubId] }), index('club_organizers_club_idx').on(t.clubId)],
)

/** Gironi of a round-robin draw. */
export const drawGroups = pgTable(
  'draw_groups',
  {
    id: serial('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    ordine: smallint('ordine').notNull(),
  },
  (t) => [uniqueIndex('draw_groups_draw_ordine_uq').on(t.drawId, t.ordine)],
)

/** Standings of a girone (classifica del girone), one row per entry, kept in step with the matches. */
export const groupStandings = pgTable(
  'group_standings',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => drawGroups.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => tournamentEntries.id, { onDelete: 'cascade' }),
    posizione: smallint('posizione').notNull(),
    giocate: smallint('giocate').notNull().default(0),
    vinte: smallint('vinte').notNull().default(0),
    perse: smallint('perse').notNull().default(0),
    setVinti: smallint('set_vinti').notNull().default(0),
    setPersi: smallint('set_persi').notNull().default(0),
    gameVinti: smallint('game_vinti').notNull().default(0),
    gamePersi: smallint('game_persi').notNull().default(0),
    punti: smallint('punti').notNull().default(0),
    qualificato: boolean('qualificato').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.entryId] }), index('group_standings_entry_idx').on(t.entryId)],
)

/**
 * A match of a draw. Elimination: `turno` 1 is the first round, `posizione` the 0-based match number in that
 * round (its winner goes to posizione/2 of the next round). Groups: `groupId` set, `turno` the giornata.
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => drawGroups.id, { onDelete: 'cascade' }),
    turno: smallint('turno').notNull(),
    posizione: smallint('posizione').notNull(),
    entryAId: integer('entry_a_id').references(() => tournamentEntries.id),
    entryBId: integer('entry_b_id').references(() => tournamentEntries.id),
    winnerEntryId: integer('winner_entry_id').references(() => tournamentEntries.id),
    /** da_giocare | giocata | walkover | ritiro | bye */
    esito: text('esito').notNull().default('da_giocare'),
    sets: jsonb('sets').$type<SetScore[]>(),
    setA: smallint('set_a'),
    setB: smallint('set_b'),
    gameA: smallint('game_a'),
    gameB: smallint('game_b'),
    programmataIl: timestamp('programmata_il', { withTimezone: true }),
    courtId: integer('court_id').references(() => courts.id, { onDelete: 'set null' }),
    giocataIl: timestamp('giocata_il', { withTimezone: true }),
  },
  (t) => [
    check('matches_esito_ck', sql`${t.esito} in ('da_giocare', 'giocata', 'walkover', 'ritiro', 'bye')`),
    check(
      'matches_winner_ck',
      sql`${t.winnerEntryId} is null or ${t.winnerEntryId} = ${t.entryAId} or ${t.winnerEntryId} = ${t.entryBId}`,
    ),
    check(
      'matches_played_ck',
      sql`${t.esito} = 'da_giocare' or ${t.esito} = 'bye' or ${t.winnerEntryId} is not null`,
    ),
    check(
      'matches_distinct_ck',
      sql`${t.entryAId} is null or ${t.entryBId} is null or ${t.entryAId} <> ${t.entryBId}`,
    ),
    // One match per slot; group-less (elimination) matches share group 0.
    uniqueIndex('matches_slot_uq').on(t.drawId, sql`coalesce(${t.groupId}, 0)`, t.turno, t.posizione),
    index('matches_tournament_idx').on(t.tournamentId),
    index('matches_group_idx').on(t.groupId),
    index('matches_entry_a_idx').on(t.entryAId),
    index('matches_entry_b_idx').on(t.entryBId),
    index('matches_played_idx').on(t.giocataIl),
    index('matches_court_idx').on(t.courtId),
    index('matches_winner_idx').on(t.winnerEntryId),
  ],
)

export const tournamentComments = pgTable(
  'tournament_comments',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    autore: text('autore').notNull(),
    testo: text('testo').notNull(),
    visibile: boolean('visibile').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('tournament_comments_testo_ck', sql`length(${t.testo}) between 1 and 2000`),
    index('tournament_comments_tournament_idx').on(t.tournamentId, t.createdAt),
    index('tournament_comments_account_idx').on(t.accountId),
  ],
)

export const tournamentPhotos = pgTable(
  'tournament_photos',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    didascalia: text('didascalia'),
    ordine: smallint('ordine').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('tournament_photos_tournament_idx').on(t.tournamentId, t.ordine)],
)

// ---------------------------------------------------------------------------------------------------------
// Points, rankings and Power (materialized by the same functions as server/domain)

/** Points earned by one player in one tournament (round reached × category). */
export const tournamentPoints = pgTable(
  'tournament_points',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => tournamentEntries.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    /** V, F, SF, QF, R16, R32, R64, R128, GIR (see server/domain/points.ts). */
    risultato: varchar('risultato', { length: 4 }).notNull(),
    categoria: text('categoria').notNull(),
    punti: integer('punti').notNull(),
    /** The tournament's last day (a tie's line: the day it was played): what the 52 weeks and the year look at. */
    data: date('data').notNull(),
    /**
     * A line of a team championship tie (docs/regole.md «Campionati a squadre»): one per player and tie, `risultato`
     * PV, `partite` the rubbers won. Null for a tournament's line: one per player and tournament.
     */
    tieId: integer('tie_id').references(() => teamTies.id, { onDelete: 'cascade' }),
    partite: smallint('partite'),
  },
  (t) => [
    check('tournament_points_punti_ck', sql`${t.punti} >= 0`),
    uniqueIndex('tournament_points_uq')
      .on(t.tournamentId, t.personId)
      .where(sql`${t.tieId} is null`),
    uniqueIndex('tournament_points_tie_uq')
      .on(t.tieId, t.personId)
      .where(sql`${t.tieId} is not null`),
    index('tournament_points_person_idx').on(t.personId, t.data),
    index('tournament_points_sector_idx').on(t.sectorId, t.data),
    index('tournament_points_tournament_idx').on(t.tournamentId),
    index('tournament_points_entry_idx').on(t.entryId),
    index('tournament_points_tie_idx').on(t.tieId),
  ],
)

/**
 * Rankings of players: `tipo` race (race annuale, `stagione` = calendar year) or nazionale (best results over
 * the 52 weeks up to `calcolataAl`, `stagione` = that date's year). One snapshot per tipo, sector and season.
 */
export const rankings = pgTable(
  'rankings',
  {
    tipo: text('tipo').notNull(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    stagione: smallint('stagione').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    posizione: integer('posizione').notNull(),
    punti: integer('punti').notNull(),
    /** Results counted (at most N for the national ranking). */
    tornei: smallint('tornei').notNull(),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    provincia: varchar('provincia', { length: 2 }).references(() => provinces.sigla),
    sesso: varchar('sesso', { length: 1 }),
    /** The region of `provincia`, for the regions' filter without reading provinces. */
    regionId: smallint('region_id'),
    /** The player's birth date, for the age groups' filter without reading persons. */
    nascita: date('nascita'),
    /**
     * The row's place in the list order of the whole ranking (docs/regole.md «Parità»: points, fewer results, name,
     * id), 1…N with no gaps: a filtered list is the same order narrowed, a page starts at an index entry and the
     * last one is the count. Numbered in SQL by server/repositories/ranking-refresh.ts (renumberRankings).
     */
    ordine: integer('ordine').notNull().default(0),
    calcolataAl: date('calcolata_al').notNull(),
  },
  (t) => [
    check('rankings_tipo_ck', sql`${t.tipo} in ('race', 'nazionale')`),
    primaryKey({ columns: [t.tipo, t.sectorId, t.stagione, t.personId] }),
    index('rankings_list_idx').on(t.tipo, t.sectorId, t.stagione, t.posizione),
    index('rankings_person_idx').on(t.personId),
    // The list and its filters: each narrows an index already in list order, so a page reads only its rows. The
    // list's own index also holds the birth date and the points: an age group many players are in (Over 35) walks
    // it in list order, keeping its rows and counting those above a page without reading the table, and PostgreSQL
    // plans that walk once for every page (its cost no longer hangs on a page's depth it cannot know).
    index('rankings_ordine_idx').on(t.tipo, t.sectorId, t.stagione, t.ordine, t.nascita, t.punti),
    // With the points beside the order: the rows above a page are counted from the index alone. Without them,
    // PostgreSQL counted the men above a page by sorting every man read from the region's index, which holds both
    // (7 ms instead of 0.2).
    index('rankings_provincia_idx').on(t.tipo, t.sectorId, t.stagione, t.provincia, t.ordine, t.punti),
    // Sex with an age group (its women Over 35) walks it in list order, the birth date read from the index too.
    index('rankings_sesso_idx').on(t.tipo, t.sectorId, t.stagione, t.sesso, t.ordine, t.nascita, t.punti),
    // A region's list also holds sex, birth date and points: a region walked with other filters (its men Under 18)
    // keeps its rows, and counts those above a page, from the index alone (0.7 ms for Campania, from 1.5).
    index('rankings_regione_idx').on(
      t.tipo,
      t.sectorId,
      t.stagione,
      t.regionId,
      t.ordine,
      t.sesso,
      t.nascita,
      t.punti,
    ),
    // An age group few players are in (Under 12) is found by birth date, then put in list order: with the order, the
    // points and the sex in the index, a page's rows are chosen (and the rows above it counted) without reading the
    // table, of one sex too (the boys Under 14: 0.6 ms; from the sex's index, every boy was walked: 3–8 ms).
    index('rankings_nascita_idx').on(t.tipo, t.sectorId, t.stagione, t.nascita, t.ordine, t.punti, t.sesso),
    index('rankings_club_idx').on(t.clubId),
    index('rankings_provincia_fk_idx').on(t.provincia),
    index('rankings_sector_idx').on(t.sectorId),
  ],
)

/**
 * How many rows of a players' ranking each filter keeps (sex, region, province, birth year, each or any): the lists'
 * totals without counting tens of thousands of rows per page. '*' (0 for the year) is any; '?' (-1) a row without
 * that datum. Kept by server/repositories/ranking-refresh.ts with the rankings (countRankings).
 */
export const rankingCounts = pgTable(
  'ranking_counts',
  {
    tipo: text('tipo').notNull(),
    sectorId: integer('sector_id').notNull(),
    stagione: smallint('stagione').notNull(),
    sesso: varchar('sesso', { length: 1 }).notNull(),
    regione: text('regione').notNull(),
    provincia: varchar('provincia', { length: 2 }).notNull(),
    anno: smallint('anno').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ranking_counts_pk',
      columns: [t.tipo, t.sectorId, t.stagione, t.sesso, t.regione, t.provincia, t.anno],
    }),
  ],
)

/** Classifica affiliati: clubs ranked by their members' race points over the calendar year. */
export const clubRankings = pgTable(
  'club_rankings',
  {
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    stagione: smallint('stagione').notNull(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    posizione: integer('posizione').notNull(),
    punti: integer('punti').notNull(),
    /** Members with points. */
    tesserati: integer('tesserati').notNull(),
    provincia: varchar('provincia', { length: 2 }).references(() => provinces.sigla),
    calcolataAl: date('calcolata_al').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sectorId, t.stagione, t.clubId] }),
    index('club_rankings_list_idx').on(t.sectorId, t.stagione, t.posizione),
    index('club_rankings_club_idx').on(t.clubId),
    index('club_rankings_provincia_idx').on(t.provincia),
  ],
)

/**
 * How many clubs each sector's affiliates ranking of a season holds, kept by the database (statement triggers on
 * club_rankings, migration 0038): a club's page shows «posizione N di M» without counting the whole ranking.
 */
export const clubRankingCounts = pgTable(
  'club_ranking_counts',
  {
    sectorId: integer('sector_id').notNull(),
    stagione: smallint('stagione').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'club_ranking_counts_pk', columns: [t.sectorId, t.stagione] })],
)

/**
 * How many players each circuit's standings hold, kept by the database (statement triggers on circuit_rankings,
 * migration 0040): the circuits' list and page show it without counting the standings.
 */
export const circuitRankingCounts = pgTable('circuit_ranking_counts', {
  circuitId: integer('circuit_id').primaryKey(),
  n: integer('n').notNull(),
})

/** Standings of a circuit: the sum of the points earned in its stages. */
export const circuitRankings = pgTable(
  'circuit_rankings',
  {
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    posizione: integer('posizione').notNull(),
    punti: integer('punti').notNull(),
    tappe: smallint('tappe').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.circuitId, t.personId] }),
    index('circuit_rankings_list_idx').on(t.circuitId, t.posizione),
    index('circuit_rankings_person_idx').on(t.personId),
  ],
)

/** Current Power of a player in a sector (9–99). */
export const powerRatings = pgTable(
  'power_ratings',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    power: doublePrecision('power').notNull(),
    partite: integer('partite').notNull(),
    partiteTorneo: integer('partite_torneo').notNull(),
    provvisorio: boolean('provvisorio').notNull(),
    promozione: boolean('promozione').notNull(),
    aggiornatoIl: timestamp('aggiornato_il', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('power_ratings_range_ck', sql`${t.power} between 9 and 99`),
    primaryKey({ columns: [t.personId, t.sectorId] }),
    index('power_ratings_sector_idx').on(t.sectorId, t.power),
    index('power_ratings_promozione_idx')
      .on(t.sectorId)
      .where(sql`${t.promozione}`),
  ],
)

/** One row per player per rated match: the explanation of every change (expected against actual). */
export const powerHistory = pgTable(
  'power_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id').references(() => challenges.id, { onDelete: 'cascade' }),
    /** A rubber of a team championship tie (issue 21). */
    tieMatchId: integer('tie_match_id').references(() => tieMatches.id, { onDelete: 'cascade' }),
    giocataIl: timestamp('giocata_il', { withTimezone: true }).notNull(),
    powerPrima: doublePrecision('power_prima').notNull(),
    powerDopo: doublePrecision('power_dopo').notNull(),
    /** Own side's level (mean Power of the pair in doubles) and the opponents'. */
    livelloProprio: doublePrecision('livello_proprio').notNull(),
    livelloAvversari: doublePrecision('livello_avversari').notNull(),
    /** Expected and actual share of the games won, 0–1. */
    atteso: doublePrecision('atteso').notNull(),
    ottenuto: doublePrecision('ottenuto').notNull(),
    gameVinti: smallint('game_vinti').notNull(),
    gamePersi: smallint('game_persi').notNull(),
    fattoreK: doublePrecision('fattore_k').notNull(),
    provvisorio: boolean('provvisorio').notNull(),
  },
  (t) => [
    check(
      'power_history_source_ck',
      sql`${t.matchId} is not null or ${t.challengeId} is not null or ${t.tieMatchId} is not null`,
    ),
    index('power_history_person_idx').on(t.personId, t.sectorId, t.giocataIl),
    index('power_history_match_idx').on(t.matchId),
    // A challenge's Power explanation, and the cascade when a challenge goes.
    index('power_history_challenge_idx').on(t.challengeId),
    index('power_history_tie_match_idx').on(t.tieMatchId),
    index('power_history_sector_idx').on(t.sectorId),
  ],
)

// ---------------------------------------------------------------------------------------------------------
// Team championships (campionati a squadre)

/** A championship groups team tournaments (tournaments with tipo CA: series, zones). */
export const championships = pgTable(
  'championships',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    stagione: smallint('stagione').notNull(),
    genere: varchar('genere', { length: 1 }).notNull().default('X'),
    descrizione: text('descrizione'),
    regolamento: text('regolamento'),
    dataInizio: date('data_inizio').notNull(),
    dataFine: date('data_fine').notNull(),
    iscrizioniAl: timestamp('iscrizioni_al', { withTimezone: true }),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('championships_genere_ck', sql`${t.genere} in ('M', 'F', 'X')`),
    check(
      'championships_status_ck',
      sql`${t.status} in ('programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso', 'concluso', 'annullato')`,
    ),
    check('championships_dates_ck', sql`${t.dataFine} >= ${t.dataInizio}`),
    index('championships_sector_idx').on(t.sectorId, t.stagione),
    index('championships_discipline_idx').on(t.disciplineId, t.dataInizio),
  ],
)

/** Squadra: enrolled in one team tournament, 4 to 10 players, one captain. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    nome: text('nome').notNull(),
    captainPersonId: integer('captain_person_id')
      .notNull()
      .references(() => persons.id),
    groupId: integer('group_id').references(() => drawGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_tournament_nome_uq').on(t.tournamentId, t.nome),
    index('teams_club_idx').on(t.clubId),
    index('teams_captain_idx').on(t.captainPersonId),
    index('teams_group_idx').on(t.groupId),
  ],
)

/** Rosa: the players of a team. The captain is also a member. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    ruolo: text('ruolo').notNull().default('giocatore'),
    aggiuntoIl: timestamp('aggiunto_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_members_ruolo_ck', sql`${t.ruolo} in ('capitano', 'giocatore')`),
    primaryKey({ columns: [t.teamId, t.personId] }),
    index('team_members_person_idx').on(t.personId),
  ],
)

/** Team standings in a girone of a team tournament. */
export const teamStandings = pgTable(
  'team_standings',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => drawGroups.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    posizione: smallint('posizione').notNull(),
    giocati: smallint('giocati').notNull().default(0),
    vinti: smallint('vinti').notNull().default(0),
    persi: smallint('persi').notNull().default(0),
    partiteVinte: smallint('partite_vinte').notNull().default(0),
    partitePerse: smallint('partite_perse').notNull().default(0),
    punti: smallint('punti').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.teamId] }), index('team_standings_team_idx').on(t.teamId)],
)

/** The stored statuses of a tie: one per state of machines/tie.ts (contract/incontri.ts `TIE_STATUS_OF`). */
export const TIE_STATUSES = [
  'da_programmare',
  'proposto',
  'programmato',
  'schieramenti_inviati',
  'in_gioco',
  'risultato_inserito',
  'confermato',
  'contestato',
  'risolto',
  'walkover',
] as const
const tieStatusList = sql.raw(TIE_STATUSES.map((s) => `'${s}'`).join(', '))

/**
 * Incontro between two teams. The home captain proposes day and time; a result entered by one captain is
 * confirmed or contested by the other.
 */
export const teamTies = pgTable(
  'team_ties',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => drawGroups.id, { onDelete: 'cascade' }),
    giornata: smallint('giornata').notNull(),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    dataProposta: timestamp('data_proposta', { withTimezone: true }),
    propostaIl: timestamp('proposta_il', { withTimezone: true }),
    dataConfermata: timestamp('data_confermata', { withTimezone: true }),
    clubId: integer('club_id').references(() => clubs.id),
    status: text('status').notNull().default('da_programmare'),
    /** casa | ospiti: whose captain proposed the date that waits for an answer (machines/tie.ts). */
    propostaDa: text('proposta_da'),
    /** The running deadline: lineups 1 hour before the start, an unanswered result 48 hours after it. */
    scadeIl: timestamp('scade_il', { withTimezone: true }),
    /** The federation's decision on a contested result: confermato | annullato. */
    risoluzione: text('risoluzione'),
    puntiCasa: smallint('punti_casa'),
    puntiOspiti: smallint('punti_ospiti'),
    winnerTeamId: integer('winner_team_id').references(() => teams.id),
    risultatoInseritoDa: integer('risultato_inserito_da').references(() => persons.id),
    risultatoInseritoIl: timestamp('risultato_inserito_il', { withTimezone: true }),
    confermatoDa: integer('confermato_da').references(() => persons.id),
    confermatoIl: timestamp('confermato_il', { withTimezone: true }),
    contestatoDa: integer('contestato_da').references(() => persons.id),
    contestatoIl: timestamp('contestato_il', { withTimezone: true }),
    motivoContestazione: text('motivo_contestazione'),
  },
  (t) => [
    check('team_ties_teams_ck', sql`${t.homeTeamId} <> ${t.awayTeamId}`),
    check('team_ties_status_ck', sql`${t.status} in (${tieStatusList})`),
    check('team_ties_proposta_da_ck', sql`${t.propostaDa} is null or ${t.propostaDa} in ('casa', 'ospiti')`),
    check(
      'team_ties_risoluzione_ck',
      sql`${t.risoluzione} is null or ${t.risoluzione} in ('confermato', 'annullato')`,
    ),
    index('team_ties_deadline_idx').on(t.scadeIl),
    check(
      'team_ties_winner_ck',
      sql`${t.winnerTeamId} is null or ${t.winnerTeamId} in (${t.homeTeamId}, ${t.awayTeamId})`,
    ),
    // The other captain confirms: never the one who entered the result.
    check(
      'team_ties_confirm_ck',
      sql`${t.confermatoDa} is null or ${t.confermatoDa} <> ${t.risultatoInseritoDa}`,
    ),
    index('team_ties_tournament_idx').on(t.tournamentId, t.giornata),
    index('team_ties_group_idx').on(t.groupId, t.giornata),
    index('team_ties_home_idx').on(t.homeTeamId),
    index('team_ties_away_idx').on(t.awayTeamId),
    index('team_ties_club_idx').on(t.clubId),
    index('team_ties_risultato_inserito_da_idx').on(t.risultatoInseritoDa),
    index('team_ties_confermato_da_idx').on(t.confermatoDa),
    index('team_ties_contestato_da_idx').on(t.contestatoDa),
    index('team_ties_winner_idx').on(t.winnerTeamId),
  ],
)

/**
 * Schieramento: who plays which rubber (partita `numero`, `slot` 1–2 for doubles) for one team in one tie.
 * Set by each captain before the tie.
 */
export const teamLineups = pgTable(
  'team_lineups',
  {
    tieId: integer('tie_id')
      .notNull()
      .references(() => teamTies.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    numero: smallint('numero').notNull(),
    slot: smallint('slot').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    inseritoIl: timestamp('inserito_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_lineups_slot_ck', sql`${t.slot} in (1, 2)`),
    primaryKey({ columns: [t.tieId, t.teamId, t.numero, t.slot] }),
    index('team_lineups_person_idx').on(t.personId),
    index('team_lineups_team_idx').on(t.teamId),
  ],
)

/** The rubbers (partite) of a tie, generated from the two lineups, with their scores. */
export const tieMatches = pgTable(
  'tie_matches',
  {
    id: serial('id').primaryKey(),
    tieId: integer('tie_id')
      .notNull()
      .references(() => teamTies.id, { onDelete: 'cascade' }),
    numero: smallint('numero').notNull(),
    /** singolare | doppio */
    tipo: text('tipo').notNull(),
    home1Id: integer('home1_id').references(() => persons.id),
    home2Id: integer('home2_id').references(() => persons.id),
    away1Id: integer('away1_id').references(() => persons.id),
    away2Id: integer('away2_id').references(() => persons.id),
    sets: jsonb('sets').$type<SetScore[]>(),
    /** casa | ospiti */
    vincitore: text('vincitore'),
    esito: text('esito').notNull().default('da_giocare'),
  },
  (t) => [
    check('tie_matches_tipo_ck', sql`${t.tipo} in ('singolare', 'doppio')`),
    check('tie_matches_vincitore_ck', sql`${t.vincitore} is null or ${t.vincitore} in ('casa', 'ospiti')`),
    check('tie_matches_esito_ck', sql`${t.esito} in ('da_giocare', 'giocata', 'walkover', 'ritiro')`),
    uniqueIndex('tie_matches_uq').on(t.tieId, t.numero),
    index('tie_matches_home1_idx').on(t.home1Id),
    index('tie_matches_home2_idx').on(t.home2Id),
    index('tie_matches_away1_idx').on(t.away1Id),
    index('tie_matches_away2_idx').on(t.away2Id),
  ],
)

/** A tie's history: every step the machine took, who took it and when (the captain page's timeline). */
export const tieEvents = pgTable(
  'tie_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tieId: integer('tie_id')
      .notNull()
      .references(() => teamTies.id, { onDelete: 'cascade' }),
    evento: text('evento').notNull(),
    daStato: text('da_stato'),
    aStato: text('a_stato').notNull(),
    /** Null when the portal acted (a deadline). */
    personId: integer('person_id').references(() => persons.id),
    nota: text('nota'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tie_events_tie_idx').on(t.tieId, t.at), index('tie_events_person_idx').on(t.personId)],
)

export const championshipComments = pgTable(
  'championship_comments',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    autore: text('autore').notNull(),
    testo: text('testo').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('championship_comments_tournament_idx').on(t.tournamentId, t.createdAt),
    index('championship_comments_account_idx').on(t.accountId),
  ],
)

// ---------------------------------------------------------------------------------------------------------
// Challenges (sfide): the server enforces machines/challenge.ts

export const CHALLENGE_STATUSES = [
  'draft',
  'proposed',
  'accepted',
  'refused',
  'cancelled',
  'expired',
  'resultEntered',
  'confirmed',
  'contested',
  'resolved',
] as const
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number]
const challengeStatusList = sql.raw(CHALLENGE_STATUSES.map((s) => `'${s}'`).join(', '))

export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    createdByPersonId: integer('created_by_person_id')
      .notNull()
      .references(() => persons.id),
    /** singolare | doppio */
    specialita: text('specialita').notNull().default('singolare'),
    status: text('status').notNull().default('draft'),
    /** A public challenge is listed for anyone to join (sfide/pubbliche/list). */
    pubblica: boolean('pubblica').notNull().default(false),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    provincia: varchar('provincia', { length: 2 }).references(() => provinces.sigla),
    dataProposta: timestamp('data_proposta', { withTimezone: true }),
    messaggio: text('messaggio'),
    propostaIl: timestamp('proposta_il', { withTimezone: true }),
    /** propostaIl + 7 days: unanswered proposals expire then. */
    scadeIl: timestamp('scade_il', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('challenges_status_ck', sql`${t.status} in (${challengeStatusList})`),
    check('challenges_specialita_ck', sql`${t.specialita} in ('singolare', 'doppio')`),
    index('challenges_status_idx').on(t.status, t.scadeIl),
    index('challenges_public_idx')
      .on(t.sectorId, t.dataProposta)
      .where(sql`${t.pubblica}`),
    index('challenges_creator_idx').on(t.createdByPersonId),
    index('challenges_club_idx').on(t.clubId),
    index('challenges_discipline_idx').on(t.disciplineId),
    index('challenges_provincia_idx').on(t.provincia),
    index('challenges_sector_idx').on(t.sectorId),
  ],
)

export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    /** 1 the challenger's side, 2 the challenged side. */
    lato: smallint('lato').notNull(),
    /** in_attesa | accettata | rifiutata (the creator is accettata from the start). */
    risposta: text('risposta').notNull().default('in_attesa'),
    rispostaIl: timestamp('risposta_il', { withTimezone: true }),
  },
  (t) => [
    check('challenge_participants_lato_ck', sql`${t.lato} in (1, 2)`),
    check(
      'challenge_participants_risposta_ck',
      sql`${t.risposta} in ('in_attesa', 'accettata', 'rifiutata')`,
    ),
    primaryKey({ columns: [t.challengeId, t.personId] }),
    index('challenge_participants_person_idx').on(t.personId),
  ],
)

/** The result of a challenge: entered by one side, confirmed (or contested) by the other. */
export const challengeResults = pgTable(
  'challenge_results',
  {
    challengeId: integer('challenge_id')
      .primaryKey()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    sets: jsonb('sets').$type<SetScore[]>().notNull(),
    vincitoreLato: smallint('vincitore_lato').notNull(),
    gameLato1: smallint('game_lato1').notNull(),
    gameLato2: smallint('game_lato2').notNull(),
    inseritoDa: integer('inserito_da')
      .notNull()
      .references(() => persons.id),
    inseritoIl: timestamp('inserito_il', { withTimezone: true }).notNull(),
    confermatoDa: integer('confermato_da').references(() => persons.id),
    confermatoIl: timestamp('confermato_il', { withTimezone: true }),
    /** True when confirmed by default after 48 hours without an answer. */
    confermaAutomatica: boolean('conferma_automatica').notNull().default(false),
    contestatoDa: integer('contestato_da').references(() => persons.id),
    contestatoIl: timestamp('contestato_il', { withTimezone: true }),
    motivoContestazione: text('motivo_contestazione'),
    risoltoIl: timestamp('risolto_il', { withTimezone: true }),
    risoluzione: text('risoluzione'),
  },
  (t) => [
    check('challenge_results_lato_ck', sql`${t.vincitoreLato} in (1, 2)`),
    // A player cannot confirm a result that player entered (DESIGN.md §5).
    check(
      'challenge_results_confirm_ck',
      sql`${t.confermatoDa} is null or ${t.confermatoDa} <> ${t.inseritoDa}`,
    ),
    index('challenge_results_inserito_da_idx').on(t.inseritoDa),
    index('challenge_results_confermato_da_idx').on(t.confermatoDa),
    index('challenge_results_contestato_da_idx').on(t.contestatoDa),
  ],
)

/** Every status transition of a challenge: who sent which event, from which state to which. */
export const challengeEvents = pgTable(
  'challenge_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    evento: text('evento').notNull(),
    daStato: text('da_stato'),
    aStato: text('a_stato').notNull(),
    /** Null when the system acted (expiry, automatic confirmation). */
    personId: integer('person_id').references(() => persons.id),
    nota: text('nota'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('challenge_events_stato_ck', sql`${t.aStato} in (${challengeStatusList})`),
    index('challenge_events_challenge_idx').on(t.challengeId, t.at),
    index('challenge_events_person_idx').on(t.personId),
  ],
)

// ---------------------------------------------------------------------------------------------------------
// Partner search (cerca-compagno)

export const partnerListings = pgTable(
  'partner_listings',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    /** Looking for a partner for this tournament, or in general when null. */
    tournamentId: integer('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
    provincia: varchar('provincia', { length: 2 }).references(() => provinces.sigla),
    /** principiante | intermedio | avanzato | agonista */
    livello: text('livello'),
    disponibilita: text('disponibilita'),
    messaggio: text('messaggio'),
    /** attivo | chiuso (the author found a partner: a confirmed request, or withdrew it). */
    status: text('status').notNull().default('attivo'),
    scadeIl: timestamp('scade_il', { withTimezone: true }),
    /** The period the author wants to play in; the listing leaves the board after `dataAl`. */
    dataDal: date('data_dal').notNull(),
    dataAl: date('data_al').notNull(),
    /** When it closed (confirmed request or withdrawn); null while active. */
    chiusoIl: timestamp('chiuso_il', { withTimezone: true }),
    /** The contact the author shares with the partner of a confirmed request (and only with them). */
    condividiEmail: boolean('condividi_email').notNull().default(false),
    condividiTelefono: boolean('condividi_telefono').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('partner_listings_status_ck', sql`${t.status} in ('attivo', 'chiuso')`),
    check('partner_listings_dates_ck', sql`${t.dataAl} >= ${t.dataDal}`),
    index('partner_listings_list_idx').on(t.sectorId, t.status, t.createdAt),
    index('partner_listings_board_idx')
      .on(t.sectorId, t.dataAl)
      .where(sql`${t.status} = 'attivo'`),
    index('partner_listings_person_idx').on(t.personId),
    index('partner_listings_tournament_idx').on(t.tournamentId),
    index('partner_listings_provincia_idx').on(t.provincia),
    index('partner_listings_discipline_idx').on(t.disciplineId),
  ],
)

/** A request to partner up (machines/partner-request.ts: sent, confirmed, refused, cancelled). */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => partnerListings.id, { onDelete: 'cascade' }),
    requesterPersonId: integer('requester_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    messaggio: text('messaggio'),
    status: text('status').notNull().default('sent'),
    /** The contact the requester shares with the author once the request is confirmed (and only with them). */
    condividiEmail: boolean('condividi_email').notNull().default(false),
    condividiTelefono: boolean('condividi_telefono').notNull().default(false),
    createdAt: createdAt(),
    rispostaIl: timestamp('risposta_il', { withTimezone: true }),
  },
  (t) => [
    check('partner_requests_status_ck', sql`${t.status} in ('sent', 'confirmed', 'refused', 'cancelled')`),
    // One pending request per listing and requester.
    uniqueIndex('partner_requests_pending_uq')
      .on(t.listingId, t.requesterPersonId)
      .where(sql`${t.status} = 'sent'`),
    index('partner_requests_listing_idx').on(t.listingId, t.status),
    index('partner_requests_requester_idx').on(t.requesterPersonId),
  ],
)

// ---------------------------------------------------------------------------------------------------------
// Help desk and settings

/** assistenza 1, disservizi 2, gold 3 (spec §6). */
export const helpdeskCategories = pgTable('helpdesk_categories', {
  id: smallint('id').primaryKey(),
  codice: text('codice').notNull().unique(),
  nome: text('nome').notNull(),
  descrizione: text('descrizione').notNull(),
})

/** The subjects offered for each category (settori/richieste/list). */
export const helpdeskSubjects = pgTable(
  'helpdesk_subjects',
  {
    id: integer('id').primaryKey(),
    categoryId: smallint('category_id')
      .notNull()
      .references(() => helpdeskCategories.id),
    nome: text('nome').notNull(),
    ordine: smallint('ordine').notNull(),
  },
  (t) => [index('helpdesk_subjects_category_idx').on(t.categoryId, t.ordine)],
)

export const helpdeskRequests = pgTable(
  'helpdesk_requests',
  {
    id: serial('id').primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    categoryId: smallint('category_id')
      .notNull()
      .references(() => helpdeskCategories.id),
    subjectId: integer('subject_id').references(() => helpdeskSubjects.id),
    sectorId: integer('sector_id').references(() => sectors.id),
    codiceTessera: varchar('codice_tessera', { length: 20 }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    oggetto: text('oggetto').notNull(),
    messaggio: text('messaggio').notNull(),
    /** aperta | in_lavorazione | chiusa */
    status: text('status').notNull().default('aperta'),
    risposta: text('risposta'),
    rispostaIl: timestamp('risposta_il', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('helpdesk_requests_status_ck', sql`${t.status} in ('aperta', 'in_lavorazione', 'chiusa')`),
    index('helpdesk_requests_account_idx').on(t.accountId, t.createdAt),
    index('helpdesk_requests_status_idx').on(t.categoryId, t.status, t.createdAt),
    index('helpdesk_requests_sector_idx').on(t.sectorId),
    index('helpdesk_requests_subject_idx').on(t.subjectId),
  ],
)

/** Impostazioni of an account. */
export const userSettings = pgTable(
  'user_settings',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    sectorId: integer('sector_id').references(() => sectors.id),
    notificheEmail: boolean('notifiche_email').notNull().default(true),
    notificheTornei: boolean('notifiche_tornei').notNull().default(true),
    notificheSfide: boolean('notifiche_sfide').notNull().default(true),
    newsletter: boolean('newsletter').notNull().default(false),
    /** Listed by partner search and challenge search. */
    visibileRicerche: boolean('visibile_ricerche').notNull().default(true),
    mostraPower: boolean('mostra_power').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_settings_discipline_idx').on(t.disciplineId),
    index('user_settings_sector_idx').on(t.sectorId),
  ],
)

/**
 * The secret of an account's personal calendar feed (its enrolments as .ics). Only the SHA-256 of the token is
 * kept: the player sees the token once, when it is made; renewing replaces it, revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash)],
)
