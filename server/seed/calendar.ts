// The Italian sporting calendar the generator names tournaments by: Easter (Gregorian computus), the feasts and
// the astronomical seasons. A "Torneo di Pasqua" is played around Easter, a "Torneo d'Estate" in summer.
import { addDays } from './shared.ts'

/** Easter Sunday of a Gregorian year, as AAAA-MM-GG (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The seasonal words a tournament's name may carry, as the name writes them ("Torneo di Pasqua"). */
export const SEASONS = [
  'Primavera',
  'Estate',
  'Autunno',
  'Inverno',
  'Natale',
  'Pasqua',
  'Ferragosto',
  'Carnevale',
] as const
export type Season = (typeof SEASONS)[number]

/** The days (first and last included) a season word covers around `year`: windows may cross New Year. */
export function seasonWindows(season: Season, year: number): { from: string; to: string }[] {
  const easter = (y: number) => easterSunday(y)
  switch (season) {
    case 'Primavera':
      return [{ from: `${year}-03-21`, to: `${year}-06-20` }]
    case 'Estate':
      return [{ from: `${year}-06-21`, to: `${year}-09-22` }]
    case 'Autunno':
      return [{ from: `${year}-09-23`, to: `${year}-12-20` }]
    case 'Inverno':
      return [
        { from: `${year - 1}-12-21`, to: `${year}-03-20` },
        { from: `${year}-12-21`, to: `${year + 1}-03-20` },
      ]
    case 'Natale':
      // From the Immacolata to the Epifania.
      return [
        { from: `${year - 1}-12-08`, to: `${year}-01-06` },
        { from: `${year}-12-08`, to: `${year + 1}-01-06` },
      ]
    case 'Pasqua':
      // Holy week and the week after Easter Monday.
      return [{ from: addDays(easter(year), -7), to: addDays(easter(year), 8) }]
    case 'Ferragosto':
      return [{ from: `${year}-08-08`, to: `${year}-08-22` }]
    case 'Carnevale':
      // The last three weeks before Ash Wednesday (46 days before Easter), Martedì grasso included.
      return [{ from: addDays(easter(year), -67), to: addDays(easter(year), -47) }]
  }
}

/** True when every day from `from` to `to` lies within one of the season's windows. */
export function withinSeason(season: Season, from: string, to: string): boolean {
  const year = Number(from.slice(0, 4))
  return seasonWindows(season, year).some((w) => w.from <= from && to <= w.to)
}

/** The seasons a tournament from `from` to `to` may be named after. */
export function seasonsFor(from: string, to: string): Season[] {
  return SEASONS.filter((s) => withinSeason(s, from, to))
}

/** "Torneo di Natale", "Torneo d'Estate": the preposition elides before a vowel. */
export function seasonalName(season: Season): string {
  return /^[AEIOU]/.test(season) ? `Torneo d’${season}` : `Torneo di ${season}`
}

/** The season a name is named after ("Torneo d’Estate" → 'Estate'; "Memorial Natale" is a surname, not a feast). */
export function seasonInName(name: string): Season | undefined {
  return SEASONS.find((s) => new RegExp(`(?:\\bdi |\\bd[’'])${s}\\b`).test(name))
}
