// A strict RFC 5545 check of the calendar files the portal serves, for what calendars refuse or misread: line
// ends and folding, the content-line grammar, components and how often each property may appear, value formats,
// TEXT escaping, time zones (every TZID has a VTIMEZONE whose rules agree with the IANA zone) and event times.
// Returns the problems found, one sentence each: an empty list is a valid file.

export type IcsProperty = { name: string; params: Map<string, string[]>; value: string }
export type IcsComponent = { name: string; properties: IcsProperty[]; components: IcsComponent[] }

/** Properties a component may hold at most once (RFC 5545 §3.6, §3.7; RFC 7986 §5; the X- ones clients read). */
const ONCE: Record<string, readonly string[]> = {
  VCALENDAR: [
    'PRODID',
    'VERSION',
    'CALSCALE',
    'METHOD',
    'UID',
    'LAST-MODIFIED',
    'URL',
    'REFRESH-INTERVAL',
    'SOURCE',
    'COLOR',
    'X-WR-CALNAME',
    'X-WR-CALDESC',
    'X-WR-TIMEZONE',
    'X-PUBLISHED-TTL',
  ],
  VEVENT: [
    'DTSTAMP',
    'UID',
    'DTSTART',
    'CLASS',
    'CREATED',
    'DESCRIPTION',
    'GEO',
    'LAST-MODIFIED',
    'LOCATION',
    'ORGANIZER',
    'PRIORITY',
    'SEQUENCE',
    'STATUS',
    'SUMMARY',
    'TRANSP',
    'URL',
    'RECURRENCE-ID',
    'DTEND',
    'DURATION',
    'COLOR',
    'X-MICROSOFT-CDO-BUSYSTATUS',
  ],
  VTIMEZONE: ['TZID', 'LAST-MODIFIED', 'TZURL'],
  STANDARD: ['DTSTART', 'TZOFFSETTO', 'TZOFFSETFROM', 'RRULE'],
  DAYLIGHT: ['DTSTART', 'TZOFFSETTO', 'TZOFFSETFROM', 'RRULE'],
}
const REQUIRED: Record<string, readonly string[]> = {
  VCALENDAR: ['PRODID', 'VERSION'],
  VEVENT: ['DTSTAMP', 'UID', 'DTSTART'],
  VTIMEZONE: ['TZID'],
  STANDARD: ['DTSTART', 'TZOFFSETTO', 'TZOFFSETFROM'],
  DAYLIGHT: ['DTSTART', 'TZOFFSETTO', 'TZOFFSETFROM'],
}
/** Single TEXT values: a comma or semicolon in them must be escaped. */
const TEXT = new Set([
  'SUMMARY',
  'DESCRIPTION',
  'LOCATION',
  'COMMENT',
  'CONTACT',
  'TZNAME',
  'X-WR-CALNAME',
  'X-WR-CALDESC',
])
/** Lists of TEXT, separated by commas. */
const TEXT_LIST = new Set(['CATEGORIES', 'RESOURCES'])
const UTC_ONLY = new Set(['DTSTAMP', 'CREATED', 'LAST-MODIFIED'])
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/
const UTC_STAMP = /^\d{8}T\d{6}Z$/

const utf8 = new TextEncoder()

/** The problems of an iCalendar text; also returns the components it could read. */
export function checkIcs(text: string): { problems: string[]; calendar: IcsComponent | undefined } {
  const problems: string[] = []
  const lines = physicalLines(text, problems)
  const logical = unfold(lines, problems)
  const properties: (IcsProperty & { line: number })[] = []
  for (const { text: line, at } of logical) {
    const parsed = parseContentLine(line)
    if (typeof parsed === 'string') problems.push(`riga ${at}: ${parsed}`)
    else properties.push({ ...parsed, line: at })
  }
  const calendar = buildTree(properties, problems)
  if (calendar) checkCalendar(calendar, problems)
  return { problems, calendar }
}

/** Just the problems. */
export function rfc5545Problems(text: string): string[] {
  return checkIcs(text).problems
}

// ---- lines ---------------------------------------------------------------------------------------------

