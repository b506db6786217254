// Every calendar file the portal serves (one tournament, a filtered calendar, a player's personal feed) read
// by a standard parser (node-ical) and held to RFC 5545 (tests/support/rfc5545.ts): all-day tournaments with an
// exclusive end, the player's matches at the time and court of the tournament page's order of play, texts that
// need escaping and folding, an empty calendar; the writer itself with matches at their time in Europe/Rome (a
// real VTIMEZONE) across the March and October changes. Also on the seeded data.
import { randomBytes, randomUUID } from 'node:crypto'
import { eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sync, type VEvent } from 'node-ical'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calendarioFeedPath, feedPersonalePath, torneoIcsPath } from '../../contract/stampe.ts'
import type { Tabellone } from '../../contract/torneo.ts'
import { accounts, clubs, persons, sectors } from '../../server/db/schema/core.ts'
import {
  calendarFeeds,
  courts,
  draws,
  matches,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { tournamentsIcs } from '../../server/documents/tornei-ics.ts'
import { feedTokenHash } from '../../server/domain/calendar-feed.ts'
import type { CalendarMatch, CalendarTournament } from '../../server/repositories/tournament-detail.ts'
import { rfc5545Problems } from '../support/rfc5545.ts'
import { buildTestApp, call, createAccount, testDatabase } from '../support/server.ts'

let app: FastifyInstance
const get = (url: string) => app.inject({ method: 'GET', url })

/** The fixture: a club, a player entered in three tournaments, her matches in the first one. */
const F = {
  clubId: 0,
  sectorId: 1,
  /** 28–30 March 2026, over the night the clocks go forward (29 March). */
  spring: 0,
  /** 25 October 2026, the day the clocks go back; the player is on its waiting list. */
  autumn: 0,
  /** 1–3 June 2026, cancelled. */
  june: 0,
  /** 24–25 October 2026, with two matches in the hour the clocks go back. */
  night: 0,
  secret: '',
  accountId: '',
  personIds: [] as number[],
  matchIds: { first: 0, semi: 0, final: 0, others: 0, firstHalfPast2: 0, secondHalfPast2: 0 },
}
const SPRING_NAME = 'Open di primavera, «memorial Sant’Agata»; edizione 2026'
const SPRING_TEXT =
  'Tabellone a eliminazione diretta; al sabato si gioca dalle 9:00, la domenica finali.\nPremi: coppe, targhe e buoni, offerti dall’Università.'

async function insertFixture() {
  const { db } = await testDatabase()
  const [sector] = await db.select().from(sectors).where(eq(sectors.id, F.sectorId))
  const disciplineId = sector!.disciplineId
  const [club] = await db
    .insert(clubs)
    .values({
      codice: `RM${randomBytes(4).toString('hex')}`,
      nome: 'Circolo Tennis Sant’Agata – Società Sportiva Dilettantistica «Città Eterna»',
      provincia: 'RM',
      comune: 'Roma',
      indirizzo: 'Via dell’Università, 12',
      cap: '00185',
      latitudine: 41.9028,
      longitudine: 12.4964,
    })
    .returning()
  F.clubId = club!.id
  const [court] = await db
    .insert(courts)
    .values({ clubId: club!.id, nome: 'Campo Centrale', disciplineId, superficie: 'terra rossa' })
    .returning()
  const people = await db
    .insert(persons)
    .values(
      [
        ['Giulia', 'Test', 'F'],
        ['Luca', 'Bianchi', 'M'],
        ['Marco', 'Verdi', 'M'],
        ['Niccolò', 'D’Àvila', 'M'],
      ].map(([nome, cognome, sesso]) => ({ nome: nome!, cognome: cognome!, sesso: sesso! })),
    )
    .returning()
  const [me, o1, o2, o3] = people.map((p) => p.id) as [number, number, number, number]
  F.personIds = [me, o1, o2, o3]
  const tournament = (values: {
    nome: string
    dataInizio: string
    dataFine: string
    status: string
    descrizione?: string
  }) =>
    db
      .insert(tournaments)
      .values({
        disciplineId,
        sectorId: F.sectorId,
        tipo: 'TR',
        categoria: 'OPEN',
        clubId: club!.id,
        ...values,
      })
      .returning()
      .then(([row]) => row!.id)
  F.spring = await tournament({
    nome: SPRING_NAME,
    dataInizio: '2026-03-28',
    dataFine: '2026-03-30',
    status: 'in_corso',
    descrizione: SPRING_TEXT,
  })
  F.autumn = await tournament({
    nome: 'Torneo d’autunno',
    dataInizio: '2026-10-25',
    dataFine: '2026-10-25',
    status: 'iscrizioni_aperte',
  })
  F.june = await tournament({
    nome: 'Coppa di giugno',
    dataInizio: '2026-06-01',
    dataFine: '2026-06-03',
    status: 'annullato',
  })
  F.night = await tournament({
    nome: 'Notturno d’autunno',
    dataInizio: '2026-10-24',
    dataFine: '2026-10-25',
    status: 'iscrizioni_chiuse',
  })
  const entries = await db
    .insert(tournamentEntries)
    .values([
      ...[me, o1, o2, o3].map((personId) => ({ tournamentId: F.spring, personId })),
      { tournamentId: F.autumn, personId: me, status: 'lista_attesa', posizioneAttesa: 1 },
      { tournamentId: F.june, personId: me },
      ...[me, o1, o2].map((personId) => ({ tournamentId: F.night, personId })),
    ])
    .returning()
  const [eMe, e1, e2, e3, , , nMe, n1, n2] = entries.map((e) => e.id)
  const draw = (tournamentId: number, dimensione: number, turni: number) =>
    db
      .insert(draws)
      .values({
        tournamentId,
        tipo: 'eliminazione',
        nome: 'Tabellone principale',
        dimensione,
        turni,
        seedHash: '0'.repeat(64),
        hashPubblicatoIl: new Date('2026-03-20T10:00:00Z'),
        seed: '1'.repeat(64),
        sorteggiatoIl: new Date('2026-03-21T10:00:00Z'),
      })
      .returning()
      .then(([row]) => row!)
  const match = (
    on: { tournamentId: number; id: number },
    turno: number,
    posizione: number,
    [a, b]: (number | undefined)[],
    at: string,
  ) =>
    db
      .insert(matches)
      .values({
        tournamentId: on.tournamentId,
        drawId: on.id,
        turno,
        posizione,
        entryAId: a!,
        entryBId: b!,
        programmataIl: new Date(at),
        courtId: court!.id,
      })
      .returning()
      .then(([row]) => row!.id)
  const spring = await draw(F.spring, 8, 3)
  // Saturday 10:00 CET; the semifinal at 01:30 CET, before the clocks go forward at 02:00; the final at 10:00 CEST.
  F.matchIds.first = await match(spring, 1, 0, [eMe, e1], '2026-03-28T09:00:00Z')
  F.matchIds.others = await match(spring, 1, 1, [e2, e3], '2026-03-28T10:30:00Z')
  F.matchIds.semi = await match(spring, 2, 0, [e2, eMe], '2026-03-29T00:30:00Z')
  F.matchIds.final = await match(spring, 3, 0, [eMe, e3], '2026-03-29T08:00:00Z')
  // The night the clocks go back, 02:30 happens twice: at 00:30 UTC (CEST), then at 01:30 UTC (CET).
  const night = await draw(F.night, 4, 2)
  F.matchIds.firstHalfPast2 = await match(night, 1, 0, [nMe, n1], '2026-10-25T00:30:00Z')
  F.matchIds.secondHalfPast2 = await match(night, 1, 1, [n2, nMe], '2026-10-25T01:30:00Z')

  const account = await createAccount({ person: null, account: { personId: me } })
  F.accountId = account.id
  F.secret = randomBytes(32).toString('base64url')
  await db.insert(calendarFeeds).values({ accountId: account.id, tokenHash: feedTokenHash(F.secret) })
}

beforeAll(async () => {
  app = await buildTestApp()
  await insertFixture()
})
// The worker's other files share the database: the fixture goes (matches, entries and draws with the tournaments).
afterAll(async () => {
  const { db } = await testDatabase()
  await db.delete(tournaments).where(inArray(tournaments.id, [F.spring, F.autumn, F.june, F.night]))
  await db.delete(accounts).where(eq(accounts.id, F.accountId))
  await db.delete(persons).where(inArray(persons.id, F.personIds))
  await db.delete(clubs).where(eq(clubs.id, F.clubId))
  await app.close()
})

/** Fetches a calendar file, holds it to RFC 5545 and parses it with node-ical; returns its events by UID. */
async function calendarAt(url: string) {
  const response = await get(url)
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 })
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
  expect({ url, problems: rfc5545Problems(response.body) }).toEqual({ url, problems: [] })
  const parsed = sync.parseICS(response.body)
  const events = new Map<string, VEvent>()
  for (const component of Object.values(parsed)) {
    if (component?.type === 'VEVENT') events.set(component.uid, component)
  }
  return { text: response.body, events, lines: response.body.replace(/\r\n[ \t]/g, '').split('\r\n') }
}

