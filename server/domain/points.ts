// Ranking points of a tournament: the round reached in the draw times the event's category (DESIGN.md §5).
import { EVENT_CATEGORIES, ROUND_POINTS } from '../../contract/constants.ts'

export type RoundReached = keyof typeof ROUND_POINTS
export type EventCategory = keyof typeof EVENT_CATEGORIES

export const ROUND_LABELS: Record<RoundReached, string> = {
  V: 'Vincitore',
  F: 'Finalista',
  SF: 'Semifinale',
  QF: 'Quarti di finale',
  R16: 'Ottavi di finale',
  R32: 'Sedicesimi di finale',
  R64: 'Trentaduesimi di finale',
  R128: 'Sessantaquattresimi di finale',
  GIR: 'Fase a gironi',
}

/** Points for a result: base points of the round, times the category's share, rounded to a whole point. */
export function pointsFor(result: RoundReached, categoria: EventCategory): number {
  return Math.round(ROUND_POINTS[result] * EVENT_CATEGORIES[categoria])
}

const BY_ROUNDS_FROM_END: RoundReached[] = ['F', 'SF', 'QF', 'R16', 'R32', 'R64', 'R128']

/**
 * The result of an entry in an elimination draw of `rounds` rounds: `lostInRound` is the 1-based round the entry
 * lost in, or null for the winner. Losing the last round is F, the one before SF, and so on; rounds earlier
 * than the 128-draw's first count as R128.
 */
export function roundReachedInElimination(lostInRound: number | null, rounds: number): RoundReached {
  if (rounds < 1) throw new RangeError('Un tabellone ha almeno un turno')
  if (lostInRound === null) return 'V'
  if (lostInRound < 1 || lostInRound > rounds)
    throw new RangeError(`Turno ${lostInRound} fuori dal tabellone`)
  const fromEnd = rounds - lostInRound
  return BY_ROUNDS_FROM_END[Math.min(fromEnd, BY_ROUNDS_FROM_END.length - 1)]!
}

/**
 * The result of a place in a single round-robin group that decides the tournament (girone unico): placed as in a
 * draw, 1st V, 2nd F, 3rd–4th SF, 5th–8th QF, then R16.
 */
export function roundReachedInRoundRobin(position: number): RoundReached {
  if (!Number.isInteger(position) || position < 1) throw new RangeError('Posizione non valida')
  if (position === 1) return 'V'
  if (position === 2) return 'F'
  if (position <= 4) return 'SF'
  if (position <= 8) return 'QF'
  return 'R16'
}

/** Name of a round of an elimination draw for the bracket view: Finale, Semifinali, …, then Primo turno. */
export function roundName(turno: number, rounds: number): string {
  const fromEnd = rounds - turno
  const names = ['Finale', 'Semifinali', 'Quarti di finale', 'Ottavi di finale', 'Sedicesimi di finale']
  return names[fromEnd] ?? `${turno}° turno`
}

/** A match of an elimination draw, as far as the points are concerned. */
export type EliminationMatch = {
  turno: number
  entryAId: number | null
  entryBId: number | null
  winnerEntryId: number | null
  esito: 'da_giocare' | 'giocata' | 'walkover' | 'ritiro' | 'bye'
}

export type EntryResult = { entryId: number; risultato: RoundReached; punti: number }

/**
 * Results and points of every entry of a completed elimination draw. An entry that never played (it lost its
 * first real match by walkover) earns nothing: points reward matches played, not entering.
 */
export function eliminationResults(
  matches: EliminationMatch[],
  rounds: number,
  categoria: EventCategory,
): EntryResult[] {
  const lastRound = new Map<number, number>()
  const lostIn = new Map<number, number>()
  const played = new Set<number>()
  let winner: number | null = null
  for (const match of matches) {
    for (const id of [match.entryAId, match.entryBId]) {
      if (id === null) continue
      lastRound.set(id, Math.max(lastRound.get(id) ?? 0, match.turno))
      if (match.esito === 'giocata' || match.esito === 'ritiro') played.add(id)
      // Winning by walkover still means showing up.
      if (match.esito === 'walkover' && match.winnerEntryId === id) played.add(id)
    }
    if (match.esito === 'bye' || match.winnerEntryId === null) continue
    const loser = match.winnerEntryId === match.entryAId ? match.entryBId : match.entryAId
    if (loser !== null) lostIn.set(loser, match.turno)
    if (match.turno === rounds) winner = match.winnerEntryId
  }
  if (winner === null) throw new Error('Il tabellone non è concluso: manca la finale')
  const results: EntryResult[] = []
  for (const entryId of lastRound.keys()) {
    if (!played.has(entryId)) continue
    const lost = lostIn.get(entryId)
    if (entryId !== winner && lost === undefined)
      throw new Error(`Il tabellone non è concluso (iscrizione ${entryId})`)
    const risultato = roundReachedInElimination(entryId === winner ? null : lost!, rounds)
    results.push({ entryId, risultato, punti: pointsFor(risultato, categoria) })
  }
  return results.sort((a, b) => b.punti - a.punti || a.entryId - b.entryId)
}
