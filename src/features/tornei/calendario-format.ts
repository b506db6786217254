// How the calendar and circuits pages word things: Italian formats (Intl it-IT) and labels, no JSX.
import { CATEGORY_LABELS, TOURNAMENT_TYPES, categoryLabel } from '../../../contract/constants.ts'
import type { TorneoCalendario } from '../../../contract/calendario.ts'
import { withPreposition } from '../../../contract/date-words.ts'
import { href } from '../../app/paths.ts'
import { formatDateWith, formatShortDateTime } from '../../ui/format.ts'

const number = new Intl.NumberFormat('it-IT')
export const formatNumber = (n: number) => number.format(n)

const civil = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const civilYear = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const longDay = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
})
const monthYear = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** '12 mar 2026', or '12 mar – 14 mar 2026'. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return civilYear.format(utcDay(from))
  return `${civil.format(utcDay(from))} – ${civilYear.format(utcDay(to))}`
}
/** 'sabato 14 marzo' */
export const formatLongDay = (iso: string) => longDay.format(utcDay(iso))
/** 'marzo 2026' for '2026-03' */
export const formatMonth = (mese: string) => monthYear.format(utcDay(`${mese}-01`))
/** 'al 7 mar alle 12:00', 'all’8 mar alle 9:30' (Italian time): a deadline after «fino», in the portal's one time style. */
export const untilInstant = (iso: string) => withPreposition('al', formatShortDateTime(iso))

export const STATI: Record<string, string> = {
  programmato: 'In programma',
  iscrizioni_aperte: 'Iscrizioni aperte',
  iscrizioni_chiuse: 'Iscrizioni chiuse',
  in_corso: 'In corso',
  concluso: 'Concluso',
  annullato: 'Annullato',
}
export const GENERI: Record<string, string> = { M: 'maschile', F: 'femminile', X: 'aperto a tutti' }

export const LIVELLI = [
  { id: 'OPEN', nome: CATEGORY_LABELS.OPEN },
  { id: 'LIMIT', nome: 'LIMIT (65 e 45)' },
] as const
export const STATI_FILTRO = [
  { id: 'iscrizioni_aperte', nome: 'Iscrizioni aperte' },
  { id: 'in_corso', nome: 'In corso' },
  { id: 'concluso', nome: 'Conclusi' },
] as const

/** A tournament's page: team tournaments (CA) have their own. */
export const torneoHref = (torneo: Pick<TorneoCalendario, 'id' | 'tipo'>) =>
  href(torneo.tipo === TOURNAMENT_TYPES.CAMPIONATI ? 'dettaglioTorneoCampionato' : 'dettaglioTorneo', {
    id: torneo.id,
  })

/** «12 iscritti su 16», «posti esauriti»; a team championship counts its teams: «5 squadre su 12». */
export function placesLabel(torneo: Pick<TorneoCalendario, 'iscritti' | 'max_iscritti' | 'tipo'>): string {
  const [one, many] =
    torneo.tipo === TOURNAMENT_TYPES.CAMPIONATI ? ['squadra', 'squadre'] : ['iscritto', 'iscritti']
  const entered = torneo.iscritti === 1 ? `1 ${one}` : `${formatNumber(torneo.iscritti)} ${many}`
  if (torneo.max_iscritti === null) return entered
  const left = torneo.max_iscritti - torneo.iscritti
  return left <= 0 ? `${entered}, posti esauriti` : `${entered} su ${formatNumber(torneo.max_iscritti)}`
}

/** The line under a tournament's name after its club (which links to the club's page): where, level, speciality. */
export function torneoDetail(t: TorneoCalendario): string {
  return [
    t.comune ? `${t.comune}${t.provincia ? ` (${t.provincia})` : ''}` : t.regione,
    categoryLabel(t.categoria),
    t.specialita === 'doppio' ? 'doppio' : 'singolare',
    GENERI[t.genere],
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The days of a month grid, Monday first: null for the cells before the 1st and after the last day. */
export function monthGrid(mese: string): (string | null)[][] {
  const first = utcDay(`${mese}-01`)
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const lead = (first.getUTCDay() + 6) % 7
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => `${mese}-${String(i + 1).padStart(2, '0')}`),
  ]
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7))
}

/** The month before or after AAAA-MM. */
export function shiftMonth(mese: string, by: number): string {
  const [y, m] = mese.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(y, m - 1 + by, 1))
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}

/** Longer than this, an event (a team championship's season) is not drawn on each of its days. */
export const MONTH_FILL_MAX_DAYS = 14

/**
 * The tournaments a day of the month view lists: a tournament on every day it runs, from its first to its last (a
 * tournament of three days fills three days). An event longer than MONTH_FILL_MAX_DAYS (a championship's season)
 * is listed on its first day and on the first day of each month it runs into, not on every day.
 */
export function onDay(tornei: readonly TorneoCalendario[], day: string) {
  const firstOfMonth = day.endsWith('-01')
  return tornei.filter((t) => {
    if (day < t.data_inizio || day > t.data_fine) return false
    return day === t.data_inizio || firstOfMonth || dayOfTournament(t, t.data_fine).n <= MONTH_FILL_MAX_DAYS
  })
}

const DAY_MS = 86_400_000
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS)

/** Which day of the tournament `day` is, and of how many: { n: 2, of: 3 } on the second of three days. */
export function dayOfTournament(t: Pick<TorneoCalendario, 'data_inizio' | 'data_fine'>, day: string) {
  return {
    n: dayNumber(day) - dayNumber(t.data_inizio) + 1,
    of: dayNumber(t.data_fine) - dayNumber(t.data_inizio) + 1,
  }
}

/**
 * What a day of the month view adds to a tournament's name: «2° giorno di 3» after its first day; for an event
 * longer than MONTH_FILL_MAX_DAYS «iniziato il 22 ottobre» (its state may already say «In corso»); null on the
 * first day.
 */
export function dayLabel(t: Pick<TorneoCalendario, 'data_inizio' | 'data_fine'>, day: string): string | null {
  const { n, of } = dayOfTournament(t, day)
  if (n <= 1) return null
  return of > MONTH_FILL_MAX_DAYS
    ? `iniziato ${formatDateWith('il', t.data_inizio)}`
    : `${n}° giorno di ${of}`
}
