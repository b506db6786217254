// The rankings' endpoints (contract/classifiche.ts): filters, paging, the documented tie order and its stated
// reason, «trova me», the clubs' and a club's own ranking, and the PDF and CSV exports with their permission. The
// fixture lives in a sector of its own, made for this file and removed after it, so the rankings hold exactly its
// players and are rebuilt by the same code a finished tournament runs (server/repositories/ranking-refresh.ts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RANKING_EXPORT_MESSAGES, TROVA_ME_MESSAGES } from '../../contract/classifiche.ts'
import { DISCIPLINE_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { classificaPath } from '../../contract/stampe.ts'
import { persons, sectors } from '../../server/db/schema/core.ts'
import {
  clubDisciplines,
  clubs,
  tournamentPoints,
  tournaments,
  userSettings,
} from '../../server/db/schema/domain.ts'
import { refreshRankings } from '../../server/repositories/ranking-refresh.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'
import { dropRankingSector } from './ranking-fixtures.ts'

/**
 * A sector no seed and no other test uses: its rankings are this file's players only. Not 77, which other files of
 * the same worker ask for as a sector that does not exist (the reference data is cached per process).
 */
const SECTOR = 61
const season = currentSeason()
const today = todayInItaly()

/** `days` before today, but never before 1 January: every line counts in this year's race. */
function daysAgo(days: number): string {
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() - days)
  const iso = date.toISOString().slice(0, 10)
  return iso < `${season}-01-01` ? `${season}-01-01` : iso
}

let app: FastifyInstance
const tag = uniqueLetters(6)
type Person = { id: number; nome: string; cognome: string }
const people: Record<string, Person> = {}
const clubIds: Record<string, number> = {}

/**
 * Fabio 735 (one result); Anna, Bruno and Carla 500 each (Anna with one result, Bruno and Carla with two: then by
 * surname, Bianchi before Neri); Dario 180; Elena eleven results of 5 (55 in the race, her best ten, 50, in the
 * national ranking), and hidden from searches. Ids are taken in the reverse of the list order, so an order by id
 * is not the documented one. Clubs: A (Roma, one discipline) Anna and Bruno, 1,000; B (Milano, two disciplines)
 * Carla, Dario, Elena, 735 from three members; C (Roma, one discipline) Fabio, 735 from one: C before B.
 */
