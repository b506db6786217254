// Challenges through the API (issue 12), on PGlite and on PostgreSQL (DATABASE_URL): every endpoint, who may do
// what with two and three players (and the federation), the result's Power with its explanation, the e-mails
// only to players who chose them, the public board, doubles, and the deadlines applied on start.
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { SFIDE_MESSAGES as M } from '../../contract/sfide.ts'
import { challenges, powerRatings } from '../../server/db/schema/domain.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

type Player = TestPlayer

/** A signed-in tennis player with a card, a Power when told; hidden from searches or without e-mails when told. */
function makePlayer(
  options: { power?: number; card?: boolean; hidden?: boolean; noMail?: boolean; admin?: boolean } = {},
): Promise<Player> {
  return makeTennisPlayer({
    power: options.power,
    card: options.card,
    hidden: options.hidden,
    noChallengeMail: options.noMail,
    role: options.admin ? 'admin' : 'player',
  })
}

type View = {
  id: number
  stato: string
  pubblica: boolean
  da_fare: string | null
  partecipanti: { id: number; lato: number; risposta: string }[]
  risultato: { punteggio: string; vincitore_lato: number; conferma_automatica: boolean } | null
  storia: { evento: string; descrizione: string; chi: string | null }[]
  power: { id_giocatore: number; power_prima: number; power_dopo: number; spiegazione: string }[]
  contesto: { partecipanti: unknown[] }
  arbitro: boolean
}
const resultOf = (answer: { body: Record<string, unknown> }) => answer.body.result as View
const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })

const propose = (by: Player, body: Record<string, unknown>) =>
  call(
    app,
    'sfide/add',
    { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], ...body },
    by.token,
  )
const act = (by: Player, path: string, id_sfida: number, extra: Record<string, unknown> = {}) =>
  call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)
const SETS_6_3_6_4 = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}

async function outboxOf(email: string) {
  const { db } = await testDatabase()
  return db.select().from(idpOutbox).where(eq(idpOutbox.recipient, email))
}

/** A singles challenge from `a` to `b`, accepted by `b`. */
async function accepted(a: Player, b: Player) {
  const made = resultOf(await propose(a, { avversari: [b.personId] }))
  expect((await act(b, 'partite/accetta', made.id)).status).toBe(200)
  return made.id
}

describe('sfide: access and bodies', () => {
  it('every personal call needs a signed-in user; the board is public', async () => {
    for (const path of [
      'add',
      'del',
      'pubblica',
      'list',
      'view',
      'partite/accetta',
      'partite/rifiuta',
      'giocatori/add',
      'giocatori/del',
      'partite/risultato/add',
      'partite/risultato/conferma',
      'partite/risultato/contesta',
      'partite/risultato/risolvi',
      'giocatori/partite/cerca/giocatore',
      'partite/sommario',
    ]) {
      const answer = await call(app, `sfide/${path}`, { id_sfida: 1 })
      expect({ path, ...answer }).toMatchObject({ path, ...refused(401, MESSAGES.unauthorized) })
    }
    const board = await call(app, 'sfide/pubbliche/list', { id_settore: SECTOR_IDS.TENNIS })
    expect(board.status).toBe(200)
    expect(board.body).toMatchObject({ results: expect.any(Array), record: expect.any(Number) })
  })

  it('a bad body is a 400 with an Italian message, never a 500', async () => {
    const a = await makePlayer()
    for (const body of [
      {},
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'tris', avversari: [] },
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [1, 2, 3] },
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: ['x'] },
    ]) {
      const answer = await call(app, 'sfide/add', body, a.token)
      expect({ body, status: answer.status }).toEqual({ body, status: 400 })
      expect(answer.body.message).toEqual(expect.any(String))
    }
    expect((await act(a, 'partite/risultato/contesta', 1, { motivo: '' })).status).toBe(400)
  })

  it('refuses a proposal that makes no sense, in Italian', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    expect(await propose(a, {})).toMatchObject(refused(400, M.needsOpponent))
    expect(await propose(a, { avversari: [a.personId] })).toMatchObject(refused(400, M.yourself))
    expect(await propose(a, { avversari: [b.personId], id_compagno: b.personId })).toMatchObject(
      refused(400, M.partnerInSingles),
    )
    expect(await propose(a, { specialita: 'doppio', avversari: [b.personId, b.personId] })).toMatchObject(
      refused(400, M.samePlayer),
    )
    expect(
      await propose(a, {
        avversari: [b.personId],
        data_proposta: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    ).toMatchObject(refused(400, M.dateInPast))
  })

  it('needs a card: the proposer’s (saying so) and the invited player’s (without saying whose)', async () => {
    const noCard = await makePlayer({ card: false })
    const b = await makePlayer()
    expect(await propose(noCard, { avversari: [b.personId] })).toMatchObject(refused(403, M.noCard('Tennis')))
    const a = await makePlayer()
    expect(await propose(a, { avversari: [noCard.personId] })).toMatchObject(refused(404, M.notInvitable))
  })
})

