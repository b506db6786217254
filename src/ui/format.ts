// Every date and number the portal shows, written one way: Intl with the it-IT locale, in Italy's time zone.
// Italian rules on top of Intl: the first of the month is «1°», and a preposition elides before 8 and 11
// («dall’8 dic»); a date or a range shows its year when it is not this year or when the range crosses years; a
// time reads «alle 12:00» («all’1:30»), never «ore 12:00» or «12.00».
// The grammar rules live in contract/date-words.ts so the server's PDFs follow them too.
import {
  atTime,
  dayOfMonth,
  type Preposition,
  timeOfDay,
  withPreposition,
} from '../../contract/date-words.ts'
import { ITALY_TIME_ZONE, currentSeason, todayInItaly } from '../../contract/dates.ts'

/**
 * A date as the API sends it: a civil date `AAAA-MM-GG` (a tournament's days, a card's validity), an ISO instant
 * `2026-03-12T09:30:00Z` (a news item's publication), or a `Date`.
 */
export type DateInput = string | Date

/** Month names: 'short' → «dic», 'long' → «dicembre». */
export type MonthStyle = 'short' | 'long'

/**
 * When the year is written: 'always'; 'auto' only when the date is not in this year (or a range crosses years);
 * 'never'. A range that crosses years always shows both years, whatever this says.
 */
export type YearStyle = 'always' | 'auto' | 'never'

export type DateOptions = {
  /** 'long' unless said otherwise (see each function). */
  month?: MonthStyle
  year?: YearStyle
  /** The weekday before the day: `true` or 'long' → «sabato 12 dicembre», 'short' → «sab 12 dic». */
  weekday?: boolean | 'long' | 'short'
  /** The clock that says which year is "this year" (tests pass a fixed one). */
  now?: Date
}

const CIVIL_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The instant to format. A civil date becomes noon UTC of that day, which is the same day in Rome in winter and in
 * summer, so no time zone moves it to the day before.
 */
export function toDate(input: DateInput): Date {
  if (input instanceof Date) return input
  return new Date(CIVIL_DATE.test(input) ? `${input}T12:00:00Z` : input)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** An it-IT formatter in Italy's time zone, made once per set of options. */
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat('it-IT', { ...options, timeZone: ITALY_TIME_ZONE })
    formatters.set(key, made)
  }
  return made
}

/** Formats with Intl, then writes the first of the month as «1°» (Intl has no ordinal days). */
function render(date: Date, options: Intl.DateTimeFormatOptions): string {
  return formatter(options)
    .formatToParts(date)
    .map((part) => (part.type === 'day' ? dayOfMonth(Number(part.value)) : part.value))
    .join('')
}

const yearOf = (date: Date) => todayInItaly(date).slice(0, 4)
const isThisYear = (date: Date, now: Date) => Number(yearOf(date)) === currentSeason(now)

function showsYear(style: YearStyle, dates: readonly Date[], now: Date): boolean {
  if (dates.some((date) => yearOf(date) !== yearOf(dates[0]!))) return true
  if (style === 'always') return true
  if (style === 'never') return false
  return !dates.every((date) => isThisYear(date, now))
}

function dateOptions(
  month: MonthStyle,
  year: boolean,
  weekday: DateOptions['weekday'] = false,
): Intl.DateTimeFormatOptions {
  return {
    ...(weekday ? { weekday: weekday === 'short' ? 'short' : 'long' } : {}),
    day: 'numeric',
    month,
    ...(year ? { year: 'numeric' } : {}),
  }
}

/**
 * A date with its year by default: «1° marzo 2026», «12 dic 2026» with `{ month: 'short' }`,
 * «sabato 12 dicembre» with `{ weekday: true, year: 'auto' }` in 2026.
 */
export function formatDate(input: DateInput, options: DateOptions = {}): string {
  const date = toDate(input)
  const { month = 'long', year = 'always', weekday = false, now = new Date() } = options
  return render(date, dateOptions(month, showsYear(year, [date], now), weekday))
}

/**
 * Day and month, the year only when it is not this year: «8 dic», «1° gennaio» (`{ month: 'long' }`),
 * «8 dic 2027» next year. Short months by default: the form for cards and lists.
 */
export function formatDayMonth(input: DateInput, options: DateOptions = {}): string {
  return formatDate(input, { month: 'short', year: 'auto', ...options })
}

/** Date and time, the portal's one time style: «12 marzo 2026 alle 10:30», «1° marzo 2026 alle 9:05». */
export function formatDateTime(input: DateInput): string {
  const date = toDate(input)
  return `${formatDate(date)} ${atTime(timeOfDay(date))}`
}

/**
 * Date and time after a preposition, with the Italian elision: «il 12 marzo 2026 alle 10:30», «l’8 marzo 2026 alle
 * 9:05», «dall’11 maggio 2026 alle 12:00».
 */
export function formatDateTimeWith(preposition: Preposition, input: DateInput): string {
  return withPreposition(preposition, formatDateTime(input))
}

/** Day, short month and time, for schedules: «28 apr alle 12:00», «1° mag alle 9:30» (the year when not this one). */
export function formatShortDateTime(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input)
  return `${formatDayMonth(date, { now })} ${atTime(timeOfDay(date))}`
}

/** The time of day in Italy, for a column of times: «10:30», «9:05». In a sentence, {@link formatDateTime}. */
export function formatTime(input: DateInput): string {
  return timeOfDay(toDate(input))
}

