// Partner search through the API (issue 12, items 4 and 5), on PGlite and on PostgreSQL (DATABASE_URL): every
// endpoint and rule, every authorization with two and three players (only the author changes a listing, only the
// two parties act on a request, hidden players are not offered), a confirmation that closes the listing and
// lapses the other requests, and concurrent requests serialised on the listing.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANNUNCI_ATTIVI_MAX,
  CERCA_COMPAGNO_MESSAGES as M,
  type Annuncio,
  type AnnuncioMio,
  type Richiesta,
  type RichiestaInviata,
} from '../../contract/cerca-compagno.ts'
import { MESSAGES } from '../../contract/common.ts'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { partnerListings, partnerRequests, tournaments, userSettings } from '../../server/db/schema/domain.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { partnerRequestEvents } from '../../server/db/schema/partner-search.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
})
afterAll(() => app.close())

const DAY = 86_400_000
/** A day in Italy's calendar, `offset` days from today. */
const day = (offset: number) =>
  new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

type Player = { personId: number; token: string; email: string; accountId: string }

/** A signed-in player; hidden from searches when told; without a person behind the account when told. */
async function makePlayer(options: { hidden?: boolean; noPerson?: boolean } = {}): Promise<Player> {
  const { db } = await testDatabase()
  const account = await createAccount(
    options.noPerson
      ? { person: null }
      : { person: { nome: 'Compagno', cognome: `Prova${randomUUID().slice(0, 8)}`, sesso: 'M' } },
  )
  if (options.hidden) await db.insert(userSettings).values({ accountId: account.id, visibileRicerche: false })
  return {
    personId: account.personId ?? 0,
    token: await tokenFor(account),
    email: account.email,
    accountId: account.id,
  }
}

async function hide(p: Player, hidden = true) {
  const { db } = await testDatabase()
  await db
    .insert(userSettings)
    .values({ accountId: p.accountId, visibileRicerche: !hidden })
    .onConflictDoUpdate({ target: userSettings.accountId, set: { visibileRicerche: !hidden } })
}

let serial = 0
/** A padel doubles tournament to be played in 30 days, to keep a test's listings apart from everyone else's. */
async function makeTournament(over: Partial<typeof tournaments.$inferInsert> = {}) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values({
      nome: `Doppio di prova ${++serial} ${randomUUID().slice(0, 4)}`,
      disciplineId: DISCIPLINE_IDS.PADEL,
      sectorId: SECTOR_IDS.PADEL,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'doppio',
      genere: 'X',
      dataInizio: day(30),
      dataFine: day(32),
      status: 'iscrizioni_aperte',
      ...over,
    })
    .returning()
  return row!
}

type ListingBody = {
  id_settore: number
  id_torneo?: number
  provincia: string
  livello: string
  data_dal: string
  data_al: string
  disponibilita?: string
  messaggio?: string
}
const listingBody = (over: Partial<ListingBody> = {}): ListingBody => ({
  id_settore: SECTOR_IDS.PADEL,
  provincia: 'RM',
  livello: 'intermedio',
  data_dal: day(0),
  data_al: day(20),
  disponibilita: 'Sere infrasettimanali',
  messaggio: 'Cerco compagno per il doppio',
  ...over,
})

const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })
const publish = (p: Player, over: Partial<ListingBody> = {}) =>
  call(app, 'giocatori/cerca-compagno/add', listingBody(over), p.token)
const listingOf = (answer: { body: Record<string, unknown> }) => answer.body.result as Annuncio
const requestOf = (answer: { body: Record<string, unknown> }) => answer.body.result as Richiesta
async function published(p: Player, over: Partial<ListingBody> = {}) {
  const answer = await publish(p, over)
  expect(answer).toMatchObject({ status: 200 })
  return listingOf(answer)
}
const board = (p: Player, body: Record<string, unknown>) =>
  call(app, 'giocatori/cerca-compagno/list', { id_settore: SECTOR_IDS.PADEL, ...body }, p.token)
