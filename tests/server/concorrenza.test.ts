// Concurrency on every lifecycle (issue 24, item 3): parallel conflicting requests on one challenge, one
// enrolment (and a tournament's last place), one partner listing and one tie give exactly one winner and a 409
// with an Italian sentence for every other, and the stored record holds exactly the winner's change (one history
// line, one state). Each lifecycle serialises its requests with `SELECT … FOR UPDATE` on its row
// (server/repositories/challenges.ts, enrolments.ts, partner-search.ts, ties.ts): on PostgreSQL the requests
// below run in parallel on separate connections, and without the lock several of them win (checked by removing
// each `FOR UPDATE` by hand: these tests fail). On PGlite (one connection) they are served one after the other
// and must give the same answers.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import {
  challengeEvents,
  partnerListings,
  partnerRequests,
  teamTies,
  tieEvents,
  tieMatches,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { tournamentEntryEvents } from '../../server/db/schema/enrolments.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { openTournament } from '../support/tournaments.ts'
import { buildLocksOnlyApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { type Held, heldAtTheDoor } from '../support/race.ts'
import { RESULTS, type TieFixture, makeTieFixture, tieAt } from '../support/ties.ts'

let app: FastifyInstance
beforeAll(async () => {
  // The database's row locks alone decide the races (the queue has its own tests, tests/server/scritture-contese.test.ts).
  app = await buildLocksOnlyApp()
})
afterAll(() => app.close())

const DAY = 86_400_000
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
type Answer = Awaited<ReturnType<typeof call>>
type Request = () => Promise<Answer>

/**
 * Sends every request at once (each one `rounds` times, interleaved) and checks that exactly one was answered 200
 * and every other 409 with an Italian sentence. Returns the winner's index in `requests`.
 */
async function oneWinner(
  requests: Request[],
  rounds = 3,
  holding?: Held,
): Promise<{ winner: number; answers: Answer[] }> {
  const all = Array.from({ length: rounds }, () => requests).flat()
  const send = () => Promise.all(all.map((request) => request()))
  const answers = holding ? await heldAtTheDoor(holding, all.length, send) : await send()
  const statuses = answers.map((a) => a.status)
  expect(
    statuses.filter((s) => s === 200),
    `risposte: ${statuses.join(', ')}`,
  ).toHaveLength(1)
  expect(
    statuses.filter((s) => s === 409),
    `risposte: ${statuses.join(', ')}`,
  ).toHaveLength(all.length - 1)
  for (const answer of answers.filter((a) => a.status !== 200))
    expect(answer.body).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^[A-ZÈÀ].{10,}/) })
  return { winner: statuses.indexOf(200) % requests.length, answers }
}

describe('one challenge', () => {
  const act = (by: TestPlayer, path: string, id_sfida: number, extra: Record<string, unknown> = {}) =>
    call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)

  it('the opponent accepts and refuses at once while the challenger cancels: one of them wins', async () => {
    const [a, b] = [await makeTennisPlayer(), await makeTennisPlayer()]
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
      a.token,
    )
    expect(made.status).toBe(200)
    const id = (made.body.result as { id: number }).id
    const { winner } = await oneWinner([
      () => act(b, 'partite/accetta', id),
      () => act(b, 'partite/rifiuta', id),
      () => act(a, 'del', id),
    ])
    const { db } = await testDatabase()
    const history = await db
      .select()
      .from(challengeEvents)
      .where(eq(challengeEvents.challengeId, id))
      .orderBy(challengeEvents.id)
    // The proposal and exactly one answer.
    expect(history.map((h) => h.evento)).toEqual([
      'sfida.proponi',
      ['sfida.accetta', 'sfida.rifiuta', 'sfida.annulla'][winner],
    ])
  })

  it('two results entered at once by the two sides: one is recorded, the other is refused', async () => {
    const [a, b] = [await makeTennisPlayer(), await makeTennisPlayer()]
    const made = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
      a.token,
    )
    const id = (made.body.result as { id: number }).id
    expect((await act(b, 'partite/accetta', id)).status).toBe(200)
    const sets = (x: number, y: number) => ({
      esito: 'giocata',
      set: [
        { a: x, b: y },
        { a: x, b: y },
      ],
    })
    await oneWinner([
      () => act(a, 'partite/risultato/add', id, sets(6, 2)),
      () => act(b, 'partite/risultato/add', id, sets(2, 6)),
    ])
    const { db } = await testDatabase()
    const history = await db
      .select()
      .from(challengeEvents)
      .where(eq(challengeEvents.challengeId, id))
      .orderBy(challengeEvents.id)
    expect(history.filter((h) => h.evento === 'sfida.risultato')).toHaveLength(1)
  })
})

