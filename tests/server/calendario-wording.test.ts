// The season calendar PDF writes days as the portal does (contract/date-words.ts): «1°», «dall’8», «all’11».
import { describe, expect, it } from 'vitest'
import { describeWhen } from '../../server/documents/calendario.ts'

describe('describeWhen', () => {
  it('writes the first of the month as «1°» and elides before 8 and 11', () => {
    expect(describeWhen(2026, 2, { from: 1, to: 'fine' }).label).toBe('dal 1° al 28 febbraio')
    expect(describeWhen(2026, 3, { from: 8, to: 11 }).label).toBe('dall’8 all’11 marzo')
    expect(describeWhen(2026, 1, { from: 10, to: 'fine' }).label).toBe('dal 10 al 31 gennaio')
    expect(describeWhen(2027, 1, { day: 1 }).label).toBe('venerdì 1° gennaio')
  })

  it('names the weekend days', () => {
    // The first Saturday of August 2026 is the 1st.
    expect(describeWhen(2026, 8, { sat: 1 }).label).toBe('sabato 1° e domenica 2 agosto')
    expect(describeWhen(2026, 7, { sat: 2, days: 9 }).label).toBe('da sabato 11 a domenica 19 luglio')
  })
})
