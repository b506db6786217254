// «I miei dati» (issue 23 item 6): the export gives the signed-in user everything stored about them, and nobody
// else's; deleting the account (after the password again) leaves none of their personal data in any column of
// any table, while the results others depend on keep a row under «Giocatore non più iscritto». Runs on PGlite and,
// with DATABASE_URL, on PostgreSQL.
import { randomBytes, randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AVVISI_MAX_GIORNO, AVVISI_MESSAGES } from '../../contract/avvisi.ts'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { ISCRIZIONI_NOTICES } from '../../contract/iscrizioni.ts'
import { hashPassword } from '../../server/auth/password.ts'
import { capitanoUscito } from '../../server/domain/dati-personali.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { accounts, clubs, pageViews, persons, tessere } from '../../server/db/schema/core.ts'
import { newsComments, news } from '../../server/db/schema/content.ts'
import {
  calendarFeeds,
  challenges,
  clubOrganizers,
  helpdeskRequests,
  partnerListings,
  rankings,
  teams,
  tournamentEntries,
  tournamentPoints,
  tournaments,
  userSettings,
} from '../../server/db/schema/domain.ts'
import { richiesteAllegati, richiesteUtenti } from '../../server/db/schema/helpdesk.ts'
import { idpOutbox, idpProviderRecords, idpVerificationCodes } from '../../server/db/schema/idp.ts'
import { datiSpedizione, fototessere } from '../../server/db/schema/profilo.ts'
import { jpegPhoto } from '../support/photos.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { keptCountDrift } from '../support/conteggi.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())
// The entry counts the database keeps on each tournament (migration 0023) are the real ones after every path here.
// A hook may not hold an `expect` (vitest/no-standalone-expect): a drift fails the test it follows by throwing.
afterEach(async () => {
  const drift = await keptCountDrift((await testDatabase()).db)
  if (drift.length > 0) throw new Error(`Conteggi tenuti diversi dai veri: ${JSON.stringify(drift)}`)
})

const PASSWORD = 'Una-password-lunga-1'
const ANONIMO = 'Giocatore non più iscritto'

/** Letters only, unlike anything the seed writes: a name nobody else has. */
function word(prefix: string): string {
  const letters = 'bcdfghjklmnpqrstvwxz'
  let out = prefix
  for (let i = 0; i < 8; i++) out += letters[randomInt(letters.length)]
  return out
}

function digits(n: number): string {
  let out = ''
  for (let i = 0; i < n; i++) out += String(randomInt(10))
  return out
}

let players = 0

/** A birth date before the seed's oldest player, a different month for each player of this file. */
function birthDate(): string {
  players += 1
  return `${1901 + randomInt(29)}-${String(players).padStart(2, '0')}-${10 + randomInt(18)}`
}

type Identity = Awaited<ReturnType<typeof createPlayer>>

/**
 * A player with data in every place the portal keeps personal data: card photo, shipping address, cards, settings,
 * calendar feed, notices to and from them, e-mails, help-desk requests with an attachment, comments, a partner
 * listing, page views, identity-service sessions and codes, and results others depend on (an entry, points, a
 * ranking row).
 */