const boardIds = async (p: Player, body: Record<string, unknown>) =>
  ((await board(p, body)).body.results as Annuncio[]).map((l) => l.id_annuncio)
const send = (p: Player, id_annuncio: number, messaggio?: string) =>
  call(
    app,
    'giocatori/cerca-compagno/invio-richiesta',
    messaggio ? { id_annuncio, messaggio } : { id_annuncio },
    p.token,
  )
async function sent(p: Player, id_annuncio: number) {
  const answer = await send(p, id_annuncio)
  expect(answer).toMatchObject({ status: 200 })
  return requestOf(answer)
}
const act = (p: Player, action: 'conferma' | 'rifiuta' | 'cancella', id_richiesta: number) =>
  call(app, `giocatori/cerca-compagno/${action}-richiesta`, { id_richiesta }, p.token)
const withdraw = (p: Player, id_annuncio: number) =>
  call(app, 'giocatori/cerca-compagno/del', { id_annuncio }, p.token)
const myListings = async (p: Player) =>
  (await call(app, 'giocatori/cerca-compagno/miei-annunci/list', {}, p.token)).body.results as AnnuncioMio[]
const myRequests = async (p: Player) =>
  (await call(app, 'giocatori/cerca-compagno/mie-richieste/list', {}, p.token)).body
    .results as RichiestaInviata[]

async function outboxOf(email: string) {
  const { db } = await testDatabase()
  return db.select().from(idpOutbox).where(eq(idpOutbox.recipient, email))
}
async function storedStatus(id_richiesta: number) {
  const { db } = await testDatabase()
  const [row] = await db.select().from(partnerRequests).where(eq(partnerRequests.id, id_richiesta))
  return row!.status
}

const ENDPOINTS = [
  'list',
  'add',
  'del',
  'invio-richiesta',
  'conferma-richiesta',
  'rifiuta-richiesta',
  'cancella-richiesta',
  'miei-annunci/list',
  'mie-richieste/list',
]

describe('giocatori/cerca-compagno: access and bodies', () => {
  it('every call needs a signed-in user', async () => {
    for (const path of ENDPOINTS) {
      const answer = await call(app, `giocatori/cerca-compagno/${path}`, {
        ...listingBody(),
        id_annuncio: 1,
        id_richiesta: 1,
      })
      expect({ path, ...answer }).toMatchObject({ path, ...refused(401, MESSAGES.unauthorized) })
    }
  })

  it('a bad body is a 400 with an Italian message, never a 500', async () => {
    const p = await makePlayer()
    const bad: [string, unknown][] = [
      ['list', {}],
      ['list', { id_settore: 2, livello: 'campione' }],
      ['list', { id_settore: 2, dal: '2026-02-30' }],
      ['list', { id_settore: 2, provincia: 'roma' }],
      ['list', { id_settore: 2, fetchrows: 1000 }],
      ['add', listingBody({ livello: 'fenomeno' })],
      ['add', listingBody({ data_dal: '31/12/2026' })],
      ['add', listingBody({ messaggio: ' spazi ' })],
      ['add', listingBody({ messaggio: 'x'.repeat(501) })],
      ['add', { id_settore: 2 }],
      ['del', { id_annuncio: 'uno' }],
      ['invio-richiesta', { id_annuncio: 0 }],
      ['conferma-richiesta', {}],
      ['rifiuta-richiesta', { id_richiesta: -1 }],
      ['cancella-richiesta', { id_richiesta: 1.5 }],
    ]
    for (const [path, body] of bad) {
      const answer = await call(app, `giocatori/cerca-compagno/${path}`, body, p.token)
      expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 })
      expect(answer.body.message).toMatch(/Richiesta non valida|deve/)
    }
  })

  it('an unknown listing or request is a 404', async () => {
    const p = await makePlayer()
    expect(await withdraw(p, 999_999)).toMatchObject(refused(404, M.listingNotFound))
    expect(await send(p, 999_999)).toMatchObject(refused(404, M.listingNotFound))
    for (const action of ['conferma', 'rifiuta', 'cancella'] as const)
      expect(await act(p, action, 999_999)).toMatchObject(refused(404, M.requestNotFound))
  })
})

