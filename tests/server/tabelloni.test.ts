// The organiser's draw endpoints on the server (both engines): who may act, announce → draw → results, the
// verification view and the TODS export.
import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { tournamentEngine } from 'tods-competition-factory'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { ORGANISER_REFUSED, torneoTodsPath } from '../../contract/tabelloni.ts'
import { clubs, persons } from '../../server/db/schema/core.ts'
import {
  circuitRankings,
  circuits,
  clubOrganizers,
  drawGroups,
  drawSeedSecrets,
  draws,
  groupStandings,
  matches,
  powerHistory,
  rankings,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { buildEliminationDraw, buildGroups } from '../../server/domain/draws.ts'
import { DRAW_MESSAGES } from '../../server/repositories/draws.ts'
import { throwOnFiguresDrift } from '../support/numeri.ts'
import { heldAtTheDoor } from '../support/race.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
let clubId: number
let otherClubId: number
let admin: string
let organiser: string
let player: string
let otherOrganiser: string

beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '10000' })
  const { db } = await testDatabase()
  const rows = await db.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(2)
  clubId = rows[0]!.id
  otherClubId = rows[1]!.id
  const adminAccount = await createAccount({ account: { role: 'admin' } })
  const organiserAccount = await createAccount()
  const otherAccount = await createAccount()
  await db.insert(clubOrganizers).values([
    { accountId: organiserAccount.id, clubId },
    { accountId: otherAccount.id, clubId: otherClubId },
  ])
  admin = await tokenFor(adminAccount)
  organiser = await tokenFor(organiserAccount)
  otherOrganiser = await tokenFor(otherAccount)
  player = await tokenFor(await createAccount())
})
afterAll(() => app.close())
// The home's figures the database keeps (migration 0029_numeri_stagione) are the real ones after every path here.
afterEach(async () => throwOnFiguresDrift((await testDatabase()).db))

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
let serial = 0

