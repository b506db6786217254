import { Schema, SchemaGetter } from 'effect'
import { Id, Intero, ListOf, LookupOf, OneOf, ResultOf, Stagione, Testo, pagingFields } from './common.ts'
import { call, endpoint } from './endpoint.ts'
import { NewsCard, Video } from './news.ts'
import { Banner, CircoloTrovato, MenuEntry, SEARCH_MIN_LENGTH } from './sezioni.ts'

// Written in sezioni.ts, which the calendar shares; the home's readers keep finding them here.
export { Banner, CircoloTrovato, MenuEntry, SEARCH_MIN_LENGTH }

const sectorField = { id_settore: Id }
const SectorRequest = Schema.Struct(sectorField)

export const SEARCH_MAX_RESULTS = 10

const SearchText = Testo.pipe(
  Schema.check(
    Schema.isTrimmed({ message: 'non deve iniziare o finire con spazi' }),
    Schema.isBetweenLength(SEARCH_MIN_LENGTH, 50, {
      message: `deve avere da ${SEARCH_MIN_LENGTH} a 50 caratteri`,
    }),
  ),
)

/** An optional small count; the handler applies the default (HOME_COUNTS). */
const SmallCount = (max: number) => Schema.optionalKey(Intero(1, max))

/** How many items the home asks for when the request does not say. */
export const HOME_COUNTS = { news: 4, video: 3, tornei: 6, circuiti: 6 } as const

export const homeMenu = endpoint('home/menu/get', {
  request: SectorRequest,
  response: LookupOf(MenuEntry),
  access: 'public',
})

export const BANNER_POSITIONS = [
  'home_top',
  'home_middle',
  'home_sidebar',
  'tornei',
  'classifiche',
  'news',
] as const
export type BannerPosition = (typeof BANNER_POSITIONS)[number]

export const bannerGet = endpoint('v3/content/banner/get', {
  request: Schema.Struct({
    ...sectorField,
    posizione: OneOf(BANNER_POSITIONS, `deve essere una posizione tra ${BANNER_POSITIONS.join(', ')}`),
  }),
  response: LookupOf(Banner),
  access: 'public',
})

const PortalPath = Testo.pipe(
  Schema.check(
    Schema.isPattern(/^\/[^\s]{0,499}$/, { message: 'deve essere un percorso del portale che inizia con /' }),
  ),
)

/** The banner click endpoint of the spec's Analytics group. */
export const bannerClick = endpoint('analytics/banner-click', {
  request: Schema.Struct({ id_banner: Id, path: Schema.optionalKey(PortalPath) }),
  response: ResultOf(Schema.Struct({ registrato: Schema.Boolean })),
  access: 'public',
  write: true,
})

export const NumeriStagione = Schema.Struct({
  stagione: Schema.Int,
  /** Players with a card (tessera) of the sector this season. */
  giocatori: Schema.Int,
  /** Active clubs offering the discipline. */
  circoli: Schema.Int,
  /** Tournaments of the sector starting this season (cancelled ones excluded). */
  tornei: Schema.Int,
  /** Matches played this season in the sector's tournaments and team ties. */
  partite: Schema.Int,
})
export type NumeriStagione = typeof NumeriStagione.Type

export const numeriTpra = endpoint('numeri_tpra', {
  request: SectorRequest,
  response: ResultOf(NumeriStagione),
  access: 'public',
})

export const newsVideo = endpoint('news-video', {
  request: Schema.Struct({
    ...sectorField,
    news: SmallCount(12),
    video: SmallCount(12),
  }),
  response: ResultOf(Schema.Struct({ news: Schema.Array(NewsCard), video: Schema.Array(Video) })),
  access: 'public',
})

export const GiocatoreTrovato = Schema.Struct({
  id_persona: Schema.Int,
  persona: Schema.String,
  provincia: Schema.NullOr(Schema.String),
  circolo: Schema.NullOr(Schema.String),
})
export type GiocatoreTrovato = typeof GiocatoreTrovato.Type

/** A row of ricerca_giocatori: the found player with their club's id (a link to its page). */
export const GiocatoreInElenco = Schema.Struct({
  ...GiocatoreTrovato.fields,
  id_circolo: Schema.NullOr(Schema.Int),
})
export type GiocatoreInElenco = typeof GiocatoreInElenco.Type

