// The player page (/scheda-giocatore/{id}): which point lines make a player's ranking points, and how a match of
// theirs reads. Plain functions: the lines are chosen by the same rules as the rankings (server/domain/rankings.ts),
// so the page's sum is the ranking's points.
import { EVENT_CATEGORIES, RANKING_RULES, ROUND_POINTS } from '../../contract/constants.ts'
import { ROUND_LABELS, type EventCategory, type RoundReached } from './points.ts'
import { nationalWindow } from './rankings.ts'

/** One tournament's points of a player, as tournament_points holds them. */
export type PointLine = {
  tournamentId: number
  punti: number
  data: string
  risultato: string
  categoria: string
}

/** Which ranking the lines are for: a season's race, or the national ranking computed on a day. */
export type LinesFor = { tipo: 'race'; stagione: number } | { tipo: 'nazionale'; calcolataAl: string }

/**
 * How many days back from a national ranking's day its lines can lie (its 52 weeks): the reach of the lines a page
 * reads, which `countedLines` then narrows to the period exactly.
 */
export const NATIONAL_REACH_DAYS = RANKING_RULES.NATIONAL_WINDOW_WEEKS * 7

/**
 * The lines of a ranking, latest first, each marked `conta` when it makes the points: every line of the season in
 * the race; in the national ranking the best RANKING_RULES.NATIONAL_BEST_RESULTS of the 52 weeks up to its day
 * (among equal points, which one counts does not change the sum). Lines outside the ranking's period are left out.
 */
export function countedLines<L extends PointLine>(
  lines: readonly L[],
  which: LinesFor,
): (L & { conta: boolean })[] {
  const inPeriod =
    which.tipo === 'race'
      ? lines.filter((l) => l.data.startsWith(`${which.stagione}-`))
      : (() => {
          const { from, to } = nationalWindow(which.calcolataAl)
          return lines.filter((l) => l.data.slice(0, 10) >= from && l.data.slice(0, 10) <= to)
        })()
  const counted = new Set<L>(
    which.tipo === 'race'
      ? inPeriod
      : [...inPeriod]
          .sort(
            (a, b) => b.punti - a.punti || b.data.localeCompare(a.data) || a.tournamentId - b.tournamentId,
          )
          .slice(0, RANKING_RULES.NATIONAL_BEST_RESULTS),
  )
  return [...inPeriod]
    .sort((a, b) => b.data.localeCompare(a.data) || b.tournamentId - a.tournamentId)
    .map((l) => ({ ...l, conta: counted.has(l) }))
}

/** The sum of the lines that count: the player's points in that ranking. */
export const pointsOf = (lines: readonly { punti: number; conta: boolean }[]) =>
  lines.reduce((sum, l) => sum + (l.conta ? l.punti : 0), 0)

/** How a line is read: the round in Italian, the category's coefficient and the round's base points. */
export function lineWords(line: { risultato: string; categoria: string }) {
  const round = line.risultato as RoundReached
  const category = line.categoria as EventCategory
  return {
    turno: ROUND_LABELS[round] ?? line.risultato,
    coefficiente: EVENT_CATEGORIES[category] ?? 1,
    punti_base: ROUND_POINTS[round] ?? 0,
  }
}
