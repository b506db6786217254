// The order of play on small draws whose plan is worked out by hand from the rules (docs/regole.md «Ordine di
// gioco»): the first start at 9:00 Italian time (summer and winter), the last at 19:30, the next day from 9:00;
// the court free earliest, the club's first among equals; the rest of a player between two draws; a phase after
// the previous one; the same plan whatever order the matches come in.
import { describe, expect, it } from 'vitest'
import { orderOfPlay, type PlanMatch } from '../../server/domain/order-of-play.ts'

const match = (id: number, fields: Partial<PlanMatch> = {}): PlanMatch => ({
  id,
  fase: 1,
  drawId: 1,
  groupId: null,
  turno: 1,
  posizione: id,
  players: [id * 10, id * 10 + 1],
  bye: false,
  ...fields,
})

/** Each match as «day hh:mm court» in Italian time, by id. */
function readable(plan: ReturnType<typeof orderOfPlay>) {
  const time = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
  })
  return Object.fromEntries(
    [...plan].map(([id, p]) => [id, `${p.day} ${time.format(p.start)}–${time.format(p.end)} ${p.court}`]),
  )
}

describe('the order of play, worked out by hand', () => {
  it('starts the first match at 9:00 in Italy: 8:00 UTC in winter, 7:00 UTC in summer', () => {
    const winter = orderOfPlay({ firstDay: '2026-01-10', courts: [], matches: [match(1)] }).get(1)!
    expect(winter.start.toISOString()).toBe('2026-01-10T08:00:00.000Z')
    expect(winter.end.toISOString()).toBe('2026-01-10T09:30:00.000Z')
    const summer = orderOfPlay({ firstDay: '2026-07-10', courts: [], matches: [match(1)] }).get(1)!
    expect(summer.start.toISOString()).toBe('2026-07-10T07:00:00.000Z')
    expect(summer.court).toBe('Campo 1')
  })

  it('fills one court until a start at 19:30 exactly, then goes on the next days from 9:00', () => {
    const matches = Array.from({ length: 10 }, (_, i) => match(i + 1))
    const plan = readable(orderOfPlay({ firstDay: '2026-03-02', courts: ['Centrale'], matches }))
    expect(Object.values(plan)).toEqual([
      '2026-03-02 09:00–10:30 Centrale',
      '2026-03-02 10:30–12:00 Centrale',
      '2026-03-02 12:00–13:30 Centrale',
      '2026-03-02 13:30–15:00 Centrale',
      '2026-03-02 15:00–16:30 Centrale',
      '2026-03-02 16:30–18:00 Centrale',
      '2026-03-02 18:00–19:30 Centrale',
      '2026-03-02 19:30–21:00 Centrale',
      '2026-03-03 09:00–10:30 Centrale',
      '2026-03-03 10:30–12:00 Centrale',
    ])
  })

  it('puts a match on the court free earliest, the club’s first one among equals', () => {
    const plan = readable(
      orderOfPlay({
        firstDay: '2026-03-02',
        courts: ['Centrale', 'Campo 2'],
        matches: [match(1), match(2), match(3)],
      }),
    )
    expect(plan).toEqual({
      1: '2026-03-02 09:00–10:30 Centrale',
      2: '2026-03-02 09:00–10:30 Campo 2',
      3: '2026-03-02 10:30–12:00 Centrale',
    })
  })

  it('lets a player who plays two draws rest an hour between them, with a court free', () => {
    const plan = readable(
      orderOfPlay({
        firstDay: '2026-03-02',
        courts: [],
        matches: [match(1, { players: [7, 8] }), match(2, { drawId: 2, posizione: 0, players: [7, 9] })],
      }),
    )
    expect(plan).toEqual({
      1: '2026-03-02 09:00–10:30 Campo 1',
      2: '2026-03-02 11:30–13:00 Campo 1',
    })
  })

  it('starts a round an hour after the previous round’s end, and a phase an hour after the previous phase', () => {
    const plan = readable(
      orderOfPlay({
        firstDay: '2026-03-02',
        courts: [],
        matches: [
          match(1, { posizione: 0 }),
          match(2, { posizione: 1 }),
          match(3, { turno: 2, posizione: 0, players: [] }),
          // The next phase's draw, whatever its number and its match's: after the first phase.
          match(0, { fase: 2, drawId: 0, posizione: 0, players: [] }),
        ],
      }),
    )
    expect(plan).toEqual({
      1: '2026-03-02 09:00–10:30 Campo 1',
      2: '2026-03-02 09:00–10:30 Campo 2',
      3: '2026-03-02 11:30–13:00 Campo 1',
      0: '2026-03-02 14:00–15:30 Campo 1',
    })
  })

  it('starts a later round at 9:00 when the rounds before it are all byes', () => {
    const plan = orderOfPlay({
      firstDay: '2026-03-02',
      courts: [],
      matches: [
        match(1, { posizione: 0, bye: true }),
        match(2, { posizione: 1, bye: true }),
        match(3, { turno: 2, posizione: 0 }),
      ],
    })
    expect([...plan.keys()]).toEqual([3])
    expect(readable(plan)[3]).toBe('2026-03-02 09:00–10:30 Campo 1')
  })

  it('gives the same plan whatever order the matches come in', () => {
    const matches = [
      match(1, { posizione: 0 }),
      match(2, { posizione: 1 }),
      match(3, { turno: 2, posizione: 0, players: [] }),
      match(4, { drawId: 2, groupId: 5, posizione: 0 }),
      match(5, { drawId: 2, groupId: 6, posizione: 0 }),
      match(6, { drawId: 2, groupId: 5, turno: 2, posizione: 0 }),
      match(7, { fase: 2, drawId: 3, posizione: 0, players: [] }),
    ]
    const plan = (order: PlanMatch[]) =>
      readable(orderOfPlay({ firstDay: '2026-03-02', courts: ['A', 'B', 'C'], matches: order }))
    expect(plan(matches.toReversed())).toEqual(plan(matches))
    expect(plan([matches[6]!, ...matches.slice(0, 6)])).toEqual(plan(matches))
  })
})
