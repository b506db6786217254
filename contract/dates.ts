// The federation's calendar is Italy's: a day and a season change at midnight in Rome, whatever the zone of the
// clock that asks (a server in UTC, a browser abroad). Shared by the client and the server.

export const ITALY_TIME_ZONE = 'Europe/Rome'

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: ITALY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today in Italy as AAAA-MM-GG (a civil date: birth dates, card validity, the calendar's "today"). */
export function todayInItaly(now: Date = new Date()): string {
  return isoDay.format(now)
}

/** The season: the calendar year in Italy (cards run from 1 January to 31 December). */
export function currentSeason(now: Date = new Date()): number {
  return Number(todayInItaly(now).slice(0, 4))
}
