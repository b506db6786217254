// The players' list and the player page (issue 20, item 3), on PGlite and on PostgreSQL (DATABASE_URL):
// ricerca_giocatori by name, province, club and sector with paging; giocatori/dettaglio/view,
// dettaglio-punti/view (its lines add up to the ranking's points), ultimi_risultati/list, palmares/list,
// prossimi_tornei/list and classifica_riepilogo/list; and each privacy choice of /impostazioni per toggle: hidden
// from searches is found by no one but themselves, a hidden Power is in no answer to anyone else. The fixture
// lives in a sector of its own (62), removed after the file; the rankings are rebuilt by the code a finished
// tournament runs (server/repositories/ranking-refresh.ts).
import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { clubs, persons, sectors, tessere } from '../../server/db/schema/core.ts'
import {
  clubRankings,
  matches,
  powerRatings,
  rankingCounts,
  rankings,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { refreshRankings } from '../../server/repositories/ranking-refresh.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'

const SECTOR = 62
const season = currentSeason()
const today = todayInItaly()

function daysFrom(days: number): string {
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
/** `days` before today, never before 1 January: every line counts in this year's race too. */
const daysAgo = (days: number) => {
  const iso = daysFrom(-days)
  return iso < `${season}-01-01` ? `${season}-01-01` : iso
}

type Player = { id: number; token: string; accountId: string; cognome: string; nome: string }

let app: FastifyInstance
const tag = uniqueLetters(6)
const players: Record<string, Player> = {}
let clubA = 0
let clubB = 0
let upcomingId = 0
const tournamentIds: number[] = []

async function player(key: string, nome: string, provincia: string, club: number): Promise<Player> {
  const { db } = await testDatabase()
  const cognome = `Scheda${tag}${key}`
  const account = await createAccount({ person: { nome, cognome, provincia, clubId: club, sesso: 'M' } })
  await db.insert(tessere).values({
    codiceTessera: `S${randomUUID().replace(/-/g, '').slice(0, 15)}`,
    personId: account.personId!,
    tipologia: 'Agonistica',
    disciplineId: DISCIPLINE_IDS.PICKLEBALL,
    sectorId: SECTOR,
    stagione: season,
    validaDal: `${season}-01-01`,
    validaAl: `${season}-12-31`,
  })
  const made = { id: account.personId!, token: await tokenFor(account), accountId: account.id, cognome, nome }
  players[key] = made
  return made
}

/**
 * Club A (Roma): Marco, with twelve results (all twelve in the race; his best ten in the national ranking) and a
 * Power of 57.4; Luca, hidden from searches. Club B (Milano): Paolo, who hides his Power (61.8), won one title and
 * is entered in a tournament still to come with Marco as his partner.
 */
async function fixture() {
  const { db } = await testDatabase()
  await db
    .insert(sectors)
    .values({ id: SECTOR, disciplineId: DISCIPLINE_IDS.PICKLEBALL, nome: 'Prova scheda', ordine: 98 })
    .onConflictDoNothing()
  const club = async (provincia: string, comune: string) =>
    (
      await db
        .insert(clubs)
        .values({
          codice: `${provincia}${uniqueLetters(8)}`,
          nome: `Circolo ${comune} ${tag}`,
          provincia,
          comune,
          indirizzo: 'Via dei Campi 1',
        })
        .returning()
    )[0]!.id
  clubA = await club('RM', 'Roma')
  clubB = await club('MI', 'Milano')
  await player('marco', 'Marco', 'RM', clubA)
  await player('luca', 'Luca', 'RM', clubA)
  await player('paolo', 'Paolo', 'MI', clubB)
  await db.insert(powerRatings).values(
    [
      { personId: players.marco!.id, power: 57.4 },
      { personId: players.paolo!.id, power: 61.8 },
    ].map((p) => ({
      ...p,
      sectorId: SECTOR,
      partite: 14,
      partiteTorneo: 14,
      provvisorio: false,
      promozione: false,
      aggiornatoIl: new Date(),
    })),
  )
  await call(
    app,
    'impostazioni/view_upsert',
    { impostazioni: { visibile_ricerche: false } },
    players.luca!.token,
  )
  await call(app, 'impostazioni/view_upsert', { impostazioni: { mostra_power: false } }, players.paolo!.token)

  let n = 0
  const line = async (who: string, risultato: string, categoria: string, punti: number, days: number) => {
    n++
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Torneo ${n} ${tag}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        sectorId: SECTOR,
        tipo: 'TR',
        categoria,
        clubId: clubA,
        dataInizio: daysAgo(days),
        dataFine: daysAgo(days),
        status: 'concluso',
      })
      .returning()
    tournamentIds.push(t!.id)
    await db.insert(tournamentPoints).values({
      tournamentId: t!.id,
      personId: players[who]!.id,
      sectorId: SECTOR,
      risultato,
      categoria,
      punti,
      data: daysAgo(days),
    })
  }
  // Marco: twelve lines; the two smallest (R128 in a LIMIT 45: 3 points) fall out of the national best ten.
  await line('marco', 'SF', 'OPEN', 180, 2)
  await line('marco', 'F', 'LIMIT_65', 195, 3)
  await line('marco', 'QF', 'LIMIT_45', 41, 4)
  for (let i = 0; i < 7; i++) await line('marco', 'R16', 'OPEN', 45, 5 + i)
  await line('marco', 'R128', 'LIMIT_45', 3, 13)
  await line('marco', 'R128', 'LIMIT_45', 3, 14)
  await line('paolo', 'V', 'OPEN', 500, 2)
  await line('luca', 'QF', 'OPEN', 90, 2)
  await db.transaction((tx) =>
    refreshRankings(tx, { sectorId: SECTOR, dataFine: today, circuitId: null }, today),
  )

  const [upcoming] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo in arrivo ${tag}`,
      disciplineId: DISCIPLINE_IDS.PICKLEBALL,
      sectorId: SECTOR,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'doppio',
      clubId: clubB,
      dataInizio: daysFrom(20),
      dataFine: daysFrom(21),
      status: 'iscrizioni_aperte',
    })
    .returning()
  upcomingId = upcoming!.id
  tournamentIds.push(upcomingId)
  await db.insert(tournamentEntries).values({
    tournamentId: upcomingId,
    personId: players.paolo!.id,
    partnerId: players.marco!.id,
    status: 'iscritto',
  })
}

beforeAll(async () => {
  app = await buildTestApp()
  await fixture()
})

afterAll(async () => {
  await app.close()
  const { db } = await testDatabase()
  await db.delete(tournamentEntries).where(eq(tournamentEntries.tournamentId, upcomingId))
  await db.delete(rankings).where(eq(rankings.sectorId, SECTOR))
  await db.delete(rankingCounts).where(eq(rankingCounts.sectorId, SECTOR))
  await db.delete(clubRankings).where(eq(clubRankings.sectorId, SECTOR))
  await db.delete(tournamentPoints).where(eq(tournamentPoints.sectorId, SECTOR))
  await db.delete(powerRatings).where(eq(powerRatings.sectorId, SECTOR))
  await db.delete(tournaments).where(inArray(tournaments.id, tournamentIds))
  await db.delete(tessere).where(eq(tessere.sectorId, SECTOR))
  await db.delete(sectors).where(eq(sectors.id, SECTOR))
})

type Row = Record<string, unknown>
const name = (key: string) => `${players[key]!.nome} ${players[key]!.cognome}`
const search = async (body: Row, token?: string) => {
  const response = await call(app, 'ricerca_giocatori', { id_settore: SECTOR, ...body }, token)
  return { ...response, rows: (response.body.results ?? []) as Row[] }
}
const scheda = (path: string, key: string, body: Row = {}, token?: string) =>
  call(app, path, { id_persona: players[key]!.id, id_settore: SECTOR, ...body }, token)

describe('ricerca_giocatori: the players’ list', () => {
  it('finds the sector’s players by name, province and club, by surname, a page at a time with the total', async () => {
    const byName = await search({ testo: `Scheda${tag}` })
    expect(byName.status).toBe(200)
    expect(byName.rows.map((r) => r.persona)).toEqual([name('marco'), name('paolo')])
    expect(byName.body.record).toBe(2)
    expect(byName.rows[0]).toEqual({
      id_persona: players.marco!.id,
      persona: name('marco'),
      provincia: 'RM',
      id_circolo: clubA,
      circolo: `Circolo Roma ${tag}`,
    })
    expect((await search({ provincia: 'MI', id_circolo: clubB })).rows.map((r) => r.persona)).toEqual([
      name('paolo'),
    ])
    expect((await search({ id_circolo: clubA })).rows.map((r) => r.persona)).toEqual([name('marco')])
    expect((await search({ testo: `marco scheda${tag}` })).rows.map((r) => r.persona)).toEqual([
      name('marco'),
    ])
    const second = await search({ testo: `Scheda${tag}`, fetchrows: 1, rowstoskip: 1 })
    expect([second.rows.map((r) => r.persona), second.body.record]).toEqual([[name('paolo')], 2])
    const past = await search({ testo: `Scheda${tag}`, fetchrows: 1, rowstoskip: 5 })
    expect([past.rows, past.body.record]).toEqual([[], 2])
  })

  it('follows the cards and the people: a new surname is found, a card of another sector finds them there, the last one removed no more', async () => {
    const { db } = await testDatabase()
    const paolo = players.paolo!
    // Each question its own (fetchrows): the answers are cached for a minute, and these changes bypass the API.
    await db
      .update(persons)
      .set({ cognome: `Rinominato${tag}` })
      .where(eq(persons.id, paolo.id))
    try {
      expect((await search({ testo: `rinominato${tag}` })).rows.map((r) => r.id_persona)).toEqual([paolo.id])
      expect((await search({ testo: `Scheda${tag}`, fetchrows: 19 })).body.record).toBe(1)
    } finally {
      await db.update(persons).set({ cognome: paolo.cognome }).where(eq(persons.id, paolo.id))
    }
    expect((await search({ testo: `Scheda${tag}`, fetchrows: 18 })).body.record).toBe(2)

    const card = {
      codiceTessera: `T${uniqueLetters(10)}`,
      personId: paolo.id,
      tipologia: 'Agonistica',
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: season,
      validaDal: `${season}-01-01`,
      validaAl: `${season}-12-31`,
    }
    const tennis = (fetchrows: number) =>
      call(app, 'ricerca_giocatori', {
        id_settore: SECTOR_IDS.TENNIS,
        testo: `Scheda${tag}`,
        fetchrows,
      }).then((r) => (r.body.results as Row[]).map((row) => row.id_persona))
    const [added] = await db.insert(tessere).values(card).returning()
    try {
      expect(await tennis(17)).toEqual([paolo.id])
    } finally {
      await db.delete(tessere).where(eq(tessere.id, added!.id))
    }
    expect(await tennis(16)).toEqual([])
  })

  it('counts the total of a full page without who hid from searches, but with the viewer who did', async () => {
    // Luca hid (the fixture): a full page of one row makes the total counted, not read off the page.
    const total = async (token?: string) =>
      (await search({ testo: `Scheda${tag}`, fetchrows: 1 }, token)).body.record
    expect(await total()).toBe(2)
    expect(await total(players.marco!.token)).toBe(2)
    expect(await total(players.luca!.token)).toBe(3)
    expect((await search({ provincia: 'RM', id_circolo: clubA, fetchrows: 1 })).body.record).toBe(1)
  })

  it('finds only the sector’s players: another sector has none of them', async () => {
    const tennis = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.TENNIS,
      testo: `Scheda${tag}`,
    })
    expect(tennis.body).toEqual({ results: [], record: 0 })
  })

  it('visibile_ricerche off: the player is found by no visitor and no other player, only by themselves', async () => {
    const ids = (rows: Row[]) => rows.map((r) => r.id_persona)
    expect(ids((await search({ id_circolo: clubA })).rows)).toEqual([players.marco!.id])
    expect(ids((await search({ id_circolo: clubA }, players.marco!.token)).rows)).toEqual([players.marco!.id])
    expect(ids((await search({ id_circolo: clubA }, players.luca!.token)).rows)).toEqual([
      players.luca!.id,
      players.marco!.id,
    ])
    // Turned back on, the next visitor finds them (the cached answer is dropped).
    await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { visibile_ricerche: true } },
      players.luca!.token,
    )
    expect(ids((await search({ id_circolo: clubA })).rows)).toEqual([players.luca!.id, players.marco!.id])
    await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { visibile_ricerche: false } },
      players.luca!.token,
    )
    expect(ids((await search({ id_circolo: clubA })).rows)).toEqual([players.marco!.id])
  })

  it('refuses a province that is no sigla and a text of one letter, in Italian', async () => {
    expect((await search({ provincia: 'Roma' })).body.message).toBe(
      'Richiesta non valida: il campo «provincia» deve essere la sigla di una provincia (es. RM).',
    )
    expect((await search({ testo: 'a' })).status).toBe(400)
  })
})

describe('giocatori/dettaglio/view', () => {
  it('shows the profile: name, province, club, sectors, and the Power of the sector', async () => {
    const response = await scheda('giocatori/dettaglio/view', 'marco')
    expect(response.status).toBe(200)
    expect(response.body.result).toEqual({
      id_persona: players.marco!.id,
      persona: name('marco'),
      nome: 'Marco',
      cognome: players.marco!.cognome,
      provincia: 'RM',
      id_circolo: clubA,
      circolo: `Circolo Roma ${tag}`,
      settori: [{ id_settore: SECTOR, nome: 'Pickleball · Prova scheda' }],
      power: { valore: 57.4, provvisorio: false, partite: 14 },
      tu: false,
    })
  })

  it('mostra_power off: no Power to a visitor or another player, in no field; the player sees their own', async () => {
    const json = (body: unknown) => JSON.stringify(body)
    const visitor = await scheda('giocatori/dettaglio/view', 'paolo')
    const other = await scheda('giocatori/dettaglio/view', 'paolo', {}, players.marco!.token)
    for (const answer of [visitor, other]) {
      expect((answer.body.result as Row).power).toBeNull()
      expect(json(answer.body)).not.toContain('61.8')
    }
    const own = await scheda('giocatori/dettaglio/view', 'paolo', {}, players.paolo!.token)
    expect((own.body.result as Row).power).toEqual({ valore: 61.8, provvisorio: false, partite: 14 })
    expect((own.body.result as Row).tu).toBe(true)
    // Shown again, a visitor reads it at once (the cached answer is dropped), and hidden again it goes.
    await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { mostra_power: true } },
      players.paolo!.token,
    )
    expect(((await scheda('giocatori/dettaglio/view', 'paolo')).body.result as Row).power).toMatchObject({
      valore: 61.8,
    })
    await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { mostra_power: false } },
      players.paolo!.token,
    )
    expect(((await scheda('giocatori/dettaglio/view', 'paolo')).body.result as Row).power).toBeNull()
  })

  it('shows no Power of a hidden player in any other answer of the page', async () => {
    const paths = [
      'giocatori/ultimi_risultati/list',
      'giocatori/palmares/list',
      'giocatori/prossimi_tornei/list',
    ]
    for (const path of paths)
      expect(JSON.stringify((await scheda(path, 'paolo')).body)).not.toMatch(/power|61[.,]8/i)
    for (const tipo of ['race', 'nazionale'])
      expect(
        JSON.stringify((await scheda('giocatori/dettaglio-punti/view', 'paolo', { tipo })).body),
      ).not.toMatch(/power|61[.,]8/i)
    expect(
      JSON.stringify(
        (await call(app, 'giocatori/classifica_riepilogo/list', { id_persona: players.paolo!.id })).body,
      ),
    ).not.toMatch(/power|61[.,]8/i)
  })

  it('answers 404 in Italian for a player who does not exist, on every call of the page', async () => {
    for (const path of [
      'giocatori/dettaglio/view',
      'giocatori/dettaglio-punti/view',
      'giocatori/ultimi_risultati/list',
      'giocatori/palmares/list',
      'giocatori/prossimi_tornei/list',
      'giocatori/classifica_riepilogo/list',
    ]) {
      const body = path.includes('riepilogo')
        ? { id_persona: 2_000_000_000 }
        : {
            id_persona: 2_000_000_000,
            id_settore: SECTOR,
            ...(path.includes('punti') ? { tipo: 'race' } : {}),
          }
      const response = await call(app, path, body)
      expect({ path, status: response.status, message: response.body.message }).toEqual({
        path,
        status: 404,
        message: 'Giocatore non trovato',
      })
    }
  })
})

describe('giocatori/dettaglio-punti/view', () => {
  const ranked = async (tipo: string, key: string) => {
    const rows = (
      await call(app, 'classifiche/classifiche/list', { id_settore: SECTOR, tipo, fetchrows: 100 })
    ).body.results as Row[]
    return rows.find((r) => r.id_persona === players[key]!.id)!
  }

  it('the race: every line of the season, each with its tournament, round and coefficient; their sum is the ranking’s points', async () => {
    const response = await scheda('giocatori/dettaglio-punti/view', 'marco', { tipo: 'race' })
    expect(response.status).toBe(200)
    const lines = response.body.results as Row[]
    expect(lines).toHaveLength(12)
    expect(lines.every((l) => l.conta === true)).toBe(true)
    const sum = lines.reduce((s, l) => s + (l.punti as number), 0)
    const row = await ranked('race', 'marco')
    expect([response.body.punti, sum, response.body.posizione]).toEqual([row.punti, row.punti, row.posizione])
    expect(sum).toBe(180 + 195 + 41 + 7 * 45 + 3 + 3)
    expect(lines[1]).toMatchObject({
      torneo: `Torneo 2 ${tag}`,
      data: daysAgo(3),
      risultato: 'F',
      turno: 'Finalista',
      categoria: 'LIMIT 65',
      coefficiente: 0.65,
      punti_base: 300,
      punti: 195,
    })
    expect(response.body).toMatchObject({ tipo: 'race', stagione: season, calcolata_al: today, record: 12 })
  })

  it('the national ranking: its best ten count, the other two are shown as not counting; the sum of those that count is its points', async () => {
    const response = await scheda('giocatori/dettaglio-punti/view', 'marco', { tipo: 'nazionale' })
    const lines = response.body.results as Row[]
    expect(lines.filter((l) => l.conta).length).toBe(10)
    expect(lines.filter((l) => !l.conta).map((l) => l.punti)).toEqual([3, 3])
    const counted = lines.filter((l) => l.conta).reduce((s, l) => s + (l.punti as number), 0)
    const row = await ranked('nazionale', 'marco')
    expect([counted, response.body.punti]).toEqual([row.punti, row.punti])
  })

  it('every ranked player’s points equal the sum of their lines that count, in both rankings', async () => {
    for (const tipo of ['race', 'nazionale'])
      for (const key of ['marco', 'paolo', 'luca']) {
        const row = await ranked(tipo, key)
        const lines = (await scheda('giocatori/dettaglio-punti/view', key, { tipo })).body.results as Row[]
        const sum = lines.filter((l) => l.conta).reduce((s, l) => s + (l.punti as number), 0)
        expect({ tipo, key, sum }).toEqual({ tipo, key, sum: row.punti })
      }
  })

  it('a season with no ranking answers empty, not an error', async () => {
    const response = await scheda('giocatori/dettaglio-punti/view', 'marco', { tipo: 'race', stagione: 1990 })
    expect(response.body).toMatchObject({
      results: [],
      record: 0,
      punti: 0,
      posizione: null,
      calcolata_al: null,
    })
  })
})

describe('giocatori/palmares/list, prossimi_tornei/list, classifica_riepilogo/list', () => {
  it('the palmares: titles and finals, latest first, with round in Italian and category', async () => {
    const marco = await scheda('giocatori/palmares/list', 'marco')
    expect(marco.body).toMatchObject({ record: 1 })
    expect((marco.body.results as Row[])[0]).toMatchObject({
      torneo: `Torneo 2 ${tag}`,
      risultato: 'F',
      turno: 'Finalista',
      categoria: 'LIMIT 65',
      circolo: `Circolo Roma ${tag}`,
    })
    const paolo = await scheda('giocatori/palmares/list', 'paolo')
    expect((paolo.body.results as Row[]).map((r) => r.turno)).toEqual(['Vincitore'])
    expect((await scheda('giocatori/palmares/list', 'luca')).body).toEqual({ results: [], record: 0 })
    const past = await scheda('giocatori/palmares/list', 'marco', { rowstoskip: 5 })
    expect(past.body).toEqual({ results: [], record: 1 })
  })

  it('upcoming tournaments: entered ones still to come, with the partner, for either of the pair', async () => {
    for (const [key, partner] of [
      ['paolo', 'marco'],
      ['marco', 'paolo'],
    ] as const) {
      const response = await scheda('giocatori/prossimi_tornei/list', key)
      expect(response.body).toMatchObject({ record: 1 })
      expect((response.body.results as Row[])[0]).toEqual({
        id_torneo: upcomingId,
        torneo: `Torneo in arrivo ${tag}`,
        data_inizio: daysFrom(20),
        data_fine: daysFrom(21),
        categoria: 'OPEN',
        circolo: `Circolo Milano ${tag}`,
        comune: 'Milano',
        compagno: { id_persona: players[partner]!.id, persona: name(partner) },
      })
    }
    expect((await scheda('giocatori/prossimi_tornei/list', 'luca')).body).toEqual({ results: [], record: 0 })
    const past = await scheda('giocatori/prossimi_tornei/list', 'marco', { rowstoskip: 3 })
    expect(past.body).toEqual({ results: [], record: 1 })
  })

  it('the ranking summary: the place in the race and the national ranking, as the rankings list it', async () => {
    const response = await call(app, 'giocatori/classifica_riepilogo/list', { id_persona: players.marco!.id })
    expect(response.status).toBe(200)
    const rows = response.body.result as Row[]
    expect(rows.map((r) => r.tipo)).toEqual(['race', 'nazionale'])
    for (const row of rows) {
      const listed = (
        (
          await call(app, 'classifiche/classifiche/list', {
            id_settore: SECTOR,
            tipo: row.tipo,
            fetchrows: 100,
          })
        ).body.results as Row[]
      ).find((r) => r.id_persona === players.marco!.id)!
      expect(row).toMatchObject({
        id_settore: SECTOR,
        settore: 'Pickleball · Prova scheda',
        posizione: listed.posizione,
        punti: listed.punti,
        classificati: 3,
        calcolata_al: today,
      })
    }
  })
})

describe('giocatori/ultimi_risultati/list', () => {
  it('lists a seeded player’s matches, latest first, with opponents, result and the score from the winner’s side', async () => {
    const { db } = await testDatabase()
    // A seeded tennis player with played matches.
    const [someone] = await db
      .select({ personId: tournamentEntries.personId, n: sql<number>`count(*)::int` })
      .from(matches)
      .innerJoin(
        tournamentEntries,
        or(eq(tournamentEntries.id, matches.entryAId), eq(tournamentEntries.id, matches.entryBId)),
      )
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(
        and(
          eq(tournaments.sectorId, SECTOR_IDS.TENNIS),
          eq(matches.esito, 'giocata'),
          sql`${tournamentEntries.partnerId} is null`,
        ),
      )
      .groupBy(tournamentEntries.personId)
      .orderBy(desc(sql`count(*)`))
      .limit(1)
    expect(someone).toBeDefined()
    const response = await call(app, 'giocatori/ultimi_risultati/list', {
      id_persona: someone!.personId,
      id_settore: SECTOR_IDS.TENNIS,
      fetchrows: 100,
    })
    expect(response.status).toBe(200)
    const rows = response.body.results as Row[]
    expect(rows.length).toBeGreaterThanOrEqual(Math.min(someone!.n, 100))
    expect(response.body.record).toBeGreaterThanOrEqual(someone!.n)
    const dates = rows.map((r) => r.data as string)
    expect(dates).toEqual(dates.toSorted().toReversed())
    for (const row of rows) {
      expect((row.avversari as Row[]).length).toBeGreaterThan(0)
      expect((row.avversari as Row[]).map((a) => a.id_persona)).not.toContain(someone!.personId)
      expect(typeof row.vinta).toBe('boolean')
    }
    for (const row of rows.filter((r) => r.esito === 'giocata')) {
      expect(row.punteggio).toMatch(/^\d+-\d+/)
    }
    // The score reads from the winner's side: the first set's first number is the winner's, unless a tie-break.
    const played = rows.filter((r) => r.esito === 'giocata')
    expect(played.length).toBeGreaterThan(0)
    const [first] = await db
      .select({ winner: matches.winnerEntryId, a: matches.entryAId, sets: matches.sets })
      .from(matches)
      .where(eq(matches.id, played[0]!.id_partita as number))
    const firstSet = first!.sets![0]!
    const winnerGames = first!.winner === first!.a ? firstSet.a : firstSet.b
    expect((played[0]!.punteggio as string).startsWith(`${winnerGames}-`)).toBe(true)
    const page = await call(app, 'giocatori/ultimi_risultati/list', {
      id_persona: someone!.personId,
      id_settore: SECTOR_IDS.TENNIS,
      fetchrows: 1,
      rowstoskip: 1,
    })
    expect((page.body.results as Row[]).map((r) => r.id_partita)).toEqual([rows[1]!.id_partita])
  })

  it('names both pairs of a doubles match, the partner apart, for the partner as for the player', async () => {
    const { db } = await testDatabase()
    // A seeded padel pair with a match played: asked for by the entry's partner (the partner's index).
    const [pair] = await db
      .select({
        matchId: matches.id,
        own: matches.entryAId,
        other: matches.entryBId,
        personId: tournamentEntries.personId,
        partnerId: tournamentEntries.partnerId,
      })
      .from(matches)
      .innerJoin(tournamentEntries, eq(tournamentEntries.id, matches.entryAId))
      .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
      .where(
        and(
          eq(tournaments.sectorId, SECTOR_IDS.PADEL),
          eq(matches.esito, 'giocata'),
          sql`${tournamentEntries.partnerId} is not null`,
        ),
      )
      .orderBy(matches.id)
      .limit(1)
    expect(pair).toBeDefined()
    const [other] = await db
      .select({ personId: tournamentEntries.personId, partnerId: tournamentEntries.partnerId })
      .from(tournamentEntries)
      .where(eq(tournamentEntries.id, pair!.other!))
    const people = await db
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, [pair!.personId!, other!.personId!, other!.partnerId!]))
      .orderBy(persons.id)
    const named = (id: number) => {
      const person = people.find((p) => p.id === id)!
      return { id_persona: id, persona: `${person.nome} ${person.cognome}` }
    }
    const asked = { id_persona: pair!.partnerId!, id_settore: SECTOR_IDS.PADEL, fetchrows: 100 }
    const response = await call(app, 'giocatori/ultimi_risultati/list', asked)
    expect(response.status).toBe(200)
    const row = (response.body.results as Row[]).find((r) => r.id_partita === pair!.matchId)
    expect(row?.compagno).toEqual(named(pair!.personId!))
    expect(row?.avversari).toEqual([named(other!.personId!), named(other!.partnerId!)])
    // A page past the end still tells the total.
    const past = await call(app, 'giocatori/ultimi_risultati/list', {
      ...asked,
      rowstoskip: response.body.record as number,
    })
    expect(past.body).toEqual({ results: [], record: response.body.record })
  })

  it('answers an empty list for a player without matches in the sector', async () => {
    expect((await scheda('giocatori/ultimi_risultati/list', 'marco')).body).toEqual({
      results: [],
      record: 0,
    })
  })
})
