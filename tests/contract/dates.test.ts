// Italy's calendar whatever the clock's zone: the day and the season turn at midnight in Rome, not in UTC.
import { describe, expect, it } from 'vitest'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'

describe('todayInItaly and currentSeason', () => {
  it('turn the year at midnight in Rome (UTC+1 in winter), an hour before UTC does', () => {
    const lastSecond = new Date('2025-12-31T22:59:59Z') // 23:59:59 in Rome
    const newYear = new Date('2025-12-31T23:00:00Z') // 00:00 in Rome
    const stillOldYearInUtc = new Date('2025-12-31T23:30:00Z')
    expect(todayInItaly(lastSecond)).toBe('2025-12-31')
    expect(currentSeason(lastSecond)).toBe(2025)
    expect(todayInItaly(newYear)).toBe('2026-01-01')
    expect(currentSeason(newYear)).toBe(2026)
    expect(stillOldYearInUtc.getUTCFullYear()).toBe(2025)
    expect(currentSeason(stillOldYearInUtc)).toBe(2026)
  })

  it('follow summer time (UTC+2)', () => {
    expect(todayInItaly(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30')
    expect(todayInItaly(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01')
  })

  it('write the day as AAAA-MM-GG with leading zeros', () => {
    expect(todayInItaly(new Date('2026-03-05T10:00:00Z'))).toBe('2026-03-05')
  })
})
