// The tournament detail's calls (tornei/dettaglio/view, iscritti, tabelloni, gironi_classifiche, foto-commenti,
// commenti/add, the print links and the personal feed's secret), on the seeded database.
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { TORNEO_NOT_FOUND, STAMPA_NON_DISPONIBILE } from '../../contract/torneo.ts'
import { draws, tournamentComments, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import {
  buildTestApp,
  call,
  createAccount,
  testDatabase,
  tokenFor,
  seededTournamentWith,
} from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Row = Record<string, unknown>

async function tournamentWithoutDraw() {
  const { db } = await testDatabase()
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.tipo, 'TR'),
        sql`not exists (select 1 from ${draws} where ${draws.tournamentId} = ${tournaments.id})`,
      ),
    )
    .orderBy(tournaments.id)
    .limit(1)
  return row!.id
}

const MISSING_ID = 987_654_321

describe('tornei/dettaglio/view', () => {
  it('answers a tournament with its club, map link, limits, fee, deadline and places', async () => {
    const id = await seededTournamentWith('eliminazione')
    const { db } = await testDatabase()
    const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id))
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.status, 'iscritto')))) as [
      { n: number },
    ]
    const response = await call(app, 'tornei/dettaglio/view', { id })
    expect(response.status).toBe(200)
    const result = response.body.result as Row
    expect(result).toMatchObject({
      id,
      nome: t!.nome,
      data_inizio: t!.dataInizio,
      data_fine: t!.dataFine,
      categoria: t!.categoria,
      quota_centesimi: t!.quotaCentesimi,
      max_iscritti: t!.maxIscritti,
      iscritti: n,
      posti_liberi: t!.maxIscritti === null ? null : Math.max(0, t!.maxIscritti - n),
      iscrizioni_al: t!.iscrizioniAl?.toISOString() ?? null,
    })
    expect(result.limite_power).toBe({ OPEN: null, LIMIT_65: 65, LIMIT_45: 45 }[t!.categoria])
    const circolo = result.circolo as Row
    expect(circolo.mappa_url).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/)
    expect(decodeURIComponent(String(circolo.mappa_url))).toContain(String(circolo.comune))
    expect((result.tabelloni as Row[]).some((d) => d.tipo === 'eliminazione' && d.sorteggiato)).toBe(true)
  })

  it('says «Torneo non trovato» with a 404 for an id that does not exist', async () => {
    const response = await call(app, 'tornei/dettaglio/view', { id: MISSING_ID })
    expect(response).toMatchObject({ status: 404, body: { statusCode: 404, message: TORNEO_NOT_FOUND } })
  })

  it.each([
    ['no id', {}],
    ['a string id', { id: 'uno' }],
    ['a negative id', { id: -3 }],
    ['an unknown field', { id: 1, extra: true }],
  ])('refuses %s with a 400 in Italian', async (_name, body) => {
    const response = await call(app, 'tornei/dettaglio/view', body)
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/^Richiesta non valida/)
  })
})