function physicalLines(text: string, problems: string[]): string[] {
  if (text.includes('\uFFFD')) problems.push('contiene U+FFFD: una piegatura ha spezzato un carattere UTF-8')
  if (!text.endsWith('\r\n')) problems.push("l'ultima riga non termina con CRLF")
  const lines = text.split('\r\n')
  if (lines.at(-1) === '') lines.pop()
  lines.forEach((line, i) => {
    if (/[\r\n]/.test(line))
      problems.push(`riga ${i + 1}: CR o LF senza l'altro (le righe finiscono con CRLF)`)
    const octets = utf8.encode(line).length
    if (octets > 75) problems.push(`riga ${i + 1}: ${octets} ottetti, oltre 75 senza piegatura`)
    if (line === '') problems.push(`riga ${i + 1}: riga vuota`)
  })
  return lines
}

function unfold(lines: string[], problems: string[]): { text: string; at: number }[] {
  const logical: { text: string; at: number }[] = []
  lines.forEach((line, i) => {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      const last = logical.at(-1)
      if (!last) problems.push(`riga ${i + 1}: continuazione senza una riga prima`)
      else last.text += line.slice(1)
    } else logical.push({ text: line, at: i + 1 })
  })
  return logical
}

/** name *(";" param) ":" value (RFC 5545 §3.1). */
function parseContentLine(line: string): IcsProperty | string {
  const nameMatch = /^[A-Za-z0-9-]+/.exec(line)
  if (!nameMatch) return `nome di proprietà non valido in «${line.slice(0, 30)}»`
  const name = nameMatch[0].toUpperCase()
  let at = nameMatch[0].length
  const params = new Map<string, string[]>()
  while (line[at] === ';') {
    const paramName = /^[A-Za-z0-9-]+/.exec(line.slice(at + 1))
    if (!paramName || line[at + 1 + paramName[0].length] !== '=')
      return `${name}: parametro non valido («${line.slice(at, at + 20)}»)`
    at += 1 + paramName[0].length + 1
    const values: string[] = []
    for (;;) {
      if (line[at] === '"') {
        const end = line.indexOf('"', at + 1)
        if (end === -1) return `${name}: virgolette del parametro non chiuse`
        values.push(line.slice(at + 1, end))
        at = end + 1
      } else {
        const plain = /^[^";:,]*/.exec(line.slice(at))![0]
        values.push(plain)
        at += plain.length
      }
      if (line[at] !== ',') break
      at++
    }
    const key = paramName[0].toUpperCase()
    if (params.has(key)) return `${name}: parametro ${key} ripetuto`
    params.set(key, values)
  }
  if (line[at] !== ':')
    return `${name}: manca «:» prima del valore (un parametro con «:;,» va tra virgolette)`
  const value = line.slice(at + 1)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(value)) return `${name}: carattere di controllo nel valore`
  return { name, params, value }
}

function buildTree(properties: (IcsProperty & { line: number })[], problems: string[]) {
  const stack: IcsComponent[] = []
  let root: IcsComponent | undefined
  for (const property of properties) {
    const top = stack.at(-1)
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value.toUpperCase(), properties: [], components: [] }
      if (top) top.components.push(component)
      else if (root) problems.push(`riga ${property.line}: un secondo componente dopo END:VCALENDAR`)
      else root = component
      stack.push(component)
    } else if (property.name === 'END') {
      if (!top || top.name !== property.value.toUpperCase())
        problems.push(`riga ${property.line}: END:${property.value} non chiude ${top?.name ?? 'nulla'}`)
      else stack.pop()
    } else if (!top) problems.push(`riga ${property.line}: ${property.name} fuori da ogni componente`)
    else top.properties.push(property)
  }
  if (stack.length > 0) problems.push(`${stack.map((c) => c.name).join(', ')} senza END`)
  if (!root) problems.push('nessun BEGIN:VCALENDAR')
  else if (root.name !== 'VCALENDAR') problems.push(`il file inizia con ${root.name}, non VCALENDAR`)
  return root?.name === 'VCALENDAR' ? root : undefined
}

// ---- components ----------------------------------------------------------------------------------------

const values = (c: IcsComponent, name: string) => c.properties.filter((p) => p.name === name)
const first = (c: IcsComponent, name: string) => values(c, name)[0]

function checkCardinality(c: IcsComponent, where: string, problems: string[]) {
  for (const name of ONCE[c.name] ?? []) {
    const n = values(c, name).length
    if (n > 1) problems.push(`${where}: ${name} compare ${n} volte (al più una)`)
  }
  for (const name of REQUIRED[c.name] ?? []) {
    if (values(c, name).length === 0) problems.push(`${where}: manca ${name}`)
  }
}

