// What a team championship tie that counts gives besides the group standings (docs/regole.md «Campionati a
// squadre»): the ranking points of the rubbers won, and the final phase's bracket (the semifinals from the gironi's
// standings, the winners into the next round). Plain functions: the confirmation of a tie and the seed use them.
import { EVENT_CATEGORIES, TEAM_RUBBER_POINTS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { roundName, type EventCategory } from './points.ts'

/** The `risultato` of a point line earned in a team championship tie: partite vinte. */
export const TIE_LINE_RESULT = 'PV'

/** A rubber of a tie as far as the points are concerned: who played it on each side and who won it. */
export type PointsRubber = {
  casa: readonly number[]
  ospiti: readonly number[]
  vincitore: 'casa' | 'ospiti' | null
  /** giocata | ritiro | walkover | da_giocare */
  esito: string
}

/** One player's points from one tie: the rubbers they won and what those are worth. */
export type TieLine = { personId: number; partite: number; punti: number }

const share = (categoria: string) =>
  Object.hasOwn(EVENT_CATEGORIES, categoria) ? EVENT_CATEGORIES[categoria as EventCategory] : 1

/** Points of `partite` rubbers won in one tie: TEAM_RUBBER_POINTS each, times the category's share, rounded. */
export function rubberPoints(partite: number, categoria: string): number {
  return Math.round(TEAM_RUBBER_POINTS * partite * share(categoria))
}

/**
 * The point lines of a tie whose rubbers count (confirmed, or upheld by the federation): every player of a rubber
 * their side won, by walkover too (as the winner of a walkover in a tournament goes on); nothing for a rubber lost
 * or not played. One line per player (a lineup puts a player in one rubber only), by player id.
 */
export function tiePointLines(rubbers: readonly PointsRubber[], categoria: string): TieLine[] {
  const won = new Map<number, number>()
  for (const rubber of rubbers) {
    if (rubber.vincitore === null || rubber.esito === 'da_giocare') continue
    for (const personId of rubber[rubber.vincitore]) won.set(personId, (won.get(personId) ?? 0) + 1)
  }
  return [...won]
    .map(([personId, partite]) => ({ personId, partite, punti: rubberPoints(partite, categoria) }))
    .sort((a, b) => a.personId - b.personId)
}

/**
 * The day a tie's points count from (YYYY-MM-DD, Italy): the day it was played, or the day its result counted
 * when that is earlier (a tie confirmed before its agreed day) or the day is not known.
 */
export function tieLineDay(played: Date | null, counted: Date): string {
  const day = played === null || played > counted ? counted : played
  return todayInItaly(day)
}

/**
 * How a tie's line reads on the player page: the round («3ª giornata», or the final phase's «Semifinali»,
 * «Finale»), the base points (TEAM_RUBBER_POINTS per rubber won) and the category's coefficient.
 */
export function tieLineWords(line: {
  giornata: number
  finale: boolean
  turni: number | null
  partite: number
  categoria: string
}) {
  const turno =
    line.finale && line.turni !== null ? roundName(line.giornata, line.turni) : `${line.giornata}ª giornata`
  return {
    turno,
    coefficiente: share(line.categoria),
    punti_base: TEAM_RUBBER_POINTS * line.partite,
  }
}

/**
 * The first round of the final phase from the gironi's standings (each girone's team ids from first to last),
 * as pairs [home, away], the better placed at home: one girone, 1st–4th and 2nd–3rd; two gironi, each winner
 * against the other's runner-up (A1–B2, B1–A2). Null for any other shape (fewer than four teams in one girone,
 * one team in a girone, more than two gironi): that bracket is not filled by the portal.
 */
export function finalPhasePairs(groups: readonly (readonly number[])[]): [number, number][] | null {
  if (groups.length === 1) {
    const [g] = groups
    if (g!.length < 4) return null
    return [
      [g![0]!, g![3]!],
      [g![1]!, g![2]!],
    ]
  }
  if (groups.length === 2) {
    const [a, b] = groups
    if (a!.length < 2 || b!.length < 2) return null
    return [
      [a![0]!, b![1]!],
      [b![0]!, a![1]!],
    ]
  }
  return null
}

/** A tie of a round of the final phase, in bracket order: its winner once it counts. */
export type BracketTie = { id: number; winnerTeamId: number | null }

/**
 * The tie of the next round that the tie `tieId` feeds, once it and the tie it is paired with (the 1st with the 2nd,
 * the 3rd with the 4th…) both have a winner: the winner of the upper one at home. Null in the last round
 * (`turno` = `turni`), while the other tie has no winner, or when a tie has none (annulled: nobody goes on).
 */
export function nextRoundTie(
  round: readonly BracketTie[],
  tieId: number,
  turno: number,
  turni: number,
): { giornata: number; position: number; home: number; away: number } | null {
  if (turno >= turni) return null
  const index = round.findIndex((t) => t.id === tieId)
  if (index < 0) return null
  const upper = round[index - (index % 2)]
  const lower = round[index - (index % 2) + 1]
  if (upper?.winnerTeamId == null || lower?.winnerTeamId == null) return null
  return {
    giornata: turno + 1,
    position: Math.floor(index / 2),
    home: upper.winnerTeamId,
    away: lower.winnerTeamId,
  }
}

/** Rounds of a bracket whose first round has `ties` ties: 2 semifinals → 2 rounds. */
export const bracketRounds = (ties: number) => Math.max(1, Math.ceil(Math.log2(ties * 2)))
