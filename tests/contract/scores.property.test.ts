// The scoring rules (contract/scores.ts, docs/regole.md «Risultati»), shared by tournament results and
// challenges, checked on generated scores: every finished match of the discipline is accepted with the right
// winner, sets and games, and every set that is not a finished one is refused with an Italian reason.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type SetScore, checkScore } from '../../contract/scores.ts'

/** A finished set of games to 6 (tennis, padel, beach tennis), won by side `winner`. */
const gamesSet = (winner: 'A' | 'B') =>
  fc
    .oneof(
      fc.integer({ min: 0, max: 4 }).map((low) => ({ high: 6, low })),
      fc.constant({ high: 7, low: 5 }),
      fc.integer({ min: 0, max: 99 }).map((tiebreak) => ({ high: 7, low: 6, tiebreak })),
    )
    .map(({ high, low, ...rest }): SetScore =>
      winner === 'A' ? { a: high, b: low, ...rest } : { a: low, b: high, ...rest },
    )

/** A finished pickleball game: 11 with two clear, or beyond 11 by exactly two. */
const rallySet = (winner: 'A' | 'B') =>
  fc
    .oneof(
      fc.integer({ min: 0, max: 9 }).map((low) => ({ high: 11, low })),
      fc.integer({ min: 12, max: 40 }).map((high) => ({ high, low: high - 2 })),
    )
    .map(({ high, low }): SetScore => (winner === 'A' ? { a: high, b: low } : { a: low, b: high }))

/** A best-of-three match: the winner's two sets and at most one of the loser's, in any order. */
const match = (set: (winner: 'A' | 'B') => fc.Arbitrary<SetScore>) =>
  fc.constantFrom<'A' | 'B'>('A', 'B').chain((winner) => {
    const loser = winner === 'A' ? 'B' : 'A'
    return fc.oneof(
      fc.tuple(set(winner), set(winner)).map((sets) => ({ winner, sets })),
      fc
        .tuple(set(winner), set(loser), set(winner), fc.boolean())
        .map(([w1, l, w2, loserFirst]) => ({ winner, sets: loserFirst ? [l, w1, w2] : [w1, l, w2] })),
    )
  })

describe('checkScore on generated scores', () => {
  it('accepts every finished match of sets to 6 and derives winner, sets and games', () => {
    fc.assert(
      fc.property(match(gamesSet), ({ winner, sets }) => {
        const checked = checkScore({ esito: 'giocata', sets }, 'set')
        expect(checked.ok).toBe(true)
        if (!checked.ok) return
        expect(checked.score.vincitore).toBe(winner)
        expect(Math.max(checked.score.setA!, checked.score.setB!)).toBe(2)
        expect(checked.score.gameA).toBe(sets.reduce((sum, s) => sum + s.a, 0))
        expect(checked.score.gameB).toBe(sets.reduce((sum, s) => sum + s.b, 0))
      }),
    )
  })

  it('accepts every finished pickleball match (games to 11, two clear)', () => {
    fc.assert(
      fc.property(match(rallySet), ({ winner, sets }) => {
        const checked = checkScore({ esito: 'giocata', sets }, 'rally')
        expect(checked.ok && checked.score.vincitore).toBe(winner)
      }),
    )
  })

  it('refuses any set of games that is not a finished one, naming the set', () => {
    const games = fc.integer({ min: 0, max: 12 })
    const unfinished = fc
      .tuple(games, games)
      .filter(([a, b]) => {
        const high = Math.max(a, b)
        const low = Math.min(a, b)
        return !((high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6)))
      })
      .map(([a, b]): SetScore => ({ a, b }))
    fc.assert(
      fc.property(unfinished, gamesSet('A'), (bad, good) => {
        const checked = checkScore({ esito: 'giocata', sets: [good, bad, good] }, 'set')
        expect(checked).toEqual({ ok: false, message: expect.stringMatching(/2° set|parità/) })
      }),
    )
  })

  it('refuses any pickleball game not won at 11 by two', () => {
    const points = fc.integer({ min: 0, max: 30 })
    const unfinished = fc
      .tuple(points, points)
      .filter(([a, b]) => {
        const high = Math.max(a, b)
        const low = Math.min(a, b)
        return a !== b && !(high === 11 ? high - low >= 2 : high > 11 && high - low === 2)
      })
      .map(([a, b]): SetScore => ({ a, b }))
    fc.assert(
      fc.property(unfinished, (bad) => {
        const checked = checkScore(
          { esito: 'giocata', sets: [bad, { a: 11, b: 3 }, { a: 11, b: 5 }] },
          'rally',
        )
        expect(checked).toEqual({ ok: false, message: expect.stringMatching(/1° game: un game si vince/) })
      }),
    )
  })

  it('refuses a third set once the match is decided, whatever its score', () => {
    fc.assert(
      fc.property(gamesSet('A'), gamesSet('A'), gamesSet('B'), (s1, s2, s3) => {
        const checked = checkScore({ esito: 'giocata', sets: [s1, s2, s3] }, 'set')
        expect(checked).toEqual({ ok: false, message: 'La partita era già decisa: il 3° set è di troppo' })
      }),
    )
  })
})

describe('what the forms refuse before the dialog, as the server does (issue 19, item 6)', () => {
  const refusal = (sets: SetScore[]) => {
    const checked = checkScore({ esito: 'giocata', sets }, 'set')
    return checked.ok ? null : checked.message
  }
  it('6-5, 9-0, one set only, a set after the match was won', () => {
    expect(refusal([{ a: 6, b: 5 }])).toMatch(/^1° set: 6-5 non è un set concluso/)
    expect(
      refusal([
        { a: 6, b: 3 },
        { a: 9, b: 0 },
      ]),
    ).toMatch(/^2° set: 9-0 non è un set concluso/)
    expect(refusal([{ a: 6, b: 3 }])).toMatch(/^La partita non è conclusa/)
    expect(
      refusal([
        { a: 6, b: 3 },
        { a: 6, b: 2 },
        { a: 1, b: 6 },
      ]),
    ).toBe('La partita era già decisa: il 3° set è di troppo')
  })

  it('a tie-break on any set but 7-6', () => {
    fc.assert(
      fc.property(gamesSet('A'), fc.integer({ min: 0, max: 99 }), (set, tiebreak) => {
        fc.pre(set.a !== 7 || set.b !== 6)
        expect(
          refusal([
            { ...set, tiebreak },
            { a: 6, b: 0 },
          ]),
        ).toMatch(/^1° set: il tie-break si gioca solo sul 6-6 \(7-6\)/)
      }),
    )
  })
})
