// The tournament files served as plain GET routes (not the POST API), so a link, a download or a phone calendar
// can open them: prints (PDF), calendar files (.ics) and feeds, circuit exports. One home for their paths, read by
// the pages that link them and by the server routes that answer them.

export const STAMPE_BASE = '/stampe'
export const CALENDARIO_BASE = '/calendario'

export type StampaTorneo = 'locandina' | 'tabellone' | 'gironi' | 'calendario'

/** A tournament's print: `/stampe/tornei/<id>/<stampa>.pdf`. */
export function stampaTorneoPath(id: number, stampa: StampaTorneo): string {
  return `${STAMPE_BASE}/tornei/${id}/${stampa}.pdf`
}

/** A circuit's ranking as PDF or CSV: `/stampe/circuiti/<id>/classifica.<formato>`. */
export function classificaCircuitoPath(id: number, formato: 'pdf' | 'csv'): string {
  return `${STAMPE_BASE}/circuiti/${id}/classifica.${formato}`
}

/** The pages of the rankings, as their exports name them. */
export const CLASSIFICHE_STAMPE = ['race-annuale', 'classifica-nazionale', 'classifica-affiliati'] as const
export type ClassificaStampa = (typeof CLASSIFICHE_STAMPE)[number]

/**
 * A ranking as PDF or CSV with the page's filters as the query: `/stampe/classifiche/<pagina>.<formato>?…`. Only
 * for accounts with puo_esportare_classifiche: the page downloads it with the caller's token.
 */
export function classificaPath(
  pagina: ClassificaStampa,
  formato: 'pdf' | 'csv',
  filtri: Readonly<Record<string, string | number | undefined>>,
): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filtri))
    if (value !== undefined && value !== '') query.set(key, String(value))
  return `${STAMPE_BASE}/classifiche/${pagina}.${formato}?${query.toString()}`
}

/** One tournament as a calendar event: `/calendario/tornei/<id>.ics`. */
export function torneoIcsPath(id: number): string {
  return `${CALENDARIO_BASE}/tornei/${id}.ics`
}

/** A subscribable feed of a filtered calendar: the calendar's own filters as the query. */
export function calendarioFeedPath(filtri: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(filtri))
    if (value !== undefined && value !== '') query.set(key, String(value))
  const text = query.toString()
  return `${CALENDARIO_BASE}/feed/tornei.ics${text ? `?${text}` : ''}`
}

/** A player's own enrolments as a feed; the secret token stands in for the sign-in phone calendars cannot do. */
export function feedPersonalePath(token: string): string {
  return `${CALENDARIO_BASE}/feed/iscrizioni/${encodeURIComponent(token)}.ics`
}
