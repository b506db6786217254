// The deterministic data generator: the same scale and reference date give the same rows, in the same order.
// Rows go to a sink (the database, or a hash for the determinism test). Rankings and Power are computed from the
// generated results by the domain functions that serve live data.
import { Faker, base, it as italian } from '@faker-js/faker'
import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { POWER_MODEL, SECTOR_IDS } from '../../contract/constants.ts'
import { COMUNI_BY_PROVINCE, PROVINCES } from '../db/reference.ts'
import type { CircuitMatch } from '../domain/circuits.ts'
import type { PowerState, RatedMatch } from '../domain/power.ts'
import type { PointsRecord } from '../domain/rankings.ts'
import { capitalPrefix, landlineNumber, mobileNumber } from './places.ts'
import { Rng } from './random.ts'
import { simulateMatch, type SimulatedMatch } from './simulate.ts'
import {
  type SeedScale,
  type SeedProgress,
  type Row,
  type SeedSink,
  SCALES,
  METRO,
  at,
  type Person,
  type Club,
  type Entry,
  type TournamentInfo,
  counters,
  FLUSH_ORDER,
  FLUSH_TABLES,
} from './shared.ts'
import { generateClubs } from './areas/clubs.ts'
import { generatePeople, generateAccounts } from './areas/people.ts'
import { generateCircuits, generateTournaments } from './areas/tournaments.ts'
import { generateDemoEnrolment } from './areas/demo-enrolment.ts'
import { generateChampionships } from './areas/championships.ts'
import { generateChallenges } from './areas/challenges.ts'
import { generateRankings, generatePower } from './areas/rankings.ts'
import { generatePartnerSearch } from './areas/partners.ts'
import { generateContent } from './areas/news.ts'
import { generateHelpdeskAndComments } from './areas/helpdesk.ts'

export { SCALES, DEMO_PEOPLE } from './shared.ts'

/** The first area (in run()'s order: the tournaments) that starts random streams of its own. */
const OWN_STREAMS_FROM = 4

/** How far below a LIMIT a player's Power and level stay to be entered in it (see withinLimit). */
const LIMIT_MARGIN = 8
export type { SeedScale, SeedProgress, SeedSink } from './shared.ts'

/**
 * The generator's state, shared by the areas of server/seed/areas/ (clubs, people, tournaments, championships,
 * challenges, rankings, partners, news, helpdesk): each area is a set of functions of this state, run in
 * order; ids, the random stream and pending rows live here so the rows stay the same for the same seed.
 */
export class SeedGenerator {
  readonly counts = new Map<string, number>()
  rng: Rng
  readonly faker: Faker
  readonly scale: (typeof SCALES)[SeedScale]
  readonly refDay: string
  readonly refYear: number
  readonly now: Date
  readonly ids = counters()
  readonly pending = new Map<PgTable, Row[]>()

  clubs: Club[] = []
  clubsByDiscipline = new Map<number, Club[]>()
  courtsByClubDiscipline = new Map<string, number[]>()
  people: Person[] = []
  peopleBySector = new Map<number, Person[]>()
  peopleBySectorRegion = new Map<string, Person[]>()
  pools = new Map<string, Person[]>()
  membersByClubSector = new Map<string, Person[]>()
  portalAccounts: {
    id: string
    personId: number
    name: string
    nome: string
    cognome: string
    createdAt: Date
  }[] = []
  demoAccountIds: string[] = []
  tournamentInfos: TournamentInfo[] = []
  /** The name of every tournament so far: no two share one. */
  tournamentNames = new Set<string>()
  circuitRows: { id: number; sectorId: number; stagione: number; regionId: number; row: Row }[] = []
  pointsRecords: (PointsRecord & { sectorId: number; circuitId: number | null })[] = []
  ratedBySector = new Map<number, RatedMatch[]>()
  winners = new Map<number, number>()
  /** Played matches of finished circuit stages, by circuit: the standings' tie-breaks (server/domain/circuits.ts). */
  circuitMatches = new Map<number, CircuitMatch[]>()
  priorPower = new Map<number, Map<number, PowerState>>()
  teamTournaments: { id: number; dataInizio: string; dataFine: string }[] = []

