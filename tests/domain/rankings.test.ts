import { describe, expect, it } from 'vitest'
import { RANKING_RULES } from '../../contract/constants.ts'
import {
  classificaAffiliati,
  classificaNazionale,
  nationalWindow,
  raceAnnuale,
  type PointsRecord,
} from '../../server/domain/rankings.ts'

const r = (personId: number, punti: number, data: string, tournamentId = Math.random()): PointsRecord => ({
  personId,
  punti,
  data,
  tournamentId,
})

describe('raceAnnuale', () => {
  it('sums the points of the calendar year only', () => {
    const rows = raceAnnuale(
      [r(1, 100, '2025-01-10'), r(1, 50, '2025-12-31'), r(1, 500, '2024-12-31'), r(2, 120, '2025-06-01')],
      2025,
    )
    expect(rows).toEqual([
      { personId: 1, posizione: 1, punti: 150, tornei: 2 },
      { personId: 2, posizione: 2, punti: 120, tornei: 1 },
    ])
  })

  it('shares the position on equal points and skips the next', () => {
    const rows = raceAnnuale([r(1, 90, '2025-03-01'), r(2, 90, '2025-03-01'), r(3, 10, '2025-03-01')], 2025)
    expect(rows.map((row) => row.posizione)).toEqual([1, 1, 3])
  })
})

describe('classificaNazionale', () => {
  it('uses a 52-week window ending on the reference date', () => {
    expect(nationalWindow('2026-06-30')).toEqual({ from: '2025-07-02', to: '2026-06-30' })
  })

  it('counts only the best N results inside the window', () => {
    const records: PointsRecord[] = []
    for (let i = 0; i < RANKING_RULES.NATIONAL_BEST_RESULTS + 3; i++) records.push(r(1, 10 + i, '2026-03-01'))
    records.push(r(1, 1000, '2025-07-01')) // one day too old
    records.push(r(1, 1000, '2026-07-01')) // after the reference date
    const [row] = classificaNazionale(records, '2026-06-30')
    const best = Array.from({ length: RANKING_RULES.NATIONAL_BEST_RESULTS }, (_, i) => 13 + i)
    expect(row).toEqual({
      personId: 1,
      posizione: 1,
      punti: best.reduce((a, b) => a + b, 0),
      tornei: RANKING_RULES.NATIONAL_BEST_RESULTS,
    })
  })

  it('ranks a player with fewer but better results above a busier one', () => {
    const rows = classificaNazionale(
      [r(1, 300, '2026-01-01'), ...Array.from({ length: 12 }, () => r(2, 20, '2026-02-01'))],
      '2026-06-30',
      3,
    )
    expect(rows.map((row) => [row.personId, row.punti])).toEqual([
      [1, 300],
      [2, 60],
    ])
  })
})

describe('classificaAffiliati', () => {
  it("ranks clubs by their members' race points", () => {
    const clubOf = new Map<number, number | null>([
      [1, 10],
      [2, 10],
      [3, 20],
      [4, null],
    ])
    const rows = classificaAffiliati(
      [r(1, 100, '2026-02-01'), r(2, 50, '2026-03-01'), r(3, 120, '2026-04-01'), r(4, 999, '2026-04-01')],
      clubOf,
      2026,
    )
    expect(rows).toEqual([
      { clubId: 10, posizione: 1, punti: 150, tesserati: 2 },
      { clubId: 20, posizione: 2, punti: 120, tesserati: 1 },
    ])
  })
})