describe('sfide: a singles challenge from proposal to confirmed result', () => {
  it('proposes, accepts, enters the result, the other side confirms, and both Powers move with an explanation', async () => {
    const a = await makePlayer({ power: 50 })
    const b = await makePlayer({ power: 50 })
    // A visitor's view of a's player page (answered from the cache until something changes it).
    const powerOnPage = async () =>
      (
        (await call(app, 'giocatori/dettaglio/view', { id_persona: a.personId, id_settore: 1 })).body
          .result as { power: { valore: number } | null }
      ).power?.valore
    expect(await powerOnPage()).toBe(50)
    const made = await propose(a, { avversari: [b.personId], messaggio: 'Sabato alle 10?' })
    expect(made.status).toBe(200)
    const proposal = resultOf(made)
    expect(proposal).toMatchObject({ stato: 'proposed', da_fare: null })
    expect(proposal.partecipanti).toEqual([
      expect.objectContaining({ id: a.personId, lato: 1, risposta: 'accettata' }),
      expect.objectContaining({ id: b.personId, lato: 2, risposta: 'in_attesa' }),
    ])
    // b is told (e-mail on by default) and sees what to do.
    expect((await outboxOf(b.email)).map((m) => m.subject)).toEqual(['Sfide'])
    expect(resultOf(await act(b, 'view', proposal.id)).da_fare).toBe('Rispondi all’invito')
    const summary = await call(app, 'sfide/partite/sommario', {}, b.token)
    expect(summary.body.result).toMatchObject({ da_rispondere: 1 })

    expect(resultOf(await act(b, 'partite/accetta', proposal.id)).stato).toBe('accepted')
    expect((await outboxOf(a.email)).length).toBe(1)

    const entered = await act(a, 'partite/risultato/add', proposal.id, SETS_6_3_6_4)
    expect(entered.status).toBe(200)
    expect(resultOf(entered)).toMatchObject({
      stato: 'resultEntered',
      risultato: { punteggio: '6-3 6-4', vincitore_lato: 1 },
    })
    // Who entered the result cannot confirm it.
    expect(await act(a, 'partite/risultato/conferma', proposal.id)).toMatchObject(refused(403, M.ownResult))
    expect((await call(app, 'sfide/partite/sommario', {}, b.token)).body.result).toMatchObject({
      da_confermare: 1,
    })

    const confirmed = resultOf(await act(b, 'partite/risultato/conferma', proposal.id))
    expect(confirmed.stato).toBe('confirmed')
    expect(confirmed.power).toHaveLength(2)
    const winner = confirmed.power.find((p) => p.id_giocatore === a.personId)!
    const loser = confirmed.power.find((p) => p.id_giocatore === b.personId)!
    expect(winner.power_dopo).toBeGreaterThan(winner.power_prima)
    expect(loser.power_dopo).toBeLessThan(loser.power_prima)
    expect(winner.spiegazione).toMatch(/attesi il 50% dei game, vinti 12 su 19/)
    // b reads the answer: «Il tuo livello» is b's own, a's change reads «Livello».
    expect(loser.spiegazione).toMatch(/^Il tuo livello 50,0 contro 50,0:/)
    expect(winner.spiegazione).toMatch(/^Livello 50,0 contro 50,0:/)
    const { db } = await testDatabase()
    const [rating] = await db.select().from(powerRatings).where(eq(powerRatings.personId, a.personId))
    expect(rating!.power).toBe(winner.power_dopo)
    // The player page shows the new Power at once.
    expect(await powerOnPage()).toBe(Math.round(winner.power_dopo * 10) / 10)
    expect(confirmed.storia.map((s) => s.evento)).toEqual([
      'sfida.proponi',
      'sfida.accetta',
      'sfida.risultato',
      'sfida.conferma',
    ])
    expect(confirmed.storia[2]!.descrizione).toBe('Risultato inserito: 6-3 6-4')
    expect((await call(app, 'sfide/partite/sommario', {}, a.token)).body.result).toMatchObject({ vinte: 1 })
    expect((await call(app, 'sfide/partite/sommario', {}, b.token)).body.result).toMatchObject({ perse: 1 })
    // Nothing moves a confirmed challenge.
    expect((await act(b, 'partite/risultato/contesta', proposal.id, { motivo: 'No' })).status).toBe(409)
  })

  it('refuses a result that is not a valid tennis score, in Italian', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const id = await accepted(a, b)
    const wrong = await act(a, 'partite/risultato/add', id, { esito: 'giocata', set: [{ a: 6, b: 5 }] })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toMatch(/set/)
    expect(resultOf(await act(a, 'view', id)).stato).toBe('accepted')
  })

  it('a contested result waits for the federation, which decides', async () => {
    const a = await makePlayer({ power: 40 })
    const b = await makePlayer({ power: 40 })
    const admin = await makePlayer({ admin: true })
    const id = await accepted(a, b)
    await act(b, 'partite/risultato/add', id, SETS_6_3_6_4)
    expect(await act(b, 'partite/risultato/contesta', id, { motivo: 'No' })).toMatchObject(
      refused(403, M.ownResult),
    )
    const contested = resultOf(
      await act(a, 'partite/risultato/contesta', id, { motivo: 'Abbiamo giocato 6-3 4-6' }),
    )
    expect(contested.stato).toBe('contested')
    expect(contested.storia.at(-1)!.descrizione).toBe('Risultato contestato: «Abbiamo giocato 6-3 4-6»')
    // Players do not decide; the federation does, and a result that stands counts.
    expect(await act(a, 'partite/risultato/risolvi', id, { esito: 'confermato' })).toMatchObject(
      refused(403, M.referee),
    )
    expect(resultOf(await act(a, 'view', id)).arbitro).toBe(false)
    const seen = resultOf(await act(admin, 'view', id))
    expect(seen.stato).toBe('contested')
    expect(seen.arbitro).toBe(true)
    const resolved = resultOf(
      await act(admin, 'partite/risultato/risolvi', id, { esito: 'confermato', nota: 'Referto del circolo' }),
    )
    expect(resolved.stato).toBe('resolved')
    expect(resolved.power.map((p) => p.id_giocatore).sort()).toEqual([a.personId, b.personId].sort())
  })

  it('the federation does not decide a challenge its own person plays', async () => {
    const admin = await makePlayer({ admin: true })
    const b = await makePlayer()
    const id = await accepted(admin, b)
    await act(admin, 'partite/risultato/add', id, SETS_6_3_6_4)
    await act(b, 'partite/risultato/contesta', id, { motivo: 'Non è andata così' })
    // The view does not offer it either: arbitro comes from the machine's own guard.
    expect(resultOf(await act(admin, 'view', id))).toMatchObject({ stato: 'contested', arbitro: false })
    expect(await act(admin, 'partite/risultato/risolvi', id, { esito: 'confermato' })).toMatchObject(
      refused(403, M.referee),
    )
    expect(resultOf(await act(b, 'view', id)).stato).toBe('contested')
  })

  it('a result the federation annuls changes no Power', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const admin = await makePlayer({ admin: true })
    const id = await accepted(a, b)
    await act(a, 'partite/risultato/add', id, SETS_6_3_6_4)
    await act(b, 'partite/risultato/contesta', id, { motivo: 'Non abbiamo giocato' })
    const resolved = resultOf(await act(admin, 'partite/risultato/risolvi', id, { esito: 'annullato' }))
    expect(resolved).toMatchObject({ stato: 'resolved', power: [] })
    expect((await call(app, 'sfide/partite/sommario', {}, a.token)).body.result).toMatchObject({ vinte: 0 })
  })
})

