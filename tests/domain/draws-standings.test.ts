// Standings of a girone, the knockout after the gironi and the tournament's results, worked out by hand from the
// rules (docs/regole.md «Gironi», «Gironi e tabellone finale»): every column of a row, the head-to-head between
// two tied players even against the set difference, the game difference and the draw order among three, the
// lines of the knockout with its byes; and the refusals of the draw's building blocks.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ROUND_POINTS } from '../../contract/constants.ts'
import {
  bracketOrder,
  buildEliminationDraw,
  buildGroups,
  drawRandom,
  groupStandings,
  knockoutFromGroups,
  roundRobinSchedule,
  tournamentResults,
  type EliminationDraw,
} from '../../server/domain/draws.ts'

const SEED = 'c'.repeat(64)
const m = (a: number, b: number, w: number, setA: number, setB: number, gameA: number, gameB: number) => ({
  entryAId: a,
  entryBId: b,
  winnerEntryId: w,
  setA,
  setB,
  gameA,
  gameB,
})
const ids = (rows: { entryId: number }[]) => rows.map((r) => r.entryId)

describe('the standings of a girone', () => {
  it('counts every column of every row: played, won, lost, sets, games, points, place', () => {
    const rows = groupStandings(
      [3, 2, 1],
      [m(1, 2, 1, 2, 1, 15, 12), m(3, 1, 1, 0, 2, 5, 12), m(2, 3, 2, 2, 0, 12, 7)],
    )
    expect(rows).toEqual([
      {
        entryId: 1,
        posizione: 1,
        giocate: 2,
        vinte: 2,
        perse: 0,
        setVinti: 4,
        setPersi: 1,
        gameVinti: 27,
        gamePersi: 17,
        punti: 2,
      },
      {
        entryId: 2,
        posizione: 2,
        giocate: 2,
        vinte: 1,
        perse: 1,
        setVinti: 3,
        setPersi: 2,
        gameVinti: 24,
        gamePersi: 22,
        punti: 1,
      },
      {
        entryId: 3,
        posizione: 3,
        giocate: 2,
        vinte: 0,
        perse: 2,
        setVinti: 0,
        setPersi: 4,
        gameVinti: 12,
        gamePersi: 24,
        punti: 0,
      },
    ])
  })

  it('puts the winner of the match between two tied players first, even with the worse set difference', () => {
    // 1 and 2 have two wins, 3 and 4 one: 1 beat 2 and 3 beat 4, each with fewer sets to spare.
    const rows = groupStandings(
      [1, 2, 3, 4],
      [
        m(1, 2, 1, 2, 1, 13, 12),
        m(1, 3, 1, 2, 1, 13, 12),
        m(1, 4, 4, 0, 2, 2, 12),
        m(2, 3, 2, 2, 0, 12, 2),
        m(2, 4, 2, 2, 0, 12, 2),
        m(3, 4, 3, 2, 1, 13, 12),
      ],
    )
    expect(ids(rows)).toEqual([1, 2, 3, 4])
  })

  it('puts the winner of the match between two tied players first when the other comes first in the draw', () => {
    const rows = groupStandings(
      [1, 2, 3, 4],
      [
        m(1, 2, 2, 1, 2, 12, 13),
        m(1, 3, 1, 2, 0, 12, 2),
        m(1, 4, 1, 2, 0, 12, 2),
        m(2, 3, 2, 2, 1, 13, 12),
        m(2, 4, 4, 0, 2, 2, 12),
        m(3, 4, 3, 2, 1, 13, 12),
      ],
    )
    expect(ids(rows)).toEqual([2, 1, 3, 4])
    // Two who have not met: the better set difference first, even second in the draw.
    expect(ids(groupStandings([1, 2, 3], [m(1, 3, 1, 2, 1, 13, 12), m(2, 3, 2, 2, 0, 12, 3)]))).toEqual([
      2, 1, 3,
    ])
  })

  it('ranks two tied players who have not met yet by set difference', () => {
    const rows = groupStandings([1, 2, 3], [m(1, 3, 1, 2, 0, 12, 3), m(2, 3, 2, 2, 1, 14, 12)])
    expect(ids(rows)).toEqual([1, 2, 3])
  })

  it('ranks three tied on wins and sets by game difference, then by the draw order', () => {
    const byGames = groupStandings(
      [2, 3, 1],
      [m(1, 2, 1, 2, 0, 12, 5), m(2, 3, 2, 2, 0, 12, 8), m(3, 1, 3, 2, 0, 12, 10)],
    )
    expect(ids(byGames)).toEqual([1, 3, 2])
    const level = [m(1, 2, 1, 2, 0, 12, 6), m(2, 3, 2, 2, 0, 12, 6), m(3, 1, 3, 2, 0, 12, 6)]
    expect(ids(groupStandings([3, 1, 2], level))).toEqual([3, 1, 2])
    expect(ids(groupStandings([2, 3, 1], level))).toEqual([2, 3, 1])
  })

  it('refuses a match with a player from outside the girone', () => {
    expect(() => groupStandings([1, 2], [m(1, 9, 1, 2, 0, 12, 0)])).toThrow(
      'Partita con un iscritto fuori dal girone',
    )
    expect(() => groupStandings([1, 2], [m(9, 2, 2, 0, 2, 0, 12)])).toThrow(RangeError)
  })
})

