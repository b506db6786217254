// Challenge rules that a hand-made mutant once broke with the whole suite green (issue 24 item 1), each pinned
// through the API on PGlite and PostgreSQL: only the federation decides a contested result (not an editor), a
// retirement's earlier sets are finished sets, a card that ran out is no card for searches and invitations (nor is
// a person with no account invitable), at most SFIDA_MAX_PENDING proposals wait at once, and a challenge that does
// not exist is not found. Stryker mutates the repository's lines of these checks (`npm run mutation:repositories`).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { SFIDA_MAX_PENDING, SFIDE_MESSAGES as M } from '../../contract/sfide.ts'
import { persons, tessere } from '../../server/db/schema/core.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

type View = { id: number; stato: string; arbitro: boolean }
const resultOf = (answer: { body: Record<string, unknown> }) => answer.body.result as View
const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })

const propose = (by: TestPlayer, body: Record<string, unknown>) =>
  call(
    app,
    'sfide/add',
    { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], ...body },
    by.token,
  )
const act = (by: TestPlayer, path: string, id_sfida: number, extra: Record<string, unknown> = {}) =>
  call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)

async function accepted(a: TestPlayer, b: TestPlayer) {
  const made = resultOf(await propose(a, { avversari: [b.personId] }))
  expect((await act(b, 'partite/accetta', made.id)).status).toBe(200)
  return made.id
}

describe('sfide: who decides a contested result', () => {
  it('an editor (the news desk) is no referee: refused, and the challenge stays contested', async () => {
    const a = await makeTennisPlayer()
    const b = await makeTennisPlayer()
    const editor = await makeTennisPlayer({ role: 'editor' })
    const admin = await makeTennisPlayer({ role: 'admin' })
    const id = await accepted(a, b)
    await act(a, 'partite/risultato/add', id, {
      esito: 'giocata',
      set: [
        { a: 6, b: 3 },
        { a: 6, b: 4 },
      ],
    })
    expect(
      resultOf(await act(b, 'partite/risultato/contesta', id, { motivo: 'Non è andata così' })).stato,
    ).toBe('contested')
    // Not a player of it, not the federation: the editor does not even see it.
    expect(await act(editor, 'view', id)).toMatchObject(refused(403, M.notParticipant))
    expect(await act(editor, 'partite/risultato/risolvi', id, { esito: 'confermato' })).toMatchObject(
      refused(403, M.referee),
    )
    expect(resultOf(await act(a, 'view', id)).stato).toBe('contested')
    // The federation still can.
    expect(resultOf(await act(admin, 'partite/risultato/risolvi', id, { esito: 'annullato' })).stato).toBe(
      'resolved',
    )
  })
})

describe('sfide: a retirement', () => {
  it('may stop the last set half-way, never an earlier one', async () => {
    const a = await makeTennisPlayer()
    const b = await makeTennisPlayer()
    for (const set of [
      [
        { a: 7, b: 7 },
        { a: 2, b: 1 },
      ],
      [
        { a: 4, b: 3 },
        { a: 1, b: 0 },
      ],
      [
        { a: 6, b: 3 },
        { a: 5, b: 5 },
        { a: 1, b: 0 },
      ],
    ]) {
      const id = await accepted(a, b)
      const answer = await act(a, 'partite/risultato/add', id, { esito: 'ritiro', set, vincitore_lato: 1 })
      expect({ set, status: answer.status }).toEqual({ set, status: 400 })
      expect(answer.body.message).toMatch(/non è un set concluso/)
      expect(resultOf(await act(a, 'view', id)).stato).toBe('accepted')
    }
    // The same score with the earlier set finished is a retirement the portal takes.
    const id = await accepted(a, b)
    const taken = await act(a, 'partite/risultato/add', id, {
      esito: 'ritiro',
      set: [
        { a: 6, b: 3 },
        { a: 2, b: 1 },
      ],
      vincitore_lato: 1,
    })
    expect(taken.status).toBe(200)
    expect(resultOf(taken).stato).toBe('resultEntered')
  })
})

describe('sfide: a card that ran out', () => {
  it('is no card: not found by the opponents’ search, not invitable, and its holder may not propose', async () => {
    const { db } = await testDatabase()
    const a = await makeTennisPlayer()
    // This season's card, ended yesterday (the fixture's cards all run to 31 December).
    const lapsed = await makeTennisPlayer({ card: false })
    const yesterday = todayInItaly(new Date(Date.now() - 86_400_000))
    await db.insert(tessere).values({
      codiceTessera: `T${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`,
      personId: lapsed.personId,
      tipologia: 'Agonistica',
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: currentSeason(),
      validaDal: yesterday < `${currentSeason()}-01-01` ? yesterday : `${currentSeason()}-01-01`,
      validaAl: yesterday,
    })
    const search = (testo: string) =>
      call(app, 'sfide/giocatori/partite/cerca/giocatore', { id_settore: SECTOR_IDS.TENNIS, testo }, a.token)
    expect((await search(lapsed.cognome)).body).toMatchObject({ record: 0, results: [] })
    expect(await propose(a, { avversari: [lapsed.personId] })).toMatchObject(refused(404, M.notInvitable))
    expect(await propose(lapsed, { avversari: [a.personId] })).toMatchObject(refused(403, M.noCard('Tennis')))
    // A valid card is not enough: a person with no account on the portal cannot be told, so is not invitable.
    const [offline] = await db
      .insert(persons)
      .values({ nome: 'Senza', cognome: `Account ${randomUUID().slice(0, 8)}`, sesso: 'M' })
      .returning()
    await db.insert(tessere).values({
      codiceTessera: `T${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`,
      personId: offline!.id,
      tipologia: 'Agonistica',
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: currentSeason(),
      validaDal: `${currentSeason()}-01-01`,
      validaAl: `${currentSeason()}-12-31`,
    })
    expect(await propose(a, { avversari: [offline!.id] })).toMatchObject(refused(404, M.notInvitable))
    // Renewed to the end of the year, the same player is found again.
    await db
      .update(tessere)
      .set({ validaAl: `${currentSeason()}-12-31` })
      .where(eq(tessere.personId, lapsed.personId))
    expect((await search(lapsed.cognome)).body).toMatchObject({
      record: 1,
      results: [expect.objectContaining({ id: lapsed.personId })],
    })
  })
})

describe('sfide: proposals waiting at once', () => {
  it(`takes ${SFIDA_MAX_PENDING}, refuses one more, and takes it again once one is withdrawn`, async () => {
    const a = await makeTennisPlayer()
    // Open challenges on the board: no invitation, so no notice counts against the daily cap.
    const open = () => propose(a, { pubblica: true })
    const ids: number[] = []
    for (let i = 0; i < SFIDA_MAX_PENDING; i++) {
      const answer = await open()
      expect({ i, status: answer.status }).toEqual({ i, status: 200 })
      ids.push(resultOf(answer).id)
    }
    expect(await open()).toMatchObject(refused(409, M.tooMany))
    expect((await act(a, 'del', ids[0]!)).status).toBe(200)
    expect((await open()).status).toBe(200)
    expect(await open()).toMatchObject(refused(409, M.tooMany))
  })
})

describe('sfide: a challenge that does not exist', () => {
  it('is not found, whatever the answer', async () => {
    const a = await makeTennisPlayer()
    for (const path of ['partite/accetta', 'partite/rifiuta', 'del'])
      expect({ path, answer: await act(a, path, 2_000_000_000) }).toMatchObject({
        path,
        answer: refused(404, M.notFound),
      })
  })
})
