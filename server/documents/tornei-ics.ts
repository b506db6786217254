// Calendar files (RFC 5545, with the `ics` package): one tournament, a filtered calendar, a player's enrolments.
// Every tournament is the same event everywhere (UID by id); SEQUENCE and LAST-MODIFIED come from the database
// (bumped by a trigger when dates, name, club or status change), so subscribed calendars replace their copy.
import { createEvents, type DateArray, type EventAttributes } from 'ics'
import { createHash } from 'node:crypto'
import { categoryLabel } from '../../contract/constants.ts'
import { STATO_NOMI } from '../../contract/torneo.ts'
import type { CalendarTournament } from '../repositories/tournament-detail.ts'
import { FEDERATION, PORTAL } from './pdf.ts'

export const ICS_TYPE = 'text/calendar; charset=utf-8'
const PRODUCT_ID = '-//Federazione Italiana Sport di Racchetta//Portale Federale Racchette//IT'
/** How often a subscribed calendar should look again (Google and Apple honour one or the other). */
const REFRESH = 'PT6H'

/** The event's UID: the same for the single file and every feed, so a calendar never holds it twice. */
export const tournamentUid = (id: number) => `torneo-${id}@portale-federale-racchette.it`

const civil = (iso: string): DateArray => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return [y, m, d]
}
/** The day after (DTEND of an all-day event is exclusive). */
const dayAfter = (iso: string): DateArray => {
  const next = new Date(`${iso}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()]
}

export type IcsOptions = {
  /** The portal's origin, for each event's URL: https://host. */
  origin: string
  /** The calendar's name shown by the phone (X-WR-CALNAME). */
  calName: string
  /** Page path of a tournament. */
  pagePath: (id: number) => string
}

function eventOf(t: CalendarTournament & { in_attesa?: boolean }, options: IcsOptions): EventAttributes {
  const place = t.circolo
    ? [
        t.circolo,
        t.indirizzo,
        [t.cap, t.comune].filter(Boolean).join(' '),
        t.provincia ? `(${t.provincia})` : null,
      ]
        .filter(Boolean)
        .join(', ')
    : undefined
  const url = `${options.origin}${options.pagePath(t.id)}`
  const categoria = categoryLabel(t.categoria)
  const lines = [
    `${t.specialita === 'doppio' ? 'Doppio' : 'Singolare'} · ${categoria} · ${STATO_NOMI[t.stato] ?? t.stato}`,
    ...(t.in_attesa ? ['Sei in lista d’attesa.'] : []),
    ...(t.descrizione ? [t.descrizione] : []),
    `Dettagli, iscritti e tabellone: ${url}`,
  ]
  const modified = t.aggiornato_il.getTime()
  const event: EventAttributes & { timestamp: number } = {
    uid: tournamentUid(t.id),
    sequence: t.sequenza,
    start: civil(t.data_inizio),
    end: dayAfter(t.data_fine),
    title: `${t.in_attesa ? '(lista d’attesa) ' : ''}${t.nome}`,
    description: lines.join('\n'),
    url,
    status: t.stato === 'annullato' ? 'CANCELLED' : t.stato === 'programmato' ? 'TENTATIVE' : 'CONFIRMED',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    categories: ['Torneo', categoria],
    created: t.creato_il.getTime(),
    lastModified: modified,
    // DTSTAMP from the data, not the clock: the same data gives the same bytes (ETag, 304 for pollers).
    timestamp: modified,
    organizer: { name: FEDERATION },
    ...(place ? { location: place } : {}),
    ...(t.latitudine !== null && t.longitudine !== null
      ? { geo: { lat: t.latitudine, lon: t.longitudine } }
      : {}),
  }
  return event
}

/** An .ics of these tournaments (an empty calendar when there are none). */
export function tournamentsIcs(
  list: readonly (CalendarTournament & { in_attesa?: boolean })[],
  options: IcsOptions,
) {
  const { error, value } = createEvents(
    list.map((t) => eventOf(t, options)),
    { productId: PRODUCT_ID, calName: options.calName, method: 'PUBLISH' },
  )
  if (error || !value) throw error ?? new Error('ics: calendario vuoto')
  // Refresh hints after the calendar's own header lines.
  const text = value.replace(
    /(X-WR-CALNAME:[^\r\n]*\r\n)/,
    `$1REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}\r\nX-PUBLISHED-TTL:${REFRESH}\r\nX-WR-CALDESC:${PORTAL}\r\n`,
  )
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` }
}