describe('the knockout after the gironi', () => {
  it('gives the lines to winners then runners-up, byes to the best, and keeps a girone’s two in separate halves', () => {
    // Six qualifiers in a draw of eight: lines 1–6, lines 7 and 8 are byes. bracketOrder(8) puts lines
    // 1,8,4,5,2,7,3,6 on slots 0–7; runner-up 11 (line 4) would sit in its winner's half: it swaps with 13.
    const draw = knockoutFromGroups([
      [1, 11, 21],
      [2, 12, 22],
      [3, 13, 23],
    ])
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6])
    expect(draw.slots).toEqual([1, null, 13, 12, 2, null, 3, 11])
    expect([...draw.seeds]).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [11, 4],
      [12, 5],
      [13, 6],
    ])
    expect(draw).toMatchObject({ size: 8, rounds: 3 })
  })

  it('takes as many qualifiers as asked, skipping a girone too short', () => {
    expect(knockoutFromGroups([[1], [2], [3], [4]], 1).slots).toEqual([1, 4, 2, 3])
    expect(knockoutFromGroups([[1, 11], [2]]).slots).toEqual([1, null, 2, 11])
    expect(knockoutFromGroups([[1, 2]]).slots).toEqual([1, 2])
    expect(() => knockoutFromGroups([[1]])).toThrow('Servono almeno due qualificati')
  })

  // More than one runner-up in its winner's half: they trade places two by two, one from each half, in line
  // order (docs/regole.md «Dai gironi al tabellone»). `tradedLines` reads who took each moved qualifier's line, the
  // layout by line being seed n on line n.
  const tradedLines = (draw: EliminationDraw) => {
    const lineSlot = (seed: number) => bracketOrder(draw.size).indexOf(seed)
    return [...draw.seeds]
      .filter(([entry, seed]) => draw.slots[lineSlot(seed)] !== entry)
      .map(([entry, seed]) => [entry, draw.slots[lineSlot(seed)]])
  }
  const apartFromWinner = (draw: EliminationDraw, standings: number[][]) => {
    const top = (entry: number) => draw.slots.indexOf(entry) < draw.size / 2
    return standings.every(([winner, ...others]) => others.every((other) => top(other) !== top(winner!)))
  }

  it('swaps four runners-up in their winner’s half two by two, each moved once, in line order', () => {
    // Seven gironi, fourteen qualifiers in a draw of sixteen. By line, runners-up 11 (line 8), 13 (line 10),
    // 15 (line 12) and 17 (line 14) would sit in their winner's half, 11 and 15 in the top half, 13 and 17 in the
    // bottom one: 11 trades with 13, then 15 with 17; 12, 14 and 16 are already apart and stay.
    const standings = [1, 2, 3, 4, 5, 6, 7].map((g) => [g, g + 10])
    const draw = knockoutFromGroups(standings)
    expect(draw.slots).toEqual([1, null, 13, 12, 4, 16, 5, 17, 2, null, 7, 11, 3, 15, 6, 14])
    expect(tradedLines(draw)).toEqual([
      [11, 13],
      [13, 11],
      [15, 17],
      [17, 15],
    ])
    expect(apartFromWinner(draw, standings)).toBe(true)
  })

  it('swaps a runner-up with one from the other half, never with one beside it in its own half', () => {
    // Girone A sends its winner only. By line 12 and 13 sit in the bottom half with their winners 2 and 3, 14 and
    // 15 in the top half with 4 and 5: 12 trades with 14 and 13 with 15, not 13 with 12.
    const standings = [[1], [2, 12], [3, 13], [4, 14], [5, 15]]
    const draw = knockoutFromGroups(standings)
    expect(draw.slots).toEqual([1, null, 12, 13, 4, null, 5, null, 2, null, 15, null, 3, null, 14, null])
    expect(tradedLines(draw)).toEqual([
      [12, 14],
      [13, 15],
      [14, 12],
      [15, 13],
    ])
    expect(apartFromWinner(draw, standings)).toBe(true)
  })

  it('leaves a runner-up on its line when nobody can trade with it, and loses nobody', () => {
    // Four of one girone in a draw of four: only two places are in the other half from the winner, so 31 (line 4)
    // stays beside 1 (the rule holds «wherever possible»).
    const draw = knockoutFromGroups([[1, 11, 21, 31]], 4)
    expect(draw.slots).toEqual([1, 31, 11, 21])
    expect(tradedLines(draw)).toEqual([])
  })
})

