// Which page /news shows for the page asked: a page beyond the last shows the last («Pagina 99 di 14» never).
import { describe, expect, it } from 'vitest'
import { pageWithin } from '../../src/features/news/format.ts'

describe('pageWithin', () => {
  it('keeps a page that exists', () => {
    expect(pageWithin(1, 140, 10)).toBe(1)
    expect(pageWithin(14, 140, 10)).toBe(14)
    expect(pageWithin(15, 141, 10)).toBe(15)
  })

  it('brings a page beyond the last back to the last', () => {
    expect(pageWithin(99, 140, 10)).toBe(14)
    expect(pageWithin(15, 140, 10)).toBe(14)
    expect(pageWithin(3, 5, 10)).toBe(1)
  })

  it('shows page 1 of an empty list', () => {
    expect(pageWithin(7, 0, 10)).toBe(1)
  })
})