const SiglaProvincia = Testo.pipe(
  Schema.check(Schema.isPattern(/^[A-Z]{2}$/, { message: 'deve essere la sigla di una provincia (es. RM)' })),
)

/**
 * ricerca_giocatori: the players of a sector (a card of its discipline) by name as typed, province and club, a page
 * at a time, by surname and name. The home's quick search asks for its first few; /lista-giocatori pages through
 * them. Who hid from searches (Impostazioni) is found only by themselves (server/domain/privacy.ts).
 */
export const ricercaGiocatori = endpoint('ricerca_giocatori', {
  request: Schema.Struct({
    ...sectorField,
    testo: Schema.optionalKey(SearchText),
    provincia: Schema.optionalKey(SiglaProvincia),
    id_circolo: Schema.optionalKey(Id),
    ...pagingFields,
  }),
  response: ListOf(GiocatoreInElenco),
  access: 'public',
})

/** A coordinate in decimal degrees within `min`…`max` (a visitor's position, rounded by the client). */
const Coordinata = (min: number, max: number) =>
  Schema.Number.pipe(
    Schema.check(
      Schema.makeFilter((n: number) => Number.isFinite(n) && n >= min && n <= max, {
        message: `deve essere un numero tra ${min} e ${max} (gradi decimali)`,
      }),
    ),
    // Six decimals are a tenth of a metre, more than a phone knows; a denormal like -5.4e-323 (the fuzzing sent one)
    // underflowed PostgreSQL's float8 in the distance and came back as a 500.
    Schema.decode({
      decode: SchemaGetter.transform((n: number) => Math.round(n * 1e6) / 1e6 || 0),
      encode: SchemaGetter.passthrough(),
    }),
  )

/** ricerca_circoli with a position but not both its coordinates: refused with this message. */
export const POSIZIONE_INCOMPLETA =
  'Richiesta non valida: per i circoli vicini indica sia «latitudine» sia «longitudine».'

/** A club as the search lists it: the quick search of the home and /lista-circoli. */
export const CircoloElenco = Schema.Struct({
  id_circolo: Schema.Int,
  nome: Schema.String,
  indirizzo: Schema.String,
  comune: Schema.String,
  provincia: Schema.String,
  /** The disciplines it offers, by name, in the portal's order. */
  discipline: Schema.Array(Schema.String),
  /** Kilometres from the position sent, one decimal; null without one (or for a club with no coordinates). */
  distanza_km: Schema.NullOr(Schema.Number),
})
export type CircoloElenco = typeof CircoloElenco.Type

/**
 * ricerca_circoli: the active clubs offering the sector's discipline, filtered by name or town (`testo`) and
 * province; with `latitudine` and `longitudine` the nearest first (clubs without coordinates last), otherwise
 * the names that start with the text first, then alphabetical. A page at a time.
 */
export const ricercaCircoli = endpoint('ricerca_circoli', {
  request: Schema.Struct({
    ...pagingFields,
    ...sectorField,
    testo: Schema.optionalKey(SearchText),
    provincia: Schema.optionalKey(
      Schema.String.pipe(
        Schema.check(
          Schema.isPattern(/^[A-Z]{2}$/, { message: 'deve essere la sigla di una provincia (es. RM)' }),
        ),
      ),
    ),
    latitudine: Schema.optionalKey(Coordinata(-90, 90)),
    longitudine: Schema.optionalKey(Coordinata(-180, 180)),
  }),
  response: ListOf(CircoloElenco),
  access: 'public',
})

export const TorneoInArrivo = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  /** TR individual tournament, CA team tournament. */
  tipo: Schema.String,
  categoria: Schema.String,
  stato: Schema.String,
  /** ISO dates (YYYY-MM-DD). */
  data_inizio: Schema.String,
  data_fine: Schema.String,
  /** The hosting club, a link to its page; null for a team tournament played in a zone. */
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  comune: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  id_circuito: Schema.NullOr(Schema.Int),
  circuito: Schema.NullOr(Schema.String),
})
export type TorneoInArrivo = typeof TorneoInArrivo.Type