/** A month and its year: «novembre 2026» (calendar headings). `{ month: 'short' }` → «nov 2026». */
export function formatMonthYear(input: DateInput, options: Pick<DateOptions, 'month'> = {}): string {
  return formatter({ month: options.month ?? 'long', year: 'numeric' }).format(toDate(input))
}

/**
 * A range of days, compact, for cards and tables (short months by default):
 * «8–12 dic» in one month, «28 nov – 2 dic» across months, «12 dic» for one day; the year is written when the
 * range is not in this year («8–12 dic 2027») and on both ends when it crosses years
 * («19 ott 2026 – 1° feb 2027»). A range given backwards is read forwards.
 */
export function formatDateRange(from: DateInput, to: DateInput, options: DateOptions = {}): string {
  const { month = 'short', year = 'auto', now = new Date() } = options
  let [start, end] = [toDate(from), toDate(to)]
  if (end < start) [start, end] = [end, start]
  const [startDay, endDay] = [todayInItaly(start), todayInItaly(end)]
  const withYear = showsYear(year, [start, end], now)
  if (startDay === endDay) return render(start, dateOptions(month, withYear))
  if (startDay.slice(0, 4) !== endDay.slice(0, 4)) {
    return `${render(start, dateOptions(month, true))} – ${render(end, dateOptions(month, true))}`
  }
  const last = render(end, dateOptions(month, withYear))
  if (startDay.slice(0, 7) === endDay.slice(0, 7)) return `${dayOfMonth(Number(startDay.slice(8)))}–${last}`
  return `${render(start, dateOptions(month, false))} – ${last}`
}

/**
 * A date after a preposition, with the Italian elision: `formatDateWith('dal', '2026-12-08')` → «dall’8 dicembre»,
 * `('dal', '2027-01-01')` → «dal 1° gennaio 2027», `('al', …)` → «all’11 marzo», `('il', …)` → «l’8 dicembre».
 * Long months and the year only when not this year, by default.
 */
export function formatDateWith(
  preposition: Preposition,
  input: DateInput,
  options: DateOptions = {},
): string {
  return withPreposition(preposition, formatDate(input, { year: 'auto', ...options }))
}

/**
 * A span in words, for sentences (long months by default): «dall’8 al 12 dicembre», «dal 1° all’11 marzo»,
 * «dal 28 novembre al 2 dicembre», «dal 19 ottobre 2026 al 1° febbraio 2027», «il 12 dicembre» for one day.
 * The year as in {@link formatDateRange}.
 */
export function formatPeriod(from: DateInput, to: DateInput, options: DateOptions = {}): string {
  const { month = 'long', year = 'auto', now = new Date() } = options
  let [start, end] = [toDate(from), toDate(to)]
  if (end < start) [start, end] = [end, start]
  const [startDay, endDay] = [todayInItaly(start), todayInItaly(end)]
  const withYear = showsYear(year, [start, end], now)
  if (startDay === endDay) return withPreposition('il', render(start, dateOptions(month, withYear)))
  const crossesYears = startDay.slice(0, 4) !== endDay.slice(0, 4)
  const first =
    startDay.slice(0, 7) === endDay.slice(0, 7)
      ? dayOfMonth(Number(startDay.slice(8)))
      : render(start, dateOptions(month, crossesYears))
  return `${withPreposition('dal', first)} ${withPreposition('al', render(end, dateOptions(month, withYear)))}`
}

const DAY_MS = 86_400_000
const civilDays = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)))

/** Days from `now`'s day to the date's day, in Italy's calendar (negative in the past). */
export function daysFromToday(input: DateInput, now: Date = new Date()): number {
  return Math.round((civilDays(todayInItaly(toDate(input))) - civilDays(todayInItaly(now))) / DAY_MS)
}

const relative = new Intl.RelativeTimeFormat('it-IT', { numeric: 'auto' })

/**
 * A day said relative to today within a week: «oggi», «ieri», «domani», «l’altro ieri», «dopodomani»,
 * «tra 3 giorni», «5 giorni fa»; further away, the date itself («12 marzo», «12 marzo 2025»).
 */
export function formatRelativeDay(input: DateInput, now: Date = new Date()): string {
  const days = daysFromToday(input, now)
  if (Math.abs(days) <= 6) return relative.format(days, 'day')
  return formatDate(input, { year: 'auto', now })
}

/**
 * An instant said relative to now, for comments and messages: «ora» within a minute, «5 minuti fa»,
 * «tra 10 minuti», «3 ore fa» on the same day, then as {@link formatRelativeDay} («ieri», «4 giorni fa»,
 * «12 marzo»).
 */
export function formatRelativeTime(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input)
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  if (Math.abs(seconds) < 60) return 'ora'
  if (Math.abs(seconds) < 3600) return relative.format(Math.trunc(seconds / 60), 'minute')
  if (daysFromToday(date, now) === 0) return relative.format(Math.trunc(seconds / 3600), 'hour')
  return formatRelativeDay(date, now)
}

const numbers = new Intl.NumberFormat('it-IT')

/** A count or an amount: 12.480, 3,5. */
export const formatNumber = (n: number) => numbers.format(n)

const years = new Intl.NumberFormat('it-IT', { useGrouping: false })

/** A year or a season: 2026, never «2.026». */
export const formatYear = (year: number) => years.format(year)

/** A duration in seconds as minutes and seconds: 75 → «1:15», 3725 → «62:05». */
export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`
