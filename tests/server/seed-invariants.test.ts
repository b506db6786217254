// The demo data as a demanding visitor reads it: no story told twice in a list, dates in order, a "Torneo di
// Pasqua" around Easter, comments that fit what they are under, Italian agreement, videos as long as they say.
// Checked on the seeded small database (PGlite, or PostgreSQL with DATABASE_URL), through the repositories the
// pages use, and on the generator's rows for reference dates around the feasts.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import type { Database } from '../../server/db/client.ts'
import * as schema from '../../server/db/schema/index.ts'
import { VIDEO_CLIPS, mp4DurationSeconds } from '../../server/media/clips.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import {
  easterSunday,
  seasonInName,
  seasonalName,
  seasonsFor,
  withinSeason,
} from '../../server/seed/calendar.ts'
import { generateInto, seedReferenceDate } from '../../server/seed/index.ts'
import { agree } from '../../server/seed/shared.ts'
import {
  brokenInvariants,
  championshipProblems,
  seedProblems,
  type SeedTables,
} from '../support/seed-invariants.ts'
import { freshDatabase } from '../support/server.ts'
import fs from 'node:fs'

const mediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/media')

const TABLES = {
  tournaments: schema.tournaments,
  championships: schema.championships,
  matches: schema.matches,
  tessere: schema.tessere,
  banners: schema.banners,
  persons: schema.persons,
  accounts: schema.accounts,
  news: schema.news,
  news_comments: schema.newsComments,
  tournament_comments: schema.tournamentComments,
  championship_comments: schema.championshipComments,
  partner_listings: schema.partnerListings,
  videos: schema.videos,
  circuits: schema.circuits,
  clubs: schema.clubs,
  tournament_entries: schema.tournamentEntries,
  power_history: schema.powerHistory,
  power_ratings: schema.powerRatings,
  teams: schema.teams,
  team_members: schema.teamMembers,
  team_ties: schema.teamTies,
  tie_matches: schema.tieMatches,
  team_standings: schema.teamStandings,
  tournament_photos: schema.tournamentPhotos,
} satisfies Record<string, PgTable>

describe('the seeded small database', () => {
  let database: Database
  let tables: SeedTables
  // The global setup seeds with today in Italy as its reference date.
  const referenceDate = todayInItaly()

  beforeAll(async () => {
    // A pristine copy: other test files of this worker add their own news and tournaments to the shared one.
    database = await freshDatabase()
    tables = Object.fromEntries(
      await Promise.all(
        Object.entries(TABLES).map(async ([name, table]) => [
          name,
          (await database.db.select().from(table as PgTable)) as Record<string, unknown>[],
        ]),
      ),
    )
  })

  afterAll(() => database.close())

  it('holds every invariant', () => {
    expect(tables.news!.length).toBeGreaterThan(20)
    expect(tables.videos!.length).toBeGreaterThan(4)
    expect(tables.tournament_comments!.length).toBeGreaterThan(5)
    expect(brokenInvariants(seedProblems(tables, referenceDate, mediaDir))).toEqual({})
  })

  it('tells which day the data was generated for, so start-up can say when it is out of date', async () => {
    expect(await seedReferenceDate(database.db)).toBe(referenceDate)
  })

  it('lists every news and every upcoming tournament once, page after page, in every sector', async () => {
    const repos = createRepositories(database.db)
    for (const sectorId of Object.values(SECTOR_IDS)) {
      const scope = (await repos.sectors.scope(sectorId))!
      const titles: string[] = []
      const ids: number[] = []
      for (let offset = 0; ; offset += 6) {
        const page = await repos.news.page(scope, undefined, 6, offset)
        if (page.results.length === 0) break
        titles.push(...page.results.map((n) => n.titolo))
        ids.push(...page.results.map((n) => n.id))
      }
      expect(new Set(ids).size).toBe(ids.length)
      expect(titles.filter((title, k) => titles.indexOf(title) !== k)).toEqual([])
      const home = await repos.tournaments.upcoming(sectorId, referenceDate, 20)
      expect(new Set(home.map((x) => x.id)).size).toBe(home.length)
      const names = home.map((x) => x.nome)
      expect(names.filter((name, k) => names.indexOf(name) !== k)).toEqual([])
    }
  })
})

