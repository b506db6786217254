// The help desk through the API (issue 23 item 3), on PGlite and on PostgreSQL (DATABASE_URL): the categories of
// a sector, a signed-in user's requests (their own cards only, Italian validation), the staff's queue and reply,
// and the reply's notice in the portal and the outbox.
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { HELPDESK_MESSAGES as M, type Richiesta } from '../../contract/helpdesk.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { richiesteUtenti } from '../../server/db/schema/helpdesk.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let owner: TestPlayer
let other: TestPlayer
let staff: TestPlayer
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
  ;[owner, other, staff] = await Promise.all([
    makeTennisPlayer(),
    makeTennisPlayer(),
    makeTennisPlayer({ role: 'admin', card: false }),
  ])
})
afterAll(() => app.close())

const request = {
  id_settore: SECTOR_IDS.TENNIS,
  id_categoria: 1,
  oggetto: 'Tessera non visibile',
  messaggio: 'La mia tessera non compare\nnell’elenco.',
}
const cardsOf = async (p: TestPlayer) =>
  (
    (await call(app, 'richieste-utenti/tessere/list', {}, p.token)).body as {
      result: { id: string; label: string }[]
    }
  ).result
const listOf = async (p: TestPlayer) => {
  const answer = await call(app, 'richieste-utenti/list', {}, p.token)
  expect(answer.status).toBe(200)
  return answer.body as { results: Richiesta[]; record: number }
}
const send = async (p: TestPlayer, body: Record<string, unknown> = request) => {
  const answer = await call(app, 'richieste-utenti/add', body, p.token)
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 })
  return (answer.body as { result: Richiesta }).result
}