async function createPlayer() {
  const { db } = await testDatabase()
  const nome = word('Zelinda')
  const cognome = word('Vrab')
  const codiceFiscale = `${word('X').slice(0, 6).toUpperCase()}31B19H501${String.fromCharCode(65 + randomInt(26))}`
  const telefono = `3${digits(9)}`
  const indirizzo = `Via ${word('Quercet')} 7`
  const nascita = birthDate()
  const account = await createAccount({
    person: {
      nome,
      cognome,
      codiceFiscale,
      telefono,
      dataNascita: nascita,
      provincia: 'RM',
      email: null,
    },
    account: { passwordHash: await hashPassword(PASSWORD, { N: 1 << 10 }), profilation: true },
  })
  const personId = account.personId!
  const email = account.email
  await db.update(persons).set({ email }).where(eq(persons.id, personId))

  const photo = await jpegPhoto(42, 54)
  await db
    .insert(fototessere)
    .values({ personId, immagine: photo, larghezza: 42, altezza: 54, impronta: 'a'.repeat(64) })
  await db
    .insert(datiSpedizione)
    .values({ personId, indirizzo, cap: '00100', comune: 'Roma', provincia: 'RM' })
  await db.insert(tessere).values({
    codiceTessera: `GD${digits(10)}`,
    personId,
    tipologia: 'Agonistica',
    disciplineId: 4332,
    sectorId: 1,
    stagione: 2026,
    validaDal: '2026-01-01',
    validaAl: '2026-12-31',
  })
  await db.insert(userSettings).values({ accountId: account.id, newsletter: true })
  await db.insert(calendarFeeds).values({ accountId: account.id, tokenHash: randomBytes(32).toString('hex') })
  await db.insert(pageViews).values([
    { path: '/impostazioni', accountId: account.id },
    { path: '/home', accountId: account.id },
  ])
  await db
    .insert(idpOutbox)
    .values({ recipient: email, subject: `Ciao ${nome}`, body: `Gentile ${nome} ${cognome}` })
  await db.insert(idpVerificationCodes).values({
    purpose: 'reset',
    email,
    interactionUid: word('uid'),
    codeHash: randomBytes(16).toString('hex'),
    expiresAt: new Date(Date.now() + 600_000),
  })
  await db.insert(idpProviderRecords).values({
    model: 'Session',
    id: word('sess'),
    payload: { accountId: account.id, uid: word('u') },
  })
  const [richiesta] = await db
    .insert(richiesteUtenti)
    .values({
      accountId: account.id,
      personId,
      categoria: 1,
      sectorId: 1,
      oggetto: `Tessera di ${cognome}`,
      messaggio: `Sono ${nome} ${cognome}, telefono ${telefono}`,
    })
    .returning()
  await db.insert(richiesteAllegati).values({
    richiestaId: richiesta!.id,
    nome: `${cognome}.jpg`,
    immagine: photo,
    larghezza: 42,
    altezza: 54,
  })
  await db.insert(helpdeskRequests).values({
    accountId: account.id,
    categoryId: 1,
    nome: `${nome} ${cognome}`,
    email,
    oggetto: 'Accesso',
    messaggio: `Il mio codice fiscale è ${codiceFiscale}`,
  })
  const [someNews] = await db.select({ id: news.id }).from(news).limit(1)
  await db.insert(newsComments).values({
    newsId: someNews!.id,
    accountId: account.id,
    autore: `${nome} ${cognome}`,
    testo: 'Bella notizia',
  })
  const [listing] = await db
    .insert(partnerListings)
    .values({
      personId,
      disciplineId: 4332,
      sectorId: 1,
      messaggio: `Chiamami al ${telefono}`,
      dataDal: '2026-12-01',
      dataAl: '2026-12-31',
    })
    .returning()
  // A notice to them, and one they caused to someone else, with their name in it.
  const other = await createAccount()
  await db.insert(avvisi).values([
    { personId, ambito: 'annuncio', riferimento: listing!.id, testo: 'Qualcuno ha risposto al tuo annuncio' },
    {
      personId: other.personId!,
      mittenteId: personId,
      ambito: 'annuncio',
      riferimento: listing!.id,
      testo: `${nome} ${cognome} ti ha chiesto di giocare in doppio`,
    },
  ])
  await db.insert(idpOutbox).values({
    recipient: other.email,
    subject: 'Richiesta di gioco',
    body: `${nome} ${cognome} ti ha chiesto di giocare in doppio`,
  })
  // Results others depend on.
  const [tournament] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.sectorId, 1), eq(tournaments.tipo, 'TR')))
    .limit(1)
  const [entry] = await db
    .insert(tournamentEntries)
    .values({ tournamentId: tournament!.id, personId, iscrittoDa: account.id })
    .returning()
  await db.insert(tournamentPoints).values({
    tournamentId: tournament!.id,
    personId,
    entryId: entry!.id,
    sectorId: 1,
    risultato: 'V',
    categoria: '4',
    punti: 25,
    // A season long gone, like the ranking row below: the worker's database is shared with the other files, and
    // a line of this season without its ranking row would leave this season's race short of what its lines say
    // (tests/server/incontri-punti.test.ts compares the two).
    data: '1999-05-10',
  })
  await db.insert(rankings).values({
    tipo: 'race',
    sectorId: 1,
    stagione: 1999,
    personId,
    posizione: 1,
    punti: 25,
    tornei: 1,
    provincia: 'RM',
    sesso: 'F',
    nascita,
    calcolataAl: '1999-12-31',
  })
  return {
    account,
    other,
    personId,
    entryId: entry!.id,
    needles: { nome, cognome, email, codiceFiscale, telefono, indirizzo, nascita },
  }
}

