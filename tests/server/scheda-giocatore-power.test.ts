// The player page's statistics and Power history (issue 20, items 3 and 5), on PGlite and on PostgreSQL
// (DATABASE_URL): giocatori/statistiche/view (wins and losses by season, surface and opponents' level; walkovers and
// challenges left out) and giocatori/statistiche/power/view (every change of Power, from a tournament match or a
// challenge, with expected and actual share and the plain-Italian sentence; provisional and promotion flags), and
// each privacy choice of /impostazioni per toggle. Power is rated by the code a result runs
// (server/repositories/power.ts), in a sector of its own (63), removed after the file.
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { clubs, sectors } from '../../server/db/schema/core.ts'
import {
  challengeParticipants,
  challenges,
  courts,
  draws,
  matches,
  powerHistory,
  powerRatings,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { ratePlayed } from '../../server/repositories/power.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'

const SECTOR = 63
const season = currentSeason()
const tag = uniqueLetters(6)

type Player = { id: number; token: string; nome: string; cognome: string }
const players: Record<string, Player> = {}
let app: FastifyInstance
const tournamentIds: number[] = []
let challengeId = 0
const matchIds: Record<string, number> = {}

type Row = Record<string, unknown>
const name = (key: string) => `${players[key]!.nome} ${players[key]!.cognome}`
const person = (key: string) => ({ id_persona: players[key]!.id, persona: name(key) })
const view = (path: string, key: string, token?: string) =>
  call(app, path, { id_persona: players[key]!.id, id_settore: SECTOR }, token)
const powerOf = async (key: string, token?: string) =>
  (await view('giocatori/statistiche/power/view', key, token)).body.result as Row
const statsOf = async (key: string, token?: string) =>
  (await view('giocatori/statistiche/view', key, token)).body.result as Row
const setting = (key: string, impostazioni: Row) =>
  call(app, 'impostazioni/view_upsert', { impostazioni }, players[key]!.token)

/**
 * Anna plays four rated matches: Bruno (who hides his Power) last season on clay, 12-6; Carla on hard court, 8-12;
 * with Dario in doubles against Bruno and Carla, no court, 12-4; a confirmed challenge against Carla, 9-11. Her
 * walkover against Carla is played by no one and changes nothing. Elena, at 91 with 24 tournament matches, beats
 * Dario and reaches the 25 that flag her for promotion.
 */
async function fixture() {
  const { db } = await testDatabase()
  await db
    .insert(sectors)
    .values({ id: SECTOR, disciplineId: DISCIPLINE_IDS.PICKLEBALL, nome: 'Prova Power', ordine: 99 })
    .onConflictDoNothing()
  const [club] = await db
    .insert(clubs)
    .values({
      codice: `PW${uniqueLetters(8)}`,
      nome: `Circolo Power ${tag}`,
      provincia: 'TO',
      comune: 'Torino',
      indirizzo: 'Via dei Campi 2',
    })
    .returning()
  const [clay, hard] = await db
    .insert(courts)
    .values(
      ['terra rossa', 'cemento'].map((superficie, i) => ({
        clubId: club!.id,
        nome: `Campo ${i + 1}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        superficie,
      })),
    )
    .returning()
  for (const [key, nome] of [
    ['anna', 'Anna'],
    ['bruno', 'Bruno'],
    ['carla', 'Carla'],
    ['dario', 'Dario'],
    ['elena', 'Elena'],
  ] as const) {
    const cognome = `Power${tag}${key}`
    const account = await createAccount({ person: { nome, cognome, sesso: 'F', clubId: club!.id } })
    players[key] = { id: account.personId!, token: await tokenFor(account), nome, cognome }
  }
  await setting('bruno', { mostra_power: false })
  await db.insert(powerRatings).values({
    personId: players.elena!.id,
    sectorId: SECTOR,
    power: 91,
    partite: 30,
    partiteTorneo: 24,
    provvisorio: false,
    promozione: false,
    aggiornatoIl: new Date(),
  })

  const tournament = async (day: string, specialita: 'singolare' | 'doppio') => {
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Torneo Power ${tournamentIds.length + 1} ${tag}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        sectorId: SECTOR,
        tipo: 'TR',
        categoria: 'OPEN',
        specialita,
        clubId: club!.id,
        dataInizio: day,
        dataFine: day,
        status: 'concluso',
      })
      .returning()
    tournamentIds.push(t!.id)
    const [draw] = await db
      .insert(draws)
      .values({
        tournamentId: t!.id,
        tipo: 'eliminazione',
        nome: 'Tabellone',
        dimensione: 4,
        turni: 2,
        seedHash: 'a'.repeat(64),
        hashPubblicatoIl: new Date(`${day}T08:00:00Z`),
      })
      .returning()
    return { id: t!.id, drawId: draw!.id }
  }
  const entry = async (tournamentId: number, key: string, partner?: string) =>
    (
      await db
        .insert(tournamentEntries)
        .values({
          tournamentId,
          personId: players[key]!.id,
          partnerId: partner ? players[partner]!.id : null,
        })
        .returning()
    )[0]!.id
  const sideOf = (keys: string[]) => keys.map((k) => players[k]!.id)
  const play = async (
    label: string,
    t: { id: number; drawId: number },
    slot: { turno: number; posizione: number },
    a: { entry: number; keys: string[] },
    b: { entry: number; keys: string[] },
    result: { games: [number, number] | null; winner: 'A' | 'B'; courtId: number | null; at: string },
  ) => {
    const [m] = await db
      .insert(matches)
      .values({
        tournamentId: t.id,
        drawId: t.drawId,
        ...slot,
        entryAId: a.entry,
        entryBId: b.entry,
        winnerEntryId: result.winner === 'A' ? a.entry : b.entry,
        esito: result.games ? 'giocata' : 'walkover',
        sets: result.games ? [{ a: result.games[0], b: result.games[1] }] : null,
        gameA: result.games?.[0] ?? null,
        gameB: result.games?.[1] ?? null,
        courtId: result.courtId,
        giocataIl: new Date(result.at),
      })
      .returning()
    matchIds[label] = m!.id
    await db.transaction((tx) =>
      ratePlayed(tx, SECTOR, {
        matchId: m!.id,
        sideA: sideOf(a.keys),
        sideB: sideOf(b.keys),
        gamesA: result.games?.[0] ?? null,
        gamesB: result.games?.[1] ?? null,
        at: new Date(result.at),
        torneo: true,
        now: new Date(),
      }),
    )
  }

  const t0 = await tournament(`${season - 1}-05-10`, 'singolare')
  await play(
    'clay',
    t0,
    { turno: 1, posizione: 0 },
    { entry: await entry(t0.id, 'anna'), keys: ['anna'] },
    { entry: await entry(t0.id, 'bruno'), keys: ['bruno'] },
    { games: [12, 6], winner: 'A', courtId: clay!.id, at: `${season - 1}-05-10T09:00:00Z` },
  )
  const t1 = await tournament(`${season}-01-01`, 'singolare')
  const [anna1, carla1] = [await entry(t1.id, 'anna'), await entry(t1.id, 'carla')]
  await play(
    'hard',
    t1,
    { turno: 1, posizione: 0 },
    { entry: anna1, keys: ['anna'] },
    { entry: carla1, keys: ['carla'] },
    { games: [8, 12], winner: 'B', courtId: hard!.id, at: `${season}-01-01T09:00:00Z` },
  )
  const t2 = await tournament(`${season}-01-01`, 'doppio')
  await play(
    'doubles',
    t2,
    { turno: 1, posizione: 0 },
    { entry: await entry(t2.id, 'anna', 'dario'), keys: ['anna', 'dario'] },
    { entry: await entry(t2.id, 'bruno', 'carla'), keys: ['bruno', 'carla'] },
    { games: [12, 4], winner: 'A', courtId: null, at: `${season}-01-01T10:00:00Z` },
  )
  await play(
    'walkover',
    t1,
    { turno: 2, posizione: 0 },
    { entry: anna1, keys: ['anna'] },
    { entry: carla1, keys: ['carla'] },
    { games: null, winner: 'A', courtId: hard!.id, at: `${season}-01-01T11:00:00Z` },
  )
  const [challenge] = await db
    .insert(challenges)
    .values({
      disciplineId: DISCIPLINE_IDS.PICKLEBALL,
      sectorId: SECTOR,
      createdByPersonId: players.anna!.id,
      status: 'confirmed',
    })
    .returning()
  challengeId = challenge!.id
  await db.insert(challengeParticipants).values([
    { challengeId, personId: players.anna!.id, lato: 1, risposta: 'accettata' },
    { challengeId, personId: players.carla!.id, lato: 2, risposta: 'accettata' },
  ])
  await db.transaction((tx) =>
    ratePlayed(tx, SECTOR, {
      challengeId,
      sideA: [players.anna!.id],
      sideB: [players.carla!.id],
      gamesA: 9,
      gamesB: 11,
      at: new Date(`${season}-01-01T12:00:00Z`),
      torneo: false,
      now: new Date(),
    }),
  )
  await play(
    'promotion',
    t1,
    { turno: 1, posizione: 1 },
    { entry: await entry(t1.id, 'elena'), keys: ['elena'] },
    { entry: await entry(t1.id, 'dario'), keys: ['dario'] },
    { games: [12, 0], winner: 'A', courtId: clay!.id, at: `${season}-01-01T13:00:00Z` },
  )
}

beforeAll(async () => {
  app = await buildTestApp()
  await fixture()
})

afterAll(async () => {
  await app.close()
  const { db } = await testDatabase()
  await db.delete(powerHistory).where(eq(powerHistory.sectorId, SECTOR))
  await db.delete(powerRatings).where(eq(powerRatings.sectorId, SECTOR))
  await db.delete(challenges).where(eq(challenges.sectorId, SECTOR))
  await db.delete(tournaments).where(inArray(tournaments.id, tournamentIds))
  await db.delete(sectors).where(eq(sectors.id, SECTOR))
})

describe('giocatori/statistiche/power/view', () => {
  it('lists every change of Power, oldest first, from matches and challenges, each explained; the walkover is not there', async () => {
    const response = await view('giocatori/statistiche/power/view', 'anna')
    expect(response.status).toBe(200)
    const result = response.body.result as Row
    const storia = result.storia as Row[]
    expect(storia.map((r) => r.fonte)).toEqual(['torneo', 'torneo', 'torneo', 'sfida'])
    expect(storia.map((r) => r.id_partita)).toEqual([matchIds.clay, matchIds.hard, matchIds.doubles, null])
    for (let i = 1; i < storia.length; i++) expect(storia[i]!.power_prima).toBe(storia[i - 1]!.power_dopo)
    // 40 against 40, 12 games of 18: atteso 0.5, ottenuto 0.667, K 12: +2.00 (docs/regole.md's example).
    expect(storia[0]).toMatchObject({
      data: `${season - 1}-05-10T09:00:00.000Z`,
      id_torneo: tournamentIds[0],
      torneo: `Torneo Power 1 ${tag}`,
      compagno: null,
      avversari: [person('bruno')],
      power_prima: 40,
      power_dopo: 42,
      variazione: 2,
      atteso: 0.5,
      ottenuto: 0.667,
      game_vinti: 12,
      game_persi: 6,
      fattore_k: 12,
      provvisorio: true,
      // Bruno hides his Power: his level is named to no one else.
      livello_avversari: null,
      frase: 'Ci si aspettava che vincesse il 50% dei game; ne ha vinti il 67%: +2.',
    })
    expect(storia[0]!.spiegazione).toContain('contro un livello non pubblico')
    // 42 against Carla's 40: atteso 1 / (1 + 10^(−2/60)) = 0.519; 8 of 20 = 0.4; 12 × (0.4 − 0.519) = −1.428.
    expect(storia[1]).toMatchObject({
      avversari: [person('carla')],
      livello_avversari: 40,
      atteso: 0.519,
      ottenuto: 0.4,
      power_dopo: 40.57,
      variazione: -1.43,
      frase: 'Ci si aspettava che vincesse il 52% dei game; ne ha vinti il 40%: −1,4.',
    })
    expect(storia[1]!.spiegazione).toMatch(/^Livello 42,0 contro 40,0:/)
    expect(storia[2]).toMatchObject({
      compagno: person('dario'),
      avversari: [person('bruno'), person('carla')],
      livello_avversari: null,
      ottenuto: 0.75,
    })
    expect(storia[2]!.frase).toMatch(
      /^Ci si aspettava che la sua coppia vincesse il \d+% dei game; ne hanno vinti il 75%: \+/,
    )
    expect(storia[3]).toMatchObject({
      id_sfida: challengeId,
      id_torneo: null,
      torneo: null,
      avversari: [person('carla')],
      game_vinti: 9,
      game_persi: 11,
    })
    expect(result).toMatchObject({
      visibile: true,
      tu: false,
      power: {
        valore: Math.round((storia[3]!.power_dopo as number) * 10) / 10,
        provvisorio: true,
        partite: 4,
        partite_torneo: 3,
        promozione: false,
      },
    })
    expect(result.sintesi).toMatch(
      new RegExp(`^Power [\\d,]+, da 40 a maggio ${season - 1}: [+−][\\d,]+ in 4 partite\\.$`),
    )
  })

  it('speaks to the player on their own page; an opponent who hides their Power stays unnamed even to them', async () => {
    const own = await powerOf('anna', players.anna!.token)
    expect(own.tu).toBe(true)
    const storia = own.storia as Row[]
    expect(storia[0]!.frase).toBe('Ci si aspettava che vincessi il 50% dei game; ne hai vinti il 67%: +2.')
    expect(storia[0]!.livello_avversari).toBeNull()
    expect(storia[2]!.frase).toMatch(/^Ci si aspettava che la tua coppia vincesse .* ne avete vinti il 75%/)
    // Bruno reads his own level in Anna's history.
    const byBruno = (await powerOf('anna', players.bruno!.token)).storia as Row[]
    expect(byBruno[0]!.livello_avversari).toBe(40)
    expect(byBruno[0]!.spiegazione).toMatch(/^Livello 40,0 contro 40,0:/)
  })

  it('flags for promotion at Power ≥ 90 with 25 tournament matches; past 10 matches the Power is not provisional', async () => {
    const elena = await powerOf('elena')
    expect(elena.power).toMatchObject({
      provvisorio: false,
      partite: 31,
      partite_torneo: 25,
      promozione: true,
    })
    expect((elena.power as Row).valore).toBeGreaterThanOrEqual(90)
    expect((elena.storia as Row[])[0]).toMatchObject({ fattore_k: 5, provvisorio: false, power_prima: 91 })
  })

  it('mostra_power off: a visitor and another player get no Power, no history and no number; the player gets all', async () => {
    const hidden = { visibile: false, tu: false, power: null, sintesi: null, storia: [] }
    expect(await powerOf('bruno')).toEqual(hidden)
    expect(await powerOf('bruno', players.anna!.token)).toEqual(hidden)
    const own = await powerOf('bruno', players.bruno!.token)
    expect(own).toMatchObject({ visibile: true, tu: true, power: { partite: 2 } })
    expect((own.storia as Row[]).map((r) => r.id_partita)).toEqual([matchIds.clay, matchIds.doubles])
    // Shown again, the next visitor reads it at once (the cached answer is dropped); hidden again, it goes.
    await setting('bruno', { mostra_power: true })
    expect(await powerOf('bruno')).toMatchObject({ visibile: true, power: { partite: 2 } })
    expect(((await powerOf('anna')).storia as Row[])[0]!.livello_avversari).toBe(40)
    await setting('bruno', { mostra_power: false })
    expect(await powerOf('bruno')).toEqual(hidden)
    expect(((await powerOf('anna')).storia as Row[])[0]!.livello_avversari).toBeNull()
  })

  it('visibile_ricerche off hides a player from searches, not from the results: still named in others’ histories', async () => {
    await setting('dario', { visibile_ricerche: false })
    expect(((await powerOf('anna')).storia as Row[])[2]!.compagno).toEqual(person('dario'))
    expect((await powerOf('dario')).visibile).toBe(true)
    await setting('dario', { visibile_ricerche: true })
  })

  it('a player never rated answers an empty history; a player who does not exist a 404, a bad body a 400, in Italian', async () => {
    const nobody = await createAccount({ person: { nome: 'Ugo', cognome: `Power${tag}nessuno` } })
    const empty = await call(app, 'giocatori/statistiche/power/view', {
      id_persona: nobody.personId,
      id_settore: SECTOR,
    })
    expect(empty.body.result).toEqual({ visibile: true, tu: false, power: null, sintesi: null, storia: [] })
    for (const path of ['giocatori/statistiche/power/view', 'giocatori/statistiche/view']) {
      const missing = await call(app, path, { id_persona: 2_000_000_000, id_settore: SECTOR })
      expect([missing.status, missing.body.message]).toEqual([404, 'Giocatore non trovato'])
      const bad = await call(app, path, { id_persona: players.anna!.id })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toMatch(/^Richiesta non valida: .*id_settore/)
    }
  })
})

describe('giocatori/statistiche/view', () => {
  it('counts the matches played (no walkover, no challenge) by season, surface and opponents’ level', async () => {
    const stats = await statsOf('anna')
    expect(stats.totale).toEqual({ vinte: 2, perse: 1, partite: 3, percentuale: 67 })
    expect(stats.stagioni).toEqual([
      { chiave: String(season), etichetta: String(season), vinte: 1, perse: 1, partite: 2, percentuale: 50 },
      {
        chiave: String(season - 1),
        etichetta: String(season - 1),
        vinte: 1,
        perse: 0,
        partite: 1,
        percentuale: 100,
      },
    ])
    expect(stats.superfici).toEqual([
      { chiave: 'cemento', etichetta: 'Cemento', vinte: 0, perse: 1, partite: 1, percentuale: 0 },
      { chiave: 'terra rossa', etichetta: 'Terra rossa', vinte: 1, perse: 0, partite: 1, percentuale: 100 },
      { chiave: 'non-indicata', etichetta: 'Non indicata', vinte: 1, perse: 0, partite: 1, percentuale: 100 },
    ])
    // Bruno hides his Power: both matches against him count under «Livello non noto».
    expect(stats.livelli).toEqual([
      { chiave: '30-44', etichetta: 'Da 30 a 44', vinte: 0, perse: 1, partite: 1, percentuale: 0 },
      { chiave: 'non-noto', etichetta: 'Livello non noto', vinte: 2, perse: 0, partite: 2, percentuale: 100 },
    ])
  })

  it('mostra_power of an opponent: their level is in its band for them and, once shown, for everyone', async () => {
    const byBruno = await statsOf('anna', players.bruno!.token)
    expect(byBruno.livelli).toEqual([
      { chiave: '30-44', etichetta: 'Da 30 a 44', vinte: 2, perse: 1, partite: 3, percentuale: 67 },
    ])
    await setting('bruno', { mostra_power: true })
    expect((await statsOf('anna')).livelli).toEqual(byBruno.livelli)
    await setting('bruno', { mostra_power: false })
    expect(((await statsOf('anna')).livelli as Row[]).map((r) => r.chiave)).toEqual(['30-44', 'non-noto'])
  })

  it('a player without matches in the sector gets a total of zero and empty tables', async () => {
    expect(await statsOf('elena', players.anna!.token)).toMatchObject({ totale: { partite: 1 } })
    const nobody = await createAccount({ person: { nome: 'Ivo', cognome: `Power${tag}zero` } })
    const empty = await call(app, 'giocatori/statistiche/view', {
      id_persona: nobody.personId,
      id_settore: SECTOR,
    })
    expect(empty.body.result).toEqual({
      totale: { vinte: 0, perse: 0, partite: 0, percentuale: 0 },
      stagioni: [],
      superfici: [],
      livelli: [],
    })
  })
})