describe('sfide: who may do what (two and three players)', () => {
  it('only the players see and act; a third player changes nothing', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const c = await makePlayer()
    const proposal = resultOf(await propose(a, { avversari: [b.personId] }))
    expect(await act(c, 'view', proposal.id)).toMatchObject(refused(403, M.notParticipant))
    for (const path of ['partite/accetta', 'partite/rifiuta', 'del', 'pubblica']) {
      const answer = await act(c, path, proposal.id)
      expect({ path, ...answer }).toMatchObject({ path, ...refused(403, M.notParticipant) })
    }
    // The proposer does not answer their own challenge; the opponent does not cancel it.
    expect(await act(a, 'partite/accetta', proposal.id)).toMatchObject(refused(403, M.notAllowed))
    expect(await act(b, 'del', proposal.id)).toMatchObject(refused(403, M.notAllowed))
    await act(b, 'partite/accetta', proposal.id)
    expect((await act(c, 'partite/risultato/add', proposal.id, SETS_6_3_6_4)).status).toBe(403)
    await act(b, 'partite/risultato/add', proposal.id, SETS_6_3_6_4)
    expect((await act(c, 'partite/risultato/conferma', proposal.id)).status).toBe(403)
    expect(await act(b, 'partite/risultato/conferma', proposal.id)).toMatchObject(refused(403, M.ownResult))
    expect(resultOf(await act(a, 'partite/risultato/conferma', proposal.id)).stato).toBe('confirmed')
  })

  it('a refusal ends the challenge; a cancelled one cannot be accepted any more', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const first = resultOf(await propose(a, { avversari: [b.personId] }))
    expect(resultOf(await act(b, 'partite/rifiuta', first.id)).stato).toBe('refused')
    const second = resultOf(await propose(a, { avversari: [b.personId] }))
    expect(resultOf(await act(a, 'del', second.id)).stato).toBe('cancelled')
    expect(await act(b, 'partite/accetta', second.id)).toMatchObject(refused(409, M.illegal('annullata')))
    const third = await accepted(a, b)
    expect(await act(a, 'del', third)).toMatchObject(refused(409, M.illegal('accettata: da giocare')))
  })

  it('a player hidden from searches is not offered and cannot be invited', async () => {
    const a = await makePlayer()
    const hidden = await makePlayer({ hidden: true })
    const visible = await makePlayer()
    const search = (testo: string) =>
      call(app, 'sfide/giocatori/partite/cerca/giocatore', { id_settore: SECTOR_IDS.TENNIS, testo }, a.token)
    expect((await search(hidden.cognome)).body).toMatchObject({ record: 0, results: [] })
    expect((await search(visible.cognome)).body).toMatchObject({
      record: 1,
      results: [expect.objectContaining({ id: visible.personId, nome: `Gioc ${visible.cognome}` })],
    })
    expect((await search(a.cognome)).body).toMatchObject({ record: 0 })
    expect(await propose(a, { avversari: [hidden.personId] })).toMatchObject(refused(404, M.notInvitable))
  })

  it('sends the challenge e-mails only to players who keep them on', async () => {
    const a = await makePlayer()
    const quiet = await makePlayer({ noMail: true })
    const made = resultOf(await propose(a, { avversari: [quiet.personId] }))
    expect(await outboxOf(quiet.email)).toEqual([])
    await act(quiet, 'partite/accetta', made.id)
    expect((await outboxOf(a.email)).map((m) => m.body)).toEqual([
      `Gioc ${quiet.cognome} ha accettato la sfida.`,
    ])
  })
})

