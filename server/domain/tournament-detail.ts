// How the tournament detail words its data: scores, the club's map link, round names, file names. Plain functions.
import type { SetScore } from '../db/schema/domain.ts'
import { roundName } from './points.ts'

export { roundName }

/** «6-4 3-6 7-6(5)»; a walkover is «w.o.», a retirement adds «rit.»; a bye or an unplayed match is empty. */
export function formatScore(esito: string, sets: readonly SetScore[] | null): string {
  if (esito === 'walkover') return 'w.o.'
  if (esito === 'bye' || esito === 'da_giocare') return ''
  const text = (sets ?? [])
    .map((set) => `${set.a}-${set.b}${set.tiebreak !== undefined ? `(${set.tiebreak})` : ''}`)
    .join(' ')
  return esito === 'ritiro' ? `${text} rit.`.trim() : text
}

/** An OpenStreetMap search of an address: no key, no tracking, opens in any browser or map app. */
export function mapSearchUrl(place: {
  indirizzo: string
  cap: string | null
  comune: string
  provincia: string
}) {
  const query = [
    place.indirizzo,
    [place.cap, place.comune].filter(Boolean).join(' '),
    place.provincia,
    'Italia',
  ]
    .filter(Boolean)
    .join(', ')
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`
}

/** «Mario Rossi». */
export const personName = (p: { nome: string; cognome: string }) => `${p.nome} ${p.cognome}`

/** A file name from a tournament's name: «torneo-open-di-roma-2026-05-03». */
export function fileSlug(nome: string, date: string): string {
  const base = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${base || 'torneo'}-${date}`
}

/** Places left: null without a cap, never below zero. */
export function placesLeft(max: number | null, enrolled: number): number | null {
  return max === null ? null : Math.max(0, max - enrolled)
}
