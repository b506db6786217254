import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { bannerClicks, banners, menuItems, news, videos } from '../../server/db/schema/content.ts'
import {
  championships,
  circuitRankings,
  circuits,
  draws,
  matches,
  rankings,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { countRankings } from '../../server/repositories/ranking-refresh.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { club, ensureReference, newsTypeId, player, uniqueLetters } from './home-news-fixtures.ts'

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

/** YYYY-MM-DD, `days` from today in Italy. */
function day(days: number): string {
  const date = new Date(`${todayInItaly()}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

type Row = Record<string, unknown>
const results = (body: Row) => body.results as Row[]
const lookup = (body: Row) => body.result as Row[]
const found = (body: Row) => body.results as Row[]

describe('home/menu/get', () => {
  it("lists the discipline's entries and the shared ones, in order, never another discipline's", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const base = 900_000 + Math.floor(Math.random() * 90_000)
    await db.insert(menuItems).values([
      {
        id: base,
        menu: 'home',
        disciplineId: DISCIPLINE_IDS.PADEL,
        label: `Padel ${tag}`,
        path: '/tornei/calendario-tornei',
        ordine: 2,
      },
      {
        id: base + 1,
        menu: 'home',
        disciplineId: null,
        label: `Tutti ${tag}`,
        path: 'https://www.example.org/federazione',
        ordine: 1,
      },
      {
        id: base + 2,
        menu: 'home',
        disciplineId: DISCIPLINE_IDS.TENNIS,
        label: `Tennis ${tag}`,
        path: '/news',
        ordine: 1,
      },
      {
        id: base + 3,
        menu: 'home',
        disciplineId: DISCIPLINE_IDS.PADEL,
        label: `Spento ${tag}`,
        path: '/news',
        ordine: 1,
        enabled: false,
      },
      {
        id: base + 4,
        menu: 'tornei',
        disciplineId: DISCIPLINE_IDS.PADEL,
        label: `Tornei ${tag}`,
        path: '/news',
        ordine: 1,
      },
    ])
    const response = await call(app, 'home/menu/get', { id_settore: SECTOR_IDS.PADEL })
    expect(response.status).toBe(200)
    const mine = lookup(response.body).filter((m) => String(m.etichetta).endsWith(tag))
    expect(mine).toEqual([
      {
        id: base + 1,
        etichetta: `Tutti ${tag}`,
        percorso: 'https://www.example.org/federazione',
        esterno: true,
        icona: null,
        descrizione: null,
        richiede_accesso: false,
      },
      {
        id: base,
        etichetta: `Padel ${tag}`,
        percorso: '/tornei/calendario-tornei',
        esterno: false,
        icona: null,
        descrizione: null,
        richiede_accesso: false,
      },
    ])
    // Whatever else is there belongs to padel or to everyone.
    const ids = lookup(response.body).map((m) => m.id as number)
    const rows = await db.select().from(menuItems).where(inArray(menuItems.id, ids))
    for (const row of rows) {
      expect(row.menu).toBe('home')
      expect([null, DISCIPLINE_IDS.PADEL]).toContain(row.disciplineId)
    }
  })

  it('refuses an unknown sector and a missing one in Italian', async () => {
    const unknown = await call(app, 'home/menu/get', { id_settore: 77 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Richiesta non valida: il settore 77 non esiste.')
    const missing = await call(app, 'home/menu/get', {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Richiesta non valida: il campo «id_settore» è obbligatorio.')
  })
})

describe('v3/content/banner/get and analytics/banner-click', () => {
  async function banner(values: Partial<typeof banners.$inferInsert> & { title: string }) {
    const { db } = await testDatabase()
    const [row] = await db
      .insert(banners)
      .values({
        disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
        position: 'home_top',
        image: '/media/banner/home_top-tutte.jpg',
        imageAlt: 'Iscriviti ai tornei della stagione',
        link: '/tornei/calendario-tornei',
        activeFrom: new Date(Date.now() - 86_400_000),
        ...values,
      })
      .returning()
    return row!
  }

  it('returns only the active banners of the discipline and position, in order', async () => {
    const tag = uniqueLetters()
    const second = await banner({ title: `Secondo ${tag}`, ordine: 2 })
    const first = await banner({
      title: `Primo ${tag}`,
      ordine: 1,
      activeTo: new Date(Date.now() + 86_400_000),
    })
    const everyone = await banner({
      title: `Tutti ${tag}`,
      disciplineId: null,
      ordine: 3,
      external: true,
      link: 'https://www.example.org',
    })
    await banner({
      title: `Scaduto ${tag}`,
      activeTo: new Date(Date.now() - 3_600_000),
      activeFrom: new Date(Date.now() - 7_200_000),
    })
    await banner({ title: `Futuro ${tag}`, activeFrom: new Date(Date.now() + 3_600_000) })
    await banner({ title: `Spento ${tag}`, enabled: false })
    await banner({ title: `Altra posizione ${tag}`, position: 'home_middle' })
    await banner({ title: `Padel ${tag}`, disciplineId: DISCIPLINE_IDS.PADEL })

    const response = await call(app, 'v3/content/banner/get', {
      id_settore: SECTOR_IDS.BEACH,
      posizione: 'home_top',
    })
    expect(response.status).toBe(200)
    const mine = lookup(response.body).filter((b) => String(b.titolo).endsWith(tag))
    expect(mine.map((b) => b.id)).toEqual([first.id, second.id, everyone.id])
    expect(mine[0]).toEqual({
      id: first.id,
      titolo: `Primo ${tag}`,
      immagine: '/media/banner/home_top-tutte.jpg',
      immagine_alt: 'Iscriviti ai tornei della stagione',
      link: '/tornei/calendario-tornei',
      esterno: false,
    })
    expect(mine[2]).toMatchObject({ esterno: true, link: 'https://www.example.org' })

    const middle = await call(app, 'v3/content/banner/get', {
      id_settore: SECTOR_IDS.BEACH,
      posizione: 'home_middle',
    })
    expect(
      lookup(middle.body)
        .filter((b) => String(b.titolo).endsWith(tag))
        .map((b) => b.titolo),
    ).toEqual([`Altra posizione ${tag}`])
  })

  it('refuses an unknown position', async () => {
    const response = await call(app, 'v3/content/banner/get', { id_settore: 1, posizione: 'ovunque' })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«posizione» deve essere una posizione tra home_top')
  })

  it('stores a click, anonymous or signed in, without the query string', async () => {
    const { db } = await testDatabase()
    const target = await banner({ title: `Click ${uniqueLetters()}` })
    const anonymous = await call(app, 'analytics/banner-click', {
      id_banner: target.id,
      path: '/home?code=segreto',
    })
    expect(anonymous.status).toBe(200)
    expect(anonymous.body).toEqual({ result: { registrato: true } })
    const account = await createAccount()
    await call(app, 'analytics/banner-click', { id_banner: target.id }, await tokenFor(account))
    const clicks = await db
      .select()
      .from(bannerClicks)
      .where(eq(bannerClicks.bannerId, target.id))
      .orderBy(bannerClicks.id)
    expect(clicks.map((c) => ({ path: c.path, accountId: c.accountId }))).toEqual([
      { path: '/home', accountId: null },
      { path: null, accountId: account.id },
    ])
  })

  it('answers 404 for an unknown banner and 400 for a bad body', async () => {
    const unknown = await call(app, 'analytics/banner-click', { id_banner: 987_654_321 })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Banner non trovato' })
    const bad = await call(app, 'analytics/banner-click', { id_banner: 'uno' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('«id_banner»')
    const badPath = await call(app, 'analytics/banner-click', {
      id_banner: 1,
      path: 'https://altrove.example',
    })
    expect(badPath.status).toBe(400)
  })
})

describe('numeri_tpra', () => {
  async function numbers(id_settore: number, withToken = true) {
    const response = await call(app, 'numeri_tpra', { id_settore }, withToken ? token : undefined)
    expect(response.status).toBe(200)
    return (response.body as { result: Record<string, number> }).result
  }

  async function tournament(values: Partial<typeof tournaments.$inferInsert>) {
    const { db } = await testDatabase()
    const [row] = await db
      .insert(tournaments)
      .values({
        nome: `Torneo ${uniqueLetters()}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.WHEELCHAIR,
        tipo: 'TR',
        categoria: 'OPEN',
        dataInizio: `${season}-06-01`,
        dataFine: `${season}-06-03`,
        status: 'concluso',
        ...values,
      })
      .returning()
    return row!
  }

  /** Played matches (and one walkover, one to play) in a new draw of the tournament. */
  async function playedMatches(tournamentId: number, played: number) {
    const { db } = await testDatabase()
    const a = await player('Anna', `Uno${uniqueLetters()}`, [], season)
    const b = await player('Bea', `Due${uniqueLetters()}`, [], season)
    const entries = await db
      .insert(tournamentEntries)
      .values([
        { tournamentId, personId: a.id },
        { tournamentId, personId: b.id },
      ])
      .returning()
    const [draw] = await db
      .insert(draws)
      .values({
        tournamentId,
        tipo: 'eliminazione',
        nome: 'Tabellone',
        dimensione: 2,
        seedHash: 'a'.repeat(64),
        hashPubblicatoIl: new Date(),
      })
      .returning()
    const rows = Array.from({ length: played }, (_, i) => ({ esito: i === 0 ? 'ritiro' : 'giocata' }))
    rows.push({ esito: 'walkover' }, { esito: 'da_giocare' })
    await db.insert(matches).values(
      rows.map((r, posizione) => ({
        tournamentId,
        drawId: draw!.id,
        turno: 1,
        posizione,
        entryAId: entries[0]!.id,
        entryBId: entries[1]!.id,
        winnerEntryId: r.esito === 'da_giocare' ? null : entries[0]!.id,
        esito: r.esito,
      })),
    )
  }

  it("counts this season's players, clubs, tournaments and matches of the sector only", async () => {
    const before = await numbers(SECTOR_IDS.WHEELCHAIR)
    const padelBefore = await numbers(SECTOR_IDS.PADEL)
    expect(before.stagione).toBe(season)

    const tag = uniqueLetters()
    await player('Carla', `Ruota${tag}`, [SECTOR_IDS.WHEELCHAIR], season)
    await player('Dario', `Ruota${tag}`, [SECTOR_IDS.WHEELCHAIR, SECTOR_IDS.TENNIS], season)
    await player('Elio', `Vecchio${tag}`, [SECTOR_IDS.WHEELCHAIR], season - 1) // last season: not counted
    await player('Franco', `Padel${tag}`, [SECTOR_IDS.PADEL], season)
    await club(`Circolo Ruote ${tag}`, [DISCIPLINE_IDS.TENNIS])
    await club(`Circolo Chiuso ${tag}`, [DISCIPLINE_IDS.TENNIS], false) // inactive: not counted
    await club(`Circolo Padel ${tag}`, [DISCIPLINE_IDS.PADEL])
    const counted = await tournament({})
    await playedMatches(counted.id, 3) // 3 played (one retirement), a walkover and one to play
    await tournament({ status: 'annullato' })
    await tournament({ dataInizio: `${season - 1}-06-01`, dataFine: `${season - 1}-06-02` })
    await tournament({ sectorId: SECTOR_IDS.FITPJ })

    const after = await numbers(SECTOR_IDS.WHEELCHAIR)
    expect({
      giocatori: after.giocatori! - before.giocatori!,
      circoli: after.circoli! - before.circoli!,
      tornei: after.tornei! - before.tornei!,
      partite: after.partite! - before.partite!,
    }).toEqual({ giocatori: 2, circoli: 1, tornei: 1, partite: 3 })
    const padelAfter = await numbers(SECTOR_IDS.PADEL)
    expect(padelAfter.giocatori! - padelBefore.giocatori!).toBe(1)
    expect(padelAfter.circoli! - padelBefore.circoli!).toBe(1)
    expect(padelAfter.tornei).toBe(padelBefore.tornei)
  })

  it('serves anonymous visitors from the cache', async () => {
    const first = await numbers(SECTOR_IDS.BEACH, false)
    await player('Gino', `Sabbia${uniqueLetters()}`, [SECTOR_IDS.BEACH], season)
    expect(await numbers(SECTOR_IDS.BEACH, false)).toEqual(first)
    expect((await numbers(SECTOR_IDS.BEACH)).giocatori).toBe(first.giocatori! + 1)
  })

  it('refuses a bad sector', async () => {
    const response = await call(app, 'numeri_tpra', { id_settore: 0 })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(
      'Richiesta non valida: il campo «id_settore» deve essere un identificativo: un intero tra 1 e 2147483647.',
    )
  })
})

