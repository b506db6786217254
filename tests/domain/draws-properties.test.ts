// Property tests (fast-check): every draw the server can make is a valid draw, for any entrant count from 2 to
// 128 and any seed, and anyone can check it from the published hash, the revealed seed and the entrant order.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '../support/property-runs.ts'
import {
  bracketOrder,
  buildEliminationDraw,
  commitSeed,
  defaultGroupCount,
  defaultSeedCount,
  eliminationMatches,
  generateSeed,
  groupMatches,
  knockoutFromGroups,
  planDraw,
  verifyEliminationDraw,
  verifyGroups,
  verifySeedCommitment,
} from '../../server/domain/draws.ts'

const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/)
/** Entry ids in ranking order: distinct, arbitrary numbers (not 1..n, so positions are not confused with ids). */
const entrantsArb = (min: number, max: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: min, maxLength: max })
const RUNS = runs(150)

describe('seeded single elimination, any entrant count 2..128 and any seed', () => {
  it('is a valid draw', () => {
    fc.assert(
      fc.property(entrantsArb(2, 128), seedArb, (entrants, seed) => {
        const draw = buildEliminationDraw(entrants, seed)
        const n = entrants.length
        // Size: the power of two at or above the entrants, and every entrant exactly once.
        expect(draw.size).toBeGreaterThanOrEqual(n)
        expect(draw.size / 2).toBeLessThan(n)
        const placed = draw.slots.filter((s): s is number => s !== null)
        expect([...placed].sort((a, b) => a - b)).toEqual([...entrants].sort((a, b) => a - b))
        const byes = draw.size - n
        expect(draw.slots.filter((s) => s === null)).toHaveLength(byes)
        // Byes only in round 1, never two in one match, and to the best lines first (the seeds before others).
        const order = bracketOrder(draw.size)
        const lineOf = (slot: number) => order[slot]!
        for (let slot = 0; slot < draw.size; slot += 2)
          expect(draw.slots[slot] === null && draw.slots[slot + 1] === null).toBe(false)
        const byeOpponentLines = draw.slots
          .map((s, slot) => (s === null ? lineOf(slot ^ 1) : null))
          .filter((l): l is number => l !== null)
          .sort((a, b) => a - b)
        // Seeds: as many as the rule says, the k-th best entrant seeded k, on the lines of its tier.
        const seedCount = defaultSeedCount(n)
        // The byes face the seeds in seed order, then the best lines left.
        const expectedByeLines =
          byes >= seedCount
            ? Array.from({ length: byes }, (_, i) => i + 1)
            : entrants
                .slice(0, byes)
                .map((e) => lineOf(draw.slots.indexOf(e)))
                .sort((a, b) => a - b)
        expect(byeOpponentLines).toEqual(expectedByeLines)
        expect(draw.seeds.size).toBe(seedCount)
        entrants.slice(0, seedCount).forEach((entry, k) => {
          const seedNumber = k + 1
          expect(draw.seeds.get(entry)).toBe(seedNumber)
          const line = lineOf(draw.slots.indexOf(entry))
          // Seeds 1 and 2 on lines 1 and 2; seed k > 2 among the lines of its tier (3–4, 5–8, 9–16…).
          const tierTop = 2 ** Math.ceil(Math.log2(seedNumber))
          const [low, high] = seedNumber <= 2 ? [seedNumber, seedNumber] : [tierTop / 2 + 1, tierTop]
          expect(line).toBeGreaterThanOrEqual(low)
          expect(line).toBeLessThanOrEqual(high)
        })
        // Seeds get the byes first: while byes last, every seed has one.
        entrants.slice(0, Math.min(seedCount, byes)).forEach((entry) => {
          expect(draw.slots[draw.slots.indexOf(entry) ^ 1]).toBeNull()
        })
        // Seeds 1 and 2 in different halves: they can meet only in the final.
        const half = (e: number) => (draw.slots.indexOf(e) < draw.size / 2 ? 0 : 1)
        expect(seedCount < 2 || half(entrants[0]!) !== half(entrants[1]!)).toBe(true)
      }),
      RUNS,
    )
  })

  it('lays out matches where byes are decided in round 1 only and their entrants wait in round 2', () => {
    fc.assert(
      fc.property(entrantsArb(2, 128), seedArb, (entrants, seed) => {
        const draw = buildEliminationDraw(entrants, seed)
        const matches = eliminationMatches(draw.slots)
        expect(matches).toHaveLength(draw.size - 1)
        const byes = matches.filter((m) => m.esito === 'bye')
        expect(byes).toHaveLength(draw.size - entrants.length)
        for (const m of byes) {
          expect(m.turno).toBe(1)
          const next = matches.find((x) => x.turno === 2 && x.posizione === Math.floor(m.posizione / 2))!
          expect(m.posizione % 2 === 0 ? next.entryAId : next.entryBId).toBe(m.winnerEntryId)
        }
        expect(matches.filter((m) => m.turno > 1).every((m) => m.esito === 'da_giocare')).toBe(true)
      }),
      RUNS,
    )
  })

  it('is rebuilt identically from the revealed seed, and the published hash matches it', () => {
    fc.assert(
      fc.property(entrantsArb(2, 128), seedArb, (entrants, seed) => {
        const seedHash = commitSeed(seed)
        expect(seedHash).toMatch(/^[0-9a-f]{64}$/)
        expect(verifySeedCommitment(seed, seedHash)).toBe(true)
        const draw = buildEliminationDraw(entrants, seed)
        expect(buildEliminationDraw([...entrants], seed)).toEqual(draw)
        expect(verifyEliminationDraw({ seedHash, seed, entrants, slots: draw.slots })).toEqual({
          valid: true,
        })
      }),
      RUNS,
    )
  })

  it('refuses a seed that does not match the hash', () => {
    fc.assert(
      fc.property(seedArb, seedArb, (seed, other) => {
        fc.pre(seed !== other)
        expect(verifySeedCommitment(other, commitSeed(seed))).toBe(false)
      }),
      RUNS,
    )
  })
})

