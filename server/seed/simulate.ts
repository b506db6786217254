// Invented match scores: game by game from the two sides' hidden skill, so better players usually win and the
// scores look like real ones (6-4 7-6(5), retirements, walkovers; pickleball games to 11 points).
import type { SetScore } from '../db/schema/domain.ts'
import { expectedShare } from '../domain/power.ts'
import type { Rng } from './random.ts'

export type SimulatedMatch = {
  esito: 'giocata' | 'walkover' | 'ritiro'
  winner: 'A' | 'B'
  sets: SetScore[] | null
  setA: number | null
  setB: number | null
  gameA: number | null
  gameB: number | null
}

function playSet(rng: Rng, pGame: number): SetScore {
  let a = 0
  let b = 0
  for (;;) {
    if (rng.next() < pGame) a++
    else b++
    if ((a >= 6 || b >= 6) && Math.abs(a - b) >= 2) return { a, b }
    if (a === 6 && b === 6) {
      // Tie-break to 7: the loser's points are kept, as in "7-6(5)".
      const aWins = rng.next() < pGame
      const loserPoints = rng.int(0, 8)
      return aWins ? { a: 7, b: 6, tiebreak: loserPoints } : { a: 6, b: 7, tiebreak: loserPoints }
    }
  }
}

function playRallyGame(rng: Rng, pPoint: number): SetScore {
  let a = 0
  let b = 0
  for (;;) {
    if (rng.next() < pPoint) a++
    else b++
    if ((a >= 11 || b >= 11) && Math.abs(a - b) >= 2) return { a, b }
  }
}

/**
 * Best of three sets between sides of skill `skillA` and `skillB`, on the Power scale: each game (each point in
 * pickleball) goes to A with the share of games Power expects, so Power measures what the results show.
 */
export function simulateMatch(
  rng: Rng,
  skillA: number,
  skillB: number,
  options: { rally?: boolean; walkoverRate?: number; retireRate?: number } = {},
): SimulatedMatch {
  const p = expectedShare(skillA, skillB)
  if (rng.chance(options.walkoverRate ?? 0.015)) {
    const winner = rng.next() < p ? 'A' : 'B'
    return { esito: 'walkover', winner, sets: null, setA: null, setB: null, gameA: null, gameB: null }
  }
  const sets: SetScore[] = []
  let setA = 0
  let setB = 0
  const retireAfter = rng.chance(options.retireRate ?? 0.01) ? rng.int(1, 2) : 0
  while (setA < 2 && setB < 2) {
    if (retireAfter && sets.length === retireAfter) {
      // Retired during the next set: keep the partial score, the one who stops loses.
      const partial = { a: rng.int(0, 4), b: rng.int(0, 4) }
      sets.push(partial)
      const retired = rng.chance(0.5) ? 'A' : 'B'
      return finish(sets, 'ritiro', retired === 'A' ? 'B' : 'A')
    }
    const set = options.rally ? playRallyGame(rng, p) : playSet(rng, p)
    sets.push(set)
    if (set.a > set.b) setA++
    else setB++
  }
  return finish(sets, 'giocata', setA > setB ? 'A' : 'B')
}

function finish(sets: SetScore[], esito: 'giocata' | 'ritiro', winner: 'A' | 'B'): SimulatedMatch {
  let setA = 0
  let setB = 0
  let gameA = 0
  let gameB = 0
  for (const set of sets) {
    gameA += set.a
    gameB += set.b
    const complete =
      Math.max(set.a, set.b) >= 6 && (Math.abs(set.a - set.b) >= 2 || Math.max(set.a, set.b) === 7)
    if (!complete && esito === 'ritiro') continue
    if (set.a > set.b) setA++
    else if (set.b > set.a) setB++
  }
  return { esito, winner, sets, setA, setB, gameA, gameB }
}

/** "6-4 3-6 7-6(5)" as printed on a draw. */
export function formatScore(sets: SetScore[] | null): string {
  if (!sets) return ''
  return sets.map((s) => `${s.a}-${s.b}${s.tiebreak !== undefined ? `(${s.tiebreak})` : ''}`).join(' ')
}