describe('news-video', () => {
  it('returns the latest news and videos visible in the sector, as many as asked', async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const typeId = await newsTypeId('eventi')
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    const inserted = await db
      .insert(news)
      .values([
        {
          typeId,
          disciplineId: DISCIPLINE_IDS.PICKLEBALL,
          sectorId: SECTOR_IDS.PICKLEBALL,
          title: `Pickleball ${tag}`,
          slug: `pickleball-${tag}`,
          summary: 'S',
          body: '<p>B</p>',
          publishedAt: at(1),
        },
        {
          typeId,
          disciplineId: null,
          sectorId: null,
          title: `Federazione ${tag}`,
          slug: `federazione-${tag}`,
          summary: 'S',
          body: '<p>B</p>',
          publishedAt: at(2),
        },
        {
          typeId,
          disciplineId: DISCIPLINE_IDS.PADEL,
          sectorId: SECTOR_IDS.PADEL,
          title: `Padel ${tag}`,
          slug: `padel-${tag}`,
          summary: 'S',
          body: '<p>B</p>',
          publishedAt: at(0.5),
        },
        {
          typeId,
          disciplineId: DISCIPLINE_IDS.PICKLEBALL,
          sectorId: null,
          title: `Futura ${tag}`,
          slug: `futura-${tag}`,
          summary: 'S',
          body: '<p>B</p>',
          publishedAt: new Date(Date.now() + 3_600_000),
        },
      ])
      .returning()
    await db.insert(videos).values([
      {
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        title: `Video pickleball ${tag}`,
        videoUrl: '/media/video/video-4.mp4',
        posterUrl: '/media/video/poster-4.jpg',
        durationSeconds: 4,
        publishedAt: at(1),
      },
      {
        disciplineId: DISCIPLINE_IDS.PADEL,
        title: `Video padel ${tag}`,
        videoUrl: '/media/video/video-2.mp4',
        posterUrl: '/media/video/poster-2.jpg',
        durationSeconds: 4,
        publishedAt: at(0.5),
      },
    ])

    const response = await call(
      app,
      'news-video',
      { id_settore: SECTOR_IDS.PICKLEBALL, news: 12, video: 12 },
      token,
    )
    expect(response.status).toBe(200)
    const body = response.body.result as { news: Row[]; video: Row[] }
    const titles = body.news.map((n) => n.titolo)
    expect(titles).toContain(`Pickleball ${tag}`)
    expect(titles).toContain(`Federazione ${tag}`)
    expect(titles).not.toContain(`Padel ${tag}`)
    expect(titles).not.toContain(`Futura ${tag}`)
    for (const item of body.news) expect(['pickleball', 'federazione']).toContain(item.disciplina)
    const dates = body.news.map((n) => String(n.pubblicata_il))
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(body.news.find((n) => n.titolo === `Pickleball ${tag}`)).toMatchObject({
      id: inserted[0]!.id,
      slug: `pickleball-${tag}`,
      tipologia_news: 'eventi',
      disciplina: 'pickleball',
      id_settore: SECTOR_IDS.PICKLEBALL,
    })
    expect(body.video.map((v) => v.titolo)).toContain(`Video pickleball ${tag}`)
    expect(body.video.map((v) => v.titolo)).not.toContain(`Video padel ${tag}`)

    const few = await call(app, 'news-video', { id_settore: SECTOR_IDS.PICKLEBALL, news: 1, video: 1 }, token)
    const fewBody = few.body.result as { news: Row[]; video: Row[] }
    expect(fewBody.news).toHaveLength(1)
    expect(fewBody.video).toHaveLength(1)
  })

  it('refuses counts out of range', async () => {
    const response = await call(app, 'news-video', { id_settore: 1, news: 50 })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«news» deve essere un intero tra 1 e 12')
  })
})

