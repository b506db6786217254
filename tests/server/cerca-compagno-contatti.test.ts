// After a confirmed partner request the two players can reach each other (issue 19, item 7): each sees the contact
// the other chose to share when publishing the listing or sending the request, or writes through the portal.
// Nobody else ever reads those contacts: not a third player, not the other requesters, not an anonymous caller.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Avviso } from '../../contract/avvisi.ts'
import {
  CERCA_COMPAGNO_MESSAGES as M,
  type AnnuncioMio,
  type Richiesta,
  type RichiestaInviata,
} from '../../contract/cerca-compagno.ts'
import { MESSAGES } from '../../contract/common.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { persons } from '../../server/db/schema/core.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
})
afterAll(() => app.close())

const DAY = 86_400_000
const day = (offset: number) =>
  new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

type Player = { personId: number; token: string; email: string; telefono: string; nome: string }

/** A signed-in player with an e-mail and a phone of their own. */
async function makePlayer(): Promise<Player> {
  const cognome = `Contatto${randomUUID().slice(0, 8)}`
  const telefono = `33${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const account = await createAccount({ person: { nome: 'Marta', cognome, sesso: 'F', telefono } })
  return {
    personId: account.personId!,
    token: await tokenFor(account),
    email: account.email,
    telefono,
    nome: `Marta ${cognome}`,
  }
}

type Sharing = { condividi_email?: boolean; condividi_telefono?: boolean }
const refused = (status: number, message: string) => ({ status, body: { statusCode: status, message } })

async function publish(p: Player, sharing: Sharing = {}) {
  const answer = await call(
    app,
    'giocatori/cerca-compagno/add',
    {
      id_settore: SECTOR_IDS.PADEL,
      provincia: 'RM',
      livello: 'intermedio',
      data_dal: day(0),
      data_al: day(20),
      ...sharing,
    },
    p.token,
  )
  expect(answer.status).toBe(200)
  return (answer.body.result as { id_annuncio: number }).id_annuncio
}
async function send(p: Player, id_annuncio: number, sharing: Sharing = {}) {
  const answer = await call(
    app,
    'giocatori/cerca-compagno/invio-richiesta',
    { id_annuncio, ...sharing },
    p.token,
  )
  expect(answer.status).toBe(200)
  return answer.body.result as Richiesta
}
const act = (p: Player, action: 'conferma' | 'rifiuta' | 'cancella', id_richiesta: number) =>
  call(app, `giocatori/cerca-compagno/${action}-richiesta`, { id_richiesta }, p.token)
const write = (p: Player | undefined, id_richiesta: number, testo: string) =>
  call(app, 'giocatori/cerca-compagno/messaggio', { id_richiesta, testo }, p?.token)
const myListings = async (p: Player) =>
  (await call(app, 'giocatori/cerca-compagno/miei-annunci/list', {}, p.token)).body.results as AnnuncioMio[]
const myRequests = async (p: Player) =>
  (await call(app, 'giocatori/cerca-compagno/mie-richieste/list', {}, p.token)).body
    .results as RichiestaInviata[]
const unseen = async (p: Player) =>
  ((await call(app, 'avvisi/list', {}, p.token)).body.results as Avviso[]) ?? []

/** Everything a player can read about partner search, as one text. */
async function everythingSeenBy(p: Player) {
  const answers = await Promise.all([
    call(app, 'giocatori/cerca-compagno/list', { id_settore: SECTOR_IDS.PADEL, fetchrows: 100 }, p.token),
    call(app, 'giocatori/cerca-compagno/miei-annunci/list', {}, p.token),
    call(app, 'giocatori/cerca-compagno/mie-richieste/list', {}, p.token),
    call(app, 'avvisi/list', {}, p.token),
  ])
  return JSON.stringify(answers.map((a) => a.body))
}

describe('cerca compagno: how the two players of a confirmed request reach each other', () => {
  it('each sees the contact the other chose to share, only once the request is confirmed', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = await publish(author, { condividi_email: true, condividi_telefono: false })
    const request = await send(requester, listingId, { condividi_telefono: true })
    // Waiting: no contact either way.
    expect(request.contatto).toBeNull()
    expect((await myListings(author))[0]!.richieste[0]!.contatto).toBeNull()
    expect((await myRequests(requester))[0]!.contatto).toBeNull()

    const confirmed = await act(author, 'conferma', request.id_richiesta)
    expect(confirmed.status).toBe(200)
    // The author reads the requester's phone (not the e-mail they kept); the requester the author's e-mail.
    expect((confirmed.body.result as Richiesta).contatto).toEqual({
      email: null,
      telefono: requester.telefono,
    })
    expect((await myListings(author))[0]!.richieste[0]!.contatto).toEqual({
      email: null,
      telefono: requester.telefono,
    })
    expect((await myRequests(requester))[0]!.contatto).toEqual({ email: author.email, telefono: null })
  })

  it('nobody else reads them: a third player, the other requesters, an anonymous caller', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const other = await makePlayer()
    const third = await makePlayer()
    const listingId = await publish(author, { condividi_email: true, condividi_telefono: true })
    const request = await send(requester, listingId, { condividi_email: true, condividi_telefono: true })
    const lapsed = await send(other, listingId, { condividi_email: true })
    expect((await act(author, 'conferma', request.id_richiesta)).status).toBe(200)

    // The other requester's request lapsed: no contact, and nowhere the author's or the requester's.
    expect((await myRequests(other))[0]).toMatchObject({ id_richiesta: lapsed.id_richiesta, contatto: null })
    for (const reader of [other, third]) {
      const seen = await everythingSeenBy(reader)
      for (const secret of [author.email, author.telefono, requester.email, requester.telefono])
        expect(seen, `${reader.nome} legge ${secret}`).not.toContain(secret)
    }
    // A third player acting on the request is refused, without a word of it.
    for (const action of ['conferma', 'rifiuta', 'cancella'] as const) {
      const answer = await act(third, action, request.id_richiesta)
      expect(answer).toMatchObject(refused(403, M.notParty))
      expect(JSON.stringify(answer.body)).not.toContain(author.email)
    }
    expect(await write(third, request.id_richiesta, 'Ciao')).toMatchObject(refused(403, M.notParty))
    // Anonymous: signed in first.
    for (const path of ['miei-annunci/list', 'mie-richieste/list', 'messaggio'])
      expect(
        await call(app, `giocatori/cerca-compagno/${path}`, {
          id_richiesta: request.id_richiesta,
          testo: 'x',
        }),
      ).toMatchObject(refused(401, MESSAGES.unauthorized))
  })

  it('a refused request reveals nothing', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = await publish(author, { condividi_email: true, condividi_telefono: true })
    const request = await send(requester, listingId, { condividi_email: true })
    const answer = await act(author, 'rifiuta', request.id_richiesta)
    expect((answer.body.result as Richiesta).contatto).toBeNull()
    expect((await myRequests(requester))[0]!.contatto).toBeNull()
  })

  it('without a shared contact, they write to each other through the portal (notice and e-mail)', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = await publish(author)
    const request = await send(requester, listingId)
    // Not before the request is confirmed.
    expect(await write(requester, request.id_richiesta, 'Ciao!')).toMatchObject(
      refused(409, M.messageNotConfirmed),
    )
    await act(author, 'conferma', request.id_richiesta)
    expect((await myRequests(requester))[0]!.contatto).toEqual({ email: null, telefono: null })

    const text = 'Giochiamo sabato alle 10 al circolo?'
    const sent = await write(requester, request.id_richiesta, text)
    expect(sent.status).toBe(200)
    const [notice] = await unseen(author)
    expect(notice).toMatchObject({ ambito: 'annuncio', id_riferimento: listingId })
    expect(notice!.testo).toContain(requester.nome)
    expect(notice!.testo).toContain(text)
    // The request shows it to the author, and it went by e-mail.
    expect((await myListings(author))[0]!.richieste[0]!.avviso).toBe(notice!.testo)
    const { db } = await testDatabase()
    const mails = await db.select().from(idpOutbox).where(eq(idpOutbox.recipient, author.email))
    expect(mails.map((m) => m.body)).toContain(notice!.testo)
    // The answer goes the other way, to the request the requester sent.
    expect((await write(author, request.id_richiesta, 'Perfetto, a sabato')).status).toBe(200)
    expect((await unseen(requester))[0]).toMatchObject({
      ambito: 'richiesta',
      id_riferimento: request.id_richiesta,
    })
    // The sender reads nothing of their own message as a notice.
    expect((await unseen(requester)).some((n) => n.testo.includes(text))).toBe(false)
    expect((await write(requester, request.id_richiesta, '')).status).toBe(400)
  })

  it('the contact is read when shown: a phone changed after confirming is the new one', async () => {
    const author = await makePlayer()
    const requester = await makePlayer()
    const listingId = await publish(author)
    const request = await send(requester, listingId, { condividi_telefono: true })
    await act(author, 'conferma', request.id_richiesta)
    const { db } = await testDatabase()
    await db.update(persons).set({ telefono: '3470000000' }).where(eq(persons.id, requester.personId))
    expect((await myListings(author))[0]!.richieste[0]!.contatto).toEqual({
      email: null,
      telefono: '3470000000',
    })
  })
})
