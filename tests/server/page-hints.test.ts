// The page the server serves for a path: the route's chunk and styles hinted, and on /home the answers to
// the home's public reads for the visitor's sector, identical to what the API answers.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANONYMOUS_ANSWERS_KEY, callKey, INITIAL_ANSWERS_ID, type Call } from '../../contract/endpoint.ts'
import { calendarCalls, calendarLookupCalls, calendarQueryOf } from '../../contract/calendario.ts'
import { rankingCalls, rankingQueryOf } from '../../contract/classifiche.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { schedaCalls } from '../../contract/giocatori.ts'
import { homeCalls } from '../../contract/home.ts'
import { disciplinesCall } from '../../contract/lookup.ts'
import { buildApp } from '../../server/app.ts'
import { pageHints, routeAssetsMatcher, sectorFromCookie } from '../../server/http/page-hints.ts'
import { call, testConfig, testDatabase } from '../support/server.ts'

const ROUTE_ASSETS = {
  '/home': { js: ['/assets/HomePage-a1.js', '/assets/home-b2.js'], css: ['/assets/HomePage-c3.css'] },
  '/news-dettaglio/:id': { js: ['/assets/NewsDetailPage-d4.js'], css: [] },
  '/news-dettaglio/:disciplina/:tipologia_news/:titolo': { js: ['/assets/NewsDetailPage-d4.js'], css: [] },
  // static-f6.js is not written below: the build once listed CSS-only chunks that it then dropped.
  '/contatti': {
    js: ['/assets/ContattiPage-e5.js', '/assets/static-f6.js'],
    css: ['/assets/static-g7.css'],
  },
}
const MISSING = '/assets/static-f6.js'

let app: FastifyInstance
let distDir: string
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-dist-'))
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Portale</title></head><body><div id="root"></div></body></html>',
  )
  fs.mkdirSync(path.join(distDir, '.vite'))
  fs.mkdirSync(path.join(distDir, 'assets'))
  const files = Object.values(ROUTE_ASSETS).flatMap(({ js, css }) => [...js, ...css])
  for (const file of new Set(files)) {
    if (file !== MISSING)
      fs.writeFileSync(path.join(distDir, file), file.endsWith('.css') ? 'a{}' : 'export {}')
  }
  fs.writeFileSync(path.join(distDir, '.vite', 'route-assets.json'), JSON.stringify(ROUTE_ASSETS))
  app = await buildApp({ config: testConfig(), database: await testDatabase(), distDir, logger: false })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(distDir, { recursive: true, force: true })
})

function initialAnswersOf(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_ANSWERS_ID}">(.*?)</script>`).exec(
    html,
  )
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null
}

/** The keys of a page's answers: its own reads, and the disciplines every page asks for at start-up. */
const keysOf = (calls: Call[]) =>
  [...calls, disciplinesCall].map((c) => callKey(c.endpoint.path, c.body)).sort()

