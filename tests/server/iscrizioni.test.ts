// Enrolment through the API (issue 11, item 3), on PGlite and on PostgreSQL (DATABASE_URL): every rule and
// endpoint, the last places taken by 50 parallel requests, the waiting list moving up when someone withdraws,
// a doubles invitation answered by the partner or expired unanswered (deadline runner), and the partner search.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import {
  INVITO_SCADE_GIORNI,
  ISCRIZIONI_MESSAGES as M,
  ISCRIZIONI_NOTICES as N,
} from '../../contract/iscrizioni.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { tournamentEntryEvents } from '../../server/db/schema/enrolments.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { DEMO_ENROLMENT_TOURNAMENTS } from '../../server/seed/areas/demo-enrolment.ts'
import { makeTennisPlayer, type PlayerOptions, type TestPlayer } from '../support/players.ts'
import { keptCountDrift } from '../support/conteggi.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  // The deadline runner runs on start only: the tests below run it themselves.
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())
// The entry counts the database keeps on each tournament (migration 0023) are the real ones after every path here.
// A hook may not hold an `expect` (vitest/no-standalone-expect): a drift fails the test it follows by throwing.
afterEach(async () => {
  const drift = await keptCountDrift((await testDatabase()).db)
  if (drift.length > 0) throw new Error(`Conteggi tenuti diversi dai veri: ${JSON.stringify(drift)}`)
})

const DAY = 86_400_000
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)
let serial = 0

type TournamentOverrides = Partial<typeof tournaments.$inferInsert>

/** A tennis tournament with enrolment open, 8 places, unless told otherwise. */
async function makeTournament(over: TournamentOverrides = {}) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo di prova ${++serial}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'X',
      dataInizio: isoDay(20),
      dataFine: isoDay(22),
      iscrizioniDal: new Date(Date.now() - 10 * DAY),
      iscrizioniAl: new Date(Date.now() + 10 * DAY),
      maxIscritti: 8,
      status: 'iscrizioni_aperte',
      ...over,
    })
    .returning()
  return row!
}

type Player = Pick<TestPlayer, 'personId' | 'token' | 'email'> & { nome: string }

/** A signed-in player with a tennis card for this season, a Power when told, hidden from searches when told. */
async function makePlayer(options: PlayerOptions = {}): Promise<Player> {
  const player = await makeTennisPlayer(options)
  return { ...player, nome: `Gioc ${player.cognome}` }
}

const add = (p: Player, id_torneo: number, id_compagno?: number) =>
  call(app, 'tornei/iscrizioni/add', id_compagno ? { id_torneo, id_compagno } : { id_torneo }, p.token)
const act = (p: Player, action: 'del' | 'accetta' | 'rifiuta', id_iscrizione: number) =>
  call(app, `tornei/iscrizioni/${action}`, { id_iscrizione }, p.token)
const stato = (p: Player, id_torneo: number) => call(app, 'tornei/iscrizioni/stato', { id_torneo }, p.token)
const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })
const entryOf = (answer: { body: Record<string, unknown> }) =>
  answer.body.result as {
    id_iscrizione: number
    stato: string
    posizione_attesa: number | null
    avviso: string | null
  }

async function outboxOf(email: string) {
  const { db } = await testDatabase()
  return db.select().from(idpOutbox).where(eq(idpOutbox.recipient, email))
}

describe('tornei/iscrizioni: access and bodies', () => {
  it('every call needs a signed-in user', async () => {
    for (const path of ['stato', 'add', 'del', 'accetta', 'rifiuta', 'ricerca_giocatori', 'mie/list']) {
      const answer = await call(app, `tornei/iscrizioni/${path}`, {
        id_torneo: 1,
        id_iscrizione: 1,
        testo: 'ro',
      })
      expect({ path, ...answer }).toMatchObject({ path, ...refused(401, MESSAGES.unauthorized) })
    }
  })
  it('a bad body is a 400 with an Italian message, never a 500', async () => {
    const p = await makePlayer()
    for (const body of [{}, { id_torneo: 'uno' }, { id_torneo: -3 }, { id_torneo: 1, id_compagno: 0 }]) {
      const answer = await call(app, 'tornei/iscrizioni/add', body, p.token)
      expect({ body, status: answer.status }).toEqual({ body, status: 400 })
      expect(answer.body.message).toMatch(/Richiesta non valida|deve|id_torneo/)
    }
    expect(
      (await call(app, 'tornei/iscrizioni/ricerca_giocatori', { id_torneo: 1, testo: 'r' }, p.token)).status,
    ).toBe(400)
  })
  it('an unknown tournament or entry is a 404', async () => {
    const p = await makePlayer()
    expect(await add(p, 999_999)).toMatchObject(refused(404, M.tournamentNotFound))
    expect(await stato(p, 999_999)).toMatchObject({ status: 404 })
    expect(await act(p, 'del', 999_999)).toMatchObject(refused(404, M.entryNotFound))
  })
})