function checkValues(c: IcsComponent, where: string, problems: string[]) {
  for (const p of c.properties) {
    if (TEXT.has(p.name) || TEXT_LIST.has(p.name)) {
      const rest = p.value.replace(/\\[\\;,nN]/g, '')
      if (rest.includes('\\')) problems.push(`${where}: ${p.name} ha una sequenza di escape non valida`)
      if (rest.includes(';')) problems.push(`${where}: ${p.name} ha un «;» senza escape`)
      if (TEXT.has(p.name) && rest.includes(',')) problems.push(`${where}: ${p.name} ha una «,» senza escape`)
    }
    if (UTC_ONLY.has(p.name) && !UTC_STAMP.test(p.value))
      problems.push(`${where}: ${p.name} non è un istante UTC (AAAAMMGGTHHMMSSZ): «${p.value}»`)
    if ((p.name === 'ORGANIZER' || p.name === 'ATTENDEE' || p.name === 'URL') && !URI.test(p.value))
      problems.push(`${where}: ${p.name} senza un indirizzo (URI) come valore: «${p.value}»`)
    if (p.name === 'GEO' && !/^[+-]?\d+(\.\d+)?;[+-]?\d+(\.\d+)?$/.test(p.value))
      problems.push(`${where}: GEO non è «latitudine;longitudine»`)
    if (p.name === 'SEQUENCE' && !/^\d+$/.test(p.value)) problems.push(`${where}: SEQUENCE non è un intero`)
    if (p.name === 'TRANSP' && !['OPAQUE', 'TRANSPARENT'].includes(p.value))
      problems.push(`${where}: TRANSP «${p.value}»`)
    if (
      c.name === 'VEVENT' &&
      p.name === 'STATUS' &&
      !['TENTATIVE', 'CONFIRMED', 'CANCELLED'].includes(p.value)
    )
      problems.push(`${where}: STATUS «${p.value}» non è di un evento`)
  }
}

function checkCalendar(calendar: IcsComponent, problems: string[]) {
  checkCardinality(calendar, 'VCALENDAR', problems)
  checkValues(calendar, 'VCALENDAR', problems)
  const version = first(calendar, 'VERSION')
  if (version && version.value !== '2.0') problems.push(`VERSION è ${version.value}, non 2.0`)
  const calscale = first(calendar, 'CALSCALE')
  if (calscale && calscale.value !== 'GREGORIAN') problems.push(`CALSCALE ${calscale.value}`)
  if (calendar.components.length === 0)
    problems.push('VCALENDAR senza componenti (ne serve almeno uno, RFC 5545 §3.4)')

  const zones = new Map<string, IcsComponent>()
  for (const zone of calendar.components.filter((c) => c.name === 'VTIMEZONE')) {
    checkTimezone(zone, problems)
    const tzid = first(zone, 'TZID')?.value
    if (tzid) {
      if (zones.has(tzid)) problems.push(`VTIMEZONE ${tzid} ripetuto`)
      zones.set(tzid, zone)
    }
  }

  const uids = new Set<string>()
  calendar.components
    .filter((c) => c.name === 'VEVENT')
    .forEach((event, i) => {
      const uid = first(event, 'UID')?.value ?? ''
      const where = `VEVENT ${i + 1}${uid ? ` (${uid})` : ''}`
      checkCardinality(event, where, problems)
      checkValues(event, where, problems)
      if (uid === '' && first(event, 'UID')) problems.push(`${where}: UID vuoto`)
      if (uid && uids.has(uid)) problems.push(`${where}: UID ripetuto nel file`)
      uids.add(uid)
      checkEventTimes(event, where, zones, problems)
    })
  for (const c of calendar.components) {
    if (
      !['VEVENT', 'VTIMEZONE', 'VTODO', 'VJOURNAL', 'VFREEBUSY'].includes(c.name) &&
      !c.name.startsWith('X-')
    )
      problems.push(`componente sconosciuto ${c.name}`)
  }
}

// ---- dates and times -----------------------------------------------------------------------------------

type When = { kind: 'date'; day: string } | { kind: 'date-time'; instant: number; local: string }