const tournamentUid = (id: number) => `torneo-${id}@portale-federale-racchette.it`
const matchUid = (id: number) => `partita-${id}@portale-federale-racchette.it`
/** The text of a node-ical value, with or without parameters. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { val?: string } | undefined)?.val ?? '')
/** The unfolded content lines of one event. */
function eventLines(lines: string[], uid: string): string[] {
  expect(lines).toContain(`UID:${uid}`)
  const at = lines.indexOf(`UID:${uid}`)
  const begin = lines.lastIndexOf('BEGIN:VEVENT', at)
  return lines.slice(begin, lines.indexOf('END:VEVENT', at) + 1)
}

describe('one tournament: /calendario/tornei/<id>.ics', () => {
  it('is an all-day event whose end is the day after the last, with its name and text intact', async () => {
    const { events, lines } = await calendarAt(torneoIcsPath(F.spring))
    expect([...events.keys()]).toEqual([tournamentUid(F.spring)])
    const event = events.get(tournamentUid(F.spring))!
    const own = eventLines(lines, tournamentUid(F.spring))
    expect(own).toContain('DTSTART;VALUE=DATE:20260328')
    // 28–30 March: DTEND is exclusive, so 31 March.
    expect(own).toContain('DTEND;VALUE=DATE:20260331')
    expect(event.start.dateOnly).toBe(true)
    expect(textOf(event.summary)).toBe(SPRING_NAME)
    expect(textOf(event.description)).toContain(SPRING_TEXT)
    expect(textOf(event.location)).toBe(
      'Circolo Tennis Sant’Agata – Società Sportiva Dilettantistica «Città Eterna», Via dell’Università, 12, 00185 Roma (RM)',
    )
    expect(own.some((line) => line.startsWith('ORGANIZER'))).toBe(false)
  })

  it('a one-day tournament ends the next day; a cancelled one is CANCELLED', async () => {
    const autumn = await calendarAt(torneoIcsPath(F.autumn))
    const own = eventLines(autumn.lines, tournamentUid(F.autumn))
    expect(own).toContain('DTSTART;VALUE=DATE:20261025')
    expect(own).toContain('DTEND;VALUE=DATE:20261026')
    const june = await calendarAt(torneoIcsPath(F.june))
    const cancelled = eventLines(june.lines, tournamentUid(F.june))
    expect(cancelled).toContain('DTEND;VALUE=DATE:20260604')
    expect(cancelled).toContain('STATUS:CANCELLED')
  })
})