describe('tornei/iscrizioni/add: the rules', () => {
  it('enrols an eligible player, once; the panel shows the entry', async () => {
    const t = await makeTournament()
    const p = await makePlayer()
    const before = await stato(p, t.id)
    expect(before.body.result).toMatchObject({
      iscrizione: null,
      motivo: null,
      posti: 8,
      iscritti: 0,
      id_persona: p.personId,
    })
    const answer = await add(p, t.id)
    expect(answer.status).toBe(200)
    expect(entryOf(answer)).toMatchObject({ stato: 'iscritta', posizione_attesa: null })
    expect(await add(p, t.id)).toMatchObject(refused(409, M.alreadyEntered))
    const after = await stato(p, t.id)
    expect(after.body.result).toMatchObject({ iscritti: 1, iscrizione: { stato: 'iscritta' } })
    const { db } = await testDatabase()
    const [row] = await db
      .select()
      .from(tournamentEntries)
      .where(eq(tournamentEntries.id, entryOf(answer).id_iscrizione))
    expect(row).toMatchObject({ status: 'iscritto', macchina: { value: 'iscritta' } })
    const history = await db
      .select()
      .from(tournamentEntryEvents)
      .where(eq(tournamentEntryEvents.entryId, row!.id))
    expect(history).toMatchObject([
      { evento: 'iscrizione.richiedi', daStato: 'nonIscritto', aStato: 'iscritta', personId: p.personId },
    ])
  })
  it('refuses without a valid card, saying which', async () => {
    const t = await makeTournament()
    const p = await makePlayer({ card: false })
    const message = M.noCard('Tennis', currentSeason())
    expect(await add(p, t.id)).toMatchObject(refused(403, message))
    expect((await stato(p, t.id)).body.result).toMatchObject({ motivo: message })
  })
  it('refuses before the window opens and after it closes', async () => {
    const p = await makePlayer()
    const early = await makeTournament({ iscrizioniDal: new Date(Date.now() + DAY), status: 'programmato' })
    expect((await add(p, early.id)).body.message).toMatch(/^Le iscrizioni apriranno (il |l’)/)
    const late = await makeTournament({
      iscrizioniDal: new Date(Date.now() - 20 * DAY),
      iscrizioniAl: new Date(Date.now() - DAY),
      status: 'iscrizioni_chiuse',
    })
    const answer = await add(p, late.id)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/^Le iscrizioni si sono chiuse (il |l’)/)
  })
  it('refuses a cancelled tournament', async () => {
    const t = await makeTournament({ status: 'annullato' })
    expect(await add(await makePlayer(), t.id)).toMatchObject(refused(409, M.cancelled))
  })
  it('keeps a women’s event to women', async () => {
    const t = await makeTournament({ genere: 'F' })
    expect(await add(await makePlayer({ sesso: 'M' }), t.id)).toMatchObject(refused(403, M.gender('F')))
    expect((await add(await makePlayer({ sesso: 'F' }), t.id)).status).toBe(200)
  })
  it('limits LIMIT 45 by Power; a player never rated counts as 40', async () => {
    const t = await makeTournament({ categoria: 'LIMIT_45' })
    expect(await add(await makePlayer({ power: 52.4 }), t.id)).toMatchObject(
      refused(403, M.level(45, '52,4')),
    )
    expect((await add(await makePlayer({ power: 44.9 }), t.id)).status).toBe(200)
    expect((await add(await makePlayer(), t.id)).status).toBe(200)
    // The limit itself is inside the category: 45 plays LIMIT 45, 45.1 does not.
    expect((await add(await makePlayer({ power: 45 }), t.id)).status).toBe(200)
    expect(await add(await makePlayer({ power: 45.1 }), t.id)).toMatchObject(
      refused(403, M.level(45, '45,1')),
    )
  })
  it('asks of the partner what it asks of the player, and answers the one neutral 404', async () => {
    const t = await makeTournament({ specialita: 'doppio', categoria: 'LIMIT_45', genere: 'F' })
    const p = await makePlayer({ sesso: 'F', power: 40 })
    for (const [why, partner] of [
      ['over the limit', await makePlayer({ sesso: 'F', power: 45.1 })],
      ['a man in a women’s event', await makePlayer({ sesso: 'M', power: 40 })],
      ['no card', await makePlayer({ sesso: 'F', power: 40, card: false })],
    ] as const) {
      const answer = await add(p, t.id, partner.personId)
      expect({ why, ...answer }).toMatchObject({ why, ...refused(404, M.partnerNotFound) })
    }
    // A partner who meets every rule, at the limit, is invited.
    const fit = await makePlayer({ sesso: 'F', power: 45 })
    expect(entryOf(await add(p, t.id, fit.personId)).stato).toBe('attesaCompagno')
  })
  it('needs a player behind the account', async () => {
    const t = await makeTournament()
    const account = await createAccount({ person: null })
    const answer = await call(app, 'tornei/iscrizioni/add', { id_torneo: t.id }, await tokenFor(account))
    expect(answer).toMatchObject(refused(403, M.noPerson))
  })
  it('wants a partner in doubles and none in singles', async () => {
    const singles = await makeTournament()
    const doubles = await makeTournament({ specialita: 'doppio' })
    const p = await makePlayer()
    const q = await makePlayer()
    expect(await add(p, doubles.id)).toMatchObject(refused(400, M.partnerMissing))
    expect(await add(p, singles.id, q.personId)).toMatchObject(refused(400, M.partnerInSingles))
    expect(await add(p, doubles.id, p.personId)).toMatchObject(refused(400, M.partnerIsSelf))
    const hidden = await makePlayer({ hidden: true })
    expect(await add(p, doubles.id, hidden.personId)).toMatchObject(refused(404, M.partnerNotFound))
  })
})

