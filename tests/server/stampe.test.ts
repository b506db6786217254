// The tournament files of contract/stampe.ts: the four prints as real PDFs, the .ics of one tournament (stable
// UID, SEQUENCE and LAST-MODIFIED that change with the dates), the calendar feed and the personal feed.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  calendarioFeedPath,
  feedPersonalePath,
  stampaTorneoPath,
  torneoIcsPath,
} from '../../contract/stampe.ts'
import { STAMPA_NON_DISPONIBILE, TORNEO_NOT_FOUND } from '../../contract/torneo.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { calendarFeeds, draws, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { feedTokenHash } from '../../server/domain/calendar-feed.ts'
import {
  buildTestApp,
  call,
  createAccount,
  testDatabase,
  tokenFor,
  seededTournamentWith,
} from '../support/server.ts'

let app: FastifyInstance
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stampe-test-'))
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

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
    .limit(1)
  return row!.id
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

/** Writes the PDF and asks poppler about it: a PDF poppler cannot read fails here. */
function inspectPdf(name: string, pdf: Buffer) {
  const file = path.join(tmp, `${name}.pdf`)
  fs.writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1])
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  return { file, info, pages, text }
}

/** Unfolds an iCalendar text (RFC 5545 §3.1) into its events' properties. */
function parseIcs(text: string) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true)
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
  for (const line of lines) expect(line).toMatch(/^[A-Z-]+[;:]/)
  const events: Record<string, string>[] = []
  let current: Record<string, string> | null = null
  const calendar: Record<string, string> = {}
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT') {
      events.push(current!)
      current = null
    } else {
      const [key, ...rest] = line.split(':')
      const name = key!.split(';')[0]!
      ;(current ?? calendar)[name === 'DTSTART' || name === 'DTEND' ? key! : name] = rest.join(':')
    }
  }
  return { calendar, events }
}