describe('giocatori/cerca-compagno/add: the rules of a listing', () => {
  it('publishes a listing the author finds among their own, not on their board', async () => {
    const author = await makePlayer()
    const t = await makeTournament()
    const listing = await published(author, { id_torneo: t.id, data_al: day(29) })
    expect(listing).toMatchObject({
      autore: { id_persona: author.personId },
      id_settore: SECTOR_IDS.PADEL,
      settore: 'Padel',
      disciplina: 'Padel',
      torneo: { id_torneo: t.id, nome: t.nome, data_inizio: t.dataInizio },
      provincia: 'RM',
      provincia_nome: 'Roma',
      livello: 'intermedio',
      data_dal: day(0),
      data_al: day(29),
      disponibilita: 'Sere infrasettimanali',
      messaggio: 'Cerco compagno per il doppio',
      stato: 'attivo',
      mia_richiesta: null,
    })
    expect((await myListings(author)).map((l) => l.id_annuncio)).toContain(listing.id_annuncio)
    expect(await boardIds(author, { id_torneo: t.id })).toEqual([])
    const other = await makePlayer()
    expect(await boardIds(other, { id_torneo: t.id })).toEqual([listing.id_annuncio])
  })

  it('refuses dates in the wrong order, past, too long or too far ahead', async () => {
    const p = await makePlayer()
    expect(await publish(p, { data_dal: day(5), data_al: day(4) })).toMatchObject(refused(400, M.datesOrder))
    expect(await publish(p, { data_dal: day(-10), data_al: day(-1) })).toMatchObject(
      refused(400, M.datesPast),
    )
    expect(await publish(p, { data_dal: day(0), data_al: day(180) })).toMatchObject(
      refused(400, M.datesTooLong),
    )
    expect(await publish(p, { data_dal: day(400), data_al: day(401) })).toMatchObject(
      refused(400, M.datesTooFar),
    )
    // A period that started already but is not over is fine; so is a single day.
    expect((await publish(p, { data_dal: day(-3), data_al: day(2) })).status).toBe(200)
    expect((await publish(p, { data_dal: day(1), data_al: day(1) })).status).toBe(200)
  })

  it('refuses an unknown sector or province, and a tournament that is not a doubles of that sector', async () => {
    const p = await makePlayer()
    expect(await publish(p, { id_settore: 77 })).toMatchObject(refused(400, M.sectorNotFound(77)))
    expect(await publish(p, { provincia: 'ZZ' })).toMatchObject(refused(400, M.provinceNotFound('ZZ')))
    expect(await publish(p, { id_torneo: 999_999 })).toMatchObject(refused(404, M.tournamentNotFound))
    const tennis = await makeTournament({ disciplineId: DISCIPLINE_IDS.TENNIS, sectorId: SECTOR_IDS.TENNIS })
    expect(await publish(p, { id_torneo: tennis.id })).toMatchObject(refused(400, M.tournamentSector))
    const singles = await makeTournament({ specialita: 'singolare' })
    expect(await publish(p, { id_torneo: singles.id })).toMatchObject(refused(400, M.tournamentNotDoubles))
    const over = await makeTournament({ dataInizio: day(-5), dataFine: day(-3), status: 'concluso' })
    expect(await publish(p, { id_torneo: over.id })).toMatchObject(refused(409, M.tournamentOver))
  })

  it('needs a player behind the account, visible in searches', async () => {
    expect(await publish(await makePlayer({ noPerson: true }))).toMatchObject(refused(403, M.noPerson))
    expect(await publish(await makePlayer({ hidden: true }))).toMatchObject(refused(403, M.hiddenAuthor))
  })

  it(`allows ${ANNUNCI_ATTIVI_MAX} active listings, one per tournament; withdrawn ones do not count`, async () => {
    const p = await makePlayer()
    const t = await makeTournament()
    const first = await published(p, { id_torneo: t.id, data_al: day(10) })
    expect(await publish(p, { id_torneo: t.id, data_al: day(12) })).toMatchObject(
      refused(409, M.sameTournament),
    )
    for (let k = 1; k < ANNUNCI_ATTIVI_MAX; k++) await published(p)
    expect(await publish(p)).toMatchObject(refused(409, M.tooManyListings))
    expect((await withdraw(p, first.id_annuncio)).status).toBe(200)
    expect((await publish(p, { id_torneo: t.id })).status).toBe(200)
  })

  it('concurrent publications of one author stop at the limit', async () => {
    const p = await makePlayer()
    const answers = await Promise.all(Array.from({ length: 12 }, () => publish(p)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ANNUNCI_ATTIVI_MAX)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(12 - ANNUNCI_ATTIVI_MAX)
  })
})

describe('giocatori/cerca-compagno/list: the board', () => {
  it('filters by level, province, dates and tournament, and pages with rowstoskip/fetchrows', async () => {
    const t = await makeTournament()
    const [a, b, c] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const viewer = await makePlayer()
    const la = await published(a!, { id_torneo: t.id, livello: 'avanzato', provincia: 'MI' })
    const lb = await published(b!, { id_torneo: t.id, data_dal: day(10), data_al: day(25) })
    const lc = await published(c!, { id_torneo: t.id, data_dal: day(2), data_al: day(5) })
    const ids = (body: Record<string, unknown>) => boardIds(viewer, { id_torneo: t.id, ...body })
    // Newest first.
    expect(await ids({})).toEqual([lc.id_annuncio, lb.id_annuncio, la.id_annuncio])
    expect(await ids({ livello: 'avanzato' })).toEqual([la.id_annuncio])
    expect(await ids({ provincia: 'RM' })).toEqual([lc.id_annuncio, lb.id_annuncio])
    expect(await ids({ dal: day(8) })).toEqual([lb.id_annuncio, la.id_annuncio])
    expect(await ids({ al: day(6) })).toEqual([lc.id_annuncio, la.id_annuncio])
    expect(await ids({ dal: day(3), al: day(4) })).toEqual([lc.id_annuncio, la.id_annuncio])
    expect(await ids({ id_settore: SECTOR_IDS.BEACH })).toEqual([])
    const page = await board(viewer, { id_torneo: t.id, fetchrows: 1, rowstoskip: 1 })
    expect(page.body).toMatchObject({ record: 3, results: [{ id_annuncio: lb.id_annuncio }] })
  })

  it('leaves out listings past their dates, closed ones, and those of players hidden from searches', async () => {
    const { db } = await testDatabase()
    const t = await makeTournament()
    const [a, b, hidden] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const viewer = await makePlayer()
    const la = await published(a!, { id_torneo: t.id })
    const lb = await published(b!, { id_torneo: t.id })
    const lh = await published(hidden!, { id_torneo: t.id })
    expect(await boardIds(viewer, { id_torneo: t.id })).toHaveLength(3)
    // Past its dates: yesterday was its last day.
    await db
      .update(partnerListings)
      .set({ dataDal: day(-5), dataAl: day(-1) })
      .where(eq(partnerListings.id, la.id_annuncio))
    expect((await withdraw(b!, lb.id_annuncio)).status).toBe(200)
    await hide(hidden!)
    expect(await boardIds(viewer, { id_torneo: t.id })).toEqual([])
    // Visible again: listed again.
    await hide(hidden!, false)
    expect(await boardIds(viewer, { id_torneo: t.id })).toEqual([lh.id_annuncio])
  })

  it('a player with no person behind the account sees an empty board', async () => {
    const p = await makePlayer({ noPerson: true })
    expect((await board(p, {})).body).toEqual({ results: [], record: 0 })
  })
})

describe('giocatori/cerca-compagno/del: only the author withdraws', () => {
  it('refuses anyone else, closes once, and the waiting requests lapse with a notice', async () => {
    const t = await makeTournament()
    const [author, requester, stranger] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const listing = await published(author!, { id_torneo: t.id })
    const request = await sent(requester!, listing.id_annuncio)
    expect(await withdraw(requester!, listing.id_annuncio)).toMatchObject(refused(403, M.notAuthor))
    expect(await withdraw(stranger!, listing.id_annuncio)).toMatchObject(refused(403, M.notAuthor))
    const closed = await withdraw(author!, listing.id_annuncio)
    expect(closed.status).toBe(200)
    expect(listingOf(closed).stato).toBe('chiuso')
    expect(await withdraw(author!, listing.id_annuncio)).toMatchObject(refused(409, M.alreadyClosed))
    expect(await storedStatus(request.id_richiesta)).toBe('cancelled')
    const mine = await myRequests(requester!)
    expect(mine.find((r) => r.id_richiesta === request.id_richiesta)).toMatchObject({
      stato: 'cancelled',
      avviso: expect.stringMatching(/è stato chiuso: la tua richiesta non è più valida/),
      annuncio: { id_annuncio: listing.id_annuncio, stato: 'chiuso' },
    })
    expect((await outboxOf(requester!.email)).map((m) => m.body).join('\n')).toMatch(/è stato chiuso/)
    expect(await send(stranger!, listing.id_annuncio)).toMatchObject(refused(409, M.listingClosed))
  })
})

describe('requests: invio, conferma, rifiuta, cancella', () => {
  it('a request reaches the author, who confirms: both see it confirmed, the listing closes, the others lapse', async () => {
    const { db } = await testDatabase()
    const t = await makeTournament()
    const [author, first, second] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const listing = await published(author!, { id_torneo: t.id })
    const r1 = requestOf(await send(first!, listing.id_annuncio, 'Gioco di rovescio, sono libero la sera'))
    expect(r1).toMatchObject({
      stato: 'sent',
      autore: { id_persona: author!.personId },
      richiedente: { id_persona: first!.personId },
      messaggio: 'Gioco di rovescio, sono libero la sera',
      risposta_il: null,
    })
    const r2 = await sent(second!, listing.id_annuncio)
    // The requester sees the request on the board, to cancel it there.
    const seen = (await board(first!, { id_torneo: t.id })).body.results as Annuncio[]
    expect(seen).toMatchObject([{ id_annuncio: listing.id_annuncio, mia_richiesta: r1.id_richiesta }])
    // The author is told, in the portal and by e-mail.
    const incoming = (await myListings(author!)).find((l) => l.id_annuncio === listing.id_annuncio)!
    expect(incoming.richieste.map((r) => r.id_richiesta).toSorted()).toEqual(
      [r1.id_richiesta, r2.id_richiesta].toSorted(),
    )
    expect(incoming.richieste.find((r) => r.id_richiesta === r1.id_richiesta)!.avviso).toMatch(
      /vorrebbe giocare con te/,
    )
    expect((await outboxOf(author!.email)).filter((m) => m.subject === 'Cerca compagno')).toHaveLength(2)

    const confirmed = await act(author!, 'conferma', r1.id_richiesta)
    expect(confirmed.status).toBe(200)
    expect(requestOf(confirmed)).toMatchObject({ stato: 'confirmed', risposta_il: expect.any(String) })
    const mine = (await myRequests(first!)).find((r) => r.id_richiesta === r1.id_richiesta)!
    expect(mine).toMatchObject({
      stato: 'confirmed',
      avviso: expect.stringMatching(/ha confermato: giocherete insieme/),
      annuncio: { stato: 'chiuso' },
    })
    expect(await storedStatus(r2.id_richiesta)).toBe('cancelled')
    expect((await outboxOf(second!.email)).map((m) => m.body).join('\n')).toMatch(/è stato chiuso/)
    expect(await boardIds(second!, { id_torneo: t.id })).toEqual([])
    // The history: who did what, from which state to which, and whom it told.
    const history = await db
      .select()
      .from(partnerRequestEvents)
      .where(eq(partnerRequestEvents.requestId, r1.id_richiesta))
      .orderBy(partnerRequestEvents.id)
    expect(history).toMatchObject([
      {
        evento: 'richiesta.invia',
        daStato: 'nuova',
        aStato: 'sent',
        personId: first!.personId,
        destinatarioId: author!.personId,
      },
      {
        evento: 'richiesta.conferma',
        daStato: 'sent',
        aStato: 'confirmed',
        personId: author!.personId,
        destinatarioId: first!.personId,
      },
    ])
    const lapsed = await db
      .select()
      .from(partnerRequestEvents)
      .where(eq(partnerRequestEvents.requestId, r2.id_richiesta))
      .orderBy(partnerRequestEvents.id)
    expect(lapsed.at(-1)).toMatchObject({ evento: 'richiesta.decade', personId: null, aStato: 'cancelled' })
  })

  it('only the author confirms or refuses, only the requester cancels; a stranger is refused with 403', async () => {
    const t = await makeTournament()
    const [author, requester, stranger] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const listing = await published(author!, { id_torneo: t.id })
    const request = await sent(requester!, listing.id_annuncio)
    const id = request.id_richiesta
    expect(await act(requester!, 'conferma', id)).toMatchObject(refused(403, M.confirm))
    expect(await act(requester!, 'rifiuta', id)).toMatchObject(refused(403, M.refuse))
    expect(await act(author!, 'cancella', id)).toMatchObject(refused(403, M.cancel))
    for (const action of ['conferma', 'rifiuta', 'cancella'] as const)
      expect(await act(stranger!, action, id)).toMatchObject(refused(403, M.notParty))
    expect(await storedStatus(id)).toBe('sent')
    expect((await act(author!, 'rifiuta', id)).body.result).toMatchObject({ stato: 'refused' })
    // Answered: nothing more happens to it.
    expect(await act(author!, 'conferma', id)).toMatchObject(refused(409, M.illegal('rifiutata')))
    expect(await act(requester!, 'cancella', id)).toMatchObject(refused(409, M.illegal('rifiutata')))
    expect((await outboxOf(requester!.email)).map((m) => m.body).join('\n')).toMatch(/ha rifiutato/)
    // After a refusal the requester may ask again: a new request.
    const again = await sent(requester!, listing.id_annuncio)
    expect(again.id_richiesta).not.toBe(id)
    expect((await act(requester!, 'cancella', again.id_richiesta)).body.result).toMatchObject({
      stato: 'cancelled',
    })
    expect((await outboxOf(author!.email)).map((m) => m.body).join('\n')).toMatch(/ha annullato la richiesta/)
  })

  it('one waiting request per listing and requester, none to one’s own listing, a hidden author or a past listing', async () => {
    const { db } = await testDatabase()
    const t = await makeTournament()
    const [author, requester, hiddenAuthor] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const listing = await published(author!, { id_torneo: t.id })
    expect(await send(author!, listing.id_annuncio)).toMatchObject(refused(409, M.ownListing))
    await sent(requester!, listing.id_annuncio)
    expect(await send(requester!, listing.id_annuncio)).toMatchObject(refused(409, M.alreadyPending))
    const hiddenListing = await published(hiddenAuthor!, { id_torneo: t.id })
    await hide(hiddenAuthor!)
    expect(await send(requester!, hiddenListing.id_annuncio)).toMatchObject(refused(404, M.listingNotFound))
    expect(await publish(hiddenAuthor!, { data_al: day(3) })).toMatchObject(refused(403, M.hiddenAuthor))
    const past = await published(author!)
    await db
      .update(partnerListings)
      .set({ dataDal: day(-9), dataAl: day(-2) })
      .where(eq(partnerListings.id, past.id_annuncio))
    expect(await send(requester!, past.id_annuncio)).toMatchObject(refused(409, M.listingExpired))
  })

  it('a request to a listing that passed its dates can still be refused or cancelled, not confirmed', async () => {
    const { db } = await testDatabase()
    const [author, requester] = await Promise.all([makePlayer(), makePlayer()])
    const listing = await published(author!)
    const request = await sent(requester!, listing.id_annuncio)
    await db
      .update(partnerListings)
      .set({ dataDal: day(-9), dataAl: day(-1) })
      .where(eq(partnerListings.id, listing.id_annuncio))
    expect(await act(author!, 'conferma', request.id_richiesta)).toMatchObject(refused(409, M.listingExpired))
    expect((await act(requester!, 'cancella', request.id_richiesta)).status).toBe(200)
    // Among the author's listings, past ones come after the open ones.
    const open = await published(author!)
    const mine = await myListings(author!)
    expect(mine.findIndex((l) => l.id_annuncio === open.id_annuncio)).toBeLessThan(
      mine.findIndex((l) => l.id_annuncio === listing.id_annuncio),
    )
  })
})

describe('concurrency on one listing', () => {
  it('two confirmations at once: one wins, the other request has lapsed', async () => {
    const t = await makeTournament()
    const [author, a, b] = await Promise.all([makePlayer(), makePlayer(), makePlayer()])
    const listing = await published(author!, { id_torneo: t.id })
    const [ra, rb] = [await sent(a!, listing.id_annuncio), await sent(b!, listing.id_annuncio)]
    const answers = await Promise.all([
      act(author!, 'conferma', ra.id_richiesta),
      act(author!, 'conferma', rb.id_richiesta),
    ])
    expect(answers.map((x) => x.status).toSorted()).toEqual([200, 409])
    const statuses = [await storedStatus(ra.id_richiesta), await storedStatus(rb.id_richiesta)]
    expect(statuses.toSorted()).toEqual(['cancelled', 'confirmed'])
  })

  it('20 parallel requests of one player: exactly one is sent', async () => {
    const [author, requester] = await Promise.all([makePlayer(), makePlayer()])
    const listing = await published(author!)
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(requester!, listing.id_annuncio)))
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1)
    expect(answers.filter((x) => x.status === 409).map((x) => x.body.message)).toEqual(
      Array.from({ length: 19 }, () => M.alreadyPending),
    )
  })
})

