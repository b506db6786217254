// Issue 19, 9g: every lifecycle endpoint refuses with the status that says why, on PGlite and on PostgreSQL
// (DATABASE_URL). Acting on a record one is not a party to, or a step that belongs to another party: 403. A step
// the record's state does not allow now: 409, with the state's Italian reason. One table, one row per case:
// challenges, tournament enrolment, partner requests, result entry (challenge and draw) and draw actions.
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CERCA_COMPAGNO_MESSAGES as C } from '../../contract/cerca-compagno.ts'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { ISCRIZIONI_MESSAGES as I } from '../../contract/iscrizioni.ts'
import { SFIDE_MESSAGES as S } from '../../contract/sfide.ts'
import { ORGANISER_REFUSED } from '../../contract/tabelloni.ts'
import { DRAW_MESSAGES as D } from '../../server/repositories/draws.ts'
import { clubs, persons } from '../../server/db/schema/core.ts'
import { clubOrganizers, matches, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const DAY = 86_400_000
type Answer = Awaited<ReturnType<typeof call>>
type Player = TestPlayer

const player = (admin = false) => makeTennisPlayer({ role: admin ? 'admin' : 'player' })

// Challenges -------------------------------------------------------------------------------------------------

const sfida = (by: Player, path: string, id_sfida: number, extra: Record<string, unknown> = {}) =>
  call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)
const SETS = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}

/** A singles challenge from `a` to `b` (public when told), and a stranger `c`. */
async function proposed(options: { pubblica?: boolean; aAdmin?: boolean } = {}) {
  const [a, b, c] = await Promise.all([player(options.aAdmin), player(), player()])
  const made = await call(
    app,
    'sfide/add',
    {
      id_settore: SECTOR_IDS.TENNIS,
      specialita: 'singolare',
      avversari: [b.personId],
      pubblica: !!options.pubblica,
    },
    a.token,
  )
  expect(made.status).toBe(200)
  return { a, b, c, id: (made.body.result as { id: number }).id }
}
async function accepted(options: { aAdmin?: boolean } = {}) {
  const s = await proposed(options)
  expect((await sfida(s.b, 'partite/accetta', s.id)).status).toBe(200)
  return s
}
/** `a` entered 6-3 6-4. */
async function entered(options: { aAdmin?: boolean } = {}) {
  const s = await accepted(options)
  expect((await sfida(s.a, 'partite/risultato/add', s.id, SETS)).status).toBe(200)
  return s
}
async function contested(options: { aAdmin?: boolean } = {}) {
  const s = await entered(options)
  expect((await sfida(s.b, 'partite/risultato/contesta', s.id, { motivo: 'Non è andata così' })).status).toBe(
    200,
  )
  return s
}

// Enrolment ----------------------------------------------------------------------------------------------------

