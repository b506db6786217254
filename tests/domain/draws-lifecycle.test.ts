// The draw's lifecycle at its edges (docs/regole.md «Tabelloni»): what the first phase of each formula is and when
// it is refused, the names of the gironi, the check of a published draw with the reason a reader sees, the layout
// of an elimination draw's matches with its byes, when every match has a result, and which refusals are 409 and
// which 400.
import { describe, expect, it } from 'vitest'
import {
  allPlayed,
  buildEliminationDraw,
  buildGroups,
  commitSeed,
  DrawRuleError,
  eliminationMatches,
  groupMatches,
  groupName,
  planDraw,
  recordResult,
  RESULT_MESSAGES,
  standingsOfGroups,
  verifyEliminationDraw,
  verifyGroups,
  verifySeedCommitment,
  type DrawMatch,
} from '../../server/domain/draws.ts'

const SEED = 'b'.repeat(64)
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof DrawRuleError ? { message: error.message, kind: error.kind } : error
  }
  return undefined
}

describe('the first phase of each formula', () => {
  it('refuses a draw with fewer than two entrants', () => {
    expect(refusal(() => planDraw('eliminazione', [1], SEED))).toEqual({
      message: 'Servono almeno due iscritti per il sorteggio',
      kind: 'conflict',
    })
    expect(refusal(() => planDraw('girone', [], SEED))).toMatchObject({ kind: 'conflict' })
  })

  it('draws two entrants, the fewest it takes: a final between them, or a girone unico of two', () => {
    const final = planDraw('eliminazione', [7, 9], SEED)
    expect(final).toEqual({ tipo: 'eliminazione', draw: buildEliminationDraw([7, 9], SEED) })
    expect(final.tipo === 'eliminazione' && final.draw).toMatchObject({ size: 2, rounds: 1, slots: [7, 9] })
    expect(planDraw('girone', [7, 9], SEED)).toEqual({
      tipo: 'gironi',
      groups: [[7, 9]],
      nomi: ['Girone unico'],
    })
  })

  it('draws an elimination draw from the seed, as anyone rebuilds it', () => {
    expect(planDraw('eliminazione', range(5), SEED)).toEqual({
      tipo: 'eliminazione',
      draw: buildEliminationDraw(range(5), SEED),
    })
  })

  it('puts a girone unico in one group named «Girone unico», however many entrants', () => {
    expect(planDraw('girone', range(9), SEED)).toEqual({
      tipo: 'gironi',
      groups: [range(9)],
      nomi: ['Girone unico'],
    })
  })

  it('asks eight entrants for gironi and a final draw, and names the gironi A, B…', () => {
    expect(refusal(() => planDraw('gironi_eliminazione', range(7), SEED))).toEqual({
      message: 'Per gironi e tabellone finale servono almeno otto iscritti',
      kind: 'conflict',
    })
    const plan = planDraw('gironi_eliminazione', range(12), SEED)
    expect(plan).toEqual({
      tipo: 'gironi',
      groups: buildGroups(range(12), 3, SEED),
      nomi: ['Girone A', 'Girone B', 'Girone C'],
    })
    expect([groupName(0, 2), groupName(25, 26), groupName(0, 1)]).toEqual([
      'Girone A',
      'Girone Z',
      'Girone unico',
    ])
  })
})

describe('the check of a published draw', () => {
  const hash = commitSeed(SEED)

  it('accepts the seed whatever the case of the published hash', () => {
    expect(verifySeedCommitment(SEED, hash.toUpperCase())).toBe(true)
    expect(verifySeedCommitment('c'.repeat(64), hash)).toBe(false)
  })

  it('says why an elimination draw does not match: the seed, or the slots', () => {
    const { slots } = buildEliminationDraw(range(6), SEED)
    const input = { seedHash: hash, seed: SEED, entrants: range(6), slots }
    expect(verifyEliminationDraw(input)).toEqual({ valid: true })
    expect(verifyEliminationDraw({ ...input, seed: 'c'.repeat(64) })).toEqual({
      valid: false,
      reason: "Il seme rivelato non corrisponde all'hash pubblicato",
    })
    const swapped = [...slots].toReversed()
    expect(verifyEliminationDraw({ ...input, slots: swapped })).toEqual({
      valid: false,
      reason: 'Il tabellone non corrisponde a quello generato dal seme',
    })
    // The same slots and one more, empty, is another draw.
    expect(verifyEliminationDraw({ ...input, slots: [...slots, null] }).valid).toBe(false)
  })

  it('says why gironi do not match: the seed, or the groups, a member moved or one too many', () => {
    const groups = buildGroups(range(8), 2, SEED)
    const input = { seedHash: hash, seed: SEED, entrants: range(8), groups }
    expect(verifyGroups(input)).toEqual({ valid: true })
    expect(verifyGroups({ ...input, seed: 'c'.repeat(64) })).toEqual({
      valid: false,
      reason: "Il seme rivelato non corrisponde all'hash pubblicato",
    })
    const moved = [groups[0]!.toReversed(), groups[1]!]
    expect(verifyGroups({ ...input, groups: moved })).toEqual({
      valid: false,
      reason: 'I gironi non corrispondono a quelli generati dal seme',
    })
    expect(verifyGroups({ ...input, groups: [groups[0]!, [...groups[1]!, 99]] }).valid).toBe(false)
  })
})