describe('the page served for a route', () => {
  it("hints the route's chunks and styles in the head", async () => {
    const response = await app.inject({ url: '/home' })
    expect(response.statusCode).toBe(200)
    const head = response.body.slice(0, response.body.indexOf('</head>'))
    expect(head).toContain('<link rel="stylesheet" href="/assets/HomePage-c3.css">')
    expect(head).toContain('<link rel="modulepreload" href="/assets/HomePage-a1.js">')
    expect(head).toContain('<link rel="modulepreload" href="/assets/home-b2.js">')
  })

  it('matches parameterised paths, and hints nothing for a path outside the table', async () => {
    const detail = await app.inject({ url: '/news-dettaglio/tennis/notizia/un-titolo?x=1' })
    expect(detail.body).toContain('<link rel="modulepreload" href="/assets/NewsDetailPage-d4.js">')
    const unknown = await app.inject({ url: '/percorso-sconosciuto' })
    // The portal's page, with 404: it shows «Pagina non trovata» (issue 19, item 5).
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).not.toContain('modulepreload')
  })

  it('hints only the files that exist', async () => {
    const response = await app.inject({ url: '/contatti' })
    expect(response.body).toContain('<link rel="modulepreload" href="/assets/ContattiPage-e5.js">')
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/static-g7.css">')
    expect(response.body).not.toContain(MISSING)
  })

  it('answers a missing asset with 404, never with the page', async () => {
    const urls = [MISSING, '/assets/nessuno.css', '/assets/sotto/cartella.png', '/home/chunk.js']
    const answers = await Promise.all(urls.map((url) => app.inject({ url })))
    expect(
      answers.map((response) => [response.statusCode, /html/.test(`${response.headers['content-type']}`)]),
    ).toEqual(urls.map(() => [404, false]))
    const present = await app.inject({ url: '/assets/ContattiPage-e5.js' })
    expect(present.statusCode).toBe(200)
    expect(present.headers['content-type']).toMatch(/javascript/)
  })

  it('without a sector cookie, leaves the home to load its own data', async () => {
    const response = await app.inject({ url: '/home' })
    expect(initialAnswersOf(response.body)).toBeNull()
    expect(response.body).not.toContain('rel="preload" as="image"')
    expect(response.headers.vary).toMatch(/cookie/i)
  })

  it("with the sector cookie, carries the answers of the home's reads, equal to the API's", async () => {
    const response = await app.inject({ url: '/home', headers: { cookie: 'altro=1; settore=1' } })
    const answers = initialAnswersOf(response.body)
    expect(answers).not.toBeNull()
    const calls = Object.values(homeCalls(1))
    expect(Object.keys(answers!).sort()).toEqual(keysOf(calls))
    for (const { endpoint, body } of [...calls, disciplinesCall]) {
      const direct = await call(app, endpoint.path, body)
      expect(direct.status).toBe(200)
      expect(answers![callKey(endpoint.path, body)]).toEqual(direct.body)
    }
    // The largest thing on the first screen, fetched with the page.
    const banner = (await call(app, homeCalls(1).bannerTop.endpoint.path, homeCalls(1).bannerTop.body))
      .body as { result: { immagine: string }[] }
    expect(banner.result.length).toBeGreaterThan(0)
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${banner.result[0]!.immagine}" fetchpriority="high">`,
    )
  })

  it("on the calendar, carries the answers of the reads its URL asks for, filters included, equal to the API's", async () => {
    const url = '/tornei/calendario-tornei?livello=LIMIT&stato=concluso&pagina=2'
    const response = await app.inject({ url, headers: { cookie: 'settore=1' } })
    const answers = initialAnswersOf(response.body)
    expect(answers).not.toBeNull()
    const query = calendarQueryOf(new URLSearchParams(url.split('?')[1]))
    // Its list, menu and banner, and its filters' lookups.
    const calls: Call[] = [
      ...Object.values(calendarCalls(1, query, todayInItaly())),
      ...Object.values(calendarLookupCalls(1)),
    ]
    expect(Object.keys(answers!).sort()).toEqual(keysOf(calls))
    const list = calendarCalls(1, query, todayInItaly()).list
    expect(list.body).toMatchObject({ livello: 'LIMIT', stato: 'concluso', rowstoskip: 20, fetchrows: 20 })
    for (const { endpoint, body } of calls) {
      const direct = await call(app, endpoint.path, body)
      expect(direct.status).toBe(200)
      expect(answers![callKey(endpoint.path, body)]).toEqual(direct.body)
    }
    // The month view asks for the month's days instead.
    const month = await app.inject({
      url: '/tornei/calendario-tornei?vista=mese&mese=2026-02',
      headers: { cookie: 'settore=2' },
    })
    const monthAnswers = initialAnswersOf(month.body)!
    const monthList = Object.keys(monthAnswers).find((key) => key.startsWith('tornei/list '))!
    expect(JSON.parse(monthList.slice('tornei/list '.length))).toMatchObject({
      id_settore: 2,
      dal: '2026-02-01',
      al: '2026-02-28',
      fetchrows: 100,
    })
  })

  it("on a ranking, carries the answers of the list its URL asks for and of its filters, equal to the API's", async () => {
    const url = '/classifiche/classifica-nazionale?sesso=F&pagina=2'
    const response = await app.inject({ url, headers: { cookie: 'settore=1' } })
    const answers = initialAnswersOf(response.body)
    expect(answers).not.toBeNull()
    const query = rankingQueryOf(
      new URLSearchParams('sesso=F&pagina=2'),
      'classifica-nazionale',
      1,
      currentSeason(),
    )
    const { list, ...lookups } = rankingCalls('classifica-nazionale', query)
    const calls: Call[] = [list.players!, ...Object.values(lookups)]
    expect(list.players!.body).toMatchObject({ id_settore: 1, sesso: 'F', rowstoskip: 25, tipo: 'nazionale' })
    expect(Object.keys(answers!).sort()).toEqual(keysOf(calls))
    for (const { endpoint, body } of calls) {
      const direct = await call(app, endpoint.path, body)
      expect(direct.status).toBe(200)
      expect(answers![callKey(endpoint.path, body)]).toEqual(direct.body)
    }
    // The affiliates' ranking lists clubs.
    const clubs = initialAnswersOf(
      (await app.inject({ url: '/classifiche/classifica-affiliati', headers: { cookie: 'settore=2' } })).body,
    )!
    expect(Object.keys(clubs).filter((key) => key.startsWith('classifiche/societa/list '))).toHaveLength(1)
  })

  it("on a player's page, carries its sections' answers as an anonymous visitor gets them, marked so", async () => {
    const response = await app.inject({
      url: '/scheda-giocatore/1?punti=nazionale',
      headers: { cookie: 'settore=1' },
    })
    const answers = initialAnswersOf(response.body)!
    const scheda = { id_persona: 1, id_settore: 1 }
    const calls: Call[] = [
      schedaCalls.profilo(scheda),
      schedaCalls.riepilogo(scheda),
      schedaCalls.punti({ ...scheda, tipo: 'nazionale' }),
      schedaCalls.risultati({ ...scheda, pagina: 1 }),
      schedaCalls.palmares(scheda),
      schedaCalls.prossimi(scheda),
      schedaCalls.power(scheda),
      schedaCalls.statistiche(scheda),
    ]
    const { [ANONYMOUS_ANSWERS_KEY]: anonymous, ...rest } = answers
    expect(Object.keys(rest).sort()).toEqual(keysOf(calls))
    // Only the sections depend on who asks: the disciplines are the same for everyone.
    expect((anonymous as string[]).sort()).toEqual(calls.map((c) => callKey(c.endpoint.path, c.body)).sort())
    for (const { endpoint, body } of calls) {
      const direct = await call(app, endpoint.path, body)
      expect(direct.status).toBe(200)
      expect(rest[callKey(endpoint.path, body)]).toEqual(direct.body)
    }
    // A player who does not exist: the page finds out from the API itself.
    const missing = await app.inject({ url: '/scheda-giocatore/99999999', headers: { cookie: 'settore=1' } })
    expect(initialAnswersOf(missing.body)).toBeNull()
  })

  it('carries answers only on the pages that have them, and none for a sector that does not exist', async () => {
    const news = await app.inject({ url: '/news', headers: { cookie: 'settore=1' } })
    expect(initialAnswersOf(news.body)).toBeNull()
    const unknown = await app.inject({ url: '/home', headers: { cookie: 'settore=999999' } })
    // Every read refuses the sector (400): nothing is embedded, not even the refusals.
    expect(initialAnswersOf(unknown.body)).toBeNull()
  })

  it('never lets page data close the script element', () => {
    // Seeded data has no "<": the escaping is checked with data that tries to close the element.
    const answers = { 'news-video {}': { titolo: '</script><script>alert(1)</script>' } }
    const hints = pageHints({ answers })
    const content = hints.slice(hints.indexOf('>') + 1, hints.lastIndexOf('</script>'))
    expect(content).not.toContain('<')
    expect(JSON.parse(content)).toEqual(answers)
  })
})

describe('page hint helpers', () => {
  it('reads the sector cookie among others, and refuses what is not a positive id', () => {
    expect(sectorFromCookie('a=b; settore=3; c=d')).toBe(3)
    expect(sectorFromCookie('settore=12')).toBe(12)
    expect(sectorFromCookie('settore=0')).toBeNull()
    expect(sectorFromCookie('settore=abc')).toBeNull()
    expect(sectorFromCookie('altrosettore=4')).toBeNull()
    expect(sectorFromCookie(undefined)).toBeNull()
  })

  it('matches one segment per parameter, with or without a trailing slash', () => {
    const match = routeAssetsMatcher(ROUTE_ASSETS)
    expect(match('/home/')).toBe(ROUTE_ASSETS['/home'])
    expect(match('/news-dettaglio/42')).toBe(ROUTE_ASSETS['/news-dettaglio/:id'])
    expect(match('/news-dettaglio/42/extra')).toBeUndefined()
    expect(match('/homepage')).toBeUndefined()
  })
})
