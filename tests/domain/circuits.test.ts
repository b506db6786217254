// The circuit standings' tie-breaks (docs/regole.md, «Classifica di circuito»): each criterion decides only when
// the ones before it are equal, and players equal on all of them share the position.
import { describe, expect, it } from 'vitest'
import { EXPORT_MESSAGES } from '../../contract/circuiti.ts'
import {
  classificaCircuito,
  compareCircuitRows,
  standingsExportRefusal,
  type CircuitMatch,
} from '../../server/domain/circuits.ts'
import type { PointsRecord } from '../../server/domain/rankings.ts'

let tournament = 0
const points = (personId: number, punti: number): PointsRecord => ({
  personId,
  punti,
  tournamentId: ++tournament,
  data: '2026-05-10',
})
const match = (a: number[], b: number[], gameA: number, gameB: number): CircuitMatch => ({
  sideA: a,
  sideB: b,
  winner: gameA > gameB ? 'A' : 'B',
  gameA,
  gameB,
})
const order = (rows: { personId: number; posizione: number }[]) => rows.map((r) => [r.personId, r.posizione])

describe('classificaCircuito', () => {
  it('adds every stage and ranks by points first', () => {
    const rows = classificaCircuito([points(1, 30), points(1, 40), points(2, 60)])
    expect(rows[0]).toMatchObject({ personId: 1, posizione: 1, punti: 70, tappe: 2, migliori: [40, 30] })
    expect(order(rows)).toEqual([
      [1, 1],
      [2, 2],
    ])
  })

  it('counts a win and the games for the side listed second as for the first', () => {
    // 3 beats 4 from side B, 7-5 6-2: one match won and +6 games for 3; none and -6 for 4.
    const rows = classificaCircuito([points(3, 100), points(4, 100)], [match([4], [3], 7, 13)])
    expect(rows.map((r) => [r.personId, r.posizione, r.vinte, r.differenzaGame])).toEqual([
      [3, 1, 1, 6],
      [4, 2, 0, -6],
    ])
  })

  it('counts no win for the side listed second when the first won', () => {
    const rows = classificaCircuito([points(5, 100), points(6, 100)], [match([5], [6], 13, 7)])
    expect(rows.map((r) => [r.personId, r.vinte, r.differenzaGame])).toEqual([
      [5, 1, 6],
      [6, 0, -6],
    ])
  })

  it('on equal points, the better best result first (a stage win beats two semifinals)', () => {
    // 360 each: one win of a LIMIT 45 stage (225) + 135, against two semifinals of OPEN stages (180 + 180).
    const rows = classificaCircuito([points(7, 180), points(7, 180), points(8, 225), points(8, 135)])
    expect(order(rows)).toEqual([
      [8, 1],
      [7, 2],
    ])
  })

  it('then more matches won on court, then the better games difference', () => {
    // Twelve players winning one stage each with 500 points: the tie the home once showed.
    const records = Array.from({ length: 12 }, (_, i) => points(100 + i, 500))
    const matches = [
      // 105 won three matches, 103 two, the rest one; 101 and 102 both one, 102 with more games.
      match([105], [900], 6, 0),
      match([105], [901], 6, 1),
      match([105], [902], 6, 2),
      match([103], [903], 6, 4),
      match([103], [904], 7, 5),
      match([101], [905], 6, 4),
      match([102], [906], 6, 0),
    ]
    const rows = classificaCircuito(records, matches)
    expect(rows.slice(0, 4).map((r) => r.personId)).toEqual([105, 103, 102, 101])
    expect(rows.filter((r) => r.posizione === 1)).toHaveLength(1)
    expect(rows[0]).toMatchObject({ vinte: 3, differenzaGame: 15 })
  })

  it('counts a doubles match for both partners, and ignores players without points', () => {
    const rows = classificaCircuito(
      [points(1, 90), points(2, 90), points(3, 90)],
      [match([1, 2], [40, 41], 6, 3), match([3], [42], 2, 6)],
    )
    expect(rows.map((r) => [r.personId, r.vinte, r.differenzaGame])).toEqual([
      [1, 1, 3],
      [2, 1, 3],
      [3, 0, -4],
    ])
    expect(rows.map((r) => r.posizione)).toEqual([1, 1, 3])
    expect(rows.some((r) => r.personId >= 40)).toBe(false)
  })

  it('shares the position only when every tie-break is equal', () => {
    const rows = classificaCircuito([points(2, 45), points(1, 45), points(3, 20)])
    expect(order(rows)).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ])
  })

  it('leaves out players with no points', () => {
    expect(classificaCircuito([points(1, 0)])).toEqual([])
  })
})

describe('compareCircuitRows', () => {
  const row = (punti: number, migliori: number[], vinte = 0, differenzaGame = 0) => ({
    punti,
    tappe: migliori.length,
    migliori,
    vinte,
    differenzaGame,
  })
  it('applies the criteria in order', () => {
    expect(compareCircuitRows(row(100, [100]), row(90, [90]))).toBeLessThan(0)
    expect(compareCircuitRows(row(100, [50, 50]), row(100, [100]))).toBeGreaterThan(0)
    expect(compareCircuitRows(row(100, [100], 1), row(100, [100], 2))).toBeGreaterThan(0)
    expect(compareCircuitRows(row(100, [100], 2, -3), row(100, [100], 2, 4))).toBeGreaterThan(0)
    expect(compareCircuitRows(row(100, [100], 2, 4), row(100, [100], 2, 4))).toBe(0)
  })
})

describe('standingsExportRefusal: only an account allowed to export gets the standings as data', () => {
  it('asks a visitor to sign in first (401), refuses an account without the permission (403), lets one with it', () => {
    expect(standingsExportRefusal(null)).toEqual({ status: 401, message: EXPORT_MESSAGES.signIn })
    expect(standingsExportRefusal({ puoEsportareClassifiche: false })).toEqual({
      status: 403,
      message: EXPORT_MESSAGES.notAllowed,
    })
    expect(standingsExportRefusal({ puoEsportareClassifiche: true })).toBeUndefined()
  })
})
