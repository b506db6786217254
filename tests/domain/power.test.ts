import { describe, expect, it } from 'vitest'
import { POWER, POWER_MODEL } from '../../contract/constants.ts'
import {
  computePower,
  expectedShare,
  explainChange,
  historySummary,
  initialState,
  isPromotionCandidate,
  isProvisional,
  plainChange,
  rateMatch,
  type PowerState,
  type RatedMatch,
} from '../../server/domain/power.ts'

const at = new Date('2026-05-01T10:00:00Z')
const single = (a: number, b: number, gamesA: number, gamesB: number, torneo = true): RatedMatch => ({
  sideA: [a],
  sideB: [b],
  gamesA,
  gamesB,
  at,
  torneo,
  matchId: 1,
})

describe('expectedShare', () => {
  it('is a half between equals and grows with the level gap', () => {
    expect(expectedShare(50, 50)).toBe(0.5)
    expect(expectedShare(60, 50)).toBeGreaterThan(0.5)
    expect(expectedShare(50 + POWER_MODEL.SCALE, 50)).toBeCloseTo(10 / 11, 6)
    expect(expectedShare(40, 70) + expectedShare(70, 40)).toBeCloseTo(1, 10)
  })
})

describe('rateMatch', () => {
  it('moves both players by K × (actual − expected) and explains it', () => {
    const { next, changes } = rateMatch(new Map(), single(1, 2, 12, 4))
    const [a, b] = changes
    expect(a!.atteso).toBe(0.5)
    expect(a!.ottenuto).toBe(0.75)
    expect(a!.powerDopo).toBeCloseTo(POWER_MODEL.INITIAL + POWER_MODEL.K_PROVISIONAL * 0.25, 2)
    expect(b!.powerDopo).toBeCloseTo(POWER_MODEL.INITIAL - POWER_MODEL.K_PROVISIONAL * 0.25, 2)
    expect(next.get(1)).toEqual({ power: a!.powerDopo, partite: 1, partiteTorneo: 1 })
    // «Il tuo livello» only for the reader's own change; a visitor or another player reads «Livello».
    expect(explainChange(a!, 1)).toBe(
      'Il tuo livello 40,0 contro 40,0: attesi il 50% dei game, vinti 12 su 16 (75%). Power 40,0 → 43,0 (+3,00, fattore 12, provvisorio).',
    )
    expect(explainChange(a!, 2)).toBe(
      'Livello 40,0 contro 40,0: attesi il 50% dei game, vinti 12 su 16 (75%). Power 40,0 → 43,0 (+3,00, fattore 12, provvisorio).',
    )
    expect(explainChange(a!)).toMatch(/^Livello 40,0 contro 40,0:/)
  })

  it('explains a loss with a minus sign, no change as +0,00, and says provisional only while it is', () => {
    const [a, b] = rateMatch(new Map(), single(1, 2, 12, 4)).changes
    expect(explainChange(b!, 2)).toMatch(/Power 40,0 → 37,0 \(−3,00, fattore 12, provvisorio\)\.$/)
    expect(explainChange({ ...a!, powerDopo: 40 })).toMatch(/\(\+0,00, fattore 12, provvisorio\)\.$/)
    expect(explainChange({ ...a!, provvisorio: false, fattoreK: 5 })).toMatch(/\(\+3,00, fattore 5\)\.$/)
  })

  it('lowers a strong player who wins fewer games than expected', () => {
    const states = new Map<number, PowerState>([
      [1, { power: 80, partite: 40, partiteTorneo: 40 }],
      [2, { power: 40, partite: 40, partiteTorneo: 40 }],
    ])
    const { changes } = rateMatch(states, single(1, 2, 12, 8))
    expect(changes[0]!.powerDopo).toBeLessThan(80)
    expect(changes[0]!.fattoreK).toBe(POWER_MODEL.K_ESTABLISHED)
    expect(changes[1]!.powerDopo).toBeGreaterThan(40)
  })

  it('rates doubles against the mean level of the pairs', () => {
    const states = new Map<number, PowerState>([
      [1, { power: 60, partite: 20, partiteTorneo: 20 }],
      [2, { power: 40, partite: 20, partiteTorneo: 20 }],
    ])
    const { changes } = rateMatch(states, { ...single(0, 0, 6, 6), sideA: [1, 2], sideB: [3, 4] })
    expect(changes).toHaveLength(4)
    expect(changes[0]!.livelloProprio).toBe(50)
    expect(changes[0]!.livelloAvversari).toBe(POWER_MODEL.INITIAL)
  })

  it('ignores walkovers and keeps Power within 9–99', () => {
    expect(rateMatch(new Map(), single(1, 2, 0, 0)).changes).toEqual([])
    const top = new Map<number, PowerState>([[1, { power: 98.9, partite: 3, partiteTorneo: 3 }]])
    expect(rateMatch(top, single(1, 2, 12, 0)).next.get(1)!.power).toBe(POWER.MAX)
    const bottom = new Map<number, PowerState>([[2, { power: 9.5, partite: 3, partiteTorneo: 3 }]])
    expect(rateMatch(bottom, single(1, 2, 12, 0)).next.get(2)!.power).toBe(POWER.MIN)
  })

  it('rates nobody when a side has no players', () => {
    expect(rateMatch(new Map(), { ...single(1, 2, 6, 3), sideA: [] }).changes).toEqual([])
    expect(rateMatch(new Map(), { ...single(1, 2, 6, 3), sideB: [] }).changes).toEqual([])
  })

  it('ties each change to the match, challenge or rubber it came from, null for the others', () => {
    const [fromMatch] = rateMatch(new Map(), single(1, 2, 6, 3)).changes
    expect(fromMatch).toMatchObject({ matchId: 1, challengeId: null, tieMatchId: null })
    const [fromChallenge] = rateMatch(new Map(), {
      ...single(1, 2, 6, 3),
      matchId: undefined,
      challengeId: 4,
    }).changes
    expect(fromChallenge).toMatchObject({ matchId: null, challengeId: 4, tieMatchId: null })
    const [fromRubber] = rateMatch(new Map(), { ...single(1, 2, 6, 3), matchId: null, tieMatchId: 5 }).changes
    expect(fromRubber).toMatchObject({ matchId: null, challengeId: null, tieMatchId: 5 })
  })
})

