// Issue 19, 9f and 9j, on PGlite and on PostgreSQL (DATABASE_URL): the privacy choices of /impostazioni hold on the
// server wherever a person is shown. A player who hides Power has no Power in any answer to someone else (signed
// out or signed in), and always sees their own; a player hidden from searches is found by no search but their
// own; a refusal never tells another person's card, Power or privacy choice.
import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { ISCRIZIONI_MESSAGES as I } from '../../contract/iscrizioni.ts'
import { SFIDE_MESSAGES as S } from '../../contract/sfide.ts'
import { accounts, clubs, persons, playerSearch, tessere } from '../../server/db/schema/core.ts'
import {
  clubOrganizers,
  matches,
  tournamentEntries,
  tournaments,
  userSettings,
} from '../../server/db/schema/domain.ts'
import { disclosure } from '../../server/domain/privacy.ts'
import { findableBy } from '../../server/repositories/privacy.ts'
import { makeTennisPlayer, tennisCard, type PlayerOptions, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  // The response cache stays on: an anonymous answer is the cached one, and it must not carry hidden data either.
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const DAY = 86_400_000
/** A Power nobody else in the test database has, to find it in any answer. */
const HIDDEN_POWER = 68.29
const HIDDEN_POWER_WORDS = ['68.29', '68,29', '68,3']

type Body = Record<string, unknown>
type Player = TestPlayer

/** A player with Power HIDDEN_POWER who chose not to show it (found by searches). */
async function powerHider(options: PlayerOptions = {}): Promise<Player> {
  const p = await makeTennisPlayer({ power: HIDDEN_POWER, ...options })
  const { db } = await testDatabase()
  await db
    .insert(userSettings)
    .values({ accountId: p.accountId, mostraPower: false })
    .onConflictDoUpdate({ target: userSettings.accountId, set: { mostraPower: false } })
  return p
}

/** No Power of the hider anywhere in an answer: neither the number nor a field carrying it. */
function expectNoHiddenPower(body: unknown, where: string) {
  const json = JSON.stringify(body)
  for (const words of HIDDEN_POWER_WORDS)
    expect({ where, words, found: json.includes(words) }).toEqual({ where, words, found: false })
}

/** Every key of an answer that carries a person's Power (the tournament's own LIMIT is not a person's). */
function powerKeys(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) powerKeys(item, found)
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (/power/i.test(key) && key !== 'limite_power') found.push(key)
      powerKeys(inner, found)
    }
  return found
}

const SETS = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}
const sfida = (by: Player, path: string, id_sfida: number, extra: Body = {}) =>
  call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)