describe('help desk', () => {
  it('lists the three categories of a sector to anyone, and refuses an unknown sector', async () => {
    const answer = await call(app, 'settori/richieste/list', { id_settore: SECTOR_IDS.PADEL })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      result: [
        { id: 1, descrizione: 'Assistenza' },
        { id: 2, descrizione: 'Disservizi' },
        { id: 3, descrizione: 'Gold' },
      ],
    })
    const unknown = await call(app, 'settori/richieste/list', { id_settore: 999_999 })
    expect(unknown.status).toBe(404)
    expect((unknown.body as { message: string }).message).toBe(M.unknownSector)
  })

  it('needs a signed-in user for every request endpoint', async () => {
    for (const path of [
      'richieste-utenti/add',
      'richieste-utenti/list',
      'richieste-utenti/tessere/list',
      'richieste-utenti/aperte/list',
      'richieste-utenti/rispondi',
    ]) {
      const answer = await call(app, path, path.endsWith('add') ? request : {})
      expect({ path, status: answer.status }).toEqual({ path, status: 401 })
    }
  })

  it('names the user’s cards by code, type and discipline', async () => {
    const cards = await cardsOf(owner)
    expect(cards).toHaveLength(1)
    expect(cards[0]!.label).toBe(`${cards[0]!.id} – Agonistica – Tennis`)
    expect(await cardsOf(staff)).toEqual([])
  })

  it('refuses invalid requests in Italian and someone else’s card', async () => {
    const bad = await call(
      app,
      'richieste-utenti/add',
      { ...request, id_categoria: 4, oggetto: '' },
      owner.token,
    )
    expect(bad.status).toBe(400)
    const message = (bad.body as { message: string }).message
    expect(message).toContain('deve essere una categoria: 1 (assistenza), 2 (disservizi) o 3 (gold)')
    expect(message).toContain('deve avere da 1 a 120 caratteri')
    const long = await call(
      app,
      'richieste-utenti/add',
      { ...request, messaggio: 'x'.repeat(4001) },
      owner.token,
    )
    expect(long.status).toBe(400)
    expect((long.body as { message: string }).message).toContain('deve avere da 1 a 4000 caratteri')

    const [othersCard] = await cardsOf(other)
    const foreign = await call(
      app,
      'richieste-utenti/add',
      { ...request, codice_tessera: othersCard!.id },
      owner.token,
    )
    expect(foreign.status).toBe(400)
    expect((foreign.body as { message: string }).message).toBe(M.notYourCard)
    expect((await listOf(owner)).results.some((r) => r.codice_tessera === othersCard!.id)).toBe(false)
  })

  it('keeps each user’s requests their own; only the staff sees the queue and answers, and the owner is told', async () => {
    const [card] = await cardsOf(owner)
    const mine = await send(owner, { ...request, id_categoria: 2, codice_tessera: card!.id })
    expect(mine).toMatchObject({
      stato: 'aperta',
      categoria: 'Disservizi',
      codice_tessera: card!.id,
      risposta: null,
    })
    expect((await listOf(owner)).results.map((r) => r.id_richiesta)).toContain(mine.id_richiesta)
    expect((await listOf(other)).results.map((r) => r.id_richiesta)).not.toContain(mine.id_richiesta)

    // A player can neither read the queue nor answer (not even their own request).
    for (const p of [other, owner]) {
      expect((await call(app, 'richieste-utenti/aperte/list', {}, p.token)).status).toBe(403)
      const answer = await call(
        app,
        'richieste-utenti/rispondi',
        { id_richiesta: mine.id_richiesta, risposta: 'Fatto.' },
        p.token,
      )
      expect(answer.status).toBe(403)
      expect((answer.body as { message: string }).message).toBe(M.staffOnly)
    }

    const queue = await call(app, 'richieste-utenti/aperte/list', { fetchrows: 100 }, staff.token)
    expect(queue.status).toBe(200)
    const queued = (queue.body as { results: Richiesta[] }).results.find(
      (r) => r.id_richiesta === mine.id_richiesta,
    )
    expect(queued?.richiedente).toBe(`Gioc ${owner.cognome}`)

    const missing = await call(
      app,
      'richieste-utenti/rispondi',
      { id_richiesta: 2_000_000_000, risposta: 'x' },
      staff.token,
    )
    expect(missing.status).toBe(404)

    const reply = await call(
      app,
      'richieste-utenti/rispondi',
      { id_richiesta: mine.id_richiesta, risposta: 'Abbiamo corretto la tessera.' },
      staff.token,
    )
    expect(reply.status).toBe(200)
    const own = (await listOf(owner)).results.find((r) => r.id_richiesta === mine.id_richiesta)
    expect(own).toMatchObject({ stato: 'risposta', risposta: 'Abbiamo corretto la tessera.' })
    expect(own?.risposta_il).not.toBeNull()

    const queueAfter = await call(app, 'richieste-utenti/aperte/list', { fetchrows: 100 }, staff.token)
    expect((queueAfter.body as { results: Richiesta[] }).results.map((r) => r.id_richiesta)).not.toContain(
      mine.id_richiesta,
    )

    const { db } = await testDatabase()
    const notices = await db
      .select()
      .from(avvisi)
      .where(and(eq(avvisi.personId, owner.personId), eq(avvisi.ambito, 'helpdesk')))
    expect(notices.map((n) => [n.riferimento, n.testo])).toEqual([
      [mine.id_richiesta, M.replyNotice(request.oggetto)],
    ])
    const mails = await db.select().from(idpOutbox).where(eq(idpOutbox.recipient, owner.email))
    expect(mails.map((m) => m.subject)).toContain(M.replySubject)
    const unseen = await call(app, 'avvisi/list', {}, owner.token)
    expect((unseen.body as { results: { ambito: string }[] }).results.map((a) => a.ambito)).toContain(
      'helpdesk',
    )
  })

  it('pages the user’s own requests', async () => {
    const p = await makeTennisPlayer()
    for (const oggetto of ['Prima', 'Seconda', 'Terza']) await send(p, { ...request, oggetto })
    const page = await call(app, 'richieste-utenti/list', { rowstoskip: 1, fetchrows: 1 }, p.token)
    expect(page.body).toMatchObject({ record: 3, results: [{ oggetto: 'Seconda' }] })
  })
})