describe('computePower', () => {
  it('rates in time order, chains each change on the previous one and stops being provisional at 10', () => {
    const matches = Array.from({ length: 12 }, (_, i) => ({
      ...single(1, 100 + i, 12, 3, i % 2 === 0),
      at: new Date(at.getTime() - i * 86_400_000),
    }))
    const { ratings, history } = computePower(matches)
    const mine = history.filter((c) => c.personId === 1)
    expect(mine.map((c) => c.at.getTime())).toEqual(
      [...mine.map((c) => c.at.getTime())].sort((a, b) => a - b),
    )
    for (let i = 1; i < mine.length; i++) expect(mine[i]!.powerPrima).toBe(mine[i - 1]!.powerDopo)
    expect(mine.filter((c) => c.provvisorio)).toHaveLength(POWER.PROVISIONAL_UNTIL_MATCHES)
    expect(ratings.get(1)).toMatchObject({ partite: 12, partiteTorneo: 6 })
    expect(isProvisional(ratings.get(1)!.partite)).toBe(false)
    expect(ratings.get(1)!.power).toBeGreaterThan(POWER_MODEL.INITIAL)
  })

  it('keeps in the history exactly the changes of the matches rated', () => {
    const { history } = computePower([single(1, 2, 6, 3)])
    expect(history.map((c) => c.personId)).toEqual([1, 2])
  })
})

describe('promotion', () => {
  it('needs both Power 90 and 25 tournament matches', () => {
    expect(isPromotionCandidate({ power: 90, partite: 30, partiteTorneo: 25 })).toBe(true)
    expect(isPromotionCandidate({ power: 89.99, partite: 30, partiteTorneo: 25 })).toBe(false)
    expect(isPromotionCandidate({ power: 95, partite: 60, partiteTorneo: 24 })).toBe(false)
    expect(isPromotionCandidate(initialState())).toBe(false)
  })
})

