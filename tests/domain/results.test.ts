// Results as the domain decides them: scores per discipline, the winner moving on, corrections, the final
// results and points, and a Power change taken back when a result is corrected.
import { describe, expect, it } from 'vitest'
import {
  DrawRuleError,
  allPlayed,
  eliminationMatches,
  entrantOrder,
  groupStandings,
  planDraw,
  recordResult,
  tournamentResults,
} from '../../server/domain/draws.ts'
import { rateMatch, undoChanges, type PowerState } from '../../server/domain/power.ts'
import { checkScore, scoreString } from '../../contract/scores.ts'

const SEED = 'f'.repeat(64)

describe('checkScore', () => {
  const ok = (input: Parameters<typeof checkScore>[0], scoring: 'set' | 'rally' = 'set') => {
    const r = checkScore(input, scoring)
    if (!r.ok) throw new Error(r.message)
    return r.score
  }
  const refused = (input: Parameters<typeof checkScore>[0], scoring: 'set' | 'rally' = 'set') => {
    const r = checkScore(input, scoring)
    if (r.ok) throw new Error(`accepted ${JSON.stringify(input)}`)
    return r.message
  }

  it('accepts sets to 6, 7-5 and 7-6 with a tie-break, and counts sets and games', () => {
    expect(
      ok({
        esito: 'giocata',
        sets: [
          { a: 7, b: 6, tiebreak: 5 },
          { a: 4, b: 6 },
          { a: 7, b: 5 },
        ],
      }),
    ).toEqual({
      esito: 'giocata',
      vincitore: 'A',
      sets: [
        { a: 7, b: 6, tiebreak: 5 },
        { a: 4, b: 6 },
        { a: 7, b: 5 },
      ],
      setA: 2,
      setB: 1,
      gameA: 18,
      gameB: 17,
    })
    expect(
      ok({
        esito: 'giocata',
        sets: [
          { a: 0, b: 6 },
          { a: 3, b: 6 },
        ],
      }).vincitore,
    ).toBe('B')
  })

  it('refuses unfinished sets, a third set after the match is decided, ties and tie-breaks off 7-6', () => {
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 6, b: 5 },
          { a: 6, b: 0 },
        ],
      }),
    ).toMatch(/1° set: 6-5/)
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 8, b: 6 },
          { a: 6, b: 0 },
        ],
      }),
    ).toMatch(/non è un set concluso/)
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 6, b: 0 },
          { a: 6, b: 0 },
          { a: 6, b: 0 },
        ],
      }),
    ).toMatch(/già decisa/)
    expect(refused({ esito: 'giocata', sets: [{ a: 6, b: 0 }] })).toMatch(/non è conclusa/)
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 6, b: 6 },
          { a: 6, b: 0 },
        ],
      }),
    ).toMatch(/parità/)
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 6, b: 4, tiebreak: 3 },
          { a: 6, b: 0 },
        ],
      }),
    ).toMatch(/tie-break/)
    expect(refused({ esito: 'giocata', sets: [] })).toMatch(/punteggio/)
    expect(
      refused({
        esito: 'giocata',
        sets: [
          { a: 6, b: 1 },
          { a: 6, b: 1 },
        ],
        vincitore: 'B',
      }),
    ).toMatch(/non corrisponde/)
  })

  it('plays pickleball games to 11 with two points clear', () => {
    expect(
      ok(
        {
          esito: 'giocata',
          sets: [
            { a: 11, b: 9 },
            { a: 14, b: 12 },
          ],
        },
        'rally',
      ).gameA,
    ).toBe(25)
    expect(
      refused(
        {
          esito: 'giocata',
          sets: [
            { a: 11, b: 10 },
            { a: 11, b: 0 },
          ],
        },
        'rally',
      ),
    ).toMatch(/scarto/)
    expect(
      refused(
        {
          esito: 'giocata',
          sets: [
            { a: 15, b: 11 },
            { a: 11, b: 0 },
          ],
        },
        'rally',
      ),
    ).toMatch(/scarto/)
    expect(
      refused(
        {
          esito: 'giocata',
          sets: [
            { a: 6, b: 2 },
            { a: 6, b: 2 },
          ],
        },
        'rally',
      ),
    ).toMatch(/11 punti/)
  })

  it('walkovers have no score and name the winner; retirements keep the games of an open match', () => {
    expect(ok({ esito: 'walkover', sets: [], vincitore: 'B' })).toMatchObject({ vincitore: 'B', gameA: null })
    expect(refused({ esito: 'walkover', sets: [] })).toMatch(/walkover/)
    expect(refused({ esito: 'walkover', sets: [{ a: 6, b: 0 }], vincitore: 'A' })).toMatch(/walkover/)
    expect(
      ok({
        esito: 'ritiro',
        sets: [
          { a: 6, b: 4 },
          { a: 2, b: 2 },
        ],
        vincitore: 'B',
      }),
    ).toMatchObject({
      setA: 1,
      setB: 0,
      gameA: 8,
      gameB: 6,
      vincitore: 'B',
    })
    expect(
      refused({
        esito: 'ritiro',
        sets: [
          { a: 6, b: 4 },
          { a: 6, b: 2 },
        ],
        vincitore: 'B',
      }),
    ).toMatch(/ritiro/)
    expect(
      refused({
        esito: 'ritiro',
        sets: [
          { a: 6, b: 4 },
          { a: 9, b: 2 },
        ],
        vincitore: 'B',
      }),
    ).toMatch(/2° set/)
  })

  it('prints scores from either side', () => {
    const sets = [
      { a: 7, b: 6, tiebreak: 4 },
      { a: 2, b: 6 },
    ]
    expect(scoreString(sets)).toBe('7-6(4) 2-6')
    expect(scoreString(sets, 'B')).toBe('6-7(4) 6-2')
  })
})

