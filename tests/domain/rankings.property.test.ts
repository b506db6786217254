// For any point lines (docs/regole.md «Classifiche», «Parità»): a player's ranking points are the sum of the lines
// that count (all of the year in the race, the best ten of the 52 weeks in the national ranking), equal points share
// the position (1, 2, 2, 4), the list puts fewer results first and then the name, and every tie carries its reason.
// The lines of team championship ties (one per tie and player, many in one tournament) are summed the same way, and
// the player page's lines add up to the same points.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '../support/property-runs.ts'
import { EVENT_CATEGORIES, ROUND_POINTS } from '../../contract/constants.ts'
import { countedLines, pointsOf } from '../../server/domain/player-page.ts'
import { eliminationResults, type EliminationMatch, type EventCategory } from '../../server/domain/points.ts'
import { rubberPoints, tiePointLines, type PointsRubber } from '../../server/domain/team-points.ts'
import {
  classificaAffiliati,
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
      runs(300),
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
      runs(300),
    )
  })
})

// ---------------------------------------------------------------------------------------------------------
// From results, not from lines: elimination draws played out at random (walkovers included) give each entry its
// round reached (server/domain/points.ts); the point lines they make add up to the race, the national ranking and
// the clubs' ranking, whose order and shared positions follow docs/regole.md «Parità», also under a filter.

const CATEGORIES = Object.keys(EVENT_CATEGORIES) as EventCategory[]
/** The round reached by an entry knocked out `fromEnd` rounds before the final (0: the final), as regole.md lists. */
const LOST_FROM_END = ['F', 'SF', 'QF', 'R16', 'R32', 'R64', 'R128'] as const

type Played = { personId: number; lostFromEnd: number | null; walkoverOnly: boolean }

/** A draw of 2^rounds players, every match decided by `coin` (A wins when true) and sometimes a walkover. */
const draw = fc.record({
  rounds: fc.integer({ min: 1, max: 4 }),
  categoria: fc.constantFrom(...CATEGORIES),
  offset: fc.integer({ min: 0, max: 420 }),
  players: fc.shuffledSubarray(
    Array.from({ length: 24 }, (_, i) => i + 1),
    { minLength: 16, maxLength: 16 },
  ),
  coins: fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
  walkovers: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }),
})
type Draw = typeof draw extends fc.Arbitrary<infer T> ? T : never

/** Plays the draw: the matches as the server stores them, and what the test expects of each player. */
function play(d: Draw) {
  const size = 2 ** d.rounds
  const entries = d.players.slice(0, size)
  const matches: EliminationMatch[] = []
  const expected = new Map<number, Played>()
  let alive = entries.map((_, i) => i + 1)
  let k = 0
  for (let turno = 1; turno <= d.rounds; turno++) {
    const next: number[] = []
    for (let i = 0; i < alive.length; i += 2) {
      const [a, b] = [alive[i]!, alive[i + 1]!]
      const winner = d.coins[k]! ? a : b
      const esito = d.walkovers[k] === 0 ? 'walkover' : 'giocata'
      k++
      matches.push({ turno, entryAId: a, entryBId: b, winnerEntryId: winner, esito })
      for (const entry of [a, b]) {
        const personId = entries[entry - 1]!
        const before = expected.get(personId) ?? { personId, lostFromEnd: null, walkoverOnly: true }
        // Showing up counts: a match played, or a walkover won. Losing the first match by walkover earns nothing.
        if (esito === 'giocata' || entry === winner) before.walkoverOnly = false
        if (entry !== winner) before.lostFromEnd = d.rounds - turno
        expected.set(personId, before)
      }
      next.push(winner)
    }
    alive = next
  }
  return { matches, expected: [...expected.values()] }
}

/** The points regole.md gives a player of the draw: the round reached times the category, nothing for no show. */
function expectedPoints(p: Played, categoria: EventCategory): number {
  if (p.walkoverOnly) return 0
  const round = p.lostFromEnd === null ? 'V' : LOST_FROM_END[Math.min(p.lostFromEnd, 6)]!
  return Math.round(ROUND_POINTS[round] * EVENT_CATEGORIES[categoria])
}

/** Every draw's point lines, as tournament_points holds them: one per player who earned something. */
function linesOf(draws: Draw[]): PointsRecord[] {
  return draws.flatMap((d, t) => {
    const { matches } = play(d)
    const entries = d.players.slice(0, 2 ** d.rounds)
    return eliminationResults(matches, d.rounds, d.categoria).map((r) => ({
      personId: entries[r.entryId - 1]!,
      tournamentId: t + 1,
      punti: r.punti,
      data: day(d.offset),
    }))
  })
}