describe('capacity under concurrency', () => {
  it('50 parallel enrolments into the last 3 places: exactly 3 enrolled, 47 waiting in distinct order', async () => {
    const t = await makeTournament({ maxIscritti: 5 })
    const early = [await makePlayer(), await makePlayer()]
    for (const p of early) expect((await add(p, t.id)).status).toBe(200)
    const crowd = await Promise.all(Array.from({ length: 50 }, () => makePlayer()))
    const answers = await Promise.all(crowd.map((p) => add(p, t.id)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200))
    const states = answers.map((a) => entryOf(a).stato)
    expect(states.filter((s) => s === 'iscritta')).toHaveLength(3)
    expect(states.filter((s) => s === 'listaAttesa')).toHaveLength(47)
    const { db } = await testDatabase()
    const rows = await db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, t.id))
    expect(rows.filter((r) => r.status === 'iscritto')).toHaveLength(5)
    const positions = rows.filter((r) => r.status === 'lista_attesa').map((r) => r.posizioneAttesa)
    expect(positions.toSorted((a, b) => a! - b!)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1))
  }, 60_000)
})

describe('withdrawal and the waiting list', () => {
  it('a withdrawal promotes the first waiting, who is told in the outbox and in the portal', async () => {
    const t = await makeTournament({ maxIscritti: 2 })
    const [a, b, c, d] = [await makePlayer(), await makePlayer(), await makePlayer(), await makePlayer()]
    const entryA = entryOf(await add(a, t.id))
    await add(b, t.id)
    const entryC = entryOf(await add(c, t.id))
    const entryD = entryOf(await add(d, t.id))
    expect([entryC.posizione_attesa, entryD.posizione_attesa]).toEqual([1, 2])
    expect((await stato(c, t.id)).body.result).toMatchObject({
      iscrizione: { stato: 'listaAttesa', posizione_attesa: 1 },
    })

    const withdrawn = await act(a, 'del', entryA.id_iscrizione)
    expect(withdrawn.status).toBe(200)
    expect(entryOf(withdrawn).stato).toBe('ritirata')

    const promoted = (await stato(c, t.id)).body.result as { iscrizione: ReturnType<typeof entryOf> }
    expect(promoted.iscrizione).toMatchObject({ stato: 'iscritta', posizione_attesa: null })
    expect(promoted.iscrizione.avviso).toContain('Si è liberato un posto')
    expect((await stato(d, t.id)).body.result).toMatchObject({
      iscrizione: { stato: 'listaAttesa', posizione_attesa: 1 },
    })
    const mail = await outboxOf(c.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.body).toBe(
      `Si è liberato un posto: sei passato dalla lista d’attesa agli iscritti del torneo «${t.nome}».`,
    )
    expect(await outboxOf(d.email)).toHaveLength(0)

    const mine = await call(app, 'tornei/iscrizioni/mie/list', {}, c.token)
    expect(mine.body).toMatchObject({
      record: 1,
      results: [{ id_torneo: t.id, stato: 'iscritta', avviso: expect.stringContaining('Si è liberato') }],
    })
    const { db } = await testDatabase()
    const history = await db
      .select()
      .from(tournamentEntryEvents)
      .where(eq(tournamentEntryEvents.entryId, entryC.id_iscrizione))
    expect(history.map((h) => [h.evento, h.aStato, h.personId])).toEqual([
      ['iscrizione.richiedi', 'listaAttesa', c.personId],
      ['iscrizione.promuovi', 'iscritta', null],
    ])
  })
  it('a waiting entry that withdraws closes the gap behind it', async () => {
    const t = await makeTournament({ maxIscritti: 2 })
    const players = await Promise.all(Array.from({ length: 5 }, () => makePlayer()))
    const entries = []
    for (const p of players) entries.push(entryOf(await add(p, t.id)))
    expect(entries.map((e) => e.posizione_attesa)).toEqual([null, null, 1, 2, 3])
    await act(players[2]!, 'del', entries[2]!.id_iscrizione)
    expect((await stato(players[3]!, t.id)).body.result).toMatchObject({
      iscrizione: { posizione_attesa: 1 },
    })
    expect((await stato(players[4]!, t.id)).body.result).toMatchObject({
      iscrizione: { posizione_attesa: 2 },
    })
    expect((await stato(players[0]!, t.id)).body.result).toMatchObject({ iscritti: 2, lista_attesa: 2 })
  })
  it('only a participant withdraws, once, and not after the start', async () => {
    const t = await makeTournament()
    const [a, stranger] = [await makePlayer(), await makePlayer()]
    const entry = entryOf(await add(a, t.id))
    expect(await act(stranger, 'del', entry.id_iscrizione)).toMatchObject(refused(403, M.notYours))
    // Nor an account that is no player (no person behind it).
    const nobody = await tokenFor(await createAccount({ person: null }))
    expect(
      await call(app, 'tornei/iscrizioni/del', { id_iscrizione: entry.id_iscrizione }, nobody),
    ).toMatchObject(refused(403, M.notYours))
    expect((await act(a, 'del', entry.id_iscrizione)).status).toBe(200)
    expect(await act(a, 'del', entry.id_iscrizione)).toMatchObject(refused(409, M.illegal('ritirato')))
    // Enrolling again after a withdrawal is a new entry.
    expect(entryOf(await add(a, t.id)).stato).toBe('iscritta')
    const { db } = await testDatabase()
    await db
      .update(tournaments)
      .set({ status: 'in_corso', dataInizio: isoDay(0) })
      .where(eq(tournaments.id, t.id))
    const again = (await stato(a, t.id)).body.result as { iscrizione: { id_iscrizione: number } }
    expect(await act(a, 'del', again.iscrizione.id_iscrizione)).toMatchObject(refused(409, M.withdrawTooLate))
  })
  it('refuses a withdrawal from the first day on, even while the tournament is not yet marked started', async () => {
    const { db } = await testDatabase()
    const [early, late] = [await makeTournament(), await makeTournament()]
    const p = await makePlayer()
    const [a, b] = [entryOf(await add(p, early.id)), entryOf(await add(p, late.id))]
    // Entries closed, the status not moved on: only the date says the tournament began (today, in Italy).
    const tomorrow = todayInItaly(new Date(Date.now() + DAY))
    await db
      .update(tournaments)
      .set({
        status: 'iscrizioni_chiuse',
        iscrizioniAl: new Date(Date.now() - DAY),
        dataInizio: todayInItaly(),
      })
      .where(eq(tournaments.id, late.id))
    await db
      .update(tournaments)
      .set({ status: 'iscrizioni_chiuse', iscrizioniAl: new Date(Date.now() - DAY), dataInizio: tomorrow })
      .where(eq(tournaments.id, early.id))
    expect(await act(p, 'del', b.id_iscrizione)).toMatchObject(refused(409, M.withdrawTooLate))
    // The day before the start it is still possible.
    expect((await act(p, 'del', a.id_iscrizione)).status).toBe(200)
  })
  it('lets an invitation the partner never answered be withdrawn on the first day: it holds no place', async () => {
    const { db } = await testDatabase()
    const t = await makeTournament({ specialita: 'doppio' })
    const [a, b] = [await makePlayer(), await makePlayer()]
    const invitation = entryOf(await add(a, t.id, b.personId))
    await db
      .update(tournaments)
      .set({
        status: 'iscrizioni_chiuse',
        iscrizioniAl: new Date(Date.now() - DAY),
        dataInizio: todayInItaly(),
      })
      .where(eq(tournaments.id, t.id))
    expect((await act(a, 'del', invitation.id_iscrizione)).status).toBe(200)
  })
})

