// The SQL of the player page (/scheda-giocatore/{id}) and of the players' list (/lista-giocatori): a person's
// profile, sectors and Power, their point lines, matches, titles, upcoming tournaments and ranking places. What of
// it a viewer may see is decided by server/domain/privacy.ts; the searches narrow with its SQL mirror (findableBy).
import { and, asc, desc, eq, gte, inArray, ne, or, type Placeholder, sql, type SQL } from 'drizzle-orm'
import { alias, unionAll } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { accounts, clubs, disciplines, persons, playerSearch, sectors, tessere } from '../db/schema/core.ts'
import {
  challengeParticipants,
  courts,
  drawGroups,
  draws,
  matches,
  powerHistory,
  powerRatings,
  rankings,
  teamTies,
  tournamentEntries,
  tournamentPoints,
  tournaments,
  userSettings,
} from '../db/schema/domain.ts'
import { preparedByKey, preparedFor } from '../db/prepared.ts'
import { countOf, totalOf } from './paging.ts'
import { findableBy } from './privacy.ts'

const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The first text after every one that starts with `word`: its last character moved on by one code point. */
function nextAfterPrefix(word: string): string {
  const chars = [...word]
  const last = chars.pop()!.codePointAt(0)!
  return chars.join('') + String.fromCodePoint(last + 1)
}

const entryA = alias(tournamentEntries, 'entry_a')
const entryB = alias(tournamentEntries, 'entry_b')

/** The two sides of a tournament match as lists of people, the player's own first. */
function sidesOf(
  personId: number,
  a: { personId: number | null; partnerId: number | null },
  b: { personId: number | null; partnerId: number | null },
) {
  const people = (e: typeof a) => [e.personId, e.partnerId].filter((id): id is number => id !== null)
  const ownIsA = people(a).includes(personId)
  return { own: ownIsA ? people(a) : people(b), other: ownIsA ? people(b) : people(a), ownIsA }
}

const NO_ENTRY = { personId: null, partnerId: null }

export type PlayerSearch = {
  sectorId: number
  testo?: string | undefined
  provincia?: string | undefined
  clubId?: number | undefined
}

const ph = (name: string) => sql.placeholder(name)

const personExists = preparedFor((db) =>
  db
    .select({ id: persons.id })
    .from(persons)
    .where(eq(persons.id, ph('personId')))
    .prepare('giocatore_esiste'),
)

const choice = (column: 'visibile_ricerche' | 'mostra_power') =>
  sql<
    boolean | null
  >`(select s.${sql.raw(column)} from ${accounts} a join ${userSettings} s on s.account_id = a.id where a.person_id = ${persons.id} limit 1)`

const playerCard = preparedFor((db) =>
  db
    .select({
      id: persons.id,
      nome: persons.nome,
      cognome: persons.cognome,
      provincia: persons.provincia,
      clubId: persons.clubId,
      circolo: clubs.nome,
      power: powerRatings.power,
      partite: powerRatings.partite,
      provvisorio: powerRatings.provvisorio,
      chose: sql<boolean>`exists (select 1 from ${accounts} a join ${userSettings} s on s.account_id = a.id where a.person_id = ${persons.id})`,
      visibileRicerche: choice('visibile_ricerche'),
      mostraPower: choice('mostra_power'),
      // The sectors the person holds a card of or has points in, in the portal's order, with their discipline.
      settori: sql<
        { id: number; settore: string; disciplina: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${sectors.id}, 'settore', ${sectors.nome}, 'disciplina', ${disciplines.nome}) order by ${disciplines.ordine}, ${sectors.ordine}, ${sectors.id}), '[]'::json) from ${sectors} join ${disciplines} on ${disciplines.id} = ${sectors.disciplineId} where exists (select 1 from ${tessere} where ${tessere.personId} = ${persons.id} and ${tessere.sectorId} = ${sectors.id}) or exists (select 1 from ${tournamentPoints} where ${tournamentPoints.personId} = ${persons.id} and ${tournamentPoints.sectorId} = ${sectors.id}))`,
    })
    .from(persons)
    .leftJoin(clubs, eq(clubs.id, persons.clubId))
    .leftJoin(
      powerRatings,
      and(eq(powerRatings.personId, persons.id), eq(powerRatings.sectorId, ph('sectorId'))),
    )
    .where(eq(persons.id, ph('personId')))
    .prepare('giocatore_scheda'),
)

/** Whether the statement's person exists: a page without rows answers its 404 in the same round trip. */
const personExistsColumn = (personId: SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from ${persons} where ${persons.id} = ${personId})`

/** One row for a page to be left-joined to: the statement answers a row even when the page has none. */
const ONE_ROW = sql`(select 1) uno`

/**
 * A point line as the page reads it: its tournament's name; a team championship tie's line with its tie, giornata,
 * phase and the final phase's rounds.
 */
