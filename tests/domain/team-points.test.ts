// What a team championship tie that counts gives (docs/regole.md «Campionati a squadre»): the points of the rubbers
// won, the day they count from, how their line reads, and the final phase's bracket filled from the standings and
// from the winners.
import { describe, expect, it } from 'vitest'
import { TEAM_RUBBER_POINTS } from '../../contract/constants.ts'
import {
  bracketRounds,
  finalPhasePairs,
  nextRoundTie,
  rubberPoints,
  tieLineDay,
  tieLineWords,
  tiePointLines,
  type PointsRubber,
} from '../../server/domain/team-points.ts'

const rubber = (
  casa: number[],
  ospiti: number[],
  vincitore: PointsRubber['vincitore'],
  esito = 'giocata',
): PointsRubber => ({ casa, ospiti, vincitore, esito })

describe('the points of a tie', () => {
  it('gives each player of a rubber won the rubber’s points, times the category’s share', () => {
    expect(TEAM_RUBBER_POINTS).toBe(15)
    expect([rubberPoints(1, 'OPEN'), rubberPoints(1, 'LIMIT_65'), rubberPoints(1, 'LIMIT_45')]).toEqual([
      15, 10, 7,
    ])
    const lines = tiePointLines(
      [rubber([1], [11], 'casa'), rubber([2], [12], 'ospiti'), rubber([3, 4], [13, 14], 'casa')],
      'OPEN',
    )
    expect(lines).toEqual([
      { personId: 1, partite: 1, punti: 15 },
      { personId: 3, partite: 1, punti: 15 },
      { personId: 4, partite: 1, punti: 15 },
      { personId: 12, partite: 1, punti: 15 },
    ])
  })

  it('counts a rubber won by walkover or retirement, and nothing for a rubber lost or not played', () => {
    const lines = tiePointLines(
      [
        rubber([1], [11], 'casa', 'walkover'),
        rubber([2], [12], 'ospiti', 'ritiro'),
        rubber([3, 4], [13, 14], null, 'da_giocare'),
      ],
      'LIMIT_65',
    )
    expect(lines).toEqual([
      { personId: 1, partite: 1, punti: 10 },
      { personId: 12, partite: 1, punti: 10 },
    ])
  })

  it('adds up the rubbers of a player named twice (a lineup never does it)', () => {
    expect(tiePointLines([rubber([1], [11], 'casa'), rubber([1, 2], [12, 13], 'casa')], 'OPEN')).toEqual([
      { personId: 1, partite: 2, punti: 30 },
      { personId: 2, partite: 1, punti: 15 },
    ])
  })

  it('counts from the day played, or the day the result counted when earlier', () => {
    const played = new Date('2026-03-14T15:00:00Z')
    expect(tieLineDay(played, new Date('2026-03-16T10:00:00Z'))).toBe('2026-03-14')
    expect(tieLineDay(new Date('2026-04-01T15:00:00Z'), new Date('2026-03-16T10:00:00Z'))).toBe('2026-03-16')
    expect(tieLineDay(null, new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
  })

  it('reads as the giornata, or the final phase’s round, with the base points and the coefficient', () => {
    expect(
      tieLineWords({ giornata: 3, finale: false, turni: null, partite: 1, categoria: 'LIMIT_45' }),
    ).toEqual({ turno: '3ª giornata', coefficiente: 0.45, punti_base: 15 })
    expect(tieLineWords({ giornata: 1, finale: true, turni: 2, partite: 1, categoria: 'OPEN' })).toEqual({
      turno: 'Semifinali',
      coefficiente: 1,
      punti_base: 15,
    })
    expect(tieLineWords({ giornata: 2, finale: true, turni: 2, partite: 2, categoria: 'OPEN' })).toEqual({
      turno: 'Finale',
      coefficiente: 1,
      punti_base: 30,
    })
  })

  it('reads as the giornata unless it is a round of a final phase whose rounds are known', () => {
    expect(tieLineWords({ giornata: 2, finale: false, turni: 2, partite: 1, categoria: 'OPEN' }).turno).toBe(
      '2ª giornata',
    )
    expect(
      tieLineWords({ giornata: 2, finale: true, turni: null, partite: 1, categoria: 'OPEN' }).turno,
    ).toBe('2ª giornata')
  })
})

describe('the final phase’s bracket', () => {
  it('pairs one girone 1st–4th and 2nd–3rd, two gironi each winner with the other’s runner-up', () => {
    expect(finalPhasePairs([[10, 20, 30, 40, 50]])).toEqual([
      [10, 40],
      [20, 30],
    ])
    expect(finalPhasePairs([[10, 20, 30, 40]])).toEqual([
      [10, 40],
      [20, 30],
    ])
    expect(
      finalPhasePairs([
        [1, 2],
        [7, 8],
      ]),
    ).toEqual([
      [1, 8],
      [7, 2],
    ])
    expect(
      finalPhasePairs([
        [1, 2, 3],
        [7, 8, 9],
      ]),
    ).toEqual([
      [1, 8],
      [7, 2],
    ])
  })

  it('leaves to the federation the shapes it does not fill', () => {
    expect(finalPhasePairs([[1, 2, 3]])).toBeNull()
    expect(finalPhasePairs([[1], [2, 3]])).toBeNull()
    expect(finalPhasePairs([[1, 2], [3]])).toBeNull()
    expect(
      finalPhasePairs([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    ).toBeNull()
    expect(finalPhasePairs([])).toBeNull()
  })

  it('sends the two winners of paired ties to the next round, the upper one at home', () => {
    const semis = [
      { id: 5, winnerTeamId: 40 },
      { id: 6, winnerTeamId: null },
    ]
    expect(nextRoundTie(semis, 5, 1, 2)).toBeNull()
    const decided = [semis[0]!, { id: 6, winnerTeamId: 20 }]
    expect(nextRoundTie(decided, 6, 1, 2)).toEqual({ giornata: 2, position: 0, home: 40, away: 20 })
    expect(nextRoundTie(decided, 5, 1, 2)).toEqual({ giornata: 2, position: 0, home: 40, away: 20 })
    // The upper tie undecided holds the lower one's winner back too.
    expect(nextRoundTie([{ id: 5, winnerTeamId: null }, decided[1]!], 6, 1, 2)).toBeNull()
    // The final has no next round, whatever the ties passed with it; a tie not in the round feeds nothing.
    expect(nextRoundTie([{ id: 9, winnerTeamId: 40 }], 9, 2, 2)).toBeNull()
    expect(nextRoundTie(decided, 5, 2, 2)).toBeNull()
    expect(nextRoundTie(decided, 7, 1, 2)).toBeNull()
    // A tie with no pair in its round (a bracket the portal does not fill) waits.
    expect(nextRoundTie([{ id: 9, winnerTeamId: 40 }], 9, 1, 2)).toBeNull()
    // Quarter-finals: the 3rd and 4th ties feed the second semifinal.
    const quarters = [1, 2, 3, 4].map((id) => ({ id, winnerTeamId: id * 10 }))
    expect(nextRoundTie(quarters, 4, 1, 3)).toEqual({ giornata: 2, position: 1, home: 30, away: 40 })
  })

  it('counts the rounds from the first one’s ties', () => {
    expect([bracketRounds(1), bracketRounds(2), bracketRounds(4), bracketRounds(8)]).toEqual([1, 2, 3, 4])
  })
})
