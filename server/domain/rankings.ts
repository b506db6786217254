// Rankings built from tournament points (DESIGN.md §5): race annuale, classifica nazionale, classifica affiliati,
// circuit standings. Plain functions over plain data: the seed and the live recomputation use the same ones.
import { RANKING_RULES } from '../../contract/constants.ts'

/** Points earned by one player in one tournament; `data` is the tournament's last day (YYYY-MM-DD). */
export type PointsRecord = { personId: number; tournamentId: number; punti: number; data: string }

export type RankingRow = { personId: number; posizione: number; punti: number; tornei: number }
export type ClubRankingRow = { clubId: number; posizione: number; punti: number; tesserati: number }

const DAY_MS = 86_400_000

function toDay(iso: string): number {
  const time = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(time)) throw new RangeError(`Data non valida: ${iso}`)
  return Math.floor(time / DAY_MS)
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/**
 * Orders by points (then by fewer results, then by id, only to keep the order stable) and gives equal points the
 * same position: 1, 2, 2, 4.
 */
export function assignPositions<T extends { punti: number; tornei: number; key: number }>(
  rows: T[],
): (T & { posizione: number })[] {
  const sorted = [...rows].sort((a, b) => b.punti - a.punti || a.tornei - b.tornei || a.key - b.key)
  let position = 0
  return sorted.map((row, index) => {
    if (index === 0 || row.punti !== sorted[index - 1]!.punti) position = index + 1
    return { ...row, posizione: position }
  })
}

function rank(byPerson: Map<number, { punti: number; tornei: number }>): RankingRow[] {
  const rows = [...byPerson].map(([personId, v]) => ({ key: personId, personId, ...v }))
  return assignPositions(rows.filter((r) => r.punti > 0)).map(({ personId, posizione, punti, tornei }) => ({
    personId,
    posizione,
    punti,
    tornei,
  }))
}

/** Race annuale: every point earned in tournaments that ended in the calendar year `year`. */
export function raceAnnuale(records: PointsRecord[], year: number): RankingRow[] {
  const prefix = `${year}-`
  const byPerson = new Map<number, { punti: number; tornei: number }>()
  for (const record of records) {
    if (!record.data.startsWith(prefix)) continue
    const current = byPerson.get(record.personId) ?? { punti: 0, tornei: 0 }
    current.punti += record.punti
    current.tornei += 1
    byPerson.set(record.personId, current)
  }
  return rank(byPerson)
}

/** The 52 weeks ending on `referenceDate` included: 364 days, from `from` to `to`. */
export function nationalWindow(
  referenceDate: string,
  weeks: number = RANKING_RULES.NATIONAL_WINDOW_WEEKS,
): { from: string; to: string } {
  const to = toDay(referenceDate)
  return { from: fromDay(to - weeks * 7 + 1), to: fromDay(to) }
}

/**
 * Classifica nazionale: for each player, the best `bestN` results among tournaments that ended in the 52 weeks up
 * to `referenceDate`. Counting only the best results keeps the ranking about level, not about how many
 * tournaments one can afford to play.
 */
export function classificaNazionale(
  records: PointsRecord[],
  referenceDate: string,
  bestN: number = RANKING_RULES.NATIONAL_BEST_RESULTS,
): RankingRow[] {
  const { from, to } = nationalWindow(referenceDate)
  const byPerson = new Map<number, number[]>()
  for (const record of records) {
    const day = record.data.slice(0, 10)
    if (day < from || day > to) continue
    const list = byPerson.get(record.personId) ?? []
    list.push(record.punti)
    byPerson.set(record.personId, list)
  }
  const totals = new Map<number, { punti: number; tornei: number }>()
  for (const [personId, list] of byPerson) {
    const best = list.sort((a, b) => b - a).slice(0, bestN)
    totals.set(personId, { punti: best.reduce((sum, p) => sum + p, 0), tornei: best.length })
  }
  return rank(totals)
}

/**
 * Classifica affiliati: each club scores the race points of its members (`clubOf` maps a player to the club the
 * player is a member of) in the calendar year. `tesserati` counts the members who scored.
 */
export function classificaAffiliati(
  records: PointsRecord[],
  clubOf: ReadonlyMap<number, number | null>,
  year: number,
): ClubRankingRow[] {
  const byClub = new Map<number, { punti: number; members: Set<number> }>()
  for (const row of raceAnnuale(records, year)) {
    const clubId = clubOf.get(row.personId)
    if (clubId === undefined || clubId === null) continue
    const current = byClub.get(clubId) ?? { punti: 0, members: new Set<number>() }
    current.punti += row.punti
    current.members.add(row.personId)
    byClub.set(clubId, current)
  }
  const rows = [...byClub].map(([clubId, v]) => ({
    key: clubId,
    clubId,
    punti: v.punti,
    tornei: v.members.size,
  }))
  // Equal points: listed with fewer scoring members first (same points from fewer players); position shared.
  return assignPositions(rows).map(({ clubId, posizione, punti, tornei }) => ({
    clubId,
    posizione,
    punti,
    tesserati: tornei,
  }))
}

// Circuit standings and their tie-breaks: server/domain/circuits.ts.

// ---------------------------------------------------------------------------------------------------------
// How the lists show a ranking (docs/regole.md «Parità»): equal points share the position; in the list, fewer
// results (or, for clubs, fewer scoring members) first, then alphabetical. The repositories order their SQL the
// same way (rankings.ts) and the pages print why two rows on the same points stand as they do.

/** A row as a list orders it: its points, what it took to score them, and its name for the last tie-break. */
export type ListedRow = { punti: number; tornei: number; sortName: string; key: number }