export type PointLineRow = {
  tournamentId: number
  torneo: string
  punti: number
  data: string
  risultato: string
  categoria: string
  tieId: number | null
  partite: number | null
  giornata: number | null
  finale: boolean
  turni: number | null
}

/**
 * A player's points page of a ranking of the sector, in one statement (three round trips before): the ranking's
 * season (the one asked, or the latest) and the day it was computed, the player's place in it, whether the person
 * exists, and their point lines from the start of the period on (the race's season from 1 January; the national
 * ranking `reachDays` back from its day). The lines are a superset the domain narrows (`countedLines`).
 */
const pointPageStatements = [false, true].map((bySeason) =>
  preparedFor((db) => {
    // Every value read when the statement runs (`(select $n)`), none when it is planned: PostgreSQL then plans it once
    // per connection (a generic plan) instead of at every call, where planning cost more than running it.
    const tipo = sql`(select ${ph('tipo')}::text)`
    const sectorId = sql`(select ${ph('sectorId')}::int)`
    const personId = sql`(select ${ph('personId')}::int)`
    const giorno = db.$with('giorno').as(
      db
        .select({ stagione: rankings.stagione, calcolataAl: rankings.calcolataAl })
        .from(rankings)
        .where(
          and(
            sql`${rankings.tipo} = ${tipo}`,
            sql`${rankings.sectorId} = ${sectorId}`,
            bySeason ? sql`${rankings.stagione} = (select ${ph('stagione')}::int)` : undefined,
          ),
        )
        .orderBy(desc(rankings.stagione))
        // A limit written in the SQL: drizzle sends a number as a parameter, whose value a generic plan does not
        // know (it planned for a tenth of the season's rows).
        .limit(sql`1` as never),
    )
    const fromDay = sql`(select case when ${tipo} = 'race' then make_date(g.stagione, 1, 1) else g.calcolata_al - (select ${ph('reachDays')}::int) end from giorno g)`
    const turni = sql`(select max(${draws.turni}) from ${draws} where ${draws.tournamentId} = ${tournamentPoints.tournamentId} and ${draws.tipo} = 'eliminazione')`
    const line = sql`json_build_object(
      'tournamentId', ${tournamentPoints.tournamentId}, 'torneo', ${tournaments.nome}, 'punti', ${tournamentPoints.punti},
      'data', ${tournamentPoints.data}, 'risultato', ${tournamentPoints.risultato}, 'categoria', ${tournamentPoints.categoria},
      'tieId', ${tournamentPoints.tieId}, 'partite', ${tournamentPoints.partite}, 'giornata', ${teamTies.giornata},
      'finale', ${teamTies.id} is not null and ${teamTies.groupId} is null,
      'turni', case when ${teamTies.id} is null then null else ${turni} end)`
    const lines = sql`select coalesce(json_agg(${line}), '[]'::json) from ${tournamentPoints}
      join ${tournaments} on ${tournaments.id} = ${tournamentPoints.tournamentId}
      left join ${teamTies} on ${teamTies.id} = ${tournamentPoints.tieId}
      where ${and(
        sql`${tournamentPoints.personId} = ${personId}`,
        sql`${tournamentPoints.sectorId} = ${sectorId}`,
        sql`${tournamentPoints.data} >= ${fromDay}`,
      )}`
    const place = sql`select ${rankings.posizione} from ${rankings} where ${and(
      sql`${rankings.tipo} = ${tipo}`,
      sql`${rankings.sectorId} = ${sectorId}`,
      sql`${rankings.stagione} = (select g.stagione from giorno g)`,
      sql`${rankings.personId} = ${personId}`,
    )}`
    return db
      .with(giorno)
      .select({
        esiste: personExistsColumn(personId),
        stagione: giorno.stagione,
        calcolataAl: giorno.calcolataAl,
        posizione: sql<number | null>`(${place})`,
        righe: sql<PointLineRow[]>`(${lines})`,
      })
      .from(ONE_ROW)
      .leftJoin(giorno, sql`true`)
      .prepare(`giocatore_pagina_punti_${bySeason ? 1 : 0}`)
  }),
)

/**
 * The person's matches played in the sector's tournaments: the matches of their entries (as player or partner), found
 * through the entries' indexes side by side and gathered into an array first (a list of entries spelled into the SQL
 * made PostgreSQL plan each call anew; `in (subquery)` gave the prepared statement's generic plan a hash join of
 * every match of the sector, 1.4 s, where the array leads to the matches' primary key, 0.1 ms warm).
 */
