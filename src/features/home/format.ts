// How the home words and links things: Italian formats (Intl it-IT) and the routes of the table, no JSX.
import { TOURNAMENT_TYPES } from '../../../contract/constants.ts'
import type { TorneoInArrivo } from '../../../contract/home.ts'
import type { NewsCard } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'

const number = new Intl.NumberFormat('it-IT')
export const formatNumber = (n: number) => number.format(n)

const instant = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
})
/** An ISO instant as an Italian date: '12 marzo 2026'. */
export const formatInstant = (iso: string) => instant.format(new Date(iso))

const civil = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const civilYear = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const day = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** A civil date range: '12 mar 2026', '12–14 mar 2026' is written '12 mar – 14 mar 2026'. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return civilYear.format(day(from))
  return `${civil.format(day(from))} – ${civilYear.format(day(to))}`
}

/** The readable form of a news item's address: /news-dettaglio/{disciplina}/{tipologia_news}/{titolo}. */
export const newsHref = (news: Pick<NewsCard, 'disciplina' | 'tipologia_news' | 'slug'>) =>
  href('newsDettaglioTitolo', {
    disciplina: news.disciplina,
    tipologia_news: news.tipologia_news,
    titolo: news.slug,
  })

/** Team tournaments (CA) have their own page. */
export const torneoHref = (torneo: Pick<TorneoInArrivo, 'id' | 'tipo'>) =>
  href(torneo.tipo === TOURNAMENT_TYPES.CAMPIONATI ? 'dettaglioTorneoCampionato' : 'dettaglioTorneo', {
    id: torneo.id,
  })

export const STATI_TORNEO: Record<string, string> = {
  programmato: 'In programma',
  iscrizioni_aperte: 'Iscrizioni aperte',
  iscrizioni_chiuse: 'Iscrizioni chiuse',
  in_corso: 'In corso',
}

export const CATEGORIE: Record<string, string> = { OPEN: 'Open', LIMIT_65: 'Limit 65', LIMIT_45: 'Limit 45' }

/** 75 → '1:15' */
export const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** A portal path is followed inside the app; anything else is an external address. */
export const isPortalPath = (path: string) => path.startsWith('/') && !path.startsWith('//')
