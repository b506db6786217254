// Notices in the portal through the API (issue 19, items 7 and 9c), on PGlite and on PostgreSQL (DATABASE_URL): a
// doubles invitation, a challenge proposal and a partner request reach the invited player as unseen notices
// beside the e-mail; only the reader sees and marks their own; the enrolment panel shows the invitation until it is
// answered; and what one person causes to be sent to another is capped per day, on the three lifecycles.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AVVISI_MAX_GIORNO, AVVISI_MESSAGES, type Avviso } from '../../contract/avvisi.ts'
import { MESSAGES } from '../../contract/common.ts'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { ISCRIZIONI_NOTICES as N } from '../../contract/iscrizioni.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { challenges, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const DAY = 86_400_000
/** A day in Italy's calendar, `offset` days from today. */
const day = (offset: number) =>
  new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

type Player = TestPlayer & { nome: string }
async function makePlayer(): Promise<Player> {
  const player = await makeTennisPlayer()
  return { ...player, nome: `Gioc ${player.cognome}` }
}

let serial = 0
/** A tennis doubles tournament with enrolment open. */
async function makeDoubles() {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values({
      nome: `Doppio degli avvisi ${++serial} ${randomUUID().slice(0, 4)}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'doppio',
      genere: 'X',
      dataInizio: day(20),
      dataFine: day(22),
      iscrizioniDal: new Date(Date.now() - 10 * DAY),
      iscrizioniAl: new Date(Date.now() + 10 * DAY),
      maxIscritti: 8,
      status: 'iscrizioni_aperte',
    })
    .returning()
  return row!
}

const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })
const list = async (p: Player) => {
  const answer = await call(app, 'avvisi/list', {}, p.token)
  expect(answer.status).toBe(200)
  return answer.body as { results: Avviso[]; record: number }
}
const seen = (p: Player, id_avvisi: number[]) => call(app, 'avvisi/letti', { id_avvisi }, p.token)
const invite = (by: Player, id_torneo: number, partner: Player) =>
  call(app, 'tornei/iscrizioni/add', { id_torneo, id_compagno: partner.personId }, by.token)
const enrolmentAct = (p: Player, action: 'del' | 'accetta' | 'rifiuta', id_iscrizione: number) =>
  call(app, `tornei/iscrizioni/${action}`, { id_iscrizione }, p.token)
const entryId = (answer: { body: Record<string, unknown> }) =>
  (answer.body.result as { id_iscrizione: number }).id_iscrizione
const propose = (by: Player, opponent: Player) =>
  call(
    app,
    'sfide/add',
    { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [opponent.personId] },
    by.token,
  )
const publish = (p: Player) =>
  call(
    app,
    'giocatori/cerca-compagno/add',
    {
      id_settore: SECTOR_IDS.PADEL,
      provincia: 'RM',
      livello: 'intermedio',
      data_dal: day(0),
      data_al: day(20),
    },
    p.token,
  )
const sendRequest = (p: Player, id_annuncio: number) =>
  call(app, 'giocatori/cerca-compagno/invio-richiesta', { id_annuncio }, p.token)
const requestAct = (p: Player, action: 'conferma' | 'rifiuta' | 'cancella', id_richiesta: number) =>
  call(app, `giocatori/cerca-compagno/${action}-richiesta`, { id_richiesta }, p.token)

async function outboxOf(email: string) {
  const { db } = await testDatabase()
  return db.select().from(idpOutbox).where(eq(idpOutbox.recipient, email))
}

describe('avvisi: the invited player is told in the portal', () => {
  it('a doubles invitation, a challenge proposal and a partner request reach the invited player, beside the e-mail', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    expect(await list(b)).toEqual({ results: [], record: 0 })

    const t = await makeDoubles()
    expect((await invite(a, t.id, b)).status).toBe(200)
    const challenge = await propose(a, b)
    expect(challenge.status).toBe(200)
    const challengeId = (challenge.body.result as { id: number }).id
    const listing = await publish(b)
    expect(listing.status).toBe(200)
    const listingId = (listing.body.result as { id_annuncio: number }).id_annuncio
    const request = await sendRequest(a, listingId)
    expect(request.status).toBe(200)

    const { results, record } = await list(b)
    expect(record).toBe(3)
    // Newest first: what the portal opens for each, and what the e-mail said.
    expect(results.map(({ ambito, id_riferimento }) => ({ ambito, id_riferimento }))).toEqual([
      { ambito: 'annuncio', id_riferimento: listingId },
      { ambito: 'sfida', id_riferimento: challengeId },
      { ambito: 'torneo', id_riferimento: t.id },
    ])
    expect(results[2]!.testo).toBe(N.invited(a.nome, t.nome))
    expect(results[1]!.testo).toMatch(new RegExp(`^${a.nome} ti ha invitato a una sfida`))
    expect(results[0]!.testo).toContain(`${a.nome} vorrebbe giocare con te`)
    expect(Date.parse(results[0]!.creato_il)).toBeGreaterThan(Date.now() - 60_000)
    const mails = (await outboxOf(b.email)).map((m) => m.body)
    for (const notice of results) expect(mails).toContain(notice.testo)
    // Nobody else reads them.
    expect(await list(a)).toEqual({ results: [], record: 0 })
  })

  it('the confirmed partner request reaches the requester, opening the request they sent', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = ((await publish(author)).body.result as { id_annuncio: number }).id_annuncio
    const requestId = ((await sendRequest(requester, listingId)).body.result as { id_richiesta: number })
      .id_richiesta
    expect((await requestAct(author, 'conferma', requestId)).status).toBe(200)
    const { results } = await list(requester)
    expect(results).toMatchObject([{ ambito: 'richiesta', id_riferimento: requestId }])
    expect(results[0]!.testo).toMatch(new RegExp(`^${author.nome} ha confermato`))
  })

  it('marks seen only the reader’s own notices, and answers the unseen ones left', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    await propose(a, b)
    await invite(a, (await makeDoubles()).id, b)
    const before = await list(b)
    expect(before.record).toBe(2)
    const [newest, oldest] = before.results
    // Someone else's ids change nothing.
    expect((await seen(a, [newest!.id_avviso, oldest!.id_avviso])).body).toEqual({ results: [], record: 0 })
    expect((await list(b)).record).toBe(2)
    const after = await seen(b, [newest!.id_avviso])
    expect(after).toMatchObject({
      status: 200,
      body: { record: 1, results: [{ id_avviso: oldest!.id_avviso }] },
    })
    expect(await list(b)).toEqual(after.body)
    const { db } = await testDatabase()
    const [row] = await db.select().from(avvisi).where(eq(avvisi.id, newest!.id_avviso))
    expect(row!.lettoIl).not.toBeNull()
  })

  it('anonymous callers get 401; bad bodies a 400 in Italian', async () => {
    for (const path of ['avvisi/list', 'avvisi/letti'])
      expect(await call(app, path, { id_avvisi: [1] })).toMatchObject(refused(401, MESSAGES.unauthorized))
    const p = await makePlayer()
    for (const body of [{}, { id_avvisi: [] }, { id_avvisi: ['uno'] }, { id_avvisi: [0] }]) {
      const answer = await call(app, 'avvisi/letti', body, p.token)
      expect({ body, status: answer.status }).toEqual({ body, status: 400 })
    }
    expect((await call(app, 'avvisi/list', { x: 1 }, p.token)).status).toBe(400)
  })
})

describe('the enrolment panel of the invited player', () => {
  it('shows the invitation until it is answered, not after', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const t = await makeDoubles()
    const id = entryId(await invite(a, t.id, b))
    const panel = async (p: Player) =>
      (await call(app, 'tornei/iscrizioni/stato', { id_torneo: t.id }, p.token)).body.result as {
        iscrizione: { avviso: string | null; stato: string }
      }
    expect((await panel(b)).iscrizione).toMatchObject({
      stato: 'attesaCompagno',
      avviso: N.invited(a.nome, t.nome),
    })
    expect((await enrolmentAct(b, 'accetta', id)).status).toBe(200)
    expect((await panel(b)).iscrizione).toMatchObject({ stato: 'iscritta', avviso: null })
    expect((await panel(a)).iscrizione).toMatchObject({ avviso: N.accepted(b.nome, t.nome) })
  })

  it('a pair withdrawn by one of the two tells the other', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const t = await makeDoubles()
    const id = entryId(await invite(a, t.id, b))
    await enrolmentAct(b, 'accetta', id)
    expect((await enrolmentAct(b, 'del', id)).status).toBe(200)
    const { results } = await list(a)
    expect(results[0]).toMatchObject({ ambito: 'torneo', testo: N.withdrawn(b.nome, t.nome) })
    expect((await outboxOf(a.email)).map((m) => m.body)).toContain(N.withdrawn(b.nome, t.nome))
  })
})

describe('what one person causes to be sent to another is capped per day', () => {
  async function countFrom(from: Player, to: Player) {
    const { db } = await testDatabase()
    const rows = await db
      .select()
      .from(avvisi)
      .where(and(eq(avvisi.mittenteId, from.personId), eq(avvisi.personId, to.personId)))
    return rows.length
  }

  it('enrol and cancel with the same partner, over and over: refused with a 429 once the cap is reached', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const t = await makeDoubles()
    for (let i = 0; i < AVVISI_MAX_GIORNO / 2; i++) {
      const id = entryId(await invite(a, t.id, b))
      expect((await enrolmentAct(a, 'del', id)).status).toBe(200)
    }
    expect(await countFrom(a, b)).toBe(AVVISI_MAX_GIORNO)
    const mailsBefore = (await outboxOf(b.email)).length
    expect(await invite(a, t.id, b)).toMatchObject(refused(429, AVVISI_MESSAGES.tooMany(b.nome)))
    // Nothing of the refused invitation was written: no entry, no notice, no e-mail.
    const { db } = await testDatabase()
    const active = await db
      .select()
      .from(tournamentEntries)
      .where(
        and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'in_attesa_compagno')),
      )
    expect(active).toEqual([])
    expect(await countFrom(a, b)).toBe(AVVISI_MAX_GIORNO)
    expect((await outboxOf(b.email)).length).toBe(mailsBefore)
    // The cap is per pair: someone else may still invite b, and a may invite someone else.
    const c = await makePlayer()
    expect((await invite(c, t.id, b)).status).toBe(200)
    expect((await invite(a, t.id, await makePlayer())).status).toBe(200)
  })

  it('propose and cancel a challenge to the same person, over and over: a 429', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    for (let i = 0; i < AVVISI_MAX_GIORNO / 2; i++) {
      const id = ((await propose(a, b)).body.result as { id: number }).id
      expect((await call(app, 'sfide/del', { id_sfida: id }, a.token)).status).toBe(200)
    }
    const { db } = await testDatabase()
    const before = await db.select().from(challenges).where(eq(challenges.createdByPersonId, a.personId))
    expect(await propose(a, b)).toMatchObject(refused(429, AVVISI_MESSAGES.tooMany(b.nome)))
    const after = await db.select().from(challenges).where(eq(challenges.createdByPersonId, a.personId))
    expect(after.length).toBe(before.length)
  })

  it('a team tie’s notices, which have no cap, leave the day’s allowance of the capped ones untouched', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const { db } = await testDatabase()
    // A captains' tie between the two: a step each, each telling the other (server/repositories/ties.ts).
    await db.insert(avvisi).values(
      Array.from({ length: AVVISI_MAX_GIORNO }, (_, i) => ({
        personId: b.personId,
        mittenteId: a.personId,
        ambito: 'incontro' as const,
        riferimento: 1,
        testo: `Passo ${i + 1} dell’incontro`,
      })),
    )
    expect((await propose(a, b)).status).toBe(200)
  })

  it('send and cancel a partner request, over and over: a 429', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = ((await publish(author)).body.result as { id_annuncio: number }).id_annuncio
    for (let i = 0; i < AVVISI_MAX_GIORNO / 2; i++) {
      const id = ((await sendRequest(requester, listingId)).body.result as { id_richiesta: number })
        .id_richiesta
      expect((await requestAct(requester, 'cancella', id)).status).toBe(200)
    }
    expect(await sendRequest(requester, listingId)).toMatchObject(
      refused(429, AVVISI_MESSAGES.tooMany(author.nome)),
    )
    expect((await list(author)).results[0]!.testo).toContain(`${requester.nome} ha annullato la richiesta`)
  })

  it('holds under parallel requests: invitations to one partner in many tournaments at once', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const extra = AVVISI_MAX_GIORNO + 5
    const tournamentsAtOnce = await Promise.all(
      Array.from({ length: AVVISI_MAX_GIORNO + extra }, () => makeDoubles()),
    )
    const answers = await Promise.all(tournamentsAtOnce.map((t) => invite(a, t.id, b)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(AVVISI_MAX_GIORNO)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(extra)
    expect(await countFrom(a, b)).toBe(AVVISI_MAX_GIORNO)
  })

  it('counts only today, in Italy’s calendar', async () => {
    const a = await makePlayer()
    const b = await makePlayer()
    const { db } = await testDatabase()
    // Yesterday's notices, however many, do not count towards today.
    await db.insert(avvisi).values(
      Array.from({ length: AVVISI_MAX_GIORNO }, () => ({
        personId: b.personId,
        mittenteId: a.personId,
        ambito: 'sfida',
        riferimento: 1,
        testo: 'Ieri',
        creatoIl: new Date(`${day(-1)}T21:00:00Z`),
      })),
    )
    expect((await propose(a, b)).status).toBe(200)
  })
})