type Export = { nome_file: string; generato_il: string; dati: Record<string, unknown> }

async function exportOf(token: string): Promise<Export> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/profilo/dati/esporta',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: '{}',
  })
  expect(response.statusCode).toBe(200)
  return (JSON.parse(response.body) as { result: Export }).result
}

/** For each table of the public schema, the rows whose text (every column) contains `needle`, ignoring case. */
async function tablesContaining(needles: Record<string, string>): Promise<Record<string, string[]>> {
  const { db } = await testDatabase()
  const { rows: tables } = (await db.execute(
    sql`select table_name as t from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { t: string }[] }
  const { rows: columns } = (await db.execute(
    sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`,
  )) as unknown as { rows: { t: string; c: string }[] }
  expect(tables.length).toBeGreaterThan(60)
  const found: Record<string, string[]> = {}
  for (const [what, needle] of Object.entries(needles)) {
    for (const { t } of tables) {
      const cols = columns.filter((c) => c.t === t).map((c) => sql`${sql.identifier(c.c)}::text`)
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(t)}
            where strpos(lower(concat_ws(' ', ${sql.join(cols, sql`, `)})), lower(${needle})) > 0`,
      )) as unknown as { rows: { n: number }[] }
      if (rows[0]!.n > 0) (found[what] ??= []).push(`${t} (${rows[0]!.n})`)
    }
  }
  return found
}

describe('profilo/dati/esporta', () => {
  let player: Identity
  beforeAll(async () => {
    player = await createPlayer()
  })

  it('gives the signed-in user everything stored about them, as JSON', async () => {
    const data = await exportOf(await tokenFor(player.account))
    expect(data.nome_file).toMatch(/^i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/)
    const d = data.dati as Record<string, any>
    const { needles } = player
    expect(d.account).toMatchObject({ email: needles.email, profilazione: true })
    expect(d.persona).toMatchObject({
      nome: needles.nome,
      cognome: needles.cognome,
      codice_fiscale: needles.codiceFiscale,
      telefono: needles.telefono,
      data_nascita: needles.nascita,
      email: needles.email,
    })
    expect(d.dati_spedizione).toMatchObject({ indirizzo: needles.indirizzo, cap: '00100', provincia: 'RM' })
    // The photo itself, a JPEG.
    const jpeg = Buffer.from(d.fototessera.jpeg_base64, 'base64')
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(d.tessere).toHaveLength(1)
    expect(d.impostazioni).toMatchObject({ newsletter: true })
    expect(d.calendario_personale).not.toBeNull()
    expect(JSON.stringify(d.calendario_personale)).not.toMatch(/token/)
    expect(d.iscrizioni_tornei).toEqual([expect.objectContaining({ id: player.entryId, ruolo: 'iscritto' })])
    expect(d.punti_tornei).toEqual([expect.objectContaining({ punti: 25 })])
    expect(d.classifiche).toEqual([expect.objectContaining({ stagione: 1999, posizione: 1 })])
    expect(d.cerca_compagno_annunci).toEqual([
      expect.objectContaining({ messaggio: `Chiamami al ${needles.telefono}` }),
    ])
    expect(d.richieste_assistenza).toHaveLength(1)
    expect(d.richieste_assistenza[0].allegati).toEqual([
      expect.objectContaining({ nome: `${needles.cognome}.jpg` }),
    ])
    expect(d.richieste_assistenza_precedenti).toHaveLength(1)
    expect(d.avvisi).toEqual([expect.objectContaining({ testo: 'Qualcuno ha risposto al tuo annuncio' })])
    expect(d.email_inviate).toEqual([expect.objectContaining({ oggetto: `Ciao ${needles.nome}` })])
    expect(d.commenti).toEqual([expect.objectContaining({ dove: 'news', testo: 'Bella notizia' })])
    expect(d.pagine_visitate).toHaveLength(2)
    // No secret: no password hash, no feed token.
    expect(JSON.stringify(data)).not.toMatch(/scrypt|password_hash|token_hash/)
  })

  it('is the caller’s own: another user’s export holds none of it, and without a token it is 401', async () => {
    const data = await exportOf(await tokenFor(player.other))
    const text = JSON.stringify(data)
    // The other user's notice and e-mail name the player who wrote to them: that is what they received.
    expect((data.dati.avvisi as { testo: string }[])[0]!.testo).toContain(player.needles.cognome)
    const { codiceFiscale, email, telefono, indirizzo, nascita } = player.needles
    for (const needle of [codiceFiscale, email, telefono, indirizzo, nascita])
      expect(text).not.toContain(needle)
    expect((await call(app, 'profilo/dati/esporta', {})).status).toBe(401)
    expect(
      (await call(app, 'profilo/dati/esporta', { id_persona: player.personId }, await tokenFor(player.other)))
        .status,
    ).toBe(400)
  })
})

describe('profilo/account/elimina', () => {
  it('refuses without the right password, and deletes nothing', async () => {
    const player = await createPlayer()
    const token = await tokenFor(player.account)
    for (const body of [{}, { password: 'sbagliata' }]) {
      const refused = await call(app, 'profilo/account/elimina', body, token)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('La password non è corretta: l’account non è stato eliminato.')
    }
    expect((await call(app, 'profilo/account/elimina', { password: '' }, token)).status).toBe(400)
    expect((await call(app, 'profilo/account/elimina', { password: PASSWORD })).status).toBe(401)
    expect((await call(app, 'login', {}, token)).status).toBe(200)
    const data = await exportOf(token)
    expect((data.dati.persona as { cognome: string }).cognome).toBe(player.needles.cognome)
  })

  it('leaves none of the personal data in any table, and keeps results others depend on', async () => {
    const player = await createPlayer()
    const token = await tokenFor(player.account)
    const otherToken = await tokenFor(player.other)
    // What each needle matches before, besides this player's rows, is none (the test's names are unique).
    const before = await tablesContaining(player.needles)
    expect(Object.keys(before).sort()).toEqual(Object.keys(player.needles).sort())

    const response = await call(app, 'profilo/account/elimina', { password: PASSWORD }, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { eliminato: true } })

    expect(await tablesContaining(player.needles)).toEqual({})

    const { db } = await testDatabase()
    // The identity service's account is gone: the token no longer opens anything.
    expect(await db.select().from(accounts).where(eq(accounts.id, player.account.id))).toEqual([])
    expect((await call(app, 'login', {}, token)).status).toBe(401)
    // The draws' row stays, under the anonymous name, with its points and ranking.
    const [person] = await db.select().from(persons).where(eq(persons.id, player.personId))
    expect(`${person!.nome} ${person!.cognome}`.trim()).toBe(ANONIMO)
    expect(person).toMatchObject({ codiceFiscale: null, telefono: null, email: null, dataNascita: null })
    const [entry] = await db.select().from(tournamentEntries).where(eq(tournamentEntries.id, player.entryId))
    expect(entry).toMatchObject({ personId: player.personId, iscrittoDa: null })
    expect(await db.select().from(rankings).where(eq(rankings.personId, player.personId))).toHaveLength(1)
    // The other player keeps their notice, which now names nobody.
    const notices = await db.select().from(avvisi).where(eq(avvisi.personId, player.other.personId!))
    expect(notices.map((n) => [n.testo, n.mittenteId])).toEqual([
      [`${ANONIMO} ti ha chiesto di giocare in doppio`, null],
    ])
    expect((await call(app, 'login', {}, otherToken)).status).toBe(200)
    // Analytics keep the pages, not who saw them.
    const views = await db.select().from(pageViews).where(eq(pageViews.path, '/impostazioni'))
    expect(views.every((v) => v.accountId !== player.account.id)).toBe(true)
  })

  it('an account of an external identity provider (no password here) needs a sign-in of the last 10 minutes', async () => {
    const account = await createAccount({ account: { passwordHash: '!external' } })
    const now = Math.floor(Date.now() / 1000)
    const stale = await tokenFor(account, { issuedAtSeconds: now - 11 * 60 })
    const refused = await call(app, 'profilo/account/elimina', {}, stale)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(
      'Per eliminare l’account accedi di nuovo al portale e riprova entro 10 minuti dall’accesso.',
    )
    const fresh = await tokenFor(account)
    expect((await call(app, 'profilo/account/elimina', {}, fresh)).status).toBe(200)
    const { db } = await testDatabase()
    expect(await db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([])
  })
})

describe('profilo/account/elimina: what has not happened yet goes through its lifecycle', () => {
  const DAY = 86_400_000
  const day = (offset: number) =>
    new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

  /** A tennis player who can delete their account with PASSWORD. */
  async function deletable() {
    const player = await makeTennisPlayer()
    const { db } = await testDatabase()
    await db
      .update(accounts)
      .set({ passwordHash: await hashPassword(PASSWORD, { N: 1 << 10 }) })
      .where(eq(accounts.id, player.accountId))
    return player
  }

  async function tournament(specialita: 'singolare' | 'doppio', maxIscritti: number) {
    const { db } = await testDatabase()
    const [row] = await db
      .insert(tournaments)
      .values({
        nome: `Torneo da lasciare ${word('t')}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        tipo: 'TR',
        categoria: 'OPEN',
        specialita,
        genere: 'X',
        dataInizio: day(20),
        dataFine: day(22),
        iscrizioniDal: new Date(Date.now() - 10 * DAY),
        iscrizioniAl: new Date(Date.now() + 10 * DAY),
        maxIscritti,
        status: 'iscrizioni_aperte',
      })
      .returning()
    return row!
  }

  const noticesOf = async (personId: number) => {
    const { db } = await testDatabase()
    return db.select().from(avvisi).where(eq(avvisi.personId, personId)).orderBy(avvisi.id)
  }

  it('withdraws undrawn entries and pending invitations: the first waiting moves up and is told, the inviter too', async () => {
    const leaving = await deletable()
    const waiting = await makeTennisPlayer()
    const inviter = await makeTennisPlayer()
    const filler = await makeTennisPlayer()
    const singles = await tournament('singolare', 2)
    const mine = await call(app, 'tornei/iscrizioni/add', { id_torneo: singles.id }, leaving.token)
    expect(mine.status).toBe(200)
    expect((await call(app, 'tornei/iscrizioni/add', { id_torneo: singles.id }, filler.token)).status).toBe(
      200,
    )
    const theirs = await call(app, 'tornei/iscrizioni/add', { id_torneo: singles.id }, waiting.token)
    expect(theirs.status).toBe(200)
    const waitingEntry = (theirs.body.result as { id_iscrizione: number }).id_iscrizione
    const doubles = await tournament('doppio', 8)
    const invitation = await call(
      app,
      'tornei/iscrizioni/add',
      { id_torneo: doubles.id, id_compagno: leaving.personId },
      inviter.token,
    )
    expect(invitation.status).toBe(200)
    const invitationEntry = (invitation.body.result as { id_iscrizione: number }).id_iscrizione
    const { db } = await testDatabase()
    const entry = async (id: number) =>
      (await db.select().from(tournamentEntries).where(eq(tournamentEntries.id, id)))[0]!
    expect((await entry(waitingEntry)).status).toBe('lista_attesa')

    expect((await call(app, 'profilo/account/elimina', { password: PASSWORD }, leaving.token)).status).toBe(
      200,
    )

    const myEntryId = (mine.body.result as { id_iscrizione: number }).id_iscrizione
    expect(await entry(myEntryId)).toMatchObject({ status: 'ritirato', macchina: { value: 'ritirata' } })
    expect(await entry(waitingEntry)).toMatchObject({ status: 'iscritto', posizioneAttesa: null })
    expect((await noticesOf(waiting.personId)).map((n) => n.testo)).toContain(
      ISCRIZIONI_NOTICES.promoted(singles.nome),
    )
    expect(await entry(invitationEntry)).toMatchObject({
      status: 'ritirato',
      macchina: { value: 'rifiutata' },
    })
    expect((await noticesOf(inviter.personId)).map((n) => n.testo)).toContain(
      ISCRIZIONI_NOTICES.refused(ANONIMO, doubles.nome),
    )
  })

  it('cancels the challenges proposed and refuses the ones invited to: the others are told', async () => {
    const leaving = await deletable()
    const opponent = await makeTennisPlayer()
    const proposer = await makeTennisPlayer()
    const propose = (by: { token: string }, avversario: number) =>
      call(
        app,
        'sfide/add',
        { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [avversario] },
        by.token,
      )
    const proposed = await propose(leaving, opponent.personId)
    expect(proposed.status).toBe(200)
    const invited = await propose(proposer, leaving.personId)
    expect(invited.status).toBe(200)
    const id = (answer: { body: Record<string, unknown> }) => (answer.body.result as { id: number }).id

    expect((await call(app, 'profilo/account/elimina', { password: PASSWORD }, leaving.token)).status).toBe(
      200,
    )

    const { db } = await testDatabase()
    const status = async (challengeId: number) =>
      (await db.select().from(challenges).where(eq(challenges.id, challengeId)))[0]!.status
    expect(await status(id(proposed))).toBe('cancelled')
    expect(await status(id(invited))).toBe('refused')
    const told = await noticesOf(opponent.personId)
    expect(told.filter((n) => n.riferimento === id(proposed)).map((n) => n.testo)).toContain(
      `${ANONIMO} ha annullato la sfida.`,
    )
    expect((await noticesOf(proposer.personId)).some((n) => n.riferimento === id(invited))).toBe(true)
  })

  it('withdraws an open listing and cancels a waiting request: the other side is told', async () => {
    const leaving = await deletable()
    const requester = await makeTennisPlayer()
    const author = await makeTennisPlayer()
    const publish = (p: { token: string }) =>
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
    const listingId = (answer: { body: Record<string, unknown> }) =>
      (answer.body.result as { id_annuncio: number }).id_annuncio
    const mine = listingId(await publish(leaving))
    const theirs = listingId(await publish(author))
    const toMine = await call(
      app,
      'giocatori/cerca-compagno/invio-richiesta',
      { id_annuncio: mine },
      requester.token,
    )
    expect(toMine.status).toBe(200)
    const fromMe = await call(
      app,
      'giocatori/cerca-compagno/invio-richiesta',
      { id_annuncio: theirs },
      leaving.token,
    )
    expect(fromMe.status).toBe(200)
    const before = (await noticesOf(author.personId)).length

    expect((await call(app, 'profilo/account/elimina', { password: PASSWORD }, leaving.token)).status).toBe(
      200,
    )

    const { db } = await testDatabase()
    // The listing is withdrawn (and, being only the person's, erased); its requester learns it closed.
    expect(await db.select().from(partnerListings).where(eq(partnerListings.id, mine))).toEqual([])
    const requesterNotices = (await noticesOf(requester.personId)).filter((n) => n.riferimento !== theirs)
    expect(requesterNotices.map((n) => n.testo).join('\n')).toContain(ANONIMO)
    // The author of the other listing learns the request was cancelled.
    const authorNotices = await noticesOf(author.personId)
    expect(authorNotices).toHaveLength(before + 1)
    expect(authorNotices.at(-1)!.testo).toContain(ANONIMO)
  })

  it('a team keeps its anonymised captain, and the club’s organiser is told to have a new one named', async () => {
    const leaving = await deletable()
    const organiser = await createAccount()
    const { db } = await testDatabase()
    const [club] = await db.select({ id: clubs.id }).from(clubs).limit(1)
    await db.insert(clubOrganizers).values({ accountId: organiser.id, clubId: club!.id })
    const championship = await tournament('singolare', 8)
    const [team] = await db
      .insert(teams)
      .values({
        tournamentId: championship.id,
        clubId: club!.id,
        nome: `Squadra ${word('s')}`,
        captainPersonId: leaving.personId,
      })
      .returning()

    expect((await call(app, 'profilo/account/elimina', { password: PASSWORD }, leaving.token)).status).toBe(
      200,
    )

    const [after] = await db.select().from(teams).where(eq(teams.id, team!.id))
    expect(after!.captainPersonId).toBe(leaving.personId)
    const told = await noticesOf(organiser.personId!)
    expect(told.map((n) => [n.ambito, n.riferimento, n.testo, n.mittenteId])).toEqual([
      ['torneo', championship.id, capitanoUscito(team!.nome, championship.nome), null],
    ])
  })

  it('over the daily cap of notices to one player, nothing is deleted and the refusal says why', async () => {
    const leaving = await deletable()
    const opponent = await makeTennisPlayer()
    const proposed = await call(
      app,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [opponent.personId] },
      leaving.token,
    )
    expect(proposed.status).toBe(200)
    const { db } = await testDatabase()
    await db.insert(avvisi).values(
      Array.from({ length: AVVISI_MAX_GIORNO - 1 }, () => ({
        personId: opponent.personId,
        mittenteId: leaving.personId,
        ambito: 'sfida' as const,
        riferimento: (proposed.body.result as { id: number }).id,
        testo: 'Un altro avviso di oggi',
      })),
    )

    const refused = await call(app, 'profilo/account/elimina', { password: PASSWORD }, leaving.token)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(AVVISI_MESSAGES.tooMany(`Gioc ${opponent.cognome}`))
    expect(await db.select().from(accounts).where(eq(accounts.id, leaving.accountId))).toHaveLength(1)
    const [challenge] = await db
      .select()
      .from(challenges)
      .where(eq(challenges.id, (proposed.body.result as { id: number }).id))
    expect(challenge!.status).toBe('proposed')
  })
})