/** Club and sex of the 24 players: fixed, so clubs and filters gather several of them. */
const clubOf = new Map(Array.from({ length: 24 }, (_, i) => [i + 1, i % 7 === 6 ? null : 100 + (i % 5)]))
const sexOf = (personId: number) => (personId % 3 === 0 ? 'F' : 'M')

/** The list order and shared positions of regole.md «Parità», checked on rows already listed. */
function expectListed(
  rows: { punti: number; tornei: number; posizione: number; sortName: string }[],
  among: { punti: number }[],
) {
  rows.forEach((row, i) => {
    expect(row.posizione).toBe(1 + among.filter((r) => r.punti > row.punti).length)
    const next = rows[i + 1]
    if (!next) return
    expect(
      row.punti > next.punti ||
        (row.punti === next.punti &&
          (row.tornei < next.tornei || (row.tornei === next.tornei && row.sortName <= next.sortName))),
    ).toBe(true)
  })
}

describe('rankings from played draws (fast-check)', () => {
  const draws = fc.array(draw, { minLength: 1, maxLength: 12 })

  it('each draw gives each player the points of the round reached, and none to who never showed up', () => {
    fc.assert(
      fc.property(draw, (d) => {
        const { matches, expected } = play(d)
        const entries = d.players.slice(0, 2 ** d.rounds)
        const got = new Map(
          eliminationResults(matches, d.rounds, d.categoria).map((r) => [entries[r.entryId - 1]!, r.punti]),
        )
        for (const p of expected) expect(got.get(p.personId) ?? 0).toBe(expectedPoints(p, d.categoria))
      }),
      runs(300),
    )
  })

  it('the race, the national ranking and the clubs add up the lines; lists and filters follow the tie-breaks', () => {
    fc.assert(
      fc.property(draws, fc.constantFrom('M', 'F'), (played, sesso) => {
        const records = linesOf(played)
        const race = raceAnnuale(records, YEAR)
        const national = classificaNazionale(records, TODAY)
        const { from, to } = nationalWindow(TODAY)
        for (const row of race) {
          const own = records.filter((r) => r.personId === row.personId && r.data.startsWith(`${YEAR}-`))
          expect(row.punti).toBe(own.reduce((s, r) => s + r.punti, 0))
          expect(row.tornei).toBe(own.length)
        }
        const nationalOf = new Map(national.map((r) => [r.personId, r]))
        for (const personId of new Set(records.map((r) => r.personId))) {
          const own = records.filter((r) => r.personId === personId && r.data >= from && r.data <= to)
          const best = own
            .map((r) => r.punti)
            .sort((a, b) => b - a)
            .slice(0, 10)
          const sum = best.reduce((s, p) => s + p, 0)
          // Who has no point in the window is not ranked; who has, is, with the best ten.
          expect(nationalOf.get(personId)?.punti ?? 0).toBe(sum)
          expect(nationalOf.get(personId)?.tornei ?? 0).toBe(sum > 0 ? best.length : 0)
        }
        // The list order and the positions, whole and narrowed to one sex (the position among who the filter keeps).
        for (const ranking of [race, national]) {
          const all = listed(ranking).sorted
          expectListed(all, ranking)
          const kept = all.filter((r) => sexOf(r.personId) === sesso)
          const positions = listPositions(kept)
          expectListed(
            kept.map((r, i) => ({ ...r, posizione: positions[i]! })),
            kept,
          )
        }
        // Clubs: the race points of their members who scored, equal points shared, fewer members first, then the name.
        const clubs = classificaAffiliati(records, clubOf, YEAR)
        for (const club of clubs) {
          const members = race.filter((r) => clubOf.get(r.personId) === club.clubId)
          expect(club.punti).toBe(members.reduce((s, r) => s + r.punti, 0))
          expect(club.tesserati).toBe(members.length)
        }
        expect(clubs.length).toBe(
          new Set(race.map((r) => clubOf.get(r.personId)).filter((c) => c != null)).size,
        )
        const listedClubs = clubs
          .map((c) => ({
            ...c,
            tornei: c.tesserati,
            sortName: sortKey(`Circolo ${c.clubId}`),
            key: c.clubId,
          }))
          .sort(compareListed)
        expectListed(listedClubs, clubs)
      }),
      runs(200),
    )
  })
})