describe('doubles: the partner accepts or refuses', () => {
  it('an invitation holds no place until the partner accepts; only the partner answers', async () => {
    const t = await makeTournament({ specialita: 'doppio', maxIscritti: 4 })
    const [a, b, c] = [await makePlayer({ cognome: 'Invitante' }), await makePlayer(), await makePlayer()]
    const invited = await add(a, t.id, b.personId)
    expect(entryOf(invited)).toMatchObject({ stato: 'attesaCompagno' })
    const id = entryOf(invited).id_iscrizione
    expect((await stato(a, t.id)).body.result).toMatchObject({ iscritti: 0 })
    const bPanel = (await stato(b, t.id)).body.result as { iscrizione: ReturnType<typeof entryOf> }
    expect(bPanel.iscrizione).toMatchObject({ id_iscrizione: id, stato: 'attesaCompagno' })
    expect(bPanel.iscrizione.avviso).toContain('ti ha invitato come compagno')
    expect((await outboxOf(b.email))[0]!.body).toContain(`torneo «${t.nome}»`)
    // B cannot be invited twice (the answer does not say why), nor enrol alone.
    expect(await add(c, t.id, b.personId)).toMatchObject(refused(404, M.partnerNotFound))
    expect(await act(c, 'accetta', id)).toMatchObject(refused(403, M.notYours))
    expect(await act(a, 'accetta', id)).toMatchObject(refused(403, M.accept))
    expect(await act(b, 'del', id)).toMatchObject(refused(403, M.withdraw))
    const accepted = await act(b, 'accetta', id)
    expect(entryOf(accepted).stato).toBe('iscritta')
    expect((await stato(a, t.id)).body.result).toMatchObject({
      iscritti: 1,
      iscrizione: { stato: 'iscritta', compagno: { id_persona: b.personId } },
    })
    expect((await outboxOf(a.email))[0]!.body).toContain('ha accettato l’invito')
    expect(await act(b, 'accetta', id)).toMatchObject(refused(409, M.illegal('iscritto')))
  })
  it('a refused invitation ends the entry, and both may enrol again', async () => {
    const t = await makeTournament({ specialita: 'doppio' })
    const [a, b] = [await makePlayer(), await makePlayer()]
    const id = entryOf(await add(a, t.id, b.personId)).id_iscrizione
    const answer = await act(b, 'rifiuta', id)
    expect(entryOf(answer).stato).toBe('rifiutata')
    expect(await act(b, 'rifiuta', id)).toMatchObject(
      refused(409, M.illegal('invito rifiutato dal compagno')),
    )
    expect((await stato(a, t.id)).body.result).toMatchObject({ iscrizione: null, motivo: null })
    expect((await outboxOf(a.email))[0]!.body).toContain('ha rifiutato l’invito')
    expect(entryOf(await add(b, t.id, a.personId)).stato).toBe('attesaCompagno')
  })
  it('a partner who accepts when the places are gone goes to the waiting list', async () => {
    const t = await makeTournament({ specialita: 'doppio', maxIscritti: 2 })
    const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => makePlayer()))
    const first = entryOf(await add(a!, t.id, b!.personId)).id_iscrizione
    const second = entryOf(await add(c!, t.id, d!.personId)).id_iscrizione
    const third = entryOf(await add(e!, t.id, f!.personId)).id_iscrizione
    expect(entryOf(await act(b!, 'accetta', first)).stato).toBe('iscritta')
    expect(entryOf(await act(d!, 'accetta', second)).stato).toBe('iscritta')
    expect(entryOf(await act(f!, 'accetta', third))).toMatchObject({
      stato: 'listaAttesa',
      posizione_attesa: 1,
    })
    // The partner of a pair withdraws it too; the waiting pair moves up and both are told.
    expect(entryOf(await act(d!, 'del', second)).stato).toBe('ritirata')
    expect((await stato(e!, t.id)).body.result).toMatchObject({ iscrizione: { stato: 'iscritta' } })
    expect((await outboxOf(e!.email)).map((m) => m.body).join('\n')).toContain('Si è liberato un posto')
    expect((await outboxOf(f!.email)).map((m) => m.body).join('\n')).toContain('Si è liberato un posto')
  })
})

