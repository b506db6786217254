// Team championships' reads (issue 21, item 1) on the seeded small database: the championships and their team
// tournaments, the calendar of ties, the final phase's bracket, the group standings with their tie-breaks (the same
// rule the stored standings follow, refreshed after a tie counts), comments, entries, a team, its roster, the zones.
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import {
  CAMPIONATO_NOT_FOUND,
  SQUADRA_NOT_FOUND,
  STAMPA_SQUADRE_NON_DISPONIBILE,
  stampaSquadrePath,
  TORNEO_SQUADRE_NOT_FOUND,
  type Campionato,
  type CampionatoDettaglio,
  type ClassificaGirone,
  type GiocatoreSquadra,
  type SquadraDettaglio,
  type SquadraIscritta,
  type TabelloneSquadre,
  type TorneoSquadre,
  type TorneoSquadreDettaglio,
} from '../../contract/campionati.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { teamStandings, teamTies } from '../../server/db/schema/domain.ts'
import { refreshGroupStandings } from '../../server/repositories/team-championships.ts'
import { checkIcs } from '../support/rfc5545.ts'
import { TIE_FIXTURE_CHAMPIONSHIP } from '../support/ties.ts'
import { buildTestApp, call, testDatabase, tokenFor } from '../support/server.ts'

/** How every seeded championship's name begins (server/seed/areas/championships.ts). */
const SEEDED_CHAMPIONSHIP = 'Campionato a squadre '

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

async function championshipsOf(sectorId: number, filters: Record<string, unknown> = {}) {
  const res = await call(app, 'squadre/campionati/list', { id_settore: sectorId, ...filters })
  expect(res.status).toBe(200)
  // The seed's championships only: the captains' tests (tests/support/ties.ts) and the calendar's
  // (tests/server/calendario.test.ts) add theirs to the same database, and a worker may run them first.
  const body = res.body as { results: Campionato[]; record: number }
  const seeded = body.results.filter(
    (c) => c.nome.startsWith(SEEDED_CHAMPIONSHIP) && !c.nome.startsWith(TIE_FIXTURE_CHAMPIONSHIP),
  )
  return { results: seeded, record: body.record - (body.results.length - seeded.length) }
}

async function view<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(app, path, body)
  expect(res.status).toBe(200)
  return (res.body as { result: T }).result
}

async function tournamentOf(stato: string): Promise<TorneoSquadreDettaglio> {
  const { results } = await championshipsOf(SECTOR_IDS.TENNIS, { stato })
  const c = await view<CampionatoDettaglio>('squadre/campionati/view', { id_campionato: results[0]!.id })
  return view<TorneoSquadreDettaglio>('squadre/tornei/view', { id_torneo: c.elenco_tornei[0]!.id })
}

