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