describe('the generator around the feasts', () => {
  // Reference dates where seasons meet: Easter and Carnival move every year, Christmas crosses New Year.
  for (const referenceDate of ['2027-03-24', '2026-12-30']) {
    it(`holds every invariant with ${referenceDate} as today`, async () => {
      const tables: SeedTables = {}
      await generateInto(
        {
          async insert(table, rows) {
            ;(tables[getTableName(table)] ??= []).push(...rows)
          },
        },
        { scale: 'small', referenceDate },
      )
      expect(tables.tournaments!.some((x) => seasonInName(String(x.nome)))).toBe(true)
      expect(brokenInvariants(seedProblems(tables, referenceDate, mediaDir))).toEqual({})
    })
  }
})

describe('the calendar the names follow', () => {
  it('finds Easter Sunday (Gregorian computus)', () => {
    const known = {
      1818: '1818-03-22',
      1943: '1943-04-25',
      2000: '2000-04-23',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2038: '2038-04-25',
      2285: '2285-03-22',
    }
    for (const [year, day] of Object.entries(known)) expect(easterSunday(Number(year))).toBe(day)
  })

  it('names a tournament after a season only within it', () => {
    expect(withinSeason('Pasqua', '2026-04-04', '2026-04-06')).toBe(true)
    expect(withinSeason('Pasqua', '2026-12-31', '2027-01-01')).toBe(false)
    expect(withinSeason('Natale', '2026-12-27', '2027-01-03')).toBe(true)
    expect(withinSeason('Inverno', '2027-01-10', '2027-01-12')).toBe(true)
    expect(withinSeason('Estate', '2026-09-20', '2026-09-28')).toBe(false)
    // Carnival 2027: Martedì grasso is 9 February (Easter 28 March).
    expect(withinSeason('Carnevale', '2027-02-06', '2027-02-09')).toBe(true)
    expect(withinSeason('Carnevale', '2027-02-10', '2027-02-11')).toBe(false)
    expect(seasonsFor('2026-08-14', '2026-08-16')).toEqual(['Estate', 'Ferragosto'])
    expect(seasonalName('Estate')).toBe('Torneo d’Estate')
    expect(seasonalName('Pasqua')).toBe('Torneo di Pasqua')
    expect(seasonInName('Torneo d’Inverno')).toBe('Inverno')
    // A surname is not a feast.
    expect(seasonInName('Memorial Natale')).toBeUndefined()
  })

  it('makes words agree with the person', () => {
    expect(agree('tesserat{o|a} da anni, da {bambino|bambina}', 'F')).toBe('tesserata da anni, da bambina')
    expect(agree('tesserat{o|a} da anni, da {bambino|bambina}', 'M')).toBe('tesserato da anni, da bambino')
  })
})

describe('the demo clips', () => {
  it('last what server/media/clips.ts says, in whole seconds as a player shows them', () => {
    for (const clip of VIDEO_CLIPS) {
      const seconds = mp4DurationSeconds(fs.readFileSync(path.join(mediaDir, 'video', clip.video)))
      expect({ clip: clip.video, shown: Math.floor(seconds), rounded: Math.round(seconds) }).toEqual({
        clip: clip.video,
        shown: clip.seconds,
        rounded: clip.seconds,
      })
      expect(fs.existsSync(path.join(mediaDir, 'video', clip.poster))).toBe(true)
    }
  })
})

