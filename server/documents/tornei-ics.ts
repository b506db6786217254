// Calendar files (RFC 5545, written by ./ical.ts): one tournament, a filtered calendar, a player's enrolments and
// matches. Every tournament is the same event everywhere (UID by id); SEQUENCE and LAST-MODIFIED come from the
// database (bumped by a trigger when dates, name, club or status change), so subscribed calendars replace their
// copy. A tournament is a run of whole days; a match is at its time in Rome.
import { createHash } from 'node:crypto'
import { categoryLabel } from '../../contract/constants.ts'
import { STATO_NOMI } from '../../contract/torneo.ts'
import { ORDER_OF_PLAY } from '../domain/order-of-play.ts'
import { roundName } from '../domain/points.ts'
import type { CalendarMatch, CalendarTournament } from '../repositories/tournament-detail.ts'
import {
  ROME,
  ROME_VTIMEZONE,
  day,
  dayAfter,
  romeWhen,
  serialize,
  text,
  utc,
  type IcalComponent,
  type IcalProperty,
} from './ical.ts'
import { PORTAL } from './pdf.ts'

export const ICS_TYPE = 'text/calendar; charset=utf-8'
const PRODUCT_ID = '-//Federazione Italiana Sport di Racchetta//Portale Federale Racchette//IT'
/** How often a subscribed calendar should look again (Google and Apple honour one or the other). */
const REFRESH = 'PT6H'
/** How long a match holds in the calendar: only its start is stored; a best-of-three set match takes about this. */
export const MATCH_MINUTES = ORDER_OF_PLAY.MATCH_MINUTES

/** The event's UID: the same for the single file and every feed, so a calendar never holds it twice. */
export const tournamentUid = (id: number) => `torneo-${id}@portale-federale-racchette.it`
const matchUid = (id: number) => `partita-${id}@portale-federale-racchette.it`

export type IcsOptions = {
  /** The portal's origin, for each event's URL: https://host. */
  origin: string
  /** The calendar's name shown by the phone (X-WR-CALNAME). */
  calName: string
  /** Page path of a tournament. */
  pagePath: (id: number) => string
}

/** Where a tournament is played: club, address, post code, town (province). */
function placeOf(t: CalendarTournament): string | undefined {
  if (!t.circolo) return undefined
  const town = [t.cap, t.comune].filter(Boolean).join(' ')
  const where = [t.circolo, t.indirizzo, town].filter(Boolean).join(', ')
  return t.provincia ? `${where} (${t.provincia})` : where
}

const geoOf = (t: CalendarTournament): IcalProperty | null =>
  t.latitudine !== null && t.longitudine !== null ? ['GEO', `${t.latitudine};${t.longitudine}`] : null

function tournamentEvent(
  t: CalendarTournament & { in_attesa?: boolean },
  options: IcsOptions,
): IcalComponent {
  const url = `${options.origin}${options.pagePath(t.id)}`
  const categoria = categoryLabel(t.categoria)
  const lines = [
    `${t.specialita === 'doppio' ? 'Doppio' : 'Singolare'} · ${categoria} · ${STATO_NOMI[t.stato] ?? t.stato}`,
    ...(t.in_attesa ? ['Sei in lista d’attesa.'] : []),
    ...(t.descrizione ? [t.descrizione] : []),
    `Dettagli, iscritti e tabellone: ${url}`,
  ]
  const place = placeOf(t)
  return {
    name: 'VEVENT',
    properties: [
      ['UID', tournamentUid(t.id)],
      // DTSTAMP from the data, not the clock: the same data gives the same bytes (ETag, 304 for pollers).
      ['DTSTAMP', utc(t.aggiornato_il)],
      // Whole days: the last day is included, so DTEND (exclusive) is the day after it.
      ['DTSTART', day(t.data_inizio), { VALUE: 'DATE' }],
      ['DTEND', dayAfter(t.data_fine), { VALUE: 'DATE' }],
      ['SEQUENCE', String(t.sequenza)],
      ['SUMMARY', text(`${t.in_attesa ? '(lista d’attesa) ' : ''}${t.nome}`)],
      ['DESCRIPTION', text(lines.join('\n'))],
      ['URL', url],
      place ? ['LOCATION', text(place)] : null,
      geoOf(t),
      [
        'STATUS',
        t.stato === 'annullato' ? 'CANCELLED' : t.stato === 'programmato' ? 'TENTATIVE' : 'CONFIRMED',
      ],
      ['CATEGORIES', ['Torneo', categoria].map(text).join(',')],
      ['CREATED', utc(t.creato_il)],
      ['LAST-MODIFIED', utc(t.aggiornato_il)],
      // Free: a tournament of several days does not fill the player's agenda; its matches do.
      ['TRANSP', 'TRANSPARENT'],
      ['X-MICROSOFT-CDO-BUSYSTATUS', 'FREE'],
    ],
  }
}

function matchEvent(m: CalendarMatch, options: IcsOptions): IcalComponent {
  const t = m.torneo
  const url = `${options.origin}${options.pagePath(t.id)}`
  const fase =
    m.tipo === 'gironi'
      ? (m.girone ?? m.tabellone)
      : `${m.tabellone}, ${roundName(m.turno, m.turni ?? m.turno)}`
  const end = new Date(m.programmata_il.getTime() + MATCH_MINUTES * 60_000)
  const place = [m.campo, placeOf(t)].filter(Boolean).join(', ')
  const lines = [
    `${fase} · ${t.nome}`,
    'Orario indicativo: la partita inizia alla fine della precedente sullo stesso campo.',
    `Tabellone e ordine di gioco: ${url}`,
  ]
  return {
    name: 'VEVENT',
    properties: [
      ['UID', matchUid(m.id)],
      ['DTSTAMP', utc(t.aggiornato_il)],
      ['DTSTART', ...romeWhen(m.programmata_il)],
      ['DTEND', ...romeWhen(end)],
      ['SUMMARY', text(`${m.lati[0]} – ${m.lati[1]}`)],
      ['DESCRIPTION', text(lines.join('\n'))],
      ['URL', url],
      place ? ['LOCATION', text(place)] : null,
      geoOf(t),
      ['STATUS', t.stato === 'annullato' ? 'CANCELLED' : 'CONFIRMED'],
      ['CATEGORIES', text('Partita')],
      ['TRANSP', 'OPAQUE'],
    ],
  }
}

/** An .ics of these tournaments and matches (with no event, still a valid calendar: the time zone is in it). */
export function tournamentsIcs(
  list: readonly (CalendarTournament & { in_attesa?: boolean })[],
  options: IcsOptions,
  matches: readonly CalendarMatch[] = [],
) {
  const body = serialize({
    name: 'VCALENDAR',
    properties: [
      ['VERSION', '2.0'],
      ['PRODID', PRODUCT_ID],
      ['CALSCALE', 'GREGORIAN'],
      ['METHOD', 'PUBLISH'],
      ['X-WR-CALNAME', text(options.calName)],
      ['X-WR-CALDESC', text(PORTAL)],
      ['X-WR-TIMEZONE', ROME.TZID],
      ['REFRESH-INTERVAL', REFRESH, { VALUE: 'DURATION' }],
      ['X-PUBLISHED-TTL', REFRESH],
    ],
    components: [
      ROME_VTIMEZONE,
      ...list.map((t) => tournamentEvent(t, options)),
      ...matches.map((m) => matchEvent(m, options)),
    ],
  })
  return { text: body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}
