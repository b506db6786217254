import { describe, expect, it } from 'vitest'
import {
  ROUND_LABELS,
  eliminationResults,
  pointsFor,
  roundName,
  roundReachedInElimination,
  roundReachedInRoundRobin,
  type EliminationMatch,
} from '../../server/domain/points.ts'

describe('pointsFor', () => {
  it('applies the category share to the round points', () => {
    expect(pointsFor('V', 'OPEN')).toBe(500)
    expect(pointsFor('V', 'LIMIT_65')).toBe(325)
    expect(pointsFor('V', 'LIMIT_45')).toBe(225)
    expect(pointsFor('QF', 'LIMIT_65')).toBe(Math.round(90 * 0.65))
  })

  it('rewards every further round with more points', () => {
    const order = ['GIR', 'R64', 'R32', 'R16', 'QF', 'SF', 'F', 'V'] as const
    const points = order.map((r) => pointsFor(r, 'OPEN'))
    expect([...points].sort((a, b) => a - b)).toEqual(points)
    expect(new Set(points).size).toBe(points.length)
  })
})

describe('round reached', () => {
  it('counts rounds from the final backwards', () => {
    expect(roundReachedInElimination(null, 5)).toBe('V')
    expect(roundReachedInElimination(5, 5)).toBe('F')
    expect(roundReachedInElimination(4, 5)).toBe('SF')
    expect(roundReachedInElimination(3, 5)).toBe('QF')
    expect(roundReachedInElimination(1, 5)).toBe('R32')
    expect(roundReachedInElimination(1, 9)).toBe('R128')
    expect(roundReachedInElimination(1, 6)).toBe('R64')
    expect(() => roundReachedInElimination(6, 5)).toThrow(RangeError)
    expect(() => roundReachedInElimination(0, 5)).toThrow('Turno 0 fuori dal tabellone')
    expect(() => roundReachedInElimination(null, 0)).toThrow('Un tabellone ha almeno un turno')
  })

  it('refuses a place that is not a whole number from 1', () => {
    expect(() => roundReachedInRoundRobin(0)).toThrow('Posizione non valida')
    expect(() => roundReachedInRoundRobin(1.5)).toThrow('Posizione non valida')
  })

  it('names each round reached as the regulations write it', () => {
    expect(ROUND_LABELS).toEqual({
      V: 'Vincitore',
      F: 'Finalista',
      SF: 'Semifinale',
      QF: 'Quarti di finale',
      R16: 'Ottavi di finale',
      R32: 'Sedicesimi di finale',
      R64: 'Trentaduesimi di finale',
      R128: 'Sessantaquattresimi di finale',
      GIR: 'Fase a gironi',
    })
  })

  it('places a single group like a draw', () => {
    expect([1, 2, 3, 4, 5, 8, 9].map(roundReachedInRoundRobin)).toEqual([
      'V',
      'F',
      'SF',
      'SF',
      'QF',
      'QF',
      'R16',
    ])
  })

  it('names the rounds of a bracket', () => {
    expect(roundName(4, 4)).toBe('Finale')
    expect(roundName(3, 4)).toBe('Semifinali')
    expect(roundName(1, 4)).toBe('Ottavi di finale')
    expect(roundName(1, 7)).toBe('1° turno')
  })
})

describe('eliminationResults', () => {
  // Draw of 4: 1 beats 2, 3 beats 4 by walkover, 1 beats 3 in the final.
  const matches: EliminationMatch[] = [
    { turno: 1, entryAId: 1, entryBId: 2, winnerEntryId: 1, esito: 'giocata' },
    { turno: 1, entryAId: 3, entryBId: 4, winnerEntryId: 3, esito: 'walkover' },
    { turno: 2, entryAId: 1, entryBId: 3, winnerEntryId: 1, esito: 'giocata' },
  ]

  it('gives each entry the points of the round it reached', () => {
    const results = eliminationResults(matches, 2, 'LIMIT_45')
    expect(results).toEqual([
      { entryId: 1, risultato: 'V', punti: pointsFor('V', 'LIMIT_45') },
      { entryId: 3, risultato: 'F', punti: pointsFor('F', 'LIMIT_45') },
      { entryId: 2, risultato: 'SF', punti: pointsFor('SF', 'LIMIT_45') },
    ])
  })

  it('gives nothing to an entry that never played', () => {
    expect(eliminationResults(matches, 2, 'OPEN').map((r) => r.entryId)).not.toContain(4)
  })

  it('refuses an unfinished draw: no final, or an entry whose next match is still to play', () => {
    expect(() => eliminationResults(matches.slice(0, 2), 2, 'OPEN')).toThrow(
      'Il tabellone non è concluso: manca la finale',
    )
    // Entry 3 won its first match; its second is still to play (no winner: nobody lost it).
    const pending: EliminationMatch[] = [
      { turno: 1, entryAId: 1, entryBId: 2, winnerEntryId: 1, esito: 'giocata' },
      { turno: 1, entryAId: 3, entryBId: 4, winnerEntryId: 3, esito: 'giocata' },
      { turno: 2, entryAId: 3, entryBId: 6, winnerEntryId: null, esito: 'da_giocare' },
      { turno: 3, entryAId: 1, entryBId: 5, winnerEntryId: 1, esito: 'giocata' },
    ]
    expect(() => eliminationResults(pending, 3, 'OPEN')).toThrow('Il tabellone non è concluso (iscrizione 3)')
  })

  it('takes the final’s winner wherever the final comes in the list', () => {
    expect(
      eliminationResults([...matches].reverse(), 2, 'OPEN').map((r) => [r.entryId, r.risultato]),
    ).toEqual([
      [1, 'V'],
      [3, 'F'],
      [2, 'SF'],
    ])
  })

  it('counts a retirement as played; a bye alone is not playing, and neither is losing the next match by walkover', () => {
    const draw: EliminationMatch[] = [
      { turno: 1, entryAId: 1, entryBId: 2, winnerEntryId: 1, esito: 'ritiro' },
      { turno: 1, entryAId: 5, entryBId: null, winnerEntryId: 5, esito: 'bye' },
      { turno: 2, entryAId: 1, entryBId: 5, winnerEntryId: 1, esito: 'walkover' },
    ]
    expect(eliminationResults(draw, 2, 'OPEN').map((r) => [r.entryId, r.risultato])).toEqual([
      [1, 'V'],
      [2, 'SF'],
    ])
  })

  it('counts winning by walkover as showing up, even for an entry that then loses the final by walkover', () => {
    const draw: EliminationMatch[] = [
      { turno: 1, entryAId: 1, entryBId: 2, winnerEntryId: 1, esito: 'giocata' },
      { turno: 1, entryAId: 3, entryBId: 4, winnerEntryId: 3, esito: 'walkover' },
      { turno: 2, entryAId: 1, entryBId: 3, winnerEntryId: 1, esito: 'walkover' },
    ]
    expect(eliminationResults(draw, 2, 'OPEN').map((r) => r.entryId)).toEqual([1, 3, 2])
  })

  it('lists entries with the same points by entry', () => {
    const draw: EliminationMatch[] = [
      { turno: 1, entryAId: 4, entryBId: 3, winnerEntryId: 4, esito: 'giocata' },
      { turno: 1, entryAId: 2, entryBId: 1, winnerEntryId: 2, esito: 'giocata' },
      { turno: 2, entryAId: 4, entryBId: 2, winnerEntryId: 4, esito: 'giocata' },
    ]
    expect(eliminationResults(draw, 2, 'OPEN').map((r) => r.entryId)).toEqual([4, 2, 1, 3])
  })
})
