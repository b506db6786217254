// The portal's one way of writing dates and numbers (src/ui/format.ts) and the Italian rules it shares with the
// server's PDFs (contract/date-words.ts).
import { describe, expect, it } from 'vitest'
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import {
  daysFromToday,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDateWith,
  formatDayMonth,
  formatDuration,
  formatMonthYear,
  formatNumber,
  formatPeriod,
  formatRelativeDay,
  formatRelativeTime,
  formatShortDateTime,
  formatTime,
  formatYear,
  toDate,
} from '../../src/ui/format.ts'

// 24 November 2026, 11:00 in Rome.
const now = new Date('2026-11-24T10:00:00Z')

describe('the Italian day words (contract/date-words.ts)', () => {
  it('writes the first of the month as an ordinal, the others as numbers', () => {
    expect(dayOfMonth(1)).toBe('1°')
    expect([2, 8, 11, 31].map(dayOfMonth)).toEqual(['2', '8', '11', '31'])
  })

  it('elides the preposition before 8 and 11, and only there', () => {
    expect(withPreposition('dal', '8 dic')).toBe('dall’8 dic')
    expect(withPreposition('dal', '11 gennaio')).toBe('dall’11 gennaio')
    expect(withPreposition('al', '8 marzo')).toBe('all’8 marzo')
    expect(withPreposition('il', '11 marzo')).toBe('l’11 marzo')
    expect(withPreposition('del', '8')).toBe('dell’8')
    expect(withPreposition('nel', '11')).toBe('nell’11')
    expect(withPreposition('dal', '1° gennaio')).toBe('dal 1° gennaio')
    expect(withPreposition('dal', '18 dic')).toBe('dal 18 dic')
    expect(withPreposition('il', '12 marzo')).toBe('il 12 marzo')
    expect(withPreposition('al', '1°')).toBe('al 1°')
  })
})

describe('toDate', () => {
  it('keeps a civil date on its day in Rome, winter and summer', () => {
    expect(formatDate('2026-01-01')).toBe('1° gennaio 2026')
    expect(formatDate('2026-07-31')).toBe('31 luglio 2026')
    expect(toDate('2026-03-29').toISOString()).toBe('2026-03-29T12:00:00.000Z')
  })

  it('reads an instant in Italy’s time zone: 23:30 UTC on 31 December is already New Year in Rome', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1° gennaio 2027')
    expect(formatDate(new Date('2026-06-30T22:30:00Z'))).toBe('1° luglio 2026')
  })
})

describe('formatDate and formatDayMonth', () => {
  it('writes the year by default, long months', () => {
    expect(formatDate('2026-03-12')).toBe('12 marzo 2026')
    expect(formatDate('2026-12-08', { month: 'short' })).toBe('8 dic 2026')
  })

  it('writes the weekday when asked', () => {
    expect(formatDate('2026-12-12', { weekday: true, year: 'auto', now })).toBe('sabato 12 dicembre')
    expect(formatDate('2026-03-01', { weekday: true })).toBe('domenica 1° marzo 2026')
    expect(formatDate('2026-05-02', { weekday: 'short', month: 'short', year: 'never' })).toBe('sab 2 mag')
  })

  it('leaves out this year and keeps another year', () => {
    expect(formatDayMonth('2026-12-08', { now })).toBe('8 dic')
    expect(formatDayMonth('2027-01-01', { now })).toBe('1° gen 2027')
    expect(formatDayMonth('2025-12-08', { now })).toBe('8 dic 2025')
    expect(formatDayMonth('2026-01-01', { month: 'long', now })).toBe('1° gennaio')
    expect(formatDayMonth('2027-01-01', { year: 'never', now })).toBe('1° gen')
  })

  it('writes date and time, time alone, month and year', () => {
    // One time style: «alle 12:00», never «alle ore», «12.00» or a leading zero; «all’1:30» before «una».
    expect(formatDateTime('2026-03-01T08:05:00Z')).toBe('1° marzo 2026 alle 9:05')
    expect(formatDateTime('2026-07-12T08:30:00Z')).toBe('12 luglio 2026 alle 10:30')
    expect(formatDateTime('2026-07-11T23:30:00Z')).toBe('12 luglio 2026 all’1:30')
    expect(formatTime('2026-07-12T08:30:00Z')).toBe('10:30')
    expect(formatTime('2026-07-12T07:05:00Z')).toBe('9:05')
    expect(formatShortDateTime('2026-04-28T10:00:00Z', now)).toBe('28 apr alle 12:00')
    expect(formatShortDateTime('2026-05-01T07:30:00Z', now)).toBe('1° mag alle 9:30')
    expect(formatShortDateTime('2027-05-01T07:30:00Z', now)).toBe('1° mag 2027 alle 9:30')
    expect(formatMonthYear('2026-11-03')).toBe('novembre 2026')
    expect(formatMonthYear('2026-11-03', { month: 'short' })).toBe('nov 2026')
  })
})