describe('the results of a tournament', () => {
  const standings = [
    groupStandings([1, 2, 3], []).map((r, i) => ({ ...r, posizione: i + 1 })),
    groupStandings([4, 5, 6], []).map((r, i) => ({ ...r, posizione: i + 1 })),
  ]

  it('lists the entries by points, the better first, ties by entry number, GIR worth its points', () => {
    const results = tournamentResults({
      formula: 'gironi_eliminazione',
      categoria: 'OPEN',
      standings,
      knockout: {
        rounds: 1,
        matches: [{ turno: 1, entryAId: 4, entryBId: 1, winnerEntryId: 4, esito: 'giocata' }],
      },
    })
    expect(results.map((r) => [r.entryId, r.risultato, r.punti])).toEqual([
      [4, 'V', ROUND_POINTS.V],
      [1, 'F', ROUND_POINTS.F],
      [2, 'GIR', ROUND_POINTS.GIR],
      [3, 'GIR', ROUND_POINTS.GIR],
      [5, 'GIR', ROUND_POINTS.GIR],
      [6, 'GIR', ROUND_POINTS.GIR],
    ])
  })

  it('orders the tied by entry number whatever order the gironi list them in', () => {
    const results = tournamentResults({
      formula: 'gironi_eliminazione',
      categoria: 'OPEN',
      standings: [
        groupStandings([6, 5, 4], []).map((r, i) => ({ ...r, posizione: i + 1 })),
        groupStandings([3, 2, 1], []).map((r, i) => ({ ...r, posizione: i + 1 })),
      ],
      knockout: {
        rounds: 1,
        matches: [{ turno: 1, entryAId: 6, entryBId: 3, winnerEntryId: 6, esito: 'giocata' }],
      },
    })
    expect(ids(results)).toEqual([6, 3, 1, 2, 4, 5])
  })

  it('needs the knockout for a draw, and gives nothing to a girone unico without standings', () => {
    expect(() => tournamentResults({ formula: 'eliminazione', categoria: 'OPEN' })).toThrow(
      'Manca il tabellone ad eliminazione',
    )
    expect(() => tournamentResults({ formula: 'gironi_eliminazione', categoria: 'OPEN', standings })).toThrow(
      'Manca il tabellone ad eliminazione',
    )
    expect(tournamentResults({ formula: 'girone', categoria: 'OPEN' })).toEqual([])
  })

  it('gives gironi and a final draw without their standings the final draw’s results only', () => {
    const results = tournamentResults({
      formula: 'gironi_eliminazione',
      categoria: 'OPEN',
      knockout: {
        rounds: 1,
        matches: [{ turno: 1, entryAId: 4, entryBId: 1, winnerEntryId: 4, esito: 'giocata' }],
      },
    })
    expect(results.map((r) => [r.entryId, r.risultato, r.punti])).toEqual([
      [4, 'V', ROUND_POINTS.V],
      [1, 'F', ROUND_POINTS.F],
    ])
  })
})

describe('the building blocks of a draw', () => {
  it('refuses a draw size that is not a power of two, and a draw of one is one line', () => {
    expect(() => bracketOrder(0)).toThrow('La dimensione deve essere una potenza di 2')
    expect(() => bracketOrder(6)).toThrow(RangeError)
    expect(bracketOrder(1)).toEqual([1])
  })

  it('refuses an elimination draw of fewer than two entrants or with an entrant twice', () => {
    expect(() => buildEliminationDraw([1], SEED)).toThrow('Servono almeno due iscritti')
    expect(() => buildEliminationDraw([1, 2, 1], SEED)).toThrow('Iscritti duplicati')
  })

  it('seeds up to every line when asked: the seeds 3 and 4 are drawn into lines 3 and 4', () => {
    const lineOfSeed3 = new Set<number>()
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const draw = buildEliminationDraw([1, 2, 3, 4], seed, 4)
      expect([...draw.seeds.values()].toSorted()).toEqual([1, 2, 3, 4])
      lineOfSeed3.add(bracketOrder(4)[draw.slots.indexOf(3)]!)
    }
    expect([...lineOfSeed3].toSorted()).toEqual([3, 4])
  })

  it('refuses gironi with no girone or fewer than two entrants each, and deals the later pots by the seed', () => {
    expect(() => buildGroups([1, 2, 3, 4], 0, SEED)).toThrow('Serve almeno un girone')
    expect(() => buildGroups([1, 2, 3], 2, SEED)).toThrow('Servono almeno due iscritti per girone')
    expect(buildGroups([1, 2, 3, 4], 2, SEED).map((g) => g[0])).toEqual([1, 2])
    const dealt = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(buildGroups([1, 2, 3, 4, 5, 6], 2, s))),
    )
    expect(dealt.size).toBeGreaterThan(1)
  })

  it('schedules nothing for one player, one match for two, and alternates the first player’s side', () => {
    expect(roundRobinSchedule(0)).toEqual([])
    expect(roundRobinSchedule(1)).toEqual([])
    expect(roundRobinSchedule(2)).toEqual([[[0, 1]]])
    const sides = roundRobinSchedule(4).map((round) => round.find((pair) => pair.includes(0))![0] === 0)
    expect(sides).toEqual([true, false, true])
  })

  it('draws the n-th number from SHA-256 of «seed:n», its first 48 bits over 2^48', () => {
    const random = drawRandom('seme')
    const nth = (n: number) =>
      parseInt(createHash('sha256').update(`seme:${n}`).digest('hex').slice(0, 12), 16) / 2 ** 48
    expect([random.next(), random.next(), random.next()]).toEqual([nth(0), nth(1), nth(2)])
  })
})