describe('mostra_power: the challenge board, challenges and opponent search', () => {
  it('the board shows no Power of a player who hides it, to a visitor or another player; to them it does', async () => {
    const hider = await powerHider()
    const other = await makeTennisPlayer()
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], pubblica: true },
      hider.token,
    )
    expect(made.status).toBe(200)
    const id = (made.body.result as { id: number }).id
    const board = (token?: string) =>
      call(app, 'sfide/pubbliche/list', { id_settore: SECTOR_IDS.TENNIS, fetchrows: 100 }, token)
    const rowOf = (body: Body) =>
      (body.results as { id: number; partecipanti: { id: number; power: number | null }[] }[]).find(
        (r) => r.id === id,
      )!
    for (const [who, token] of [
      ['visitatore', undefined],
      ['visitatore (dalla cache)', undefined],
      ['altro giocatore', other.token],
    ] as const) {
      const answer = await board(token)
      expect({ who, partecipanti: rowOf(answer.body).partecipanti }).toEqual({
        who,
        partecipanti: [expect.objectContaining({ id: hider.personId, power: null })],
      })
      expectNoHiddenPower(answer.body, `bacheca, ${who}`)
      // Anyone signed in reads the challenge on the board: still no Power.
      if (token) expectNoHiddenPower((await sfida(other, 'view', id)).body, 'sfida in bacheca')
    }
    expect(rowOf((await board(hider.token)).body).partecipanti).toEqual([
      expect.objectContaining({ id: hider.personId, power: HIDDEN_POWER }),
    ])
  })

  it('a new choice holds at once, also in the answers cached for visitors', async () => {
    const shower = await makeTennisPlayer({ power: HIDDEN_POWER })
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], pubblica: true },
      shower.token,
    )
    const id = (made.body.result as { id: number }).id
    const powerOnBoard = async () => {
      const answer = await call(app, 'sfide/pubbliche/list', {
        id_settore: SECTOR_IDS.TENNIS,
        fetchrows: 100,
      })
      const row = (answer.body.results as { id: number; partecipanti: { power: number | null }[] }[]).find(
        (r) => r.id === id,
      )!
      return row.partecipanti[0]!.power
    }
    const found = async () =>
      (
        (await call(app, 'ricerca_giocatori', { id_settore: SECTOR_IDS.TENNIS, testo: shower.cognome })).body
          .results as unknown[]
      ).length
    expect([await powerOnBoard(), await found()]).toEqual([HIDDEN_POWER, 1])
    const saved = await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { mostra_power: false, visibile_ricerche: false } },
      shower.token,
    )
    expect(saved.status).toBe(200)
    expect([await powerOnBoard(), await found()]).toEqual([null, 0])
  })

  it('the opponent reads neither the Power nor its change; each player reads their own', async () => {
    const hider = await powerHider()
    const other = await makeTennisPlayer({ power: 50 })
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [hider.personId] },
      other.token,
    )
    const id = (made.body.result as { id: number }).id
    expectNoHiddenPower(made.body, 'proposta')
    expect((await sfida(hider, 'partite/accetta', id)).status).toBe(200)
    expect((await sfida(hider, 'partite/risultato/add', id, SETS)).status).toBe(200)
    const confirmed = await sfida(other, 'partite/risultato/conferma', id)
    expect(confirmed.status).toBe(200)
    type View = {
      partecipanti: { id: number; power: number | null }[]
      power: { id_giocatore: number }[]
    }
    for (const answer of [confirmed, await sfida(other, 'view', id)]) {
      const view = answer.body.result as View
      expect(view.partecipanti.find((p) => p.id === hider.personId)!.power).toBeNull()
      expect(view.partecipanti.find((p) => p.id === other.personId)!.power).toEqual(expect.any(Number))
      expect(view.power.map((p) => p.id_giocatore)).toEqual([other.personId])
      expectNoHiddenPower(answer.body, 'sfida vista dall’avversario')
    }
    const mine = await call(app, 'sfide/list', {}, other.token)
    const row = (mine.body.results as View[]).find((r) => (r as unknown as { id: number }).id === id)!
    expect(row.partecipanti.find((p) => p.id === hider.personId)!.power).toBeNull()
    expectNoHiddenPower(mine.body, 'le mie sfide')
    // The hider reads their own Power and its change.
    const own = (await sfida(hider, 'view', id)).body.result as View
    expect(own.partecipanti.find((p) => p.id === hider.personId)!.power).toEqual(expect.any(Number))
    expect(own.power.map((p) => p.id_giocatore).toSorted()).toEqual(
      [hider.personId, other.personId].toSorted(),
    )
  })

  it('the opponent search finds a player who hides Power, without it', async () => {
    const hider = await powerHider()
    const other = await makeTennisPlayer()
    const answer = await call(
      app,
      'sfide/giocatori/partite/cerca/giocatore',
      { id_settore: SECTOR_IDS.TENNIS, testo: hider.cognome },
      other.token,
    )
    expect(answer.body.results).toEqual([expect.objectContaining({ id: hider.personId, power: null })])
    expectNoHiddenPower(answer.body, 'ricerca sfidanti')
  })
})