describe('the seeded partner search', () => {
  it('writes requests through the machine: a history for each, closed listings with one confirmed request', async () => {
    const { db } = await testDatabase()
    const requests = await db.select().from(partnerRequests)
    const events = await db.select().from(partnerRequestEvents)
    const listings = await db.select().from(partnerListings)
    const seeded = requests.filter(
      (r) => r.messaggio === 'Ciao, ho visto il tuo annuncio: giochiamo insieme?',
    )
    expect(seeded.length).toBeGreaterThan(5)
    for (const request of seeded) {
      const history = events.filter((e) => e.requestId === request.id)
      expect(history[0], `richiesta ${request.id}`).toMatchObject({
        evento: 'richiesta.invia',
        aStato: 'sent',
      })
      expect(history.at(-1)!.aStato).toBe(request.status)
      const listing = listings.find((l) => l.id === request.listingId)!
      expect(request.requesterPersonId).not.toBe(listing.personId)
    }
    for (const listing of listings.filter((l) => l.status === 'chiuso')) {
      const own = seeded.filter((r) => r.listingId === listing.id)
      expect(own.filter((r) => r.status === 'confirmed').length).toBeLessThanOrEqual(1)
      expect(own.filter((r) => r.status === 'sent')).toEqual([])
    }
  })
})
