// The deterministic data generator: the same scale and reference date give the same rows, in the same order.
// Rows go to a sink (the database, or a hash for the determinism test). Rankings and Power are computed from the
// generated results by the domain functions that serve live data.
import { createHash } from 'node:crypto'
import { Faker, base, it as italian } from '@faker-js/faker'
import { getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { CHALLENGE_RULES, DISCIPLINES, SECTOR_IDS } from '../../contract/constants.ts'
import { COMUNI_BY_PROVINCE, NEWS_TYPES, PROVINCES, REGIONS } from '../db/reference.ts'
import { accounts, persons, tessere } from '../db/schema/core.ts'
import { bannerClicks, banners, news, newsComments, videos } from '../db/schema/content.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  championshipComments,
  championships,
  circuitRankings,
  circuits,
  clubDisciplines,
  clubRankings,
  clubs,
  courts,
  draws,
  drawGroups,
  groupStandings as groupStandingsTable,
  helpdeskRequests,
  matches,
  partnerListings,
  partnerRequests,
  powerHistory,
  powerRatings,
  rankings,
  teamLineups,
  teamMembers,
  teamStandings,
  teamTies,
  teams,
  tieMatches,
  tournamentComments,
  tournamentEntries,
  tournamentPhotos,
  tournamentPoints,
  tournaments,
  userSettings,
  type SetScore,
  type TournamentStatus,
} from '../db/schema/domain.ts'
import {
  buildEliminationDraw,
  buildGroups,
  commitSeed,
  defaultGroupCount,
  groupStandings,
  knockoutFromGroups,
  nextSlot,
  roundRobinSchedule,
} from '../domain/draws.ts'
import {
  eliminationResults,
  pointsFor,
  roundReachedInRoundRobin,
  type EliminationMatch,
  type EventCategory,
  type RoundReached,
} from '../domain/points.ts'
import {
  computePower,
  isPromotionCandidate,
  isProvisional,
  type PowerState,
  type RatedMatch,
} from '../domain/power.ts'
import {
  classificaAffiliati,
  classificaCircuito,
  classificaNazionale,
  raceAnnuale,
  type PointsRecord,
} from '../domain/rankings.ts'
import { codiceFiscale } from './codice-fiscale.ts'
import { Rng } from './random.ts'
import { simulateMatch, type SimulatedMatch } from './simulate.ts'
import * as T from './texts.ts'

export type SeedScale = 'small' | 'medium' | 'large'
export type SeedProgress = (step: string, done: number, total: number) => void

type Row = Record<string, unknown>

/** Where generated rows go. */
export interface SeedSink {
  insert(table: PgTable, rows: Row[]): Promise<void>
}

export const SCALES = {
  small: {
    players: 400,
    clubs: 30,
    tournaments: 40,
    circuits: 4,
    championships: 2,
    news: 30,
    videos: 8,
    challenges: 40,
    listings: 20,
    accounts: 40,
    helpdesk: 8,
  },
  medium: {
    players: 20_000,
    clubs: 600,
    tournaments: 3_000,
    circuits: 40,
    championships: 12,
    news: 300,
    videos: 60,
    challenges: 800,
    listings: 400,
    accounts: 1_500,
    helpdesk: 120,
  },
  large: {
    players: 200_000,
    clubs: 5_000,
    tournaments: 30_000,
    circuits: 200,
    championships: 40,
    news: 1_500,
    videos: 200,
    challenges: 8_000,
    listings: 3_000,
    accounts: 15_000,
    helpdesk: 1_000,
  },
} as const satisfies Record<SeedScale, Record<string, number>>

/** The demo people, persons 1–5, in the order of DEMO_ACCOUNTS. */
export const DEMO_PEOPLE = [
  {
    email: 'giocatore@demo.it',
    descrizione: 'giocatore con tessere e storico tornei',
    nome: 'Luca',
    cognome: 'Bianchi',
    sesso: 'M' as const,
    dataNascita: '1988-05-14',
    provincia: 'RM',
    comune: 'Roma',
    telefono: '3471234567',
    complete: true,
    role: 'player' as const,
    privacy: true,
    export: false,
  },
  {
    email: 'incompleto@demo.it',
    descrizione: 'registrazione incompleta (mancano codice fiscale e telefono) e privacy da scegliere',
    nome: 'Giulia',
    cognome: 'Ferrari',
    sesso: 'F' as const,
    dataNascita: '1995-09-03',
    provincia: 'MI',
    comune: 'Milano',
    telefono: null,
    complete: false,
    role: 'player' as const,
    // Both gates in a row (issue 3): first the registration, then the privacy preferences.
    privacy: false,
    export: false,
  },
  {
    email: 'privacy@demo.it',
    descrizione: 'senza preferenze privacy',
    nome: 'Paolo',
    cognome: 'Esposito',
    sesso: 'M' as const,
    dataNascita: '1979-11-21',
    provincia: 'NA',
    comune: 'Napoli',
    telefono: '3339876543',
    complete: true,
    role: 'player' as const,
    privacy: false,
    export: false,
  },
  {
    email: 'redattore@demo.it',
    descrizione: 'redattore: pubblica news',
    nome: 'Chiara',
    cognome: 'Romano',
    sesso: 'F' as const,
    dataNascita: '1990-02-08',
    provincia: 'TO',
    comune: 'Torino',
    telefono: '3405551234',
    complete: true,
    role: 'editor' as const,
    privacy: true,
    export: false,
  },
  {
    email: 'admin@demo.it',
    descrizione: 'amministratore, può esportare le classifiche',
    nome: 'Andrea',
    cognome: 'Ricci',
    sesso: 'M' as const,
    dataNascita: '1975-07-30',
    provincia: 'FI',
    comune: 'Firenze',
    telefono: '3289990001',
    complete: true,
    role: 'admin' as const,
    privacy: true,
    export: true,
  },
]

const SECTOR_WEIGHTS = [
  { weight: 34, value: SECTOR_IDS.TENNIS },
  { weight: 30, value: SECTOR_IDS.PADEL },
  { weight: 12, value: SECTOR_IDS.BEACH },
  { weight: 10, value: SECTOR_IDS.FITPJ },
  { weight: 8, value: SECTOR_IDS.PICKLEBALL },
  { weight: 6, value: SECTOR_IDS.WHEELCHAIR },
]

const DISCIPLINE_OF_SECTOR = new Map<number, number>(
  DISCIPLINES.flatMap((d) => d.settori.map((s) => [s.id, d.id] as [number, number])),
)
const DISCIPLINE_BY_ID = new Map<number, (typeof DISCIPLINES)[number]>(DISCIPLINES.map((d) => [d.id, d]))
const TESSERA_PREFIX: Record<number, string> = { 1: 'TN', 2: 'PD', 3: 'BT', 4: 'JR', 5: 'PB', 9: 'WC' }
const METRO = new Set([
  'RM',
  'MI',
  'NA',
  'TO',
  'PA',
  'GE',
  'BO',
  'FI',
  'BA',
  'CT',
  'VE',
  'RC',
  'ME',
  'CA',
  'VR',
  'PD',
])
const REGION_OF_PROVINCE = new Map(PROVINCES.map((p) => [p.sigla, p.regionId]))
const REGION_NAME = new Map(REGIONS.map((r) => [r.id, r.nome]))

// ---------------------------------------------------------------------------------------------------------
// Dates: everything is placed relative to the reference day, in Italian local time (+01:00 is close enough).

const DAY = 86_400_000
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY)
const isoOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
const addDays = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days)
const at = (iso: string, hour: number, minute = 0) =>
  new Date(`${iso}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`)

/** "il Torneo…", "la Coppa…", "l'Open…": the article a tournament's name takes. */
function withArticle(name: string): string {
  if (/^Coppa\b/.test(name)) return `la ${name}`
  if (/^[AEIOU]/i.test(name)) return `l'${name}`
  return `il ${name}`
}

