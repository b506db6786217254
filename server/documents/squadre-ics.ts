// A team's ties as a calendar to subscribe to (RFC 5545, written by ./ical.ts): one event per tie with a day, at its
// time in Rome, tentative while only proposed. The UID is the tie's, so a subscribed calendar replaces its copy;
// SEQUENCE follows the tie's progress (da_programmare → proposto → programmato → result), each step a higher number.
import { createHash } from 'node:crypto'
import { STATO_INCONTRO_LABEL, type Incontro } from '../../contract/campionati.ts'
import { TIE_STATUSES } from '../db/schema/domain.ts'
import { ROME, ROME_VTIMEZONE, romeWhen, serialize, text, utc, type IcalComponent } from './ical.ts'
import { PORTAL } from './pdf.ts'

const PRODUCT_ID = '-//Federazione Italiana Sport di Racchetta//Portale Federale Racchette//IT'
const REFRESH = 'PT6H'
/** How long a tie holds in the calendar: four rubbers on two courts take an afternoon. */
export const TIE_MINUTES = 240

export const tieUid = (id: number) => `incontro-${id}@portale-federale-racchette.it`

function tieEvent(i: Incontro & { data: string }, origin: string, pagePath: string): IcalComponent {
  const start = new Date(i.data)
  const end = new Date(start.getTime() + TIE_MINUTES * 60_000)
  const result = i.punti_casa !== null ? ` ${i.punti_casa}–${i.punti_ospiti}` : ''
  const fase = i.fase === 'finale' ? 'Fase finale' : `${i.girone ?? 'Girone'}, ${i.giornata}ª giornata`
  const lines = [
    `${fase} · ${i.torneo}`,
    `Stato: ${STATO_INCONTRO_LABEL[i.stato] ?? i.stato}${i.data_confermata ? '' : ' (data proposta, non ancora accettata)'}`,
    `Squadra, rosa e risultati: ${origin}${pagePath}`,
  ]
  return {
    name: 'VEVENT',
    properties: [
      ['UID', tieUid(i.id)],
      // From the data, not the clock: the same data gives the same bytes (ETag, 304 for pollers).
      ['DTSTAMP', utc(start)],
      ['DTSTART', ...romeWhen(start)],
      ['DTEND', ...romeWhen(end)],
      ['SEQUENCE', String(Math.max(0, TIE_STATUSES.indexOf(i.stato as (typeof TIE_STATUSES)[number])))],
      ['SUMMARY', text(`${i.casa.nome} – ${i.ospiti.nome}${result}`)],
      ['DESCRIPTION', text(lines.join('\n'))],
      ['URL', `${origin}${pagePath}`],
      i.circolo ? ['LOCATION', text(i.circolo)] : null,
      ['STATUS', i.data_confermata ? 'CONFIRMED' : 'TENTATIVE'],
      ['CATEGORIES', text('Campionato a squadre')],
      ['TRANSP', 'OPAQUE'],
    ],
  }
}

/** The .ics of a team's ties with a day (those still to schedule have none yet). */
export function teamIcs(
  team: { nome: string; incontri: readonly Incontro[] },
  origin: string,
  pagePath: string,
) {
  const dated = team.incontri.filter((i): i is Incontro & { data: string } => i.data !== null)
  const body = serialize({
    name: 'VCALENDAR',
    properties: [
      ['VERSION', '2.0'],
      ['PRODID', PRODUCT_ID],
      ['CALSCALE', 'GREGORIAN'],
      ['METHOD', 'PUBLISH'],
      ['X-WR-CALNAME', text(`Incontri di ${team.nome}`)],
      ['X-WR-CALDESC', text(PORTAL)],
      ['X-WR-TIMEZONE', ROME.TZID],
      ['REFRESH-INTERVAL', REFRESH, { VALUE: 'DURATION' }],
      ['X-PUBLISHED-TTL', REFRESH],
    ],
    components: [ROME_VTIMEZONE, ...dated.map((i) => tieEvent(i, origin, pagePath))],
  })
  return { text: body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}
