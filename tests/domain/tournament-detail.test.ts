// How the tournament detail words its data, and how a large draw is split into printable blocks.
import { describe, expect, it } from 'vitest'
import type { Incontro, Tabellone } from '../../contract/torneo.ts'
import { bracketBlocks, formatDates } from '../../server/documents/tornei.ts'
import {
  fileSlug,
  formatScore,
  mapSearchUrl,
  placesLeft,
  roundName,
  toIncontro,
} from '../../server/domain/tournament-detail.ts'
import { formatDateRange, formatFee } from '../../src/features/tornei/format.ts'

describe('formatScore', () => {
  it('reads sets, tie-breaks, retirements and walkovers', () => {
    expect(
      formatScore('giocata', [
        { a: 6, b: 4 },
        { a: 3, b: 6 },
        { a: 7, b: 6, tiebreak: 5 },
      ]),
    ).toBe('6-4 3-6 7-6(5)')
    expect(
      formatScore('ritiro', [
        { a: 6, b: 2 },
        { a: 1, b: 0 },
      ]),
    ).toBe('6-2 1-0 rit.')
    expect(formatScore('walkover', null)).toBe('w.o.')
    expect(formatScore('bye', null)).toBe('')
    expect(formatScore('da_giocare', null)).toBe('')
  })
})

describe('a draw writes the score from the winner’s side (issue 19, item 8)', () => {
  const match = (winner: 'a' | 'b', esito = 'giocata') =>
    toIncontro(
      {
        id: 1,
        drawId: 1,
        groupId: null,
        turno: 1,
        posizione: 1,
        entryAId: 10,
        entryBId: 20,
        winnerEntryId: winner === 'a' ? 10 : 20,
        esito,
        sets: [
          { a: 3, b: 6 },
          { a: 6, b: 4 },
          { a: 5, b: 7 },
        ],
      },
      new Map(),
      undefined,
    )
  it('6-3 4-6 7-5 when the second player won, as the page and the PDF print it', () => {
    expect(match('b').punteggio).toBe('6-3 4-6 7-5')
    expect(match('b', 'ritiro').punteggio).toBe('6-3 4-6 7-5 rit.')
    // The sets themselves stay as entered, player 1 first (the organiser's form corrects them so).
    expect(match('b').set[0]).toEqual({ a: 3, b: 6 })
    expect(match('a').punteggio).toBe('3-6 6-4 5-7')
  })
  it('a tie-break is the points of who lost it, whoever reads it', () => {
    expect(formatScore('giocata', [{ a: 6, b: 7, tiebreak: 4 }], 'B')).toBe('7-6(4)')
  })
})

describe('the words of the page', () => {
  it('searches the club on OpenStreetMap by its full address', () => {
    const url = mapSearchUrl({ indirizzo: 'Via Roma, 1', cap: '00100', comune: 'Roma', provincia: 'RM' })
    expect(url).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('Via Roma, 1, 00100 Roma, RM, Italia')}`,
    )
  })
  it('names rounds from the final backwards', () => {
    expect([1, 2, 3, 4, 5].map((t) => roundName(t, 5))).toEqual([
      'Sedicesimi di finale',
      'Ottavi di finale',
      'Quarti di finale',
      'Semifinali',
      'Finale',
    ])
  })
  it('counts places left, never below zero, none without a cap', () => {
    expect(placesLeft(16, 12)).toBe(4)
    expect(placesLeft(16, 20)).toBe(0)
    expect(placesLeft(null, 20)).toBeNull()
  })
  it('makes file names without accents or spaces', () => {
    expect(fileSlug('Coppa Città di Forlì – Open', '2026-05-03')).toBe('coppa-citta-di-forli-open-2026-05-03')
  })
  it('writes date ranges in Italian, with elision before 8 and 11', () => {
    expect(formatDateRange('2026-05-03', '2026-05-05')).toBe('dal 3 al 5 maggio 2026')
    expect(formatDateRange('2026-05-08', '2026-05-11')).toBe('dall’8 all’11 maggio 2026')
    expect(formatDateRange('2026-04-30', '2026-05-02')).toBe('dal 30 aprile al 2 maggio 2026')
    expect(formatDateRange('2026-05-03', '2026-05-03')).toBe('3 maggio 2026')
    expect(formatDates('2026-10-11', '2026-10-12')).toBe('dall’11 ottobre 2026 al 12 ottobre 2026')
    expect(formatDates('2026-10-01', '2026-10-08')).toBe('dal 1° ottobre 2026 all’8 ottobre 2026')
    expect(formatFee(0)).toBe('Gratuita')
    expect(formatFee(1500)).toMatch(/^15,00\s€$/)
  })
})

describe('bracketBlocks', () => {
  const match = (turno: number, posizione: number): Incontro => ({
    id: turno * 1000 + posizione,
    turno,
    posizione,
    a: null,
    b: null,
    vincitore: null,
    esito: 'da_giocare',
    punteggio: '',
    set: [],
    programmata_il: null,
    campo: null,
  })
  const draw = (size: number): Tabellone => {
    const rounds = Math.log2(size)
    return {
      id: 1,
      tipo: 'eliminazione',
      fase: 1,
      nome: 'Tabellone principale',
      dimensione: size,
      seed_hash: '0'.repeat(64),
      hash_pubblicato_il: '2026-01-01T00:00:00Z',
      seed: null,
      sorteggiato_il: null,
      gironi: [],
      turni: Array.from({ length: rounds }, (_round, i) => ({
        turno: i + 1,
        nome: roundName(i + 1, rounds),
        incontri: Array.from({ length: size / 2 ** (i + 1) }, (_, j) => match(i + 1, j)),
      })),
    }
  }

  it('draws up to 32 places in one block', () => {
    const blocks = bracketBlocks(draw(32))
    expect(blocks).toHaveLength(1)
    expect(blocks[0]!.rounds.map((r) => r.incontri.length)).toEqual([16, 8, 4, 2, 1])
  })

  it('splits 128 places into four sections of 32 and a final block, every match exactly once', () => {
    const blocks = bracketBlocks(draw(128))
    expect(blocks.map((b) => b.title)).toEqual([
      'Sezione 1 di 4',
      'Sezione 2 di 4',
      'Sezione 3 di 4',
      'Sezione 4 di 4',
      'Fase finale',
    ])
    for (const block of blocks.slice(0, 4))
      expect(block.rounds.map((r) => r.incontri.length)).toEqual([16, 8, 4, 2, 1])
    expect(blocks[4]!.rounds.map((r) => r.nome)).toEqual(['Semifinali', 'Finale'])
    const ids = blocks.flatMap((b) => b.rounds.flatMap((r) => r.incontri.map((m) => m.id)))
    expect(new Set(ids).size).toBe(127)
    expect(ids).toHaveLength(127)
    // Section 2 holds the second sixteen first-round matches.
    expect(blocks[1]!.rounds[0]!.incontri.map((m) => m.posizione)).toEqual(
      Array.from({ length: 16 }, (_, i) => 16 + i),
    )
  })
})