describe('sfide: the board, doubles and players', () => {
  it('a public challenge is on the board until someone takes the place', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const made = resultOf(await propose(a, { pubblica: true, messaggio: 'Chi gioca domenica?' }))
    const board = async () =>
      (
        (await call(app, 'sfide/pubbliche/list', { id_settore: SECTOR_IDS.TENNIS, fetchrows: 100 })).body
          .results as { id: number }[]
      ).map((r) => r.id)
    expect(await board()).toContain(made.id)
    // Anyone signed in sees it; taking someone else's place is not how it works.
    expect(resultOf(await act(b, 'view', made.id)).stato).toBe('proposed')
    const c = await makePlayer()
    expect(await act(b, 'giocatori/add', made.id, { id_persona: c.personId, lato: 2 })).toMatchObject(
      refused(403, M.notAllowed),
    )
    const taken = resultOf(await act(b, 'giocatori/add', made.id, { id_persona: b.personId, lato: 2 }))
    expect(taken.stato).toBe('accepted')
    expect(await board()).not.toContain(made.id)
  })

  it('the board lists only challenges with a free place (issue 19, item 8)', async () => {
    const [a, b, c, d] = await Promise.all([makePlayer(), makePlayer(), makePlayer(), makePlayer()])
    const board = async (token?: string) => {
      const answer = await call(
        app,
        'sfide/pubbliche/list',
        { id_settore: SECTOR_IDS.TENNIS, fetchrows: 100 },
        token,
      )
      const ids = (answer.body.results as { id: number }[]).map((r) => r.id)
      // The count is of the same list.
      expect(answer.body.record).toBe(ids.length)
      return ids
    }
    // Public, but its only place is an invitation waiting for an answer: nothing to take.
    const invited = resultOf(await propose(a, { avversari: [b.personId], pubblica: true }))
    // Public doubles with the partner and one opponent invited: one place left on side 2.
    const doubles = resultOf(
      await propose(c, {
        specialita: 'doppio',
        id_compagno: d.personId,
        avversari: [b.personId],
        pubblica: true,
      }),
    )
    const free = resultOf(await propose(d, { pubblica: true }))
    for (const token of [undefined, c.token]) {
      const ids = await board(token)
      expect(ids).not.toContain(invited.id)
      expect(ids).toEqual(expect.arrayContaining([doubles.id, free.id]))
    }
    // Inviting the last player fills it: off the board; removing them frees the place again.
    const fourth = await makePlayer()
    await act(c, 'giocatori/add', doubles.id, { id_persona: fourth.personId, lato: 2 })
    expect(await board(a.token)).not.toContain(doubles.id)
    await act(c, 'giocatori/del', doubles.id, { id_persona: fourth.personId })
    expect(await board(a.token)).toContain(doubles.id)
  })

  it('a private challenge goes on the board when its proposer publishes it', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const c = await makePlayer()
    const made = resultOf(await propose(a, { avversari: [b.personId] }))
    expect(await act(c, 'giocatori/add', made.id, { id_persona: c.personId, lato: 2 })).toMatchObject(
      refused(403, M.notPublic),
    )
    expect(
      resultOf(await act(a, 'giocatori/del', made.id, { id_persona: b.personId })).partecipanti,
    ).toHaveLength(1)
    expect(await act(c, 'giocatori/add', made.id, { id_persona: c.personId, lato: 2 })).toMatchObject(
      refused(403, M.notPublic),
    )
    expect(resultOf(await act(a, 'pubblica', made.id)).pubblica).toBe(true)
    expect(resultOf(await act(c, 'giocatori/add', made.id, { id_persona: c.personId, lato: 2 })).stato).toBe(
      'accepted',
    )
  })

  it('doubles start when the partner and both opponents have accepted', async () => {
    const [a, partner, o1, o2] = await Promise.all([makePlayer(), makePlayer(), makePlayer(), makePlayer()])
    const made = resultOf(
      await propose(a, { specialita: 'doppio', id_compagno: partner.personId, avversari: [o1.personId] }),
    )
    expect(made.partecipanti).toHaveLength(3)
    const full = resultOf(await act(a, 'giocatori/add', made.id, { id_persona: o2.personId, lato: 2 }))
    expect(full.partecipanti).toHaveLength(4)
    expect((await outboxOf(o2.email)).length).toBe(1)
    for (const p of [partner, o1])
      expect(resultOf(await act(p, 'partite/accetta', made.id)).stato).toBe('proposed')
    expect(resultOf(await act(o2, 'partite/accetta', made.id)).stato).toBe('accepted')
    await act(partner, 'partite/risultato/add', made.id, SETS_6_3_6_4)
    // Neither the one who entered it nor their partner confirms; an opponent does.
    expect(await act(a, 'partite/risultato/conferma', made.id)).toMatchObject(refused(403, M.ownResult))
    const confirmed = resultOf(await act(o1, 'partite/risultato/conferma', made.id))
    expect(confirmed.stato).toBe('confirmed')
    expect(confirmed.power).toHaveLength(4)
  })

  it('lists my challenges, what waits for me first', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const done = await accepted(a, b)
    await act(a, 'partite/risultato/add', done, SETS_6_3_6_4)
    await act(b, 'partite/risultato/conferma', done)
    const waiting = resultOf(await propose(b, { avversari: [a.personId] }))
    const list = await call(app, 'sfide/list', {}, a.token)
    expect(list.body.record).toBe(2)
    const rows = list.body.results as { id: number; da_fare: string | null }[]
    expect(rows.map((r) => r.id)).toEqual([waiting.id, done])
    expect(rows[0]!.da_fare).toBe('Rispondi all’invito')
    expect((await call(app, 'sfide/list', { filtro: 'concluse' }, a.token)).body.record).toBe(1)
  })
})

