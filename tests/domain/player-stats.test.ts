import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OPPONENT_LEVEL_BANDS, OPPONENT_LEVEL_UNKNOWN } from '../../contract/constants.ts'
import { levelBand, matchStatistics, type StatMatch } from '../../server/domain/player-stats.ts'

const m = (at: string, vinta: boolean, superficie: string | null, livello: number | null): StatMatch => ({
  at: new Date(at),
  vinta,
  superficie,
  livelloAvversari: livello,
})

describe('levelBand', () => {
  it('puts a level in the band from its lowest Power to the next band’s, excluded; no level is «non noto»', () => {
    expect(levelBand(9).codice).toBe('fino-29')
    expect(levelBand(29.99).codice).toBe('fino-29')
    expect(levelBand(30).codice).toBe('30-44')
    expect(levelBand(44.9).codice).toBe('30-44')
    expect(levelBand(45).codice).toBe('45-59')
    expect(levelBand(89.99).codice).toBe('75-89')
    expect(levelBand(90).codice).toBe('90-99')
    expect(levelBand(99).codice).toBe('90-99')
    expect(levelBand(null)).toEqual({ codice: 'non-noto', nome: 'Livello non noto' })
    // The bands cover 9–99 in order, with no gap.
    const starts = OPPONENT_LEVEL_BANDS.map((b) => b.da)
    expect(starts).toEqual(starts.toSorted((a, b) => a - b))
    expect(starts[0]).toBe(9)
  })
})

describe('matchStatistics', () => {
  const matches = [
    m('2025-03-10T10:00:00Z', true, 'terra rossa', 41),
    m('2025-06-01T10:00:00Z', false, 'cemento', 63.5),
    m('2025-12-31T23:30:00Z', true, 'terra rossa', 38), // 1 January 2026 in Italy
    m('2026-02-14T10:00:00Z', false, 'terra rossa', 92),
    m('2026-04-20T10:00:00Z', true, null, null),
    m('2026-05-05T10:00:00Z', true, 'cemento', 44.9),
  ]

  it('counts wins and losses by season (Italy’s calendar year), latest first, with the share won', () => {
    const stats = matchStatistics(matches)
    expect(stats.totale).toEqual({ vinte: 4, perse: 2, partite: 6, percentuale: 67 })
    expect(stats.stagioni).toEqual([
      { chiave: '2026', etichetta: '2026', vinte: 3, perse: 1, partite: 4, percentuale: 75 },
      { chiave: '2025', etichetta: '2025', vinte: 1, perse: 1, partite: 2, percentuale: 50 },
    ])
  })

  it('by surface: the most played first, named with a capital; a match without a court last as «Non indicata»', () => {
    expect(matchStatistics(matches).superfici).toEqual([
      { chiave: 'terra rossa', etichetta: 'Terra rossa', vinte: 2, perse: 1, partite: 3, percentuale: 67 },
      { chiave: 'cemento', etichetta: 'Cemento', vinte: 1, perse: 1, partite: 2, percentuale: 50 },
      { chiave: 'non-indicata', etichetta: 'Non indicata', vinte: 1, perse: 0, partite: 1, percentuale: 100 },
    ])
  })

  it('by opponents’ level: the bands played, weakest first, the unknown level last', () => {
    expect(matchStatistics(matches).livelli).toEqual([
      { chiave: '30-44', etichetta: 'Da 30 a 44', vinte: 3, perse: 0, partite: 3, percentuale: 100 },
      { chiave: '60-74', etichetta: 'Da 60 a 74', vinte: 0, perse: 1, partite: 1, percentuale: 0 },
      { chiave: '90-99', etichetta: '90 e oltre', vinte: 0, perse: 1, partite: 1, percentuale: 0 },
      { chiave: 'non-noto', etichetta: 'Livello non noto', vinte: 1, perse: 0, partite: 1, percentuale: 100 },
    ])
  })

  it('every table adds up to the total; no match gives empty tables and a total of zero', () => {
    const stats = matchStatistics(matches)
    for (const rows of [stats.stagioni, stats.superfici, stats.livelli])
      expect(rows.reduce((s, r) => s + r.partite, 0)).toBe(stats.totale.partite)
    expect(matchStatistics([])).toEqual({
      totale: { vinte: 0, perse: 0, partite: 0, percentuale: 0 },
      stagioni: [],
      superfici: [],
      livelli: [],
    })
  })
})

describe('matchStatistics orders the tables by the rule, not by the order the matches came in', () => {
  // Newest match first, as the repository may read them: the unknown level and the match without a court first.
  const reversed = [
    m('2026-05-05T10:00:00Z', true, null, null),
    m('2026-04-20T10:00:00Z', true, 'sintetico', 92),
    m('2026-03-20T10:00:00Z', false, 'cemento', 63.5),
    m('2026-02-14T10:00:00Z', false, 'erba', 41),
    m('2026-01-14T10:00:00Z', true, 'terra rossa', 41),
    m('2025-12-14T10:00:00Z', true, 'terra rossa', 12),
    m('2025-11-14T10:00:00Z', false, 'terra rossa', 12),
  ]

  it('by surface: the most played first, equal counts in alphabetical order, «Non indicata» last even if played more', () => {
    const rows = matchStatistics([...reversed, m('2026-06-01T10:00:00Z', false, null, null)]).superfici
    expect(rows.map((r) => r.etichetta)).toEqual([
      'Terra rossa',
      'Cemento',
      'Erba',
      'Sintetico',
      'Non indicata',
    ])
  })

  it('puts «Non indicata» last also when it is the most played, wherever it comes in', () => {
    const none = () => m('2026-01-10T10:00:00Z', true, null, null)
    const clay = () => m('2026-01-11T10:00:00Z', true, 'terra rossa', null)
    expect(matchStatistics([none(), none(), none(), clay()]).superfici.map((r) => r.chiave)).toEqual([
      'terra rossa',
      'non-indicata',
    ])
    expect(matchStatistics([clay(), none(), none(), none()]).superfici.map((r) => r.chiave)).toEqual([
      'terra rossa',
      'non-indicata',
    ])
  })

  it('by opponents’ level: weakest band first, «non noto» last', () => {
    expect(matchStatistics(reversed).livelli.map((r) => r.chiave)).toEqual([
      'fino-29',
      '30-44',
      '60-74',
      '90-99',
      'non-noto',
    ])
  })

  it('by season: latest first', () => {
    expect(matchStatistics([...reversed].reverse()).stagioni.map((r) => r.chiave)).toEqual(['2026', '2025'])
  })
})

describe('docs/regole.md «Statistiche del giocatore»', () => {
  it('lists every level band with the Power it starts from, as contract/constants.ts has them', () => {
    const docs = fs.readFileSync('docs/regole.md', 'utf8')
    for (const band of OPPONENT_LEVEL_BANDS)
      expect(docs).toMatch(new RegExp(`\\| ${band.nome} +\\| da ${band.da}\\b`))
    expect(docs).toMatch(new RegExp(`\\| ${OPPONENT_LEVEL_UNKNOWN.nome} +\\|`))
  })
})
