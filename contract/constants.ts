// Business constants of spec §9 and the choices of DESIGN.md §5, in one module for client and server.

export const DISCIPLINE_IDS = { TENNIS: 4332, PADEL: 172, BEACH_TENNIS: 171, PICKLEBALL: 174 } as const

/** PICKLEBALL 5 is our choice (the spec names no pickleball sector); see docs/regole.md. */
export const SECTOR_IDS = { TENNIS: 1, PADEL: 2, BEACH: 3, FITPJ: 4, PICKLEBALL: 5, WHEELCHAIR: 9 } as const

/** Codes as they appear in URLs, queries (`?disciplina=`) and local storage. */
export const DISCIPLINE_CODES = {
  [DISCIPLINE_IDS.TENNIS]: 'tennis',
  [DISCIPLINE_IDS.PADEL]: 'padel',
  [DISCIPLINE_IDS.BEACH_TENNIS]: 'beach-tennis',
  [DISCIPLINE_IDS.PICKLEBALL]: 'pickleball',
} as const

export const DISCIPLINES = [
  {
    id: DISCIPLINE_IDS.TENNIS,
    codice: 'tennis',
    nome: 'Tennis',
    settori: [
      { id: SECTOR_IDS.TENNIS, nome: 'Tennis' },
      { id: SECTOR_IDS.FITPJ, nome: 'Junior' },
      { id: SECTOR_IDS.WHEELCHAIR, nome: 'Wheelchair' },
    ],
  },
  {
    id: DISCIPLINE_IDS.PADEL,
    codice: 'padel',
    nome: 'Padel',
    settori: [{ id: SECTOR_IDS.PADEL, nome: 'Padel' }],
  },
  {
    id: DISCIPLINE_IDS.BEACH_TENNIS,
    codice: 'beach-tennis',
    nome: 'Beach Tennis',
    settori: [{ id: SECTOR_IDS.BEACH, nome: 'Beach Tennis' }],
  },
  {
    id: DISCIPLINE_IDS.PICKLEBALL,
    codice: 'pickleball',
    nome: 'Pickleball',
    settori: [{ id: SECTOR_IDS.PICKLEBALL, nome: 'Pickleball' }],
  },
] as const

export const TOURNAMENT_TYPES = { TORNEI: 'TR', CAMPIONATI: 'CA' } as const

export const HELPDESK_CATEGORIES = { assistenza: 1, disservizi: 2, gold: 3 } as const

/** Event categories and their share of the points (DESIGN.md §5). */
export const EVENT_CATEGORIES = { OPEN: 1, LIMIT_65: 0.65, LIMIT_45: 0.45 } as const

/** Each category as the regulations write it, the one spelling of the site, the server's answers and the PDFs. */
export const CATEGORY_LABELS: Record<keyof typeof EVENT_CATEGORIES, string> = {
  OPEN: 'OPEN',
  LIMIT_65: 'LIMIT 65',
  LIMIT_45: 'LIMIT 45',
}

/** The label of a category code, or the code itself when it is not one (an old row, a typo in a query). */
export function categoryLabel(code: string): string {
  return Object.hasOwn(CATEGORY_LABELS, code) ? CATEGORY_LABELS[code as keyof typeof CATEGORY_LABELS] : code
}

/** Wider than this a first visit defaults to tennis, sector 1 (spec §4). */
export const DESKTOP_MIN_WIDTH = 991
export const DEFAULT_DISCIPLINE = 'tennis'
export const DEFAULT_SECTOR = SECTOR_IDS.TENNIS

export const CHANGED_CREDENTIALS_COOKIE = 'changed_credentials=true'

/** Sign-in waits (spec §9), in milliseconds. */
export const SIGN_IN_WAITS = {
  popup: 60_000,
  iframe: 6_000,
  redirectNavigation: 30_000,
  nativeBroker: 2_000,
} as const

export const POWER = {
  MIN: 9,
  MAX: 99,
  PROVISIONAL_UNTIL_MATCHES: 10,
  PROMOTION_POWER: 90,
  PROMOTION_MATCHES: 25,
} as const

/**
 * The opponents' levels of a player's statistics (docs/regole.md «Statistiche del giocatore»): each band from its
 * lowest Power `da` to the next band's (excluded), by the opponents' Power before the match (a pair's mean).
 */
export const OPPONENT_LEVEL_BANDS = [
  { codice: 'fino-29', da: POWER.MIN, nome: 'Fino a 29' },
  { codice: '30-44', da: 30, nome: 'Da 30 a 44' },
  { codice: '45-59', da: 45, nome: 'Da 45 a 59' },
  { codice: '60-74', da: 60, nome: 'Da 60 a 74' },
  { codice: '75-89', da: 75, nome: 'Da 75 a 89' },
  { codice: '90-99', da: POWER.PROMOTION_POWER, nome: '90 e oltre' },
] as const

/** A match whose opponents' level is not known (not rated) or not public (an opponent hides their Power). */
export const OPPONENT_LEVEL_UNKNOWN = { codice: 'non-noto', nome: 'Livello non noto' } as const

/**
 * Challenges: a proposal expires after 7 days, an unanswered result stands after 48 hours, and the date proposed
 * lies at most 365 days ahead (docs/regole.md «Sfide»).
 */
export const CHALLENGE_RULES = {
  PROPOSAL_EXPIRES_DAYS: 7,
  RESULT_AUTO_CONFIRM_HOURS: 48,
  PROPOSAL_MAX_DAYS_AHEAD: 365,
} as const

export const TEAM_RULES = { MIN_PLAYERS: 4, MAX_PLAYERS: 10 } as const

/**
 * Ranking points of a rubber won in a team championship tie that counts, before the category's share
 * (docs/regole.md «Punti dei campionati a squadre»).
 */
export const TEAM_RUBBER_POINTS = 15

/**
 * Points by the round reached in a draw, before the category's share (DESIGN.md §5, docs/regole.md).
 * V winner, F finalist, SF semifinal, QF quarter-final, R16…R128 the earlier rounds, GIR out in the groups.
 */
export const ROUND_POINTS = {
  V: 500,
  F: 300,
  SF: 180,
  QF: 90,
  R16: 45,
  R32: 25,
  R64: 12,
  R128: 6,
  GIR: 6,
} as const

/** Classifica nazionale: the best N results of the last 52 weeks (docs/regole.md). */
export const RANKING_RULES = { NATIONAL_BEST_RESULTS: 10, NATIONAL_WINDOW_WEEKS: 52 } as const

/** How Power moves (docs/regole.md): start, logistic scale and step sizes. */
export const POWER_MODEL = { INITIAL: 40, SCALE: 60, K_PROVISIONAL: 12, K_ESTABLISHED: 5 } as const