describe('filtered calendar: /calendario/feed/tornei.ics', () => {
  it("is the club's four tournaments, each all-day", async () => {
    const { events, lines } = await calendarAt(
      calendarioFeedPath({ id_settore: F.sectorId, id_circolo: F.clubId, dal: '2026-01-01' }),
    )
    expect(new Set(events.keys())).toEqual(new Set([F.spring, F.autumn, F.june, F.night].map(tournamentUid)))
    for (const event of events.values()) expect(event.start.dateOnly).toBe(true)
    // The calendar's own properties, once each.
    expect(lines.filter((line) => line.startsWith('X-PUBLISHED-TTL'))).toEqual(['X-PUBLISHED-TTL:PT6H'])
    expect(lines.filter((line) => line.startsWith('REFRESH-INTERVAL'))).toEqual([
      'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    ])
  })

  it('with nothing to show is still a calendar every client accepts', async () => {
    const { events } = await calendarAt(
      calendarioFeedPath({ id_settore: F.sectorId, id_circolo: F.clubId, dal: '2031-01-01' }),
    )
    expect(events.size).toBe(0)
  })
})

/** The time and court of every match the tournament page shows (tornei/tabelloni/view), by match id. */
async function pageTimes(id: number) {
  const response = await call(app, 'tornei/tabelloni/view', { id_torneo: id })
  expect(response.status).toBe(200)
  const { tabelloni } = response.body.result as { tabelloni: Tabellone[] }
  const all = tabelloni.flatMap((d) => [
    ...d.turni.flatMap((t) => t.incontri),
    ...d.gironi.flatMap((g) => g.incontri),
  ])
  return new Map(all.map((m) => [m.id, { start: m.programmata_il, campo: m.campo }]))
}

describe('personal feed: /calendario/feed/iscrizioni/<secret>.ics', () => {
  it('holds her tournaments all-day and her matches at the time and court the tournament page shows', async () => {
    const { events, lines, text } = await calendarAt(feedPersonalePath(F.secret))
    const { first, semi, final, others, firstHalfPast2, secondHalfPast2 } = F.matchIds
    const hers = [first, semi, final, firstHalfPast2, secondHalfPast2]
    expect(new Set(events.keys())).toEqual(
      new Set([...[F.spring, F.autumn, F.june, F.night].map(tournamentUid), ...hers.map(matchUid)]),
    )
    expect(events.has(matchUid(others))).toBe(false)
    expect(textOf(events.get(tournamentUid(F.autumn))!.summary)).toBe('(lista d’attesa) Torneo d’autunno')

    // The zone the times are in, with the rules of CET and CEST (the check compares them with the IANA zone).
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Rome\r\n')
    // The page's order of play, not the times stored with the matches (01:30 and 02:30 at night, never planned).
    const page = new Map([...(await pageTimes(F.spring)), ...(await pageTimes(F.night))])
    const feed = hers.map((id) => {
      const event = events.get(matchUid(id))!
      return { id, start: event.start.toISOString(), campo: textOf(event.location).split(', ')[0] }
    })
    expect(feed).toEqual(hers.map((id) => ({ id, ...page.get(id)! })))
    for (const id of hers) {
      // In Rome time (a planned start is never in the hour lived twice), as long as the plan gives a match.
      const own = eventLines(lines, matchUid(id))
      expect(own.some((line) => line.startsWith('DTSTART;TZID=Europe/Rome:'))).toBe(true)
      const event = events.get(matchUid(id))!
      expect(event.start.dateOnly).toBeFalsy()
      expect(event.end!.getTime() - event.start.getTime()).toBe(90 * 60_000)
    }
    // The page gives the Saturday's first match of the spring draw 9:00, on the club's one court.
    expect(page.get(first)).toEqual({ start: '2026-03-28T08:00:00.000Z', campo: 'Campo Centrale' })
    expect(textOf(events.get(matchUid(first))!.summary)).toBe('Giulia Test – Luca Bianchi')
    expect(textOf(events.get(matchUid(semi))!.summary)).toBe('Marco Verdi – Giulia Test')
    expect(textOf(events.get(matchUid(final))!.description)).toContain(
      `Tabellone principale, Finale · ${SPRING_NAME}`,
    )
  })
})

describe('the calendar writer: a match at its time in Europe/Rome, across the DST changes', () => {
  const torneo: CalendarTournament = {
    id: 990_001,
    nome: 'Notturno di prova',
    data_inizio: '2026-03-28',
    data_fine: '2026-10-25',
    stato: 'in_corso',
    descrizione: null,
    categoria: 'OPEN',
    specialita: 'singolare',
    circolo: 'Circolo di prova',
    indirizzo: null,
    cap: null,
    comune: 'Roma',
    provincia: 'RM',
    latitudine: null,
    longitudine: null,
    aggiornato_il: new Date('2026-03-20T10:00:00Z'),
    creato_il: new Date('2026-01-10T10:00:00Z'),
    sequenza: 0,
  }
  const match = (id: number, at: string): CalendarMatch => ({
    id,
    torneo,
    programmata_il: new Date(at),
    tabellone: 'Tabellone principale',
    tipo: 'eliminazione',
    turno: 1,
    turni: 3,
    girone: null,
    campo: 'Campo Centrale',
    lati: ['Giulia Test', 'Luca Bianchi'],
  })

  it('writes times a calendar reads back, in the hour skipped in March and the hour lived twice in October', () => {
    const expected = [
      // Saturday: 10:00 CET is 09:00 UTC.
      [
        1,
        '2026-03-28T09:00:00.000Z',
        ';TZID=Europe/Rome:20260328T100000',
        ';TZID=Europe/Rome:20260328T113000',
      ],
      // 01:30 CET plus an hour and a half ends at 04:00 CEST: the clocks went forward in between.
      [
        2,
        '2026-03-29T00:30:00.000Z',
        ';TZID=Europe/Rome:20260329T013000',
        ';TZID=Europe/Rome:20260329T040000',
      ],
      // Sunday: 10:00 CEST is 08:00 UTC.
      [
        3,
        '2026-03-29T08:00:00.000Z',
        ';TZID=Europe/Rome:20260329T100000',
        ';TZID=Europe/Rome:20260329T113000',
      ],
      // 02:30 happens twice: RFC 5545 reads a Rome 02:30 as the first, node-ical as the second, so both are
      // written in UTC. They end at 03:00 and 04:00 CET, which happen once.
      [4, '2026-10-25T00:30:00.000Z', ':20261025T003000Z', ';TZID=Europe/Rome:20261025T030000'],
      [5, '2026-10-25T01:30:00.000Z', ':20261025T013000Z', ';TZID=Europe/Rome:20261025T040000'],
    ] as const
    const { text } = tournamentsIcs(
      [torneo],
      { origin: 'https://portale.example', calName: 'Prova', pagePath: (id) => `/tornei/${id}` },
      expected.map(([id, at]) => match(id, at)),
    )
    expect(rfc5545Problems(text)).toEqual([])
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Rome\r\n')
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n')
    const events = new Map<string, VEvent>()
    for (const component of Object.values(sync.parseICS(text))) {
      if (component?.type === 'VEVENT') events.set(component.uid, component)
    }
    for (const [id, instant, start, end] of expected) {
      const own = eventLines(lines, matchUid(id))
      expect(own).toContain(`DTSTART${start}`)
      expect(own).toContain(`DTEND${end}`)
      const event = events.get(matchUid(id))!
      expect(event.start.toISOString()).toBe(instant)
      expect(event.end!.getTime() - event.start.getTime()).toBe(90 * 60_000)
      expect(event.start.dateOnly).toBeFalsy()
      expect(textOf(event.location)).toBe('Campo Centrale, Circolo di prova, Roma (RM)')
    }
  })
})

describe('the seeded data', () => {
  it('every kind of file passes the check: a busy club, tournaments of every status, a busy player', async () => {
    const { db } = await testDatabase()
    const [club] = await db
      .select({ clubId: tournaments.clubId, sectorId: tournaments.sectorId })
      .from(tournaments)
      .where(sql`${tournaments.clubId} is not null`)
      .groupBy(tournaments.clubId, tournaments.sectorId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    await calendarAt(
      calendarioFeedPath({ id_settore: club!.sectorId, id_circolo: club!.clubId!, dal: '2000-01-01' }),
    )
    await calendarAt(calendarioFeedPath({ id_settore: 1 }))
    const samples = await db
      .selectDistinctOn([tournaments.status], { id: tournaments.id })
      .from(tournaments)
      .orderBy(tournaments.status, tournaments.id)
    for (const { id } of samples) await calendarAt(torneoIcsPath(id))

    // The player with the most scheduled matches.
    const [busiest] = await db
      .select({ personId: tournamentEntries.personId })
      .from(matches)
      .innerJoin(tournamentEntries, eq(tournamentEntries.id, matches.entryAId))
      .where(ne(tournamentEntries.status, 'ritirato'))
      .groupBy(tournamentEntries.personId)
      .orderBy(sql`count(*) desc`)
      .limit(1)
    const [existing] = await db.select().from(accounts).where(eq(accounts.personId, busiest!.personId))
    const account =
      existing ?? (await createAccount({ person: null, account: { personId: busiest!.personId } }))
    // Other files of the worker read this player's feed: it is put back as it was.
    const [before] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.accountId, account.id))
    const secret = randomBytes(32).toString('base64url')
    await db
      .insert(calendarFeeds)
      .values({ accountId: account.id, tokenHash: feedTokenHash(secret) })
      .onConflictDoUpdate({ target: calendarFeeds.accountId, set: { tokenHash: feedTokenHash(secret) } })
    try {
      const { events } = await calendarAt(feedPersonalePath(secret))
      expect([...events.keys()].some((uid) => uid.startsWith('partita-'))).toBe(true)
    } finally {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.accountId, account.id))
      if (before) await db.insert(calendarFeeds).values(before)
    }
  })
})

