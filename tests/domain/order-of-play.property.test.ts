// The order of play is a possible one (docs/regole.md, «Ordine di gioco»), on generated draws: elimination from 2
// to 64 entries (byes included), round-robin groups, groups then a knockout, singles and doubles, 1 to 8 courts.
// Later-round players are not known to the plan (as before the matches are played): the winners are drawn here and
// every invariant is checked on the persons who actually play.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '../support/property-runs.ts'
import {
  buildEliminationDraw,
  buildGroups,
  defaultGroupCount,
  eliminationMatches,
  groupMatches,
  nextSlot,
  type DrawMatch,
} from '../../server/domain/draws.ts'
import { ORDER_OF_PLAY, orderOfPlay, type PlanMatch } from '../../server/domain/order-of-play.ts'

type Event = {
  kind: 'eliminazione' | 'girone' | 'gironi_eliminazione'
  entrants: number
  doubles: boolean
  courts: number
  seed: string
  firstDay: string
  /** Drawn winners: true means side a. */
  coins: boolean[]
}

const event = fc.record({
  kind: fc.constantFrom('eliminazione', 'girone', 'gironi_eliminazione') as fc.Arbitrary<Event['kind']>,
  entrants: fc.integer({ min: 2, max: 64 }),
  doubles: fc.boolean(),
  courts: fc.integer({ min: 1, max: 8 }),
  seed: fc.string({ minLength: 1, maxLength: 12 }),
  // Days across both changes of time (last Sunday of March and of October).
  firstDay: fc
    .integer({ min: 0, max: 365 * 2 })
    .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)),
  coins: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
})

/** The persons of an entry: one in singles, two in doubles. */
const personsOf = (entry: number, doubles: boolean) => (doubles ? [entry * 10, entry * 10 + 1] : [entry * 10])

type Built = { plan: PlanMatch[]; actual: Map<number, number[]>; key: Map<number, string> }

/** Plays a draw's matches in round order with the drawn winners: who actually plays each match. */
function play(matches: DrawMatch[], coins: boolean[], elimination: boolean) {
  const byPos = (turno: number, posizione: number) =>
    matches.find((m) => m.group === null && m.turno === turno && m.posizione === posizione)
  let coin = 0
  const ordered = [...matches].sort((a, b) => a.turno - b.turno || a.posizione - b.posizione)
  for (const m of ordered) {
    if (m.esito === 'bye') continue
    if (!elimination) continue
    if (m.entryAId === null || m.entryBId === null) continue
    const winner = coins[coin++ % coins.length] ? m.entryAId : m.entryBId
    const target = nextSlot(m.turno, m.posizione)
    const next = byPos(target.turno, target.posizione)
    if (next) {
      if (target.side === 'A') next.entryAId = winner
      else next.entryBId = winner
    }
  }
}

function build(e: Event): Built {
  const entries = Array.from({ length: e.entrants }, (_, i) => i + 1)
  const plan: PlanMatch[] = []
  const actual = new Map<number, number[]>()
  const key = new Map<number, string>()
  let id = 0
  const add = (matches: DrawMatch[], fase: number, drawId: number, elimination: boolean) => {
    // What the plan knows: the first round's players (a bye's winner already in round 2) and the groups.
    const known = matches.map((m) => ({ ...m }))
    play(matches, e.coins, elimination)
    matches.forEach((m, i) => {
      const k = known[i]!
      id++
      const groupId = m.group === null ? null : drawId * 100 + m.group
      plan.push({
        id,
        fase,
        drawId,
        groupId,
        turno: m.turno,
        posizione: m.posizione,
        players: [k.entryAId, k.entryBId].flatMap((x) => (x === null ? [] : personsOf(x, e.doubles))),
        bye: m.esito === 'bye',
      })
      if (m.esito !== 'bye')
        actual.set(
          id,
          [m.entryAId, m.entryBId].flatMap((x) => (x === null ? [] : personsOf(x, e.doubles))),
        )
      key.set(id, `${drawId}:${groupId}`)
    })
  }
  if (e.kind === 'eliminazione') {
    add(eliminationMatches(buildEliminationDraw(entries, e.seed).slots), 1, 1, true)
  } else {
    const count = e.kind === 'girone' ? 1 : Math.max(2, defaultGroupCount(e.entrants))
    const usable = e.kind === 'girone' ? entries.slice(0, Math.min(entries.length, 10)) : entries
    if (usable.length < count * 2) return build({ ...e, kind: 'eliminazione' })
    const groups = buildGroups(usable, count, e.seed)
    add(groupMatches(groups), 1, 1, false)
    if (e.kind === 'gironi_eliminazione') {
      // The knockout's entrants are the first two of each girone: unknown to the plan, drawn here.
      const qualified = groups.flatMap((g, i) => [g[i % g.length]!, g[(i + 1) % g.length]!])
      const draw = buildEliminationDraw(qualified, e.seed)
      const matches = eliminationMatches(draw.slots)
      const hidden = matches.map((m) => ({ ...m, entryAId: null, entryBId: null }))
      play(matches, e.coins, true)
      matches.forEach((m, i) => {
        id++
        plan.push({
          id,
          fase: 2,
          drawId: 2,
          groupId: null,
          turno: m.turno,
          posizione: m.posizione,
          players: [],
          bye: hidden[i]!.esito === 'bye',
        })
        if (m.esito !== 'bye')
          actual.set(
            id,
            [m.entryAId, m.entryBId].flatMap((x) => (x === null ? [] : personsOf(x, e.doubles))),
          )
        key.set(id, '2:null')
      })
    }
  }
  return { plan, actual, key }
}