// Hand-computed cases (docs/regole.md «Power»): each number below is worked out from the formula, not read back.
describe('Power by hand', () => {
  const rated = (states: [number, PowerState][], match: RatedMatch) => rateMatch(new Map(states), match)

  it('a 20-point gap expects 68.3% of the games; K is 5 for the established player and 12 for the provisional one', () => {
    // atteso(60 vs 40) = 1 / (1 + 10^(−20/60)) = 0.68299 → 0.683; the other side 0.317.
    expect(expectedShare(60, 40)).toBeCloseTo(0.68299, 5)
    const { changes, next } = rated(
      [
        [1, { power: 60, partite: 20, partiteTorneo: 20 }],
        [2, { power: 40, partite: 3, partiteTorneo: 3 }],
      ],
      single(1, 2, 12, 6),
    )
    // 6-3 6-3: 12 of 18 = 0.667. Established: 5 × (0.667 − 0.683) = −0.08 → 59.92.
    expect(changes[0]).toMatchObject({ atteso: 0.683, ottenuto: 0.667, fattoreK: 5, provvisorio: false })
    expect(changes[0]!.powerDopo).toBe(59.92)
    // Provisional: 12 × (0.333 − 0.317) = +0.192 → 40.19.
    expect(changes[1]).toMatchObject({ atteso: 0.317, ottenuto: 0.333, fattoreK: 12, provvisorio: true })
    expect(changes[1]!.powerDopo).toBe(40.19)
    expect(next.get(2)).toEqual({ power: 40.19, partite: 4, partiteTorneo: 4 })
  })

  it('the docs’ example: 40 against 40, won 6-3 6-3, gives +2.00 and −2.00', () => {
    const { changes } = rateMatch(new Map(), single(1, 2, 12, 6))
    expect(changes.map((c) => c.powerDopo)).toEqual([42, 38])
  })

  it('is provisional for the first 10 matches: K 12 at the 10th, K 5 from the 11th', () => {
    const tenth = rated([[1, { power: 50, partite: 9, partiteTorneo: 9 }]], single(1, 2, 6, 6))
    expect(tenth.changes[0]).toMatchObject({ fattoreK: POWER_MODEL.K_PROVISIONAL, provvisorio: true })
    expect(isProvisional(tenth.next.get(1)!.partite)).toBe(false)
    const eleventh = rated([[1, { power: 50, partite: 10, partiteTorneo: 10 }]], single(1, 2, 6, 6))
    expect(eleventh.changes[0]).toMatchObject({ fattoreK: POWER_MODEL.K_ESTABLISHED, provvisorio: false })
  })

  it('clamps to 9 and 99 exactly, never past them', () => {
    const high = rated([[1, { power: 99, partite: 30, partiteTorneo: 30 }]], single(1, 2, 12, 0))
    expect(high.changes[0]!.powerDopo).toBe(99)
    const low = rated([[2, { power: 9, partite: 30, partiteTorneo: 30 }]], single(1, 2, 12, 0))
    expect(low.changes[1]!.powerDopo).toBe(9)
  })

  it('doubles: each side’s level is the mean of the pair, and each player moves by their own K', () => {
    const { changes } = rated(
      [
        [1, { power: 60, partite: 20, partiteTorneo: 20 }],
        [2, { power: 40, partite: 2, partiteTorneo: 2 }],
      ],
      { ...single(0, 0, 12, 6), sideA: [1, 2], sideB: [3, 4] },
    )
    // Pair A 50 against pair B 40 (two newcomers): atteso(50 vs 40) = 0.5948 → 0.595; ottenuto 0.667.
    expect(changes.map((c) => [c.personId, c.livelloProprio, c.livelloAvversari, c.atteso])).toEqual([
      [1, 50, 40, 0.595],
      [2, 50, 40, 0.595],
      [3, 40, 50, 0.405],
      [4, 40, 50, 0.405],
    ])
    // 5 × 0.072 = +0.36; 12 × 0.072 = +0.864; the other pair 12 × (0.333 − 0.405) = −0.864.
    expect(changes.map((c) => c.powerDopo)).toEqual([60.36, 40.86, 39.14, 39.14])
  })

  it('a walkover (no games) changes nobody’s Power and counts no match', () => {
    const states = new Map<number, PowerState>([[1, { power: 70, partite: 12, partiteTorneo: 12 }]])
    const { next, changes } = rateMatch(states, single(1, 2, 0, 0))
    expect([next.size, changes.length]).toEqual([0, 0])
    const { ratings } = computePower([single(1, 2, 0, 0)], states)
    expect(ratings.get(1)).toEqual({ power: 70, partite: 12, partiteTorneo: 12 })
    expect(ratings.has(2)).toBe(false)
  })
})

