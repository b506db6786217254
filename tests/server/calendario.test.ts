// The tournament calendar's endpoints (contract/calendario.ts) on the seeded database: each test adds its own
// club, circuit and tournaments (unique names), so the assertions hold whatever the seed holds.
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { banners, menuItems } from '../../server/db/schema/content.ts'
import { clubs, provinces, regions } from '../../server/db/schema/core.ts'
import { championships, circuits, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { club, ensureReference, player, uniqueLetters } from './home-news-fixtures.ts'

let app: FastifyInstance
let token: string
beforeAll(async () => {
  await ensureReference()
  app = await buildTestApp()
  // Signed-in calls skip the response cache: used where a test reads again after changing the data.
  token = await tokenFor(await createAccount())
})
afterAll(() => app.close())

const season = currentSeason()
type Row = Record<string, unknown>
const results = (body: Row) => body.results as Row[]

/** YYYY-MM-DD, `days` from today in Italy. */
function day(days: number): string {
  const date = new Date(`${todayInItaly()}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A club of its own in Rome (Lazio), a circuit, and tournaments of the tennis sector at that club. */
async function calendarFixture() {
  const { db } = await testDatabase()
  const tag = uniqueLetters()
  const venue = await club(`Circolo ${tag}`, [DISCIPLINE_IDS.TENNIS])
  const [circuit] = await db
    .insert(circuits)
    .values({
      nome: `Circuito ${tag}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: season,
    })
    .returning()
  const base = {
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    tipo: 'TR',
    categoria: 'OPEN',
    clubId: venue.id,
    maxIscritti: 16,
  }
  const rows = await db
    .insert(tournaments)
    .values([
      {
        ...base,
        nome: `Aperto ${tag}`,
        dataInizio: day(10),
        dataFine: day(12),
        status: 'iscrizioni_aperte',
        iscrizioniAl: new Date(`${day(7)}T10:00:00Z`),
        circuitId: circuit!.id,
        tappa: 2,
      },
      {
        ...base,
        nome: `In corso ${tag}`,
        categoria: 'LIMIT_65',
        dataInizio: day(-1),
        dataFine: day(1),
        status: 'in_corso',
        circuitId: circuit!.id,
        tappa: 1,
      },
      {
        ...base,
        nome: `Concluso ${tag}`,
        categoria: 'LIMIT_45',
        dataInizio: day(-30),
        dataFine: day(-28),
        status: 'concluso',
      },
      {
        ...base,
        nome: `Vecchio ${tag}`,
        dataInizio: day(-60),
        dataFine: day(-59),
        status: 'concluso',
      },
      {
        ...base,
        nome: `Lontano ${tag}`,
        categoria: 'LIMIT_45',
        dataInizio: day(40),
        dataFine: day(41),
        status: 'programmato',
      },
      {
        ...base,
        nome: `Padel ${tag}`,
        disciplineId: DISCIPLINE_IDS.PADEL,
        sectorId: SECTOR_IDS.PADEL,
        dataInizio: day(10),
        dataFine: day(11),
        status: 'iscrizioni_aperte',
      },
    ])
    .returning()
  const byName = (prefix: string) => rows.find((r) => r.nome === `${prefix} ${tag}`)!
  // Two enrolled, one on the waiting list, one withdrawn: the calendar counts the enrolled.
  const people = await Promise.all(
    [1, 2, 3, 4].map((k) => player(`Nome${k}`, `Cognome ${tag}`, [SECTOR_IDS.TENNIS], season)),
  )
  await db.insert(tournamentEntries).values([
    { tournamentId: byName('Aperto').id, personId: people[0]!.id },
    { tournamentId: byName('Aperto').id, personId: people[1]!.id },
    {
      tournamentId: byName('Aperto').id,
      personId: people[2]!.id,
      status: 'lista_attesa',
      posizioneAttesa: 1,
    },
    { tournamentId: byName('Aperto').id, personId: people[3]!.id, status: 'ritirato' },
  ])
  return { tag, venue, circuit: circuit!, byName }
}

async function list(body: Row) {
  const response = await call(app, 'tornei/list', { id_settore: SECTOR_IDS.TENNIS, ...body }, token)
  expect(response.status).toBe(200)
  return response.body as { results: Row[]; record: number }
}
const names = (page: { results: Row[] }) => page.results.map((r) => r.nome)