const matchesOf = (personId: SQL | Placeholder, sectorId: SQL | Placeholder) =>
  and(
    sql`${matches.id} = any(array(
      select m.id from ${matches} m join ${tournamentEntries} e on e.id = m.entry_a_id
        where e.person_id = ${personId} or e.partner_id = ${personId}
      union all
      select m.id from ${matches} m join ${tournamentEntries} e on e.id = m.entry_b_id
        where e.person_id = ${personId} or e.partner_id = ${personId}))`,
    eq(tournaments.sectorId, sectorId),
    inArray(matches.esito, ['giocata', 'walkover', 'ritiro']),
  )

/**
 * The person's place in the latest race and national ranking of every sector they are in, with how many players
 * each ranking holds; prepared once per database (its planning cost more than its execution).
 */
const rankingSummaryStatement = preparedFor((db) => {
  const latest = db
    .select({
      tipo: rankings.tipo,
      sectorId: rankings.sectorId,
      ultima: sql<number>`max(${rankings.stagione})`.as('ultima'),
    })
    .from(rankings)
    .where(eq(rankings.personId, ph('personId')))
    .groupBy(rankings.tipo, rankings.sectorId)
    .as('latest')
  return db
    .select({
      tipo: rankings.tipo,
      sectorId: rankings.sectorId,
      settore: sectors.nome,
      disciplina: disciplines.nome,
      stagione: rankings.stagione,
      posizione: rankings.posizione,
      punti: rankings.punti,
      tornei: rankings.tornei,
      calcolataAl: rankings.calcolataAl,
      // The last place in the list order is the count (rankings.ordine runs 1…N): one index entry, not N rows.
      classificati: sql<number>`(select coalesce(max(r.ordine), 0)::int from ${rankings} r where r.tipo = ${rankings.tipo} and r.sector_id = ${rankings.sectorId} and r.stagione = ${rankings.stagione})`,
    })
    .from(rankings)
    .innerJoin(
      latest,
      and(
        eq(latest.tipo, rankings.tipo),
        eq(latest.sectorId, rankings.sectorId),
        eq(latest.ultima, rankings.stagione),
      ),
    )
    .innerJoin(sectors, eq(sectors.id, rankings.sectorId))
    .innerJoin(disciplines, eq(disciplines.id, sectors.disciplineId))
    .where(eq(rankings.personId, ph('personId')))
    .orderBy(asc(disciplines.ordine), asc(sectors.ordine), desc(rankings.tipo))
    .prepare('giocatore_riepilogo_classifiche')
})

const personA = alias(persons, 'persona_a')
const partnerA = alias(persons, 'compagno_a')
const personB = alias(persons, 'persona_b')
const partnerB = alias(persons, 'compagno_b')
const played = sql`coalesce(${matches.giocataIl}, (${tournaments.dataFine} + time '12:00') at time zone 'Europe/Rome')`

