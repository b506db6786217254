// How the home words and links things (dates and numbers are src/ui/format.ts's), no JSX.
import { TOURNAMENT_TYPES } from '../../../contract/constants.ts'
import type { TorneoInArrivo } from '../../../contract/home.ts'
import type { NewsCard } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'

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

/** A portal path is followed inside the app; anything else is an external address. */
export const isPortalPath = (path: string) => path.startsWith('/') && !path.startsWith('//')