describe('one enrolment, and a tournament’s last place', () => {
  async function makeTournament(over: Partial<typeof tournaments.$inferInsert> = {}) {
    const { db } = await testDatabase()
    const [row] = await db
      .insert(tournaments)
      .values(
        openTournament({ nome: `Torneo concorrenza ${randomUUID().slice(0, 6)}`, maxIscritti: 4, ...over }),
      )
      .returning()
    return row!
  }
  const add = (p: TestPlayer, id_torneo: number, id_compagno?: number) =>
    call(app, 'tornei/iscrizioni/add', id_compagno ? { id_torneo, id_compagno } : { id_torneo }, p.token)
  const act = (p: TestPlayer, action: 'del' | 'accetta' | 'rifiuta', id_iscrizione: number) =>
    call(app, `tornei/iscrizioni/${action}`, { id_iscrizione }, p.token)

  it('12 players at once for the last place: one is enrolled, the others wait in distinct places', async () => {
    const t = await makeTournament({ maxIscritti: 3 })
    for (const p of [await makeTennisPlayer(), await makeTennisPlayer()])
      expect((await add(p, t.id)).status).toBe(200)
    const crowd = await Promise.all(Array.from({ length: 12 }, () => makeTennisPlayer()))
    const answers = await Promise.all(crowd.map((p) => add(p, t.id)))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    const states = answers.map((a) => (a.body.result as { stato: string }).stato)
    expect(states.filter((s) => s === 'iscritta')).toHaveLength(1)
    const { db } = await testDatabase()
    const rows = await db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, t.id))
    expect(rows.filter((r) => r.status === 'iscritto')).toHaveLength(3)
    const waiting = rows.filter((r) => r.status === 'lista_attesa').map((r) => r.posizioneAttesa!)
    expect(waiting.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1))
  })

  it('one player asks 6 times at once: one entry, 5 clear refusals', async () => {
    const t = await makeTournament()
    const p = await makeTennisPlayer()
    await oneWinner([() => add(p, t.id)], 6)
    const { db } = await testDatabase()
    const rows = await db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, t.id))
    expect(rows).toHaveLength(1)
  })

  it('a doubles invitation accepted and refused at once by the partner: one answer wins', async () => {
    const t = await makeTournament({ specialita: 'doppio', maxIscritti: 4 })
    const [p, q] = [await makeTennisPlayer(), await makeTennisPlayer()]
    const invited = await add(p, t.id, q.personId)
    expect(invited.status).toBe(200)
    const entry = (invited.body.result as { id_iscrizione: number }).id_iscrizione
    const { winner } = await oneWinner([() => act(q, 'accetta', entry), () => act(q, 'rifiuta', entry)], 3, {
      table: tournamentEntries,
      id: entry,
    })
    const { db } = await testDatabase()
    const history = await db
      .select()
      .from(tournamentEntryEvents)
      .where(eq(tournamentEntryEvents.entryId, entry))
      .orderBy(tournamentEntryEvents.id)
    expect(history.map((h) => h.evento)).toEqual([
      'iscrizione.richiedi',
      ['iscrizione.accetta', 'iscrizione.rifiuta'][winner],
    ])
  })
})