async function fixture() {
  const { db } = await testDatabase()
  await db
    .insert(sectors)
    .values({ id: SECTOR, disciplineId: DISCIPLINE_IDS.PICKLEBALL, nome: 'Prova classifiche', ordine: 99 })
    .onConflictDoNothing()
  const club = async (key: string, provincia: string, comune: string, disciplines: number[]) => {
    const [row] = await db
      .insert(clubs)
      .values({
        codice: `${provincia}${uniqueLetters(8)}`,
        nome: `Circolo ${key} ${tag}`,
        provincia,
        comune,
        indirizzo: 'Via dei Campi 1',
      })
      .returning()
    await db
      .insert(clubDisciplines)
      .values(disciplines.map((disciplineId) => ({ clubId: row!.id, disciplineId })))
    clubIds[key] = row!.id
    return row!
  }
  const a = await club('A', 'RM', 'Roma', [DISCIPLINE_IDS.PICKLEBALL])
  const b = await club('B', 'MI', 'Milano', [DISCIPLINE_IDS.PICKLEBALL, DISCIPLINE_IDS.PADEL])
  const c = await club('C', 'RM', 'Roma', [DISCIPLINE_IDS.PICKLEBALL])
  const specs = [
    {
      key: 'elena',
      nome: 'Elena',
      cognome: `Gialli${tag}`,
      sesso: 'F',
      nato: 2000,
      provincia: 'RM',
      club: b.id,
    },
    {
      key: 'dario',
      nome: 'Dario',
      cognome: `Rossi${tag}`,
      sesso: 'M',
      nato: 1975,
      provincia: 'MI',
      club: b.id,
    },
    {
      key: 'carla',
      nome: 'Carla',
      cognome: `Neri${tag}`,
      sesso: 'F',
      nato: 1990,
      provincia: 'MI',
      club: b.id,
    },
    {
      key: 'bruno',
      nome: 'Bruno',
      cognome: `Bianchi${tag}`,
      sesso: 'M',
      nato: 1980,
      provincia: 'RM',
      club: a.id,
    },
    {
      key: 'anna',
      nome: 'Anna',
      cognome: `Verdi${tag}`,
      sesso: 'F',
      nato: season - 13,
      provincia: 'RM',
      club: a.id,
    },
    {
      key: 'fabio',
      nome: 'Fabio',
      cognome: `Blu${tag}`,
      sesso: 'M',
      nato: 1985,
      provincia: 'RM',
      club: c.id,
    },
  ]
  for (const spec of specs) {
    const [row] = await db
      .insert(persons)
      .values({
        nome: spec.nome,
        cognome: spec.cognome,
        sesso: spec.sesso,
        dataNascita: `${spec.nato}-06-15`,
        provincia: spec.provincia,
        clubId: spec.club,
      })
      .returning()
    people[spec.key] = row!
  }
  let n = 0
  const line = async (who: string, punti: number, days: number) => {
    n++
    const [t] = await db
      .insert(tournaments)
      .values({
        nome: `Torneo ${n} ${tag}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        sectorId: SECTOR,
        tipo: 'TR',
        categoria: 'OPEN',
        clubId: a.id,
        dataInizio: daysAgo(days),
        dataFine: daysAgo(days),
        status: 'concluso',
      })
      .returning()
    await db.insert(tournamentPoints).values({
      tournamentId: t!.id,
      personId: people[who]!.id,
      sectorId: SECTOR,
      risultato: 'V',
      categoria: 'OPEN',
      punti,
      data: daysAgo(days),
    })
  }
  await line('fabio', 735, 3)
  await line('anna', 500, 4)
  await line('bruno', 300, 5)
  await line('bruno', 200, 6)
  await line('carla', 250, 7)
  await line('carla', 250, 8)
  await line('dario', 180, 9)
  for (let i = 0; i < 11; i++) await line('elena', 5, 10 + i)
  await db.transaction((tx) =>
    refreshRankings(tx, { sectorId: SECTOR, dataFine: today, circuitId: null }, today),
  )
}

beforeAll(async () => {
  await fixture()
  app = await buildTestApp()
})

afterAll(async () => {
  await app.close()
  await dropRankingSector(SECTOR)
})

type Row = Record<string, unknown>
const list = async (body: Row, token?: string) => {
  const response = await call(app, 'classifiche/classifiche/list', { id_settore: SECTOR, ...body }, token)
  return { ...response, rows: (response.body.results ?? []) as Row[] }
}
const who = (rows: Row[]) => rows.map((r) => r.persona)
const name = (key: string) => `${people[key]!.nome} ${people[key]!.cognome}`

describe('classifiche/classifiche/list', () => {
  it('lists the race in the documented order: points, then fewer results, then by surname; equal points share the position', async () => {
    const race = await list({ tipo: 'race' })
    expect(race.status).toBe(200)
    expect(who(race.rows)).toEqual(['fabio', 'anna', 'bruno', 'carla', 'dario', 'elena'].map(name))
    expect(race.rows.map((r) => r.posizione)).toEqual([1, 2, 2, 2, 5, 6])
    expect(race.rows.map((r) => r.punti)).toEqual([735, 500, 500, 500, 180, 55])
    expect(race.body).toMatchObject({ record: 6, rowstoskip: 0, stagione: season, calcolata_al: today })
  })

  it('says why two players on the same points stand as they do, and says nothing where nobody ties', async () => {
    const { rows } = await list({ tipo: 'race' })
    const note = (key: string) => rows.find((r) => r.persona === name(key))!.parita
    expect(note('anna')).toBe(
      `Pari a 500 punti con ${name('bruno')}: stessa posizione, in elenco prima perché li ha ottenuti con meno risultati (1 contro 2).`,
    )
    expect(note('bruno')).toBe(
      `Pari a 500 punti con ${name('anna')}, che li ha ottenuti con meno risultati (1 contro 2): stessa posizione, in elenco dopo.`,
    )
    expect(note('carla')).toBe(
      `Pari a 500 punti e 2 risultati con ${name('bruno')}: stessa posizione, in ordine alfabetico.`,
    )
    expect([note('fabio'), note('dario'), note('elena')]).toEqual([null, null, null])
  })

  it('counts every point line of the year in the race and the best ten of the 52 weeks in the national ranking', async () => {
    const { db } = await testDatabase()
    const sums = await db
      .select({
        personId: tournamentPoints.personId,
        punti: sql<number>`sum(${tournamentPoints.punti})::int`,
      })
      .from(tournamentPoints)
      .where(eq(tournamentPoints.sectorId, SECTOR))
      .groupBy(tournamentPoints.personId)
    const race = await list({ tipo: 'race' })
    for (const sum of sums)
      expect(race.rows.find((r) => r.id_persona === sum.personId)?.punti).toBe(sum.punti)
    const national = await list({ tipo: 'nazionale' })
    const elena = national.rows.find((r) => r.id_persona === people.elena!.id)
    expect(elena).toMatchObject({ punti: 50, tornei: 10 })
  })

  it('filters by sex, age group, region and province, giving positions among the rows kept beside the general one', async () => {
    const women = await list({ tipo: 'race', sesso: 'F' })
    expect(who(women.rows)).toEqual(['anna', 'carla', 'elena'].map(name))
    expect(women.rows.map((r) => [r.posizione, r.posizione_generale])).toEqual([
      [1, 2],
      [1, 2],
      [3, 6],
    ])
    const under14 = await list({ tipo: 'race', fascia: 'U14' })
    expect(who(under14.rows)).toEqual([name('anna')])
    // Bruno turns 46 this season, Dario 51.
    const over45 = await list({ tipo: 'race', fascia: 'O45' })
    expect(who(over45.rows)).toEqual(['bruno', 'dario'].map(name))
    const over55 = await list({ tipo: 'race', fascia: 'O55' })
    expect(over55.rows).toEqual([])
    const milano = await list({ tipo: 'race', provincia: 'MI' })
    expect(who(milano.rows)).toEqual(['carla', 'dario'].map(name))
    const lombardia = await list({ tipo: 'race', regione: 'Lombardia' })
    expect(who(lombardia.rows)).toEqual(['carla', 'dario'].map(name))
    expect(lombardia.body.record).toBe(2)
  })

  it('pages with rowstoskip and fetchrows, explaining a tie across the edge of the page', async () => {
    const second = await list({ tipo: 'race', fetchrows: 2, rowstoskip: 2 })
    expect(who(second.rows)).toEqual(['bruno', 'carla'].map(name))
    expect(second.body).toMatchObject({ record: 6, rowstoskip: 2 })
    // Bruno's note names Anna, who is on the page before.
    expect(second.rows[0]!.parita).toContain(name('anna'))
    const past = await list({ tipo: 'race', fetchrows: 2, rowstoskip: 40 })
    expect(past.rows).toEqual([])
    expect(past.body.record).toBe(6)
  })

  it('keeps a player hidden from searches in the ranking, and shows nobody’s Power', async () => {
    const { db } = await testDatabase()
    const account = await createAccount({ person: null, account: { personId: people.elena!.id } })
    await db
      .insert(userSettings)
      .values({ accountId: account.id, visibileRicerche: false, mostraPower: false })
      .onConflictDoNothing()
    const { rows } = await list({ tipo: 'race' })
    expect(who(rows)).toContain(name('elena'))
    for (const row of rows) expect(Object.keys(row).some((key) => key.includes('power'))).toBe(false)
  })

  it('«trova me» answers the page that holds the signed-in player', async () => {
    const account = await createAccount({ person: null, account: { personId: people.dario!.id } })
    const found = await list({ tipo: 'race', fetchrows: 2, trova_me: true }, await tokenFor(account))
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({ rowstoskip: 4, trovato: people.dario!.id })
    expect(who(found.rows)).toEqual(['dario', 'elena'].map(name))
    // With filters that leave the player out: the first page, and nobody found.
    const women = await list({ tipo: 'race', sesso: 'F', trova_me: true }, await tokenFor(account))
    expect(women.body).toMatchObject({ rowstoskip: 0, trovato: null })
  })

  it('a filtered ranking read a page at a time gives the whole list’s rows and positions, and «trova me» its page', async () => {
    // Each page is one statement that counts the rows kept above it (the first row's position under the filter):
    // every page size and start must agree with the list read whole.
    const entry = (r: Row) => [r.id_persona, r.posizione, r.posizione_generale]
    const carla = await tokenFor(
      await createAccount({ person: null, account: { personId: people.carla!.id } }),
    )
    // A place with other filters is read in the place's list order (its own statement): Dario, in Milan, is 51.
    const filters = [
      {},
      { sesso: 'F' },
      { sesso: 'M' },
      { regione: 'Lazio' },
      { fascia: 'O45' },
      { regione: 'Lombardia', fascia: 'O45' },
      { provincia: 'MI', fascia: 'O45' },
    ]
    for (const filtri of filters) {
      const whole = await list({ tipo: 'race', fetchrows: 50, ...filtri })
      expect(whole.rows.length).toBeGreaterThan(0)
      for (const size of [1, 2])
        for (let at = 0; at < whole.rows.length; at += size) {
          const page = await list({ tipo: 'race', fetchrows: size, rowstoskip: at, ...filtri })
          expect(page.rows.map(entry)).toEqual(whole.rows.slice(at, at + size).map(entry))
          expect(page.body.record).toBe(whole.rows.length)
        }
      const at = whole.rows.findIndex((r) => r.id_persona === people.carla!.id)
      const found = await list({ tipo: 'race', fetchrows: 1, trova_me: true, ...filtri }, carla)
      expect(found.body).toMatchObject({
        rowstoskip: Math.max(at, 0),
        trovato: at === -1 ? null : people.carla!.id,
      })
    }
  })

  it('«trova me» needs a signed-in player', async () => {
    const visitor = await list({ tipo: 'race', trova_me: true })
    expect(visitor.status).toBe(401)
    const noPerson = await createAccount({ person: null })
    const without = await list({ tipo: 'race', trova_me: true }, await tokenFor(noPerson))
    expect(without.status).toBe(409)
    expect(without.body.message).toBe(TROVA_ME_MESSAGES.noPerson)
  })

  it('refuses a bad filter with an Italian 400', async () => {
    const bad = await list({ tipo: 'mondiale' })
    expect(bad.status).toBe(400)
    const province = await list({ tipo: 'race', provincia: 'roma' })
    expect(province.status).toBe(400)
    expect(String(province.body.message)).toContain('sigla di una provincia')
  })
})

describe('classifiche/list (the home’s top 5)', () => {
  it('lists a shared position in the documented order, fewer results first (was by id)', async () => {
    const top = await call(app, 'classifiche/list', { id_settore: SECTOR, tipo: 'race', fetchrows: 4 })
    expect((top.body.results as Row[]).map((r) => r.persona)).toEqual(
      ['fabio', 'anna', 'bruno', 'carla'].map(name),
    )
  })
})

describe('classifiche/societa/list and classifica/sociale/list', () => {
  const clubsOf = async (body: Row) => {
    const response = await call(app, 'classifiche/societa/list', { id_settore: SECTOR, ...body })
    return { ...response, rows: (response.body.results ?? []) as Row[] }
  }

  it('ranks clubs by their members’ race points; a tie lists fewer scoring members first and says so', async () => {
    const { rows, body } = await clubsOf({})
    expect(rows.map((r) => r.id_circolo)).toEqual([clubIds.A, clubIds.C, clubIds.B])
    expect(rows.map((r) => [r.posizione, r.punti, r.tesserati])).toEqual([
      [1, 1000, 2],
      [2, 735, 1],
      [2, 735, 3],
    ])
    expect(rows[1]!.parita).toBe(
      `Pari a 735 punti con Circolo B ${tag}: stessa posizione, in elenco prima perché li ha ottenuti con meno tesserati (1 contro 3).`,
    )
    expect(rows[0]!.parita).toBeNull()
    expect(body).toMatchObject({ record: 3, stagione: season, calcolata_al: today })
  })

  it('filters clubs by type, province and region', async () => {
    const mono = await clubsOf({ tipo_societa: 'monodisciplina' })
    expect(mono.rows.map((r) => r.id_circolo)).toEqual([clubIds.A, clubIds.C])
    const multi = await clubsOf({ tipo_societa: 'polisportiva' })
    expect(multi.rows.map((r) => [r.id_circolo, r.posizione, r.posizione_generale])).toEqual([
      [clubIds.B, 1, 2],
    ])
    const lazio = await clubsOf({ regione: 'Lazio' })
    expect(lazio.rows.map((r) => r.id_circolo)).toEqual([clubIds.A, clubIds.C])
    const milano = await clubsOf({ provincia: 'MI' })
    expect(milano.rows.map((r) => r.id_circolo)).toEqual([clubIds.B])
  })

  it('a club’s own ranking lists its members in the race', async () => {
    const response = await call(app, 'classifica/sociale/list', { id_settore: SECTOR, id_circolo: clubIds.B })
    const rows = response.body.results as Row[]
    expect(rows.map((r) => [r.persona, r.posizione, r.punti])).toEqual([
      [name('carla'), 1, 500],
      [name('dario'), 2, 180],
      [name('elena'), 3, 55],
    ])
  })

  it('answers the lookups of the filters', async () => {
    const types = await call(app, 'classifiche_societa_tipo/get', {})
    expect((types.body.result as Row[]).map((t) => t.codice)).toEqual(['monodisciplina', 'polisportiva'])
    const groups = await call(app, 'settori-gruppi/get', { id_settore: 4 })
    expect((groups.body.result as Row[]).map((g) => g.codice)).toEqual(['U12', 'U14', 'U16', 'U18'])
    const adults = await call(app, 'settori-gruppi/get', { id_settore: 1 })
    expect((adults.body.result as Row[]).map((g) => g.nome)).toContain('Over 45')
    const menu = await call(app, 'classifiche/sezioni_menu/get', { id_settore: 1 })
    expect((menu.body.result as Row[]).map((m) => m.percorso)).toEqual([
      '/classifiche/race-annuale',
      '/classifiche/classifica-nazionale',
      '/classifiche/classifica-affiliati',
    ])
  })
})

describe('PDF print and CSV export', () => {
  const get = async (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })

  it('refuses a visitor (401) and an account without puo_esportare_classifiche (403), in Italian', async () => {
    const url = classificaPath('race-annuale', 'csv', { id_settore: SECTOR })
    const visitor = await get(url)
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json()).toEqual({ statusCode: 401, message: RANKING_EXPORT_MESSAGES.signIn })
    const player = await tokenFor(await createAccount())
    for (const formato of ['csv', 'pdf'] as const) {
      const refused = await get(
        classificaPath('classifica-affiliati', formato, { id_settore: SECTOR }),
        player,
      )
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ statusCode: 403, message: RANKING_EXPORT_MESSAGES.notAllowed })
    }
  })

  it('gives an exporter the filtered race as a CSV a spreadsheet reads, in the page’s order', async () => {
    const exporter = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }))
    const response = await get(
      classificaPath('race-annuale', 'csv', { id_settore: SECTOR, sesso: 'F' }),
      exporter,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toContain(`race-annuale-settore-${SECTOR}-${season}.csv`)
    const rows = parse(response.body, { delimiter: ';', bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(rows.map((r) => [r.Posizione, r['Posizione generale'], r.Giocatore, r.Punti])).toEqual([
      ['1', '2', name('anna'), '500'],
      ['1', '2', name('carla'), '500'],
      ['3', '6', name('elena'), '55'],
    ])
    expect(rows[0]!.Parità).toContain('meno risultati')
  })

  it('gives an exporter the clubs’ ranking as CSV and the national ranking as a PDF that renders', async () => {
    const exporter = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }))
    const csv = await get(classificaPath('classifica-affiliati', 'csv', { id_settore: SECTOR }), exporter)
    const clubsRows = parse(csv.body, { delimiter: ';', bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(clubsRows.map((r) => [r.Circolo, r.Punti, r.Tesserati])).toEqual([
      [`Circolo A ${tag}`, '1000', '2'],
      [`Circolo C ${tag}`, '735', '1'],
      [`Circolo B ${tag}`, '735', '3'],
    ])
    const pdf = await get(classificaPath('classifica-nazionale', 'pdf', { id_settore: SECTOR }), exporter)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'classifica-'))
    const file = path.join(dir, 'classifica.pdf')
    fs.writeFileSync(file, pdf.rawPayload)
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString()
    expect(text).toContain('Classifica nazionale')
    expect(text).toContain('aggiornata al')
    expect(text).toContain('A parità di punti')
    expect(text).toContain(name('fabio'))
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(dir, 'pagina')])
    const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))
    expect(png).toBeDefined()
    if (process.env.CLASSIFICHE_PNG_DIR)
      fs.copyFileSync(
        path.join(dir, png!),
        path.join(process.env.CLASSIFICHE_PNG_DIR, 'classifica-nazionale.png'),
      )
  })

  it('refuses an unknown ranking with 404 and bad filters with 400', async () => {
    const exporter = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }))
    expect((await get('/stampe/classifiche/mondiale.csv?id_settore=1', exporter)).statusCode).toBe(404)
    const bad = await get(
      classificaPath('race-annuale', 'csv', { id_settore: SECTOR, fascia: 'U99' }),
      exporter,
    )
    expect(bad.statusCode).toBe(400)
  })
})
