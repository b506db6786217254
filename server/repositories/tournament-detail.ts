// The SQL of the tournament detail page, its prints and calendar files: one tournament with its club and counts,
// its entrants, draws, group standings, photos and comments, the calendar feeds and the personal feed's secret.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { planOf, type DrawRows, type EntrySide, type MatchRow } from '../domain/tournament-detail.ts'
import { statusAtSql } from './tournament-status.ts'
import { accounts, clubs, disciplines, persons, regions, sectors } from '../db/schema/core.ts'
import {
  calendarFeeds,
  circuits,
  courts,
  drawGroups,
  draws,
  groupStandings,
  matches,
  tournamentComments,
  tournamentEntries,
  tournamentPhotos,
  tournaments,
} from '../db/schema/domain.ts'

/** Entry statuses of the players in a tournament: enrolled or on the waiting list. */
const ENTERED = ['iscritto', 'lista_attesa']

const partners = alias(persons, 'partner')

/** The filters of a calendar feed: the calendar's own (tornei/list), all optional but the sector. */
export type FeedFilters = {
  id_settore: number
  tipo?: string | undefined
  regione?: string | undefined
  provincia?: string | undefined
  id_circolo?: number | undefined
  id_circuito?: number | undefined
  dal?: string | undefined
  al?: string | undefined
  livello?: 'OPEN' | 'LIMIT' | undefined
  stato?: string | undefined
}

/** What a calendar event needs of a tournament. */
export type CalendarTournament = {
  id: number
  nome: string
  data_inizio: string
  data_fine: string
  stato: string
  descrizione: string | null
  categoria: string
  specialita: string
  circolo: string | null
  indirizzo: string | null
  cap: string | null
  comune: string | null
  provincia: string | null
  latitudine: number | null
  longitudine: number | null
  aggiornato_il: Date
  creato_il: Date
  sequenza: number
}

/** A scheduled match of a player, for the personal calendar: its tournament's event fields beside its own. */
export type CalendarMatch = {
  id: number
  torneo: CalendarTournament
  programmata_il: Date
  /** The draw's name (Tabellone principale, Gironi…). */
  tabellone: string
  /** eliminazione | gironi */
  tipo: string
  turno: number
  /** Rounds of an elimination draw. */
  turni: number | null
  girone: string | null
  campo: string | null
  lati: [string, string]
}

/** A tournament as a calendar event, its status read at `now` (`tournamentStatusAt`). */
const calendarColumns = (now: Date) => ({
  id: tournaments.id,
  nome: tournaments.nome,
  data_inizio: tournaments.dataInizio,
  data_fine: tournaments.dataFine,
  stato: statusAtSql(now),
  descrizione: tournaments.descrizione,
  categoria: tournaments.categoria,
  specialita: tournaments.specialita,
  circolo: clubs.nome,
  indirizzo: clubs.indirizzo,
  cap: clubs.cap,
  comune: clubs.comune,
  provincia: clubs.provincia,
  latitudine: clubs.latitudine,
  longitudine: clubs.longitudine,
  aggiornato_il: tournaments.aggiornatoIl,
  creato_il: tournaments.createdAt,
  sequenza: tournaments.sequenzaIcs,
})

/** Most events a feed carries: a phone calendar does not need the whole archive. */
export const FEED_MAX_EVENTS = 500

const p = (name: string) => sql.placeholder(name)

// The detail page's reads, prepared once per database: drizzle builds the SQL once and PostgreSQL plans each
// statement once per connection (planning cost as much as running them, measured with bench/torneo.ts).

/** One tournament with its discipline, sector, club, circuit and entry counts. */
const detailRow = preparedFor((db) =>
  db
    .select({
      t: tournaments,
      disciplina: disciplines.codice,
      disciplina_nome: disciplines.nome,
      settore: sectors.nome,
      club: clubs,
      circuito: circuits.nome,
      // Kept by the database (migration 0023_conteggi_iscritti_trigger), not counted here.
      iscritti: tournaments.nIscritti,
      in_attesa: tournaments.nInAttesa,
    })
    .from(tournaments)
    .innerJoin(disciplines, eq(disciplines.id, tournaments.disciplineId))
    .innerJoin(sectors, eq(sectors.id, tournaments.sectorId))
    .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
    .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
    .where(eq(tournaments.id, p('id')))
    .limit(1)
    .prepare('torneo_dettaglio'),
)

