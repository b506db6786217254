import { describe, expect, it } from 'vitest'
import {
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
    expect(() => roundReachedInElimination(6, 5)).toThrow(RangeError)
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

  it('refuses an unfinished draw', () => {
    expect(() => eliminationResults(matches.slice(0, 2), 2, 'OPEN')).toThrow(/non è concluso/)
  })
})
