// For any point lines of a sector: the lines a player page shows as counting (server/domain/player-page.ts) add up
// to the player's points in the race of the year and in the national ranking of the day, and count as many results
// as the ranking does; the lines are listed latest first and none outside the ranking's period is shown.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countedLines, pointsOf } from '../../server/domain/player-page.ts'
import {
  classificaNazionale,
  nationalWindow,
  raceAnnuale,
  type PointsRecord,
} from '../../server/domain/rankings.ts'

const TODAY = '2026-11-26'
const day = (offset: number) =>
  new Date(Date.UTC(2026, 10, 26) - offset * 86_400_000).toISOString().slice(0, 10)

const lines = fc.array(
  fc.record({
    personId: fc.integer({ min: 1, max: 4 }),
    punti: fc.constantFrom(3, 4, 6, 12, 45, 59, 90, 117, 180, 300, 500),
    offset: fc.integer({ min: 0, max: 500 }),
  }),
  { minLength: 40, maxLength: 90 },
)
const toRecords = (drawn: { personId: number; punti: number; offset: number }[]) =>
  drawn.map((l, i) => ({
    personId: l.personId,
    tournamentId: i + 1,
    punti: l.punti,
    data: day(l.offset),
    risultato: 'QF',
    categoria: 'OPEN',
  }))

const of = (records: (PointsRecord & { risultato: string; categoria: string })[], personId: number) =>
  records.filter((r) => r.personId === personId)

describe('the point lines of a player page', () => {
  it('add up to the race points of the year, all of them counting', () => {
    fc.assert(
      fc.property(lines, (drawn) => {
        const records = toRecords(drawn)
        for (const row of raceAnnuale(records, 2026)) {
          const shown = countedLines(of(records, row.personId), { tipo: 'race', stagione: 2026 })
          expect(pointsOf(shown)).toBe(row.punti)
          expect(shown.every((l) => l.conta && l.data.startsWith('2026-'))).toBe(true)
          expect(shown.length).toBe(row.tornei)
        }
      }),
    )
  })

  it('add up to the national points of the day: the best ten of the 52 weeks count, the rest are shown as not counting', () => {
    fc.assert(
      fc.property(lines, (drawn) => {
        const records = toRecords(drawn)
        const { from, to } = nationalWindow(TODAY)
        const ranked = new Map(classificaNazionale(records, TODAY).map((r) => [r.personId, r]))
        for (const personId of new Set(records.map((r) => r.personId))) {
          const shown = countedLines(of(records, personId), { tipo: 'nazionale', calcolataAl: TODAY })
          expect(pointsOf(shown)).toBe(ranked.get(personId)?.punti ?? 0)
          expect(shown.filter((l) => l.conta).length).toBe(ranked.get(personId)?.tornei ?? 0)
          expect(shown.every((l) => l.data >= from && l.data <= to)).toBe(true)
          const counted = shown.filter((l) => l.conta).map((l) => l.punti)
          const left = shown.filter((l) => !l.conta).map((l) => l.punti)
          expect(Math.min(...counted, Infinity)).toBeGreaterThanOrEqual(Math.max(...left, -Infinity))
          const dates = shown.map((l) => l.data)
          expect(dates).toEqual(dates.toSorted().toReversed())
        }
      }),
    )
  })
})