describe('one partner listing', () => {
  async function makePlayer() {
    const account = await createAccount({
      person: { nome: 'Compagno', cognome: `Prova${randomUUID().slice(0, 8)}`, sesso: 'M' },
    })
    return { personId: account.personId!, token: await tokenFor(account) }
  }
  /** A padel listing of `author`'s, open for the next 20 days: its id. */
  async function publish(author: { token: string }) {
    const published = await call(
      app,
      'giocatori/cerca-compagno/add',
      {
        id_settore: SECTOR_IDS.PADEL,
        provincia: 'RM',
        livello: 'intermedio',
        data_dal: isoDay(0),
        data_al: isoDay(20),
        messaggio: 'Cerco compagno per il doppio',
      },
      author.token,
    )
    expect(published.status).toBe(200)
    return (published.body.result as { id_annuncio: number }).id_annuncio
  }

  /** A listing with a request from each of three players, and the author's confirmation of one of them. */
  async function listingWithThreeRequests() {
    const [author, a, b, c] = await Promise.all([makePlayer(), makePlayer(), makePlayer(), makePlayer()])
    const listing = await publish(author)
    const requests: number[] = []
    for (const p of [a, b, c]) {
      const sent = await call(
        app,
        'giocatori/cerca-compagno/invio-richiesta',
        { id_annuncio: listing },
        p.token,
      )
      expect(sent.status).toBe(200)
      requests.push((sent.body.result as { id_richiesta: number }).id_richiesta)
    }
    const confirm = (id_richiesta: number) => () =>
      call(app, 'giocatori/cerca-compagno/conferma-richiesta', { id_richiesta }, author.token)
    return { author, listing, requests, confirm }
  }

  it('the author confirms three requests and withdraws the listing at once: one wins', async () => {
    const { author, listing, requests, confirm } = await listingWithThreeRequests()
    await oneWinner([
      ...requests.map(confirm),
      () => call(app, 'giocatori/cerca-compagno/del', { id_annuncio: listing }, author.token),
    ])
    const { db } = await testDatabase()
    const stored = await db.select().from(partnerRequests).where(eq(partnerRequests.listingId, listing))
    expect(stored.filter((r) => r.status === 'confirmed').length).toBeLessThanOrEqual(1)
    expect(stored.filter((r) => r.status === 'sent')).toEqual([])
    const [row] = await db.select().from(partnerListings).where(eq(partnerListings.id, listing))
    expect(row!.status).not.toBe('attivo')
  })

  it('the author confirms three requests at once: one partner, the other two requests lapse', async () => {
    const { listing, requests, confirm } = await listingWithThreeRequests()
    // Held at the listing's row: without the listing's lock each confirmation would read it still open.
    const { winner } = await oneWinner(requests.map(confirm), 3, { table: partnerListings, id: listing })
    const { db } = await testDatabase()
    const stored = await db
      .select()
      .from(partnerRequests)
      .where(eq(partnerRequests.listingId, listing))
      .orderBy(partnerRequests.id)
    expect(stored.map((r) => r.status)).toEqual(
      // A lapsed request (richiesta.decade) is stored as cancelled.
      requests.map((id) => (id === requests[winner] ? 'confirmed' : 'cancelled')),
    )
    const [row] = await db.select().from(partnerListings).where(eq(partnerListings.id, listing))
    expect(row!.status).toBe('chiuso')
  })

  it('a player sends the same request 6 times at once: one request, 5 clear refusals', async () => {
    const [author, p] = await Promise.all([makePlayer(), makePlayer()])
    const listing = await publish(author)
    await oneWinner(
      [() => call(app, 'giocatori/cerca-compagno/invio-richiesta', { id_annuncio: listing }, p.token)],
      6,
    )
    const { db } = await testDatabase()
    const stored = await db
      .select()
      .from(partnerRequests)
      .where(eq(partnerRequests.listingId, listing))
      .orderBy(partnerRequests.id)
    expect(stored.map((r) => [r.requesterPersonId, r.status])).toEqual([[p.personId, 'sent']])
  })
})

