// The rankings' pages (docs/regole.md «Classifiche»; server/domain/rankings.ts): the birth dates of an age group,
// the groups a sector shows, club types, who may print or export, positions, and the notes that explain a tie.
import { describe, expect, it } from 'vitest'
import {
  ageGroupsOf,
  birthRange,
  clubTypeDisciplines,
  compareListed,
  sortKey,
  listPositions,
  rankingExportRefusal,
  tieNotes,
  withTieNotes,
} from '../../server/domain/rankings.ts'

describe('birthRange', () => {
  it('«Under 14» in 2026 is whoever was born from 1 January 2012 on', () => {
    expect(birthRange({ fino: 14 }, 2026)).toEqual({ dal: '2012-01-01' })
  })

  it('«Over 45» in 2026 is whoever was born by 31 December 1981', () => {
    expect(birthRange({ da: 45 }, 2026)).toEqual({ al: '1981-12-31' })
  })

  it('a band with both ends has both dates, one with none has none', () => {
    expect(birthRange({ da: 18, fino: 20 }, 2026)).toEqual({ dal: '2006-01-01', al: '2008-12-31' })
    expect(birthRange({}, 2026)).toEqual({})
  })
})

describe('ageGroupsOf', () => {
  const groups = [{ fino: 12 }, { fino: 16 }, { da: 35 }, {}]

  it('the junior sector shows only the under groups; any other sector all of them', () => {
    expect(ageGroupsOf(9, groups, 9)).toEqual([{ fino: 12 }, { fino: 16 }])
    expect(ageGroupsOf(1, groups, 9)).toEqual(groups)
  })
})

describe('clubTypeDisciplines', () => {
  it('a single-discipline club offers exactly one, a multi-sport club two or more', () => {
    expect(clubTypeDisciplines('monodisciplina')).toEqual({ min: 1, max: 1 })
    expect(clubTypeDisciplines('polisportiva')).toEqual({ min: 2 })
  })
})

describe('rankingExportRefusal', () => {
  const messages = { signIn: 'Accedi per esportare.', notAllowed: 'Non puoi esportare.' }

  it('asks a visitor to sign in (401), refuses an account without the permission (403), lets one with it', () => {
    expect(rankingExportRefusal(null, messages)).toEqual({ status: 401, message: messages.signIn })
    expect(rankingExportRefusal({ puoEsportareClassifiche: false }, messages)).toEqual({
      status: 403,
      message: messages.notAllowed,
    })
    expect(rankingExportRefusal({ puoEsportareClassifiche: true }, messages)).toBeUndefined()
  })
})

describe('positions and tie notes', () => {
  it('gives rows with the same points the same position, and the next one its place in the list', () => {
    expect(listPositions([{ punti: 90 }, { punti: 80 }, { punti: 80 }, { punti: 70 }])).toEqual([1, 2, 2, 4])
  })

  const row = (n: number, persona: string, punti: number, tornei: number) => ({ n, persona, punti, tornei })

  it('explains a tie by fewer results, from both sides, and by the alphabet when the results are as many', () => {
    const notes = tieNotes([
      row(1, 'Anna', 100, 3),
      row(2, 'Bea', 100, 4),
      row(3, 'Carla', 1, 2),
      row(4, 'Dora', 1, 2),
      row(5, 'Elsa', 50, 1),
    ])
    expect(notes).toEqual([
      'Pari a 100 punti con Bea: stessa posizione, in elenco prima perché li ha ottenuti con meno risultati (3 contro 4).',
      'Pari a 100 punti con Anna, che li ha ottenuti con meno risultati (3 contro 4): stessa posizione, in elenco dopo.',
      'Pari a 1 punto e 2 risultati con Dora: stessa posizione, in ordine alfabetico.',
      'Pari a 1 punto e 2 risultati con Carla: stessa posizione, in ordine alfabetico.',
      null,
    ])
  })

  it('counts clubs by their members, one or many, and writes thousands the Italian way', () => {
    expect(tieNotes([row(1, 'TC Roma', 12000, 1), row(2, 'TC Bari', 12000, 1)], 'circoli')[0]).toBe(
      'Pari a 12.000 punti e 1 tesserato con TC Bari: stessa posizione, in ordine alfabetico.',
    )
    expect(tieNotes([row(1, 'TC Roma', 5, 2), row(2, 'TC Bari', 5, 3)], 'circoli')[1]).toBe(
      'Pari a 5 punti con TC Roma, che li ha ottenuti con meno tesserati (2 contro 3): stessa posizione, in elenco dopo.',
    )
  })

  it('keeps only the page’s rows, explaining a tie with the row just before or after the page', () => {
    const rows = [
      row(10, 'Ada', 60, 2),
      row(11, 'Bice', 60, 2),
      row(12, 'Cora', 50, 1),
      row(13, 'Dina', 50, 1),
    ]
    const page = withTieNotes(rows, 10, 2)
    expect(page.map((r) => r.persona)).toEqual(['Bice', 'Cora'])
    expect(page.map((r) => r.parita)).toEqual([
      'Pari a 60 punti e 2 risultati con Ada: stessa posizione, in ordine alfabetico.',
      'Pari a 50 punti e 1 risultato con Dina: stessa posizione, in ordine alfabetico.',
    ])
    expect(page[0]).not.toHaveProperty('n')
  })
})

describe('the list order (as the SQL orders it)', () => {
  const listed = (key: number, punti: number, tornei: number, name: string) => ({
    key,
    punti,
    tornei,
    sortName: sortKey(name),
  })

  it('lower-cases A to Z only, as PostgreSQL’s lower() under the C collation', () => {
    expect(sortKey('ÉLODIE Zeta')).toBe('Élodie zeta')
  })

  it('orders by points down, then fewer results, then the name, then the id', () => {
    const rows = [
      listed(6, 50, 2, 'Bruno'),
      listed(5, 50, 2, 'Bruno'),
      listed(4, 50, 2, 'anna'),
      listed(3, 50, 3, 'Aldo'),
      listed(2, 50, 1, 'Zeno'),
      listed(1, 90, 9, 'Zoe'),
    ]
    expect(rows.toSorted(compareListed).map((r) => r.key)).toEqual([1, 2, 4, 5, 6, 3])
  })
})