  constructor(
    readonly sink: SeedSink,
    readonly options: {
      scale: SeedScale
      referenceDate: string
      onProgress?: SeedProgress
      passwordHashes: string[]
    },
  ) {
    this.scale = SCALES[options.scale]
    this.refDay = options.referenceDate
    this.refYear = Number(options.referenceDate.slice(0, 4))
    this.now = at(this.refDay, 12)
    const seed = { small: 11, medium: 22, large: 33 }[options.scale]
    this.rng = new Rng(seed * 7919)
    this.faker = new Faker({ locale: [italian, base] })
    this.faker.seed(seed)
  }

  nextId(key: string): number {
    const id = (this.ids.get(key) ?? 0) + 1
    this.ids.set(key, id)
    return id
  }

  add(table: PgTable, row: Row) {
    if (!FLUSH_TABLES.has(table))
      throw new Error(`Tabella senza posto in FLUSH_ORDER: ${getTableName(table)}`)
    let list = this.pending.get(table)
    if (!list) this.pending.set(table, (list = []))
    list.push(row)
  }

  /** Writes what is pending, parents before children (FLUSH_ORDER). */
  async flush() {
    const tables = [...this.pending.keys()].sort((a, b) => FLUSH_ORDER.indexOf(a) - FLUSH_ORDER.indexOf(b))
    for (const table of tables) {
      const rows = this.pending.get(table)!
      if (rows.length === 0) continue
      const name = getTableName(table)
      this.counts.set(name, (this.counts.get(name) ?? 0) + rows.length)
      await this.sink.insert(table, rows)
    }
    this.pending.clear()
  }

  progress(step: string, done: number, total: number) {
    this.options.onProgress?.(step, done, total)
  }

  async run(): Promise<void> {
    const steps: [string, () => void | Promise<void>][] = [
      ['Circoli e campi', () => generateClubs(this)],
      ['Giocatori e tessere', () => generatePeople(this)],
      ['Account del portale', () => generateAccounts(this)],
      ['Circuiti', () => generateCircuits(this)],
      ['Tornei, tabelloni e risultati', () => generateTournaments(this)],
      ['Tornei per le iscrizioni dimostrative', () => generateDemoEnrolment(this)],
      ['Campionati a squadre', () => generateChampionships(this)],
      ['Sfide', () => generateChallenges(this)],
      ['Classifiche', () => generateRankings(this)],
      ['Power', () => generatePower(this)],
      ['Cerca compagno', () => generatePartnerSearch(this)],
      ['News, video e banner', () => generateContent(this)],
      ['Assistenza e commenti', () => generateHelpdeskAndComments(this)],
    ]
    const seed = { small: 11, medium: 22, large: 33 }[this.options.scale]
    for (const [index, [step, run]] of steps.entries()) {
      this.progress(step, index, steps.length)
      // From the tournaments on, each area draws from streams of its own: a change to one area's draws (the
      // tournaments' entrants, whose matches draw game by game) leaves the areas after it as they were.
      if (index >= OWN_STREAMS_FROM) {
        this.rng = new Rng(seed * 7919 + index * 104_729)
        this.faker.seed(seed * 1000 + index)
      }
      await run()
      await this.flush()
    }
    this.progress('Completato', steps.length, steps.length)
  }

  // -------------------------------------------------------------------------------------------------------

  weightedProvince(): string {
    return this.rng.weighted(PROVINCES.map((p) => ({ weight: METRO.has(p.sigla) ? 6 : 1, value: p.sigla })))
  }

  comuneIn(provincia: string, capital = 0.5): string {
    const comuni = COMUNI_BY_PROVINCE.get(provincia)!
    const capitalName = PROVINCES.find((p) => p.sigla === provincia)!.nome
    if (this.rng.chance(capital) && comuni.includes(capitalName)) return capitalName
    return this.rng.pick(comuni)
  }

  /**
   * A phone number: a mobile, or for a club a landline with its town's prefix when the club is in a province's
   * capital, else the club's mobile (server/seed/places.ts). Two draws either way, as before.
   */
  phone(club?: { provincia: string; comune: string }): string {
    if (!club) return mobileNumber(this.rng.int(20, 93), this.rng.int(1000000, 9999999))
    const [pick, digits] = [this.rng.int(10, 99), this.rng.int(100000, 9999999)]
    const prefix = capitalPrefix(club.provincia, club.comune)
    return prefix ? landlineNumber(prefix, digits) : mobileNumber(pick, digits)
  }