describe('tornei/list', () => {
  it('lists what is running or to come by start date, with the row the calendar shows', async () => {
    const { tag, venue, circuit, byName } = await calendarFixture()
    const page = await list({ id_circolo: venue.id })
    expect(names(page)).toEqual([`In corso ${tag}`, `Aperto ${tag}`, `Lontano ${tag}`])
    expect(page.record).toBe(3)
    expect(page.results[1]).toEqual({
      id: byName('Aperto').id,
      nome: `Aperto ${tag}`,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'X',
      stato: 'iscrizioni_aperte',
      data_inizio: day(10),
      data_fine: day(12),
      iscrizioni_al: `${day(7)}T10:00:00.000Z`,
      id_circolo: venue.id,
      circolo: `Circolo ${tag}`,
      comune: 'Roma',
      provincia: 'RM',
      regione: 'Lazio',
      id_circuito: circuit.id,
      circuito: `Circuito ${tag}`,
      tappa: 2,
      iscritti: 2,
      max_iscritti: 16,
    })
  })

  it('filters by status: finished ones the most recent first, open and running ones', async () => {
    const { tag, venue } = await calendarFixture()
    const finished = await list({ id_circolo: venue.id, stato: 'concluso' })
    expect(names(finished)).toEqual([`Concluso ${tag}`, `Vecchio ${tag}`])
    const open = await list({ id_circolo: venue.id, stato: 'iscrizioni_aperte' })
    expect(names(open)).toEqual([`Aperto ${tag}`])
    const running = await list({ id_circolo: venue.id, stato: 'in_corso' })
    expect(names(running)).toEqual([`In corso ${tag}`])
    // The totals too: a status that reads as stored is written into its statement, with a count of its own.
    expect([finished.record, open.record, running.record]).toEqual([2, 1, 1])
  })

  it('filters by level: OPEN, or LIMIT (65 and 45)', async () => {
    const { tag, venue } = await calendarFixture()
    expect(names(await list({ id_circolo: venue.id, livello: 'OPEN' }))).toEqual([`Aperto ${tag}`])
    expect(names(await list({ id_circolo: venue.id, livello: 'LIMIT' }))).toEqual([
      `In corso ${tag}`,
      `Lontano ${tag}`,
    ])
  })

  it('filters by dates: the tournaments overlapping them, finished ones included', async () => {
    const { tag, venue } = await calendarFixture()
    expect(names(await list({ id_circolo: venue.id, dal: day(-29), al: day(0) }))).toEqual([
      `Concluso ${tag}`,
      `In corso ${tag}`,
    ])
    expect(names(await list({ id_circolo: venue.id, al: day(-59) }))).toEqual([`Vecchio ${tag}`])
    expect(names(await list({ id_circolo: venue.id, dal: day(12) }))).toEqual([
      `Aperto ${tag}`,
      `Lontano ${tag}`,
    ])
  })

  it('filters by circuit and by type', async () => {
    const { tag, venue, circuit } = await calendarFixture()
    expect(names(await list({ id_circuito: circuit.id }))).toEqual([`In corso ${tag}`, `Aperto ${tag}`])
    expect((await list({ id_circolo: venue.id, tipo: 'CA' })).record).toBe(0)
    expect((await list({ id_circolo: venue.id, tipo: 'TR' })).record).toBe(3)
  })

  it('filters by province and region, team tournaments by their zone', async () => {
    const { db } = await testDatabase()
    const { tag, venue } = await calendarFixture()
    expect(names(await list({ id_circolo: venue.id, provincia: 'RM', regione: 'Lazio' }))).toHaveLength(3)
    expect((await list({ id_circolo: venue.id, provincia: 'MI' })).record).toBe(0)
    expect((await list({ id_circolo: venue.id, regione: 'Lombardia' })).record).toBe(0)

    // A team tournament has no club: its zone (region) places it.
    const [lazio] = await db.select().from(regions).where(eq(regions.nome, 'Lazio'))
    const [championship] = await db
      .insert(championships)
      .values({
        nome: `Campionato ${tag}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        stagione: season,
        dataInizio: day(200),
        dataFine: day(230),
        status: 'programmato',
      })
      .returning()
    await db.insert(tournaments).values({
      nome: `Serie C ${tag}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'CA',
      categoria: 'OPEN',
      championshipId: championship!.id,
      regionId: lazio!.id,
      dataInizio: day(200),
      dataFine: day(230),
      status: 'programmato',
    })
    const zone = await list({ regione: 'Lazio', tipo: 'CA', dal: day(200), al: day(200), fetchrows: 100 })
    expect(zone.results.find((r) => r.nome === `Serie C ${tag}`)).toMatchObject({
      regione: 'Lazio',
      circolo: null,
      tipo: 'CA',
    })
  })

  it('a club that moves to another province takes its tournaments to that province’s calendar', async () => {
    const { db } = await testDatabase()
    const { venue } = await calendarFixture()
    await db.update(clubs).set({ provincia: 'MI' }).where(eq(clubs.id, venue.id))
    expect((await list({ id_circolo: venue.id, provincia: 'RM' })).record).toBe(0)
    const moved = await list({ id_circolo: venue.id, provincia: 'MI', regione: 'Lombardia' })
    expect(moved.record).toBe(3)
    expect(moved.results.map((r) => r.provincia)).toEqual(['MI', 'MI', 'MI'])
  })

  it('every row of a seeded page meets the filters, and pages follow one another without overlap', async () => {
    const { db } = await testDatabase()
    const filters = { regione: 'Lazio', livello: 'LIMIT', dal: day(-400), al: day(400) }
    const first = await list({ ...filters, fetchrows: 5 })
    const second = await list({ ...filters, fetchrows: 5, rowstoskip: 5 })
    expect(second.record).toBe(first.record)
    const ids = [...first.results, ...second.results].map((r) => r.id as number)
    expect(new Set(ids).size).toBe(ids.length)
    const all = await list({ ...filters, fetchrows: 10 })
    expect(all.results.map((r) => r.id)).toEqual(ids)
    const lazioProvinces = (
      await db
        .select({ sigla: provinces.sigla })
        .from(provinces)
        .innerJoin(regions, eq(regions.id, provinces.regionId))
        .where(eq(regions.nome, 'Lazio'))
    ).map((p) => p.sigla)
    for (const row of all.results) {
      expect(['LIMIT_65', 'LIMIT_45']).toContain(row.categoria)
      expect(row.regione).toBe('Lazio')
      expect(String(row.data_fine) >= day(-400) && String(row.data_inizio) <= day(400)).toBe(true)
    }
    const placed = all.results.filter((r) => r.provincia !== null)
    expect(placed.every((r) => lazioProvinces.includes(String(r.provincia)))).toBe(true)
    const starts = all.results.map((r) => String(r.data_inizio))
    expect([...starts].sort()).toEqual(starts)
    // The total is the count of the filtered tournaments.
    expect(first.record).toBeGreaterThan(0)
    const last = await list({ ...filters, fetchrows: 1, rowstoskip: first.record - 1 })
    expect(last.results).toHaveLength(1)
    expect(last.record).toBe(first.record)
    // A page past the end has no row, and still the total (the pager needs it to offer the last page).
    const past = await list({ ...filters, fetchrows: 1, rowstoskip: first.record })
    expect(past.results).toHaveLength(0)
    expect(past.record).toBe(first.record)
  })

  it('answers anonymous visitors from the cache', async () => {
    const body = { id_settore: SECTOR_IDS.TENNIS, livello: 'OPEN', fetchrows: 3 }
    const first = await call(app, 'tornei/list', body)
    const second = await call(app, 'tornei/list', body)
    expect(second.body).toEqual(first.body)
    expect(first.status).toBe(200)
  })

  it('refuses bad filters in Italian', async () => {
    const bad = async (body: Row, message: RegExp) => {
      const response = await call(app, 'tornei/list', { id_settore: SECTOR_IDS.TENNIS, ...body })
      expect(response.status).toBe(400)
      expect(response.body.message).toMatch(message)
    }
    await bad(
      { dal: '2026-02-30' },
      /«dal» deve essere una data esistente nel formato AAAA-MM-GG, dal 1900 al 2100/,
    )
    await bad({ al: '15/06/2026' }, /«al» deve essere una data esistente/)
    await bad({ dal: '2026-06-10', al: '2026-06-01' }, /la data «dal» deve precedere la data «al»/)
    await bad({ livello: 'LIMIT_65' }, /«livello» deve essere 'OPEN' o 'LIMIT'/)
    await bad({ stato: 'annullato' }, /«stato» deve essere/)
    await bad({ tipo: 'XX' }, /«tipo» deve essere 'TR'/)
    await bad({ provincia: 'roma' }, /«provincia» deve essere la sigla/)
    await bad({ regione: 'Atlantide' }, /la regione «Atlantide» non esiste/)
    await bad({ id_circolo: -1 }, /«id_circolo» deve essere un identificativo/)
    await bad({ fetchrows: 101 }, /«fetchrows» deve essere un intero tra 1 e 100/)
    await bad({ citta: 'Roma' }, /«citta» non è previsto/)
    const unknownSector = await call(app, 'tornei/list', { id_settore: 77 })
    expect(unknownSector.status).toBe(400)
    expect(unknownSector.body.message).toMatch(/il settore 77 non esiste/)
  })
})