function validDay(day: string): boolean {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(4, 6)), Number(day.slice(6, 8))]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function readWhen(
  p: IcsProperty,
  where: string,
  zones: Map<string, IcsComponent>,
  problems: string[],
): When | undefined {
  const type = p.params.get('VALUE')?.[0]?.toUpperCase() ?? 'DATE-TIME'
  const tzid = p.params.get('TZID')?.[0]
  if (type === 'DATE') {
    if (!/^\d{8}$/.test(p.value) || !validDay(p.value)) {
      problems.push(`${where}: ${p.name};VALUE=DATE «${p.value}» non è una data`)
      return undefined
    }
    if (tzid) problems.push(`${where}: ${p.name} è una data con TZID`)
    return { kind: 'date', day: p.value }
  }
  if (type !== 'DATE-TIME') {
    problems.push(`${where}: ${p.name} con VALUE=${type}`)
    return undefined
  }
  const match = /^(\d{8})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(p.value)
  if (!match || !validDay(match[1]!)) {
    problems.push(`${where}: ${p.name} «${p.value}» non è data e ora (una data intera vuole VALUE=DATE)`)
    return undefined
  }
  const local = p.value.replace('Z', '')
  if (match[5]) {
    if (tzid) problems.push(`${where}: ${p.name} in UTC con TZID`)
    return { kind: 'date-time', instant: localMillis(local), local }
  }
  if (!tzid) {
    problems.push(
      `${where}: ${p.name} «${p.value}» senza fuso (ora «fluttuante»: ogni telefono la legge a modo suo)`,
    )
    return undefined
  }
  const zone = zones.get(tzid)
  if (!zone) {
    problems.push(`${where}: TZID=${tzid} senza il suo VTIMEZONE`)
    return undefined
  }
  const instants = resolveLocal(zone, local)
  const instant = instants[0]
  if (instant === undefined) {
    problems.push(`${where}: ${p.name} ${local} non esiste in ${tzid} (ora saltata dal cambio d'ora)`)
    return undefined
  }
  // RFC 5545 means the first; some parsers (node-ical) take the second: only UTC is read the same by all.
  if (instants.length > 1)
    problems.push(
      `${where}: ${p.name} ${local} capita due volte in ${tzid} (cambio d'ora): va scritta in UTC`,
    )
  const iana = ianaOffsetMinutes(tzid, instant)
  const offset = (localMillis(local) - instant) / 60_000
  if (iana !== undefined && iana !== offset)
    problems.push(
      `${where}: ${p.name} ${local} ${tzid}: il VTIMEZONE dà UTC${fmtOffset(offset)}, il fuso vero UTC${fmtOffset(iana)}`,
    )
  return { kind: 'date-time', instant, local }
}

function checkEventTimes(
  event: IcsComponent,
  where: string,
  zones: Map<string, IcsComponent>,
  problems: string[],
) {
  const startProp = first(event, 'DTSTART')
  const endProp = first(event, 'DTEND')
  if (endProp && first(event, 'DURATION')) problems.push(`${where}: DTEND e DURATION insieme`)
  const start = startProp && readWhen(startProp, where, zones, problems)
  const end = endProp && readWhen(endProp, where, zones, problems)
  for (const name of ['RECURRENCE-ID', 'EXDATE', 'RDATE']) {
    for (const p of values(event, name)) readWhen(p, where, zones, problems)
  }
  if (!start || !end) return
  if (start.kind !== end.kind) {
    problems.push(`${where}: DTSTART e DTEND di tipo diverso (data e data e ora)`)
    return
  }
  const after =
    start.kind === 'date'
      ? end.kind === 'date' && end.day > start.day
      : end.kind !== 'date' && end.instant > start.instant
  if (!after) problems.push(`${where}: DTEND non è dopo DTSTART`)
}

/** Milliseconds of a local YYYYMMDDTHHMMSS read as if it were UTC. */
function localMillis(local: string): number {
  return Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(4, 6)) - 1,
    Number(local.slice(6, 8)),
    Number(local.slice(9, 11)),
    Number(local.slice(11, 13)),
    Number(local.slice(13, 15)),
  )
}