describe('sfide: deadlines', () => {
  it('a proposal unanswered for 7 days expires; a result unanswered for 48 hours stands, with its Power', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const { db } = await testDatabase()
    const repos = createRepositories(db)
    const stale = resultOf(await propose(a, { avversari: [b.personId] }))
    const played = await accepted(a, b)
    await act(a, 'partite/risultato/add', played, SETS_6_3_6_4)
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000)
    // Both fall due within 7 days. Their deadlines move, not the clock: the runner acts on every due deadline of the
    // shared database, the seed's team ties too (never due on the day the seed is for).
    const ids = [stale.id, played]
    const due = await db
      .select({ scadeIl: challenges.scadeIl })
      .from(challenges)
      .where(inArray(challenges.id, ids))
    for (const { scadeIl } of due) {
      expect(scadeIl!.getTime()).toBeGreaterThan(Date.now())
      expect(scadeIl!.getTime()).toBeLessThanOrEqual(later.getTime())
    }
    await db
      .update(challenges)
      .set({ scadeIl: new Date(Date.now() - 60_000) })
      .where(inArray(challenges.id, ids))
    expect(await applyDeadlines(repos, new Date())).toBeGreaterThanOrEqual(2)
    const expired = resultOf(await act(a, 'view', stale.id))
    expect(expired.stato).toBe('expired')
    expect(expired.storia.at(-1)).toMatchObject({ evento: 'sfida.scade', chi: null })
    const stood = resultOf(await act(b, 'view', played))
    expect(stood).toMatchObject({ stato: 'confirmed', risultato: { conferma_automatica: true } })
    expect(stood.power).toHaveLength(2)
  })

  it('a deadline that passed while the server was down is applied when it starts', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const made = resultOf(await propose(a, { avversari: [b.personId] }))
    const { db } = await testDatabase()
    await db
      .update(challenges)
      .set({ scadeIl: new Date(Date.now() - 60_000) })
      .where(eq(challenges.id, made.id))
    const restarted = await buildTestApp({ DEADLINE_INTERVAL_MS: '0' })
    try {
      const [row] = await db.select().from(challenges).where(eq(challenges.id, made.id))
      expect(row!.status).toBe('expired')
    } finally {
      await restarted.close()
    }
  })
})