describe('the invariants catch what they name', () => {
  it('a team championship «in corso» without its teams (issue 19, item 8)', () => {
    const serie = {
      id: 1,
      tipo: 'CA',
      status: 'in_corso',
      nome: 'Serie C',
      dataInizio: '2026-01-01',
      dataFine: '2026-02-01',
      iscrizioniDal: null,
      iscrizioniAl: null,
    }
    const problems = (teams: number) =>
      seedProblems(
        {
          tournaments: [serie],
          teams: Array.from({ length: teams }, (_, i) => ({ id: i + 1, tournamentId: 1 })),
        },
        '2026-01-10',
        mediaDir,
      )['campionati a squadre senza squadre']
    expect(problems(0)).toEqual(['Serie C (in_corso): 0 squadre'])
    expect(problems(2)).toEqual([])
  })

  it('a championship whose status, teams or standings do not fit (issue 21)', () => {
    const tennis = { id: 7, tipo: 'CA', championshipId: 1, nome: 'Serie C', genere: 'M', status: 'in_corso' }
    const tables = (over: Partial<Record<string, Record<string, unknown>[]>>) =>
      brokenInvariants(
        championshipProblems(
          {
            championships: [
              {
                id: 1,
                nome: 'Campionato',
                status: 'in_corso',
                dataInizio: '2026-01-01',
                dataFine: '2026-03-01',
                iscrizioniAl: new Date('2025-12-10T12:00:00+01:00'),
              },
            ],
            tournaments: [tennis],
            persons: [1, 2, 3, 4].map((id) => ({ id, nome: 'N', cognome: `C${id}`, sesso: 'M' })),
            teams: [
              { id: 1, tournamentId: 7, nome: 'Uno', captainPersonId: 1, groupId: 9 },
              { id: 2, tournamentId: 7, nome: 'Due', captainPersonId: 2, groupId: 9 },
            ],
            team_members: [1, 2].flatMap((teamId) =>
              [1, 2, 3, 4].map((personId) => ({
                teamId,
                personId,
                ruolo: personId === teamId ? 'capitano' : 'giocatore',
              })),
            ),
            team_ties: [],
            team_standings: [
              { groupId: 9, teamId: 1, posizione: 1, punti: 0, giocati: 0, vinti: 0, persi: 0 },
              { groupId: 9, teamId: 2, posizione: 2, punti: 0, giocati: 0, vinti: 0, persi: 0 },
            ],
            ...over,
          },
          '2026-01-10',
        ),
      )
    expect(tables({})).toEqual({})
    expect(Object.keys(tables({ tournaments: [{ ...tennis, status: 'concluso' }] }))).toEqual([
      'campionati con uno stato che non torna con date e incontri',
    ])
    expect(
      tables({
        team_members: [{ teamId: 1, personId: 1, ruolo: 'capitano' }],
      })['squadre senza 4–10 giocatori, un capitano o il sesso giusto'],
    ).toEqual(['Uno: 1 giocatori', 'Due: 0 giocatori', 'Due: capitano 2 non è l’unico con il ruolo'])
    expect(
      Object.keys(
        tables({
          team_ties: [
            {
              id: 5,
              tournamentId: 7,
              groupId: 9,
              homeTeamId: 2,
              awayTeamId: 1,
              status: 'confermato',
              puntiCasa: 3,
              puntiOspiti: 1,
              dataConfermata: new Date('2026-01-05T15:00:00+01:00'),
            },
          ],
          tie_matches: [1, 2, 3].map((numero) => ({ tieId: 5, numero, vincitore: 'casa', sets: null })),
        }),
      ),
    ).toEqual(['classifiche dei gironi diverse dagli incontri confermati'])
  })

  it('a tie whose deadline does not fit its state, or falls on the day the data was generated for (issue 21)', () => {
    const start = new Date('2026-01-12T15:00:00+01:00')
    const entered = new Date('2026-01-09T19:00:00+01:00')
    const tie = (over: Record<string, unknown>) => ({
      id: 5,
      tournamentId: 7,
      groupId: null,
      homeTeamId: 1,
      awayTeamId: 2,
      puntiCasa: null,
      dataConfermata: null,
      dataProposta: null,
      risultatoInseritoIl: null,
      scadeIl: null,
      ...over,
    })
    const problems = (row: Record<string, unknown>) =>
      championshipProblems({ team_ties: [row] }, '2026-01-10')[
        'incontri con una scadenza che non torna con lo stato'
      ]
    const scheduled = { status: 'programmato', dataProposta: start, dataConfermata: start }
    expect(problems(tie({ ...scheduled, scadeIl: new Date('2026-01-12T14:00:00+01:00') }))).toEqual([])
    expect(problems(tie(scheduled))).toEqual([
      'incontro 5 (programmato): scadenza nessuna, attesa 2026-01-12T13:00:00.000Z',
    ])
    const awaiting = {
      status: 'risultato_inserito',
      dataConfermata: new Date('2026-01-09T15:00:00+01:00'),
      puntiCasa: 2,
      risultatoInseritoIl: entered,
    }
    expect(problems(tie({ ...awaiting, scadeIl: new Date('2026-01-11T19:00:00+01:00') }))).toEqual([])
    // A result entered too long ago: it would be confirmed by the portal on the day the data is for.
    const old = new Date('2026-01-07T19:00:00+01:00')
    expect(
      problems(
        tie({ ...awaiting, risultatoInseritoIl: old, scadeIl: new Date('2026-01-09T19:00:00+01:00') }),
      ),
    ).toEqual(['incontro 5 (risultato_inserito): scade il 2026-01-09T18:00:00.000Z, il giorno dei dati'])
    expect(
      problems(tie({ status: 'confermato', puntiCasa: 2, scadeIl: new Date('2026-01-11T19:00:00+01:00') })),
    ).toEqual(['incontro 5 (confermato): scadenza 2026-01-11T18:00:00.000Z, attesa nessuna'])
  })
})