describe('round-robin groups, any entrant count 2..128 and any seed', () => {
  it('makes balanced groups, seeds spread, every pair of a group meeting exactly once', () => {
    fc.assert(
      fc.property(entrantsArb(2, 128), seedArb, fc.boolean(), (entrants, seed, single) => {
        fc.pre(single || entrants.length >= 8)
        const plan = planDraw(single ? 'girone' : 'gironi_eliminazione', entrants, seed)
        if (plan.tipo !== 'gironi') throw new Error('expected groups')
        const { groups } = plan
        const count = single ? 1 : defaultGroupCount(entrants.length)
        expect(groups).toHaveLength(count)
        expect(groups.flat().sort((a, b) => a - b)).toEqual([...entrants].sort((a, b) => a - b))
        const sizes = groups.map((g) => g.length)
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
        // Groups of four to seven when there are several.
        expect(single || sizes.every((size) => size >= 4 && size <= 7)).toBe(true)
        // Heads of the groups: the best `count` entrants, the best in group A; each pot gives one per group.
        expect(groups.map((g) => g[0])).toEqual(entrants.slice(0, count))
        groups.forEach((g) =>
          g.forEach((entry, k) => expect(Math.floor(entrants.indexOf(entry) / count)).toBe(k)),
        )
        const matches = groupMatches(groups)
        groups.forEach((members, g) => {
          const pairs = matches
            .filter((m) => m.group === g)
            .map((m) => [m.entryAId!, m.entryBId!].sort((a, b) => a - b).join('-'))
          expect(pairs).toHaveLength((members.length * (members.length - 1)) / 2)
          expect(new Set(pairs).size).toBe(pairs.length)
          // Nobody plays twice on one giornata.
          const rounds = new Set(matches.filter((m) => m.group === g).map((m) => m.turno))
          for (const r of rounds) {
            const playing = matches
              .filter((m) => m.group === g && m.turno === r)
              .flatMap((m) => [m.entryAId, m.entryBId])
            expect(new Set(playing).size).toBe(playing.length)
          }
        })
        expect(verifyGroups({ seedHash: commitSeed(seed), seed, entrants, groups })).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('sends the first two of every group to a knockout where each entrant appears once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 32 }), (groupCount) => {
        const standings = Array.from({ length: groupCount }, (_, g) => [g + 1, 100 + g + 1, 200 + g])
        const draw = knockoutFromGroups(standings)
        const placed = draw.slots.filter((s) => s !== null)
        expect(placed).toHaveLength(groupCount * 2)
        expect(new Set(placed).size).toBe(placed.length)
        expect(draw.slots[0]).toBe(1)
      }),
      runs(31),
    )
  })
})

it('generates fresh 64-digit seeds', () => {
  const a = generateSeed()
  expect(a).toMatch(/^[0-9a-f]{64}$/)
  expect(generateSeed()).not.toBe(a)
})