/** Lower-cases A–Z only, as PostgreSQL's lower() under the "C" collation the lists' SQL orders by. */
export const sortKey = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/** The list order: points down, then fewer results, then the name (byte order of sortKey), then the id. */
export function compareListed(a: ListedRow, b: ListedRow): number {
  if (a.punti !== b.punti) return b.punti - a.punti
  if (a.tornei !== b.tornei) return a.tornei - b.tornei
  if (a.sortName !== b.sortName) return a.sortName < b.sortName ? -1 : 1
  return a.key - b.key
}

/** Positions of rows already in list order: 1 + how many rows have more points (1, 2, 2, 4). */
export function listPositions(rows: readonly { punti: number }[]): number[] {
  let position = 0
  return rows.map((row, index) => {
    if (index === 0 || row.punti !== rows[index - 1]!.punti) position = index + 1
    return position
  })
}

const number = new Intl.NumberFormat('it-IT')
const points = (n: number) => (n === 1 ? '1 punto' : `${number.format(n)} punti`)

export type TieUnit = 'giocatori' | 'circoli'
const UNITS: Record<TieUnit, { one: string; many: string; fewer: string }> = {
  giocatori: { one: 'risultato', many: 'risultati', fewer: 'con meno risultati' },
  circoli: { one: 'tesserato', many: 'tesserati', fewer: 'con meno tesserati' },
}

/**
 * Why each row stands where it does among rows with the same points, in Italian (null where nobody shares its
 * points). `rows` are in list order and may hold one row before and one after the page, so a tie across the page's
 * edge is explained too. Each note names the neighbour it is compared with: the one before in the tie, else the
 * one after.
 */
export function tieNotes(
  rows: readonly { punti: number; tornei: number; persona: string }[],
  unit: TieUnit = 'giocatori',
): (string | null)[] {
  const u = UNITS[unit]
  const count = (n: number) => `${n} ${n === 1 ? u.one : u.many}`
  return rows.map((row, i) => {
    const before = rows[i - 1]
    const after = rows[i + 1]
    if (before && before.punti === row.punti) {
      return before.tornei === row.tornei
        ? `Pari a ${points(row.punti)} e ${count(row.tornei)} con ${before.persona}: stessa posizione, in ordine alfabetico.`
        : `Pari a ${points(row.punti)} con ${before.persona}, che li ha ottenuti ${u.fewer} (${before.tornei} contro ${row.tornei}): stessa posizione, in elenco dopo.`
    }
    if (after && after.punti === row.punti) {
      return after.tornei === row.tornei
        ? `Pari a ${points(row.punti)} e ${count(row.tornei)} con ${after.persona}: stessa posizione, in ordine alfabetico.`
        : `Pari a ${points(row.punti)} con ${after.persona}: stessa posizione, in elenco prima perché li ha ottenuti ${u.fewer} (${row.tornei} contro ${after.tornei}).`
    }
    return null
  })
}

/**
 * The birth dates of an age group in a season (docs/regole.md «Classifiche»): «Under N» is who turns N or less in
 * the season, «Over N» who turns N or more. Either end may be open. The ranking's statements write the same dates
 * in SQL for the season they read with the total (server/repositories/rankings.ts bornFrom, bornBy); the rankings'
 * server tests hold them to this function for every age group.
 */
export function birthRange(
  fascia: { fino?: number; da?: number },
  stagione: number,
): { dal?: string; al?: string } {
  return {
    ...(fascia.fino !== undefined ? { dal: `${stagione - fascia.fino}-01-01` } : {}),
    ...(fascia.da !== undefined ? { al: `${stagione - fascia.da}-12-31` } : {}),
  }
}

/** The age groups of a sector: the junior sector has only the under groups. */
export function ageGroupsOf<F extends { fino?: number; da?: number }>(
  sectorId: number,
  groups: readonly F[],
  juniorSector: number,
): F[] {
  return groups.filter((g) => sectorId !== juniorSector || g.fino !== undefined)
}

/** A club type as the number of disciplines the club offers: one, or more than one. */
export function clubTypeDisciplines(tipo: 'monodisciplina' | 'polisportiva'): { min: number; max?: number } {
  return tipo === 'monodisciplina' ? { min: 1, max: 1 } : { min: 2 }
}

/**
 * Whether a caller may print or export a ranking (PDF or CSV): only a signed-in account with
 * puo_esportare_classifiche. Undefined when it may; else 401 to sign in, 403 for an account without the flag.
 */
export function rankingExportRefusal(
  caller: { puoEsportareClassifiche: boolean } | null,
  messages: { signIn: string; notAllowed: string },
): { status: 401 | 403; message: string } | undefined {
  if (caller === null) return { status: 401, message: messages.signIn }
  if (!caller.puoEsportareClassifiche) return { status: 403, message: messages.notAllowed }
  return undefined
}

/**
 * The rows of a page with their tie notes: `rows` are in list order, numbered `n` from 1, and may hold one row
 * before and one after the page (start, start + limit]; the notes see them, the page keeps only its own.
 */
export function withTieNotes<R extends { n: number; punti: number; tornei: number; persona: string }>(
  rows: readonly R[],
  start: number,
  limit: number,
  unit: TieUnit = 'giocatori',
): (Omit<R, 'n'> & { parita: string | null })[] {
  const notes = tieNotes(rows, unit)
  return rows
    .map((row, i) => ({ row, parita: notes[i]! }))
    .filter(({ row }) => row.n > start && row.n <= start + limit)
    .map(({ row: { n: _n, ...row }, parita }) => ({ ...row, parita }))
}