/** The phases of a tournament's draw, as the detail lists them. */
const phaseList = preparedFor((db) =>
  db
    .select({
      id: draws.id,
      tipo: draws.tipo,
      fase: draws.fase,
      nome: draws.nome,
      sorteggiato: sql<boolean>`${draws.seed} is not null`,
    })
    .from(draws)
    .where(eq(draws.tournamentId, p('id')))
    .orderBy(asc(draws.fase))
    .prepare('torneo_fasi'),
)

const tournamentExists = preparedFor((db) =>
  db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(eq(tournaments.id, p('id')))
    .limit(1)
    .prepare('torneo_esiste'),
)

/** A page of entrants, the total with each row: enrolled first (seeds first, then by entry time), then waiting. */
const entrantPage = preparedFor((db) =>
  db
    .select({
      id: tournamentEntries.id,
      pId: persons.id,
      pNome: persons.nome,
      pCognome: persons.cognome,
      cId: partners.id,
      cNome: partners.nome,
      cCognome: partners.cognome,
      circolo: clubs.nome,
      idCircolo: clubs.id,
      stato: tournamentEntries.status,
      posizione_attesa: tournamentEntries.posizioneAttesa,
      testa_di_serie: tournamentEntries.testaDiSerie,
      iscritto_il: tournamentEntries.iscrittoIl,
      record: sql<number>`(count(*) over ())::int`,
    })
    .from(tournamentEntries)
    .innerJoin(persons, eq(persons.id, tournamentEntries.personId))
    .leftJoin(partners, eq(partners.id, tournamentEntries.partnerId))
    .leftJoin(clubs, eq(clubs.id, persons.clubId))
    // Entrants hold a place or wait for one; a doubles invitation not yet accepted is neither (i11-enrol).
    .where(and(eq(tournamentEntries.tournamentId, p('id')), inArray(tournamentEntries.status, ENTERED)))
    .orderBy(
      sql`case when ${tournamentEntries.status} = 'iscritto' then 0 else 1 end`,
      sql`${tournamentEntries.testaDiSerie} asc nulls last`,
      asc(tournamentEntries.posizioneAttesa),
      asc(tournamentEntries.iscrittoIl),
      asc(tournamentEntries.id),
    )
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('torneo_iscritti'),
)

const entrantCount = preparedFor((db) =>
  db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, p('id')), inArray(tournamentEntries.status, ENTERED)))
    .prepare('torneo_iscritti_totale'),
)

/** An entry's players (a partner in doubles), as draws and standings name a side. */
function entrySideSelect(db: Db) {
  return db
    .select({
      id: tournamentEntries.id,
      seed: tournamentEntries.testaDiSerie,
      pId: persons.id,
      pNome: persons.nome,
      pCognome: persons.cognome,
      cId: partners.id,
      cNome: partners.nome,
      cCognome: partners.cognome,
    })
    .from(tournamentEntries)
    .innerJoin(persons, eq(persons.id, tournamentEntries.personId))
    .leftJoin(partners, eq(partners.id, tournamentEntries.partnerId))
}
type EntrySideRow = Awaited<ReturnType<typeof entrySideSelect>>[number]

/** The players of the given entries. */
const entrySides = preparedFor((db) =>
  entrySideSelect(db)
    .where(sql`${tournamentEntries.id} = any(${p('ids')})`)
    .prepare('torneo_lati'),
)

/**
 * A column named with its table, for SQL written by hand inside a statement: drizzle leaves a column of a
 * single-table query unqualified, which a subquery over another table would read as its own. `table` is the
 * table's name in the statement when it is an alias (the partner's row of persons).
 */
function q(column: Column, table = getTableName(column.table)): SQL {
  return sql`${sql.identifier(table)}.${sql.identifier(column.name)}`
}

/** A draw phase as the draw statement returns it (JSON: its instants as text). */
type PhaseJson = Omit<DrawRows['phases'][number], 'hashPubblicatoIl' | 'sorteggiatoIl'> & {
  hashPubblicatoIl: string
  sorteggiatoIl: string | null
}

