// The lineup rules (docs/regole.md «Schieramenti»): each refusal named by the case it refuses.
import { describe, expect, it } from 'vitest'
import { INCONTRI_MESSAGES as M } from '../../contract/incontri.ts'
import { type LineupPlayer, checkLineup, tieFormat } from '../../server/domain/lineup.ts'

const player = (id: number, over: Partial<LineupPlayer> = {}): LineupPlayer => ({
  id,
  nome: `Giocatore ${id}`,
  sesso: 'M',
  power: 100 - id,
  inRosa: true,
  tesseraValida: true,
  ...over,
})

const roster = (...players: LineupPlayer[]) => new Map(players.map((p) => [p.id, p]))
const tennis = tieFormat('singolare')
const padel = tieFormat('doppio')
const base = { genere: 'M', giorno: '12/06/2026' }
const singles = [
  { numero: 1, giocatori: [1] },
  { numero: 2, giocatori: [2] },
  { numero: 3, giocatori: [3, 4] },
]
const four = roster(player(1), player(2), player(3), player(4))

describe('the format of a tie', () => {
  it('tennis plays two singles and a doubles, the other disciplines three doubles', () => {
    expect(tennis).toEqual(['singolare', 'singolare', 'doppio'])
    expect(padel).toEqual(['doppio', 'doppio', 'doppio'])
  })
})

describe('checkLineup', () => {
  it('takes a complete lineup of the roster in order of Power', () => {
    expect(checkLineup({ ...base, formato: tennis, partite: singles, players: four })).toEqual({
      ok: true,
      partite: singles,
    })
  })

  it('refuses a missing rubber, an unknown one and the wrong number of players', () => {
    expect(checkLineup({ ...base, formato: tennis, partite: singles.slice(0, 2), players: four })).toEqual({
      ok: false,
      message: 'Manca la partita n. 3 dello schieramento.',
    })
    expect(
      checkLineup({
        ...base,
        formato: tennis,
        partite: [...singles, { numero: 4, giocatori: [5] }],
        players: four,
      }),
    ).toEqual({ ok: false, message: 'La partita n. 4 non esiste in questo incontro.' })
    expect(
      checkLineup({
        ...base,
        formato: tennis,
        partite: [{ numero: 1, giocatori: [1, 2] }, ...singles.slice(1)],
        players: four,
      }),
    ).toEqual({ ok: false, message: 'Nella partita n. 1 gioca un giocatore.' })
  })

  it('refuses a player twice in one tie', () => {
    const twice = [singles[0]!, singles[1]!, { numero: 3, giocatori: [1, 4] }]
    expect(checkLineup({ ...base, formato: tennis, partite: twice, players: four })).toEqual({
      ok: false,
      message: 'Giocatore 1 compare due volte: un giocatore gioca una sola partita per incontro.',
    })
  })

  it('refuses a player outside the roster and one without a valid card on the day', () => {
    const outsider = roster(player(1), player(2), player(3), player(4, { inRosa: false }))
    expect(checkLineup({ ...base, formato: tennis, partite: singles, players: outsider })).toEqual({
      ok: false,
      message: 'Giocatore 4 non è nella rosa della squadra.',
    })
    const noCard = roster(player(1), player(2, { tesseraValida: false }), player(3), player(4))
    expect(checkLineup({ ...base, formato: tennis, partite: singles, players: noCard })).toEqual({
      ok: false,
      message: 'Giocatore 2 non ha una tessera valida il giorno dell’incontro (12/06/2026).',
    })
  })

  it('refuses a player of the other category, and a mixed doubles that is not a man and a woman', () => {
    const woman = roster(player(1), player(2), player(3, { sesso: 'F' }), player(4))
    expect(checkLineup({ ...base, formato: tennis, partite: singles, players: woman })).toEqual({
      ok: false,
      message: 'Giocatore 3 non può giocare in questo campionato (categoria diversa).',
    })
    expect(checkLineup({ ...base, genere: 'X', formato: tennis, partite: singles, players: woman })).toEqual({
      ok: true,
      partite: singles,
    })
    expect(checkLineup({ ...base, genere: 'X', formato: tennis, partite: singles, players: four })).toEqual({
      ok: false,
      message: 'Nel doppio misto n. 3 giocano un uomo e una donna.',
    })
  })

  it('refuses singles and doubles pairs out of the order of Power', () => {
    const swapped = [{ numero: 1, giocatori: [2] }, { numero: 2, giocatori: [1] }, singles[2]!]
    expect(checkLineup({ ...base, formato: tennis, partite: swapped, players: four })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Power più alto'),
    })
    const six = roster(...[1, 2, 3, 4, 5, 6].map((id) => player(id)))
    const pairs = [
      { numero: 1, giocatori: [5, 6] },
      { numero: 2, giocatori: [1, 2] },
      { numero: 3, giocatori: [3, 4] },
    ]
    expect(checkLineup({ ...base, formato: padel, partite: pairs, players: six })).toEqual({
      ok: false,
      message:
        'Le coppie vanno in ordine di Power: la coppia del doppio n. 2 ha un Power più alto di quella prima.',
    })
    const ordered = [pairs[1]!, pairs[2]!, pairs[0]!].map((p, k) => ({ ...p, numero: k + 1 }))
    expect(checkLineup({ ...base, formato: padel, partite: ordered, players: six }).ok).toBe(true)
  })

  it('keeps a women’s championship to women', () => {
    const women = roster(...[1, 2, 3, 4].map((id) => player(id, { sesso: 'F' })), player(5))
    expect(checkLineup({ ...base, genere: 'F', formato: tennis, partite: singles, players: women })).toEqual({
      ok: true,
      partite: singles,
    })
    const withAMan = [singles[0]!, { numero: 2, giocatori: [5] }, singles[2]!]
    expect(checkLineup({ ...base, genere: 'F', formato: tennis, partite: withAMan, players: women })).toEqual(
      {
        ok: false,
        message: 'Giocatore 5 non può giocare in questo campionato (categoria diversa).',
      },
    )
  })

  it('lets players of equal Power stand in either order', () => {
    const equal = roster(...[1, 2, 3, 4].map((id) => player(id, { power: 50 })))
    expect(checkLineup({ ...base, formato: tennis, partite: singles, players: equal }).ok).toBe(true)
  })

  it('says the singles are out of order in the singles’ own words', () => {
    const swapped = [{ numero: 1, giocatori: [2] }, { numero: 2, giocatori: [1] }, singles[2]!]
    expect(checkLineup({ ...base, formato: tennis, partite: swapped, players: four })).toEqual({
      ok: false,
      message: M.lineupSinglesOrder,
    })
  })

  it('calls a rubber with nobody in it missing, and a player the roster does not know by their id', () => {
    const empty = [singles[0]!, { numero: 2, giocatori: [] }, singles[2]!]
    expect(checkLineup({ ...base, formato: tennis, partite: empty, players: four })).toEqual({
      ok: false,
      message: M.lineupMissing(2),
    })
    const stranger = [singles[0]!, { numero: 2, giocatori: [7] }, singles[2]!]
    expect(checkLineup({ ...base, formato: tennis, partite: stranger, players: four })).toEqual({
      ok: false,
      message: M.lineupNotInRoster('Il giocatore 7'),
    })
  })
})
