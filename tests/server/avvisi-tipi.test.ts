// Every kind of notice in the one list of avvisi/list (issue 23, item 4), on PGlite and on PostgreSQL
// (DATABASE_URL): a place freed on the waiting list, a challenge result to confirm and a help-desk reply reach the
// person told, each naming where the person acts (the invitation to a doubles, the challenge proposal and the
// partner request: tests/server/avvisi.test.ts; a tie's steps: tests/server/incontri.test.ts). The e-mail of each
// follows the settings of /impostazioni, the switch for every e-mail, the topic's own and the sector's; the
// portal notice always arrives.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Avviso } from '../../contract/avvisi.ts'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { HELPDESK_MESSAGES } from '../../contract/helpdesk.ts'
import type { Impostazioni } from '../../contract/impostazioni.ts'
import { ISCRIZIONI_NOTICES as N } from '../../contract/iscrizioni.ts'
import { tournaments } from '../../server/db/schema/domain.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let staff: TestPlayer
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
  staff = await makeTennisPlayer({ role: 'admin', card: false })
})
afterAll(() => app.close())

const DAY = 86_400_000
const day = (offset: number) =>
  new Date(Date.parse(`${todayInItaly()}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)

/** A signed-in tennis player with the settings of /impostazioni given (the defaults otherwise). */
async function player(impostazioni?: Partial<Impostazioni>) {
  const p = await makeTennisPlayer()
  const saved = impostazioni
    ? (await call(app, 'impostazioni/view_upsert', { impostazioni }, p.token)).status
    : 200
  expect(saved).toBe(200)
  return p
}

const list = async (p: TestPlayer) => {
  const answer = await call(app, 'avvisi/list', {}, p.token)
  expect(answer.status).toBe(200)
  return answer.body as { results: Avviso[]; record: number }
}
async function mailsOf(p: TestPlayer) {
  const { db } = await testDatabase()
  return (await db.select().from(idpOutbox).where(eq(idpOutbox.recipient, p.email))).map((m) => m.body)
}
/** The newest notice of `p` and whether its text also went by e-mail. */
async function told(p: TestPlayer) {
  const { results } = await list(p)
  const newest = results[0]
  return { newest, mailed: newest ? (await mailsOf(p)).includes(newest.testo) : false }
}

/** Waiting-list promotion: a singles tournament with two places, both taken; `waiting` waits, then `first` leaves. */
async function promotion(waiting: TestPlayer) {
  const { db } = await testDatabase()
  const [t] = await db
    .insert(tournaments)
    .values({
      nome: `Singolare a due posti ${randomUUID().slice(0, 6)}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'M',
      dataInizio: day(20),
      dataFine: day(22),
      iscrizioniDal: new Date(Date.now() - 10 * DAY),
      iscrizioniAl: new Date(Date.now() + 10 * DAY),
      maxIscritti: 2,
      status: 'iscrizioni_aperte',
    })
    .returning()
  const first = await player()
  const enrol = async (p: TestPlayer) => {
    const answer = await call(app, 'tornei/iscrizioni/add', { id_torneo: t!.id }, p.token)
    expect(answer.status).toBe(200)
    return answer.body.result as { id_iscrizione: number; stato: string }
  }
  await enrol(await player())
  const mine = await enrol(first)
  expect((await enrol(waiting)).stato).toBe('listaAttesa')
  expect(
    (await call(app, 'tornei/iscrizioni/del', { id_iscrizione: mine.id_iscrizione }, first.token)).status,
  ).toBe(200)
  return t!
}