describe('the RFC 5545 check itself', () => {
  const zone = (daylightMonth: number) => [
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Rome',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    `RRULE:FREQ=YEARLY;BYMONTH=${daylightMonth};BYDAY=-1SU`,
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ]
  const file = (head: string[], body: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Prova//IT', ...head, ...body, 'END:VCALENDAR', ''].join(
      '\r\n',
    )
  const event = (...lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${randomUUID()}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
  ]

  it('accepts a correct file', () => {
    expect(
      rfc5545Problems(
        file(zone(3), [
          ...event('DTSTART;TZID=Europe/Rome:20260329T100000', 'DTEND;TZID=Europe/Rome:20260329T113000'),
          ...event('DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260604', 'SUMMARY:Uno\\, due\\; tre'),
        ]),
      ),
    ).toEqual([])
  })

  it('finds what the portal used to write and what calendars refuse', () => {
    const problems = (head: string[], body: string[]) => rfc5545Problems(file(head, body)).join('\n')
    expect(
      problems(['X-PUBLISHED-TTL:PT1H', 'X-PUBLISHED-TTL:PT6H'], event('DTSTART;VALUE=DATE:20260601')),
    ).toMatch(/X-PUBLISHED-TTL compare 2 volte/)
    expect(problems([], event('DTSTART;VALUE=DATE:20260601', 'ORGANIZER;CN=Federazione'))).toMatch(
      /ORGANIZER: manca «:»/,
    )
    expect(problems([], event('DTSTART;VALUE=DATE:20260601', 'ORGANIZER;CN=Federazione:'))).toMatch(
      /ORGANIZER senza un indirizzo/,
    )
    expect(problems([], event('DTSTART;TZID=Europe/Rome:20260601T100000'))).toMatch(
      /TZID=Europe\/Rome senza il suo VTIMEZONE/,
    )
    expect(problems(zone(4), event('DTSTART;TZID=Europe/Rome:20260401T100000'))).toMatch(
      /il fuso vero UTC\+02:00/,
    )
    expect(problems([], event('DTSTART:20260601T100000'))).toMatch(/senza fuso/)
    expect(problems(zone(3), event('DTSTART;TZID=Europe/Rome:20261025T023000'))).toMatch(/capita due volte/)
    expect(problems(zone(3), event('DTSTART;TZID=Europe/Rome:20260329T023000'))).toMatch(/non esiste/)
    expect(problems([], event('DTSTART;VALUE=DATE:20260603', 'DTEND;VALUE=DATE:20260601'))).toMatch(
      /DTEND non è dopo DTSTART/,
    )
    expect(problems([], event('DTSTART;VALUE=DATE:20260601', `DESCRIPTION:${'è'.repeat(60)}`))).toMatch(
      /ottetti, oltre 75/,
    )
    expect(problems([], event('DTSTART;VALUE=DATE:20260601', 'SUMMARY:uno, due'))).toMatch(/«,» senza escape/)
    expect(problems([], [])).toMatch(/senza componenti/)
    expect(problems([], ['BEGIN:VEVENT', 'UID:x', 'END:VEVENT'])).toMatch(/manca DTSTAMP[\s\S]*manca DTSTART/)
    expect(
      rfc5545Problems(file([], event('DTSTART;VALUE=DATE:20260601')).replaceAll('\r\n', '\n')),
    ).not.toEqual([])
  })
})