describe('the matches of an elimination draw', () => {
  it('lays out every round, decides the first round’s byes and waits their entrants in round 2', () => {
    // A draw of four with entrant 3 alone in the lower half: a bye on the B side of the second match.
    const matches = eliminationMatches([1, 2, 3, null])
    expect(matches).toEqual([
      {
        group: null,
        turno: 1,
        posizione: 0,
        entryAId: 1,
        entryBId: 2,
        winnerEntryId: null,
        esito: 'da_giocare',
      },
      { group: null, turno: 1, posizione: 1, entryAId: 3, entryBId: null, winnerEntryId: 3, esito: 'bye' },
      {
        group: null,
        turno: 2,
        posizione: 0,
        entryAId: null,
        entryBId: 3,
        winnerEntryId: null,
        esito: 'da_giocare',
      },
    ])
    // A bye on the A side: the entrant is still the winner.
    expect(eliminationMatches([null, 4])).toEqual([
      { group: null, turno: 1, posizione: 0, entryAId: null, entryBId: 4, winnerEntryId: 4, esito: 'bye' },
    ])
  })

  it('has every match played once each has a result, byes included, and nothing played in an empty list', () => {
    const matches = eliminationMatches([1, 2, 3, null])
    expect(allPlayed(matches)).toBe(false)
    expect(allPlayed(matches.filter((m) => m.esito === 'bye'))).toBe(true)
    expect(allPlayed([])).toBe(false)
    const semifinal = recordResult(
      matches,
      { group: null, turno: 1, posizione: 0 },
      { winnerEntryId: 2, esito: 'walkover' },
    )
    const after: DrawMatch[] = matches.map(
      (m) => semifinal.find((c) => c.turno === m.turno && c.posizione === m.posizione) ?? m,
    )
    expect(allPlayed(after)).toBe(false)
    const final = recordResult(
      after,
      { group: null, turno: 2, posizione: 0 },
      { winnerEntryId: 3, esito: 'ritiro' },
    )
    expect(final).toHaveLength(1)
    expect(allPlayed(after.map((m) => (m.turno === 2 ? final[0]! : m)))).toBe(true)
  })

  it('refuses a match that is not in the draw or a stranger as winner with 400, the others with 409', () => {
    const matches = eliminationMatches([1, 2, 3, null])
    expect(
      refusal(() =>
        recordResult(
          matches,
          { group: null, turno: 3, posizione: 0 },
          { winnerEntryId: 1, esito: 'giocata' },
        ),
      ),
    ).toEqual({
      message: RESULT_MESSAGES.notFound,
      kind: 'invalid',
    })
    expect(
      refusal(() =>
        recordResult(
          matches,
          { group: null, turno: 1, posizione: 0 },
          { winnerEntryId: 3, esito: 'giocata' },
        ),
      ),
    ).toEqual({
      message: RESULT_MESSAGES.winnerNotInMatch,
      kind: 'invalid',
    })
    expect(
      refusal(() =>
        recordResult(
          matches,
          { group: null, turno: 2, posizione: 0 },
          { winnerEntryId: 3, esito: 'giocata' },
        ),
      ),
    ).toEqual({
      message: RESULT_MESSAGES.missingEntrants,
      kind: 'conflict',
    })
  })

  it('records a girone’s match without moving anybody, and a correction with the same winner moves nothing', () => {
    const groups = [
      [1, 2, 3],
      [4, 5, 6],
    ]
    const matches = groupMatches(groups)
    const first = matches.find((m) => m.group === 1)!
    const changed = recordResult(matches, first, { winnerEntryId: first.entryAId!, esito: 'giocata' })
    expect(changed).toEqual([{ ...first, winnerEntryId: first.entryAId, esito: 'giocata' }])
    const draw = eliminationMatches([1, 2, 3, 4])
    const played = recordResult(
      draw,
      { group: null, turno: 1, posizione: 0 },
      { winnerEntryId: 1, esito: 'giocata' },
    )
    const next = draw.map((m) => played.find((c) => c.turno === m.turno && c.posizione === m.posizione) ?? m)
    expect(
      recordResult(next, { group: null, turno: 1, posizione: 0 }, { winnerEntryId: 1, esito: 'ritiro' }),
    ).toHaveLength(1)
  })
})