describe('doubles: an invitation nobody answers expires', () => {
  type Panel = {
    iscrizione: (ReturnType<typeof entryOf> & { id_torneo: number }) | null
    motivo: string | null
  }
  const panelOf = async (p: Player, id: number) => (await stato(p, id)).body.result as Panel
  const machineOf = async (entryId: number) => {
    const { db } = await testDatabase()
    const [row] = await db.select().from(tournamentEntries).where(eq(tournamentEntries.id, entryId))
    return { status: row!.status, value: row!.macchina!.value }
  }
  /** The invitation was sent `days` days (and a minute) ago. */
  const sentDaysAgo = async (entryIds: number[], days: number) => {
    const { db } = await testDatabase()
    await db
      .update(tournamentEntries)
      .set({ iscrittoIl: new Date(Date.now() - days * DAY - 60_000) })
      .where(inArray(tournamentEntries.id, entryIds))
  }
  const runDeadlines = async () => applyDeadlines(createRepositories((await testDatabase()).db), new Date())

  it(`after ${INVITO_SCADE_GIORNI} days: both are told, the player may enrol again; an answered one is untouched`, async () => {
    const t = await makeTournament({ specialita: 'doppio' })
    const [a, b, c, d, e, f, g, h] = await Promise.all(Array.from({ length: 8 }, () => makePlayer()))
    const unanswered = entryOf(await add(a!, t.id, b!.personId)).id_iscrizione
    const answered = entryOf(await add(c!, t.id, d!.personId)).id_iscrizione
    expect(entryOf(await act(d!, 'accetta', answered)).stato).toBe('iscritta')
    const fresh = entryOf(await add(e!, t.id, f!.personId)).id_iscrizione
    // Six days: not yet.
    await sentDaysAgo([unanswered], INVITO_SCADE_GIORNI - 1)
    await runDeadlines()
    expect(await machineOf(unanswered)).toEqual({ status: 'in_attesa_compagno', value: 'attesaCompagno' })
    // The player is still blocked while the invitation waits.
    expect(await add(a!, t.id, g!.personId)).toMatchObject(refused(409, M.alreadyEntered))

    await sentDaysAgo([unanswered, answered], INVITO_SCADE_GIORNI)
    expect(await runDeadlines()).toBeGreaterThanOrEqual(1)
    expect(await machineOf(unanswered)).toEqual({ status: 'ritirato', value: 'scaduta' })
    expect(await machineOf(answered)).toEqual({ status: 'iscritto', value: 'iscritta' })
    expect(await machineOf(fresh)).toEqual({ status: 'in_attesa_compagno', value: 'attesaCompagno' })

    // Both read why in the panel, above the form to enrol again; both got the e-mail.
    const expired = N.expired(b!.nome, t.nome)
    const expiredPartner = N.expiredPartner(a!.nome, t.nome)
    expect(await panelOf(a!, t.id)).toMatchObject({
      motivo: null,
      iscrizione: { id_iscrizione: unanswered, stato: 'scaduta', avviso: expired },
    })
    expect(await panelOf(b!, t.id)).toMatchObject({
      motivo: null,
      iscrizione: { id_iscrizione: unanswered, stato: 'scaduta', avviso: expiredPartner },
    })
    expect((await outboxOf(a!.email)).map((m) => m.body)).toEqual([expired])
    expect((await outboxOf(b!.email)).map((m) => m.body).toSorted()).toEqual(
      [N.invited(a!.nome, t.nome), expiredPartner].toSorted(),
    )
    const { db } = await testDatabase()
    const history = await db
      .select()
      .from(tournamentEntryEvents)
      .where(eq(tournamentEntryEvents.entryId, unanswered))
      .orderBy(tournamentEntryEvents.id)
    expect(history.map((row) => [row.evento, row.aStato, row.personId, row.destinatarioId])).toEqual([
      ['iscrizione.richiedi', 'attesaCompagno', a!.personId, b!.personId],
      ['iscrizione.scade', 'scaduta', null, a!.personId],
      ['iscrizione.scade', 'scaduta', null, b!.personId],
    ])

    // Too late to answer; the runner does not send it twice.
    expect(await act(b!, 'accetta', unanswered)).toMatchObject(
      refused(409, M.illegal('invito scaduto senza risposta')),
    )
    await runDeadlines()
    expect(await outboxOf(a!.email)).toHaveLength(1)
    // Both may enrol again: the new entry replaces the expired one in the panel.
    const again = entryOf(await add(a!, t.id, g!.personId))
    expect(again.stato).toBe('attesaCompagno')
    expect(await panelOf(a!, t.id)).toMatchObject({ iscrizione: { id_iscrizione: again.id_iscrizione } })
    expect(entryOf(await add(b!, t.id, h!.personId)).stato).toBe('attesaCompagno')
  })

  it('at the enrolment deadline, before the days are over', async () => {
    const t = await makeTournament({ specialita: 'doppio', iscrizioniAl: new Date(Date.now() + 3_600_000) })
    const [a, b] = [await makePlayer(), await makePlayer()]
    const id = entryOf(await add(a, t.id, b.personId)).id_iscrizione
    await runDeadlines()
    expect(await machineOf(id)).toEqual({ status: 'in_attesa_compagno', value: 'attesaCompagno' })
    const { db } = await testDatabase()
    await db
      .update(tournaments)
      .set({ iscrizioniAl: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, t.id))
    expect(await runDeadlines()).toBeGreaterThanOrEqual(1)
    expect(await machineOf(id)).toEqual({ status: 'ritirato', value: 'scaduta' })
    // Enrolment has closed: the panel says so under the expired invitation.
    const panel = await panelOf(a, t.id)
    expect(panel.iscrizione).toMatchObject({ stato: 'scaduta', avviso: N.expired(b.nome, t.nome) })
    expect(panel.motivo).toMatch(/^Le iscrizioni si sono chiuse (il |l’)/)
    expect((await outboxOf(b.email)).map((m) => m.body)).toContain(N.expiredPartner(a.nome, t.nome))
  })

  it('an invitation that fell due while the server was down expires when it starts', async () => {
    const t = await makeTournament({ specialita: 'doppio' })
    const [a, b] = [await makePlayer(), await makePlayer()]
    const id = entryOf(await add(a, t.id, b.personId)).id_iscrizione
    await sentDaysAgo([id], INVITO_SCADE_GIORNI)
    const restarted = await buildTestApp({ DEADLINE_INTERVAL_MS: '0' })
    try {
      expect(await machineOf(id)).toEqual({ status: 'ritirato', value: 'scaduta' })
      expect((await outboxOf(a.email)).map((m) => m.body)).toEqual([N.expired(b.nome, t.nome)])
    } finally {
      await restarted.close()
    }
  })
})