/** A tournament of our test club with `n` entrants (points descending with the index, so the order is known). */
async function tournament(
  n: number,
  options: {
    formula?: 'eliminazione' | 'girone' | 'gironi_eliminazione'
    status?: string
    disciplineId?: number
    sectorId?: number
    categoria?: string
    circuitId?: number
  } = {},
) {
  const { db } = await testDatabase()
  serial++
  const [t] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo di prova ${serial} ${Date.now()}`,
      disciplineId: options.disciplineId ?? DISCIPLINE_IDS.TENNIS,
      sectorId: options.sectorId ?? SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: options.categoria ?? 'OPEN',
      formula: options.formula ?? 'eliminazione',
      clubId,
      dataInizio: '2026-12-10',
      dataFine: '2026-12-12',
      iscrizioniDal: new Date('2026-10-01T09:00:00Z'),
      iscrizioniAl: new Date('2026-12-07T12:00:00Z'),
      maxIscritti: 64,
      status: options.status ?? 'iscrizioni_aperte',
      circuitId: options.circuitId ?? null,
    })
    .returning()
  const people = await db
    .insert(persons)
    .values(
      Array.from({ length: n }, (_, i) => ({
        nome: `Nome${i}`,
        cognome: `Cognome${serial}x${i}`,
        sesso: 'M',
      })),
    )
    .returning()
  // Points: entrant i has 1000 - 10i; entrants 0 and 1 share points, 0 enrolled first.
  const entries = await db
    .insert(tournamentEntries)
    .values(
      people.map((p, i) => ({
        tournamentId: t!.id,
        personId: p.id,
        status: 'iscritto',
        puntiIngresso: i === 1 ? 1000 : 1000 - 10 * i,
        iscrittoIl: new Date(Date.UTC(2026, 10, 1, 10, i)),
      })),
    )
    .returning()
  return { id: t!.id, entries: entries.map((e) => e.id), people: people.map((p) => p.id) }
}

type Row = Record<string, unknown>
const result = (body: Row) => body.result as Row
const phases = (body: Row) => result(body).fasi as Row[]

async function matchesOf(tournamentId: number) {
  const { db } = await testDatabase()
  return db
    .select()
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.drawId), asc(matches.groupId), asc(matches.turno), asc(matches.posizione))
}

/** Plays every playable match of the tournament (side A wins 6-3 6-4) until none is left. */
async function playAll(tournamentId: number, token = organiser) {
  for (let guard = 0; guard < 200; guard++) {
    const open = (await matchesOf(tournamentId)).filter(
      (m) => m.esito === 'da_giocare' && m.entryAId !== null && m.entryBId !== null,
    )
    if (open.length === 0) return
    for (const m of open) {
      const res = await call(
        app,
        'tornei/tabelloni/risultato/edit',
        {
          id_partita: m.id,
          esito: 'giocata',
          set: [
            { a: 6, b: 3 },
            { a: 6, b: 4 },
          ],
        },
        token,
      )
      expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 })
    }
  }
}

describe('who may act', () => {
  it('asks for a token, then refuses anyone but the federation and the club’s organisers', async () => {
    const t = await tournament(4)
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id })).status).toBe(401)
    for (const token of [player, otherOrganiser]) {
      const res = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, token)
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(ORGANISER_REFUSED)
    }
    const view = await call(app, 'tornei/sorteggio/view', { id_torneo: t.id }, player)
    expect(result(view.body).puo_organizzare).toBe(false)
    // A visitor (no account) organises nothing either.
    const visitor = await call(app, 'tornei/sorteggio/view', { id_torneo: t.id })
    expect(result(visitor.body).puo_organizzare).toBe(false)
    expect(
      result((await call(app, 'tornei/sorteggio/view', { id_torneo: t.id }, organiser)).body).puo_organizzare,
    ).toBe(true)
    expect(
      result((await call(app, 'tornei/sorteggio/view', { id_torneo: t.id }, admin)).body).puo_organizzare,
    ).toBe(true)
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)).status).toBe(200)
    expect((await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, player)).status).toBe(403)
    expect((await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, admin)).status).toBe(200)
    const [m] = (await matchesOf(t.id)).filter((x) => x.entryAId !== null && x.entryBId !== null)
    const body = {
      id_partita: m!.id,
      esito: 'giocata',
      set: [
        { a: 6, b: 0 },
        { a: 6, b: 0 },
      ],
    }
    expect((await call(app, 'tornei/tabelloni/risultato/edit', body, otherOrganiser)).status).toBe(403)
    expect((await call(app, 'tornei/tabelloni/risultato/edit', body)).status).toBe(401)
    expect((await call(app, 'tornei/tabelloni/risultato/edit', body, organiser)).status).toBe(200)
  })

  it('answers 404 for unknown tournaments and matches, 400 for a bad body', async () => {
    expect((await call(app, 'tornei/sorteggio/view', { id_torneo: 99_999_999 })).status).toBe(404)
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: 99_999_999 }, admin)).status).toBe(404)
    const missing = {
      id_partita: 99_999_999,
      esito: 'giocata',
      set: [
        { a: 6, b: 0 },
        { a: 6, b: 0 },
      ],
    }
    expect((await call(app, 'tornei/tabelloni/risultato/edit', missing, admin)).status).toBe(404)
    const bad = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      { id_partita: 1, esito: 'pareggio', set: [] },
      admin,
    )
    expect(bad.status).toBe(400)
    expect((await call(app, 'tornei/sorteggio/view', { id_torneo: 'uno' })).status).toBe(400)
  })
})

describe('announce and draw', () => {
  it('publishes the hash first, reveals a seed that matches it, and the draw rebuilds from seed and order', async () => {
    const t = await tournament(6)
    const before = result((await call(app, 'tornei/sorteggio/view', { id_torneo: t.id })).body)
    expect(before.stato).toBe('da_annunciare')
    expect(before.fasi).toEqual([])
    expect(before.tods_url).toBe(torneoTodsPath(t.id))

    const announced = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    expect(announced.status).toBe(200)
    expect(result(announced.body).stato).toBe('annunciato')
    const [phase] = phases(announced.body)
    expect(phase!.seed_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(phase!.seed).toBeNull()
    // Published order: points, then enrolment time (entrants 0 and 1 tie on points, 0 enrolled first).
    expect((phase!.iscritti as Row[]).map((e) => e.id_iscrizione)).toEqual(t.entries)
    const { db } = await testDatabase()
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t.id))
    expect(row!.status).toBe('iscrizioni_chiuse')
    // Nobody can read the seed before the draw: not in the view, not in the TODS export.
    const tods = await app.inject({ method: 'GET', url: torneoTodsPath(t.id) })
    expect(tods.statusCode).toBe(200)
    expect(tods.body).toContain(phase!.seed_hash as string)
    expect(tods.body).not.toMatch(/"seed": "[0-9a-f]{64}"/)

    const again = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    expect(again).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.alreadyAnnounced } })

    const drawn = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(drawn.status).toBe(200)
    const done = result(drawn.body)
    expect(done.stato).toBe('sorteggiato')
    const [made] = phases(drawn.body)
    expect(made!.seed_hash).toBe(phase!.seed_hash)
    expect(sha256(made!.seed as string)).toBe(phase!.seed_hash)
    expect(made!.posizioni).toEqual(buildEliminationDraw(t.entries, made!.seed as string).slots)

    const twice = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('Il sorteggio è già stato fatto')
    // Nor is a draw already made announced again: its seed is public.
    const late = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    expect(late).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.alreadyDrawn } })

    // 6 entrants: draw of 8, 7 matches, byes to the two seeds, seeds marked on the entries.
    const all = await matchesOf(t.id)
    expect(all).toHaveLength(7)
    expect(all.filter((m) => m.esito === 'bye')).toHaveLength(2)
    const seeded = await db
      .select({ id: tournamentEntries.id, testa: tournamentEntries.testaDiSerie })
      .from(tournamentEntries)
      .where(eq(tournamentEntries.tournamentId, t.id))
    expect(seeded.filter((e) => e.testa !== null).map((e) => [e.id, e.testa])).toEqual([
      [t.entries[0], 1],
      [t.entries[1], 2],
    ])
  })

  it('refuses to draw before the announcement, and after the entrants changed until announced again', async () => {
    const t = await tournament(5)
    const early = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(early.status).toBe(409)
    expect(early.body.message).toMatch(/Prima annuncia il sorteggio/)
    const first = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    const { db } = await testDatabase()
    await db
      .update(tournamentEntries)
      .set({ status: 'ritirato' })
      .where(eq(tournamentEntries.id, t.entries[4]!))
    const changed = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(changed.status).toBe(409)
    expect(changed.body.message).toMatch(/iscritti sono cambiati/)
    const second = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    expect(second.status).toBe(200)
    expect(phases(second.body)[0]!.seed_hash).not.toBe(phases(first.body)[0]!.seed_hash)
    expect((phases(second.body)[0]!.iscritti as Row[]).map((e) => e.id_iscrizione)).toEqual(
      t.entries.slice(0, 4),
    )
    const drawn = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(drawn.status).toBe(200)
    // The seed revealed is the one behind the second hash: announcing again drew a new secret, not only a new hash.
    const revealed = phases(drawn.body)[0]!.seed as string
    expect(sha256(revealed)).toBe(phases(second.body)[0]!.seed_hash)
    expect(sha256(revealed)).not.toBe(phases(first.body)[0]!.seed_hash)
  })

  it('announces and draws a tournament of the demo data, in the order its entries were given', async () => {
    const { db } = await testDatabase()
    const open = await db
      .select({ id: tournaments.id, formula: tournaments.formula, n: sql<number>`count(*)::int` })
      .from(tournaments)
      .innerJoin(tournamentEntries, eq(tournamentEntries.tournamentId, tournaments.id))
      .where(and(eq(tournaments.status, 'iscrizioni_aperte'), eq(tournamentEntries.status, 'iscritto')))
      .groupBy(tournaments.id)
    const target = open.find((t) => t.n >= (t.formula === 'gironi_eliminazione' ? 8 : 2))
    expect(target, 'the demo data has tournaments with entries open').toBeDefined()
    const announced = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: target!.id }, admin)
    expect(announced.body).toHaveProperty('result')
    expect(announced.status).toBe(200)
    const drawn = await call(app, 'tornei/sorteggio/esegui', { id_torneo: target!.id }, admin)
    expect(drawn.body).toHaveProperty('result')
    expect(drawn.status).toBe(200)
    const [phase] = phases(drawn.body)
    expect(sha256(phase!.seed as string)).toBe(phases(announced.body)[0]!.seed_hash)
    expect(await db.$count(drawSeedSecrets, eq(drawSeedSecrets.drawId, phase!.id_tabellone as number))).toBe(
      0,
    )
  })

  it('names the draw after its formula: one bracket, one group, or groups before a bracket', async () => {
    for (const [formula, n, nome, tipo] of [
      ['eliminazione', 4, 'Tabellone principale', 'eliminazione'],
      ['girone', 4, 'Girone unico', 'gironi'],
      ['gironi_eliminazione', 8, 'Gironi', 'gironi'],
    ] as const) {
      const t = await tournament(n, { formula })
      const announced = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
      expect({ formula, fase: phases(announced.body)[0] }).toMatchObject({ formula, fase: { nome, tipo } })
    }
  })

  it('checks the formula against the entrants when announcing, not only when drawing', async () => {
    // Groups then a bracket need eight entrants: with seven no hash is published.
    const t = await tournament(7, { formula: 'gironi_eliminazione' })
    const res = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    expect(res).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/almeno otto iscritti/) },
    })
    const view = await call(app, 'tornei/sorteggio/view', { id_torneo: t.id })
    expect(result(view.body)).toMatchObject({ stato: 'da_annunciare', fasi: [] })
  })

  it('draws neither a cancelled tournament nor a draw whose seed was never kept', async () => {
    const { db } = await testDatabase()
    const t = await tournament(4)
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)).status).toBe(200)
    await db.update(tournaments).set({ status: 'annullato' }).where(eq(tournaments.id, t.id))
    const cancelled = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    expect(cancelled).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.cancelled } })
    // A hash published with its entrants but no secret kept (a draw written by hand): nothing to reveal.
    const other = await tournament(4)
    await db.insert(draws).values({
      tournamentId: other.id,
      fase: 1,
      tipo: 'eliminazione',
      nome: 'Tabellone principale',
      dimensione: 4,
      seedHash: 'a'.repeat(64),
      hashPubblicatoIl: new Date(),
      ordineIscritti: other.entries,
    })
    const unkept = await call(app, 'tornei/sorteggio/esegui', { id_torneo: other.id }, organiser)
    expect(unkept).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.notAnnounced } })
  })

  it('announcing or drawing twice at once: one wins, the other is refused (the tournament’s row lock)', async () => {
    const { db } = await testDatabase()
    const t = await tournament(4)
    // Held at the tournament's row, which both write, so the two run together whatever the timing.
    const twice = (path: string) =>
      heldAtTheDoor({ table: tournaments, id: t.id }, 2, () =>
        Promise.all([1, 2].map(() => call(app, `tornei/sorteggio/${path}`, { id_torneo: t.id }, organiser))),
      )
    const announced = await twice('annuncia')
    expect(announced.map((a) => a.status).sort()).toEqual([200, 409])
    expect(await db.$count(draws, eq(draws.tournamentId, t.id))).toBe(1)
    const drawn = await twice('esegui')
    expect(drawn.map((a) => a.status).sort()).toEqual([200, 409])
    // Four entrants: one draw of four, three matches.
    expect(await matchesOf(t.id)).toHaveLength(3)
  })

  it('announces only when entries are open or closed', async () => {
    const t = await tournament(4, { status: 'concluso' })
    const res = await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, admin)
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/chiusura delle iscrizioni/)
  })
})

describe('results', () => {
  it('checks scores for the discipline and refuses matches without both players', async () => {
    const t = await tournament(3)
    await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    const all = await matchesOf(t.id)
    const open = all.find((m) => m.turno === 1 && m.esito === 'da_giocare')!
    const final = all.find((m) => m.turno === 2)!
    const edit = (body: Row) =>
      call(app, 'tornei/tabelloni/risultato/edit', { id_partita: open.id, ...body }, organiser)
    for (const bad of [
      {
        esito: 'giocata',
        set: [
          { a: 6, b: 5 },
          { a: 6, b: 0 },
        ],
      },
      { esito: 'giocata', set: [{ a: 6, b: 0 }] },
      {
        esito: 'giocata',
        set: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
      },
      {
        esito: 'giocata',
        set: [
          { a: 6, b: 4, tiebreak: 5 },
          { a: 6, b: 0 },
        ],
      },
      { esito: 'walkover', set: [{ a: 6, b: 0 }], vincitore: 'A' },
      { esito: 'walkover', set: [] },
      {
        esito: 'giocata',
        set: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
        vincitore: 'B',
      },
    ]) {
      const res = await edit(bad)
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 })
      expect(res.body.message).toEqual(expect.any(String))
    }
    // The final waits for the semifinal's winner: no result yet.
    const waiting = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: final.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
      },
      organiser,
    )
    expect(waiting.status).toBe(409)
    // A bye has no result.
    const bye = all.find((m) => m.esito === 'bye')!
    const byeRes = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: bye.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
      },
      organiser,
    )
    expect(byeRes.status).toBe(409)
    const ok = await edit({
      esito: 'giocata',
      set: [
        { a: 7, b: 6, tiebreak: 5 },
        { a: 3, b: 6 },
        { a: 6, b: 4 },
      ],
    })
    expect(ok.status).toBe(200)
    expect(result(ok.body)).toMatchObject({
      punteggio: '7-6(5) 3-6 6-4',
      id_vincitore: open.entryAId,
      id_partita_successiva: final.id,
    })
  })

  it('pickleball games go to 11 with two clear', async () => {
    const t = await tournament(2, {
      disciplineId: DISCIPLINE_IDS.PICKLEBALL,
      sectorId: SECTOR_IDS.PICKLEBALL,
    })
    await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    const [m] = await matchesOf(t.id)
    const edit = (set: Row[]) =>
      call(app, 'tornei/tabelloni/risultato/edit', { id_partita: m!.id, esito: 'giocata', set }, organiser)
    expect(
      (
        await edit([
          { a: 6, b: 3 },
          { a: 6, b: 4 },
        ])
      ).status,
    ).toBe(400)
    expect(
      (
        await edit([
          { a: 11, b: 10 },
          { a: 11, b: 4 },
        ])
      ).status,
    ).toBe(400)
    expect(
      (
        await edit([
          { a: 11, b: 9 },
          { a: 13, b: 11 },
        ])
      ).status,
    ).toBe(200)
  })

  it('moves winners on, explains Power, refuses a correction the next round depends on, and gives points at the end', async () => {
    const t = await tournament(4, { categoria: 'LIMIT_65' })
    await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    const [semi1, semi2, final] = await matchesOf(t.id)
    // A visitor's view of the player's last results (answered from the cache until a result changes it).
    const [entryA] = await (
      await testDatabase()
    ).db
      .select({ personId: tournamentEntries.personId })
      .from(tournamentEntries)
      .where(eq(tournamentEntries.id, semi1!.entryAId!))
    const playedOnPage = async () =>
      (
        await call(app, 'giocatori/ultimi_risultati/list', {
          id_persona: entryA!.personId,
          id_settore: SECTOR_IDS.TENNIS,
        })
      ).body.record
    expect(await playedOnPage()).toBe(0)
    const first = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: semi1!.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 3 },
          { a: 6, b: 3 },
        ],
      },
      organiser,
    )
    expect(first.status).toBe(200)
    const power = result(first.body).power as Row[]
    expect(power).toHaveLength(2)
    // New players start at 40: 12 of 18 games against an equal level is +2,00 with the provisional factor.
    expect(power[0]).toMatchObject({ power_prima: 40, power_dopo: 42 })
    expect(power[0]!.spiegazione).toMatch(/attesi il 50% dei game, vinti 12 su 18/)
    expect(await playedOnPage()).toBe(1)
    const { db } = await testDatabase()
    expect(await db.$count(powerHistory, eq(powerHistory.matchId, semi1!.id))).toBe(2)
    let [finalRow] = await db.select().from(matches).where(eq(matches.id, final!.id))
    expect(finalRow!.entryAId).toBe(semi1!.entryAId)

    // Correcting the semifinal before the final is played moves the other player on, and Power follows.
    const corrected = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: semi1!.id,
        esito: 'ritiro',
        set: [
          { a: 2, b: 6 },
          { a: 1, b: 0 },
        ],
        vincitore: 'B',
      },
      organiser,
    )
    expect(corrected.status).toBe(200)
    ;[finalRow] = await db.select().from(matches).where(eq(matches.id, final!.id))
    expect(finalRow!.entryAId).toBe(semi1!.entryBId)
    expect(await db.$count(powerHistory, eq(powerHistory.matchId, semi1!.id))).toBe(2)

    await call(
      app,
      'tornei/tabelloni/risultato/edit',
      { id_partita: semi2!.id, esito: 'walkover', set: [], vincitore: 'A' },
      organiser,
    )
    expect(await db.$count(powerHistory, eq(powerHistory.matchId, semi2!.id))).toBe(0)
    const ended = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: final!.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 2 },
          { a: 6, b: 2 },
        ],
      },
      organiser,
    )
    expect(ended.status).toBe(200)
    expect(result(ended.body).torneo_concluso).toBe(true)
    expect(result(ended.body).classifiche_aggiornate).toBe(true)
    expect(result(corrected.body).classifiche_aggiornate).toBe(false)
    const points = await db
      .select({
        personId: tournamentPoints.personId,
        risultato: tournamentPoints.risultato,
        punti: tournamentPoints.punti,
      })
      .from(tournamentPoints)
      .where(eq(tournamentPoints.tournamentId, t.id))
    const winnerEntry = semi1!.entryBId!
    const winnerPerson = t.people[t.entries.indexOf(winnerEntry)]
    expect(points.find((p) => p.personId === winnerPerson)).toEqual({
      personId: winnerPerson,
      risultato: 'V',
      punti: 325,
    })
    expect(points.filter((p) => p.risultato === 'F')).toHaveLength(1)
    // The player who lost the semifinal by walkover never played: no points.
    expect(points).toHaveLength(3)
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t.id))
    expect(row!.status).toBe('concluso')

    // The rankings count the new points once the job queue has made them again (the result's transaction queued
    // the rebuild): the race of the tournament's year and the national ranking, each the sum the domain rules give
    // over every point the winner holds in the sector.
    await app.jobs.settle(['classifiche'])
    const year = Number(row!.dataFine.slice(0, 4))
    const [earned] = await db
      .select({ punti: sql<number>`sum(${tournamentPoints.punti})::int` })
      .from(tournamentPoints)
      .where(
        and(
          eq(tournamentPoints.personId, winnerPerson!),
          eq(tournamentPoints.sectorId, SECTOR_IDS.TENNIS),
          sql`extract(year from ${tournamentPoints.data}) = ${year}`,
        ),
      )
    const [race] = await db
      .select()
      .from(rankings)
      .where(
        and(
          eq(rankings.tipo, 'race'),
          eq(rankings.sectorId, SECTOR_IDS.TENNIS),
          eq(rankings.stagione, year),
          eq(rankings.personId, winnerPerson!),
        ),
      )
    expect(race).toMatchObject({ punti: earned!.punti })
    const ahead = await db.$count(
      rankings,
      and(
        eq(rankings.tipo, 'race'),
        eq(rankings.sectorId, SECTOR_IDS.TENNIS),
        eq(rankings.stagione, year),
        sql`${rankings.punti} > ${earned!.punti}`,
      ),
    )
    expect(race!.posizione).toBe(ahead + 1)
    // The national ranking is made again as of today, and counts the tournament once its last day has come.
    const today = todayInItaly()
    const national = await db
      .select({ personId: rankings.personId, calcolataAl: rankings.calcolataAl })
      .from(rankings)
      .where(and(eq(rankings.tipo, 'nazionale'), eq(rankings.sectorId, SECTOR_IDS.TENNIS)))
    expect(national.length).toBeGreaterThan(0)
    expect(new Set(national.map((r) => r.calcolataAl))).toEqual(new Set([today]))
    expect(national.some((r) => r.personId === winnerPerson)).toBe(row!.dataFine <= today)

    // The final is played: changing the semifinal's winner now would leave the final between the wrong players.
    const late = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: semi1!.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
      },
      organiser,
    )
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/turno successivo/)
  })

  it('plays groups, makes the knockout from the standings, then ends with points for everyone', async () => {
    // A stage of a circuit of the demo data: its standings must count this stage once it ends.
    const [circuit] = await (await testDatabase()).db.select({ id: circuits.id }).from(circuits).limit(1)
    const t = await tournament(8, { formula: 'gironi_eliminazione', circuitId: circuit!.id })
    await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    const drawn = await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    const [phase] = phases(drawn.body)
    expect(phase!.tipo).toBe('gironi')
    const expected = buildGroups(t.entries, 2, phase!.seed as string)
    expect((phase!.gironi as Row[]).map((g) => g.iscritti)).toEqual(expected)
    const { db } = await testDatabase()
    const [groupDraw] = await db
      .select()
      .from(draws)
      .where(and(eq(draws.tournamentId, t.id), eq(draws.fase, 1)))
    const groups = await db.select().from(drawGroups).where(eq(drawGroups.drawId, groupDraw!.id))
    expect(groups.map((g) => g.nome).sort()).toEqual(['Girone A', 'Girone B'])
    const groupMatches = (await matchesOf(t.id)).filter((m) => m.groupId !== null)
    expect(groupMatches).toHaveLength(12)

    // Every group match but the last: no knockout yet.
    for (const m of groupMatches.slice(0, -1)) {
      const res = await call(
        app,
        'tornei/tabelloni/risultato/edit',
        {
          id_partita: m.id,
          esito: 'giocata',
          set: [
            { a: 6, b: 1 },
            { a: 6, b: 1 },
          ],
        },
        organiser,
      )
      expect(res.body.result && (res.body.result as Row).tabellone_finale_creato).toBe(false)
    }
    const last = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: groupMatches.at(-1)!.id,
        esito: 'giocata',
        set: [
          { a: 6, b: 1 },
          { a: 6, b: 1 },
        ],
      },
      organiser,
    )
    expect(result(last.body).tabellone_finale_creato).toBe(true)
    const standings = await db
      .select()
      .from(groupStandings)
      .where(eq(groupStandings.groupId, groups[0]!.id))
      .orderBy(asc(groupStandings.posizione))
    expect(standings.map((s) => s.giocate)).toEqual([3, 3, 3, 3])
    expect(standings.map((s) => s.vinte).reduce((a, b) => a + b)).toBe(6)
    expect(standings.map((s) => s.qualificato)).toEqual([true, true, false, false])
    expect(standings[0]!.vinte).toBeGreaterThanOrEqual(standings[1]!.vinte)

    const correction = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      {
        id_partita: groupMatches[0]!.id,
        esito: 'giocata',
        set: [
          { a: 1, b: 6 },
          { a: 1, b: 6 },
        ],
      },
      organiser,
    )
    expect(correction).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Il risultato del girone non si può correggere/) },
    })

    const knockout = (await matchesOf(t.id)).filter((m) => m.groupId === null)
    expect(knockout).toHaveLength(3)
    await playAll(t.id)
    const points = await db.select().from(tournamentPoints).where(eq(tournamentPoints.tournamentId, t.id))
    expect(points).toHaveLength(8)
    expect(points.filter((p) => p.risultato === 'GIR')).toHaveLength(4)
    expect(points.filter((p) => p.risultato === 'V').map((p) => p.punti)).toEqual([500])
    // Everyone of the stage is in the circuit's standings, with every point earned in the circuit's stages, once
    // the job queue has made them again.
    await app.jobs.settle(['classifiche'])
    const circuitStandings = await db
      .select()
      .from(circuitRankings)
      .where(eq(circuitRankings.circuitId, circuit!.id))
    for (const earned of points) {
      const [inCircuit] = await db
        .select({ punti: sql<number>`sum(${tournamentPoints.punti})::int` })
        .from(tournamentPoints)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPoints.tournamentId))
        .where(and(eq(tournaments.circuitId, circuit!.id), eq(tournamentPoints.personId, earned.personId)))
      expect(circuitStandings.find((r) => r.personId === earned.personId)).toMatchObject({
        punti: inCircuit!.punti,
      })
    }
    const view = result((await call(app, 'tornei/sorteggio/view', { id_torneo: t.id })).body)
    expect((view.fasi as Row[]).map((f) => f.nome)).toEqual(['Gironi', 'Tabellone finale'])
  })
})

describe('TODS export', () => {
  it('downloads a tournament the competition factory reads back: participants, structures, matchUps, scores', async () => {
    const t = await tournament(5)
    await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser)
    await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser)
    await playAll(t.id)
    const res = await app.inject({ method: 'GET', url: torneoTodsPath(t.id) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.headers['content-disposition']).toMatch(/attachment/)
    const record = JSON.parse(res.body)
    expect(record.participants).toHaveLength(5)
    const loaded = tournamentEngine.setState(record)
    expect(loaded.success).toBe(true)
    const matchUps = tournamentEngine.allTournamentMatchUps({ inContext: true }).matchUps ?? []
    const ours = await matchesOf(t.id)
    expect(matchUps).toHaveLength(ours.length)
    const final = matchUps.find((m: Row) => m.roundNumber === 3)!
    expect(final.matchUpStatus).toBe('COMPLETED')
    expect(final.score?.scoreStringSide1).toBe('6-3 6-4')
    const finalRow = ours.find((m) => m.turno === 3)!
    const { db } = await testDatabase()
    const winnerEntry = await db
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.id, finalRow.winnerEntryId!))
    const winnerSide = final.sides?.find((s: Row) => s.sideNumber === final.winningSide)
    expect(winnerSide?.participantId).toBe(`persona-${winnerEntry[0]!.personId}`)
    expect(matchUps.filter((m: Row) => m.matchUpStatus === 'BYE')).toHaveLength(3)
    expect(record.events[0].drawDefinitions[0].structures[0].extensions[0].value.seed).toMatch(
      /^[0-9a-f]{64}$/,
    )
  })

  it('answers 404 for an unknown tournament', async () => {
    expect((await app.inject({ method: 'GET', url: torneoTodsPath(99_999_999) })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/opendata/tornei/abc/tods.json' })).statusCode).toBe(404)
  })
})