/** A page of `matchesOf`, latest first, both sides' people named, the total on every row. */
const matchPage = preparedFor((db) =>
  db
    .select({
      id: matches.id,
      tournamentId: tournaments.id,
      torneo: tournaments.nome,
      turno: matches.turno,
      turni: draws.turni,
      tabellone: draws.tipo,
      girone: drawGroups.nome,
      giocataIl: sql<string>`${played}`,
      entryAId: matches.entryAId,
      entryBId: matches.entryBId,
      winnerEntryId: matches.winnerEntryId,
      esito: matches.esito,
      sets: matches.sets,
      personA: { id: personA.id, nome: personA.nome, cognome: personA.cognome },
      partnerA: { id: partnerA.id, nome: partnerA.nome, cognome: partnerA.cognome },
      personB: { id: personB.id, nome: personB.nome, cognome: personB.cognome },
      partnerB: { id: partnerB.id, nome: partnerB.nome, cognome: partnerB.cognome },
      record: sql<number>`(count(*) over ())::int`,
    })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(draws, eq(draws.id, matches.drawId))
    .leftJoin(drawGroups, eq(drawGroups.id, matches.groupId))
    .innerJoin(entryA, eq(entryA.id, matches.entryAId))
    .innerJoin(entryB, eq(entryB.id, matches.entryBId))
    .innerJoin(personA, eq(personA.id, entryA.personId))
    .leftJoin(partnerA, eq(partnerA.id, entryA.partnerId))
    .innerJoin(personB, eq(personB.id, entryB.personId))
    .leftJoin(partnerB, eq(partnerB.id, entryB.partnerId))
    .where(matchesOf(ph('personId'), ph('sectorId')))
    .orderBy(desc(played), desc(matches.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare('giocatore_partite'),
)

type SearchShape = {
  /** No text, one word («ros»), or several («mario ro», «rossi ma»). */
  text: 'none' | 'word' | 'words'
  /** The first word has one letter: no name starts with two letters of it. */
  letter: boolean
  provincia: boolean
  club: boolean
  /** A signed-in viewer, who finds themselves even when hidden. */
  viewer: boolean
}

/**
 * The players' search of one filter shape: its page and its total, built once per database and shape (48 shapes at
 * most), so drizzle does not build the SQL of every call (the largest part of the search's time in Node, measured).
 * Named statements, planned once per connection: a name's first word is an index range of placeholders, which a plan
 * made once for all values can walk (a `like 'ros%'` alone narrows an index only when planned with its value).
 *
 * Read from player_search (one row per person and sector, kept by triggers): a page walks an index in list order and
 * stops after its rows; the total is counted from the indexes alone (a name's first word: the surnames that start
 * with it, then the names that do whose surname does not, each its own index range), less the few who hid (kept on
 * their rows).
 */
function searchStatementsFor(db: Db, shape: SearchShape) {
  const key = keyOf(shape)
  // A text of several words («mario ro»), read when the statement runs: planned with their values, its few matches
  // made every plan cheaper than the one made once for all values, and PostgreSQL planned it again at every call
  // (1 ms of planning against 0.2 of running). Its plan made once walks the same index ranges (0.15–0.5 ms).
  const text = (name: string) => (shape.text === 'words' ? sql`(select ${ph(name)}::text)` : sql`${ph(name)}`)
  const wholeAtRun = text('whole')
  const narrowing = and(
    eq(playerSearch.sectorId, ph('sectorId')),
    // «mario ro», «rossi ma»: the whole text starts «surname name» or «name surname».
    shape.text === 'words'
      ? or(
          sql`${playerSearch.cognome} || ' ' || ${playerSearch.nome} like ${wholeAtRun}`,
          sql`${playerSearch.nome} || ' ' || ${playerSearch.cognome} like ${wholeAtRun}`,
        )
      : undefined,
    shape.provincia ? eq(playerSearch.provincia, ph('provincia')) : undefined,
    shape.club ? eq(playerSearch.clubId, ph('clubId')) : undefined,
  )
  // The index ranges the players are in: a name's first word is two (the surnames that start with it, the names
  // that do whose surname does not); without a text, the narrowing alone.
  // A word's prefix as an index range too (`from` ≤ name < `to`, the word with its last letter moved on by one): a
  // LIKE pattern only narrows an index when PostgreSQL plans with its value, the range in a plan made once for all.
  const startsWith = (column: typeof playerSearch.cognome | typeof playerSearch.nome) =>
    sql`(${column} >= ${text('from')} and ${column} < ${text('to')} and ${column} like ${text('first')})`
  const bySurname = startsWith(playerSearch.cognome)
  const ranges =
    shape.text === 'none'
      ? [narrowing]
      : [
          and(narrowing, bySurname),
          and(
            narrowing,
            // The names that start with the word's first two letters are in list order in their own index.
            shape.letter ? undefined : eq(playerSearch.nomeInizio, ph('inizio')),
            startsWith(playerSearch.nome),
            sql`not (${bySurname})`,
          ),
        ]
  // The page's people first (player_search alone, in list order), then their names and clubs: joined before the
  // limit, every match of a common prefix («ros»: 800) was looked up in persons and clubs. Each range is walked in
  // list order and cut at the page's end, then merged: one walk of the surname index filtered by either,
  // PostgreSQL's choice, read 27,851 rows of 200k players before the first «ferr».
  const findable = findableBy(shape.viewer ? ph('viewer') : null)
  const inOrder = (range: SQL | undefined) =>
    db
      .select({ personId: playerSearch.personId, cognome: playerSearch.cognome, nome: playerSearch.nome })
      .from(playerSearch)
      .where(and(range, findable))
      .orderBy(asc(playerSearch.cognome), asc(playerSearch.nome), asc(playerSearch.personId))
  const [surnames, names] = ranges
  const pagina = (
    names
      ? unionAll(inOrder(surnames).limit(ph('upTo')), inOrder(names).limit(ph('upTo')))
          .orderBy(asc(sql`cognome`), asc(sql`nome`), asc(sql`person_id`))
          .limit(ph('limit'))
          .offset(ph('offset'))
      : inOrder(surnames).limit(ph('limit')).offset(ph('offset'))
  ).as('pagina')
  // The total: each range counted from its index, less the few who hid (their own partial index,
  // player_search_nascosti_idx), each a scalar subquery.
  const counted = (condition: SQL | undefined) =>
    sql`(${db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerSearch)
      .where(condition)})`
  const all = sql.join(ranges.map(counted), sql` + `)
  const hidden = counted(
    and(
      or(...ranges),
      playerSearch.nascosto,
      shape.viewer ? ne(playerSearch.personId, ph('viewer')) : undefined,
    ),
  )
  const page = db
    .select({
      id_persona: persons.id,
      nome: persons.nome,
      cognome: persons.cognome,
      provincia: persons.provincia,
      id_circolo: persons.clubId,
      circolo: clubs.nome,
      // The total on every row (PostgreSQL reckons it once): one round trip for a page and its total.
      record: sql<number>`(${all} - ${hidden})::int`,
    })
    .from(pagina)
    .innerJoin(persons, eq(persons.id, pagina.personId))
    .leftJoin(clubs, eq(clubs.id, persons.clubId))
    .orderBy(asc(pagina.cognome), asc(pagina.nome), asc(pagina.personId))
    .prepare(`giocatori_ricerca_${key}`)
  // A page past the end has no row to carry the total: it alone, one row (the sector's own: the route checked it).
  const total = db
    .select({ n: sql<number>`(${all} - ${hidden})::int` })
    .from(sectors)
    .where(eq(sectors.id, ph('sectorId')))
    .prepare(`giocatori_ricerca_totale_${key}`)
  return { page, total }
}
/** A shape's key («word_0110»), which also names its statements. */
const keyOf = (shape: SearchShape) =>
  `${shape.text}_${+shape.letter}${+shape.provincia}${+shape.club}${+shape.viewer}`
const searchStatements = preparedByKey(keyOf, searchStatementsFor)

/** A person's titles and finals in a sector (tournament lines won or lost in the final). */
const palmaresWhere = () =>
  and(
    eq(tournamentPoints.personId, ph('personId')),
    eq(tournamentPoints.sectorId, ph('sectorId')),
    inArray(tournamentPoints.risultato, ['V', 'F']),
  )

/**
 * A page of the palmares with its total on every row, left-joined to one row that says whether the person exists:
 * one round trip, found or not.
 */
const palmaresStatement = preparedFor((db) => {
  const pagina = db.$with('pagina').as(
    db
      .select({
        id_torneo: sql<number>`${tournaments.id}`.as('id_torneo'),
        torneo: sql<string>`${tournaments.nome}`.as('torneo'),
        data: sql<string>`${tournamentPoints.data}`.as('data'),
        categoria: sql<string>`${tournamentPoints.categoria}`.as('categoria'),
        risultato: sql<string>`${tournamentPoints.risultato}`.as('risultato'),
        circolo: sql<string | null>`${clubs.nome}`.as('circolo'),
        record: sql<number>`(count(*) over ())::int`.as('record'),
      })
      .from(tournamentPoints)
      .innerJoin(tournaments, eq(tournaments.id, tournamentPoints.tournamentId))
      .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
      .where(palmaresWhere())
      .orderBy(desc(tournamentPoints.data), desc(tournaments.id))
      .limit(ph('limit'))
      .offset(ph('offset')),
  )
  return db
    .with(pagina)
    .select({
      esiste: personExistsColumn(ph('personId')),
      id_torneo: pagina.id_torneo,
      torneo: pagina.torneo,
      data: pagina.data,
      categoria: pagina.categoria,
      risultato: pagina.risultato,
      circolo: pagina.circolo,
      record: pagina.record,
    })
    .from(ONE_ROW)
    .leftJoin(pagina, sql`true`)
    .orderBy(desc(pagina.data), desc(pagina.id_torneo))
    .prepare('giocatore_palmares')
})

/** The palmares' total, for a page past its end. */
const palmaresCount = preparedFor((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(tournamentPoints)
    .where(palmaresWhere())
    .prepare('giocatore_palmares_totale'),
)

/**
 * The sector's tournaments the person is entered in (confirmed, not on the waiting list) that end on `today` or later
 * and are neither cancelled nor concluded.
 */
const upcomingWhere = () =>
  and(
    or(eq(tournamentEntries.personId, ph('personId')), eq(tournamentEntries.partnerId, ph('personId'))),
    eq(tournamentEntries.status, 'iscritto'),
    eq(tournaments.sectorId, ph('sectorId')),
    gte(tournaments.dataFine, ph('today')),
    ne(tournaments.status, 'annullato'),
    ne(tournaments.status, 'concluso'),
  )

/**
 * A page of the person's upcoming tournaments, soonest first, each with the partner's name in doubles and the total,
 * left-joined to one row that says whether the person exists: one round trip (three before).
 */
const upcomingStatement = preparedFor((db) => {
  const partner = alias(persons, 'compagno')
  const partnerId = sql`case when ${tournamentEntries.personId} = ${ph('personId')} then ${tournamentEntries.partnerId} else ${tournamentEntries.personId} end`
  const pagina = db.$with('pagina').as(
    db
      .select({
        id_torneo: sql<number>`${tournaments.id}`.as('id_torneo'),
        torneo: sql<string>`${tournaments.nome}`.as('torneo'),
        data_inizio: sql<string>`${tournaments.dataInizio}`.as('data_inizio'),
        data_fine: sql<string>`${tournaments.dataFine}`.as('data_fine'),
        categoria: sql<string>`${tournaments.categoria}`.as('categoria'),
        circolo: sql<string | null>`${clubs.nome}`.as('circolo'),
        comune: sql<string | null>`${clubs.comune}`.as('comune'),
        compagnoId: sql<number | null>`${partner.id}`.as('compagno_id'),
        compagnoNome: sql<string | null>`${partner.nome}`.as('compagno_nome'),
        compagnoCognome: sql<string | null>`${partner.cognome}`.as('compagno_cognome'),
        record: sql<number>`(count(*) over ())::int`.as('record'),
      })
      .from(tournamentEntries)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
      .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
      .leftJoin(partner, sql`${partner.id} = ${partnerId}`)
      .where(upcomingWhere())
      .orderBy(asc(tournaments.dataInizio), asc(tournaments.id))
      .limit(ph('limit'))
      .offset(ph('offset')),
  )
  return db
    .with(pagina)
    .select({
      esiste: personExistsColumn(ph('personId')),
      id_torneo: pagina.id_torneo,
      torneo: pagina.torneo,
      data_inizio: pagina.data_inizio,
      data_fine: pagina.data_fine,
      categoria: pagina.categoria,
      circolo: pagina.circolo,
      comune: pagina.comune,
      compagnoId: pagina.compagnoId,
      compagnoNome: pagina.compagnoNome,
      compagnoCognome: pagina.compagnoCognome,
      record: pagina.record,
    })
    .from(ONE_ROW)
    .leftJoin(pagina, sql`true`)
    .orderBy(asc(pagina.data_inizio), asc(pagina.id_torneo))
    .prepare('giocatore_prossimi_tornei')
})

/** The upcoming tournaments' total, for a page past its end. */
const upcomingCount = preparedFor((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(tournamentEntries)
    .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
    .where(upcomingWhere())
    .prepare('giocatore_prossimi_tornei_totale'),
)

export function playersRepository(db: Db) {
  return {
    /**
     * A page of the sector's players (a card of the sector) by name as typed («ros», «rossi ma», «mario ro»),
     * province and club, by surname and name, with the total; who hid from searches only for themselves (`viewer`):
     * the statements of its shape (`searchStatementsFor`).
     */
    async search(filter: PlayerSearch, limit: number, offset: number, viewer: number | null) {
      const whole = filter.testo?.toLowerCase().replace(/\s+/g, ' ').trim() || undefined
      const word = whole?.split(' ')[0]
      const shape: SearchShape = {
        text: whole === undefined ? 'none' : whole.includes(' ') ? 'words' : 'word',
        letter: word !== undefined && [...word].length < 2,
        provincia: filter.provincia !== undefined && filter.provincia !== '',
        club: filter.clubId !== undefined,
        viewer: viewer !== null,
      }
      const statements = searchStatements(db, shape)
      const values = {
        sectorId: filter.sectorId,
        whole: whole === undefined ? undefined : prefix(whole),
        first: word === undefined ? undefined : prefix(word),
        from: word,
        to: word === undefined ? undefined : nextAfterPrefix(word),
        inizio: word === undefined ? undefined : [...word].slice(0, 2).join(''),
        provincia: filter.provincia,
        clubId: filter.clubId,
        viewer: viewer ?? undefined,
        upTo: offset + limit,
        limit,
        offset,
      }
      const found = await statements.page.execute(values)
      const rows = found.map(({ record: _total, ...row }) => row)
      const record = await totalOf(
        found,
        offset,
        async () => (await statements.total.execute(values))[0]?.n ?? 0,
      )
      return { rows, record }
    },

    /** The person with their club's name, or undefined. */
    async profile(personId: number) {
      const [row] = await db
        .select({
          id: persons.id,
          nome: persons.nome,
          cognome: persons.cognome,
          provincia: persons.provincia,
          clubId: persons.clubId,
          circolo: clubs.nome,
        })
        .from(persons)
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .where(eq(persons.id, personId))
        .limit(1)
      return row
    },

    /**
     * The player page's header in one statement: the person with their club's name, their Power in the sector and
     * their privacy choices (null when they never chose: the defaults) and the sectors they play in, or undefined.
     */
    async card(personId: number, sectorId: number) {
      const [row] = await playerCard(db).execute({ personId, sectorId })
      if (!row) return undefined
      const { visibileRicerche, mostraPower, chose, power, partite, provvisorio, settori, ...person } = row
      return {
        person,
        settori,
        power: power === null ? undefined : { power, partite: partite!, provvisorio: provvisorio! },
        choices: chose ? { visibileRicerche, mostraPower } : null,
      }
    },

    /** The person's Power in the sector, or undefined. */
    async power(personId: number, sectorId: number) {
      const [row] = await db
        .select({
          power: powerRatings.power,
          partite: powerRatings.partite,
          provvisorio: powerRatings.provvisorio,
        })
        .from(powerRatings)
        .where(and(eq(powerRatings.personId, personId), eq(powerRatings.sectorId, sectorId)))
      return row
    },

    /**
     * A player's points page of a ranking (`pointPageStatements`): the season (`stagione`, or the latest) with its
     * day, the player's place, whether the person exists, and the lines from the period's start (`reachDays` back
     * from the national ranking's day).
     */
    async pointPage(
      tipo: 'race' | 'nazionale',
      sectorId: number,
      personId: number,
      stagione: number | undefined,
      reachDays: number,
    ) {
      const [row] = await pointPageStatements[stagione !== undefined ? 1 : 0]!(db).execute({
        tipo,
        sectorId,
        personId,
        stagione,
        reachDays,
      })
      return row!
    },

    /** Whether the person exists. */
    async exists(personId: number): Promise<boolean> {
      return (await personExists(db).execute({ personId })).length > 0
    },

    /**
     * The person's place in the latest race and national ranking of every sector they are in, with how many
     * players each ranking holds.
     */
    rankingSummary(personId: number) {
      return rankingSummaryStatement(db).execute({ personId })
    },

    /**
     * A page of the person's matches played (walkovers and retirements included, byes not) in the sector's
     * tournaments, latest first, with the entries on both sides named: one prepared statement (`matchPage`), the
     * total on its rows; only a page past the end counts apart.
     */
    async results(personId: number, sectorId: number, limit: number, offset: number) {
      const rows = await matchPage(db).execute({ personId, sectorId, limit, offset })
      const sides = rows.flatMap((r) => [
        { id: r.entryAId!, person: r.personA, partner: r.partnerA },
        { id: r.entryBId!, person: r.personB, partner: r.partnerB },
      ])
      const entries = sides.map((s) => ({
        id: s.id,
        personId: s.person.id,
        partnerId: s.partner?.id ?? null,
      }))
      const names = new Map(
        sides.flatMap((s) => (s.partner ? [s.person, s.partner] : [s.person])).map((p) => [p.id, p]),
      )
      const record = await totalOf(rows, offset, () =>
        countOf(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(matches)
            .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
            .where(matchesOf(sql`${personId}`, sql`${sectorId}`)),
        ),
      )
      return {
        rows: rows.map(
          ({ record: _r, personA: _pa, partnerA: _ca, personB: _pb, partnerB: _cb, ...row }) => row,
        ),
        record,
        entries: new Map(entries.map((e) => [e.id, e])),
        names,
        entered: rows.length > 0,
      }
    },

    /**
     * A page of the person's titles and finals in the sector, latest first, with the total and whether the person
     * exists (`palmaresStatement`: one statement, as the page has no row when the person has no title).
     */
    async palmares(personId: number, sectorId: number, limit: number, offset: number) {
      const found = await palmaresStatement(db).execute({ personId, sectorId, limit, offset })
      const page = found.filter((r) => r.id_torneo !== null)
      const rows = page.map((r) => ({
        id_torneo: r.id_torneo!,
        torneo: r.torneo!,
        data: r.data!,
        categoria: r.categoria!,
        risultato: r.risultato!,
        // A tournament may have no club.
        circolo: r.circolo,
      }))
      const record = await totalOf(
        page as { record: number }[],
        offset,
        async () => (await palmaresCount(db).execute({ personId, sectorId }))[0]?.n ?? 0,
      )
      return { rows, record, exists: found[0]?.esiste ?? false }
    },

    /**
     * A page of the sector's tournaments the person is entered in (confirmed, not on the waiting list) that end
     * on `today` or later and are not cancelled, soonest first, with the partner in doubles.
     */
    async upcoming(personId: number, sectorId: number, today: string, limit: number, offset: number) {
      const found = await upcomingStatement(db).execute({ personId, sectorId, today, limit, offset })
      const page = found.filter((r) => r.id_torneo !== null)
      return {
        rows: page.map((r) => ({
          id_torneo: r.id_torneo!,
          torneo: r.torneo!,
          data_inizio: r.data_inizio!,
          data_fine: r.data_fine!,
          categoria: r.categoria!,
          circolo: r.circolo,
          comune: r.comune,
          // The other player of a doubles entry, whichever of the two the person is.
          compagno:
            r.compagnoId === null
              ? null
              : { id: r.compagnoId, nome: r.compagnoNome!, cognome: r.compagnoCognome! },
        })),
        record: await totalOf(
          page as { record: number }[],
          offset,
          async () => (await upcomingCount(db).execute({ personId, sectorId, today }))[0]?.n ?? 0,
        ),
        exists: found[0]?.esiste ?? false,
      }
    },
    /**
     * The person's matches played in the sector's tournaments (retirements included; walkovers and byes not):
     * won or lost, the court's surface, the opponents' level before the match as Power rated it (null when the
     * match was not rated), and who the opponents were (their privacy decides whether the level may be shown).
     */
    async statMatches(personId: number, sectorId: number) {
      const own = db
        .select({ id: tournamentEntries.id })
        .from(tournamentEntries)
        .where(or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)))
      const played = sql<string>`coalesce(${matches.giocataIl}, (${tournaments.dataFine} + time '12:00') at time zone 'Europe/Rome')`
      const rows = await db
        .select({
          giocataIl: played,
          winnerEntryId: matches.winnerEntryId,
          entryAId: matches.entryAId,
          entryBId: matches.entryBId,
          a: { personId: entryA.personId, partnerId: entryA.partnerId },
          b: { personId: entryB.personId, partnerId: entryB.partnerId },
          superficie: courts.superficie,
          livelloAvversari: powerHistory.livelloAvversari,
        })
        .from(matches)
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .innerJoin(entryA, eq(entryA.id, matches.entryAId))
        .innerJoin(entryB, eq(entryB.id, matches.entryBId))
        .leftJoin(courts, eq(courts.id, matches.courtId))
        .leftJoin(
          powerHistory,
          and(eq(powerHistory.matchId, matches.id), eq(powerHistory.personId, personId)),
        )
        .where(
          and(
            eq(tournaments.sectorId, sectorId),
            inArray(matches.esito, ['giocata', 'ritiro']),
            or(inArray(matches.entryAId, own), inArray(matches.entryBId, own)),
          ),
        )
      return rows.map((r) => {
        const { other, ownIsA } = sidesOf(personId, r.a, r.b)
        return {
          at: new Date(r.giocataIl),
          vinta: r.winnerEntryId === (ownIsA ? r.entryAId : r.entryBId),
          superficie: r.superficie,
          livelloAvversari: r.livelloAvversari,
          avversari: other,
        }
      })
    },

    /** The person's Power in the sector with what the promotion flag reads, or undefined. */
    async powerRating(personId: number, sectorId: number) {
      const [row] = await db
        .select({
          power: powerRatings.power,
          partite: powerRatings.partite,
          partiteTorneo: powerRatings.partiteTorneo,
          provvisorio: powerRatings.provvisorio,
          promozione: powerRatings.promozione,
        })
        .from(powerRatings)
        .where(and(eq(powerRatings.personId, personId), eq(powerRatings.sectorId, sectorId)))
      return row
    },

    /**
     * Every change of the person's Power in the sector, oldest first, each with its source: a tournament match
     * (with the tournament) or a challenge, and both sides named (own side first).
     */
    async powerHistory(personId: number, sectorId: number) {
      const rows = await db
        .select({
          h: powerHistory,
          tournamentId: tournaments.id,
          torneo: tournaments.nome,
          a: { personId: entryA.personId, partnerId: entryA.partnerId },
          b: { personId: entryB.personId, partnerId: entryB.partnerId },
        })
        .from(powerHistory)
        .leftJoin(matches, eq(matches.id, powerHistory.matchId))
        .leftJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .leftJoin(entryA, eq(entryA.id, matches.entryAId))
        .leftJoin(entryB, eq(entryB.id, matches.entryBId))
        .where(and(eq(powerHistory.personId, personId), eq(powerHistory.sectorId, sectorId)))
        .orderBy(asc(powerHistory.giocataIl), asc(powerHistory.id))
      const challengeIds = [...new Set(rows.map((r) => r.h.challengeId).filter((id) => id !== null))]
      const participants =
        challengeIds.length === 0
          ? []
          : await db
              .select({
                challengeId: challengeParticipants.challengeId,
                personId: challengeParticipants.personId,
                lato: challengeParticipants.lato,
              })
              .from(challengeParticipants)
              .where(inArray(challengeParticipants.challengeId, challengeIds))
      const sides = rows.map((r) => {
        if (r.h.challengeId === null) return sidesOf(personId, r.a ?? NO_ENTRY, r.b ?? NO_ENTRY)
        const people = participants.filter((p) => p.challengeId === r.h.challengeId)
        const lato = people.find((p) => p.personId === personId)?.lato
        return {
          own: people.filter((p) => p.lato === lato).map((p) => p.personId),
          other: people.filter((p) => p.lato !== lato).map((p) => p.personId),
          ownIsA: lato === 1,
        }
      })
      const ids = [...new Set(sides.flatMap((s) => [...s.own, ...s.other]))]
      const names =
        ids.length === 0
          ? []
          : await db
              .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
              .from(persons)
              .where(inArray(persons.id, ids))
      return {
        rows: rows.map((r, i) => ({
          ...r.h,
          tournamentId: r.tournamentId,
          torneo: r.torneo,
          own: sides[i]!.own,
          other: sides[i]!.other,
        })),
        names: new Map(names.map((n) => [n.id, n])),
      }
    },
  }
}