describe('mostra_power: the organiser’s results, entrants, draws and rankings', () => {
  it('the organiser entering a result reads the Power change of those who show it only', async () => {
    const { db } = await testDatabase()
    const [club] = await db.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1)
    const organiserAccount = await createAccount()
    await db.insert(clubOrganizers).values({ accountId: organiserAccount.id, clubId: club!.id })
    const organiser = await tokenFor(organiserAccount)
    const hider = await powerHider()
    const other = await makeTennisPlayer({ power: 50 })
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Privacy ${randomUUID().slice(0, 6)}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        clubId: club!.id,
        tipo: 'TR',
        categoria: 'OPEN',
        specialita: 'singolare',
        formula: 'eliminazione',
        genere: 'X',
        dataInizio: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10),
        dataFine: new Date(Date.now() + 22 * DAY).toISOString().slice(0, 10),
        iscrizioniDal: new Date(Date.now() - 10 * DAY),
        iscrizioniAl: new Date(Date.now() + 10 * DAY),
        maxIscritti: 8,
        status: 'iscrizioni_aperte',
      })
      .returning()
    await db.insert(tournamentEntries).values(
      [hider, other].map((p, i) => ({
        tournamentId: t!.id,
        personId: p.personId,
        status: 'iscritto',
        puntiIngresso: 100 - i,
        iscrittoIl: new Date(),
      })),
    )
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t!.id }, organiser)).status).toBe(200)
    expect((await call(app, 'tornei/sorteggio/esegui', { id_torneo: t!.id }, organiser)).status).toBe(200)
    const [match] = await db.select().from(matches).where(eq(matches.tournamentId, t!.id))
    const entered = await call(
      app,
      'tornei/tabelloni/risultato/edit',
      { id_partita: match!.id, ...SETS },
      organiser,
    )
    expect(entered.status).toBe(200)
    const power = (entered.body.result as { power: { id_giocatore: number }[] }).power
    expect(power.map((p) => p.id_giocatore)).toEqual([other.personId])
    expectNoHiddenPower(entered.body, 'risultato dell’organizzatore')

    // Entrants, the draw and its verification, to anyone: a person with no Power at all.
    for (const [path, body] of [
      ['tornei/iscritti/view', { id_torneo: t!.id }],
      ['tornei/tabelloni/view', { id_torneo: t!.id }],
      ['tornei/sorteggio/view', { id_torneo: t!.id }],
    ] as const)
      for (const token of [undefined, other.token]) {
        const answer = await call(app, path, body, token)
        expect(answer.status).toBe(200)
        expect(JSON.stringify(answer.body)).toContain(hider.cognome)
        expect({ path, keys: powerKeys(answer.body) }).toEqual({ path, keys: [] })
      }
  })

  it('the rankings on the home and the circuits’ standings carry no Power of anyone', async () => {
    for (const [path, body] of [
      ['classifiche/list', { id_settore: SECTOR_IDS.TENNIS, fetchrows: 5 }],
      ['classifiche/list', { id_settore: SECTOR_IDS.TENNIS, tipo: 'race', fetchrows: 5 }],
      ['circuiti/classifiche/list', { id_settore: SECTOR_IDS.TENNIS, primi: 3 }],
    ] as const) {
      const answer = await call(app, path, body)
      expect(answer.status).toBe(200)
      expect((answer.body.results as unknown[]).length).toBeGreaterThan(0)
      expect({ path, keys: powerKeys(answer.body) }).toEqual({ path, keys: [] })
    }
  })
})