function offsetMinutes(value: string): number | undefined {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(value)
  if (!m) return undefined
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

const fmtOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`

function checkTimezone(zone: IcsComponent, problems: string[]) {
  const where = `VTIMEZONE ${first(zone, 'TZID')?.value ?? '?'}`
  checkCardinality(zone, where, problems)
  const observances = zone.components.filter((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT')
  if (observances.length === 0) problems.push(`${where}: né STANDARD né DAYLIGHT`)
  for (const o of observances) {
    checkCardinality(o, `${where} ${o.name}`, problems)
    checkValues(o, `${where} ${o.name}`, problems)
    for (const name of ['TZOFFSETFROM', 'TZOFFSETTO']) {
      const p = first(o, name)
      if (p && offsetMinutes(p.value) === undefined) problems.push(`${where} ${o.name}: ${name} «${p.value}»`)
    }
    const start = first(o, 'DTSTART')
    if (start && !/^\d{8}T\d{6}$/.test(start.value))
      problems.push(`${where} ${o.name}: DTSTART dev'essere un'ora locale senza Z`)
    const rule = first(o, 'RRULE')
    if (rule && !parseYearlyRule(rule.value))
      problems.push(`${where} ${o.name}: RRULE «${rule.value}» che questo controllo non sa leggere`)
  }
}

type YearlyRule = { month: number; nth: number; weekday: number; until?: number }
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']

/** FREQ=YEARLY;BYMONTH=m;BYDAY=±nDD[;UNTIL=…]: the only form time zones need. */
function parseYearlyRule(value: string): YearlyRule | undefined {
  const parts = new Map(value.split(';').map((kv) => kv.split('=') as [string, string]))
  if (parts.get('FREQ') !== 'YEARLY') return undefined
  const month = Number(parts.get('BYMONTH'))
  const day = /^([+-]?\d)(SU|MO|TU|WE|TH|FR|SA)$/.exec(parts.get('BYDAY') ?? '')
  if (!Number.isInteger(month) || month < 1 || month > 12 || !day) return undefined
  for (const key of parts.keys()) if (!['FREQ', 'BYMONTH', 'BYDAY', 'UNTIL'].includes(key)) return undefined
  const until = parts.get('UNTIL')
  return {
    month,
    nth: Number(day[1]),
    weekday: WEEKDAYS.indexOf(day[2]!),
    ...(until ? { until: localMillis(until.replace('Z', '')) } : {}),
  }
}

/** The day of the month of the nth (negative: from the end) weekday. */
function nthWeekday(year: number, month: number, nth: number, weekday: number): number {
  if (nth > 0) {
    const firstDay = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
    return 1 + ((weekday - firstDay + 7) % 7) + (nth - 1) * 7
  }
  const last = new Date(Date.UTC(year, month, 0))
  return last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7) + (nth + 1) * 7
}

/** Every onset of the zone's observances around a year, as UTC instants with the offset they bring. */
function onsets(zone: IcsComponent, year: number): { instant: number; offset: number }[] {
  const list: { instant: number; offset: number }[] = []
  for (const o of zone.components.filter((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT')) {
    const start = first(o, 'DTSTART')?.value
    const from = offsetMinutes(first(o, 'TZOFFSETFROM')?.value ?? '')
    const to = offsetMinutes(first(o, 'TZOFFSETTO')?.value ?? '')
    if (!start || from === undefined || to === undefined) continue
    const startLocal = localMillis(start)
    const time = start.slice(9)
    list.push({ instant: startLocal - from * 60_000, offset: to })
    const rule = first(o, 'RRULE')
    const yearly = rule && parseYearlyRule(rule.value)
    if (!yearly) continue
    for (let y = year - 1; y <= year + 1; y++) {
      const day = nthWeekday(y, yearly.month, yearly.nth, yearly.weekday)
      const local = localMillis(
        `${y}${String(yearly.month).padStart(2, '0')}${String(day).padStart(2, '0')}T${time}`,
      )
      if (local < startLocal || (yearly.until !== undefined && local > yearly.until)) continue
      list.push({ instant: local - from * 60_000, offset: to })
    }
  }
  return list.sort((a, b) => a.instant - b.instant)
}

/** The UTC instants of a local time of the zone: none in the spring gap, two in the autumn hour. */
function resolveLocal(zone: IcsComponent, local: string): number[] {
  const asUtc = localMillis(local)
  const all = onsets(zone, Number(local.slice(0, 4)))
  const offsetAt = (instant: number) => all.filter((o) => o.instant <= instant).at(-1)?.offset
  const candidates = [...new Set(all.map((o) => o.offset))]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => offsetAt(instant) === (asUtc - instant) / 60_000)
    .sort((a, b) => a - b)
  return candidates
}

/** The real offset of an IANA zone at an instant, from the runtime's time zone data. */
function ianaOffsetMinutes(tzid: string, instant: number): number | undefined {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: tzid, timeZoneName: 'longOffset' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value
    if (name === 'GMT') return 0
    const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '')
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : undefined
  } catch {
    return undefined
  }
}