export const CircuitoInCorso = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  stagione: Schema.Int,
  tappe: Schema.Int,
  /** Start date of the next stage not yet finished, or null when all are over. */
  prossima_tappa: Schema.NullOr(Schema.String),
  /** True when a stage is being played today (then prossima_tappa is its start, already past). */
  tappa_in_corso: Schema.Boolean,
})
export type CircuitoInCorso = typeof CircuitoInCorso.Type

export const circuitoGet = endpoint('circuito/get', {
  request: Schema.Struct({
    ...sectorField,
    tornei: SmallCount(20),
    circuiti: SmallCount(20),
  }),
  response: ResultOf(
    Schema.Struct({ tornei: Schema.Array(TorneoInArrivo), circuiti: Schema.Array(CircuitoInCorso) }),
  ),
  access: 'public',
})

export const RANKING_TYPES = ['nazionale', 'race'] as const

export const RigaClassifica = Schema.Struct({
  posizione: Schema.Int,
  id_persona: Schema.Int,
  persona: Schema.String,
  punti: Schema.Int,
  tornei: Schema.Int,
  circolo: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  stagione: Schema.Int,
  /** ISO date the snapshot was computed on. */
  calcolata_al: Schema.String,
})
export type RigaClassifica = typeof RigaClassifica.Type

/** classifiche/list: the top of the latest ranking of the sector (national by default). */
export const classificheList = endpoint('classifiche/list', {
  request: Schema.Struct({
    ...pagingFields,
    ...sectorField,
    tipo: Schema.optionalKey(OneOf(RANKING_TYPES, "deve essere 'nazionale' o 'race'")),
  }),
  response: ListOf(RigaClassifica),
  access: 'public',
})

export const RigaClassificaCircuito = Schema.Struct({
  id_circuito: Schema.Int,
  circuito: Schema.String,
  posizione: Schema.Int,
  id_persona: Schema.Int,
  persona: Schema.String,
  punti: Schema.Int,
  tappe: Schema.Int,
})
export type RigaClassificaCircuito = typeof RigaClassificaCircuito.Type

/**
 * circuiti/classifiche/list: standings of the sector's circuits of a season (the current one by default),
 * ordered by circuit and position; `id_circuito` narrows to one circuit, `primi` keeps the first N of each.
 */
export const circuitiClassificheList = endpoint('circuiti/classifiche/list', {
  request: Schema.Struct({
    ...pagingFields,
    ...sectorField,
    id_circuito: Schema.optionalKey(Id),
    stagione: Schema.optionalKey(Stagione),
    primi: Schema.optionalKey(Intero(1, 50)),
  }),
  response: ListOf(RigaClassificaCircuito),
  access: 'public',
})

/** How many rows each highlight of /home shows. */
export const HOME_SIZES = {
  news: 4,
  video: 3,
  tornei: 5,
  circuiti: 4,
  classifica: 5,
  circuitiPrimi: 3,
} as const

/**
 * The public reads /home makes for a sector, one per section. None depends on who asks, so the server can
 * answer them inside the page it serves and spare the client a round trip (server/http/page-hints.ts).
 */
export function homeCalls(id_settore: number) {
  return {
    menu: call(homeMenu, { id_settore }),
    bannerTop: call(bannerGet, { id_settore, posizione: 'home_top' }),
    bannerMiddle: call(bannerGet, { id_settore, posizione: 'home_middle' }),
    numeri: call(numeriTpra, { id_settore }),
    newsVideo: call(newsVideo, { id_settore, news: HOME_SIZES.news, video: HOME_SIZES.video }),
    calendario: call(circuitoGet, { id_settore, tornei: HOME_SIZES.tornei, circuiti: HOME_SIZES.circuiti }),
    classifica: call(classificheList, { id_settore, fetchrows: HOME_SIZES.classifica }),
    circuitiClassifiche: call(circuitiClassificheList, {
      id_settore,
      primi: HOME_SIZES.circuitiPrimi,
      fetchrows: HOME_SIZES.circuiti * HOME_SIZES.circuitiPrimi,
    }),
  }
}
