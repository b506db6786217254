// The player page's point lines at their edges (docs/regole.md «Classifiche»): the 52 weeks of the national ranking
// include their first and last day, a line stamped with a time on the last day is still that day, the lines that
// count and their order do not depend on the order the database returns them in, and how a line reads.
import { describe, expect, it } from 'vitest'
import { EVENT_CATEGORIES, RANKING_RULES, ROUND_POINTS } from '../../contract/constants.ts'
import { countedLines, lineWords, pointsOf, type PointLine } from '../../server/domain/player-page.ts'
import { nationalWindow } from '../../server/domain/rankings.ts'

const TODAY = '2026-11-26'
const national = { tipo: 'nazionale', calcolataAl: TODAY } as const
const line = (tournamentId: number, data: string, punti = 90): PointLine => ({
  tournamentId,
  punti,
  data,
  risultato: 'QF',
  categoria: 'OPEN',
})
const shifted = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

describe('the lines of the national ranking on a player page', () => {
  it('shows and counts a line on the first and on the last day of the 52 weeks, none a day outside', () => {
    const { from, to } = nationalWindow(TODAY)
    expect(to).toBe(TODAY)
    const shown = countedLines(
      [line(1, shifted(from, -1)), line(2, from), line(3, to), line(4, shifted(to, 1))],
      national,
    )
    expect(shown.map((l) => [l.tournamentId, l.conta])).toEqual([
      [3, true],
      [2, true],
    ])
  })

  it('reads a line stamped with a time by its day: one on the last day at 18:00 is in', () => {
    const shown = countedLines([line(1, `${TODAY}T18:00:00.000Z`)], national)
    expect(shown.map((l) => l.tournamentId)).toEqual([1])
    expect(pointsOf(shown)).toBe(90)
  })

  it('marks the same lines as counting whatever order they come in, among equal points too', () => {
    const lines = Array.from({ length: RANKING_RULES.NATIONAL_BEST_RESULTS + 3 }, (_, i) =>
      line(i + 1, '2026-10-01'),
    )
    const counting = (order: PointLine[]) =>
      countedLines(order, national)
        .filter((l) => l.conta)
        .map((l) => l.tournamentId)
        .toSorted((a, b) => a - b)
    expect(counting(lines)).toHaveLength(RANKING_RULES.NATIONAL_BEST_RESULTS)
    expect(counting(lines.toReversed())).toEqual(counting(lines))
  })

  it('lists the lines latest first, and lines of one day in the same order whatever order they come in', () => {
    const lines = [line(1, '2026-10-01'), line(2, '2026-10-01'), line(3, '2026-11-01'), line(4, '2026-10-01')]
    const listed = (order: PointLine[]) => countedLines(order, national).map((l) => l.tournamentId)
    expect(listed(lines)[0]).toBe(3)
    expect(listed(lines.toReversed())).toEqual(listed(lines))
    const race = (order: PointLine[]) =>
      countedLines(order, { tipo: 'race', stagione: 2026 }).map((l) => l.tournamentId)
    expect(race(lines.toReversed())).toEqual(race(lines))
  })
})

describe('how a line of a player page reads', () => {
  it('names the round in Italian, with the category’s coefficient and the round’s base points', () => {
    expect(lineWords({ risultato: 'SF', categoria: 'LIMIT_65' })).toEqual({
      turno: 'Semifinale',
      coefficiente: EVENT_CATEGORIES.LIMIT_65,
      punti_base: ROUND_POINTS.SF,
    })
    expect(lineWords({ risultato: 'V', categoria: 'OPEN' })).toEqual({
      turno: 'Vincitore',
      coefficiente: 1,
      punti_base: 500,
    })
  })

  it('shows an unknown round as written, with coefficient 1 and no base points', () => {
    expect(lineWords({ risultato: 'XYZ', categoria: 'NONE' })).toEqual({
      turno: 'XYZ',
      coefficiente: 1,
      punti_base: 0,
    })
  })
})
