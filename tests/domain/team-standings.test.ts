// The standings of a team girone (docs/regole.md, «Campionati a squadre»): points, then ties won, rubbers, sets,
// games, the draw order; each row says what put it below the one above. Hand-made cases, then a property.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  TIE_BREAK_REASONS,
  championshipStatusOn,
  knockoutWinner,
  teamStandings,
  tieTotals,
  type CountedTie,
  type Rubber,
  walkoverTie,
} from '../../server/domain/team-standings.ts'

const won = (a = 6, b = 2): Rubber => ({
  vincitore: 'casa',
  sets: [
    { a, b },
    { a, b },
  ],
})
const lost = (a = 2, b = 6): Rubber => ({
  vincitore: 'ospiti',
  sets: [
    { a, b },
    { a, b },
  ],
})
const tie = (homeTeamId: number, awayTeamId: number, rubbers: Rubber[]): CountedTie => ({
  homeTeamId,
  awayTeamId,
  rubbers,
})

describe('tieTotals', () => {
  it('counts rubbers, sets and games, and calls a 2–2 a draw', () => {
    expect(tieTotals([won(6, 3), lost(4, 6), won(7, 5), lost(1, 6)])).toEqual({
      partiteCasa: 2,
      partiteOspiti: 2,
      setCasa: 4,
      setOspiti: 4,
      gameCasa: 36,
      gameOspiti: 40,
      esito: 'pari',
    })
    expect(tieTotals([won(), won(), lost()]).esito).toBe('casa')
    expect(tieTotals([{ vincitore: 'ospiti', sets: null }, lost(), won()]).esito).toBe('ospiti')
  })
})

describe('teamStandings', () => {
  it('gives a walkover to the team that sent its lineup, every rubber won; lost by both when neither did', () => {
    const rows = teamStandings([1, 2, 3], [walkoverTie(1, 2, 'ospiti', 3), walkoverTie(1, 3, null, 0)])
    expect(rows.map((r) => [r.teamId, r.giocati, r.vinti, r.persi, r.punti, r.partiteVinte])).toEqual([
      [2, 1, 1, 0, 2, 3],
      [3, 1, 0, 1, 0, 0],
      [1, 2, 0, 2, 0, 0],
    ])
    expect(rows[2]!.partitePerse).toBe(3)
  })

  it('gives 2 points a win, 1 a draw and none a defeat', () => {
    const rows = teamStandings(
      [1, 2, 3],
      [tie(1, 2, [won(), won(), won(), lost()]), tie(2, 3, [won(), won(), lost(), lost()])],
    )
    expect(rows.map((r) => [r.teamId, r.punti, r.vinti, r.pareggiati, r.persi, r.giocati])).toEqual([
      [1, 2, 1, 0, 0, 1],
      [3, 1, 0, 1, 0, 1],
      [2, 1, 0, 1, 1, 2],
    ])
  })

  it('puts more ties won first at equal points, and says so', () => {
    // Team 1: one win, one defeat (2 points). Team 2: two draws (2 points).
    const rows = teamStandings(
      [2, 1, 3, 4],
      [
        tie(1, 3, [won(), won(), won(), lost()]),
        tie(4, 1, [won(), won(), won(), won()]),
        tie(2, 3, [won(), won(), lost(), lost()]),
        tie(2, 4, [won(), won(), lost(), lost()]),
      ],
    )
    const one = rows.findIndex((r) => r.teamId === 1)
    const two = rows.findIndex((r) => r.teamId === 2)
    expect(one).toBe(two - 1)
    expect(rows[two]!.criterio).toBe('incontri')
    expect(rows[two]!.motivo).toBe('a pari punti, più incontri vinti')
  })

  it('then the rubbers, the sets, the games, and last the draw order', () => {
    // Each team wins one tie: the margins differ.
    const rubbers = teamStandings(
      [1, 2, 3],
      [
        tie(1, 2, [won(), won(), lost()]),
        tie(2, 3, [won(), won(), won()]),
        tie(3, 1, [won(), won(), lost()]),
      ],
    )
    // Rubbers: team 2 4–2, team 1 3–3, team 3 2–4.
    expect(rubbers.map((r) => r.teamId)).toEqual([2, 1, 3])
    expect(rubbers.map((r) => r.criterio)).toEqual([null, 'partite', 'partite'])
    expect(rubbers[1]!.motivo).toBe(TIE_BREAK_REASONS.partite)

    const unplayed = teamStandings([3, 1], [])
    expect(unplayed.map((r) => [r.teamId, r.criterio, r.motivo])).toEqual([
      [3, null, null],
      [1, 'sorteggio', TIE_BREAK_REASONS.sorteggio],
    ])

    const sets = teamStandings(
      [1, 2],
      [
        tie(1, 2, [
          {
            vincitore: 'casa',
            sets: [
              { a: 6, b: 0 },
              { a: 6, b: 0 },
            ],
          },
          {
            vincitore: 'ospiti',
            sets: [
              { a: 6, b: 7 },
              { a: 6, b: 4 },
              { a: 0, b: 6 },
            ],
          },
        ]),
      ],
    )
    expect(sets.map((r) => [r.teamId, r.criterio])).toEqual([
      [1, null],
      [2, 'set'],
    ])

    const games = teamStandings(
      [1, 2],
      [
        tie(1, 2, [
          {
            vincitore: 'casa',
            sets: [
              { a: 6, b: 0 },
              { a: 6, b: 0 },
            ],
          },
          {
            vincitore: 'ospiti',
            sets: [
              { a: 4, b: 6 },
              { a: 4, b: 6 },
            ],
          },
        ]),
      ],
    )
    expect(games.map((r) => [r.teamId, r.criterio, r.motivo])).toEqual([
      [1, null, null],
      [2, 'game', TIE_BREAK_REASONS.game],
    ])
  })

  it('shows no reason where the points decide', () => {
    const rows = teamStandings([1, 2], [tie(2, 1, [won(), won(), won()])])
    expect(rows.map((r) => [r.teamId, r.criterio, r.motivo])).toEqual([
      [2, null, null],
      [1, 'punti', null],
    ])
  })

  it('refuses a tie with a team outside the girone', () => {
    expect(() => teamStandings([1, 2], [tie(1, 3, [won()])])).toThrow(RangeError)
  })
})