describe('GET /stampe/tornei/<id>/<stampa>.pdf', () => {
  it('prints the poster, the bracket, the groups and the order of play as valid PDFs', async () => {
    const elimination = await seededTournamentWith('eliminazione')
    const groups = await seededTournamentWith('gironi')
    const { db } = await testDatabase()
    const [t] = await db.select().from(tournaments).where(eq(tournaments.id, elimination))
    const cases = [
      { id: elimination, stampa: 'locandina', expect: t!.nome },
      { id: elimination, stampa: 'tabellone', expect: 'Finale' },
      { id: groups, stampa: 'gironi', expect: 'Punti' },
      { id: elimination, stampa: 'calendario', expect: 'Ora' },
    ] as const
    for (const item of cases) {
      const response = await get(stampaTorneoPath(item.id, item.stampa))
      expect({
        stampa: item.stampa,
        status: response.statusCode,
        type: response.headers['content-type'],
      }).toEqual({
        stampa: item.stampa,
        status: 200,
        type: 'application/pdf',
      })
      const pdf = response.rawPayload
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const { pages, text, info } = inspectPdf(item.stampa, pdf)
      expect(pages).toBeGreaterThanOrEqual(1)
      expect(text).toContain(item.expect)
      expect(text).toContain('FEDERAZIONE ITALIANA SPORT DI RACCHETTA')
      expect(info).toMatch(/Tagged:\s+yes/)
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${item.stampa}-[a-z0-9-]+\\.pdf"$`),
      )
    }
    // The bracket is on a landscape page; one page is rendered to PNG (looked at during development).
    const bracket = inspectPdf(
      'tabellone',
      (await get(stampaTorneoPath(elimination, 'tabellone'))).rawPayload,
    )
    expect(bracket.info).toMatch(/Page size:\s+841\.89 x 595\.28/)
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '40',
      '-f',
      '1',
      '-l',
      '1',
      bracket.file,
      path.join(tmp, 'tabellone'),
    ])
    expect(fs.readdirSync(tmp).some((f) => f.startsWith('tabellone') && f.endsWith('.png'))).toBe(true)
  })

  it('answers 304 to a matching ETag, 404 in Italian for missing tournaments, prints or files', async () => {
    const id = await seededTournamentWith('eliminazione')
    const first = await get(stampaTorneoPath(id, 'locandina'))
    const again = await get(stampaTorneoPath(id, 'locandina'), {
      'if-none-match': String(first.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    expect((await get(stampaTorneoPath(987654, 'locandina'))).json()).toEqual({
      statusCode: 404,
      message: TORNEO_NOT_FOUND,
    })
    expect((await get(`/stampe/tornei/${id}/altro.pdf`)).statusCode).toBe(404)
    expect((await get('/stampe/tornei/abc/locandina.pdf')).statusCode).toBe(404)
    const undrawn = await tournamentWithoutDraw()
    expect((await get(stampaTorneoPath(undrawn, 'tabellone'))).json()).toEqual({
      statusCode: 404,
      message: STAMPA_NON_DISPONIBILE.tabellone,
    })
  })
})

describe('GET /calendario/tornei/<id>.ics', () => {
  it('is one all-day event with a stable UID; changing the dates raises SEQUENCE and LAST-MODIFIED', async () => {
    const id = await tournamentWithoutDraw()
    const { db } = await testDatabase()
    const [t] = await db.select().from(tournaments).where(eq(tournaments.id, id))
    const first = await get(torneoIcsPath(id))
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const before = parseIcs(first.body)
    expect(before.calendar.VERSION).toBe('2.0')
    expect(before.calendar['REFRESH-INTERVAL']).toBe('PT6H')
    expect(before.events).toHaveLength(1)
    const event = before.events[0]!
    expect(event.UID).toBe(`torneo-${id}@portale-federale-racchette.it`)
    expect(event['DTSTART;VALUE=DATE']).toBe(t!.dataInizio.replaceAll('-', ''))
    expect(event.SUMMARY).toBe(t!.nome)
    expect(event.URL).toMatch(new RegExp(`/tornei/dettaglio-torneo/${id}$`))
    // The same data gives the same file: a second call is identical and a poller gets a 304.
    const second = await get(torneoIcsPath(id))
    expect(second.body).toBe(first.body)
    expect((await get(torneoIcsPath(id), { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      304,
    )

    // The organiser moves the tournament one week later.
    const shift = (iso: string) => {
      const d = new Date(`${iso}T00:00:00Z`)
      d.setUTCDate(d.getUTCDate() + 7)
      return d.toISOString().slice(0, 10)
    }
    await db
      .update(tournaments)
      .set({ dataInizio: shift(t!.dataInizio), dataFine: shift(t!.dataFine) })
      .where(eq(tournaments.id, id))
    const moved = parseIcs((await get(torneoIcsPath(id))).body).events[0]!
    expect(moved.UID).toBe(event.UID)
    expect(Number(moved.SEQUENCE)).toBe(Number(event.SEQUENCE ?? 0) + 1)
    expect(moved['DTSTART;VALUE=DATE']).toBe(shift(t!.dataInizio).replaceAll('-', ''))
    expect(moved['LAST-MODIFIED']! > event['LAST-MODIFIED']!).toBe(true)
    // A change that a calendar does not show (the fee) leaves SEQUENCE alone.
    await db
      .update(tournaments)
      .set({ quotaCentesimi: t!.quotaCentesimi + 100 })
      .where(eq(tournaments.id, id))
    expect(parseIcs((await get(torneoIcsPath(id))).body).events[0]!.SEQUENCE).toBe(moved.SEQUENCE)
  })

  it('404 for a tournament that does not exist or a bad name', async () => {
    expect((await get(torneoIcsPath(987654))).statusCode).toBe(404)
    expect((await get('/calendario/tornei/12.pdf')).statusCode).toBe(404)
  })
})

describe('GET /calendario/feed/tornei.ics', () => {
  it("is the filtered calendar: only the club's tournaments, each with its UID", async () => {
    const { db } = await testDatabase()
    const [club] = await db
      .select({ clubId: tournaments.clubId, sectorId: tournaments.sectorId, n: sql<number>`count(*)::int` })
      .from(tournaments)
      .where(isNotNull(tournaments.clubId))
      .groupBy(tournaments.clubId, tournaments.sectorId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    const response = await get(
      calendarioFeedPath({ id_settore: club!.sectorId, id_circolo: club!.clubId!, dal: '2000-01-01' }),
    )
    expect(response.statusCode).toBe(200)
    const { events, calendar } = parseIcs(response.body)
    expect(calendar['X-WR-CALNAME']).toContain('Tornei')
    expect(events).toHaveLength(club!.n)
    const ids = events.map((e) => Number(/^torneo-(\d+)@/.exec(e.UID!)![1]))
    const rows = await db
      .select({ id: tournaments.id, clubId: tournaments.clubId })
      .from(tournaments)
      .where(sql`${tournaments.id} in ${ids}`)
    expect(rows.every((r) => r.clubId === club!.clubId)).toBe(true)
  })

  it('refuses a bad query with a 400 in Italian and an unknown sector with a 404', async () => {
    const bad = await get('/calendario/feed/tornei.ics?id_settore=1&livello=PRO')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Richiesta non valida/)
    expect((await get('/calendario/feed/tornei.ics')).statusCode).toBe(400)
    expect((await get('/calendario/feed/tornei.ics?id_settore=777')).statusCode).toBe(404)
  })
})

describe('personal feed: tornei/feed_personale/* and GET /calendario/feed/iscrizioni/<token>.ics', () => {
  it('is made, read, renewed (old link dead) and revoked; only the hash is stored', async () => {
    const { db } = await testDatabase()
    // A seeded player with entries.
    const [entry] = await db
      .select({ personId: tournamentEntries.personId, n: sql<number>`count(*)::int` })
      .from(tournamentEntries)
      .where(ne(tournamentEntries.status, 'ritirato'))
      .groupBy(tournamentEntries.personId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    const [existing] = await db.select().from(accounts).where(eq(accounts.personId, entry!.personId))
    const account =
      existing ?? (await createAccount({ person: null, account: { personId: entry!.personId } }))
    const token = await tokenFor(account)

    expect((await call(app, 'tornei/feed_personale/view', {}, token)).body.result).toMatchObject({
      attivo: false,
    })
    const made = await call(app, 'tornei/feed_personale/rinnova', {}, token)
    expect(made.status).toBe(200)
    const url = (made.body.result as { url: string }).url
    const secret = /\/calendario\/feed\/iscrizioni\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!
    expect(url).toBe(feedPersonalePath(secret))
    const [stored] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, account.id))
    expect(stored!.tokenHash).toBe(feedTokenHash(secret))
    expect(stored!.tokenHash).not.toContain(secret)

    const feed = await get(url)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['cache-control']).toMatch(/^private/)
    const { events } = parseIcs(feed.body)
    const participations = await db
      .select({ n: sql<number>`count(distinct ${tournamentEntries.tournamentId})::int` })
      .from(tournamentEntries)
      .where(
        and(
          sql`(${tournamentEntries.personId} = ${entry!.personId} or ${tournamentEntries.partnerId} = ${entry!.personId})`,
          ne(tournamentEntries.status, 'ritirato'),
        ),
      )
    // Her tournaments (her scheduled matches are events of their own: tests/server/calendari-ics.test.ts).
    expect(events.filter((e) => e.UID!.startsWith('torneo-'))).toHaveLength(participations[0]!.n)
    const view = await call(app, 'tornei/feed_personale/view', {}, token)
    expect(view.body.result).toMatchObject({ attivo: true, url: null })
    expect((view.body.result as { usato_il: string | null }).usato_il).not.toBeNull()

    const renewed = (await call(app, 'tornei/feed_personale/rinnova', {}, token)).body.result as {
      url: string
    }
    expect(renewed.url).not.toBe(url)
    expect((await get(url)).statusCode).toBe(404)
    expect((await get(renewed.url)).statusCode).toBe(200)

    expect((await call(app, 'tornei/feed_personale/revoca', {}, token)).body.result).toMatchObject({
      attivo: false,
    })
    expect((await get(renewed.url)).statusCode).toBe(404)
  })

  it('needs a signed-in user; a made-up link is a 404', async () => {
    expect((await call(app, 'tornei/feed_personale/rinnova', {})).status).toBe(401)
    expect(
      (await call(app, 'tornei/feed_personale/view', { extra: 1 }, await tokenFor(await createAccount())))
        .status,
    ).toBe(400)
    expect((await get(feedPersonalePath('a'.repeat(43)))).statusCode).toBe(404)
    expect((await get('/calendario/feed/iscrizioni/..%2F..%2Fetc.ics')).statusCode).toBe(404)
  })
})