describe('the filters’ lookups', () => {
  it('tornei_tipologie/get: tournaments and team championships', async () => {
    const response = await call(app, 'tornei_tipologie/get', {})
    expect(response.body).toEqual({
      result: [
        { codice: 'TR', nome: 'Tornei' },
        { codice: 'CA', nome: 'Campionati a squadre' },
      ],
    })
    expect((await call(app, 'tornei_tipologie/get', { tipo: 'TR' })).status).toBe(400)
  })

  it('societa_ricerca/get: clubs of the discipline by name, or one club by id', async () => {
    const tag = uniqueLetters()
    const tennis = await club(`Zeta ${tag} Tennis`, [DISCIPLINE_IDS.TENNIS])
    await club(`Zeta ${tag} Padel`, [DISCIPLINE_IDS.PADEL])
    const found = await call(app, 'societa_ricerca/get', {
      id_settore: SECTOR_IDS.TENNIS,
      testo: `Zeta ${tag}`,
    })
    expect(found.body).toEqual({
      result: [{ id_circolo: tennis.id, nome: `Zeta ${tag} Tennis`, comune: 'Roma', provincia: 'RM' }],
    })
    const byId = await call(app, 'societa_ricerca/get', {
      id_settore: SECTOR_IDS.TENNIS,
      id_circolo: tennis.id,
    })
    expect(byId.body).toEqual(found.body)
    const none = await call(app, 'societa_ricerca/get', { id_settore: SECTOR_IDS.TENNIS })
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Richiesta non valida: indica «testo» oppure «id_circolo».')
    const short = await call(app, 'societa_ricerca/get', { id_settore: SECTOR_IDS.TENNIS, testo: 'Z' })
    expect(short.status).toBe(400)
  })

  it("tornei_circuiti/get: the sector's circuits, newest season first", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    await db.insert(circuits).values([
      {
        nome: `A ${tag}`,
        disciplineId: DISCIPLINE_IDS.PADEL,
        sectorId: SECTOR_IDS.PADEL,
        stagione: season - 1,
      },
      { nome: `B ${tag}`, disciplineId: DISCIPLINE_IDS.PADEL, sectorId: SECTOR_IDS.PADEL, stagione: season },
      {
        nome: `C ${tag}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        stagione: season,
      },
    ])
    const response = await call(app, 'tornei_circuiti/get', { id_settore: SECTOR_IDS.PADEL })
    const rows = (response.body.result as Row[]).filter((r) => String(r.nome).endsWith(tag))
    expect(rows.map((r) => [r.nome, r.stagione])).toEqual([
      [`B ${tag}`, season],
      [`A ${tag}`, season - 1],
    ])
    const seasons = (response.body.result as Row[]).map((r) => r.stagione as number)
    expect([...seasons].sort((a, b) => b - a)).toEqual(seasons)
  })
})

describe('tornei/sezioni_menu/get and tornei/banner/list', () => {
  it("lists the tournaments section's menu of the discipline, in order", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const id = 950_000 + Math.floor(Math.random() * 40_000)
    await db.insert(menuItems).values([
      {
        id,
        menu: 'tornei',
        disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
        label: `Beach ${tag}`,
        path: '/news',
        ordine: 0,
      },
      {
        id: id + 1,
        menu: 'tornei',
        disciplineId: DISCIPLINE_IDS.PADEL,
        label: `Padel ${tag}`,
        path: '/news',
        ordine: 0,
      },
      {
        id: id + 2,
        menu: 'home',
        disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
        label: `Home ${tag}`,
        path: '/news',
        ordine: 0,
      },
    ])
    const response = await call(app, 'tornei/sezioni_menu/get', { id_settore: SECTOR_IDS.BEACH })
    const labels = (response.body.result as Row[]).map((r) => r.etichetta)
    expect(labels[0]).toBe(`Beach ${tag}`)
    expect(labels).toContain('Calendario')
    expect(labels).not.toContain(`Padel ${tag}`)
    expect(labels).not.toContain(`Home ${tag}`)
    await db.delete(menuItems).where(inArray(menuItems.id, [id, id + 1, id + 2]))
  })

  it('lists the active banners of the tournaments section, with their count', async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const [shown] = await db
      .insert(banners)
      .values([
        {
          disciplineId: DISCIPLINE_IDS.PICKLEBALL,
          position: 'tornei',
          title: `Tornei ${tag}`,
          image: '/media/banner/tornei-pickleball.jpg',
          imageAlt: 'Tornei',
          link: '/tornei/circuiti-tornei',
          activeFrom: new Date(Date.now() - 86_400_000),
          ordine: -1,
        },
        {
          disciplineId: DISCIPLINE_IDS.PICKLEBALL,
          position: 'home_top',
          title: `Home ${tag}`,
          image: '/media/banner/home_top-tutte.jpg',
          imageAlt: 'Home',
          link: '/home',
          activeFrom: new Date(Date.now() - 86_400_000),
        },
      ])
      .returning()
    const response = await call(app, 'tornei/banner/list', { id_settore: SECTOR_IDS.PICKLEBALL }, token)
    const rows = results(response.body)
    expect(rows[0]).toEqual({
      id: shown!.id,
      titolo: `Tornei ${tag}`,
      immagine: '/media/banner/tornei-pickleball.jpg',
      immagine_alt: 'Tornei',
      link: '/tornei/circuiti-tornei',
      esterno: false,
    })
    expect(rows.some((r) => r.titolo === `Home ${tag}`)).toBe(false)
    expect(response.body.record).toBe(rows.length)
  })
})

describe('club rows without a club', () => {
  it('keeps a tournament whose club was removed: no club, no province, still the region it is played in', async () => {
    const { db } = await testDatabase()
    const { tag, byName } = await calendarFixture()
    await db
      .update(tournaments)
      .set({ clubId: null })
      .where(eq(tournaments.id, byName('Lontano').id))
    const page = await list({ dal: day(40), al: day(40), fetchrows: 100 })
    expect(page.results.find((r) => r.nome === `Lontano ${tag}`)).toMatchObject({
      id_circolo: null,
      circolo: null,
      provincia: null,
      regione: 'Lazio',
    })
    const inLazio = await list({ regione: 'Lazio', dal: day(40), al: day(40), fetchrows: 100 })
    expect(names(inLazio)).toContain(`Lontano ${tag}`)
  })

  it('follows its club: a tournament is in the region of its club, and moves with it', async () => {
    const { db } = await testDatabase()
    const { tag, venue } = await calendarFixture()
    // The fixture's club is in Rome; moved to Milan, it takes its tournaments to Lombardy.
    await db.update(clubs).set({ provincia: 'MI' }).where(eq(clubs.id, venue.id))
    const inLombardia = await list({ regione: 'Lombardia', dal: day(40), al: day(40), fetchrows: 100 })
    expect(names(inLombardia)).toContain(`Lontano ${tag}`)
    const inLazio = await list({ regione: 'Lazio', dal: day(40), al: day(40), fetchrows: 100 })
    expect(names(inLazio)).not.toContain(`Lontano ${tag}`)
  })
})