describe('visibile_ricerche: a player hidden from searches is found by no search but their own', () => {
  it('the home quick search, signed out and signed in; the player finds themselves', async () => {
    const hidden = await makeTennisPlayer({ hidden: true })
    const shown = await makeTennisPlayer({ cognome: `${hidden.cognome}bis` })
    const other = await makeTennisPlayer()
    const search = (token?: string) =>
      call(app, 'ricerca_giocatori', { id_settore: SECTOR_IDS.TENNIS, testo: hidden.cognome }, token)
    const ids = (answer: { body: Body }) =>
      (answer.body.results as { id_persona: number }[]).map((r) => r.id_persona)
    expect(ids(await search())).toEqual([shown.personId])
    expect(ids(await search(other.token))).toEqual([shown.personId])
    expect(ids(await search(hidden.token)).toSorted()).toEqual([hidden.personId, shown.personId].toSorted())
  })

  it('the enrolment partner search and the opponent search', async () => {
    const { db } = await testDatabase()
    const hidden = await makeTennisPlayer({ hidden: true })
    const other = await makeTennisPlayer()
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Privacy doppio ${randomUUID().slice(0, 6)}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        tipo: 'TR',
        categoria: 'OPEN',
        specialita: 'doppio',
        genere: 'X',
        dataInizio: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10),
        dataFine: new Date(Date.now() + 22 * DAY).toISOString().slice(0, 10),
        iscrizioniDal: new Date(Date.now() - 10 * DAY),
        iscrizioniAl: new Date(Date.now() + 10 * DAY),
        maxIscritti: 8,
        status: 'iscrizioni_aperte',
      })
      .returning()
    const partners = await call(
      app,
      'tornei/iscrizioni/ricerca_giocatori',
      { id_torneo: t!.id, testo: hidden.cognome },
      other.token,
    )
    expect(partners.body).toMatchObject({ results: [], record: 0 })
    const opponents = await call(
      app,
      'sfide/giocatori/partite/cerca/giocatore',
      { id_settore: SECTOR_IDS.TENNIS, testo: hidden.cognome },
      other.token,
    )
    expect(opponents.body).toMatchObject({ results: [], record: 0 })
  })

  it('the partner board: a listing disappears when its author hides', async () => {
    const author = await makeTennisPlayer()
    const other = await makeTennisPlayer()
    const today = new Date().toISOString().slice(0, 10)
    const inTenDays = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)
    const listing = await call(
      app,
      'giocatori/cerca-compagno/add',
      {
        id_settore: SECTOR_IDS.PADEL,
        provincia: 'RM',
        livello: 'avanzato',
        data_dal: today,
        data_al: inTenDays,
      },
      author.token,
    )
    expect(listing.status).toBe(200)
    const id = (listing.body.result as { id_annuncio: number }).id_annuncio
    const onBoard = async () =>
      (
        (
          await call(
            app,
            'giocatori/cerca-compagno/list',
            { id_settore: SECTOR_IDS.PADEL, fetchrows: 100 },
            other.token,
          )
        ).body.results as { id_annuncio: number }[]
      ).some((l) => l.id_annuncio === id)
    expect(await onBoard()).toBe(true)
    const saved = await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { visibile_ricerche: false } },
      author.token,
    )
    expect(saved.status).toBe(200)
    expect(await onBoard()).toBe(false)
  })

  it('the SQL condition of the searches says what the domain rule says', async () => {
    const { db } = await testDatabase()
    const never = await makeTennisPlayer()
    const visible = await makeTennisPlayer()
    const hidden = await makeTennisPlayer({ hidden: true })
    await db.insert(userSettings).values({ accountId: visible.accountId, visibileRicerche: true })
    const [noAccount] = await db
      .insert(persons)
      .values({ nome: 'Senza', cognome: 'Account', sesso: 'M' })
      .returning()
    await db.insert(tessere).values(tennisCard(noAccount!.id))
    const people = [
      { id: never.personId, choices: null },
      { id: visible.personId, choices: { visibileRicerche: true, mostraPower: true } },
      { id: hidden.personId, choices: { visibileRicerche: false, mostraPower: true } },
      { id: noAccount!.id, choices: null },
    ]
    for (const viewer of [null, hidden.personId, visible.personId])
      for (const person of people) {
        const [row] = await db
          .select({ findable: findableBy(viewer).mapWith(Boolean) })
          .from(playerSearch)
          .where(and(eq(playerSearch.personId, person.id), eq(playerSearch.sectorId, SECTOR_IDS.TENNIS)))
        expect({ viewer, person: person.id, findable: row!.findable }).toEqual({
          viewer,
          person: person.id,
          findable: disclosure(person.id, person.choices, viewer).findable,
        })
      }
  })

  it('the search keeps who hid on their rows whatever changes: settings, accounts, a new card', async () => {
    const { db } = await testDatabase()
    const player = await makeTennisPlayer()
    /** Whether each of the person's rows of the players' search says hidden, by sector. */
    const rows = async () =>
      (
        await db
          .select({ sector: playerSearch.sectorId, nascosto: playerSearch.nascosto })
          .from(playerSearch)
          .where(eq(playerSearch.personId, player.personId))
          .orderBy(asc(playerSearch.sectorId))
      ).map((r) => `${r.sector}:${r.nascosto}`)
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:false`])
    // «Compari nelle ricerche» off, then on again.
    await db.insert(userSettings).values({ accountId: player.accountId, visibileRicerche: false })
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:true`])
    await db
      .update(userSettings)
      .set({ visibileRicerche: true })
      .where(eq(userSettings.accountId, player.accountId))
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:false`])
    await db
      .update(userSettings)
      .set({ visibileRicerche: false })
      .where(eq(userSettings.accountId, player.accountId))
    // A card of another sector starts hidden.
    await db.insert(tessere).values({
      ...tennisCard(player.personId),
      sectorId: SECTOR_IDS.PADEL,
      disciplineId: DISCIPLINE_IDS.PADEL,
    })
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:true`, `${SECTOR_IDS.PADEL}:true`])
    // The account no longer the person's (its settings with it): nobody hid.
    await db.update(accounts).set({ personId: null }).where(eq(accounts.id, player.accountId))
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:false`, `${SECTOR_IDS.PADEL}:false`])
    await db.update(accounts).set({ personId: player.personId }).where(eq(accounts.id, player.accountId))
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:true`, `${SECTOR_IDS.PADEL}:true`])
    // The settings deleted: the defaults, findable.
    await db.delete(userSettings).where(eq(userSettings.accountId, player.accountId))
    expect(await rows()).toEqual([`${SECTOR_IDS.TENNIS}:false`, `${SECTOR_IDS.PADEL}:false`])
  })
})