/**
 * Every phase of a tournament's draw, its groups, its matches (in draw, group, round, position order), the players
 * of their entries and what the order of play starts from (the first day, the club's courts for the discipline): one
 * prepared statement, the lists as JSON built by the database (five round trips were one each). No row when the
 * tournament does not exist.
 */
const drawStatement = preparedFor((db) =>
  db
    .select({
      phases: sql<PhaseJson[]>`(select coalesce(json_agg(json_build_object(
          'id', ${q(draws.id)}, 'tipo', ${q(draws.tipo)}, 'fase', ${q(draws.fase)}, 'nome', ${q(draws.nome)},
          'dimensione', ${q(draws.dimensione)}, 'turni', ${q(draws.turni)}, 'seedHash', ${q(draws.seedHash)},
          'hashPubblicatoIl', ${q(draws.hashPubblicatoIl)}, 'seed', ${q(draws.seed)}, 'sorteggiatoIl', ${q(draws.sorteggiatoIl)}
        ) order by ${q(draws.fase)}), '[]'::json) from ${draws} where ${q(draws.tournamentId)} = ${q(tournaments.id)})`,
      groups: sql<DrawRows['groups']>`(select coalesce(json_agg(json_build_object(
          'id', ${q(drawGroups.id)}, 'drawId', ${q(drawGroups.drawId)}, 'nome', ${q(drawGroups.nome)}, 'ordine', ${q(drawGroups.ordine)}
        ) order by ${q(drawGroups.ordine)}), '[]'::json)
        from ${drawGroups} join ${draws} on ${q(draws.id)} = ${q(drawGroups.drawId)} where ${q(draws.tournamentId)} = ${q(tournaments.id)})`,
      matches: sql<MatchRow[]>`(select coalesce(json_agg(json_build_object(
          'id', ${q(matches.id)}, 'drawId', ${q(matches.drawId)}, 'groupId', ${q(matches.groupId)}, 'turno', ${q(matches.turno)},
          'posizione', ${q(matches.posizione)}, 'entryAId', ${q(matches.entryAId)}, 'entryBId', ${q(matches.entryBId)},
          'winnerEntryId', ${q(matches.winnerEntryId)}, 'esito', ${q(matches.esito)}, 'sets', ${q(matches.sets)}
        ) order by ${q(matches.drawId)}, ${q(matches.groupId)}, ${q(matches.turno)}, ${q(matches.posizione)}), '[]'::json)
        from ${matches} where ${q(matches.tournamentId)} = ${q(tournaments.id)})`,
      sides: sql<EntrySideRow[]>`(select coalesce(json_agg(json_build_object(
          'id', ${q(tournamentEntries.id)}, 'seed', ${q(tournamentEntries.testaDiSerie)}, 'pId', ${q(persons.id)},
          'pNome', ${q(persons.nome)}, 'pCognome', ${q(persons.cognome)}, 'cId', ${q(persons.id, 'partner')}, 'cNome', ${q(persons.nome, 'partner')},
          'cCognome', ${q(persons.cognome, 'partner')}
        )), '[]'::json)
        from ${tournamentEntries}
        join ${persons} on ${q(persons.id)} = ${q(tournamentEntries.personId)}
        left join ${persons} as ${sql.identifier('partner')} on ${q(persons.id, 'partner')} = ${q(tournamentEntries.partnerId)}
        where ${q(tournamentEntries.tournamentId)} = ${q(tournaments.id)}
          and ${q(tournamentEntries.id)} in (select unnest(array[${q(matches.entryAId)}, ${q(matches.entryBId)}]) from ${matches} where ${q(matches.tournamentId)} = ${q(tournaments.id)}))`,
      firstDay: tournaments.dataInizio,
      courts: sql<
        string[]
      >`(select coalesce(json_agg(${q(courts.nome)} order by ${q(courts.id)}), '[]'::json) from ${courts}
        where ${q(courts.clubId)} = ${q(tournaments.clubId)} and ${q(courts.disciplineId)} = ${q(tournaments.disciplineId)})`,
    })
    .from(tournaments)
    .where(eq(tournaments.id, p('id')))
    .prepare('torneo_tabellone'),
)