describe('ricerca_giocatori', () => {
  it("finds the sector's players by surname or name prefix, in either order, at most 10", async () => {
    const tag = uniqueLetters(6)
    const surname = `Zq${tag}`
    for (let i = 0; i < 12; i++)
      await player(`Nome${String.fromCharCode(97 + i)}`, surname, [SECTOR_IDS.PADEL], season)
    const mario = await player('Mario', `${surname}ello`, [SECTOR_IDS.PADEL], season)
    await player('Mario', `${surname}ini`, [SECTOR_IDS.TENNIS], season) // another sector

    const many = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.PADEL,
      testo: surname.slice(0, 5),
      fetchrows: 10,
    })
    expect(many.status).toBe(200)
    expect(found(many.body)).toHaveLength(10)
    const all = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.PADEL,
      testo: surname,
      fetchrows: 10,
    })
    expect([found(all.body).length, all.body.record]).toEqual([10, 13])
    for (const row of found(many.body))
      expect(String(row.persona).toLowerCase()).toContain(surname.toLowerCase())

    const both = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.PADEL,
      testo: `mario ${surname.toLowerCase()}`,
    })
    expect(found(both.body)).toEqual([
      {
        id_persona: mario.id,
        persona: `Mario ${surname}ello`,
        provincia: 'RM',
        id_circolo: null,
        circolo: null,
      },
    ])
    const reversed = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.PADEL,
      testo: `${surname.toUpperCase()}ELLO Ma`,
    })
    expect(found(reversed.body).map((r) => r.id_persona)).toEqual([mario.id])
    const tennis = await call(app, 'ricerca_giocatori', {
      id_settore: SECTOR_IDS.TENNIS,
      testo: `${surname}in`,
    })
    expect(found(tennis.body).map((r) => r.persona)).toEqual([`Mario ${surname}ini`])
  })

  it('treats % and _ as plain characters', async () => {
    const response = await call(app, 'ricerca_giocatori', { id_settore: SECTOR_IDS.PADEL, testo: '%%' })
    expect(response.status).toBe(200)
    expect(found(response.body)).toEqual([])
  })

  it('needs at least 2 characters', async () => {
    const response = await call(app, 'ricerca_giocatori', { id_settore: 1, testo: 'a' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(
      'Richiesta non valida: il campo «testo» deve avere da 2 a 50 caratteri.',
    )
  })
})