describe('plainChange: the change in plain Italian', () => {
  const change = {
    personId: 2,
    powerPrima: 40,
    powerDopo: 40.19,
    atteso: 0.317,
    ottenuto: 0.333,
  }
  it('speaks to the player on their own page and of them to anyone else', () => {
    expect(plainChange(change, { reader: 2, doppio: false })).toBe(
      'Ci si aspettava che vincessi il 32% dei game; ne hai vinti il 33%: +0,2.',
    )
    expect(plainChange(change, { reader: null, doppio: false })).toBe(
      'Ci si aspettava che vincesse il 32% dei game; ne ha vinti il 33%: +0,2.',
    )
  })
  it('in doubles speaks of the pair; a loss reads with a minus sign, no change as 0', () => {
    const down = { ...change, powerDopo: 38.6, atteso: 0.62, ottenuto: 0.5 }
    expect(plainChange(down, { reader: 2, doppio: true })).toBe(
      'Ci si aspettava che la tua coppia vincesse il 62% dei game; ne avete vinti il 50%: −1,4.',
    )
    expect(plainChange(down, { reader: 7, doppio: true })).toBe(
      'Ci si aspettava che la sua coppia vincesse il 62% dei game; ne hanno vinti il 50%: −1,4.',
    )
    expect(plainChange({ ...change, powerDopo: 40.02 }, { reader: null, doppio: false })).toMatch(
      /: Power invariato\.$/,
    )
  })
  it('elides the article before a share read with a vowel: l’86%, l’8%, l’11%, l’1%; il 18%, il 100%', () => {
    const said = (atteso: number, ottenuto: number) =>
      plainChange({ ...change, atteso, ottenuto }, { reader: null, doppio: false })
    expect(said(0.86, 0.08)).toMatch(/vincesse l’86% dei game; ne ha vinti l’8%:/)
    expect(said(0.11, 0.01)).toMatch(/vincesse l’11% dei game; ne ha vinti l’1%:/)
    expect(said(0.18, 1)).toMatch(/vincesse il 18% dei game; ne ha vinti il 100%:/)
    expect(explainChange({ ...rateMatch(new Map(), single(1, 2, 12, 2)).changes[0]!, atteso: 0.8 })).toMatch(
      /attesi l’80% dei game, vinti 12 su 14 \(86%\)/,
    )
  })
})

describe('historySummary: the chart in one sentence', () => {
  it('says the Power now, where it started and when, and the change over the matches', () => {
    const rows = [
      { at: new Date('2026-01-18T10:00:00Z'), powerPrima: 52, powerDopo: 53.4 },
      { at: new Date('2026-03-02T10:00:00Z'), powerPrima: 53.4, powerDopo: 60.25 },
      { at: new Date('2026-05-09T10:00:00Z'), powerPrima: 60.25, powerDopo: 67.04 },
    ]
    expect(historySummary(rows)).toBe('Power 67, da 52 a gennaio 2026: +15 in 3 partite.')
    expect(historySummary(rows.slice(0, 1))).toBe('Power 53,4, da 52 a gennaio 2026: +1,4 in 1 partita.')
    expect(historySummary([{ ...rows[0]!, powerDopo: 49.5 }])).toBe(
      'Power 49,5, da 52 a gennaio 2026: −2,5 in 1 partita.',
    )
    expect(historySummary([{ ...rows[0]!, at: new Date('2025-04-19T10:00:00Z') }])).toBe(
      'Power 53,4, da 52 ad aprile 2025: +1,4 in 1 partita.',
    )
    expect(historySummary([])).toBeNull()
  })
})