const minutesOfDayInItaly = (d: Date) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(d)
    .split(':')
    .map(Number)
  return h! * 60 + m!
}
const dayInItaly = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(d)

describe('orderOfPlay', () => {
  it('gives a possible order of play on every generated draw', () => {
    fc.assert(
      fc.property(event, (e) => {
        const { plan, actual, key } = build(e)
        const courts = Array.from({ length: e.courts }, (_, i) => `Campo ${i + 1}`)
        const result = orderOfPlay({ firstDay: e.firstDay, courts, matches: plan })
        const rest = ORDER_OF_PLAY.REST_MINUTES * 60_000

        // Every match but the byes has a time and a court; a bye has none.
        for (const m of plan) expect(result.has(m.id)).toBe(!m.bye)
        const slots = plan.filter((m) => !m.bye).map((m) => ({ m, s: result.get(m.id)! }))

        for (const { s } of slots) {
          // Within the day's window, Italian time, from the first day, lasting a match.
          const minute = minutesOfDayInItaly(s.start)
          expect(minute).toBeGreaterThanOrEqual(ORDER_OF_PLAY.FIRST_START)
          expect(minute).toBeLessThanOrEqual(ORDER_OF_PLAY.LAST_START)
          expect(s.day >= e.firstDay).toBe(true)
          expect(dayInItaly(s.start)).toBe(s.day)
          expect(s.end.getTime() - s.start.getTime()).toBe(ORDER_OF_PLAY.MATCH_MINUTES * 60_000)
          expect(courts).toContain(s.court)
        }

        // A court holds one match at a time.
        for (const court of courts) {
          const used = slots
            .filter(({ s }) => s.court === court)
            .sort((x, y) => x.s.start.getTime() - y.s.start.getTime())
          for (let i = 1; i < used.length; i++)
            expect(used[i]!.s.start.getTime()).toBeGreaterThanOrEqual(used[i - 1]!.s.end.getTime())
        }

        // A person never plays two matches at once and rests between them.
        const byPerson = new Map<number, { start: number; end: number }[]>()
        for (const { m, s } of slots)
          for (const p of actual.get(m.id)!)
            byPerson.set(p, [...(byPerson.get(p) ?? []), { start: s.start.getTime(), end: s.end.getTime() }])
        for (const list of byPerson.values()) {
          list.sort((x, y) => x.start - y.start)
          for (let i = 1; i < list.length; i++)
            expect(list[i]!.start).toBeGreaterThanOrEqual(list[i - 1]!.end + rest)
        }

        // Never a later round before an earlier one of the same draw (girone), never a phase before the previous.
        const early = slots.flatMap((a) =>
          slots
            .filter(
              (b) =>
                ((key.get(a.m.id) === key.get(b.m.id) && a.m.turno < b.m.turno) || a.m.fase < b.m.fase) &&
                b.s.start.getTime() < a.s.end.getTime(),
            )
            .map((b) => `${b.m.id} prima della fine di ${a.m.id}`),
        )
        expect(early).toEqual([])

        // The same matches give the same plan.
        expect(orderOfPlay({ firstDay: e.firstDay, courts, matches: [...plan].reverse() })).toEqual(result)
      }),
      runs(100),
    )
  })

  it('uses numbered courts when the club has none recorded', () => {
    const matches = eliminationMatches(buildEliminationDraw([1, 2, 3, 4, 5, 6, 7, 8], 'x').slots).map(
      (m, i): PlanMatch => ({
        id: i + 1,
        fase: 1,
        drawId: 1,
        groupId: null,
        turno: m.turno,
        posizione: m.posizione,
        players: [m.entryAId, m.entryBId].flatMap((x) => (x === null ? [] : [x])),
        bye: m.esito === 'bye',
      }),
    )
    const plan = orderOfPlay({ firstDay: '2026-06-06', courts: [], matches })
    expect(new Set([...plan.values()].map((s) => s.court))).toEqual(
      new Set(['Campo 1', 'Campo 2', 'Campo 3', 'Campo 4']),
    )
    // Quarter-finals at 9:00 on four courts, semi-finals after an hour's rest (11:30), the final at 14:00.
    const times = [...plan.values()].map((s) =>
      s.start.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }),
    )
    expect(times).toEqual(['09:00', '09:00', '09:00', '09:00', '11:30', '11:30', '14:00'])
  })
})
