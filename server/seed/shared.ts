// What the generator's areas share: scales, reference tables, date helpers, row types, the flush order.
import type { PgTable } from 'drizzle-orm/pg-core'
import { DISCIPLINES, SECTOR_IDS } from '../../contract/constants.ts'
import { PROVINCES, REGIONS } from '../db/reference.ts'
import { accounts, persons, tessere } from '../db/schema/core.ts'
import { registroTessere } from '../db/schema/tessere.ts'
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
  drawSeedSecrets,
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
  type TournamentStatus,
} from '../db/schema/domain.ts'
import { partnerRequestEvents } from '../db/schema/partner-search.ts'
import { avvisi } from '../db/schema/avvisi.ts'
import type { EventCategory } from '../domain/points.ts'

export type SeedScale = 'small' | 'medium' | 'large'
export type SeedProgress = (step: string, done: number, total: number) => void

export type Row = Record<string, unknown>

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
    championships: 4,
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

/**
 * The demo accounts were created this many days before the reference date: their creation day tells, later,
 * which "today" the data was generated for (seedReferenceDate in index.ts).
 */
export const DEMO_ACCOUNT_AGE_DAYS = 400

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

/**
 * A demo account on a generated person (so the people's stream is unchanged): the captain of the team that meets
 * giocatore@demo.it's team in a tie still to schedule (server/seed/areas/championships.ts).
 */
export const DEMO_CAPTAIN = {
  email: 'capitano@demo.it',
  descrizione: 'capitano della squadra avversaria di giocatore@demo.it in un incontro da programmare',
}

export const SECTOR_WEIGHTS = [
  { weight: 34, value: SECTOR_IDS.TENNIS },
  { weight: 30, value: SECTOR_IDS.PADEL },
  { weight: 12, value: SECTOR_IDS.BEACH },
  { weight: 10, value: SECTOR_IDS.FITPJ },
  { weight: 8, value: SECTOR_IDS.PICKLEBALL },
  { weight: 6, value: SECTOR_IDS.WHEELCHAIR },
]

export const DISCIPLINE_OF_SECTOR = new Map<number, number>(
  DISCIPLINES.flatMap((d) => d.settori.map((s) => [s.id, d.id] as [number, number])),
)
export const DISCIPLINE_BY_ID = new Map<number, (typeof DISCIPLINES)[number]>(
  DISCIPLINES.map((d) => [d.id, d]),
)
export const TESSERA_PREFIX: Record<number, string> = { 1: 'TN', 2: 'PD', 3: 'BT', 4: 'JR', 5: 'PB', 9: 'WC' }
export const METRO = new Set([
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
export const REGION_OF_PROVINCE = new Map(PROVINCES.map((p) => [p.sigla, p.regionId]))
export const REGION_NAME = new Map(REGIONS.map((r) => [r.id, r.nome]))

// ---------------------------------------------------------------------------------------------------------
// Dates: everything is placed relative to the reference day, in Italian local time (+01:00 is close enough).

export const DAY = 86_400_000
export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY)
export const isoOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
export const addDays = (iso: string, days: number) => isoOfDay(dayNumber(iso) + days)
export const at = (iso: string, hour: number, minute = 0) =>
  new Date(`${iso}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+01:00`)

/** "il Torneo…", "la Coppa…", "l’Open…": the article a tournament's name takes. */
export function withArticle(name: string): string {
  if (/^Coppa\b/.test(name)) return `la ${name}`
  if (/^[AEIOU]/i.test(name)) return `l’${name}`
  return `il ${name}`
}

/** "al Torneo…", "alla Coppa…", "all’Open…". */
export function withPrepositionA(name: string): string {
  if (/^Coppa\b/.test(name)) return `alla ${name}`
  if (/^[AEIOU]/i.test(name)) return `all’${name}`
  return `al ${name}`
}

/** Picks the form that agrees with a person: "tesserat{o|a}" → "tesserato" or "tesserata". */
export function agree(text: string, sesso: 'M' | 'F'): string {
  return text.replace(/\{([^|{}]*)\|([^|{}]*)\}/g, (_, m: string, f: string) => (sesso === 'M' ? m : f))
}

/** "del Torneo…", "della Coppa…", "dell’Open…". */
export function withPrepositionDi(name: string): string {
  return withArticle(name).replace(/^il /, 'del ').replace(/^la /, 'della ').replace(/^l’/, 'dell’')
}

/** "sul Torneo…", "sulla Coppa…", "sull’Open…". */
export function withPrepositionSu(name: string): string {
  return withArticle(name).replace(/^il /, 'sul ').replace(/^la /, 'sulla ').replace(/^l’/, 'sull’')
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// ---------------------------------------------------------------------------------------------------------

export type Person = {
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
export type Club = {
  id: number
  nome: string
  provincia: string
  regionId: number
  comune: string
  disciplines: number[]
}
export type Entry = { id: number; personId: number; partnerId: number | null; skill: number; punti: number }
export type TournamentInfo = {
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

export const counters = () => new Map<string, number>()

/** Every table the generator writes, each after the tables it references (FLUSH_TABLES: the same, as a set). */
export const FLUSH_ORDER: PgTable[] = [
  clubs,
  clubDisciplines,
  courts,
  persons,
  tessere,
  registroTessere,
  accounts,
  userSettings,
  circuits,
  championships,
  tournaments,
  tournamentEntries,
  draws,
  drawSeedSecrets,
  drawGroups,
  groupStandingsTable,
  matches,
  teams,
  teamMembers,
  teamStandings,
  teamTies,
  teamLineups,
  tieMatches,
  // After the ties: a team championship's point lines name their tie.
  tournamentPoints,
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
  partnerRequestEvents,
  avvisi,
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
export const FLUSH_TABLES = new Set(FLUSH_ORDER)