describe('one tie', () => {
  let fixture: TieFixture
  beforeAll(async () => {
    fixture = await makeTieFixture()
  })
  const future = () => new Date(Date.now() + 10 * DAY).toISOString()

  /** A new tie whose result the home captain entered, through the API. */
  const tieWithResult = () => tieAt(app, fixture, 'resultEntered')

  it('the other captain confirms and contests the result at once: one answer wins', async () => {
    const id = await tieWithResult()
    const away = fixture.away.captain.token
    const { winner } = await oneWinner([
      () => call(app, 'squadre/risultati/conferma', { id_incontro: id, esito: 'conferma' }, away),
      () =>
        call(
          app,
          'squadre/risultati/conferma',
          { id_incontro: id, esito: 'contesta', motivo: 'Il doppio è finito diversamente' },
          away,
        ),
    ])
    const { db } = await testDatabase()
    const history = await db.select().from(tieEvents).where(eq(tieEvents.tieId, id)).orderBy(tieEvents.id)
    const answers = history.filter(
      (h) => h.evento === 'incontro.conferma' || h.evento === 'incontro.contesta',
    )
    expect(answers.map((h) => h.evento)).toEqual([['incontro.conferma', 'incontro.contesta'][winner]])
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    expect(row!.status).toBe(winner === 0 ? 'confermato' : 'contestato')
  })

  it('the visitors accept and decline a proposed date at once: one answer wins', async () => {
    const id = await fixture.newTie()
    const home = fixture.home.captain.token
    const away = fixture.away.captain.token
    const date = { id_incontro: id }
    expect((await call(app, 'squadre/incontri/data/proponi', { ...date, data: future() }, home)).status).toBe(
      200,
    )
    const { winner } = await oneWinner([
      () => call(app, 'squadre/incontri/data/rispondi', { ...date, risposta: 'accetta' }, away),
      () => call(app, 'squadre/incontri/data/rispondi', { ...date, risposta: 'rifiuta' }, away),
    ])
    const { db } = await testDatabase()
    const history = await db.select().from(tieEvents).where(eq(tieEvents.tieId, id)).orderBy(tieEvents.id)
    expect(history.map((h) => h.evento).slice(-2)).toEqual([
      'incontro.proponiData',
      ['incontro.accettaData', 'incontro.rifiutaData'][winner],
    ])
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    expect(row!.status).toBe(['programmato', 'da_programmare'][winner])
  })

  it('the home captain generates the rubbers from the lineups 4 times at once: one generation', async () => {
    const id = await tieAt(app, fixture, 'lineupsSubmitted')
    const home = fixture.home.captain.token
    await oneWinner([() => call(app, 'squadre/schieramenti_partite/genera', { id_incontro: id }, home)], 4)
    const { db } = await testDatabase()
    const rubbers = await db
      .select({ numero: tieMatches.numero })
      .from(tieMatches)
      .where(eq(tieMatches.tieId, id))
      .orderBy(tieMatches.numero)
    expect(rubbers.map((r) => r.numero)).toEqual([1, 2, 3])
    const history = await db.select().from(tieEvents).where(eq(tieEvents.tieId, id)).orderBy(tieEvents.id)
    expect(history.filter((h) => h.evento === 'incontro.generaPartite')).toHaveLength(1)
  })

  it('the two captains enter the result at once: one is recorded, the other is refused', async () => {
    const id = await tieAt(app, fixture, 'playing')
    const mirrored = RESULTS.map((r) => ({ ...r, set: r.set.map(({ a, b }) => ({ a: b, b: a })) }))
    const { winner } = await oneWinner([
      () =>
        call(
          app,
          'squadre/risultato/edit',
          { id_incontro: id, partite: RESULTS },
          fixture.home.captain.token,
        ),
      () =>
        call(
          app,
          'squadre/risultato/edit',
          { id_incontro: id, partite: mirrored },
          fixture.away.captain.token,
        ),
    ])
    const { db } = await testDatabase()
    const history = await db.select().from(tieEvents).where(eq(tieEvents.tieId, id)).orderBy(tieEvents.id)
    expect(history.filter((h) => h.evento === 'incontro.risultato')).toHaveLength(1)
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    // The winner's result: the home side wins 2–1 as the home captain entered it, or loses as the visitors did.
    expect(row!.winnerTeamId).toBe([fixture.home.id, fixture.away.id][winner])
  })
})