describe('entrantOrder', () => {
  it('orders by points at entry, then by enrolment time, then by entry number', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m))
    expect(
      entrantOrder([
        { id: 5, puntiIngresso: 100, iscrittoIl: at(3) },
        { id: 9, puntiIngresso: 300, iscrittoIl: at(9) },
        { id: 7, puntiIngresso: 100, iscrittoIl: at(1) },
        { id: 6, puntiIngresso: 100, iscrittoIl: at(1) },
      ]),
    ).toEqual([9, 6, 7, 5])
  })
})

describe('recordResult in an elimination draw', () => {
  const draw = planDraw('eliminazione', [1, 2, 3, 4, 5, 6], SEED)
  if (draw.tipo !== 'eliminazione') throw new Error('expected elimination')
  const start = eliminationMatches(draw.draw.slots)
  const playable = start.find((m) => m.turno === 1 && m.esito === 'da_giocare')!

  it('moves the winner to the right side of the next match', () => {
    const changed = recordResult(start, playable, { winnerEntryId: playable.entryBId!, esito: 'giocata' })
    expect(changed[0]).toMatchObject({ winnerEntryId: playable.entryBId, esito: 'giocata' })
    const next = changed[1]!
    expect(next.turno).toBe(2)
    expect(next.posizione).toBe(Math.floor(playable.posizione / 2))
    expect(playable.posizione % 2 === 0 ? next.entryAId : next.entryBId).toBe(playable.entryBId)
    // The input is left as it was.
    expect(start.find((m) => m === playable)!.winnerEntryId).toBeNull()
  })

  it('refuses byes, matches still waiting for a player, strangers as winners, and corrections past a played match', () => {
    const bye = start.find((m) => m.esito === 'bye')!
    expect(() => recordResult(start, bye, { winnerEntryId: bye.winnerEntryId!, esito: 'giocata' })).toThrow(
      DrawRuleError,
    )
    const final = start.find((m) => m.turno === 3)!
    expect(() => recordResult(start, final, { winnerEntryId: 1, esito: 'giocata' })).toThrow(
      /entrambi i giocatori/,
    )
    expect(() => recordResult(start, playable, { winnerEntryId: 999, esito: 'giocata' })).toThrow(/vincitore/)

    // Play the whole draw, side A always winning.
    let state = start
    for (let turno = 1; turno <= 3; turno++)
      for (const m of state.filter((x) => x.turno === turno && x.esito === 'da_giocare')) {
        const changed = recordResult(state, m, { winnerEntryId: m.entryAId!, esito: 'giocata' })
        state = state.map(
          (x) =>
            changed.find((c) => c.turno === x.turno && c.posizione === x.posizione && c.group === x.group) ??
            x,
        )
      }
    expect(allPlayed(state)).toBe(true)
    // Same winner again: a score correction is fine. Another winner: the next round was played on it.
    expect(() =>
      recordResult(state, playable, { winnerEntryId: playable.entryAId!, esito: 'giocata' }),
    ).not.toThrow()
    expect(() =>
      recordResult(state, playable, { winnerEntryId: playable.entryBId!, esito: 'giocata' }),
    ).toThrow(/turno successivo/)
  })
})