describe('squadre/campionati list and view', () => {
  it('lists the sector’s championships past, current and future, each in the status its dates say', async () => {
    const { results, record } = await championshipsOf(SECTOR_IDS.TENNIS)
    expect(record).toBe(results.length)
    expect(new Set(results.map((c) => c.stato))).toEqual(
      new Set(['in_corso', 'concluso', 'iscrizioni_aperte']),
    )
    const today = new Date().toISOString().slice(0, 10)
    const fits = (c: Campionato) =>
      ({
        concluso: c.data_fine < today,
        iscrizioni_aperte: c.data_inizio > today,
        in_corso: c.data_inizio <= today && today <= c.data_fine,
      })[c.stato] === true
    expect(results.filter((c) => !fits(c)).map((c) => `${c.nome}: ${c.stato}`)).toEqual([])
    expect(
      results.every((c) => c.id_settore === SECTOR_IDS.TENNIS && c.squadre > 0 && c.zone.length > 0),
    ).toBe(true)
    // Latest season first.
    expect(results.map((c) => c.stagione)).toEqual([...results.map((c) => c.stagione)].sort((a, b) => b - a))
  })

  it('filters by season, zone and status, and pages', async () => {
    const { results } = await championshipsOf(SECTOR_IDS.TENNIS)
    const some = results[0]!
    const bySeason = await championshipsOf(SECTOR_IDS.TENNIS, { stagione: some.stagione })
    expect(bySeason.results.every((c) => c.stagione === some.stagione)).toBe(true)
    const zones = await call(app, 'squadre_zone_tmp/get', { id_settore: SECTOR_IDS.TENNIS })
    const zone = (zones.body.result as { id_zona: number; zona: string }[]).find(
      (z) => z.zona === some.zone[0],
    )!
    const byZone = await championshipsOf(SECTOR_IDS.TENNIS, { id_zona: zone.id_zona })
    expect(byZone.results.map((c) => c.id)).toContain(some.id)
    expect(byZone.results.every((c) => c.zone.includes(zone.zona))).toBe(true)
    // Paging over the whole list as the server answers it (the captains' fixtures included).
    const list = async (body: Record<string, unknown>) =>
      (await call(app, 'squadre/campionati/list', { id_settore: SECTOR_IDS.TENNIS, ...body })).body as {
        results: Campionato[]
        record: number
      }
    const whole = await list({})
    const page = await list({ fetchrows: 1, rowstoskip: 1 })
    expect(page.results.map((c) => c.id)).toEqual([whole.results[1]!.id])
    expect(page.record).toBe(whole.record)
    // Past the end: no rows, and still the total (the pager needs it to offer the last page).
    const beyond = await list({ fetchrows: 5, rowstoskip: 10_000 })
    expect(beyond.results).toEqual([])
    expect(beyond.record).toBe(whole.record)
    const bad = await call(app, 'squadre/campionati/list', { id_settore: SECTOR_IDS.TENNIS, stato: 'boh' })
    expect(bad.status).toBe(400)
  })

  it('shows a championship with its tournaments; 404 in Italian for one that does not exist', async () => {
    const { results } = await championshipsOf(SECTOR_IDS.PADEL)
    const c = await view<CampionatoDettaglio>('squadre/campionati/view', { id_campionato: results[0]!.id })
    expect(c.nome).toBe(results[0]!.nome)
    expect(c.elenco_tornei.length).toBe(c.tornei)
    expect(c.elenco_tornei.every((t) => t.id_campionato === c.id)).toBe(true)
    const missing = await call(app, 'squadre/campionati/view', { id_campionato: 999_999 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(CAMPIONATO_NOT_FOUND)
    const tornei = await call(app, 'squadre/tornei/list', { id_campionato: c.id })
    expect((tornei.body.results as TorneoSquadre[]).map((t) => t.id)).toEqual(
      c.elenco_tornei.map((t) => t.id),
    )
  })
})

describe('squadre/tornei view, standings and bracket', () => {
  it('a current tournament: its calendar has played, awaiting, contested and upcoming ties; rubbers only with a result', async () => {
    const t = await tournamentOf('in_corso')
    expect(t.formato).toEqual(['singolare', 'singolare', 'doppio'])
    expect(t.elenco_gironi.length).toBeGreaterThan(0)
    const states = new Set(t.incontri.map((i) => i.stato))
    for (const s of ['confermato', 'risultato_inserito', 'contestato']) expect(states).toContain(s)
    expect([...states].some((s) => ['da_programmare', 'proposto', 'programmato'].includes(s))).toBe(true)
    // Without a result no rubbers (lineups stay private); with one, the format's rubbers that add up to it, the doubles last.
    const wrong = t.incontri.filter((i) =>
      i.punti_casa === null
        ? i.partite.length !== 0
        : i.partite.length !== t.formato.length ||
          i.partite.filter((p) => p.vincitore === 'casa').length !== i.punti_casa ||
          i.partite.at(-1)!.casa.length !== 2,
    )
    expect(wrong.map((i) => i.id)).toEqual([])
    expect(t.incontri.some((i) => i.partite.length > 0)).toBe(true)
    const bracket = await view<TabelloneSquadre>('squadre/tornei/tabelloni/public/view', { id_torneo: t.id })
    expect(bracket).toEqual({ id_torneo: t.id, pubblicato: false, turni: [], mia_squadra: null })
  })

  it('standings follow the domain rule over the confirmed ties, and the stored ones agree', async () => {
    const t = await tournamentOf('in_corso')
    const res = await call(app, 'classifiche/squadre/gironi/list', { id_torneo: t.id })
    expect(res.status).toBe(200)
    const groups = res.body.results as ClassificaGirone[]
    expect(groups.map((g) => g.id_girone)).toEqual(t.elenco_gironi.map((g) => g.id))
    const { db } = await testDatabase()
    for (const g of groups) {
      const counted = t.incontri.filter(
        (i) => i.id_girone === g.id_girone && ['confermato', 'risolto'].includes(i.stato),
      )
      expect(g.righe.reduce((s, r) => s + r.giocati, 0)).toBe(2 * counted.length)
      expect(g.righe.reduce((s, r) => s + r.punti, 0)).toBe(2 * counted.length)
      expect(g.righe.map((r) => r.posizione)).toEqual(g.righe.map((_, k) => k + 1))
      expect(g.righe.every((r) => r.punti === 2 * r.vinti + r.pareggiati)).toBe(true)
      expect(g.righe[0]!.criterio).toBeNull()
      expect(g.righe.slice(1).every((r) => (r.motivo === null) === (r.criterio === 'punti'))).toBe(true)
      const stored = await db.select().from(teamStandings).where(eq(teamStandings.groupId, g.id_girone))
      expect(
        stored.sort((a, b) => a.posizione - b.posizione).map((s) => [s.teamId, s.punti, s.vinti]),
      ).toEqual(g.righe.map((r) => [r.id_squadra, r.punti, r.vinti]))
    }
    const missing = await call(app, 'classifiche/squadre/gironi/list', { id_torneo: 999_999 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(TORNEO_SQUADRE_NOT_FOUND)
  })

  it('refreshGroupStandings counts a tie once it is confirmed', async () => {
    const t = await tournamentOf('in_corso')
    const awaiting = t.incontri.find((i) => i.stato === 'risultato_inserito' && i.id_girone !== null)!
    const { db } = await testDatabase()
    const before = await db.select().from(teamStandings).where(eq(teamStandings.groupId, awaiting.id_girone!))
    const home = before.find((r) => r.teamId === awaiting.casa.id)!
    await expect(
      db.transaction(async (tx) => {
        await tx.update(teamTies).set({ status: 'confermato' }).where(eq(teamTies.id, awaiting.id))
        const rows = await refreshGroupStandings(tx, awaiting.id_girone!)
        const after = rows.find((r) => r.teamId === awaiting.casa.id)!
        expect(after.giocati).toBe(home.giocati + 1)
        expect(after.partiteVinte).toBe(home.partiteVinte + awaiting.punti_casa!)
        const stored = await tx
          .select()
          .from(teamStandings)
          .where(eq(teamStandings.groupId, awaiting.id_girone!))
        expect(stored.find((r) => r.teamId === awaiting.casa.id)!.giocati).toBe(home.giocati + 1)
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    const unchanged = await db
      .select()
      .from(teamStandings)
      .where(eq(teamStandings.groupId, awaiting.id_girone!))
    expect(unchanged.find((r) => r.teamId === awaiting.casa.id)!.giocati).toBe(home.giocati)
  })

  it('a concluded tournament: every tie counted, semifinals and final in the bracket, the final’s winner from the semifinals', async () => {
    const t = await tournamentOf('concluso')
    expect(t.incontri.every((i) => ['confermato', 'risolto'].includes(i.stato))).toBe(true)
    const bracket = await view<TabelloneSquadre>('squadre/tornei/tabelloni/public/view', { id_torneo: t.id })
    expect(bracket.pubblicato).toBe(true)
    expect(bracket.turni.map((r) => [r.nome, r.incontri.length])).toEqual([
      ['Semifinali', 2],
      ['Finale', 1],
    ])
    const winners = bracket.turni[0]!.incontri.map((i) => i.id_vincitore)
    const final = bracket.turni[1]!.incontri[0]!
    expect([final.casa.id, final.ospiti.id].sort()).toEqual([...winners].sort())
    expect(final.id_vincitore).not.toBeNull()
  })

  it('tabelloni/view needs a sign-in and marks the caller’s team', async () => {
    const t = await tournamentOf('in_corso')
    expect((await call(app, 'squadre/tornei/tabelloni/view', { id_torneo: t.id })).status).toBe(401)
    const { db } = await testDatabase()
    const [account] = await db.select().from(accounts).where(eq(accounts.email, 'giocatore@demo.it'))
    const res = await call(
      app,
      'squadre/tornei/tabelloni/view',
      { id_torneo: t.id },
      await tokenFor(account!),
    )
    expect(res.status).toBe(200)
    const mine = (res.body.result as TabelloneSquadre).mia_squadra
    expect(t.incontri.some((i) => i.casa.id === mine || i.ospiti.id === mine)).toBe(true)
  })
})

describe('entries, comments, a team and its roster', () => {
  it('an open championship lists its first teams, not yet in a girone', async () => {
    const t = await tournamentOf('iscrizioni_aperte')
    expect(t.incontri).toEqual([])
    const res = await call(app, 'squadre/tornei/iscrizioni/list', { id_torneo: t.id })
    const teams = res.body.results as SquadraIscritta[]
    expect(teams.length).toBeGreaterThan(0)
    expect(res.body.record).toBe(t.squadre)
    expect(teams.every((s) => s.girone === null && s.giocatori >= 4 && s.giocatori <= 10)).toBe(true)
  })

  it('a team: its captain, its place, its ties by date, its roster captain first, its calendar feed', async () => {
    const t = await tournamentOf('in_corso')
    const id = t.incontri[0]!.casa.id
    const team = await view<SquadraDettaglio>('squadre/view', { id_squadra: id })
    expect(team.id_torneo).toBe(t.id)
    expect(team.posizione).toBeGreaterThan(0)
    expect(team.incontri.every((i) => i.casa.id === id || i.ospiti.id === id)).toBe(true)
    expect(team.calendario_url).toBe(`/calendario/squadre/${id}.ics`)
    const roster = await call(app, 'squadre/giocatori/squadra/list', { id_squadra: id })
    const players = roster.body.results as GiocatoreSquadra[]
    expect(players[0]).toMatchObject({ id_persona: team.id_capitano, ruolo: 'capitano', nome: team.capitano })
    expect(players.filter((p) => p.ruolo === 'capitano')).toHaveLength(1)
    expect(players.every((p) => p.vinte <= p.partite)).toBe(true)
    expect(players.some((p) => p.partite > 0)).toBe(true)
    const missing = await call(app, 'squadre/view', { id_squadra: 999_999 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(SQUADRA_NOT_FOUND)
  })

  it('comments of a team tournament, the latest first', async () => {
    const { results } = await championshipsOf(SECTOR_IDS.TENNIS)
    let found = 0
    for (const c of results) {
      const detail = await view<CampionatoDettaglio>('squadre/campionati/view', { id_campionato: c.id })
      for (const t of detail.elenco_tornei) {
        const res = await call(app, 'squadre/tornei/commenti/list', { id_torneo: t.id })
        expect(res.status).toBe(200)
        const rows = res.body.results as { creato_il: string }[]
        expect(rows.map((r) => r.creato_il)).toEqual([...rows.map((r) => r.creato_il)].sort().reverse())
        found += rows.length
      }
    }
    expect(found).toBeGreaterThan(0)
  })

  it('the zones of the sector, by name', async () => {
    const res = await call(app, 'squadre_zone_tmp/get', { id_settore: SECTOR_IDS.TENNIS })
    const zones = res.body.result as { zona: string }[]
    expect(zones.length).toBeGreaterThan(0)
    expect(zones.map((z) => z.zona)).toEqual([...zones.map((z) => z.zona)].sort())
  })

  it('a team’s ties as a calendar to subscribe to: one event per dated tie, tentative while proposed, 304 when unchanged', async () => {
    const t = await tournamentOf('in_corso')
    const id = t.incontri[0]!.casa.id
    const team = await view<SquadraDettaglio>('squadre/view', { id_squadra: id })
    const res = await app.inject({ method: 'GET', url: team.calendario_url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/calendar/)
    const { problems, calendar } = checkIcs(res.body)
    expect(problems).toEqual([])
    const events = calendar!.components.filter((c) => c.name === 'VEVENT')
    const dated = team.incontri.filter((i) => i.data !== null)
    expect(events.map((e) => e.properties.find((p) => p.name === 'UID')!.value)).toEqual(
      dated.map((i) => `incontro-${i.id}@portale-federale-racchette.it`),
    )
    const status = (k: number) => events[k]!.properties.find((p) => p.name === 'STATUS')!.value
    dated.forEach((i, k) => expect(status(k)).toBe(i.data_confermata ? 'CONFIRMED' : 'TENTATIVE'))
    const again = await app.inject({
      method: 'GET',
      url: team.calendario_url,
      headers: { 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    const missing = await app.inject({ method: 'GET', url: '/calendario/squadre/999999.ics' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(SQUADRA_NOT_FOUND)
  })

  it('prints the gironi of a series and the bracket of its final phase (PDF), once there is one', async () => {
    const pdf = async (id: number, stampa: 'gironi' | 'tabellone', name: string) => {
      const res = await app.inject({ method: 'GET', url: stampaSquadrePath(id, stampa) })
      if (res.statusCode === 200 && process.env.PDF_DIR) {
        fs.mkdirSync(process.env.PDF_DIR, { recursive: true })
        fs.writeFileSync(`${process.env.PDF_DIR}/${name}.pdf`, res.rawPayload)
      }
      return res
    }
    const current = await tournamentOf('in_corso')
    const gironi = await pdf(current.id, 'gironi', 'gironi-in-corso')
    expect(gironi.statusCode).toBe(200)
    expect(gironi.headers['content-type']).toBe('application/pdf')
    expect(gironi.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const noBracket = await pdf(current.id, 'tabellone', 'x')
    expect(noBracket.statusCode).toBe(404)
    expect(noBracket.json().message).toBe(STAMPA_SQUADRE_NON_DISPONIBILE.tabellone)
    const concluded = await tournamentOf('concluso')
    const bracket = await pdf(concluded.id, 'tabellone', 'tabellone-concluso')
    expect(bracket.statusCode).toBe(200)
    expect(bracket.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // The same data, the same bytes (ETag).
    expect((await pdf(concluded.id, 'tabellone', 'x')).headers.etag).toBe(bracket.headers.etag)
    const open = await tournamentOf('iscrizioni_aperte')
    expect((await pdf(open.id, 'gironi', 'x')).json().message).toBe(STAMPA_SQUADRE_NON_DISPONIBILE.gironi)
    expect(
      (await app.inject({ method: 'GET', url: '/stampe/squadre/tornei/999999/gironi.pdf' })).statusCode,
    ).toBe(404)
  })
})