describe('a refusal tells nothing of another person (9f)', () => {
  it('a doubles invitation: one answer whatever the partner lacks, without their name or Power', async () => {
    const { db } = await testDatabase()
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Privacy LIMIT ${randomUUID().slice(0, 6)}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        tipo: 'TR',
        categoria: 'LIMIT_65',
        specialita: 'doppio',
        genere: 'M',
        dataInizio: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10),
        dataFine: new Date(Date.now() + 22 * DAY).toISOString().slice(0, 10),
        iscrizioniDal: new Date(Date.now() - 10 * DAY),
        iscrizioniAl: new Date(Date.now() + 10 * DAY),
        maxIscritti: 8,
        status: 'iscrizioni_aperte',
      })
      .returning()
    const me = await makeTennisPlayer({ power: 50 })
    const entered = await makeTennisPlayer()
    const other = await makeTennisPlayer()
    expect(
      (
        await call(
          app,
          'tornei/iscrizioni/add',
          { id_torneo: t!.id, id_compagno: other.personId },
          entered.token,
        )
      ).status,
    ).toBe(200)
    const [noAccount] = await db
      .insert(persons)
      .values({ nome: 'Senza', cognome: 'Account', sesso: 'M' })
      .returning()
    const partners = {
      'senza tessera': await makeTennisPlayer({ card: false }),
      'Power oltre il limite': await powerHider({ power: HIDDEN_POWER }),
      'una giocatrice in un torneo maschile': await makeTennisPlayer({ sesso: 'F' }),
      'nascosto dalle ricerche': await makeTennisPlayer({ hidden: true }),
      'già iscritto': entered,
    }
    for (const [why, partner] of Object.entries(partners)) {
      const answer = await call(
        app,
        'tornei/iscrizioni/add',
        { id_torneo: t!.id, id_compagno: partner.personId },
        me.token,
      )
      expect({ why, status: answer.status, message: answer.body.message }).toEqual({
        why,
        status: 404,
        message: I.partnerNotFound,
      })
      expect(JSON.stringify(answer.body)).not.toContain(partner.cognome)
      expectNoHiddenPower(answer.body, why)
    }
    for (const id of [noAccount!.id, 2_000_000_000]) {
      const answer = await call(app, 'tornei/iscrizioni/add', { id_torneo: t!.id, id_compagno: id }, me.token)
      expect(answer).toMatchObject({ status: 404, body: { message: I.partnerNotFound } })
    }
  })

  it('a challenge invitation: one answer whatever the invited player lacks, without their name', async () => {
    const { db } = await testDatabase()
    const me = await makeTennisPlayer()
    const [noAccount] = await db
      .insert(persons)
      .values({ nome: 'Senza', cognome: 'Account', sesso: 'M' })
      .returning()
    const invited = {
      'senza tessera': (await makeTennisPlayer({ card: false })).personId,
      'nascosto dalle ricerche': (await makeTennisPlayer({ hidden: true })).personId,
      'senza account': noAccount!.id,
      inesistente: 2_000_000_000,
    }
    for (const [why, id] of Object.entries(invited)) {
      for (const body of [
        { specialita: 'singolare', avversari: [id] },
        { specialita: 'doppio', avversari: [], id_compagno: id, pubblica: true },
      ]) {
        const answer = await call(app, 'sfide/add', { id_settore: SECTOR_IDS.TENNIS, ...body }, me.token)
        expect({ why, status: answer.status, message: answer.body.message }).toEqual({
          why,
          status: 404,
          message: S.notInvitable,
        })
      }
    }
    // Inviting into a challenge already made answers the same.
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], pubblica: true },
      me.token,
    )
    const id = (made.body.result as { id: number }).id
    const answer = await call(
      app,
      'sfide/giocatori/add',
      { id_sfida: id, id_persona: invited['nascosto dalle ricerche'], lato: 2 },
      me.token,
    )
    expect(answer).toMatchObject({ status: 404, body: { message: S.notInvitable } })
  })
})