/** "al Torneo…", "alla Coppa…", "all'Open…". */
function withPrepositionA(name: string): string {
  if (/^Coppa\b/.test(name)) return `alla ${name}`
  if (/^[AEIOU]/i.test(name)) return `all'${name}`
  return `al ${name}`
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// ---------------------------------------------------------------------------------------------------------

type Person = {
  id: number
  nome: string
  cognome: string
  sesso: 'M' | 'F'
  provincia: string
  regionId: number
  clubId: number
  sectorId: number
  skill: number
  email: string
}
type Club = {
  id: number
  nome: string
  provincia: string
  regionId: number
  comune: string
  disciplines: number[]
}
type Entry = { id: number; personId: number; partnerId: number | null; skill: number; punti: number }
type TournamentInfo = {
  id: number
  nome: string
  sectorId: number
  disciplineId: number
  categoria: EventCategory
  dataInizio: string
  dataFine: string
  status: TournamentStatus
  doubles: boolean
  circuitId: number | null
  clubId: number
  entries: Entry[]
}

const counters = () => new Map<string, number>()

/** Every table the generator writes, each after the tables it references (FLUSH_TABLES: the same, as a set). */
const FLUSH_ORDER: PgTable[] = [
  clubs,
  clubDisciplines,
  courts,
  persons,
  tessere,
  accounts,
  userSettings,
  circuits,
  championships,
  tournaments,
  tournamentEntries,
  draws,
  drawGroups,
  groupStandingsTable,
  matches,
  tournamentPoints,
  teams,
  teamMembers,
  teamStandings,
  teamTies,
  teamLineups,
  tieMatches,
  challenges,
  challengeParticipants,
  challengeResults,
  challengeEvents,
  rankings,
  clubRankings,
  circuitRankings,
  powerRatings,
  powerHistory,
  partnerListings,
  partnerRequests,
  news,
  newsComments,
  videos,
  banners,
  bannerClicks,
  helpdeskRequests,
  tournamentComments,
  tournamentPhotos,
  championshipComments,
]
const FLUSH_TABLES = new Set(FLUSH_ORDER)

export class SeedGenerator {
  readonly counts = new Map<string, number>()
  private readonly rng: Rng
  private readonly faker: Faker
  private readonly scale: (typeof SCALES)[SeedScale]
  private readonly refDay: string
  private readonly refYear: number
  private readonly now: Date
  private readonly ids = counters()
  private readonly pending = new Map<PgTable, Row[]>()

  private clubs: Club[] = []
  private clubsByDiscipline = new Map<number, Club[]>()
  private courtsByClubDiscipline = new Map<string, number[]>()
  private people: Person[] = []
  private peopleBySector = new Map<number, Person[]>()
  private peopleBySectorRegion = new Map<string, Person[]>()
  private pools = new Map<string, Person[]>()
  private membersByClubSector = new Map<string, Person[]>()
  private portalAccounts: { id: string; personId: number; name: string }[] = []
  private demoAccountIds: string[] = []
  private tournamentInfos: TournamentInfo[] = []
  private circuitRows: { id: number; sectorId: number; stagione: number }[] = []
  private pointsRecords: (PointsRecord & { sectorId: number; circuitId: number | null })[] = []
  private ratedBySector = new Map<number, RatedMatch[]>()
  private winners = new Map<number, number>()
  private priorPower = new Map<number, Map<number, PowerState>>()
  private teamTournaments: { id: number; dataInizio: string }[] = []

  constructor(
    private readonly sink: SeedSink,
    private readonly options: {
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

  private nextId(key: string): number {
    const id = (this.ids.get(key) ?? 0) + 1
    this.ids.set(key, id)
    return id
  }

  private add(table: PgTable, row: Row) {
    if (!FLUSH_TABLES.has(table))
      throw new Error(`Tabella senza posto in FLUSH_ORDER: ${getTableName(table)}`)
    let list = this.pending.get(table)
    if (!list) this.pending.set(table, (list = []))
    list.push(row)
  }

  /** Writes what is pending, parents before children (FLUSH_ORDER). */
  private async flush() {
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

  private progress(step: string, done: number, total: number) {
    this.options.onProgress?.(step, done, total)
  }

  async run(): Promise<void> {
    const steps: [string, () => void | Promise<void>][] = [
      ['Circoli e campi', () => this.generateClubs()],
      ['Giocatori e tessere', () => this.generatePeople()],
      ['Account del portale', () => this.generateAccounts()],
      ['Circuiti', () => this.generateCircuits()],
      ['Tornei, tabelloni e risultati', () => this.generateTournaments()],
      ['Campionati a squadre', () => this.generateChampionships()],
      ['Sfide', () => this.generateChallenges()],
      ['Classifiche', () => this.generateRankings()],
      ['Power', () => this.generatePower()],
      ['Cerca compagno', () => this.generatePartnerSearch()],
      ['News, video e banner', () => this.generateContent()],
      ['Assistenza e commenti', () => this.generateHelpdeskAndComments()],
    ]
    for (const [index, [step, run]] of steps.entries()) {
      this.progress(step, index, steps.length)
      await run()
      await this.flush()
    }
    this.progress('Completato', steps.length, steps.length)
  }

  // -------------------------------------------------------------------------------------------------------

  private weightedProvince(): string {
    return this.rng.weighted(PROVINCES.map((p) => ({ weight: METRO.has(p.sigla) ? 6 : 1, value: p.sigla })))
  }

  private comuneIn(provincia: string, capital = 0.5): string {
    const comuni = COMUNI_BY_PROVINCE.get(provincia)!
    const capitalName = PROVINCES.find((p) => p.sigla === provincia)!.nome
    if (this.rng.chance(capital) && comuni.includes(capitalName)) return capitalName
    return this.rng.pick(comuni)
  }

  private phone(mobile = true): string {
    return mobile
      ? `3${this.rng.int(20, 93)}${this.rng.int(1000000, 9999999)}`
      : `0${this.rng.int(10, 99)}${this.rng.int(100000, 9999999)}`
  }

  private generateClubs() {
    const names = new Set<string>()
    const disciplineIds = { tennis: 4332, padel: 172, beach: 171, pickleball: 174 }
    const provinces = PROVINCES.map((p) => p.sigla)
    for (let i = 0; i < this.scale.clubs; i++) {
      // The first club is the demo player's, in Rome; then every province gets a club before any gets a second
      // one, when there are enough clubs.
      const provincia =
        i === 0
          ? 'RM'
          : i < provinces.length && this.scale.clubs >= provinces.length * 2
            ? provinces[i]!
            : this.weightedProvince()
      const comune = i === 0 ? 'Roma' : this.comuneIn(provincia, METRO.has(provincia) ? 0.75 : 0.45)
      const kind = i === 0 ? T.CLUB_KINDS[0]!.value : this.rng.weighted(T.CLUB_KINDS)
      const places = T.CITY_PLACES[provincia]
      const place =
        i === 0
          ? 'Parioli'
          : places && comune === PROVINCES.find((p) => p.sigla === provincia)!.nome && this.rng.chance(0.7)
            ? this.rng.pick(places)
            : this.rng.chance(0.5)
              ? comune
              : this.rng.pick(T.GENERIC_PLACES)
      let nome = `${kind.prefix} ${place}`
      if (names.has(nome)) {
        nome =
          place === comune
            ? `${kind.prefix} ${this.rng.pick(T.GENERIC_PLACES)} ${comune}`
            : `${nome} ${comune}`
      }
      for (let n = 2; names.has(nome); n++) nome = `${kind.prefix} ${place} ${comune} ${n}`
      names.add(nome)
      const offered = new Set<number>()
      if (kind.disciplines === 'tennis') {
        offered.add(disciplineIds.tennis)
        if (i === 0 || this.rng.chance(0.55)) offered.add(disciplineIds.padel)
      } else if (kind.disciplines === 'padel') offered.add(disciplineIds.padel)
      else if (kind.disciplines === 'beach') {
        offered.add(disciplineIds.beach)
        if (this.rng.chance(0.4)) offered.add(disciplineIds.padel)
      } else if (kind.disciplines === 'pickleball') offered.add(disciplineIds.pickleball)
      else {
        offered.add(disciplineIds.tennis)
        offered.add(disciplineIds.padel)
        if (this.rng.chance(0.4)) offered.add(disciplineIds.beach)
      }
      if (this.rng.chance(0.15)) offered.add(disciplineIds.pickleball)
      const id = this.nextId('clubs')
      const slug = slugify(nome).replace(/-/g, '')
      const club: Club = {
        id,
        nome,
        provincia,
        regionId: REGION_OF_PROVINCE.get(provincia)!,
        comune,
        disciplines: [],
      }
      this.clubs.push(club)
      this.add(clubs, {
        id,
        codice: `${provincia}${String(id).padStart(4, '0')}`,
        nome,
        provincia,
        comune,
        indirizzo: `${this.faker.location.street()}, ${this.rng.int(1, 180)}`,
        cap: this.faker.location.zipCode(),
        telefono: this.phone(false),
        email: `segreteria@${slug}.example`,
        sitoWeb: this.rng.chance(0.7) ? `https://www.${slug}.example` : null,
        logo: `/media/circoli/logo-${(id % 20) + 1}.png`,
        descrizione: `${nome} è un circolo affiliato di ${comune}, con scuola per tutte le età e tornei durante tutta la stagione.`,
        affiliataDal: `${this.rng.int(1950, this.refYear - 1)}-${String(this.rng.int(1, 12)).padStart(2, '0')}-01`,
        attivo: i === 0 || this.rng.chance(0.97),
      })
      for (const disciplineId of [...offered].sort((a, b) => a - b)) this.offerDiscipline(club, disciplineId)
    }
    // Every discipline needs clubs, whatever the draw of club kinds gave at a small scale.
    const minimum = Math.max(2, Math.round(this.scale.clubs / 20))
    for (const discipline of DISCIPLINES) {
      const offering = this.clubsByDiscipline.get(discipline.id)?.length ?? 0
      const others = this.clubs.filter((c) => !c.disciplines.includes(discipline.id))
      for (const club of this.rng.sample(others, Math.max(0, minimum - offering)))
        this.offerDiscipline(club, discipline.id)
    }
  }

  private offerDiscipline(club: Club, disciplineId: number) {
    club.disciplines.push(disciplineId)
    this.add(clubDisciplines, { clubId: club.id, disciplineId })
    const list = this.clubsByDiscipline.get(disciplineId) ?? []
    list.push(club)
    this.clubsByDiscipline.set(disciplineId, list)
    const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
    const courtIds: number[] = []
    const count = this.rng.int(2, 8)
    for (let c = 1; c <= count; c++) {
      const courtId = this.nextId('courts')
      courtIds.push(courtId)
      this.add(courts, {
        id: courtId,
        clubId: club.id,
        nome: `Campo ${c}${discipline.codice === 'tennis' ? '' : ` ${discipline.nome}`}`,
        disciplineId,
        superficie: this.rng.pick(T.SURFACES[discipline.codice]!),
        coperto: this.rng.chance(0.35),
        illuminato: this.rng.chance(0.85),
      })
    }
    this.courtsByClubDiscipline.set(`${club.id}:${disciplineId}`, courtIds)
  }

  private generatePeople() {
    const usedCf = new Set<string>()
    const cfFor = (p: {
      nome: string
      cognome: string
      sesso: 'M' | 'F'
      dataNascita: string
      comune: string
    }) => {
      for (let variant = 0; ; variant++) {
        const code = codiceFiscale(p, variant)
        if (!usedCf.has(code)) {
          usedCf.add(code)
          return code
        }
      }
    }
    const tennisClubs = this.clubsByDiscipline.get(4332)!
    const total = this.scale.players
    for (let i = 0; i < total; i++) {
      const id = this.nextId('persons')
      const demo = DEMO_PEOPLE[i]
      const sectorId = demo ? SECTOR_IDS.TENNIS : this.rng.weighted(SECTOR_WEIGHTS)
      const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
      const sesso: 'M' | 'F' = demo
        ? demo.sesso
        : sectorId === SECTOR_IDS.WHEELCHAIR
          ? this.rng.chance(0.75)
            ? 'M'
            : 'F'
          : this.rng.chance(0.62)
            ? 'M'
            : 'F'
      const nome = demo?.nome ?? this.faker.person.firstName(sesso === 'M' ? 'male' : 'female')
      const cognome = demo?.cognome ?? this.faker.person.lastName()
      // Members of a club offering the discipline, mostly from the club's own province.
      const clubPool = this.clubsByDiscipline.get(disciplineId) ?? tennisClubs
      const club = demo
        ? i === 0
          ? this.clubs[0]!
          : (tennisClubs.find((c) => c.provincia === demo.provincia) ?? tennisClubs[i % tennisClubs.length]!)
        : this.rng.pick(clubPool)
      const provincia = demo?.provincia ?? (this.rng.chance(0.9) ? club.provincia : this.weightedProvince())
      const comune =
        demo?.comune ??
        (provincia === club.provincia && this.rng.chance(0.5) ? club.comune : this.comuneIn(provincia))
      const birthYear =
        sectorId === SECTOR_IDS.FITPJ
          ? this.rng.int(this.refYear - 17, this.refYear - 9)
          : this.rng.int(this.refYear - 68, this.refYear - 18)
      const dataNascita =
        demo?.dataNascita ??
        `${birthYear}-${String(this.rng.int(1, 12)).padStart(2, '0')}-${String(this.rng.int(1, 28)).padStart(2, '0')}`
      const email =
        demo?.email ?? `${slugify(nome)}.${slugify(cognome)}.${id}@posta.example`.replace(/-/g, '')
      // Skill: hidden level driving the invented results (demo player: a good club player).
      const skill = demo && i === 0 ? 72 : Math.max(10, Math.min(95, this.rng.normal(45, 16)))
      // Most players have played before the generated two years: they come with a Power near their level and a
      // count of earlier matches (as if imported). The others start from scratch, provisional.
      if (demo ? i === 0 : this.rng.chance(0.7)) {
        const earlier = demo ? 30 : this.rng.int(4, 60)
        const prior = this.priorPower.get(sectorId) ?? new Map<number, PowerState>()
        prior.set(id, {
          power: Math.round(Math.max(9, Math.min(99, skill + this.rng.normal(0, 4))) * 100) / 100,
          partite: earlier,
          partiteTorneo: Math.round(earlier * 0.8),
        })
        this.priorPower.set(sectorId, prior)
      }
      const person: Person = {
        id,
        nome,
        cognome,
        sesso,
        provincia,
        regionId: REGION_OF_PROVINCE.get(provincia)!,
        clubId: club.id,
        sectorId,
        skill,
        email,
      }
      this.people.push(person)
      const complete = demo ? demo.complete : true
      this.add(persons, {
        id,
        nome,
        cognome,
        sesso,
        dataNascita,
        codiceFiscale: complete ? cfFor({ nome, cognome, sesso, dataNascita, comune }) : null,
        provincia,
        comune,
        telefono: demo ? demo.telefono : this.phone(),
        email,
        fototessera: null,
        clubId: club.id,
        createdAt: at(addDays(this.refDay, -this.rng.int(30, 2000)), 10),
      })
      // Cards: this season for everyone, last season for most; some play a second discipline.
      const sectorsHeld = [sectorId]
      if (demo && i === 0) sectorsHeld.push(SECTOR_IDS.PADEL)
      else if (!demo && sectorId !== SECTOR_IDS.FITPJ && this.rng.chance(0.12)) {
        const other = this.rng.weighted(
          SECTOR_WEIGHTS.filter(
            (s) => s.value !== sectorId && s.value !== SECTOR_IDS.FITPJ && s.value !== SECTOR_IDS.WHEELCHAIR,
          ),
        )
        sectorsHeld.push(other)
      }
      for (const held of sectorsHeld) {
        const seasons =
          demo && i === 0
            ? [this.refYear - 2, this.refYear - 1, this.refYear]
            : this.rng.chance(0.7)
              ? [this.refYear - 1, this.refYear]
              : [this.refYear]
        const tipologia =
          held === SECTOR_IDS.FITPJ
            ? 'Junior'
            : this.rng.chance(0.6) || (demo && i === 0)
              ? 'Agonistica'
              : 'Amatoriale'
        for (const stagione of seasons) {
          this.add(tessere, {
            id: this.nextId('tessere'),
            codiceTessera: `${TESSERA_PREFIX[held]}${String(stagione).slice(2)}${String(id).padStart(7, '0')}`,
            personId: id,
            tipologia,
            disciplineId: DISCIPLINE_OF_SECTOR.get(held)!,
            sectorId: held,
            stagione,
            validaDal: `${stagione}-01-01`,
            validaAl: `${stagione}-12-31`,
          })
        }
      }
      const bySector = this.peopleBySector.get(sectorId) ?? []
      bySector.push(person)
      this.peopleBySector.set(sectorId, bySector)
      const regionKey = `${sectorId}:${person.regionId}`
      const byRegion = this.peopleBySectorRegion.get(regionKey) ?? []
      byRegion.push(person)
      this.peopleBySectorRegion.set(regionKey, byRegion)
      const clubKey = `${club.id}:${sectorId}`
      const members = this.membersByClubSector.get(clubKey) ?? []
      members.push(person)
      this.membersByClubSector.set(clubKey, members)
      if (i % 5000 === 4999) this.progress('Giocatori e tessere', i + 1, total)
    }
  }

  private generateAccounts() {
    DEMO_PEOPLE.forEach((demo, i) => {
      const id = this.faker.string.uuid()
      this.demoAccountIds.push(id)
      this.add(accounts, {
        id,
        email: demo.email,
        passwordHash: this.options.passwordHashes[i] ?? '!seed',
        emailVerifiedAt: at(addDays(this.refDay, -400), 9),
        personId: i + 1,
        role: demo.role,
        puoEsportareClassifiche: demo.export,
        privacyAcceptedAt: demo.privacy ? at(addDays(this.refDay, -400), 9, 5) : null,
        profilation: demo.privacy ? i % 2 === 0 : null,
        createdAt: at(addDays(this.refDay, -400), 9),
      })
      this.add(userSettings, {
        accountId: id,
        disciplineId: 4332,
        sectorId: SECTOR_IDS.TENNIS,
        notificheEmail: true,
        notificheTornei: true,
        notificheSfide: i === 0,
        newsletter: i === 0,
        visibileRicerche: true,
        mostraPower: true,
        updatedAt: at(addDays(this.refDay, -30), 18),
      })
    })
    // Players who use the portal: they write comments, help-desk requests and partner listings. Their password
    // hash is unusable ('!seed'): only the demo accounts can sign in.
    const candidates = this.rng.sample(this.people.slice(DEMO_PEOPLE.length), this.scale.accounts)
    for (const person of candidates) {
      const id = this.faker.string.uuid()
      this.portalAccounts.push({ id, personId: person.id, name: `${person.nome} ${person.cognome}` })
      const createdAt = at(addDays(this.refDay, -this.rng.int(5, 700)), this.rng.int(8, 22))
      this.add(accounts, {
        id,
        email: person.email,
        passwordHash: '!seed',
        emailVerifiedAt: createdAt,
        personId: person.id,
        role: 'player',
        puoEsportareClassifiche: false,
        privacyAcceptedAt: createdAt,
        profilation: this.rng.chance(0.4),
        createdAt,
      })
      if (this.rng.chance(0.3)) {
        this.add(userSettings, {
          accountId: id,
          disciplineId: DISCIPLINE_OF_SECTOR.get(person.sectorId)!,
          sectorId: person.sectorId,
          notificheEmail: this.rng.chance(0.8),
          notificheTornei: this.rng.chance(0.7),
          notificheSfide: this.rng.chance(0.6),
          newsletter: this.rng.chance(0.3),
          visibileRicerche: this.rng.chance(0.85),
          mostraPower: this.rng.chance(0.9),
          updatedAt: createdAt,
        })
      }
    }
  }

  private generateCircuits() {
    const sectors = SECTOR_WEIGHTS.map((s) => s.value)
    for (let i = 0; i < this.scale.circuits; i++) {
      const sectorId = i < sectors.length ? sectors[i]! : this.rng.weighted(SECTOR_WEIGHTS)
      const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
      const stagione = i % 3 === 2 ? this.refYear - 1 : this.refYear
      const region = this.rng.pick(REGIONS)
      const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
      const sectorName = discipline.settori.find((s) => s.id === sectorId)!.nome
      const nome = `${this.rng
        .pick(T.CIRCUIT_NAMES)
        .replace('{region}', region.nome)
        .replace('{discipline}', sectorName)} ${stagione}`
      const id = this.nextId('circuits')
      this.circuitRows.push({ id, sectorId, stagione })
      this.add(circuits, {
        id,
        nome,
        disciplineId,
        sectorId,
        stagione,
        descrizione: `Circuito ${sectorName.toLowerCase()} della stagione ${stagione}: le tappe assegnano punti per la classifica del circuito e per le classifiche nazionali.`,
        logo: `/media/circuiti/logo-${(id % 8) + 1}.png`,
        regolamento: `/media/regolamenti/${discipline.codice}/circuiti.pdf`,
      })
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Tournaments

  /** Players of a sector (and sex, X for any), by region when `regionId` is given; built once, then reused. */
  private pool(sectorId: number, genere: 'M' | 'F' | 'X', regionId?: number): Person[] {
    const key = `${sectorId}:${genere}:${regionId ?? '*'}`
    let pool = this.pools.get(key)
    if (!pool) {
      const source =
        regionId === undefined
          ? (this.peopleBySector.get(sectorId) ?? [])
          : (this.peopleBySectorRegion.get(`${sectorId}:${regionId}`) ?? [])
      pool = source.filter((p) => genere === 'X' || p.sesso === genere)
      this.pools.set(key, pool)
    }
    return pool
  }

  /** `count` players of the sector, from the region when it has plenty, never one of `exclude`. */
  private pickEntrants(
    sectorId: number,
    regionId: number,
    genere: 'M' | 'F' | 'X',
    count: number,
    exclude: Set<number>,
  ): Person[] {
    const regional = this.pool(sectorId, genere, regionId)
    const pool = regional.length >= (count + exclude.size) * 2 ? regional : this.pool(sectorId, genere)
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

  private async generateTournaments() {
    const total = this.scale.tournaments
    const demo = this.people[0]!
    const demoClubs = this.clubsByDiscipline.get(4332)!.filter((c) => c.regionId === this.clubs[0]!.regionId)
    // First pass: what, where and when. Circuit stages are numbered by date before any row is written.
    const headers = Array.from({ length: total }, (_, i) => {
      // The first tournaments are tennis ones near the demo player, so the demo has a history at any scale.
      const forDemo = i < 12
      const sectorId = forDemo ? SECTOR_IDS.TENNIS : this.rng.weighted(SECTOR_WEIGHTS)
      const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
      const club = forDemo
        ? this.rng.pick(demoClubs)
        : this.rng.pick(this.clubsByDiscipline.get(disciplineId)!)
      const offset = i < 8 ? -this.rng.int(10, 700) : forDemo ? this.rng.int(5, 30) : this.rng.int(-730, 120)
      const durata = this.rng.weighted([
        { weight: 5, value: 2 },
        { weight: 3, value: 3 },
        { weight: 2, value: 7 },
        { weight: 1, value: 9 },
      ])
      const dataInizio = addDays(this.refDay, offset)
      const circuitCandidates = this.circuitRows.filter(
        (c) => c.sectorId === sectorId && c.stagione === Number(dataInizio.slice(0, 4)),
      )
      const circuitId =
        circuitCandidates.length > 0 && this.rng.chance(0.3) ? this.rng.pick(circuitCandidates).id : null
      return {
        i,
        forDemo,
        sectorId,
        disciplineId,
        club,
        dataInizio,
        dataFine: addDays(dataInizio, durata - 1),
        circuitId,
        tappa: null as number | null,
      }
    })
    for (const circuit of this.circuitRows) {
      headers
        .filter((h) => h.circuitId === circuit.id)
        .sort((x, y) => x.dataInizio.localeCompare(y.dataInizio) || x.i - y.i)
        .forEach((h, k) => (h.tappa = k + 1))
    }

    let demoPast = 0
    let demoFuture = 0
    const demoPastTarget = this.options.scale === 'small' ? 6 : 24
    const today = dayNumber(this.refDay)
    for (const header of headers) {
      const { i, forDemo, sectorId, disciplineId, club, dataInizio, dataFine, circuitId } = header
      if (i % 250 === 0) this.progress('Tornei, tabelloni e risultati', i, total)
      const categoria = this.rng.weighted<EventCategory>([
        { weight: 40, value: 'OPEN' },
        { weight: 35, value: 'LIMIT_65' },
        { weight: 25, value: 'LIMIT_45' },
      ])
      const doubles =
        sectorId === SECTOR_IDS.PADEL || sectorId === SECTOR_IDS.BEACH
          ? true
          : sectorId === SECTOR_IDS.PICKLEBALL
            ? this.rng.chance(0.5)
            : sectorId === SECTOR_IDS.TENNIS && !forDemo && this.rng.chance(0.08)
      let genere: 'M' | 'F' | 'X' = forDemo
        ? 'M'
        : this.rng.weighted([
            { weight: 50, value: 'M' as const },
            { weight: 28, value: 'F' as const },
            { weight: 22, value: 'X' as const },
          ])
      const iscrizioniDal = at(addDays(dataInizio, -40), 9)
      const iscrizioniAl = at(addDays(dataInizio, -3), 12)
      let status: TournamentStatus
      if (dayNumber(dataFine) < today) status = !forDemo && this.rng.chance(0.02) ? 'annullato' : 'concluso'
      else if (dayNumber(dataInizio) <= today) status = 'in_corso'
      else if (this.now < iscrizioniDal) status = 'programmato'
      else if (this.now <= iscrizioniAl) status = 'iscrizioni_aperte'
      else status = 'iscrizioni_chiuse'
      let formula = this.rng.weighted([
        { weight: 65, value: 'eliminazione' as const },
        { weight: 15, value: 'girone' as const },
        { weight: 20, value: 'gironi_eliminazione' as const },
      ])
      if (status === 'in_corso' || forDemo) formula = 'eliminazione'
      const maxIscritti =
        formula === 'girone'
          ? 6
          : formula === 'gironi_eliminazione'
            ? this.rng.pick([12, 16, 24])
            : this.rng.weighted([
                { weight: 2, value: 8 },
                { weight: 5, value: 16 },
                { weight: 4, value: 32 },
                { weight: this.options.scale === 'small' ? 0 : 1, value: 64 },
              ])
      const minimum = formula === 'gironi_eliminazione' ? 8 : 4
      const perEntry = doubles ? 2 : 1
      // Too few players of that sex in the sector: the tournament is open to everyone.
      const available = this.pool(sectorId, genere).length
      if (available < maxIscritti * perEntry * 1.5) genere = 'X'
      const nome = this.tournamentName(club)
      const id = this.nextId('tournaments')
      this.add(tournaments, {
        id,
        nome,
        disciplineId,
        sectorId,
        tipo: 'TR',
        categoria,
        specialita: doubles ? 'doppio' : 'singolare',
        genere,
        formula,
        clubId: club.id,
        circuitId,
        tappa: header.tappa,
        championshipId: null,
        regionId: null,
        dataInizio,
        dataFine,
        iscrizioniDal,
        iscrizioniAl,
        maxIscritti,
        quotaCentesimi: this.rng.pick([1000, 1500, 2000, 2500, 3000, 4000]),
        status,
        descrizione: `${nome}: torneo ${categoria === 'OPEN' ? 'open' : `limitato (${categoria === 'LIMIT_65' ? '65' : '45'})`} di ${DISCIPLINE_BY_ID.get(disciplineId)!.nome.toLowerCase()} ${doubles ? 'in doppio' : 'in singolare'}. Palline e acqua offerte dal circolo, premi ai finalisti.`,
        locandina: `/media/locandine/locandina-${(id % 12) + 1}.jpg`,
        giudiceArbitro: `${this.faker.person.firstName()} ${this.faker.person.lastName()}`,
      })
      const info: TournamentInfo = {
        id,
        nome,
        sectorId,
        disciplineId,
        categoria,
        dataInizio,
        dataFine,
        status,
        doubles,
        circuitId,
        clubId: club.id,
        entries: [],
      }
      this.tournamentInfos.push(info)
      if (status === 'programmato' || status === 'annullato') continue

      // Entrants: how many, who (the demo player joins a share of the tennis tournaments), in ranking order.
      let count =
        status === 'iscrizioni_aperte'
          ? Math.round(maxIscritti * (0.2 + this.rng.next() * 0.95))
          : Math.max(minimum, Math.round(maxIscritti * (0.55 + this.rng.next() * 0.45)))
      if (status !== 'iscrizioni_aperte') count = Math.min(count, maxIscritti)
      const players = new Set<number>()
      const chosen: Person[][] = []
      const wantsDemo =
        sectorId === SECTOR_IDS.TENNIS &&
        !doubles &&
        genere !== 'F' &&
        ((status === 'concluso' && demoPast < demoPastTarget) ||
          (status === 'iscrizioni_aperte' && demoFuture < 2))
      if (wantsDemo) {
        chosen.push([demo])
        players.add(demo.id)
        if (status === 'concluso') demoPast++
        else demoFuture++
      }
      const picked = this.pickEntrants(
        sectorId,
        club.regionId,
        genere,
        (count - chosen.length) * perEntry,
        players,
      )
      for (let k = 0; k + perEntry - 1 < picked.length; k += perEntry)
        chosen.push(picked.slice(k, k + perEntry))
      const entryRows: Entry[] = chosen.map((team) => {
        const skill = team.reduce((sum, p) => sum + p.skill, 0) / team.length
        return {
          id: this.nextId('tournament_entries'),
          personId: team[0]!.id,
          partnerId: team[1]?.id ?? null,
          skill,
          // Ranking points at entry time are approximated from the hidden level while generating.
          punti: Math.max(0, Math.round(skill * 20 + this.rng.normal(0, 120))),
        }
      })
      const closes = Math.min(iscrizioniAl.getTime(), this.now.getTime() - 60_000)
      entryRows.forEach((entry, k) => {
        const waiting = k >= maxIscritti
        this.add(tournamentEntries, {
          id: entry.id,
          tournamentId: id,
          personId: entry.personId,
          partnerId: entry.partnerId,
          status: waiting ? 'lista_attesa' : 'iscritto',
          posizioneAttesa: waiting ? k - maxIscritti + 1 : null,
          testaDiSerie: null,
          puntiIngresso: entry.punti,
          iscrittoIl: new Date(
            iscrizioniDal.getTime() + ((closes - iscrizioniDal.getTime()) * (k + 1)) / (entryRows.length + 1),
          ),
          iscrittoDa: null,
        })
      })
      const enrolled = entryRows.slice(0, maxIscritti)
      info.entries = enrolled
      if (status === 'iscrizioni_aperte' || enrolled.length < 2) continue
      const seedText = createHash('sha256').update(`portale:${this.options.scale}:${id}:1`).digest('hex')
      const ordered = [...enrolled].sort((x, y) => y.punti - x.punti || x.id - y.id)
      if (status === 'iscrizioni_chiuse') {
        // Draw not made yet: the seed's hash is already public, the seed is not.
        const size = 2 ** Math.ceil(Math.log2(ordered.length))
        this.add(draws, {
          id: this.nextId('draws'),
          tournamentId: id,
          tipo: formula === 'eliminazione' ? 'eliminazione' : 'gironi',
          fase: 1,
          nome:
            formula === 'eliminazione'
              ? 'Tabellone principale'
              : formula === 'girone'
                ? 'Girone unico'
                : 'Gironi',
          dimensione: formula === 'eliminazione' ? size : ordered.length,
          turni: formula === 'eliminazione' ? Math.log2(size) : null,
          seedHash: commitSeed(seedText),
          hashPubblicatoIl: iscrizioniAl,
          seed: null,
          sorteggiatoIl: null,
        })
        continue
      }
      this.playTournament(info, formula, ordered, seedText, iscrizioniAl)
      // Keep memory flat at large scales: tournaments are written in slices.
      if ((this.pending.get(matches)?.length ?? 0) > 50_000) await this.flush()
    }
  }

  private tournamentName(club: Club): string {
    const pattern = this.rng.pick(T.TOURNAMENT_PATTERNS)
    const short = club.nome.replace(
      /^(Circolo Tennis|Tennis Club|Padel Club|Beach Club|Sporting Club|Country Club|Polisportiva|A\.S\.D\. Racchette|Pickleball Club|Circolo Sportivo) /,
      '',
    )
    return pattern
      .replace('{club}', short)
      .replace('{place}', this.rng.pick(T.GENERIC_PLACES))
      .replace('{surname}', this.faker.person.lastName())
      .replace('{comune}', club.comune)
      .replace('{season}', this.rng.pick(T.SEASON_NAMES))
  }

  private matchDay(info: TournamentInfo, step: number, steps: number): string {
    const span = dayNumber(info.dataFine) - dayNumber(info.dataInizio)
    return addDays(info.dataInizio, Math.min(span, Math.floor((step * (span + 1)) / Math.max(1, steps))))
  }

  private courtFor(info: TournamentInfo): number | null {
    const list = this.courtsByClubDiscipline.get(`${info.clubId}:${info.disciplineId}`)
    return list ? this.rng.pick(list) : null
  }

  private simulate(
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

  private rate(
    info: TournamentInfo,
    matchId: number,
    a: Entry,
    b: Entry,
    result: SimulatedMatch,
    when: Date,
  ) {
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
  }

  /** Draws, plays and scores a tournament (fully when concluded, up to today when in progress). */
  private playTournament(
    info: TournamentInfo,
    formula: 'eliminazione' | 'girone' | 'gironi_eliminazione',
    ordered: Entry[],
    seedText: string,
    hashPublished: Date,
  ) {
    const drawnAt = new Date(hashPublished.getTime() + 3_600_000)
    const byId = new Map(ordered.map((e) => [e.id, e]))
    const results = new Map<number, RoundReached>()
    if (formula === 'eliminazione') {
      const draw = buildEliminationDraw(
        ordered.map((e) => e.id),
        seedText,
      )
      this.markSeeds(draw.seeds)
      const drawId = this.nextId('draws')
      this.add(draws, {
        id: drawId,
        tournamentId: info.id,
        tipo: 'eliminazione',
        fase: 1,
        nome: 'Tabellone principale',
        dimensione: draw.size,
        turni: draw.rounds,
        seedHash: commitSeed(seedText),
        hashPubblicatoIl: hashPublished,
        seed: seedText,
        sorteggiatoIl: drawnAt,
      })
      const played = this.playElimination(info, drawId, draw.slots, draw.rounds, byId, 0, 1)
      if (played) for (const [entryId, r] of played) results.set(entryId, r)
    } else {
      const groupCount = formula === 'girone' ? 1 : defaultGroupCount(ordered.length)
      const groups = buildGroups(
        ordered.map((e) => e.id),
        groupCount,
        seedText,
      )
      const drawId = this.nextId('draws')
      this.add(draws, {
        id: drawId,
        tournamentId: info.id,
        tipo: 'gironi',
        fase: 1,
        nome: formula === 'girone' ? 'Girone unico' : 'Gironi',
        dimensione: ordered.length,
        turni: null,
        seedHash: commitSeed(seedText),
        hashPubblicatoIl: hashPublished,
        seed: seedText,
        sorteggiatoIl: drawnAt,
      })
      const steps = formula === 'girone' ? 1 : 2
      const finishing: number[][] = []
      groups.forEach((members, g) => {
        const groupId = this.nextId('draw_groups')
        this.add(drawGroups, {
          id: groupId,
          drawId,
          nome: formula === 'girone' ? 'Girone unico' : `Girone ${String.fromCharCode(65 + g)}`,
          ordine: g + 1,
        })
        const schedule = roundRobinSchedule(members.length)
        const groupResults: Parameters<typeof groupStandings>[1][number][] = []
        schedule.forEach((pairs, r) => {
          const day = this.matchDay(info, r * steps, schedule.length * steps)
          pairs.forEach(([x, y], k) => {
            const a = byId.get(members[x]!)!
            const b = byId.get(members[y]!)!
            // No walkovers in groups: a withdrawal there would distort the standings.
            const result = this.simulate(info, a, b, { walkoverRate: 0 })
            const winner = result.winner === 'A' ? a : b
            const matchId = this.nextId('matches')
            const when = at(day, 9 + ((k + r) % 11), 30)
            this.add(matches, {
              id: matchId,
              tournamentId: info.id,
              drawId,
              groupId,
              turno: r + 1,
              posizione: k,
              entryAId: a.id,
              entryBId: b.id,
              winnerEntryId: winner.id,
              esito: result.esito,
              sets: result.sets,
              setA: result.setA,
              setB: result.setB,
              gameA: result.gameA,
              gameB: result.gameB,
              programmataIl: when,
              courtId: this.courtFor(info),
              giocataIl: when,
            })
            this.rate(info, matchId, a, b, result, when)
            groupResults.push({
              entryAId: a.id,
              entryBId: b.id,
              winnerEntryId: winner.id,
              setA: result.setA ?? 0,
              setB: result.setB ?? 0,
              gameA: result.gameA ?? 0,
              gameB: result.gameB ?? 0,
            })
          })
        })
        const standings = groupStandings(members, groupResults)
        finishing.push(standings.map((s) => s.entryId))
        for (const row of standings) {
          this.add(groupStandingsTable, {
            groupId,
            entryId: row.entryId,
            posizione: row.posizione,
            giocate: row.giocate,
            vinte: row.vinte,
            perse: row.perse,
            setVinti: row.setVinti,
            setPersi: row.setPersi,
            gameVinti: row.gameVinti,
            gamePersi: row.gamePersi,
            punti: row.punti,
            qualificato: formula === 'gironi_eliminazione' && row.posizione <= 2,
          })
          if (formula === 'girone') results.set(row.entryId, roundReachedInRoundRobin(row.posizione))
          else results.set(row.entryId, 'GIR')
        }
      })
      if (formula === 'gironi_eliminazione') {
        const draw = knockoutFromGroups(finishing, 2)
        const knockoutId = this.nextId('draws')
        const knockoutSeed = createHash('sha256')
          .update(`portale:${this.options.scale}:${info.id}:2`)
          .digest('hex')
        this.add(draws, {
          id: knockoutId,
          tournamentId: info.id,
          tipo: 'eliminazione',
          fase: 2,
          nome: 'Tabellone finale',
          dimensione: draw.size,
          turni: draw.rounds,
          // The knockout follows the standings and uses no randomness; its seed is published for uniformity.
          seedHash: commitSeed(knockoutSeed),
          hashPubblicatoIl: drawnAt,
          seed: knockoutSeed,
          sorteggiatoIl: at(this.matchDay(info, 1, 2), 8),
        })
        const played = this.playElimination(info, knockoutId, draw.slots, draw.rounds, byId, 1, 2)
        if (played) for (const [entryId, r] of played) results.set(entryId, r)
      }
    }
    if (info.status !== 'concluso') return
    for (const [entryId, risultato] of results) {
      const entry = byId.get(entryId)!
      const punti = pointsFor(risultato, info.categoria)
      if (risultato === 'V') this.winners.set(info.id, entry.personId)
      for (const personId of entry.partnerId ? [entry.personId, entry.partnerId] : [entry.personId]) {
        this.add(tournamentPoints, {
          tournamentId: info.id,
          personId,
          entryId,
          sectorId: info.sectorId,
          risultato,
          categoria: info.categoria,
          punti,
          data: info.dataFine,
        })
        this.pointsRecords.push({
          personId,
          tournamentId: info.id,
          punti,
          data: info.dataFine,
          sectorId: info.sectorId,
          circuitId: info.circuitId,
        })
      }
    }
  }

  private markSeeds(seeds: Map<number, number>) {
    const rows = this.pending.get(tournamentEntries)!
    // The entries were added just before: search from the end, stop once every seed is marked.
    let left = seeds.size
    for (let k = rows.length - 1; k >= 0 && left > 0; k--) {
      const seed = seeds.get(rows[k]!.id as number)
      if (seed === undefined) continue
      rows[k]!.testaDiSerie = seed
      left--
    }
  }

  /**
   * Plays an elimination draw round by round. Matches on days after the reference day stay da_giocare (with the
   * entries known so far). Returns each entry's result when the draw is complete, otherwise null.
   */
  private playElimination(
    info: TournamentInfo,
    drawId: number,
    slots: (number | null)[],
    rounds: number,
    byId: Map<number, Entry>,
    stepOffset: number,
    steps: number,
  ): Map<number, RoundReached> | null {
    let current: (number | null)[] = slots
    const played: EliminationMatch[] = []
    let complete = true
    for (let turno = 1; turno <= rounds; turno++) {
      const next: (number | null)[] = new Array(current.length / 2).fill(null)
      const day = this.matchDay(info, stepOffset * rounds + turno - 1, steps * rounds)
      const playable = info.status === 'concluso' || day < this.refDay
      for (let posizione = 0; posizione < current.length / 2; posizione++) {
        const aId = current[posizione * 2] ?? null
        const bId = current[posizione * 2 + 1] ?? null
        const matchId = this.nextId('matches')
        const when = at(day, 9 + (posizione % 11), posizione % 2 === 0 ? 0 : 30)
        const common = {
          id: matchId,
          tournamentId: info.id,
          drawId,
          groupId: null,
          turno,
          posizione,
          entryAId: aId,
          entryBId: bId,
          programmataIl: aId !== null && bId !== null ? when : null,
          courtId: null as number | null,
        }
        const target = nextSlot(turno, posizione)
        const advance = (winner: number) => {
          next[target.posizione * 2 + (target.side === 'A' ? 0 : 1)] = winner
        }
        if (turno === 1 && (aId === null || bId === null)) {
          const winner = (aId ?? bId)!
          this.add(matches, {
            ...common,
            winnerEntryId: winner,
            esito: 'bye',
            sets: null,
            setA: null,
            setB: null,
            gameA: null,
            gameB: null,
            giocataIl: null,
          })
          played.push({ turno, entryAId: aId, entryBId: bId, winnerEntryId: winner, esito: 'bye' })
          advance(winner)
          continue
        }
        if (aId === null || bId === null || !playable) {
          complete = false
          this.add(matches, {
            ...common,
            winnerEntryId: null,
            esito: 'da_giocare',
            sets: null,
            setA: null,
            setB: null,
            gameA: null,
            gameB: null,
            giocataIl: null,
          })
          continue
        }
        const a = byId.get(aId)!
        const b = byId.get(bId)!
        const result = this.simulate(info, a, b)
        const winner = result.winner === 'A' ? a : b
        this.add(matches, {
          ...common,
          courtId: this.courtFor(info),
          winnerEntryId: winner.id,
          esito: result.esito,
          sets: result.sets,
          setA: result.setA,
          setB: result.setB,
          gameA: result.gameA,
          gameB: result.gameB,
          giocataIl: when,
        })
        this.rate(info, matchId, a, b, result, when)
        played.push({ turno, entryAId: aId, entryBId: bId, winnerEntryId: winner.id, esito: result.esito })
        advance(winner.id)
      }
      current = next
    }
    if (!complete) return null
    const results = new Map<number, RoundReached>()
    for (const r of eliminationResults(played, rounds, info.categoria)) results.set(r.entryId, r.risultato)
    return results
  }

  // -------------------------------------------------------------------------------------------------------
  // Team championships

  private generateChampionships() {
    const demo = this.people[0]!
    const sectorChoices = [
      { weight: 4, value: SECTOR_IDS.TENNIS },
      { weight: 4, value: SECTOR_IDS.PADEL },
      { weight: 1, value: SECTOR_IDS.BEACH },
      { weight: 1, value: SECTOR_IDS.PICKLEBALL },
    ]
    for (let c = 0; c < this.scale.championships; c++) {
      const sectorId =
        c === 0 ? SECTOR_IDS.TENNIS : c === 1 ? SECTOR_IDS.PADEL : this.rng.weighted(sectorChoices)
      const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
      const current = c === 0 || c % 2 === 1 || this.rng.chance(0.5)
      const stagione = current ? this.refYear : this.refYear - 1
      const genere: 'M' | 'F' | 'X' = c === 0 ? 'M' : this.rng.pick(['M', 'F', 'X'] as const)
      const dataInizio = current ? addDays(this.refDay, -35) : `${stagione}-03-01`
      const dataFine = current ? addDays(this.refDay, 70) : `${stagione}-06-30`
      const status: TournamentStatus = current ? 'in_corso' : 'concluso'
      const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
      const genereLabel = { M: 'maschile', F: 'femminile', X: 'misto' }[genere]
      const championshipId = this.nextId('championships')
      this.add(championships, {
        id: championshipId,
        nome: `Campionato a squadre ${discipline.nome} ${genereLabel} ${stagione}`,
        disciplineId,
        sectorId,
        stagione,
        genere,
        descrizione: `Campionato nazionale a squadre di ${discipline.nome.toLowerCase()}, categoria ${genereLabel}: gironi regionali con incontri di andata, due punti per ogni incontro vinto.`,
        regolamento: `/media/regolamenti/${discipline.codice}/coppa-dei-circoli.pdf`,
        dataInizio,
        dataFine,
        iscrizioniAl: at(addDays(dataInizio, -20), 12),
        status,
      })
      const series = this.options.scale === 'small' ? ['Serie C'] : ['Serie B', 'Serie C']
      for (const [s, serie] of series.entries()) {
        const clubsOffering = this.clubsByDiscipline.get(disciplineId)!
        const anchor =
          c === 0 && s === 0 ? this.clubs.find((k) => k.id === demo.clubId)! : this.rng.pick(clubsOffering)
        const regionId = anchor.regionId
        const tournamentId = this.nextId('tournaments')
        const info: TournamentInfo = {
          id: tournamentId,
          nome: `${serie} ${REGION_NAME.get(regionId)}`,
          sectorId,
          disciplineId,
          categoria: 'OPEN',
          dataInizio,
          dataFine,
          status,
          doubles: sectorId !== SECTOR_IDS.TENNIS,
          circuitId: null,
          clubId: anchor.id,
          entries: [],
        }
        this.add(tournaments, {
          id: tournamentId,
          nome: `${serie} ${genereLabel} ${REGION_NAME.get(regionId)} – ${discipline.nome} ${stagione}`,
          disciplineId,
          sectorId,
          tipo: 'CA',
          categoria: 'OPEN',
          specialita: info.doubles ? 'doppio' : 'singolare',
          genere,
          formula: 'girone',
          clubId: null,
          circuitId: null,
          tappa: null,
          championshipId,
          regionId,
          dataInizio,
          dataFine,
          iscrizioniDal: at(addDays(dataInizio, -60), 9),
          iscrizioniAl: at(addDays(dataInizio, -20), 12),
          maxIscritti: 12,
          quotaCentesimi: 15000,
          status,
          descrizione: `${serie} del campionato a squadre: gironi all'italiana, incontri di ${info.doubles ? 'tre doppi' : 'due singolari e un doppio'}.`,
          locandina: null,
          giudiceArbitro: `${this.faker.person.firstName()} ${this.faker.person.lastName()}`,
        })
        const regional = clubsOffering.filter((k) => k.regionId === regionId)
        const groupCount = this.options.scale === 'small' ? 1 : this.rng.int(1, 2)
        const teamCount = groupCount * this.rng.int(4, 6)
        const teamClubs = [
          anchor,
          ...this.rng.sample(
            regional.length >= teamCount
              ? regional.filter((k) => k !== anchor)
              : clubsOffering.filter((k) => k !== anchor),
            teamCount - 1,
          ),
        ]
        const seedText = createHash('sha256')
          .update(`portale:${this.options.scale}:ca:${tournamentId}`)
          .digest('hex')
        const drawId = this.nextId('draws')
        this.add(draws, {
          id: drawId,
          tournamentId,
          tipo: 'gironi',
          fase: 1,
          nome: 'Gironi',
          dimensione: teamClubs.length,
          turni: null,
          seedHash: commitSeed(seedText),
          hashPubblicatoIl: at(addDays(dataInizio, -15), 12),
          seed: seedText,
          sorteggiatoIl: at(addDays(dataInizio, -15), 13),
        })
        this.teamTournaments.push({ id: tournamentId, dataInizio })
        const used = new Set<number>()
        const names = new Set<string>()
        const teamList = teamClubs.map((club, t) => {
          const teamId = this.nextId('teams')
          const nome = names.has(club.nome)
            ? `${club.nome} ${T.TEAM_SUFFIXES[t % T.TEAM_SUFFIXES.length]}`
            : club.nome
          names.add(nome)
          const size = this.rng.int(4, 8)
          const isDemoTeam = c === 0 && s === 0 && t === 0
          const fromClub = (this.membersByClubSector.get(`${club.id}:${sectorId}`) ?? []).filter(
            (p) => (genere === 'X' || p.sesso === genere) && !used.has(p.id) && p.id !== demo.id,
          )
          let roster = this.rng.sample(fromClub, size - (isDemoTeam ? 1 : 0))
          if (isDemoTeam) roster = [demo, ...roster]
          if (roster.length < size) {
            const exclude = new Set([...used, ...roster.map((p) => p.id), demo.id])
            roster = [
              ...roster,
              ...this.pickEntrants(sectorId, club.regionId, genere, size - roster.length, exclude),
            ]
          }
          roster.forEach((p) => used.add(p.id))
          return {
            id: teamId,
            club,
            nome,
            roster,
            captain: roster[0]!,
            skill: roster.reduce((a, p) => a + p.skill, 0) / roster.length,
          }
        })
        const groups = buildGroups(
          teamList.map((t) => t.id),
          groupCount,
          seedText,
        )
        const teamById = new Map(teamList.map((t) => [t.id, t]))
        groups.forEach((members, g) => {
          const groupId = this.nextId('draw_groups')
          this.add(drawGroups, { id: groupId, drawId, nome: `Girone ${g + 1}`, ordine: g + 1 })
          for (const teamId of members) {
            const team = teamById.get(teamId)!
            this.add(teams, {
              id: team.id,
              tournamentId,
              clubId: team.club.id,
              nome: team.nome,
              captainPersonId: team.captain.id,
              groupId,
              createdAt: at(addDays(dataInizio, -25), 11),
            })
            team.roster.forEach((p, k) =>
              this.add(teamMembers, {
                teamId: team.id,
                personId: p.id,
                ruolo: k === 0 ? 'capitano' : 'giocatore',
                aggiuntoIl: at(addDays(dataInizio, -25), 11),
              }),
            )
          }
          this.playTies(
            info,
            groupId,
            members.map((id) => teamById.get(id)!),
          )
        })
      }
    }
  }

  private playTies(
    info: TournamentInfo,
    groupId: number,
    groupTeams: { id: number; roster: Person[]; captain: Person; skill: number; club: Club }[],
  ) {
    const schedule = roundRobinSchedule(groupTeams.length)
    const rubbers: ('singolare' | 'doppio')[] = info.doubles
      ? ['doppio', 'doppio', 'doppio']
      : ['singolare', 'singolare', 'doppio']
    const table = new Map(
      groupTeams.map((t) => [
        t.id,
        { giocati: 0, vinti: 0, persi: 0, partiteVinte: 0, partitePerse: 0, punti: 0 },
      ]),
    )
    schedule.forEach((pairs, r) => {
      const day = addDays(info.dataInizio, r * 7 + 5)
      for (const [x, y] of pairs) {
        const home = groupTeams[x]!
        const away = groupTeams[y]!
        const tieId = this.nextId('team_ties')
        const when = at(day, 15)
        const past = day < addDays(this.refDay, -2)
        const recent = !past && day < this.refDay
        const row: Row = {
          id: tieId,
          tournamentId: info.id,
          groupId,
          giornata: r + 1,
          homeTeamId: home.id,
          awayTeamId: away.id,
          dataProposta: null,
          propostaIl: null,
          dataConfermata: null,
          clubId: home.club.id,
          status: 'da_programmare',
          puntiCasa: null,
          puntiOspiti: null,
          winnerTeamId: null,
          risultatoInseritoDa: null,
          risultatoInseritoIl: null,
          confermatoDa: null,
          confermatoIl: null,
          contestatoDa: null,
          contestatoIl: null,
          motivoContestazione: null,
        }
        if (!past && !recent) {
          const kind = this.rng.next()
          if (kind < 0.45)
            Object.assign(row, {
              status: 'proposto',
              dataProposta: when,
              propostaIl: at(addDays(this.refDay, -this.rng.int(0, 5)), 20),
            })
          else if (kind < 0.8)
            Object.assign(row, {
              status: 'programmato',
              dataProposta: when,
              propostaIl: at(addDays(day, -12), 20),
              dataConfermata: when,
            })
          this.add(teamTies, row)
          continue
        }
        // Lineups (schieramenti) and rubbers, then the result flow between the captains.
        const lineup = (team: typeof home) => {
          const players = this.rng.shuffle(team.roster)
          let cursor = 0
          return rubbers.map((tipo) => {
            const count = tipo === 'doppio' ? 2 : 1
            const chosen: Person[] = []
            for (let k = 0; k < count; k++) chosen.push(players[cursor++ % players.length]!)
            return chosen
          })
        }
        const homeLineup = lineup(home)
        const awayLineup = lineup(away)
        let homeWins = 0
        rubbers.forEach((tipo, n) => {
          for (const [team, line] of [
            [home, homeLineup[n]!],
            [away, awayLineup[n]!],
          ] as const) {
            line.forEach((p, slot) =>
              this.add(teamLineups, {
                tieId,
                teamId: team.id,
                numero: n + 1,
                slot: slot + 1,
                personId: p.id,
                inseritoIl: at(addDays(day, -1), 21),
              }),
            )
          }
          const skillOf = (line: Person[]) => line.reduce((a, p) => a + p.skill, 0) / line.length
          const result = simulateMatch(this.rng, skillOf(homeLineup[n]!), skillOf(awayLineup[n]!), {
            rally: info.sectorId === SECTOR_IDS.PICKLEBALL,
            walkoverRate: 0.01,
          })
          if (result.winner === 'A') homeWins++
          this.add(tieMatches, {
            tieId,
            numero: n + 1,
            tipo,
            home1Id: homeLineup[n]![0]!.id,
            home2Id: homeLineup[n]![1]?.id ?? null,
            away1Id: awayLineup[n]![0]!.id,
            away2Id: awayLineup[n]![1]?.id ?? null,
            sets: result.sets,
            vincitore: result.winner === 'A' ? 'casa' : 'ospiti',
            esito: result.esito,
          })
        })
        const awayWins = rubbers.length - homeWins
        const winner = homeWins > awayWins ? home : away
        const flow = recent
          ? 'risultato_inserito'
          : this.rng.weighted([
              { weight: 88, value: 'confermato' },
              { weight: 6, value: 'contestato' },
              { weight: 6, value: 'risolto' },
            ])
        Object.assign(row, {
          status: flow,
          dataProposta: when,
          propostaIl: at(addDays(day, -12), 20),
          dataConfermata: when,
          puntiCasa: homeWins,
          puntiOspiti: awayWins,
          winnerTeamId: winner.id,
          risultatoInseritoDa: home.captain.id,
          risultatoInseritoIl: at(day, 19),
        })
        if (flow === 'confermato' || flow === 'risolto')
          Object.assign(row, { confermatoDa: away.captain.id, confermatoIl: at(addDays(day, 1), 10) })
        if (flow === 'contestato' || flow === 'risolto')
          Object.assign(row, {
            contestatoDa: away.captain.id,
            contestatoIl: at(addDays(day, 1), 9),
            motivoContestazione: 'Il punteggio del secondo incontro non corrisponde a quello giocato.',
          })
        this.add(teamTies, row)
        if (flow === 'confermato' || flow === 'risolto') {
          const h = table.get(home.id)!
          const a = table.get(away.id)!
          h.giocati++
          a.giocati++
          h.partiteVinte += homeWins
          h.partitePerse += awayWins
          a.partiteVinte += awayWins
          a.partitePerse += homeWins
          const [w, l] = winner === home ? [h, a] : [a, h]
          w.vinti++
          w.punti += 2
          l.persi++
        }
      }
    })
    const standings = [...table].sort(
      ([ia, a], [ib, b]) =>
        b.punti - a.punti || b.partiteVinte - b.partitePerse - (a.partiteVinte - a.partitePerse) || ia - ib,
    )
    standings.forEach(([teamId, s], k) =>
      this.add(teamStandings, { groupId, teamId, posizione: k + 1, ...s }),
    )
  }

  // -------------------------------------------------------------------------------------------------------
  // Challenges (sfide)

  private generateChallenges() {
    const demo = this.people[0]!
    const statuses = [
      { weight: 2, value: 'draft' },
      { weight: 12, value: 'proposed' },
      { weight: 12, value: 'accepted' },
      { weight: 8, value: 'refused' },
      { weight: 6, value: 'cancelled' },
      { weight: 10, value: 'expired' },
      { weight: 8, value: 'resultEntered' },
      { weight: 32, value: 'confirmed' },
      { weight: 5, value: 'contested' },
      { weight: 5, value: 'resolved' },
    ] as const
    // The demo player: challenged (to answer), a result to confirm, a confirmed one.
    const demoPlan = ['proposed', 'resultEntered', 'confirmed'] as const
    for (let c = 0; c < this.scale.challenges; c++) {
      const forDemo = c < demoPlan.length
      const status = forDemo ? demoPlan[c]! : this.rng.weighted(statuses)
      const sectorId = forDemo
        ? SECTOR_IDS.TENNIS
        : this.rng.weighted(SECTOR_WEIGHTS.filter((s) => s.value !== SECTOR_IDS.FITPJ))
      const doubles =
        !forDemo &&
        sectorId !== SECTOR_IDS.TENNIS &&
        sectorId !== SECTOR_IDS.WHEELCHAIR &&
        this.rng.chance(0.5)
      const creatorPool = this.peopleBySector.get(sectorId)!
      let creator = demo
      if (!(forDemo && c === 2)) {
        do creator = this.rng.pick(creatorPool)
        while (creator.id === demo.id)
      }
      const exclude = new Set([creator.id])
      const others = forDemo
        ? c === 2
          ? this.pickEntrants(sectorId, creator.regionId, 'X', 1, new Set([demo.id]))
          : [demo]
        : this.pickEntrants(sectorId, creator.regionId, 'X', doubles ? 3 : 1, exclude)
      if (others.length < (doubles ? 3 : 1)) continue
      const side1 = doubles ? [creator, others[0]!] : [creator]
      const side2 = doubles ? [others[1]!, others[2]!] : [others[0]!]
      const id = this.nextId('challenges')
      const recent = status === 'proposed' || status === 'draft'
      const createdDay = addDays(
        this.refDay,
        recent
          ? -this.rng.int(0, 5)
          : status === 'resultEntered'
            ? -this.rng.int(3, 6)
            : -this.rng.int(10, 300),
      )
      const createdAt = at(createdDay, this.rng.int(8, 21))
      const propostaIl = status === 'draft' ? null : createdAt
      const matchDay =
        status === 'resultEntered' ? addDays(this.refDay, -1) : addDays(createdDay, this.rng.int(2, 6))
      const matchAt = at(matchDay, this.rng.int(9, 20))
      const club = this.clubs.find((k) => k.id === creator.clubId)!
      this.add(challenges, {
        id,
        disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
        sectorId,
        createdByPersonId: creator.id,
        specialita: doubles ? 'doppio' : 'singolare',
        status,
        pubblica: this.rng.chance(0.25),
        clubId: club.id,
        provincia: club.provincia,
        dataProposta: matchAt,
        messaggio: this.rng.pick(T.CHALLENGE_MESSAGES),
        propostaIl,
        scadeIl: propostaIl
          ? new Date(propostaIl.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY)
          : null,
        createdAt,
        updatedAt: createdAt,
      })
      const answered = !['draft', 'proposed', 'expired', 'cancelled'].includes(status)
      const answer = status === 'refused' ? 'rifiutata' : answered ? 'accettata' : 'in_attesa'
      // Answered within a day, before the match (at least two days after the proposal).
      const answerAt = new Date(createdAt.getTime() + this.rng.int(1, 24) * 3_600_000)
      for (const p of side1)
        this.add(challengeParticipants, {
          challengeId: id,
          personId: p.id,
          lato: 1,
          risposta: 'accettata',
          rispostaIl: createdAt,
        })
      for (const p of side2)
        this.add(challengeParticipants, {
          challengeId: id,
          personId: p.id,
          lato: 2,
          risposta: answer,
          rispostaIl: answer === 'in_attesa' ? null : answerAt,
        })
      // History: every transition of machines/challenge.
      const events: [string, string | null, string, number | null, Date, string?][] = [
        ['challenge.create', null, 'draft', creator.id, createdAt],
      ]
      if (propostaIl) events.push(['challenge.propose', 'draft', 'proposed', creator.id, propostaIl])
      if (status === 'refused')
        events.push(['challenge.refuse', 'proposed', 'refused', side2[0]!.id, answerAt])
      if (status === 'cancelled')
        events.push(['challenge.cancel', 'proposed', 'cancelled', creator.id, answerAt])
      if (status === 'expired')
        events.push([
          'system.expire',
          'proposed',
          'expired',
          null,
          new Date(propostaIl!.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY),
          'Proposta non accettata entro 7 giorni',
        ])
      if (answered && status !== 'refused')
        events.push(['challenge.accept', 'proposed', 'accepted', side2[0]!.id, answerAt])
      if (['resultEntered', 'confirmed', 'contested', 'resolved'].includes(status)) {
        const skill = (side: Person[]) => side.reduce((a, p) => a + p.skill, 0) / side.length
        const result = simulateMatch(this.rng, skill(side1), skill(side2), {
          rally: sectorId === SECTOR_IDS.PICKLEBALL,
          walkoverRate: 0,
          retireRate: 0,
        })
        // In the demo player's pending result the opponent entered it, so the demo player can confirm it.
        const enteredBy =
          forDemo && status === 'resultEntered' ? creator : this.rng.chance(0.5) ? side1[0]! : side2[0]!
        const otherSide = side1.includes(enteredBy) ? side2 : side1
        const enteredAt = new Date(matchAt.getTime() + 3 * 3_600_000)
        const auto = status === 'confirmed' && this.rng.chance(0.2)
        const confirmedAt = auto
          ? new Date(enteredAt.getTime() + CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS * 3_600_000)
          : new Date(enteredAt.getTime() + this.rng.int(1, 40) * 3_600_000)
        const contested = status === 'contested' || status === 'resolved'
        this.add(challengeResults, {
          challengeId: id,
          sets: result.sets as SetScore[],
          vincitoreLato: result.winner === 'A' ? 1 : 2,
          gameLato1: result.gameA,
          gameLato2: result.gameB,
          inseritoDa: enteredBy.id,
          inseritoIl: enteredAt,
          confermatoDa: status === 'confirmed' && !auto ? otherSide[0]!.id : null,
          confermatoIl: status === 'confirmed' ? confirmedAt : null,
          confermaAutomatica: auto,
          contestatoDa: contested ? otherSide[0]!.id : null,
          contestatoIl: contested ? confirmedAt : null,
          motivoContestazione: contested ? 'Il punteggio inserito non è quello della partita giocata.' : null,
          risoltoIl: status === 'resolved' ? new Date(confirmedAt.getTime() + 3 * DAY) : null,
          risoluzione:
            status === 'resolved' ? 'Risultato confermato dal circolo dopo aver sentito i giocatori.' : null,
        })
        events.push(['result.enter', 'accepted', 'resultEntered', enteredBy.id, enteredAt])
        if (status === 'confirmed')
          events.push(
            auto
              ? [
                  'system.autoConfirm',
                  'resultEntered',
                  'confirmed',
                  null,
                  confirmedAt,
                  'Confermato dopo 48 ore senza risposta',
                ]
              : ['result.confirm', 'resultEntered', 'confirmed', otherSide[0]!.id, confirmedAt],
          )
        if (contested)
          events.push(['result.contest', 'resultEntered', 'contested', otherSide[0]!.id, confirmedAt])
        if (status === 'resolved')
          events.push([
            'dispute.resolve',
            'contested',
            'resolved',
            null,
            new Date(confirmedAt.getTime() + 3 * DAY),
            'Decisione del circolo',
          ])
        if (status === 'confirmed' || status === 'resolved') {
          const list = this.ratedBySector.get(sectorId) ?? []
          list.push({
            sideA: side1.map((p) => p.id),
            sideB: side2.map((p) => p.id),
            gamesA: result.gameA!,
            gamesB: result.gameB!,
            at: matchAt,
            torneo: false,
            challengeId: id,
          })
          this.ratedBySector.set(sectorId, list)
        }
      }
      for (const [evento, daStato, aStato, personId, when, nota] of events)
        this.add(challengeEvents, {
          challengeId: id,
          evento,
          daStato,
          aStato,
          personId,
          nota: nota ?? null,
          at: when,
        })
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Rankings and Power, computed by server/domain

  private generateRankings() {
    const byId = new Map(this.people.map((p) => [p.id, p]))
    const clubOf = new Map(this.people.map((p) => [p.id, p.clubId]))
    const clubProvince = new Map(this.clubs.map((c) => [c.id, c.provincia]))
    const sectors = [...new Set(SECTOR_WEIGHTS.map((s) => s.value))]
    for (const sectorId of sectors) {
      const records = this.pointsRecords.filter((r) => r.sectorId === sectorId)
      const snapshots: [string, number, ReturnType<typeof raceAnnuale>, string][] = [
        ['race', this.refYear, raceAnnuale(records, this.refYear), this.refDay],
        ['race', this.refYear - 1, raceAnnuale(records, this.refYear - 1), `${this.refYear - 1}-12-31`],
        ['nazionale', this.refYear, classificaNazionale(records, this.refDay), this.refDay],
      ]
      for (const [tipo, stagione, rows, calcolataAl] of snapshots) {
        for (const row of rows) {
          const person = byId.get(row.personId)!
          this.add(rankings, {
            tipo,
            sectorId,
            stagione,
            personId: row.personId,
            posizione: row.posizione,
            punti: row.punti,
            tornei: row.tornei,
            clubId: person.clubId,
            provincia: person.provincia,
            sesso: person.sesso,
            calcolataAl,
          })
        }
      }
      for (const stagione of [this.refYear, this.refYear - 1]) {
        for (const row of classificaAffiliati(records, clubOf, stagione)) {
          this.add(clubRankings, {
            sectorId,
            stagione,
            clubId: row.clubId,
            posizione: row.posizione,
            punti: row.punti,
            tesserati: row.tesserati,
            provincia: clubProvince.get(row.clubId),
            calcolataAl: stagione === this.refYear ? this.refDay : `${stagione}-12-31`,
          })
        }
      }
    }
    const byCircuit = new Map<number, PointsRecord[]>()
    for (const r of this.pointsRecords) {
      if (r.circuitId === null) continue
      const list = byCircuit.get(r.circuitId)
      if (list) list.push(r)
      else byCircuit.set(r.circuitId, [r])
    }
    for (const circuit of this.circuitRows) {
      const records = byCircuit.get(circuit.id) ?? []
      for (const row of classificaCircuito(records)) {
        this.add(circuitRankings, {
          circuitId: circuit.id,
          personId: row.personId,
          posizione: row.posizione,
          punti: row.punti,
          tappe: row.tappe,
        })
      }
    }
  }

  private async generatePower() {
    const sectors = [...new Set([...this.ratedBySector.keys(), ...this.priorPower.keys()])].sort(
      (a, b) => a - b,
    )
    for (const sectorId of sectors) {
      const rated = this.ratedBySector.get(sectorId) ?? []
      const { ratings, history } = computePower(rated, this.priorPower.get(sectorId))
      const lastAt = new Map<number, Date>()
      for (const change of history) {
        lastAt.set(change.personId, change.at)
        this.add(powerHistory, {
          personId: change.personId,
          sectorId,
          matchId: change.matchId,
          challengeId: change.challengeId,
          giocataIl: change.at,
          powerPrima: change.powerPrima,
          powerDopo: change.powerDopo,
          livelloProprio: change.livelloProprio,
          livelloAvversari: change.livelloAvversari,
          atteso: change.atteso,
          ottenuto: change.ottenuto,
          gameVinti: change.gameVinti,
          gamePersi: change.gamePersi,
          fattoreK: change.fattoreK,
          provvisorio: change.provvisorio,
        })
        if ((this.pending.get(powerHistory)?.length ?? 0) >= 20_000) await this.flush()
      }
      for (const [personId, state] of [...ratings].sort((a, b) => a[0] - b[0])) {
        this.add(powerRatings, {
          personId,
          sectorId,
          power: state.power,
          partite: state.partite,
          partiteTorneo: state.partiteTorneo,
          provvisorio: isProvisional(state.partite),
          promozione: isPromotionCandidate(state),
          aggiornatoIl: lastAt.get(personId) ?? this.now,
        })
      }
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Partner search, content, help desk

  private generatePartnerSearch() {
    const open = this.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte' && t.doubles)
    const doublesSectors = [
      { weight: 5, value: SECTOR_IDS.PADEL },
      { weight: 3, value: SECTOR_IDS.BEACH },
      { weight: 1, value: SECTOR_IDS.PICKLEBALL },
      { weight: 1, value: SECTOR_IDS.TENNIS },
    ]
    const levels = ['principiante', 'intermedio', 'avanzato', 'agonista']
    for (let l = 0; l < this.scale.listings; l++) {
      const sectorId = this.rng.weighted(doublesSectors)
      const person = this.rng.pick(this.peopleBySector.get(sectorId)!)
      const candidates = open.filter((t) => t.sectorId === sectorId)
      const tournament = candidates.length > 0 && this.rng.chance(0.5) ? this.rng.pick(candidates) : null
      const createdAt = at(addDays(this.refDay, -this.rng.int(0, 45)), this.rng.int(8, 22))
      const id = this.nextId('partner_listings')
      const status = this.rng.chance(0.8) ? 'attivo' : 'chiuso'
      this.add(partnerListings, {
        id,
        personId: person.id,
        disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
        sectorId,
        tournamentId: tournament?.id ?? null,
        provincia: person.provincia,
        livello:
          person.skill > 70 ? 'agonista' : person.skill > 50 ? 'avanzato' : this.rng.pick(levels.slice(0, 2)),
        disponibilita: this.rng.pick(T.AVAILABILITY),
        messaggio: this.rng.pick(T.PARTNER_MESSAGES),
        status,
        scadeIl: new Date(createdAt.getTime() + 30 * DAY),
        createdAt,
      })
      const requesters = this.pickEntrants(
        sectorId,
        person.regionId,
        'X',
        this.rng.int(0, 3),
        new Set([person.id]),
      )
      requesters.forEach((requester, k) => {
        const requestStatus =
          status === 'chiuso' && k === 0
            ? 'confirmed'
            : this.rng.weighted([
                { weight: 5, value: 'sent' },
                { weight: 2, value: 'refused' },
                { weight: 1, value: 'cancelled' },
              ])
        const requestAt = new Date(createdAt.getTime() + (k + 1) * this.rng.int(1, 30) * 3_600_000)
        this.add(partnerRequests, {
          id: this.nextId('partner_requests'),
          listingId: id,
          requesterPersonId: requester.id,
          messaggio: 'Ciao, ho visto il tuo annuncio: giochiamo insieme?',
          status: requestStatus,
          createdAt: requestAt,
          rispostaIl: requestStatus === 'sent' ? null : new Date(requestAt.getTime() + 6 * 3_600_000),
        })
      })
    }
  }

  private generateContent() {
    const editor = this.demoAccountIds[3]!
    const concluded = this.tournamentInfos.filter((t) => t.status === 'concluso' && t.entries.length > 0)
    const upcoming = this.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte')
    const people = new Map(this.people.map((p) => [p.id, p]))
    const slugs = new Set<string>()
    const newsIds: { id: number; publishedAt: Date | null; disciplineId: number | null }[] = []
    for (let n = 0; n < this.scale.news; n++) {
      const kind = this.rng.weighted([
        { weight: 35, value: 'risultati' },
        { weight: 20, value: 'comunicati' },
        { weight: 20, value: 'eventi' },
        { weight: 10, value: 'interviste' },
        { weight: 8, value: 'regolamenti' },
        { weight: 7, value: 'giovanili' },
      ])
      let title: string
      let summary: string
      let paragraphs: string[]
      let disciplineId: number | null
      let sectorId: number | null = null
      let publishedAt: Date | null = at(addDays(this.refDay, -this.rng.int(0, 365)), this.rng.int(7, 19))
      const tournament =
        kind === 'risultati' && concluded.length > 0
          ? this.rng.pick(concluded)
          : kind === 'eventi' && upcoming.length > 0
            ? this.rng.pick(upcoming)
            : null
      if (tournament && kind === 'risultati') {
        const winnerId = this.winners.get(tournament.id) ?? tournament.entries[0]!.personId
        const entry = tournament.entries.find((e) => e.personId === winnerId)
        const winner = people.get(winnerId)!
        const partner = entry?.partnerId ? people.get(entry.partnerId) : undefined
        const names = partner
          ? `${winner.nome} ${winner.cognome} e ${partner.nome} ${partner.cognome}`
          : `${winner.nome} ${winner.cognome}`
        const sport = DISCIPLINE_BY_ID.get(tournament.disciplineId)!.nome.toLowerCase()
        disciplineId = tournament.disciplineId
        sectorId = tournament.sectorId
        title = `${names} ${partner ? 'vincono' : 'vince'} ${withArticle(tournament.nome)}`
        summary = `Successo di ${names} ${withPrepositionA(tournament.nome)}, al termine di ${tournament.entries.length > 16 ? 'un tabellone molto partecipato' : `giornate di grande ${sport}`}.`
        paragraphs = [
          `Calato il sipario su ${withArticle(tournament.nome)}, con ${tournament.entries.length} ${tournament.doubles ? 'coppie' : 'giocatori'} al via.`,
          `Il titolo è andato a ${names}, che ${partner ? 'conquistano' : 'conquista'} i punti del vincitore per la race annuale e la classifica nazionale.`,
          'Tabellone completo, risultati e foto sono disponibili nella pagina del torneo.',
        ]
        publishedAt = at(addDays(tournament.dataFine, 1), 10)
      } else if (tournament && kind === 'eventi') {
        const from = tournament.dataInizio.split('-').reverse().join('/')
        disciplineId = tournament.disciplineId
        sectorId = tournament.sectorId
        title = `Aperte le iscrizioni per ${withArticle(tournament.nome)}`
        summary = `Dal ${from} si gioca ${withArticle(tournament.nome)}: iscrizioni aperte sul portale.`
        paragraphs = [
          `Sono aperte le iscrizioni per ${withArticle(tournament.nome)}, in programma dal ${from}.`,
          'Le iscrizioni si chiudono tre giorni prima dell’inizio; superato il numero massimo si entra in lista d’attesa.',
        ]
        publishedAt = at(addDays(tournament.dataInizio, -38), 9)
      } else if (kind === 'interviste') {
        const player = this.rng.pick(this.people)
        disciplineId = DISCIPLINE_OF_SECTOR.get(player.sectorId)!
        sectorId = player.sectorId
        title = `Intervista a ${player.nome} ${player.cognome}: «Il segreto è divertirsi»`
        summary = `Abbiamo incontrato ${player.nome} ${player.cognome}, tesserato da anni e sempre presente nei tornei della sua regione.`
        paragraphs = [
          `${player.nome}, come hai iniziato? «Per caso, accompagnando un amico al circolo. Da lì non ho più smesso.»`,
          '«Il Power mi ha aiutato a trovare avversari del mio livello: le partite sono più equilibrate e divertenti.»',
          '«Il consiglio per chi inizia? Giocare tanto, anche le sfide con gli amici, e non guardare troppo la classifica.»',
        ]
      } else {
        const a = T.ANNOUNCEMENTS[n % T.ANNOUNCEMENTS.length]!
        disciplineId = this.rng.chance(0.3) ? null : this.rng.pick(DISCIPLINES).id
        const discipline = disciplineId ? DISCIPLINE_BY_ID.get(disciplineId)!.nome : null
        title = discipline ? `${a.title} – ${discipline}` : a.title
        summary = a.summary
        paragraphs = a.paragraphs
      }
      const typeId = NEWS_TYPES.find((t) => t.codice === kind)!.id
      const id = this.nextId('news')
      let slug = slugify(title).slice(0, 80).replace(/-+$/, '')
      if (slugs.has(slug)) slug = `${slug}-${id}`
      slugs.add(slug)
      if (n === 0) publishedAt = null // a draft, visible to editors only
      if (n === 1) publishedAt = at(addDays(this.refDay, 3), 8) // scheduled
      if (publishedAt && publishedAt > this.now && n > 1) publishedAt = this.now
      this.add(news, {
        id,
        typeId,
        disciplineId,
        sectorId,
        title,
        slug,
        summary,
        body: paragraphs.map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('\n'),
        image: `/media/news/news-${(id % 24) + 1}.jpg`,
        imageAlt: title,
        featured: this.rng.chance(0.1),
        publishedAt,
        authorAccountId: editor,
        createdAt: publishedAt ?? this.now,
        updatedAt: publishedAt ?? this.now,
      })
      newsIds.push({ id, publishedAt, disciplineId })
    }
    for (const item of newsIds) {
      if (!item.publishedAt || item.publishedAt > this.now || this.portalAccounts.length === 0) continue
      for (let k = 0; k < this.rng.int(0, 4); k++) {
        const author = this.rng.pick(this.portalAccounts)
        this.add(newsComments, {
          newsId: item.id,
          accountId: author.id,
          autore: author.name,
          testo: this.rng.pick(T.NEWS_COMMENTS),
          visibile: this.rng.chance(0.97),
          createdAt: new Date(
            Math.min(this.now.getTime(), item.publishedAt.getTime() + this.rng.int(1, 96) * 3_600_000),
          ),
        })
      }
    }
    const published = newsIds.filter((x) => x.publishedAt && x.publishedAt <= this.now)
    for (let v = 0; v < this.scale.videos; v++) {
      const linked = published.length > 0 && this.rng.chance(0.5) ? this.rng.pick(published) : null
      const disciplineId = linked?.disciplineId ?? this.rng.pick(DISCIPLINES).id
      const id = this.nextId('videos')
      const title = `${this.rng.pick(T.VIDEO_TITLES)} – ${DISCIPLINE_BY_ID.get(disciplineId)!.nome}`
      this.add(videos, {
        id,
        newsId: linked?.id ?? null,
        disciplineId,
        title,
        description: `${title}: il video della federazione.`,
        videoUrl: `/media/video/video-${(id % 6) + 1}.mp4`,
        posterUrl: `/media/video/poster-${(id % 6) + 1}.jpg`,
        durationSeconds: this.rng.int(45, 600),
        publishedAt: linked?.publishedAt ?? at(addDays(this.refDay, -this.rng.int(0, 300)), 12),
      })
    }
    // Banners: for each discipline and position, active now, plus one expired and one scheduled.
    const bannerIdeas = [
      { position: 'home_top', title: 'Rinnova la tessera', link: '/elenco-tessere' },
      { position: 'home_top', title: 'Scopri il calendario dei tornei', link: '/tornei/calendario-tornei' },
      {
        position: 'home_middle',
        title: 'Campionati a squadre: segui la tua squadra',
        link: '/tornei/campionati-squadre',
      },
      { position: 'home_sidebar', title: 'Cerca un compagno per il prossimo torneo', link: '/home' },
      { position: 'tornei', title: 'Circuiti della stagione', link: '/tornei/circuiti-tornei' },
      { position: 'classifiche', title: 'Come funziona il Power', link: '/regolamenti' },
      { position: 'news', title: 'Guarda i video della settimana', link: '/news' },
    ]
    const bannerIds: number[] = []
    for (const discipline of [null, ...DISCIPLINES]) {
      const ideas = discipline ? bannerIdeas : bannerIdeas.slice(0, 2)
      ideas.forEach((idea, k) => {
        const id = this.nextId('banners')
        const window =
          k === 0 && discipline
            ? { activeFrom: at(addDays(this.refDay, -90), 0), activeTo: at(addDays(this.refDay, -5), 0) }
            : k === 1 && discipline
              ? { activeFrom: at(addDays(this.refDay, 10), 0), activeTo: at(addDays(this.refDay, 40), 0) }
              : {
                  activeFrom: at(addDays(this.refDay, -30), 0),
                  activeTo: at(addDays(this.refDay, 60 + k * 10), 0),
                }
        this.add(banners, {
          id,
          disciplineId: discipline?.id ?? null,
          position: idea.position,
          title: discipline ? `${idea.title} – ${discipline.nome}` : idea.title,
          image: `/media/banner/${idea.position}-${discipline?.codice ?? 'tutte'}.jpg`,
          imageAlt: idea.title,
          link: idea.link,
          external: false,
          ordine: k,
          ...window,
          enabled: true,
        })
        if (window.activeFrom <= this.now) bannerIds.push(id)
      })
    }
    for (const bannerId of bannerIds) {
      for (let k = 0; k < this.rng.int(0, 12); k++) {
        const account =
          this.portalAccounts.length > 0 && this.rng.chance(0.4)
            ? this.rng.pick(this.portalAccounts).id
            : null
        this.add(bannerClicks, {
          bannerId,
          accountId: account,
          path: '/home',
          at: at(addDays(this.refDay, -this.rng.int(0, 29)), this.rng.int(7, 23)),
        })
      }
    }
  }

  private generateHelpdeskAndComments() {
    const requesters = [
      {
        id: this.demoAccountIds[0]!,
        personId: 1,
        name: `${DEMO_PEOPLE[0]!.nome} ${DEMO_PEOPLE[0]!.cognome}`,
      },
      ...this.portalAccounts,
    ]
    const people = new Map(this.people.map((p) => [p.id, p]))
    for (let h = 0; h < this.scale.helpdesk; h++) {
      const account = h < 2 ? requesters[0]! : this.rng.pick(requesters)
      const person = people.get(account.personId)!
      const categoryId = this.rng.weighted([
        { weight: 6, value: 1 },
        { weight: 3, value: 2 },
        { weight: 1, value: 3 },
      ])
      const text = this.rng.pick(T.HELPDESK_TEXTS)
      const createdAt = at(addDays(this.refDay, -this.rng.int(0, 120)), this.rng.int(8, 20))
      const status = this.rng.weighted([
        { weight: 3, value: 'aperta' },
        { weight: 2, value: 'in_lavorazione' },
        { weight: 5, value: 'chiusa' },
      ])
      this.add(helpdeskRequests, {
        accountId: account.id,
        categoryId,
        subjectId: categoryId * 100 + this.rng.int(1, 4),
        sectorId: person.sectorId,
        codiceTessera: `${TESSERA_PREFIX[person.sectorId]}${String(this.refYear).slice(2)}${String(person.id).padStart(7, '0')}`,
        nome: account.name,
        email: person.email,
        oggetto: text.oggetto,
        messaggio: text.messaggio,
        status,
        risposta: status === 'chiusa' ? this.rng.pick(T.HELPDESK_ANSWERS) : null,
        rispostaIl:
          status === 'chiusa' ? new Date(createdAt.getTime() + this.rng.int(2, 72) * 3_600_000) : null,
        createdAt,
      })
    }
    if (this.portalAccounts.length === 0) return
    for (const t of this.tournamentInfos) {
      if ((t.status !== 'concluso' && t.status !== 'in_corso') || t.entries.length === 0) continue
      if (this.rng.chance(0.35)) {
        for (let k = 0; k < this.rng.int(1, 4); k++) {
          const author = this.rng.pick(this.portalAccounts)
          this.add(tournamentComments, {
            tournamentId: t.id,
            accountId: author.id,
            autore: author.name,
            testo: this.rng.pick(T.TOURNAMENT_COMMENTS),
            visibile: true,
            createdAt: at(t.dataFine, 18 + k),
          })
        }
      }
      if (t.status === 'concluso' && this.rng.chance(0.3)) {
        for (let k = 0; k < this.rng.int(2, 6); k++) {
          this.add(tournamentPhotos, {
            tournamentId: t.id,
            url: `/media/tornei/foto-${((t.id * 7 + k) % 30) + 1}.jpg`,
            didascalia: k === 0 ? 'La premiazione' : k === 1 ? 'La finale' : `Una fase di gioco`,
            ordine: k,
            createdAt: at(t.dataFine, 20),
          })
        }
      }
    }
    for (const t of this.teamTournaments) {
      for (let k = 0; k < this.rng.int(0, 3); k++) {
        const author = this.rng.pick(this.portalAccounts)
        this.add(championshipComments, {
          tournamentId: t.id,
          accountId: author.id,
          autore: author.name,
          testo: this.rng.pick(T.TOURNAMENT_COMMENTS),
          createdAt: at(addDays(t.dataInizio, 7 * k + 6), 21),
        })
      }
    }
  }
}