describe('ricerca_circoli', () => {
  it('finds active clubs of the discipline: names starting with the text first, then a word inside', async () => {
    const tag = uniqueLetters(6)
    const starting = await club(`${tag} Tennis Club`, [DISCIPLINE_IDS.TENNIS])
    const inside = await club(`Circolo ${tag}`, [DISCIPLINE_IDS.TENNIS])
    await club(`${tag} Padel`, [DISCIPLINE_IDS.PADEL])
    await club(`${tag} Chiuso`, [DISCIPLINE_IDS.TENNIS], false)

    const response = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.FITPJ,
      testo: tag.toUpperCase(),
    })
    expect(response.status).toBe(200)
    const shown = (c: { id: number; nome: string }) => ({
      id_circolo: c.id,
      nome: c.nome,
      indirizzo: 'Via del Foro Italico 1',
      comune: 'Roma',
      provincia: 'RM',
      discipline: ['Tennis'],
      distanza_km: null,
    })
    expect(response.body).toEqual({ results: [shown(starting), shown(inside)], record: 2 })
    const padel = await call(app, 'ricerca_circoli', { id_settore: SECTOR_IDS.PADEL, testo: tag })
    expect((padel.body.results as { nome: string }[]).map((c) => c.nome)).toEqual([`${tag} Padel`])
  })

  it('pages with fetchrows and rowstoskip (the quick search asks for 10), counting all', async () => {
    const tag = uniqueLetters(6)
    for (let i = 0; i < 11; i++) await club(`${tag} ${i}`, [DISCIPLINE_IDS.BEACH_TENNIS])
    const first = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.BEACH,
      testo: tag,
      fetchrows: 10,
    })
    expect(first.body.results).toHaveLength(10)
    expect(first.body.record).toBe(11)
    const rest = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.BEACH,
      testo: tag,
      fetchrows: 10,
      rowstoskip: 10,
    })
    expect((rest.body.results as { nome: string }[]).map((c) => c.nome)).toEqual([`${tag} 9`])
    const past = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.BEACH,
      testo: tag,
      fetchrows: 10,
      rowstoskip: 20,
    })
    expect(past.body).toEqual({ results: [], record: 11 })
  })

  it('refuses a text with surrounding spaces', async () => {
    const response = await call(app, 'ricerca_circoli', { id_settore: 1, testo: ' ro' })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«testo» non deve iniziare o finire con spazi')
  })
})

