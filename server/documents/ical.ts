// iCalendar (RFC 5545) writing for the calendar files: content lines folded at 75 octets, TEXT escaped, instants
// in UTC, times of day in Europe/Rome with its VTIMEZONE, whole days as VALUE=DATE. Written here rather than with
// the `ics` package, which folds at 75 characters (not octets), cannot name a time zone (UTC or floating only),
// writes its own X-PUBLISHED-TTL and an ORGANIZER without an address.
import { ITALY_TIME_ZONE } from '../../contract/dates.ts'

/** A property: name, value as written (already escaped where TEXT), parameters. */
export type IcalProperty = readonly [name: string, value: string, params?: Readonly<Record<string, string>>]
export type IcalComponent = {
  name: string
  properties: readonly (IcalProperty | null | undefined | false)[]
  components?: readonly IcalComponent[]
}

const utf8 = new TextEncoder()
const MAX_OCTETS = 75

/** One content line, folded so that no line is over 75 octets and no UTF-8 character is split (§3.1). */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = utf8.encode(char).length
    // A continuation line starts with a space, which counts.
    if (octets + size > MAX_OCTETS) {
      parts.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n')
}

/** A TEXT value (§3.3.11): backslash, semicolon, comma and new lines escaped; other control characters dropped. */
export function text(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, '\\n')
  )
}

/** A parameter value (§3.2): quoted when it holds «:;,», never a double quote. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u0008\u000A-\u001F\u007F]/g, '')
  return /[:;,]/.test(clean) ? `"${clean}"` : clean
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** An instant in UTC: 20260328T090000Z (DTSTAMP, CREATED, LAST-MODIFIED). */
export function utc(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  )
}

/** A civil date AAAA-MM-GG as a DATE value: 20260328. */
export function day(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '')
}

/** The day after a civil date (an all-day event's DTEND is exclusive). */
export function dayAfter(iso: string): string {
  const next = new Date(`${iso.slice(0, 10)}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10).replaceAll('-', '')
}

const romeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ITALY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** An instant as the wall-clock time in Rome: 20260328T100000 (written with TZID=Europe/Rome). */
export function romeTime(date: Date): string {
  const parts = Object.fromEntries(romeParts.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`
}

/** Parameters of a DTSTART/DTEND at a time of day in Rome. */
export const ROME = { TZID: ITALY_TIME_ZONE } as const

/**
 * A DTSTART/DTEND value at an instant: the time in Rome with TZID, or in UTC when that Rome time happens twice
 * (02:00–02:59 the night the clocks go back), which RFC 5545 reads as the first and some parsers as the second.
 */
export function romeWhen(date: Date): [value: string, params: Record<string, string>] {
  const local = romeTime(date)
  const twice = [-1, 1].some((hours) => romeTime(new Date(date.getTime() + hours * 60 * 60_000)) === local)
  return twice ? [utc(date), {}] : [local, ROME]
}

/**
 * Europe/Rome as calendars need it to place a time written with TZID=Europe/Rome: CET (UTC+1) and CEST (UTC+2),
 * summer time from the last Sunday of March at 02:00 to the last Sunday of October at 03:00 (the EU rule, in
 * force in Italy since 1996; calendars only apply it to the portal's dates, all later).
 */
export const ROME_VTIMEZONE: IcalComponent = {
  name: 'VTIMEZONE',
  properties: [
    ['TZID', ITALY_TIME_ZONE],
    ['X-LIC-LOCATION', ITALY_TIME_ZONE],
  ],
  components: [
    {
      name: 'DAYLIGHT',
      properties: [
        ['TZOFFSETFROM', '+0100'],
        ['TZOFFSETTO', '+0200'],
        ['TZNAME', 'CEST'],
        ['DTSTART', '19960331T020000'],
        ['RRULE', 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU'],
      ],
    },
    {
      name: 'STANDARD',
      properties: [
        ['TZOFFSETFROM', '+0200'],
        ['TZOFFSETTO', '+0100'],
        ['TZNAME', 'CET'],
        ['DTSTART', '19961027T030000'],
        ['RRULE', 'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU'],
      ],
    },
  ],
}

function lines(component: IcalComponent): string[] {
  const out = [`BEGIN:${component.name}`]
  for (const property of component.properties) {
    if (!property) continue
    const [name, value, params = {}] = property
    const head = [name, ...Object.entries(params).map(([key, v]) => `${key}=${paramValue(v)}`)].join(';')
    out.push(foldLine(`${head}:${value}`))
  }
  for (const child of component.components ?? []) out.push(...lines(child))
  out.push(`END:${component.name}`)
  return out
}

/** The text of a calendar object: CRLF after every line. */
export function serialize(calendar: IcalComponent): string {
  return `${lines(calendar).join('\r\n')}\r\n`
}