describe('formatDateRange', () => {
  it('is one date for a one-day range', () => {
    expect(formatDateRange('2026-12-08', '2026-12-08', { now })).toBe('8 dic')
    expect(formatDateRange('2027-03-01', '2027-03-01', { now })).toBe('1° mar 2027')
  })

  it('shares the month and the year inside one month', () => {
    expect(formatDateRange('2026-12-08', '2026-12-12', { now })).toBe('8–12 dic')
    expect(formatDateRange('2026-12-01', '2026-12-03', { now })).toBe('1°–3 dic')
    expect(formatDateRange('2027-02-08', '2027-02-11', { now })).toBe('8–11 feb 2027')
  })

  it('writes both months across months', () => {
    expect(formatDateRange('2026-11-28', '2026-12-02', { now })).toBe('28 nov – 2 dic')
    expect(formatDateRange('2027-03-30', '2027-04-01', { now, month: 'long' })).toBe(
      '30 marzo – 1° aprile 2027',
    )
  })

  it('writes both years when the range crosses years', () => {
    expect(formatDateRange('2026-10-19', '2027-02-01', { now })).toBe('19 ott 2026 – 1° feb 2027')
    expect(formatDateRange('2026-12-31', '2027-01-01', { now, year: 'never' })).toBe(
      '31 dic 2026 – 1° gen 2027',
    )
  })

  it('writes the year when asked, and reads a backwards range forwards', () => {
    expect(formatDateRange('2026-12-08', '2026-12-12', { now, year: 'always' })).toBe('8–12 dic 2026')
    expect(formatDateRange('2026-12-12', '2026-12-08', { now })).toBe('8–12 dic')
  })
})

describe('formatDateWith and formatPeriod', () => {
  it('joins the preposition with elision and the ordinal', () => {
    expect(formatDateWith('dal', '2026-12-08', { now })).toBe('dall’8 dicembre')
    expect(formatDateWith('dal', '2026-12-08', { now, month: 'short' })).toBe('dall’8 dic')
    expect(formatDateWith('dal', '2026-12-11', { now })).toBe('dall’11 dicembre')
    expect(formatDateWith('dal', '2027-01-01', { now })).toBe('dal 1° gennaio 2027')
    expect(formatDateWith('al', '2026-11-08', { now })).toBe('all’8 novembre')
    expect(formatDateWith('il', '2026-12-11', { now })).toBe('l’11 dicembre')
    expect(formatDateWith('il', '2026-12-18', { now })).toBe('il 18 dicembre')
  })

  it('says a span in words', () => {
    expect(formatPeriod('2026-12-08', '2026-12-12', { now })).toBe('dall’8 al 12 dicembre')
    expect(formatPeriod('2027-03-01', '2027-03-11', { now })).toBe('dal 1° all’11 marzo 2027')
    expect(formatPeriod('2026-11-28', '2026-12-02', { now })).toBe('dal 28 novembre al 2 dicembre')
    expect(formatPeriod('2026-10-19', '2027-02-01', { now })).toBe('dal 19 ottobre 2026 al 1° febbraio 2027')
    expect(formatPeriod('2026-12-11', '2026-12-11', { now })).toBe('l’11 dicembre')
    expect(formatPeriod('2026-02-01', '2026-02-28', { now, year: 'never' })).toBe('dal 1° al 28 febbraio')
  })
})

describe('relative phrases', () => {
  it('counts days in Italy’s calendar', () => {
    expect(daysFromToday('2026-11-25', now)).toBe(1)
    expect(daysFromToday('2026-11-24T22:59:00Z', now)).toBe(0)
    expect(daysFromToday('2026-11-24T23:00:00Z', now)).toBe(1)
    expect(daysFromToday('2026-03-29', new Date('2026-03-30T10:00:00Z'))).toBe(-1)
  })

  it('says a near day in words and a far one as a date', () => {
    expect(formatRelativeDay('2026-11-24', now)).toBe('oggi')
    expect(formatRelativeDay('2026-11-23', now)).toBe('ieri')
    expect(formatRelativeDay('2026-11-25', now)).toBe('domani')
    expect(formatRelativeDay('2026-11-27', now)).toBe('tra 3 giorni')
    expect(formatRelativeDay('2026-11-19', now)).toBe('5 giorni fa')
    expect(formatRelativeDay('2026-11-01', now)).toBe('1° novembre')
    expect(formatRelativeDay('2025-11-08', now)).toBe('8 novembre 2025')
  })

  it('says an instant in minutes, hours, then days', () => {
    expect(formatRelativeTime('2026-11-24T09:59:30Z', now)).toBe('ora')
    expect(formatRelativeTime('2026-11-24T09:55:00Z', now)).toBe('5 minuti fa')
    expect(formatRelativeTime('2026-11-24T10:10:00Z', now)).toBe('tra 10 minuti')
    expect(formatRelativeTime('2026-11-24T07:00:00Z', now)).toBe('3 ore fa')
    expect(formatRelativeTime('2026-11-23T20:00:00Z', now)).toBe('ieri')
    expect(formatRelativeTime('2026-11-20T20:00:00Z', now)).toBe('4 giorni fa')
  })
})

describe('numbers', () => {
  it('groups thousands, never in a year, and writes durations as minutes', () => {
    expect(formatNumber(12480)).toBe('12.480')
    expect(formatNumber(3.5)).toBe('3,5')
    expect(formatYear(2026)).toBe('2026')
    expect(formatDuration(75)).toBe('1:15')
    expect(formatDuration(3725)).toBe('62:05')
  })
})
