// The circuit standings (classifica di circuito) and their tie-breaks, documented in docs/regole.md.
// Plain functions over plain data: the seed and the live recomputation (server/repositories/circuits.ts) use them.
import { EXPORT_MESSAGES } from '../../contract/circuiti.ts'
import type { PointsRecord } from './rankings.ts'

/** One played match of a circuit stage: the players of each side (two in doubles), the winner, the games. */
export type CircuitMatch = {
  sideA: readonly number[]
  sideB: readonly number[]
  winner: 'A' | 'B'
  gameA: number
  gameB: number
}

export type CircuitRankingRow = {
  personId: number
  posizione: number
  punti: number
  /** Stages with points (every stage counts). */
  tappe: number
  /** Tie-break 2: the points of each stage, best first. */
  migliori: number[]
  /** Tie-break 3: matches won on court in the circuit's stages (walkovers are not played). */
  vinte: number
  /** Tie-break 4: games won minus games lost in those matches. */
  differenzaGame: number
}

/** Compares two standings rows: negative when `a` ranks first, 0 when every tie-break is equal. */
export function compareCircuitRows(
  a: Omit<CircuitRankingRow, 'posizione' | 'personId'>,
  b: Omit<CircuitRankingRow, 'posizione' | 'personId'>,
): number {
  if (a.punti !== b.punti) return b.punti - a.punti
  const length = Math.max(a.migliori.length, b.migliori.length)
  for (let i = 0; i < length; i++) {
    const x = a.migliori[i] ?? 0
    const y = b.migliori[i] ?? 0
    if (x !== y) return y - x
  }
  if (a.vinte !== b.vinte) return b.vinte - a.vinte
  return b.differenzaGame - a.differenzaGame
}

/**
 * Circuit standings: the sum of the points earned in the circuit's stages (every stage counting); ties broken
 * by CIRCUIT_TIE_BREAKS (contract/circuiti.ts) in order. Players equal on all of them share the position (1, 2, 2, 4) and are listed
 * by id, only to keep the order stable. Players without points are left out.
 */
export function classificaCircuito(
  records: readonly PointsRecord[],
  matches: readonly CircuitMatch[] = [],
): CircuitRankingRow[] {
  const byPerson = new Map<
    number,
    { punti: number; migliori: number[]; vinte: number; differenzaGame: number }
  >()
  for (const record of records) {
    const row = byPerson.get(record.personId) ?? { punti: 0, migliori: [], vinte: 0, differenzaGame: 0 }
    row.punti += record.punti
    row.migliori.push(record.punti)
    byPerson.set(record.personId, row)
  }
  for (const match of matches) {
    const sides = [
      { players: match.sideA, won: match.winner === 'A', diff: match.gameA - match.gameB },
      { players: match.sideB, won: match.winner === 'B', diff: match.gameB - match.gameA },
    ]
    for (const side of sides) {
      for (const personId of side.players) {
        // Only players in the standings: a match of someone without points changes nothing.
        const row = byPerson.get(personId)
        if (!row) continue
        if (side.won) row.vinte += 1
        row.differenzaGame += side.diff
      }
    }
  }
  const rows = [...byPerson]
    .filter(([, row]) => row.punti > 0)
    .map(([personId, row]) => ({
      personId,
      punti: row.punti,
      tappe: row.migliori.length,
      migliori: [...row.migliori].sort((x, y) => y - x),
      vinte: row.vinte,
      differenzaGame: row.differenzaGame,
    }))
    .sort((a, b) => compareCircuitRows(a, b) || a.personId - b.personId)
  let position = 0
  return rows.map((row, index) => {
    if (index === 0 || compareCircuitRows(row, rows[index - 1]!) !== 0) position = index + 1
    return { ...row, posizione: position }
  })
}

/**
 * Whether a caller may export standings as data (CSV): only a signed-in account with puo_esportare_classifiche.
 * Undefined when it may; otherwise the refusal, 401 to sign in first or 403 for an account without the flag.
 */
export function standingsExportRefusal(
  caller: { puoEsportareClassifiche: boolean } | null,
): { status: 401 | 403; message: string } | undefined {
  if (caller === null) return { status: 401, message: EXPORT_MESSAGES.signIn }
  if (!caller.puoEsportareClassifiche) return { status: 403, message: EXPORT_MESSAGES.notAllowed }
  return undefined
}
