// How the news pages word and link things (dates and numbers are src/ui/format.ts's), no JSX.
import { DISCIPLINES } from '../../../contract/constants.ts'
import { NEWS_ALL_DISCIPLINES, type NewsCard } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'

/** What names a news in its address: its number, or discipline, type and title. */
export type NewsKey = { id: number } | { disciplina: string; tipologia_news: string; titolo: string }

/** 'Padel', or 'Tutte le discipline' for federation news. */
export function disciplinaLabel(codice: string): string {
  if (codice === NEWS_ALL_DISCIPLINES) return 'Tutte le discipline'
  return DISCIPLINES.find((d) => d.codice === codice)?.nome ?? codice
}

/** The readable address of a news item: /news-dettaglio/{disciplina}/{tipologia_news}/{titolo}. */
export const newsHref = (news: Pick<NewsCard, 'disciplina' | 'tipologia_news' | 'slug'>) =>
  href('newsDettaglioTitolo', {
    disciplina: news.disciplina,
    tipologia_news: news.tipologia_news,
    titolo: news.slug,
  })

/** Which article a URL names: by id (digits only) or by its three readable segments. */
export function newsKeyOf(params: Record<string, string | undefined>): NewsKey | null {
  if (params.id !== undefined) return /^[1-9]\d{0,9}$/.test(params.id) ? { id: Number(params.id) } : null
  const { disciplina, tipologia_news, titolo } = params
  return disciplina && tipologia_news && titolo ? { disciplina, tipologia_news, titolo } : null
}

/** The page of /news from its query string: ?tipologia=eventi&pagina=2 (bad values fall back to defaults). */
export function listQueryOf(search: URLSearchParams): { tipologia: string | null; pagina: number } {
  const pagina = Number(search.get('pagina'))
  const tipologia = search.get('tipologia')
  return {
    tipologia: tipologia && /^[a-z0-9-]{1,60}$/.test(tipologia) ? tipologia : null,
    pagina: Number.isInteger(pagina) && pagina >= 1 && pagina <= 10_000 ? pagina : 1,
  }
}

/**
 * The page a list shows for the page asked: the last one when the page asked lies beyond it (an old link to
 * «pagina 99» of 14 pages shows page 14); the page itself otherwise, and for an empty list.
 */
export function pageWithin(pagina: number, record: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(record / pageSize))
  return Math.min(pagina, last)
}

/** The query string of a /news page. */
export function listSearch(query: { tipologia: string | null; pagina: number }): string {
  const search = new URLSearchParams()
  if (query.tipologia) search.set('tipologia', query.tipologia)
  if (query.pagina > 1) search.set('pagina', String(query.pagina))
  const text = search.toString()
  return text ? `?${text}` : ''
}
