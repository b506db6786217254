// For any point lines (docs/regole.md «Classifiche», «Parità»): a player's ranking points are the sum of the lines
// that count (all of the year in the race, the best ten of the 52 weeks in the national ranking), equal points share
// the position (1, 2, 2, 4), the list puts fewer results first and then the name, and every tie carries its reason.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  classificaNazionale,
  compareListed,
  listPositions,
  nationalWindow,
  raceAnnuale,
  sortKey,
  tieNotes,
  type PointsRecord,
} from '../../server/domain/rankings.ts'

const YEAR = 2026
const TODAY = '2026-11-26'
const NAMES = ['Rossi Luca', 'Bianchi Anna', 'bianchi anna', 'Neri Carla', 'De Luca Ugo', 'Verdi Bruno']

const day = (offset: number) =>
  new Date(Date.UTC(YEAR, 10, 26) - offset * 86_400_000).toISOString().slice(0, 10)

/** Point lines of up to 12 players over about 14 months, with points drawn from a few values so ties are common. */
const lines = fc.array(
  fc.record({
    personId: fc.integer({ min: 1, max: 12 }),
    punti: fc.constantFrom(3, 6, 12, 45, 90, 135, 180, 300, 500),
    offset: fc.integer({ min: 0, max: 420 }),
  }),
  { maxLength: 80 },
)
const toRecords = (drawn: { personId: number; punti: number; offset: number }[]): PointsRecord[] =>
  drawn.map((l, i) => ({ personId: l.personId, tournamentId: i + 1, punti: l.punti, data: day(l.offset) }))

const nameOf = (personId: number) => NAMES[personId % NAMES.length]!

/** The rows as the lists show them: ordered by compareListed, with the positions and notes of the pages. */
function listed(rows: { personId: number; punti: number; tornei: number; posizione: number }[]) {
  const sorted = rows
    .map((r) => ({
      ...r,
      sortName: sortKey(nameOf(r.personId)),
      key: r.personId,
      persona: nameOf(r.personId),
    }))
    .sort(compareListed)
  return { sorted, positions: listPositions(sorted), notes: tieNotes(sorted) }
}

describe('rankings from point lines (fast-check)', () => {
  it('race: the sum of every line of the year; national: the sum of the best ten in the 52 weeks', () => {
    fc.assert(
      fc.property(lines, (drawn) => {
        const records = toRecords(drawn)
        for (const row of raceAnnuale(records, YEAR)) {
          const own = records.filter((r) => r.personId === row.personId && r.data.startsWith(`${YEAR}-`))
          expect(row.punti).toBe(own.reduce((s, r) => s + r.punti, 0))
          expect(row.tornei).toBe(own.length)
        }
        const { from, to } = nationalWindow(TODAY)
        for (const row of classificaNazionale(records, TODAY)) {
          const best = records
            .filter((r) => r.personId === row.personId && r.data >= from && r.data <= to)
            .map((r) => r.punti)
            .sort((a, b) => b - a)
            .slice(0, 10)
          expect(row.punti).toBe(best.reduce((s, p) => s + p, 0))
          expect(row.tornei).toBe(best.length)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('the list order follows the documented tie-breaks, positions are shared on equal points, and ties say why', () => {
    fc.assert(
      fc.property(lines, (drawn) => {
        const rows = raceAnnuale(toRecords(drawn), YEAR)
        const { sorted, positions, notes } = listed(rows)
        sorted.forEach((row, i) => {
          // The position the list shows is the ranking's own (1 + how many have more points).
          expect(positions[i]).toBe(row.posizione)
          expect(row.posizione).toBe(1 + rows.filter((r) => r.punti > row.punti).length)
          const next = sorted[i + 1]
          // Points down; on equal points fewer results; on equal results the name.
          const ordered =
            !next ||
            row.punti > next.punti ||
            (row.punti === next.punti &&
              (row.tornei < next.tornei || (row.tornei === next.tornei && row.sortName <= next.sortName)))
          expect(ordered).toBe(true)
          const before = sorted[i - 1]
          const other = before?.punti === row.punti ? before : next?.punti === row.punti ? next : undefined
          const reason =
            other === undefined
              ? null
              : `${other.persona}|${other.tornei === row.tornei ? 'in ordine alfabetico' : 'con meno risultati'}`
          const note = notes[i] ?? null
          const said =
            note === null
              ? null
              : `${other?.persona}|${note.includes('in ordine alfabetico') ? 'in ordine alfabetico' : note.includes('con meno risultati') ? 'con meno risultati' : '?'}`
          expect(said).toBe(reason)
          expect(note === null || note.includes(other!.persona)).toBe(true)
        })
      }),
      { numRuns: 300 },
    )
  })
})