describe('tornei/iscrizioni/ricerca_giocatori', () => {
  it('proposes eligible, visible players not yet entered, by name', async () => {
    const family = `Zeta${randomUUID().slice(0, 6)}`
    const t = await makeTournament({ specialita: 'doppio', genere: 'F', categoria: 'LIMIT_65' })
    const me = await makePlayer({ sesso: 'F', cognome: family })
    const good = await makePlayer({ sesso: 'F', cognome: family, power: 60 })
    await makePlayer({ sesso: 'F', cognome: family, hidden: true })
    await makePlayer({ sesso: 'M', cognome: family })
    await makePlayer({ sesso: 'F', cognome: family, power: 70 })
    await makePlayer({ sesso: 'F', cognome: family, card: false })
    const entered = await makePlayer({ sesso: 'F', cognome: family })
    const other = await makePlayer({ sesso: 'F' })
    expect((await add(entered, t.id, other.personId)).status).toBe(200)
    const answer = await call(
      app,
      'tornei/iscrizioni/ricerca_giocatori',
      { id_torneo: t.id, testo: family },
      me.token,
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      record: 1,
      results: [{ id_persona: good.personId, cognome: family }],
    })
  })
})

describe('tornei/iscrizioni/mie/list', () => {
  it('lists the entries and invitations of the caller, newest first', async () => {
    const [a, b] = [await makePlayer(), await makePlayer()]
    const singles = await makeTournament()
    const doubles = await makeTournament({ specialita: 'doppio' })
    await add(a, singles.id)
    await add(b, doubles.id, a.personId)
    const answer = await call(app, 'tornei/iscrizioni/mie/list', { fetchrows: 10 }, a.token)
    expect(answer.body).toMatchObject({
      record: 2,
      results: [
        { id_torneo: doubles.id, stato: 'attesaCompagno', compagno: { id_persona: a.personId } },
        { id_torneo: singles.id, stato: 'iscritta' },
      ],
    })
    const { db } = await testDatabase()
    const rows = await db
      .select()
      .from(tournamentEntries)
      .where(and(inArray(tournamentEntries.tournamentId, [singles.id, doubles.id])))
    expect(rows).toHaveLength(2)
  })
})