describe('closing a request, the staff’s history, long lists', () => {
  const close = (p: TestPlayer, id: number) =>
    call(app, 'richieste-utenti/chiudi', { id_richiesta: id }, p.token)
  const reply = (p: TestPlayer, id: number, risposta = 'Ecco la risposta.') =>
    call(app, 'richieste-utenti/rispondi', { id_richiesta: id, risposta }, p.token)
  const history = async (p: TestPlayer, paging: Record<string, number> = { fetchrows: 100 }) => {
    const answer = await call(app, 'richieste-utenti/storico/list', paging, p.token)
    expect(answer.status).toBe(200)
    return answer.body as { results: Richiesta[]; record: number }
  }

  it('lets the requester close their request; it shows as closed and takes no more replies', async () => {
    const mine = await send(owner, { ...request, oggetto: 'Da chiudere io' })
    // Another player learns nothing of it: the same answer as for a request that does not exist.
    for (const id of [mine.id_richiesta, 2_000_000_000]) {
      const refused = await close(other, id)
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 404,
        body: { statusCode: 404, message: M.notFound },
      })
    }
    expect((await call(app, 'richieste-utenti/chiudi', { id_richiesta: mine.id_richiesta })).status).toBe(401)

    const closed = await close(owner, mine.id_richiesta)
    expect(closed.status).toBe(200)
    expect((closed.body as { result: Richiesta }).result).toMatchObject({
      id_richiesta: mine.id_richiesta,
      stato: 'chiusa',
      chiusa_da: 'utente',
    })
    const listed = (await listOf(owner)).results.find((r) => r.id_richiesta === mine.id_richiesta)
    expect(listed).toMatchObject({ stato: 'chiusa', chiusa_da: 'utente' })
    expect(Date.parse(listed!.chiusa_il!)).not.toBeNaN()

    const again = await close(owner, mine.id_richiesta)
    expect({ status: again.status, message: (again.body as { message: string }).message }).toEqual({
      status: 409,
      message: M.alreadyClosed,
    })
    const late = await reply(staff, mine.id_richiesta)
    expect({ status: late.status, message: (late.body as { message: string }).message }).toEqual({
      status: 409,
      message: M.closed,
    })
    const queue = await call(app, 'richieste-utenti/aperte/list', { fetchrows: 100 }, staff.token)
    expect((queue.body as { results: Richiesta[] }).results.map((r) => r.id_richiesta)).not.toContain(
      mine.id_richiesta,
    )
    // The refused reply left nothing behind.
    expect(
      (await listOf(owner)).results.find((r) => r.id_richiesta === mine.id_richiesta)?.risposta,
    ).toBeNull()
  })

  it('lets the staff close a request, answered or not; the requester sees who closed it', async () => {
    const answered = await send(owner, { ...request, oggetto: 'Risolta dallo staff' })
    const unanswered = await send(owner, { ...request, oggetto: 'Doppione' })
    expect((await reply(staff, answered.id_richiesta, 'Risolto.')).status).toBe(200)
    for (const r of [answered, unanswered]) {
      const done = await close(staff, r.id_richiesta)
      expect(done.status).toBe(200)
      expect((done.body as { result: Richiesta }).result).toMatchObject({
        stato: 'chiusa',
        chiusa_da: 'staff',
      })
    }
    const mine = (await listOf(owner)).results
    expect(mine.find((r) => r.id_richiesta === answered.id_richiesta)).toMatchObject({
      stato: 'chiusa',
      chiusa_da: 'staff',
      risposta: 'Risolto.',
    })
    const { db } = await testDatabase()
    const [row] = await db
      .select()
      .from(richiesteUtenti)
      .where(eq(richiesteUtenti.id, unanswered.id_richiesta))
    expect(row).toMatchObject({ stato: 'chiusa', chiusaDa: staff.accountId, chiusaRuolo: 'staff' })
  })

  it('shows each staff member the requests they answered or closed, latest first; players are refused', async () => {
    const colleague = await makeTennisPlayer({ role: 'admin', card: false })
    const requester = await makeTennisPlayer()
    const [a, b, c, d] = [
      await send(requester, { ...request, oggetto: 'Risposta della collega' }),
      await send(requester, { ...request, oggetto: 'Chiusa dalla collega' }),
      await send(requester, { ...request, oggetto: 'Risposta e chiusa dalla collega' }),
      await send(requester, { ...request, oggetto: 'Di un altro' }),
    ]
    expect((await reply(colleague, a!.id_richiesta)).status).toBe(200)
    expect((await close(colleague, b!.id_richiesta)).status).toBe(200)
    expect((await reply(colleague, c!.id_richiesta)).status).toBe(200)
    expect((await close(colleague, c!.id_richiesta)).status).toBe(200)
    expect((await reply(staff, d!.id_richiesta)).status).toBe(200)

    const mine = await history(colleague)
    expect(mine.record).toBe(3)
    expect(mine.results.map((r) => r.oggetto)).toEqual([
      'Risposta e chiusa dalla collega',
      'Chiusa dalla collega',
      'Risposta della collega',
    ])
    expect(mine.results[0]!.richiedente).toBe(`Gioc ${requester.cognome}`)
    expect((await history(staff)).results.map((r) => r.id_richiesta)).toContain(d!.id_richiesta)
    expect((await history(staff)).results.map((r) => r.id_richiesta)).not.toContain(a!.id_richiesta)
    expect(await history(colleague, { rowstoskip: 1, fetchrows: 1 })).toMatchObject({
      record: 3,
      results: [{ oggetto: 'Chiusa dalla collega' }],
    })

    for (const p of [requester, owner]) {
      const refused = await call(app, 'richieste-utenti/storico/list', {}, p.token)
      expect({ status: refused.status, message: (refused.body as { message: string }).message }).toEqual({
        status: 403,
        message: M.staffOnly,
      })
    }
    expect((await call(app, 'richieste-utenti/storico/list', {})).status).toBe(401)
  })

  it('pages «le mie richieste» and the staff’s queue beyond 50', async () => {
    const p = await makeTennisPlayer()
    const { db } = await testDatabase()
    const rows = Array.from({ length: 57 }, (_, i) => ({
      accountId: p.accountId,
      personId: p.personId,
      categoria: 1,
      sectorId: SECTOR_IDS.TENNIS,
      oggetto: `Richiesta ${i + 1}`,
      messaggio: 'Testo.',
    }))
    await db.insert(richiesteUtenti).values(rows)
    const first = await call(app, 'richieste-utenti/list', { fetchrows: 50 }, p.token)
    const rest = await call(app, 'richieste-utenti/list', { rowstoskip: 50, fetchrows: 50 }, p.token)
    const pages = [first.body, rest.body] as { results: Richiesta[]; record: number }[]
    expect(pages.map((x) => [x.record, x.results.length])).toEqual([
      [57, 50],
      [57, 7],
    ])
    const all = pages.flatMap((x) => x.results.map((r) => r.oggetto))
    expect(new Set(all).size).toBe(57)
    expect(all.at(0)).toBe('Richiesta 57')
    expect(all.at(-1)).toBe('Richiesta 1')

    const queue = async (rowstoskip: number) =>
      (await call(app, 'richieste-utenti/aperte/list', { rowstoskip, fetchrows: 50 }, staff.token)).body as {
        results: Richiesta[]
        record: number
      }
    const head = await queue(0)
    expect(head.record).toBeGreaterThanOrEqual(57)
    expect(head.results).toHaveLength(50)
    const tail = await queue(head.record - 7)
    expect(tail.results.map((r) => r.oggetto)).toEqual(rows.slice(-7).map((r) => r.oggetto))
    const seen = new Set<number>()
    for (let skip = 0; skip < head.record; skip += 50)
      for (const r of (await queue(skip)).results) seen.add(r.id_richiesta)
    expect(seen.size).toBe(head.record)
  })
})