  /**
   * Players of a sector (and sex, X for any), by region when `regionId` is given, within a LIMIT's Power when
   * `limit` is given (see {@link withinLimit}); built once, then reused.
   */
  pool(sectorId: number, genere: 'M' | 'F' | 'X', regionId?: number, limit: number | null = null): Person[] {
    const key = `${sectorId}:${genere}:${regionId ?? '*'}:${limit ?? ''}`
    let pool = this.pools.get(key)
    if (!pool) {
      const source =
        regionId === undefined
          ? (this.peopleBySector.get(sectorId) ?? [])
          : (this.peopleBySectorRegion.get(`${sectorId}:${regionId}`) ?? [])
      pool = source.filter(
        (p) => (genere === 'X' || p.sesso === genere) && (limit === null || this.withinLimit(p, limit)),
      )
      this.pools.set(key, pool)
    }
    return pool
  }

  /**
   * Whether a player may enter a LIMIT tournament of `limit` (docs/regole.md, «Chi può iscriversi», 7) at any time
   * of the generated years: the Power they come with (or the starting 40) and their hidden level, towards which
   * their Power moves, both stay a margin below the limit. Power is computed after every result is invented, so the
   * margin is what keeps it within the limit on the day they enter (the seed invariants check that day).
   */
  withinLimit(person: Person, limit: number): boolean {
    const prior = this.priorPower.get(person.sectorId)?.get(person.id)?.power ?? POWER_MODEL.INITIAL
    return Math.max(prior, person.skill) <= limit - LIMIT_MARGIN
  }

  /**
   * `count` players of the sector, from the region when it has plenty, never one of `exclude`, within the Power of a
   * LIMIT tournament when `limit` is given.
   */
  pickEntrants(
    sectorId: number,
    regionId: number,
    genere: 'M' | 'F' | 'X',
    count: number,
    exclude: Set<number>,
    limit: number | null = null,
  ): Person[] {
    const regional = this.pool(sectorId, genere, regionId, limit)
    const pool =
      regional.length >= (count + exclude.size) * 2 ? regional : this.pool(sectorId, genere, undefined, limit)
    if ((count + exclude.size) * 2 > pool.length) {
      return this.rng.sample(
        pool.filter((p) => !exclude.has(p.id)),
        count,
      )
    }
    // Plenty to choose from: draw and skip the excluded, no copy of the pool.
    const chosen = new Set<number>()
    const out: Person[] = []
    while (out.length < count) {
      const k = Math.floor(this.rng.next() * pool.length)
      const person = pool[k]!
      if (chosen.has(k) || exclude.has(person.id)) continue
      chosen.add(k)
      out.push(person)
    }
    return out
  }

  /** A portal account that already existed at `when`: nothing is written before its author signed up. */
  accountBefore(when: Date): SeedGenerator['portalAccounts'][number] | undefined {
    if (this.portalAccounts.length === 0) return undefined
    for (let tries = 0; tries < 8; tries++) {
      const account = this.rng.pick(this.portalAccounts)
      if (account.createdAt <= when) return account
    }
    return undefined
  }

  simulate(
    info: TournamentInfo,
    a: Entry,
    b: Entry,
    options: { walkoverRate?: number } = {},
  ): SimulatedMatch {
    return simulateMatch(this.rng, a.skill, b.skill, {
      rally: info.sectorId === SECTOR_IDS.PICKLEBALL,
      ...options,
    })
  }

  rate(info: TournamentInfo, matchId: number, a: Entry, b: Entry, result: SimulatedMatch, when: Date) {
    if (result.gameA === null || result.gameB === null) return
    const list = this.ratedBySector.get(info.sectorId) ?? []
    list.push({
      sideA: a.partnerId ? [a.personId, a.partnerId] : [a.personId],
      sideB: b.partnerId ? [b.personId, b.partnerId] : [b.personId],
      gamesA: result.gameA,
      gamesB: result.gameB,
      at: when,
      torneo: true,
      matchId,
    })
    this.ratedBySector.set(info.sectorId, list)
    if (info.circuitId !== null && info.status === 'concluso') {
      const played = this.circuitMatches.get(info.circuitId) ?? []
      played.push({
        sideA: a.partnerId ? [a.personId, a.partnerId] : [a.personId],
        sideB: b.partnerId ? [b.personId, b.partnerId] : [b.personId],
        winner: result.winner,
        gameA: result.gameA,
        gameB: result.gameB,
      })
      this.circuitMatches.set(info.circuitId, played)
    }
  }
}