describe('rankings with team championship ties (fast-check)', () => {
  const categories = Object.keys(EVENT_CATEGORIES) as EventCategory[]
  /** A tie: three rubbers of one or two players a side (players 1–24), each won, lost or not played. */
  const tie = fc.record({
    championship: fc.integer({ min: 0, max: 2 }),
    categoria: fc.constantFrom(...categories),
    offset: fc.integer({ min: 0, max: 420 }),
    rubbers: fc.array(
      fc.record({
        casa: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 2 }),
        ospiti: fc.uniqueArray(fc.integer({ min: 13, max: 24 }), { minLength: 1, maxLength: 2 }),
        vincitore: fc.constantFrom('casa', 'ospiti', null),
        esito: fc.constantFrom('giocata', 'ritiro', 'walkover', 'da_giocare'),
      }),
      { minLength: 3, maxLength: 3 },
    ),
  })

  /** Each tie's lines as tournament_points holds them: the championship's tournament, the tie's day. */
  function tieLines(ties: (typeof tie extends fc.Arbitrary<infer T> ? T : never)[]) {
    return ties.flatMap((t, k) =>
      tiePointLines(t.rubbers as PointsRubber[], t.categoria).map((l) => ({
        personId: l.personId,
        tournamentId: 1000 + t.championship,
        tieId: k + 1,
        partite: l.partite,
        categoria: t.categoria,
        punti: l.punti,
        data: day(t.offset),
        risultato: 'PV',
      })),
    )
  }

  it('each tie gives the winners of a rubber its points, and the rankings and the page add up every line', () => {
    fc.assert(
      fc.property(fc.array(draw, { maxLength: 6 }), fc.array(tie, { maxLength: 20 }), (played, ties) => {
        const fromTies = tieLines(ties)
        // Every line is one player's rubbers won in one tie, worth the rule's points; nobody else has a line.
        for (const [k, t] of ties.entries()) {
          const own = fromTies.filter((l) => l.tieId === k + 1)
          const winners = new Set(
            t.rubbers.flatMap((r) =>
              r.vincitore === null || r.esito === 'da_giocare' ? [] : r[r.vincitore],
            ),
          )
          expect(own.map((l) => l.personId).sort((a, b) => a - b)).toEqual([...winners].sort((a, b) => a - b))
          for (const l of own) expect(l.punti).toBe(rubberPoints(l.partite, t.categoria))
        }
        const records = [
          ...linesOf(played).map((r) => ({ ...r, categoria: 'OPEN', risultato: 'QF' })),
          ...fromTies,
        ]
        const race = raceAnnuale(records, YEAR)
        const { from, to } = nationalWindow(TODAY)
        for (const row of race) {
          const own = records.filter((r) => r.personId === row.personId && r.data.startsWith(`${YEAR}-`))
          expect(row.punti).toBe(own.reduce((s, r) => s + r.punti, 0))
          expect(row.tornei).toBe(own.length)
        }
        const national = new Map(classificaNazionale(records, TODAY).map((r) => [r.personId, r]))
        for (const personId of new Set(records.map((r) => r.personId))) {
          const own = records.filter((r) => r.personId === personId)
          // The player page: its lines that count add up to the ranking's points, in both rankings.
          const raceLines = countedLines(own, { tipo: 'race', stagione: YEAR })
          expect(pointsOf(raceLines)).toBe(race.find((r) => r.personId === personId)?.punti ?? 0)
          const nationalLines = countedLines(own, { tipo: 'nazionale', calcolataAl: TODAY })
          expect(pointsOf(nationalLines)).toBe(national.get(personId)?.punti ?? 0)
          const best = own
            .filter((r) => r.data >= from && r.data <= to)
            .map((r) => r.punti)
            .sort((a, b) => b - a)
            .slice(0, 10)
          expect(national.get(personId)?.punti ?? 0).toBe(best.reduce((s, p) => s + p, 0))
        }
        // Clubs: their members' race points, tie lines included.
        for (const club of classificaAffiliati(records, clubOf, YEAR)) {
          const members = race.filter((r) => clubOf.get(r.personId) === club.clubId)
          expect(club.punti).toBe(members.reduce((s, r) => s + r.punti, 0))
        }
      }),
      runs(200),
    )
  })
})