describe('circuito/get', () => {
  it("lists the sector's tournaments still to come by date (no team championship, none running, none twice), and this season's circuits with their next stage", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const venue = await club(`Circolo ${tag}`, [DISCIPLINE_IDS.PICKLEBALL])
    const [circuit] = await db
      .insert(circuits)
      .values({
        nome: `Circuito ${tag}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        sectorId: SECTOR_IDS.PICKLEBALL,
        stagione: season,
      })
      .returning()
    const [championship] = await db
      .insert(championships)
      .values({
        nome: `Campionato ${tag}`,
        disciplineId: DISCIPLINE_IDS.PICKLEBALL,
        sectorId: SECTOR_IDS.PICKLEBALL,
        stagione: season,
        dataInizio: day(-10),
        dataFine: day(30),
        status: 'in_corso',
      })
      .returning()
    const base = {
      disciplineId: DISCIPLINE_IDS.PICKLEBALL,
      sectorId: SECTOR_IDS.PICKLEBALL,
      tipo: 'TR',
      categoria: 'OPEN',
      clubId: venue.id,
    }
    const [, later] = await db
      .insert(tournaments)
      .values([
        {
          ...base,
          nome: `In corso ${tag}`,
          dataInizio: day(-1),
          dataFine: day(1),
          status: 'in_corso',
          circuitId: circuit!.id,
          tappa: 1,
        },
        {
          ...base,
          nome: `Prossimo ${tag}`,
          dataInizio: day(1),
          dataFine: day(2),
          status: 'iscrizioni_aperte',
          circuitId: circuit!.id,
          tappa: 2,
        },
        {
          ...base,
          nome: `Finito ${tag}`,
          dataInizio: day(-5),
          dataFine: day(-3),
          status: 'concluso',
          circuitId: circuit!.id,
          tappa: 0,
        },
        { ...base, nome: `Annullato ${tag}`, dataInizio: day(1), dataFine: day(2), status: 'annullato' },
        {
          ...base,
          nome: `Padel ${tag}`,
          disciplineId: DISCIPLINE_IDS.PADEL,
          sectorId: SECTOR_IDS.PADEL,
          dataInizio: day(1),
          dataFine: day(2),
          status: 'programmato',
        },
        // Two series of a team championship, same name, one running and one to come: never in the list.
        ...[day(-10), day(3)].map((start) => ({
          ...base,
          nome: `Serie A ${tag}`,
          tipo: 'CA',
          clubId: null,
          championshipId: championship!.id,
          dataInizio: start,
          dataFine: day(30),
          status: start < day(0) ? 'in_corso' : 'iscrizioni_chiuse',
        })),
      ])
      .returning()

    const response = await call(
      app,
      'circuito/get',
      { id_settore: SECTOR_IDS.PICKLEBALL, tornei: 20, circuiti: 20 },
      token,
    )
    expect(response.status).toBe(200)
    const body = response.body.result as { tornei: Row[]; circuiti: Row[] }
    const mine = body.tornei.filter((t) => String(t.nome).endsWith(tag))
    expect(mine.map((t) => t.nome)).toEqual([`Prossimo ${tag}`])
    expect(mine[0]).toEqual({
      id: later!.id,
      nome: `Prossimo ${tag}`,
      tipo: 'TR',
      categoria: 'OPEN',
      stato: 'iscrizioni_aperte',
      data_inizio: day(1),
      data_fine: day(2),
      id_circolo: venue.id,
      circolo: `Circolo ${tag}`,
      comune: 'Roma',
      provincia: 'RM',
      id_circuito: circuit!.id,
      circuito: `Circuito ${tag}`,
    })
    // Everything listed is a tournament (TR) of the sector, not started yet, not cancelled, once, by date.
    const ids = body.tornei.map((t) => t.id as number)
    expect(new Set(ids).size).toBe(ids.length)
    const listed = await db.select().from(tournaments).where(inArray(tournaments.id, ids))
    for (const t of listed) {
      expect(t.sectorId).toBe(SECTOR_IDS.PICKLEBALL)
      expect(t.tipo).toBe('TR')
      expect(t.dataInizio >= day(0)).toBe(true)
      expect(['concluso', 'annullato', 'in_corso']).not.toContain(t.status)
    }
    const starts = body.tornei.map((t) => String(t.data_inizio))
    expect([...starts].sort()).toEqual(starts)
    expect(body.circuiti.find((c) => c.id === circuit!.id)).toEqual({
      id: circuit!.id,
      nome: `Circuito ${tag}`,
      stagione: season,
      tappe: 3,
      prossima_tappa: day(-1),
      // The stage from yesterday to tomorrow is running: the home must not call it "the next one".
      tappa_in_corso: true,
    })
  })
})

describe('classifiche/list', () => {
  it('returns the latest national ranking of the sector by position, with paging and its total', async () => {
    const { db } = await testDatabase()
    const where = and(eq(rankings.tipo, 'nazionale'), eq(rankings.sectorId, SECTOR_IDS.FITPJ))
    const [latest] = await db
      .select({ stagione: rankings.stagione })
      .from(rankings)
      .where(where)
      .orderBy(desc(rankings.stagione))
      .limit(1)
    const stagione = latest?.stagione ?? season
    const existing = await db
      .select()
      .from(rankings)
      .where(and(where, eq(rankings.stagione, stagione)))
    const tag = uniqueLetters()
    const people = [
      await player('Primo', `Junior${tag}`, [SECTOR_IDS.FITPJ], season),
      await player('Secondo', `Junior${tag}`, [SECTOR_IDS.FITPJ], season),
      await player('Terzo', `Junior${tag}`, [SECTOR_IDS.FITPJ], season),
    ]
    const offset = existing.length
    await db.insert(rankings).values(
      people.map((p, i) => ({
        tipo: 'nazionale',
        sectorId: SECTOR_IDS.FITPJ,
        stagione,
        personId: p.id,
        posizione: 1_000_000 + i,
        // Their places in the list order, after every row already there, as the rebuild numbers them.
        ordine: offset + i + 1,
        punti: 30 - i,
        tornei: 3,
        provincia: 'RM',
        calcolataAl: `${stagione}-03-01`,
      })),
    )
    // The same people in the race: must not leak into the national list.
    await db
      .insert(rankings)
      .values(
        people.map((p, i) => ({
          tipo: 'race',
          sectorId: SECTOR_IDS.FITPJ,
          stagione,
          personId: p.id,
          posizione: i + 1,
          punti: 1,
          tornei: 1,
          calcolataAl: `${stagione}-03-01`,
        })),
      )
      .onConflictDoNothing()
    // Written behind the rebuild's back: its counts kept as the rebuild keeps them.
    for (const tipo of ['nazionale', 'race'])
      await countRankings(db, { tipo, sectorId: SECTOR_IDS.FITPJ, stagione })

    const response = await call(
      app,
      'classifiche/list',
      { id_settore: SECTOR_IDS.FITPJ, rowstoskip: offset, fetchrows: 5 },
      token,
    )
    expect(response.status).toBe(200)
    expect(response.body.record).toBe(offset + 3)
    expect(results(response.body)).toEqual(
      people.map((p, i) => ({
        posizione: 1_000_000 + i,
        id_persona: p.id,
        persona: `${p.nome} Junior${tag}`,
        punti: 30 - i,
        tornei: 3,
        circolo: null,
        provincia: 'RM',
        stagione,
        calcolata_al: `${stagione}-03-01`,
      })),
    )
    const top = await call(app, 'classifiche/list', { id_settore: SECTOR_IDS.FITPJ, fetchrows: 2 }, token)
    const positions = results(top.body).map((r) => r.posizione as number)
    expect(positions).toHaveLength(2)
    expect(positions[0]!).toBeLessThanOrEqual(positions[1]!) // ties share a position
  })

  it('is empty for a sector without a ranking of that type', async () => {
    const { db } = await testDatabase()
    const [any] = await db
      .select()
      .from(rankings)
      .where(and(eq(rankings.tipo, 'race'), eq(rankings.sectorId, SECTOR_IDS.PICKLEBALL)))
      .limit(1)
    if (any) return // the seed ranked pickleball too: nothing to check here
    const response = await call(app, 'classifiche/list', { id_settore: SECTOR_IDS.PICKLEBALL, tipo: 'race' })
    expect(response.body).toEqual({ results: [], record: 0 })
  })

  it('refuses an unknown ranking type and a page too large', async () => {
    const tipo = await call(app, 'classifiche/list', { id_settore: 1, tipo: 'mondiale' })
    expect(tipo.status).toBe(400)
    expect(tipo.body.message).toContain("«tipo» deve essere 'nazionale' o 'race'")
    const page = await call(app, 'classifiche/list', { id_settore: 1, fetchrows: 101 })
    expect(page.status).toBe(400)
    expect(page.body.message).toContain('«fetchrows»')
  })
})

describe('circuiti/classifiche/list', () => {
  it("returns the standings of the sector's circuits of the season, the first N of each", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const [mine, other, lastSeason] = await db
      .insert(circuits)
      .values([
        {
          nome: `A ${tag}`,
          disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
          sectorId: SECTOR_IDS.BEACH,
          stagione: season,
        },
        {
          nome: `B ${tag}`,
          disciplineId: DISCIPLINE_IDS.PADEL,
          sectorId: SECTOR_IDS.PADEL,
          stagione: season,
        },
        {
          nome: `C ${tag}`,
          disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
          sectorId: SECTOR_IDS.BEACH,
          stagione: season - 1,
        },
      ])
      .returning()
    const people = []
    for (let i = 0; i < 5; i++)
      people.push(await player(`P${i}`, `Circuito${tag}`, [SECTOR_IDS.BEACH], season))
    for (const c of [mine!, other!, lastSeason!]) {
      await db.insert(circuitRankings).values(
        people.map((p, i) => ({
          circuitId: c.id,
          personId: p.id,
          posizione: i + 1,
          punti: 100 - i * 10,
          tappe: 2,
        })),
      )
    }

    const one = await call(
      app,
      'circuiti/classifiche/list',
      { id_settore: SECTOR_IDS.BEACH, id_circuito: mine!.id },
      token,
    )
    expect(one.status).toBe(200)
    expect(one.body.record).toBe(5)
    expect(results(one.body)[0]).toEqual({
      id_circuito: mine!.id,
      circuito: `A ${tag}`,
      posizione: 1,
      id_persona: people[0]!.id,
      persona: `P0 Circuito${tag}`,
      punti: 100,
      tappe: 2,
    })
    const paged = await call(
      app,
      'circuiti/classifiche/list',
      { id_settore: SECTOR_IDS.BEACH, id_circuito: mine!.id, rowstoskip: 3, fetchrows: 10 },
      token,
    )
    expect(results(paged.body).map((r) => r.posizione)).toEqual([4, 5])

    const top = await call(
      app,
      'circuiti/classifiche/list',
      { id_settore: SECTOR_IDS.BEACH, primi: 2, fetchrows: 100 },
      token,
    )
    const rows = results(top.body)
    expect(rows.filter((r) => r.id_circuito === mine!.id).map((r) => r.posizione)).toEqual([1, 2])
    for (const r of rows) expect(r.posizione as number).toBeLessThanOrEqual(2)
    const ids = rows.map((r) => r.id_circuito as number)
    expect(ids).not.toContain(other!.id)
    expect(ids).not.toContain(lastSeason!.id)
    const listed = await db
      .select()
      .from(circuits)
      .where(inArray(circuits.id, [...new Set(ids)]))
    for (const c of listed)
      expect({ sector: c.sectorId, season: c.stagione }).toEqual({ sector: SECTOR_IDS.BEACH, season })

    const previous = await call(
      app,
      'circuiti/classifiche/list',
      { id_settore: SECTOR_IDS.BEACH, stagione: season - 1, id_circuito: lastSeason!.id },
      token,
    )
    expect(previous.body.record).toBe(5)
    const wrongSector = await call(
      app,
      'circuiti/classifiche/list',
      { id_settore: SECTOR_IDS.BEACH, id_circuito: other!.id },
      token,
    )
    expect(wrongSector.body).toEqual({ results: [], record: 0 })
  })

  it('refuses primi out of range', async () => {
    const response = await call(app, 'circuiti/classifiche/list', { id_settore: 3, primi: 0 })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«primi» deve essere un intero tra 1 e 50')
  })
})

describe('/media', () => {
  it('serves real posters, clips and banners, and 404s what is not there', async () => {
    const poster = await app.inject({ method: 'GET', url: '/media/video/poster-1.jpg' })
    expect(poster.statusCode).toBe(200)
    expect(poster.headers['content-type']).toBe('image/jpeg')
    expect(poster.headers['cache-control']).toContain('max-age=86400')
    const video = await app.inject({ method: 'GET', url: '/media/video/video-2.mp4' })
    expect(video.statusCode).toBe(200)
    expect(video.headers['content-type']).toBe('video/mp4')
    expect(video.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp') // an ISO media file
    const missing = await app.inject({ method: 'GET', url: '/media/video/non-esiste.mp4' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ statusCode: 404, message: 'Risorsa non trovata' })
    expect((await app.inject({ method: 'GET', url: '/media/../package.json' })).statusCode).toBe(404)
  })

  it('has a file for every image and video the data refers to', async () => {
    const { db } = await testDatabase()
    const result = await db.execute(sql`
      select image as url from news union select video_url from videos union select poster_url from videos
      union select image from banners union select logo from clubs union select logo from circuits
      union select locandina from tournaments union select url from tournament_photos`)
    const urls = (result as unknown as { rows: { url: string | null }[] }).rows
      .map((r) => r.url)
      .filter((url): url is string => url !== null && url.startsWith('/media/'))
    const missing = []
    for (const url of urls) {
      if ((await app.inject({ method: 'HEAD', url })).statusCode !== 200) missing.push(url)
    }
    expect(missing).toEqual([])
  })
})