describe('the demo data (server/seed/areas/demo-enrolment.ts)', () => {
  async function demo(email: string): Promise<Player> {
    const { db } = await testDatabase()
    const [account] = await db.select().from(accounts).where(eq(accounts.email, email))
    return { personId: account!.personId!, token: await tokenFor(account!), email, nome: email }
  }
  async function tournamentNamed(nome: string) {
    const { db } = await testDatabase()
    const [row] = await db.select().from(tournaments).where(eq(tournaments.nome, nome))
    return row!
  }

  it('gives giocatore@demo.it an open singles tournament to enrol in, and a doubles one with admin@demo.it', async () => {
    const player = await demo('giocatore@demo.it')
    const partner = await demo('admin@demo.it')
    const singles = await tournamentNamed(DEMO_ENROLMENT_TOURNAMENTS.singles)
    const doubles = await tournamentNamed(DEMO_ENROLMENT_TOURNAMENTS.doubles)
    expect((await stato(player, singles.id)).body.result).toMatchObject({ motivo: null, iscrizione: null })
    expect((await stato(player, doubles.id)).body.result).toMatchObject({ motivo: null, doppio: true })
    const found = await call(
      app,
      'tornei/iscrizioni/ricerca_giocatori',
      { id_torneo: doubles.id, testo: 'Ricci Andrea' },
      player.token,
    )
    expect((found.body.results as { id_persona: number }[]).map((p) => p.id_persona)).toContain(
      partner.personId,
    )
    const entry = entryOf(await add(player, doubles.id, partner.personId))
    expect(entry.stato).toBe('attesaCompagno')
    expect(entryOf(await act(partner, 'accetta', entry.id_iscrizione)).stato).toBe('iscritta')
    // Leave the demo data as it was for the other files of this worker.
    expect((await act(player, 'del', entry.id_iscrizione)).status).toBe(200)
  })
})

describe('the player page follows the enrolments', () => {
  it('a visitor reads the new tournament among the player’s upcoming ones at once, and no more after the withdrawal', async () => {
    const t = await makeTournament()
    const p = await makePlayer()
    const upcoming = async () =>
      (
        (
          await call(app, 'giocatori/prossimi_tornei/list', {
            id_persona: p.personId,
            id_settore: SECTOR_IDS.TENNIS,
          })
        ).body.results as { id_torneo: number }[]
      ).map((r) => r.id_torneo)
    expect(await upcoming()).toEqual([])
    const entered = entryOf(await add(p, t.id))
    expect(await upcoming()).toEqual([t.id])
    await act(p, 'del', entered.id_iscrizione)
    expect(await upcoming()).toEqual([])
  })
})