/** A tournament's group standings, by phase, group and place: prepared once per database (a draw page's call). */
const standingsStatement = preparedFor((db) =>
  db
    .select({
      groupId: drawGroups.id,
      nome: drawGroups.nome,
      drawId: drawGroups.drawId,
      s: groupStandings,
    })
    .from(groupStandings)
    .innerJoin(drawGroups, eq(drawGroups.id, groupStandings.groupId))
    .innerJoin(draws, eq(draws.id, drawGroups.drawId))
    .where(eq(draws.tournamentId, sql.placeholder('id')))
    .orderBy(asc(draws.fase), asc(drawGroups.ordine), asc(groupStandings.posizione))
    .prepare('torneo_gironi_classifiche'),
)

export function tournamentDetailRepository(db: Db) {
  /** The players of entries, keyed by entry id. */
  async function sides(entryIds: readonly number[]): Promise<Map<number, EntrySide>> {
    const ids = [...new Set(entryIds)]
    if (ids.length === 0) return new Map()
    return sidesById(await entrySides(db).execute({ ids }))
  }

  function sidesById(rows: EntrySideRow[]): Map<number, EntrySide> {
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id_iscrizione: r.id,
          testa_di_serie: r.seed,
          giocatori: [
            { id: r.pId, nome: `${r.pNome} ${r.pCognome}` },
            ...(r.cId !== null ? [{ id: r.cId, nome: `${r.cNome} ${r.cCognome}` }] : []),
          ],
        },
      ]),
    )
  }

  /** Every phase of the draw, its groups and its matches (in draw, group, round, position order). */
  async function drawsOf(id: number): Promise<DrawRows> {
    const [row] = await drawStatement(db).execute({ id })
    return {
      phases: (row?.phases ?? []).map((phase) => ({
        ...phase,
        hashPubblicatoIl: new Date(phase.hashPubblicatoIl),
        sorteggiatoIl: phase.sorteggiatoIl === null ? null : new Date(phase.sorteggiatoIl),
      })),
      groups: row?.groups ?? [],
      matches: row?.matches ?? [],
      sides: sidesById(row?.sides ?? []),
      plan: { firstDay: row?.firstDay ?? '', courts: row?.courts ?? [] },
    }
  }

  return {
    /** One tournament with its discipline, sector, club, circuit and entry counts; undefined if it does not exist. */
    async detail(id: number) {
      const [[row], phases] = await Promise.all([
        detailRow(db).execute({ id }),
        phaseList(db).execute({ id }),
      ])
      if (!row) return undefined
      return {
        ...row,
        iscritti: Number(row.iscritti),
        in_attesa: Number(row.in_attesa),
        tabelloni: phases,
      }
    },

    /** Whether a tournament exists (before a comment is stored, a print is built). */
    async exists(id: number): Promise<boolean> {
      const [row] = await tournamentExists(db).execute({ id })
      return row !== undefined
    },

    /** The entrants: enrolled first (seeds first, then by entry time), then the waiting list in order. */
    async entrants(id: number, fetchrows: number, rowstoskip: number) {
      const rows = await entrantPage(db).execute({ id, limit: fetchrows, offset: rowstoskip })
      // A page past the end has no row to carry the total: count apart.
      const record =
        rows[0]?.record ?? (rowstoskip > 0 ? ((await entrantCount(db).execute({ id }))[0]?.n ?? 0) : 0)
      return {
        record,
        results: rows.map((r) => ({
          id: r.id,
          giocatore: { id: r.pId, nome: `${r.pNome} ${r.pCognome}` },
          compagno: r.cId !== null ? { id: r.cId, nome: `${r.cNome} ${r.cCognome}` } : null,
          circolo: r.circolo,
          id_circolo: r.idCircolo,
          stato: r.stato,
          posizione_attesa: r.posizione_attesa,
          testa_di_serie: r.testa_di_serie,
          iscritto_il: r.iscritto_il.toISOString(),
        })),
      }
    },

    /** Every phase of the draw, its groups and its matches (in draw, group, round, position order). */
    draws: drawsOf,

    /** The standings of every girone of the tournament, in group order then position. */
    async standings(id: number) {
      const rows = await standingsStatement(db).execute({ id })
      return { rows, sides: await sides(rows.map((r) => r.s.entryId)) }
    },

    async photos(id: number) {
      return db
        .select({
          id: tournamentPhotos.id,
          url: tournamentPhotos.url,
          didascalia: tournamentPhotos.didascalia,
        })
        .from(tournamentPhotos)
        .where(eq(tournamentPhotos.tournamentId, id))
        .orderBy(asc(tournamentPhotos.ordine), asc(tournamentPhotos.id))
    },

    /** The visible comments, oldest first, at most `limit` (the most recent ones). */
    async comments(id: number, limit: number) {
      const rows = await db
        .select({
          id: tournamentComments.id,
          autore: tournamentComments.autore,
          testo: tournamentComments.testo,
          creato_il: tournamentComments.createdAt,
        })
        .from(tournamentComments)
        .where(and(eq(tournamentComments.tournamentId, id), eq(tournamentComments.visibile, true)))
        .orderBy(desc(tournamentComments.createdAt), desc(tournamentComments.id))
        .limit(limit)
      return rows.reverse().map((r) => ({ ...r, creato_il: r.creato_il.toISOString() }))
    },

    async addComment(values: { tournamentId: number; accountId: string; autore: string; testo: string }) {
      const [row] = await db.insert(tournamentComments).values(values).returning()
      return { id: row!.id, autore: row!.autore, testo: row!.testo, creato_il: row!.createdAt.toISOString() }
    },

    /** One tournament as a calendar event; undefined if it does not exist. */
    async calendarEvent(id: number, now = new Date()): Promise<CalendarTournament | undefined> {
      const [row] = await db
        .select(calendarColumns(now))
        .from(tournaments)
        .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
        .where(eq(tournaments.id, id))
        .limit(1)
      return row
    },

    /** The tournaments of a filtered calendar (the filters of tornei/list), by start date, at most FEED_MAX_EVENTS. */
    async calendarFeed(filters: FeedFilters, today: string, now = new Date()): Promise<CalendarTournament[]> {
      const conditions: SQL[] = [eq(tournaments.sectorId, filters.id_settore)]
      if (filters.tipo) conditions.push(eq(tournaments.tipo, filters.tipo))
      if (filters.provincia) conditions.push(eq(clubs.provincia, filters.provincia))
      // The tournament's own region (its club's, or its zone): migration 0005.
      if (filters.regione) {
        conditions.push(
          inArray(
            tournaments.regionId,
            db.select({ id: regions.id }).from(regions).where(eq(regions.nome, filters.regione)),
          ),
        )
      }
      if (filters.id_circolo) conditions.push(eq(tournaments.clubId, filters.id_circolo))
      if (filters.id_circuito) conditions.push(eq(tournaments.circuitId, filters.id_circuito))
      if (filters.livello === 'OPEN') conditions.push(eq(tournaments.categoria, 'OPEN'))
      if (filters.livello === 'LIMIT')
        conditions.push(inArray(tournaments.categoria, ['LIMIT_65', 'LIMIT_45']))
      if (filters.stato) conditions.push(eq(statusAtSql(now), filters.stato))
      if (filters.dal) conditions.push(gte(tournaments.dataFine, filters.dal))
      if (filters.al) conditions.push(lte(tournaments.dataInizio, filters.al))
      // Without dates, what is running or still to come (cancelled ones stay, as cancelled events).
      if (!filters.dal && !filters.al && !filters.stato) conditions.push(gte(tournaments.dataFine, today))
      return db
        .select(calendarColumns(now))
        .from(tournaments)
        .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
        .where(and(...conditions))
        .orderBy(asc(tournaments.dataInizio), asc(tournaments.id))
        .limit(FEED_MAX_EVENTS)
    },

    /** The tournaments a person is entered in (as player or partner, waiting list included), by start date. */
    async enrolmentsOf(
      personId: number,
      now = new Date(),
    ): Promise<(CalendarTournament & { in_attesa: boolean })[]> {
      return db
        .select({
          ...calendarColumns(now),
          in_attesa: sql<boolean>`${tournamentEntries.status} = 'lista_attesa'`,
        })
        .from(tournamentEntries)
        .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
        .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
        .where(
          and(
            or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
            inArray(tournamentEntries.status, ENTERED),
          ),
        )
        .orderBy(asc(tournaments.dataInizio), asc(tournaments.id))
        .limit(FEED_MAX_EVENTS)
    },

    /**
     * The matches (byes aside) of a person's entries at the time and on the court of the order of play, the same
     * the tournament page shows (drawsOf and planOf, as tornei/tabelloni/view), by time, at most FEED_MAX_EVENTS.
     */
    async matchesOf(personId: number, now = new Date()): Promise<CalendarMatch[]> {
      const own = db
        .select({ id: tournamentEntries.id })
        .from(tournamentEntries)
        .where(
          and(
            or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
            inArray(tournamentEntries.status, ENTERED),
          ),
        )
      const rows = await db
        .select({
          ...calendarColumns(now),
          matchId: matches.id,
          tabellone: draws.nome,
          tipo: draws.tipo,
          turno: matches.turno,
          turni: draws.turni,
          girone: drawGroups.nome,
          entryAId: matches.entryAId,
          entryBId: matches.entryBId,
        })
        .from(matches)
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .innerJoin(draws, eq(draws.id, matches.drawId))
        .leftJoin(drawGroups, eq(drawGroups.id, matches.groupId))
        .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
        .where(
          and(
            sql`${matches.esito} <> 'bye'`,
            or(inArray(matches.entryAId, own), inArray(matches.entryBId, own)),
          ),
        )
        .orderBy(desc(tournaments.dataInizio), asc(matches.id))
        .limit(FEED_MAX_EVENTS)
      // The order of play of each of her tournaments, from the rows the page reads.
      const tournamentIds = [...new Set(rows.map((r) => r.id))]
      const plans = new Map(
        await Promise.all(tournamentIds.map(async (id) => [id, planOf(await drawsOf(id))] as const)),
      )
      const names = await sides(rows.flatMap((r) => [r.entryAId, r.entryBId]).filter((id) => id !== null))
      const sideName = (id: number | null) =>
        (id !== null
          ? names
              .get(id)
              ?.giocatori.map((g) => g.nome)
              .join(' / ')
          : undefined) ?? 'da definire'
      return rows
        .flatMap(({ matchId, tabellone, tipo, turno, turni, girone, entryAId, entryBId, ...torneo }) => {
          const planned = plans.get(torneo.id)?.get(matchId)
          if (!planned) return []
          return [
            {
              id: matchId,
              torneo,
              programmata_il: planned.start,
              tabellone,
              tipo,
              turno,
              turni,
              girone,
              campo: planned.court,
              lati: [sideName(entryAId), sideName(entryBId)] as [string, string],
            },
          ]
        })
        .sort((x, y) => x.programmata_il.getTime() - y.programmata_il.getTime() || x.id - y.id)
    },

    /** The personal feed of an account: when made and last read, or undefined. */
    async feedOf(accountId: string) {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt, usedAt: calendarFeeds.usedAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.accountId, accountId))
        .limit(1)
      return row
    },

    /** Stores the hash of a new secret for the account, replacing the old one. */
    async replaceFeed(accountId: string, tokenHash: string) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ accountId, tokenHash })
        .onConflictDoUpdate({
          target: calendarFeeds.accountId,
          set: { tokenHash, createdAt: sql`now()`, usedAt: null },
        })
        .returning()
      return row!
    },

    async revokeFeed(accountId: string) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.accountId, accountId))
    },

    /** The person behind a feed secret's hash (and marks it used); undefined for an unknown or revoked one. */
    async feedOwner(tokenHash: string) {
      const [row] = await db
        .update(calendarFeeds)
        .set({ usedAt: sql`now()` })
        .from(accounts)
        .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(accounts.id, calendarFeeds.accountId)))
        .returning({ accountId: calendarFeeds.accountId, personId: accounts.personId })
      return row
    },

    /** Tournaments with a draw already made, for the print links. */
    async hasDrawn(id: number, tipo: 'eliminazione' | 'gironi') {
      const [row] = await db
        .select({ id: draws.id })
        .from(draws)
        .where(and(eq(draws.tournamentId, id), eq(draws.tipo, tipo), isNotNull(draws.seed)))
        .limit(1)
      return row !== undefined
    },
  }
}

export type TournamentDetailRepository = ReturnType<typeof tournamentDetailRepository>