describe('the matches of gironi', () => {
  it('numbers the giornate of each girone from the first: all play once a giornata, one rests when odd', () => {
    // [girone, giornata, posizione, A, B]: four players play three giornate of two matches, three players three
    // giornate of one match each.
    expect(
      groupMatches([
        [1, 2, 3, 4],
        [5, 6, 7],
      ]).map((m) => [m.group, m.turno, m.posizione, m.entryAId, m.entryBId]),
    ).toEqual([
      [0, 1, 0, 1, 4],
      [0, 1, 1, 2, 3],
      [0, 2, 0, 3, 1],
      [0, 2, 1, 2, 4],
      [0, 3, 0, 1, 2],
      [0, 3, 1, 3, 4],
      [1, 1, 0, 6, 7],
      [1, 2, 0, 7, 5],
      [1, 3, 0, 5, 6],
    ])
  })
})

describe('the standings of gironi', () => {
  it('ranks each girone on its own matches only', () => {
    const groups = [
      [1, 2],
      [3, 4],
    ]
    const standings = standingsOfGroups(groups, [
      { group: 0, entryAId: 1, entryBId: 2, winnerEntryId: 2, setA: 0, setB: 2, gameA: 3, gameB: 12 },
      { group: 1, entryAId: 3, entryBId: 4, winnerEntryId: 3, setA: 2, setB: 0, gameA: 12, gameB: 2 },
    ])
    expect(standings.map((g) => g.map((r) => r.entryId))).toEqual([
      [2, 1],
      [3, 4],
    ])
  })
})

describe('results in an elimination draw, at the edges', () => {
  const semifinal = (matches: DrawMatch[], posizione: number, winnerEntryId: number) =>
    matches.map(
      (m) =>
        recordResult(matches, { group: null, turno: 1, posizione }, { winnerEntryId, esito: 'giocata' }).find(
          (c) => c.turno === m.turno && c.posizione === m.posizione,
        ) ?? m,
    )

  it('refuses a bye with its own words, and a match whose second side is still to come', () => {
    const withBye = eliminationMatches([1, 2, 3, null])
    expect(
      refusal(() =>
        recordResult(
          withBye,
          { group: null, turno: 1, posizione: 1 },
          { winnerEntryId: 3, esito: 'giocata' },
        ),
      ),
    ).toEqual({ message: RESULT_MESSAGES.bye, kind: 'conflict' })
    const full = eliminationMatches([1, 2, 3, 4])
    // Before any result the second round has nobody, not the first round's entrants.
    expect(full.filter((m) => m.turno === 2)).toEqual([
      {
        group: null,
        turno: 2,
        posizione: 0,
        entryAId: null,
        entryBId: null,
        winnerEntryId: null,
        esito: 'da_giocare',
      },
    ])
    const halfway = semifinal(full, 0, 1)
    expect(
      refusal(() =>
        recordResult(
          halfway,
          { group: null, turno: 2, posizione: 0 },
          { winnerEntryId: 1, esito: 'giocata' },
        ),
      ),
    ).toEqual({ message: RESULT_MESSAGES.missingEntrants, kind: 'conflict' })
  })

  it('lets a result be corrected with the same winner after the next round is played, not with another', () => {
    const both = semifinal(semifinal(eliminationMatches([1, 2, 3, 4]), 0, 1), 1, 3)
    const final = recordResult(
      both,
      { group: null, turno: 2, posizione: 0 },
      { winnerEntryId: 1, esito: 'giocata' },
    )
    const played = both.map((m) => (m.turno === 2 ? final[0]! : m))
    expect(
      recordResult(played, { group: null, turno: 1, posizione: 0 }, { winnerEntryId: 1, esito: 'ritiro' }),
    ).toHaveLength(1)
    expect(
      refusal(() =>
        recordResult(played, { group: null, turno: 1, posizione: 0 }, { winnerEntryId: 2, esito: 'giocata' }),
      ),
    ).toEqual({ message: RESULT_MESSAGES.nextPlayed, kind: 'conflict' })
  })

  it('finds gironi with one member moved to another girone not matching the seed', () => {
    const groups = buildGroups(range(8), 2, SEED)
    const moved = [
      [...groups[0]!.slice(0, 3), groups[1]![3]!],
      [...groups[1]!.slice(0, 3), groups[0]![3]!],
    ]
    expect(
      verifyGroups({ seedHash: commitSeed(SEED), seed: SEED, entrants: range(8), groups: moved }).valid,
    ).toBe(false)
  })
})