const rubber = fc.record({
  vincitore: fc.constantFrom('casa' as const, 'ospiti' as const),
  sets: fc.array(fc.record({ a: fc.integer({ min: 0, max: 7 }), b: fc.integer({ min: 0, max: 7 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
})

/** A girone of 2–6 teams and some of its round-robin ties, with three or four rubbers each. */
const girone = fc.integer({ min: 2, max: 6 }).chain((n) => {
  const pairs: [number, number][] = []
  for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) pairs.push([a, b])
  return fc.record({
    teams: fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i + 1),
      { minLength: n, maxLength: n },
    ),
    ties: fc
      .subarray(pairs)
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map(([a, b]) =>
            fc
              .tuple(fc.boolean(), fc.array(rubber, { minLength: 3, maxLength: 4 }))
              .map(([swap, rubbers]) => tie(swap ? b : a, swap ? a : b, rubbers)),
          ),
        ),
      ),
  })
})

describe('teamStandings, for any girone', () => {
  it('orders by the criteria, balances wins and defeats, and names the criterion that decided', () => {
    fc.assert(
      fc.property(girone, ({ teams, ties }) => {
        const rows = teamStandings(teams, ties)
        expect(rows.map((r) => r.posizione)).toEqual(teams.map((_, i) => i + 1))
        expect(new Set(rows.map((r) => r.teamId))).toEqual(new Set(teams))
        const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0)
        expect(sum((r) => r.vinti)).toBe(sum((r) => r.persi))
        expect(sum((r) => r.giocati)).toBe(2 * ties.length)
        expect(sum((r) => r.punti)).toBe(2 * ties.length)
        expect(sum((r) => r.partiteVinte)).toBe(sum((r) => r.partitePerse))
        for (const r of rows) expect(r.punti).toBe(2 * r.vinti + r.pareggiati)
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!]
          const key = (r: typeof a) => [
            r.punti,
            r.vinti,
            r.partiteVinte - r.partitePerse,
            r.setVinti - r.setPersi,
            r.gameVinti - r.gamePersi,
          ]
          const [ka, kb] = [key(a), key(b)]
          const first = ka.findIndex((v, k) => v !== kb[k])
          // Equal on every criterion: the draw order; else the first criterion that differs, in favour of `a`.
          const rightOrder =
            first === -1 ? teams.indexOf(a.teamId) < teams.indexOf(b.teamId) : ka[first]! > kb[first]!
          expect(rightOrder).toBe(true)
          expect(b.criterio).toBe(
            first === -1 ? 'sorteggio' : ['punti', 'incontri', 'partite', 'set', 'game'][first],
          )
          expect(b.motivo === null).toBe(b.criterio === 'punti')
        }
        // The order of the ties does not matter.
        expect(teamStandings(teams, [...ties].reverse())).toEqual(rows)
      }),
    )
  })
})

