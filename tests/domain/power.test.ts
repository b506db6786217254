import { describe, expect, it } from 'vitest'
import { POWER, POWER_MODEL } from '../../contract/constants.ts'
import {
  computePower,
  expectedShare,
  explainChange,
  initialState,
  isPromotionCandidate,
  isProvisional,
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
})

describe('promotion', () => {
  it('needs both Power 90 and 25 tournament matches', () => {
    expect(isPromotionCandidate({ power: 90, partite: 30, partiteTorneo: 25 })).toBe(true)
    expect(isPromotionCandidate({ power: 89.99, partite: 30, partiteTorneo: 25 })).toBe(false)
    expect(isPromotionCandidate({ power: 95, partite: 60, partiteTorneo: 24 })).toBe(false)
    expect(isPromotionCandidate(initialState())).toBe(false)
  })
})