/** Result to confirm: `a` proposes a tennis singles to `b`, `b` accepts, `a` enters the result. */
async function resultToConfirm(b: TestPlayer) {
  const a = await player()
  const made = await call(
    app,
    'sfide/add',
    { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
    a.token,
  )
  const id = (made.body.result as { id: number }).id
  expect((await call(app, 'sfide/partite/accetta', { id_sfida: id }, b.token)).status).toBe(200)
  const entered = await call(
    app,
    'sfide/partite/risultato/add',
    {
      id_sfida: id,
      esito: 'giocata',
      set: [
        { a: 6, b: 3 },
        { a: 6, b: 4 },
      ],
    },
    a.token,
  )
  expect(entered.status).toBe(200)
  return { id, a }
}

/** Help-desk reply: `owner` asks, the federation's staff answers. */
async function helpdeskReply(owner: TestPlayer) {
  const oggetto = `Tessera non visibile ${randomUUID().slice(0, 4)}`
  const sent = await call(
    app,
    'richieste-utenti/add',
    { id_settore: SECTOR_IDS.TENNIS, id_categoria: 1, oggetto, messaggio: 'La tessera non compare.' },
    owner.token,
  )
  expect(sent.status).toBe(200)
  const id = (sent.body.result as { id_richiesta: number }).id_richiesta
  const reply = await call(
    app,
    'richieste-utenti/rispondi',
    { id_richiesta: id, risposta: 'Abbiamo corretto la tessera.' },
    staff.token,
  )
  expect(reply.status).toBe(200)
  return { id, oggetto }
}

describe('every kind of notice reaches the one list, naming where the reader acts', () => {
  it('a place freed: the first on the waiting list is told, opening the tournament', async () => {
    const waiting = await player()
    const t = await promotion(waiting)
    const { newest, mailed } = await told(waiting)
    expect(newest).toMatchObject({ ambito: 'torneo', id_riferimento: t.id, testo: N.promoted(t.nome) })
    expect(mailed).toBe(true)
  })

  it('a challenge result to confirm: the other side is told, opening the challenge; not who entered it', async () => {
    const b = await player()
    const { id, a } = await resultToConfirm(b)
    const { newest, mailed } = await told(b)
    expect(newest).toMatchObject({ ambito: 'sfida', id_riferimento: id })
    expect(newest!.testo).toMatch(/ha inserito il risultato della sfida: confermalo o contestalo/)
    expect(mailed).toBe(true)
    expect((await list(a)).results.map((n) => n.testo)).not.toContain(newest!.testo)
  })

  it('a help-desk reply: the one who asked is told, opening /helpdesk', async () => {
    const owner = await player()
    const { id, oggetto } = await helpdeskReply(owner)
    const { newest, mailed } = await told(owner)
    expect(newest).toMatchObject({
      ambito: 'helpdesk',
      id_riferimento: id,
      testo: HELPDESK_MESSAGES.replyNotice(oggetto),
    })
    expect(mailed).toBe(true)
  })
})

describe('the e-mails follow /impostazioni; the portal notices always arrive', () => {
  it('«Ricevi notifiche via e-mail» off: every kind arrives in the portal, none by e-mail', async () => {
    const p = await player({ notifiche_email: false })
    await promotion(p)
    expect(await told(p)).toMatchObject({ newest: { ambito: 'torneo' }, mailed: false })
    await resultToConfirm(p)
    expect(await told(p)).toMatchObject({ newest: { ambito: 'sfida' }, mailed: false })
    await helpdeskReply(p)
    expect(await told(p)).toMatchObject({ newest: { ambito: 'helpdesk' }, mailed: false })
    expect(await mailsOf(p)).toEqual([])
  })

  it('«Tornei» off stops the promotion’s e-mail, «Sfide» off the result’s; the other topic still mails', async () => {
    const noTornei = await player({ notifiche_tornei: false })
    await promotion(noTornei)
    expect(await told(noTornei)).toMatchObject({ newest: { ambito: 'torneo' }, mailed: false })
    await resultToConfirm(noTornei)
    expect(await told(noTornei)).toMatchObject({ newest: { ambito: 'sfida' }, mailed: true })

    const noSfide = await player({ notifiche_sfide: false })
    await resultToConfirm(noSfide)
    expect(await told(noSfide)).toMatchObject({ newest: { ambito: 'sfida' }, mailed: false })
    await promotion(noSfide)
    expect(await told(noSfide)).toMatchObject({ newest: { ambito: 'torneo' }, mailed: true })
  })

  it('«Settore delle notifiche»: another sector’s tournaments and challenges arrive in the portal only', async () => {
    const padel = await player({ id_settore: SECTOR_IDS.PADEL })
    await promotion(padel)
    expect(await told(padel)).toMatchObject({ newest: { ambito: 'torneo' }, mailed: false })
    await resultToConfirm(padel)
    expect(await told(padel)).toMatchObject({ newest: { ambito: 'sfida' }, mailed: false })
    // A help-desk reply is about no tournament or challenge: it follows «Ricevi notifiche via e-mail» alone.
    await helpdeskReply(padel)
    expect(await told(padel)).toMatchObject({ newest: { ambito: 'helpdesk' }, mailed: true })

    const tennis = await player({ id_settore: SECTOR_IDS.TENNIS })
    await promotion(tennis)
    expect(await told(tennis)).toMatchObject({ newest: { ambito: 'torneo' }, mailed: true })
    await resultToConfirm(tennis)
    expect(await told(tennis)).toMatchObject({ newest: { ambito: 'sfida' }, mailed: true })
  })
})