describe('tornei/iscritti/view', () => {
  it('lists enrolled entries before the waiting list, with the total and paging', async () => {
    const id = await seededTournamentWith('eliminazione')
    const all = await call(app, 'tornei/iscritti/view', { id_torneo: id, fetchrows: 100 })
    expect(all.status).toBe(200)
    const rows = all.body.results as Row[]
    expect(all.body.record).toBeGreaterThanOrEqual(rows.length)
    expect(rows.length).toBeGreaterThan(1)
    const states = rows.map((r) => r.stato)
    expect(
      states.indexOf('lista_attesa') === -1 ||
        states.lastIndexOf('iscritto') < states.indexOf('lista_attesa'),
    ).toBe(true)
    expect(states.every((s) => s === 'iscritto' || s === 'lista_attesa')).toBe(true)
    // Each entrant's club comes with its id, for its page (/dettaglio-circolo/{id}).
    const withClub = rows.filter((r) => r.circolo !== null)
    expect(withClub.length).toBeGreaterThan(0)
    for (const r of rows) expect(typeof r.id_circolo === 'number').toBe(r.circolo !== null)
    const second = await call(app, 'tornei/iscritti/view', { id_torneo: id, rowstoskip: 1, fetchrows: 1 })
    expect((second.body.results as Row[])[0]!.id).toBe(rows[1]!.id)
  })

  it('404 for a missing tournament, 400 for fetchrows over the cap', async () => {
    expect((await call(app, 'tornei/iscritti/view', { id_torneo: MISSING_ID })).status).toBe(404)
    const tooMany = await call(app, 'tornei/iscritti/view', { id_torneo: 1, fetchrows: 1000 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toContain('fetchrows')
  })
})

describe('tornei/tabelloni/view', () => {
  it('answers the elimination draw round by round, named, with sides, winners and scores', async () => {
    const id = await seededTournamentWith('eliminazione')
    const response = await call(app, 'tornei/tabelloni/view', { id_torneo: id })
    expect(response.status).toBe(200)
    const tabelloni = (response.body.result as { tabelloni: Row[] }).tabelloni
    const main = tabelloni.find((t) => t.tipo === 'eliminazione')!
    const turni = main.turni as { turno: number; nome: string; incontri: Row[] }[]
    expect(turni.at(-1)!.nome).toBe('Finale')
    expect(turni.at(-1)!.incontri).toHaveLength(1)
    // Each round has half the matches of the one before.
    for (let i = 1; i < turni.length; i++)
      expect(turni[i]!.incontri.length * 2).toBe(turni[i - 1]!.incontri.length)
    expect(main.seed_hash).toMatch(/^[0-9a-f]{64}$/)
    const played = turni.flatMap((r) => r.incontri).filter((m) => m.esito === 'giocata')
    for (const m of played) {
      expect(['a', 'b']).toContain(m.vincitore)
      expect(m.punteggio).toMatch(/^\d+-\d+/)
    }
  })

  it('answers the groups with their matches', async () => {
    const id = await seededTournamentWith('gironi')
    const response = await call(app, 'tornei/tabelloni/view', { id_torneo: id })
    const gironi = (response.body.result as { tabelloni: Row[] }).tabelloni.find((t) => t.tipo === 'gironi')!
    const groups = gironi.gironi as { nome: string; incontri: Row[] }[]
    expect(groups.length).toBeGreaterThan(0)
    expect(groups[0]!.incontri.length).toBeGreaterThan(0)
  })

  it('404 for a missing tournament; an empty list for one not drawn yet', async () => {
    expect((await call(app, 'tornei/tabelloni/view', { id_torneo: MISSING_ID })).status).toBe(404)
    const none = await call(app, 'tornei/tabelloni/view', { id_torneo: await tournamentWithoutDraw() })
    expect(none).toMatchObject({ status: 200, body: { result: { tabelloni: [] } } })
  })
})

describe('tornei/gironi_classifiche/list', () => {
  it('answers each girone with its standings in order', async () => {
    const id = await seededTournamentWith('gironi')
    const response = await call(app, 'tornei/gironi_classifiche/list', { id_torneo: id })
    expect(response.status).toBe(200)
    const groups = response.body.results as { righe: Row[] }[]
    expect(response.body.record).toBe(groups.length)
    expect(groups.length).toBeGreaterThan(0)
    for (const group of groups) {
      expect(group.righe.map((r) => r.posizione)).toEqual(group.righe.map((_, i) => i + 1))
      expect(((group.righe[0]!.lato as Row).giocatori as Row[]).length).toBeGreaterThan(0)
    }
  })

  it('404 for a missing tournament, 400 for a bad body', async () => {
    expect((await call(app, 'tornei/gironi_classifiche/list', { id_torneo: MISSING_ID })).status).toBe(404)
    expect((await call(app, 'tornei/gironi_classifiche/list', { id_torneo: '1' })).status).toBe(400)
  })
})

describe('tornei/foto-commenti/view and tornei/commenti/add', () => {
  it('a signed-in user comments (markup stripped); everyone then reads it; visitors may not comment', async () => {
    const id = await seededTournamentWith('eliminazione')
    const account = await createAccount({ person: { nome: 'Lucia', cognome: 'Verdi' } })
    const token = await tokenFor(account)
    const before = await call(app, 'tornei/foto-commenti/view', { id_torneo: id })
    expect(before.status).toBe(200)
    expect((before.body.result as Row).puo_commentare).toBe(false)
    const added = await call(
      app,
      'tornei/commenti/add',
      { id_torneo: id, testo: 'Bel torneo, <b>complimenti</b> al circolo!' },
      token,
    )
    expect(added.status).toBe(200)
    expect(added.body.result).toMatchObject({
      autore: 'Lucia V.',
      testo: 'Bel torneo, complimenti al circolo!',
    })
    const after = await call(app, 'tornei/foto-commenti/view', { id_torneo: id })
    const commenti = (after.body.result as { commenti: Row[] }).commenti
    expect(commenti.at(-1)).toMatchObject({ testo: 'Bel torneo, complimenti al circolo!' })
    const signedIn = await call(app, 'tornei/foto-commenti/view', { id_torneo: id }, token)
    expect((signedIn.body.result as Row).puo_commentare).toBe(true)
  })

  it('refuses visitors, empty or markup-only texts, missing tournaments', async () => {
    const id = await seededTournamentWith('eliminazione')
    const token = await tokenFor(await createAccount())
    expect(await call(app, 'tornei/commenti/add', { id_torneo: id, testo: 'Ciao' })).toMatchObject({
      status: 401,
      body: { message: MESSAGES.unauthorized },
    })
    expect((await call(app, 'tornei/commenti/add', { id_torneo: id, testo: '' }, token)).status).toBe(400)
    const markup = await call(app, 'tornei/commenti/add', { id_torneo: id, testo: '<img src=x>' }, token)
    expect(markup.status).toBe(400)
    expect(markup.body.message).toContain('non contiene testo')
    expect(
      (await call(app, 'tornei/commenti/add', { id_torneo: MISSING_ID, testo: 'Ciao' }, token)).status,
    ).toBe(404)
    const { db } = await testDatabase()
    const stored = await db
      .select()
      .from(tournamentComments)
      .where(eq(tournamentComments.testo, '<img src=x>'))
    expect(stored).toEqual([])
  })
})

describe('print links (Tournament print)', () => {
  it('answer the GET path of each PDF, or a 404 in Italian when the tournament has none', async () => {
    const id = await seededTournamentWith('eliminazione')
    const locandina = await call(app, 'tornei/manifestazioni/locandina/get', { id_torneo: id })
    expect(locandina.body.result).toMatchObject({
      url: `/stampe/tornei/${id}/locandina.pdf`,
      tipo: 'application/pdf',
    })
    const tabellone = await call(app, 'tornei/tabelloni/stampa_pdf/get', { id_torneo: id })
    expect(tabellone.body.result).toMatchObject({ url: `/stampe/tornei/${id}/tabellone.pdf` })
    const undrawn = await tournamentWithoutDraw()
    expect(await call(app, 'tornei/tabelloni/stampa_pdf/get', { id_torneo: undrawn })).toMatchObject({
      status: 404,
      body: { message: STAMPA_NON_DISPONIBILE.tabellone },
    })
    expect((await call(app, 'tornei/gironi/stampa/get', { id_torneo: MISSING_ID })).status).toBe(404)
    expect((await call(app, 'tornei/calendario/stampa/get', {})).status).toBe(400)
  })
})