let serial = 0
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
async function tournament(over: Partial<typeof tournaments.$inferInsert> = {}) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values({
      nome: `Rifiuti ${++serial} ${randomUUID().slice(0, 4)}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'doppio',
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
const iscrizione = (by: Player, action: 'del' | 'accetta' | 'rifiuta', id_iscrizione: number) =>
  call(app, `tornei/iscrizioni/${action}`, { id_iscrizione }, by.token)
/** `a` invited `b` to a doubles tournament; `c` is a stranger. */
async function invited() {
  const [a, b, c] = await Promise.all([player(), player(), player()])
  const t = await tournament()
  const made = await call(app, 'tornei/iscrizioni/add', { id_torneo: t.id, id_compagno: b.personId }, a.token)
  expect(made.status).toBe(200)
  return { a, b, c, t, id: (made.body.result as { id_iscrizione: number }).id_iscrizione }
}

// Partner requests ----------------------------------------------------------------------------------------------

const day = (offset: number) =>
  new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)
const richiesta = (by: Player, action: 'conferma' | 'rifiuta' | 'cancella', id_richiesta: number) =>
  call(app, `giocatori/cerca-compagno/${action}-richiesta`, { id_richiesta }, by.token)
/** `author`'s listing with a waiting request of `requester`; `stranger` is neither. */
async function requested() {
  const [author, requester, stranger] = await Promise.all([player(), player(), player()])
  const listing = await call(
    app,
    'giocatori/cerca-compagno/add',
    {
      id_settore: SECTOR_IDS.PADEL,
      provincia: 'RM',
      livello: 'intermedio',
      data_dal: day(0),
      data_al: day(20),
    },
    author.token,
  )
  expect(listing.status).toBe(200)
  const listingId = (listing.body.result as { id_annuncio: number }).id_annuncio
  const request = await call(
    app,
    'giocatori/cerca-compagno/invio-richiesta',
    { id_annuncio: listingId },
    requester.token,
  )
  expect(request.status).toBe(200)
  return {
    author,
    requester,
    stranger,
    listingId,
    id: (request.body.result as { id_richiesta: number }).id_richiesta,
  }
}

// Draws -----------------------------------------------------------------------------------------------------------

/** A tournament of a club with its organiser, four entrants, announced and drawn when told. */
async function drawn(step: 'iscrizioni' | 'annunciato' | 'sorteggiato') {
  const { db } = await testDatabase()
  const [club] = await db.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1)
  const organiserAccount = await createAccount()
  await db.insert(clubOrganizers).values({ accountId: organiserAccount.id, clubId: club!.id })
  const organiser = { token: await tokenFor(organiserAccount) }
  const t = await tournament({ specialita: 'singolare', clubId: club!.id, formula: 'eliminazione' })
  const people = await db
    .insert(persons)
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        nome: `Nome${i}`,
        cognome: `Rifiuti${serial}x${i}`,
        sesso: 'M',
      })),
    )
    .returning()
  await db.insert(tournamentEntries).values(
    people.map((p, i) => ({
      tournamentId: t.id,
      personId: p.id,
      status: 'iscritto',
      puntiIngresso: 1000 - 10 * i,
      iscrittoIl: new Date(Date.UTC(2026, 0, 1, 10, i)),
    })),
  )
  if (step !== 'iscrizioni')
    expect((await call(app, 'tornei/sorteggio/annuncia', { id_torneo: t.id }, organiser.token)).status).toBe(
      200,
    )
  if (step === 'sorteggiato')
    expect((await call(app, 'tornei/sorteggio/esegui', { id_torneo: t.id }, organiser.token)).status).toBe(
      200,
    )
  const played = (await db.select().from(matches).where(eq(matches.tournamentId, t.id))).filter(
    (m) => m.entryAId !== null && m.entryBId !== null,
  )
  return { t, organiser, player: await player(), matchId: played[0]?.id ?? 0 }
}
const risultato = (token: string, id_partita: number) =>
  call(app, 'tornei/tabelloni/risultato/edit', { id_partita, ...SETS }, token)

// The table -------------------------------------------------------------------------------------------------------

type Case = [what: string, status: 403 | 409, message: string, run: () => Promise<Answer>]

const cases: Case[] = [
  // Challenges: someone outside it.
  [
    'sfida: un estraneo accetta',
    403,
    S.notParticipant,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'partite/accetta', s.id)
    },
  ],
  [
    'sfida: un estraneo rifiuta',
    403,
    S.notParticipant,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'partite/rifiuta', s.id)
    },
  ],
  [
    'sfida: un estraneo la annulla',
    403,
    S.notParticipant,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'del', s.id)
    },
  ],
  [
    'sfida: un estraneo la pubblica',
    403,
    S.notParticipant,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'pubblica', s.id)
    },
  ],
  [
    'sfida: un estraneo toglie un giocatore',
    403,
    S.notParticipant,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'giocatori/del', s.id, { id_persona: s.b.personId })
    },
  ],
  [
    'sfida: un estraneo si aggiunge a una sfida privata',
    403,
    S.notPublic,
    async () => {
      const s = await proposed()
      return sfida(s.c, 'giocatori/add', s.id, { id_persona: s.c.personId, lato: 1 })
    },
  ],
  [
    'sfida: un estraneo inserisce il risultato',
    403,
    S.notParticipant,
    async () => {
      const s = await accepted()
      return sfida(s.c, 'partite/risultato/add', s.id, SETS)
    },
  ],
  [
    'sfida: un estraneo conferma il risultato',
    403,
    S.notParticipant,
    async () => {
      const s = await entered()
      return sfida(s.c, 'partite/risultato/conferma', s.id)
    },
  ],
  [
    'sfida: un estraneo contesta il risultato',
    403,
    S.notParticipant,
    async () => {
      const s = await entered()
      return sfida(s.c, 'partite/risultato/contesta', s.id, { motivo: 'No' })
    },
  ],
  [
    'sfida: un giocatore decide la contestazione',
    403,
    S.referee,
    async () => {
      const s = await contested()
      return sfida(s.a, 'partite/risultato/risolvi', s.id, { esito: 'confermato' })
    },
  ],
  [
    'sfida: la federazione decide una sfida che gioca',
    403,
    S.referee,
    async () => {
      const s = await contested({ aAdmin: true })
      return sfida(s.a, 'partite/risultato/risolvi', s.id, { esito: 'confermato' })
    },
  ],
  // Challenges: a step of another player.
  [
    'sfida: chi propone accetta la propria',
    403,
    S.notAllowed,
    async () => {
      const s = await proposed()
      return sfida(s.a, 'partite/accetta', s.id)
    },
  ],
  [
    'sfida: l’invitato la annulla',
    403,
    S.notAllowed,
    async () => {
      const s = await proposed()
      return sfida(s.b, 'del', s.id)
    },
  ],
  [
    'sfida: l’invitato la pubblica',
    403,
    S.notAllowed,
    async () => {
      const s = await proposed()
      return sfida(s.b, 'pubblica', s.id)
    },
  ],
  [
    'sfida: chi ha inserito il risultato lo conferma',
    403,
    S.ownResult,
    async () => {
      const s = await entered()
      return sfida(s.a, 'partite/risultato/conferma', s.id)
    },
  ],
  // Challenges: the state does not allow it.
  [
    'sfida: accettare una sfida annullata',
    409,
    S.illegal('annullata'),
    async () => {
      const s = await proposed()
      await sfida(s.a, 'del', s.id)
      return sfida(s.b, 'partite/accetta', s.id)
    },
  ],
  [
    'sfida: annullare una sfida accettata',
    409,
    S.illegal('accettata: da giocare'),
    async () => {
      const s = await accepted()
      return sfida(s.a, 'del', s.id)
    },
  ],
  [
    'sfida: il risultato prima che sia accettata',
    409,
    S.illegal('proposta'),
    async () => {
      const s = await proposed()
      return sfida(s.a, 'partite/risultato/add', s.id, SETS)
    },
  ],
  [
    'sfida: confermare due volte',
    409,
    S.illegal('risultato confermato'),
    async () => {
      const s = await entered()
      await sfida(s.b, 'partite/risultato/conferma', s.id)
      return sfida(s.b, 'partite/risultato/conferma', s.id)
    },
  ],
  [
    'sfida: la federazione decide un risultato non contestato',
    409,
    S.illegal('risultato da confermare'),
    async () => {
      const s = await entered()
      return sfida(await player(true), 'partite/risultato/risolvi', s.id, { esito: 'confermato' })
    },
  ],
  [
    'sfida: un posto in una parte al completo',
    409,
    S.sideFull,
    async () => {
      const s = await proposed({ pubblica: true })
      return sfida(s.c, 'giocatori/add', s.id, { id_persona: s.c.personId, lato: 2 })
    },
  ],
  // Enrolment.
  [
    'iscrizione: un estraneo la ritira',
    403,
    I.notYours,
    async () => {
      const e = await invited()
      return iscrizione(e.c, 'del', e.id)
    },
  ],
  [
    'iscrizione: un estraneo accetta l’invito',
    403,
    I.notYours,
    async () => {
      const e = await invited()
      return iscrizione(e.c, 'accetta', e.id)
    },
  ],
  [
    'iscrizione: chi invita accetta il proprio invito',
    403,
    I.accept,
    async () => {
      const e = await invited()
      return iscrizione(e.a, 'accetta', e.id)
    },
  ],
  [
    'iscrizione: chi invita rifiuta il proprio invito',
    403,
    I.refuse,
    async () => {
      const e = await invited()
      return iscrizione(e.a, 'rifiuta', e.id)
    },
  ],
  [
    'iscrizione: l’invitato annulla l’invito',
    403,
    I.withdraw,
    async () => {
      const e = await invited()
      return iscrizione(e.b, 'del', e.id)
    },
  ],
  [
    'iscrizione: accettare un invito rifiutato',
    409,
    I.illegal('invito rifiutato dal compagno'),
    async () => {
      const e = await invited()
      await iscrizione(e.b, 'rifiuta', e.id)
      return iscrizione(e.b, 'accetta', e.id)
    },
  ],
  [
    'iscrizione: ritirarsi due volte',
    409,
    I.illegal('ritirato'),
    async () => {
      const e = await invited()
      await iscrizione(e.a, 'del', e.id)
      return iscrizione(e.a, 'del', e.id)
    },
  ],
  [
    'iscrizione: in un torneo annullato',
    409,
    I.cancelled,
    async () => {
      const t = await tournament({ specialita: 'singolare', status: 'annullato' })
      return call(app, 'tornei/iscrizioni/add', { id_torneo: t.id }, (await player()).token)
    },
  ],
  [
    'iscrizione: a iscrizioni chiuse',
    409,
    I.closed('…').slice(0, 30),
    async () => {
      const t = await tournament({
        specialita: 'singolare',
        iscrizioniAl: new Date(Date.now() - DAY),
        status: 'iscrizioni_chiuse',
      })
      return call(app, 'tornei/iscrizioni/add', { id_torneo: t.id }, (await player()).token)
    },
  ],
  // Partner requests.
  [
    'richiesta: un estraneo la conferma',
    403,
    C.notParty,
    async () => {
      const r = await requested()
      return richiesta(r.stranger, 'conferma', r.id)
    },
  ],
  [
    'richiesta: chi la invia la conferma',
    403,
    C.confirm,
    async () => {
      const r = await requested()
      return richiesta(r.requester, 'conferma', r.id)
    },
  ],
  [
    'richiesta: l’autore la annulla',
    403,
    C.cancel,
    async () => {
      const r = await requested()
      return richiesta(r.author, 'cancella', r.id)
    },
  ],
  [
    'richiesta: confermare due volte',
    409,
    C.illegal('confermata: giocate insieme'),
    async () => {
      const r = await requested()
      await richiesta(r.author, 'conferma', r.id)
      return richiesta(r.author, 'conferma', r.id)
    },
  ],
  [
    'annuncio: un estraneo lo ritira',
    403,
    C.notAuthor,
    async () => {
      const r = await requested()
      return call(app, 'giocatori/cerca-compagno/del', { id_annuncio: r.listingId }, r.stranger.token)
    },
  ],
  [
    'annuncio: ritirarlo due volte',
    409,
    C.alreadyClosed,
    async () => {
      const r = await requested()
      await call(app, 'giocatori/cerca-compagno/del', { id_annuncio: r.listingId }, r.author.token)
      return call(app, 'giocatori/cerca-compagno/del', { id_annuncio: r.listingId }, r.author.token)
    },
  ],
  // Draws and their results.
  [
    'sorteggio: un giocatore lo annuncia',
    403,
    ORGANISER_REFUSED,
    async () => {
      const d = await drawn('iscrizioni')
      return call(app, 'tornei/sorteggio/annuncia', { id_torneo: d.t.id }, d.player.token)
    },
  ],
  [
    'sorteggio: un giocatore lo esegue',
    403,
    ORGANISER_REFUSED,
    async () => {
      const d = await drawn('annunciato')
      return call(app, 'tornei/sorteggio/esegui', { id_torneo: d.t.id }, d.player.token)
    },
  ],
  [
    'sorteggio: un giocatore inserisce un risultato',
    403,
    ORGANISER_REFUSED,
    async () => {
      const d = await drawn('sorteggiato')
      return risultato(d.player.token, d.matchId)
    },
  ],
  [
    'sorteggio: eseguirlo prima dell’annuncio',
    409,
    D.notAnnounced,
    async () => {
      const d = await drawn('iscrizioni')
      return call(app, 'tornei/sorteggio/esegui', { id_torneo: d.t.id }, d.organiser.token)
    },
  ],
  [
    'sorteggio: eseguirlo due volte',
    409,
    D.alreadyDrawn,
    async () => {
      const d = await drawn('sorteggiato')
      return call(app, 'tornei/sorteggio/esegui', { id_torneo: d.t.id }, d.organiser.token)
    },
  ],
]

describe('refusals: 403 for who may not act, 409 for what the state does not allow', () => {
  it.each(cases)('%s → %i', async (_what, status, message, run) => {
    const answer = await run()
    expect(answer.status).toBe(status)
    expect(answer.body.statusCode).toBe(status)
    // The Italian reason (a closed window names its date: the table holds its start).
    expect(String(answer.body.message).startsWith(message)).toBe(true)
  })

  it('every «not a party» refusal says «Non hai i permessi…»', () => {
    for (const message of [
      S.notParticipant,
      S.referee,
      I.notYours,
      C.notParty,
      C.notAuthor,
      ORGANISER_REFUSED,
    ])
      expect(message).toMatch(/^Non hai i permessi per /)
  })
})