describe('tournamentResults', () => {
  it('gives GIR to the groups and the knockout rounds to the qualifiers who played', () => {
    const standings = [
      groupStandings([1, 2, 3, 4], []).map((r, i) => ({ ...r, posizione: i + 1 })),
      groupStandings([5, 6, 7, 8], []).map((r, i) => ({ ...r, posizione: i + 1 })),
    ]
    const results = tournamentResults({
      formula: 'gironi_eliminazione',
      categoria: 'LIMIT_45',
      standings,
      knockout: {
        rounds: 2,
        matches: [
          { turno: 1, entryAId: 1, entryBId: 6, winnerEntryId: 1, esito: 'giocata' },
          { turno: 1, entryAId: 5, entryBId: 2, winnerEntryId: 5, esito: 'walkover' },
          { turno: 2, entryAId: 1, entryBId: 5, winnerEntryId: 5, esito: 'giocata' },
        ],
      },
    })
    const of = (id: number) => results.find((r) => r.entryId === id)
    expect(of(5)).toEqual({ entryId: 5, risultato: 'V', punti: 225 })
    expect(of(1)).toEqual({ entryId: 1, risultato: 'F', punti: 135 })
    expect(of(6)?.risultato).toBe('SF')
    // Lost the semifinal by walkover without playing: keeps the group-stage points only.
    expect(of(2)?.risultato).toBe('GIR')
    expect(
      results
        .filter((r) => r.risultato === 'GIR')
        .map((r) => r.entryId)
        .sort(),
    ).toEqual([2, 3, 4, 7, 8])
  })

  it('places a girone unico like a draw', () => {
    const standings = [groupStandings([1, 2, 3, 4, 5], []).map((r, i) => ({ ...r, posizione: i + 1 }))]
    const results = tournamentResults({ formula: 'girone', categoria: 'OPEN', standings })
    expect(results.map((r) => r.risultato)).toEqual(['V', 'F', 'SF', 'SF', 'QF'])
  })
})

describe('undoChanges', () => {
  it('takes back exactly what a match did, so a corrected result is rated from the same start', () => {
    const states = new Map<number, PowerState>([
      [1, { power: 50, partite: 12, partiteTorneo: 12 }],
      [2, { power: 45, partite: 3, partiteTorneo: 3 }],
    ])
    const match = { sideA: [1], sideB: [2], gamesA: 12, gamesB: 4, at: new Date(), torneo: true, matchId: 7 }
    const { next, changes } = rateMatch(states, match)
    const undone = undoChanges(next, changes, true)
    expect(undone.get(1)).toEqual(states.get(1))
    expect(undone.get(2)).toEqual(states.get(2))
  })
})