describe('teamStandings counts each team’s side of a tie', () => {
  it('gives the home and the visiting team their own rubbers, sets and games, and the points of the result', () => {
    // Home wins 2 rubbers to 1: 6-2 6-2, 3-6 3-6, 7-5 7-5.
    const rows = teamStandings([1, 2], [tie(1, 2, [won(6, 2), lost(3, 6), won(7, 5)])])
    const counts = ({
      teamId,
      giocati,
      vinti,
      pareggiati,
      persi,
      partiteVinte,
      partitePerse,
      setVinti,
      setPersi,
      gameVinti,
      gamePersi,
      punti,
    }: (typeof rows)[number]) => ({
      teamId,
      giocati,
      vinti,
      pareggiati,
      persi,
      partiteVinte,
      partitePerse,
      setVinti,
      setPersi,
      gameVinti,
      gamePersi,
      punti,
    })
    expect(rows.map(counts)).toEqual([
      {
        teamId: 1,
        giocati: 1,
        vinti: 1,
        pareggiati: 0,
        persi: 0,
        partiteVinte: 2,
        partitePerse: 1,
        setVinti: 4,
        setPersi: 2,
        gameVinti: 32,
        gamePersi: 26,
        punti: 2,
      },
      {
        teamId: 2,
        giocati: 1,
        vinti: 0,
        pareggiati: 0,
        persi: 1,
        partiteVinte: 1,
        partitePerse: 2,
        setVinti: 2,
        setPersi: 4,
        gameVinti: 26,
        gamePersi: 32,
        punti: 0,
      },
    ])
  })

  it('counts a tie lost by both (no lineup in time) as played and lost by each, with no points', () => {
    const rows = teamStandings([1, 2], [walkoverTie(1, 2, null, 4)])
    expect(rows.map((r) => [r.teamId, r.giocati, r.persi, r.vinti, r.punti, r.partiteVinte])).toEqual([
      [1, 1, 1, 0, 0, 0],
      [2, 1, 1, 0, 0, 0],
    ])
  })
})

describe('knockoutWinner: a tie of the final phase cannot end level', () => {
  const totals = (p: [number, number], s: [number, number], g: [number, number]) => ({
    partiteCasa: p[0],
    partiteOspiti: p[1],
    setCasa: s[0],
    setOspiti: s[1],
    gameCasa: g[0],
    gameOspiti: g[1],
    esito: 'pari' as const,
  })

  it('goes to more rubbers, then more sets, then more games', () => {
    expect(knockoutWinner(totals([3, 1], [1, 9], [1, 99]))).toBe('casa')
    expect(knockoutWinner(totals([1, 3], [9, 1], [99, 1]))).toBe('ospiti')
    expect(knockoutWinner(totals([2, 2], [5, 4], [1, 99]))).toBe('casa')
    expect(knockoutWinner(totals([2, 2], [4, 5], [99, 1]))).toBe('ospiti')
    expect(knockoutWinner(totals([2, 2], [4, 4], [40, 39]))).toBe('casa')
    expect(knockoutWinner(totals([2, 2], [4, 4], [39, 40]))).toBe('ospiti')
  })

  it('is nobody when rubbers, sets and games are all level: the tie is played again', () => {
    expect(knockoutWinner(totals([2, 2], [4, 4], [40, 40]))).toBeNull()
  })
})

describe('championshipStatusOn', () => {
  const c = {
    dataInizio: '2026-03-01',
    dataFine: '2026-06-30',
    iscrizioniAl: new Date('2026-02-20T18:00:00Z'),
  }

  it('is open for entries before the start until the deadline, then closed', () => {
    expect(championshipStatusOn(c, '2026-02-20', new Date('2026-02-20T18:00:00Z'), false)).toBe(
      'iscrizioni_aperte',
    )
    expect(championshipStatusOn(c, '2026-02-20', new Date('2026-02-20T18:00:01Z'), false)).toBe(
      'iscrizioni_chiuse',
    )
    expect(
      championshipStatusOn(
        { ...c, iscrizioniAl: null },
        '2026-02-28',
        new Date('2026-02-28T10:00:00Z'),
        false,
      ),
    ).toBe('iscrizioni_aperte')
  })

  it('runs from the first day to the last, and after it until every tie counts', () => {
    const now = new Date('2026-07-01T10:00:00Z')
    expect(championshipStatusOn(c, '2026-03-01', now, true)).toBe('in_corso')
    expect(championshipStatusOn(c, '2026-06-30', now, true)).toBe('in_corso')
    expect(championshipStatusOn(c, '2026-07-01', now, false)).toBe('in_corso')
    expect(championshipStatusOn(c, '2026-07-01', now, true)).toBe('concluso')
  })
})

describe('teamStandings, walkovers and the draw order', () => {
  it('counts a walkover as every rubber won, with no sets or games', () => {
    const rows = teamStandings([1, 2], [walkoverTie(1, 2, 'casa', 4)])
    expect(
      rows.map((r) => [r.teamId, r.vinti, r.partiteVinte, r.partitePerse, r.setVinti, r.gameVinti, r.punti]),
    ).toEqual([
      [1, 1, 4, 0, 0, 0, 2],
      [2, 0, 0, 4, 0, 0, 0],
    ])
  })

  it('leaves teams level on everything in the order of the draw', () => {
    const rows = teamStandings([4, 2, 3, 1], [])
    expect(rows.map((r) => [r.teamId, r.posizione])).toEqual([
      [4, 1],
      [2, 2],
      [3, 3],
      [1, 4],
    ])
    expect(rows.slice(1).map((r) => r.criterio)).toEqual(['sorteggio', 'sorteggio', 'sorteggio'])
  })
})
