// A club's page: courts grouped by discipline, the distance shown with one decimal, the asked sector first.
import { describe, expect, it } from 'vitest'
import { askedSectorFirst, courtsByDiscipline, distanceShown } from '../../server/domain/clubs.ts'

const court = (id_disciplina: number, disciplina: string, nome: string | null, extra = {}) => ({
  id_disciplina,
  disciplina,
  nome,
  superficie: nome === null ? null : 'terra rossa',
  coperto: null,
  illuminato: null,
  ...extra,
})

describe('courtsByDiscipline', () => {
  it('groups the courts under their discipline, in the order the disciplines first appear', () => {
    const groups = courtsByDiscipline([
      court(2, 'Padel', 'Campo 1', { coperto: true, illuminato: false }),
      court(1, 'Tennis', 'Centrale', { coperto: false, illuminato: true }),
      court(2, 'Padel', 'Campo 2'),
    ])
    expect(groups).toEqual([
      {
        id_disciplina: 2,
        disciplina: 'Padel',
        campi: [
          { nome: 'Campo 1', superficie: 'terra rossa', coperto: true, illuminato: false },
          { nome: 'Campo 2', superficie: 'terra rossa', coperto: false, illuminato: false },
        ],
      },
      {
        id_disciplina: 1,
        disciplina: 'Tennis',
        campi: [{ nome: 'Centrale', superficie: 'terra rossa', coperto: false, illuminato: true }],
      },
    ])
  })

  it('lists a discipline with no court yet, with no courts', () => {
    expect(courtsByDiscipline([court(3, 'Beach tennis', null)])).toEqual([
      { id_disciplina: 3, disciplina: 'Beach tennis', campi: [] },
    ])
  })

  it('leaves out a court without a name or without a surface', () => {
    const noSurface = { ...court(1, 'Tennis', 'Campo 3'), superficie: null }
    const noName = { ...court(1, 'Tennis', null), superficie: 'erba' }
    expect(courtsByDiscipline([noSurface, noName])).toEqual([
      { id_disciplina: 1, disciplina: 'Tennis', campi: [] },
    ])
  })
})

describe('distanceShown', () => {
  it('rounds kilometres to one decimal', () => {
    expect(distanceShown(12.345)).toBe(12.3)
    expect(distanceShown(12.35)).toBe(12.4)
  })

  it('is null for a club with no coordinates', () => {
    expect(distanceShown(null)).toBeNull()
  })

  it('shows zero for a club where the visitor stands', () => {
    expect(distanceShown(0)).toBe(0)
  })
})

describe('askedSectorFirst', () => {
  it('puts the asked sector’s places first and keeps the order of the others', () => {
    const places = [
      { id_settore: 1, n: 'a' },
      { id_settore: 2, n: 'b' },
      { id_settore: 3, n: 'c' },
      { id_settore: 2, n: 'd' },
    ]
    expect(askedSectorFirst(places, 2).map((p) => p.n)).toEqual(['b', 'd', 'a', 'c'])
  })
})
