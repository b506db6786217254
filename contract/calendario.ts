// The tournament calendar (/tornei/calendario-tornei): its list, its filters' lookups, the section menu and
// banners, and the filters as a URL query, so a filtered calendar can be shared, reloaded and subscribed to
// (the feed of contract/stampe.ts reads the same query).
import { Schema } from 'effect'
import {
  Data,
  Id,
  ListOf,
  LookupOf,
  OneOf,
  Testo,
  Text,
  isData,
  isIsoDate,
  pagingFields,
  EmptyRequest,
  DEFAULT_FETCHROWS,
} from './common.ts'
import { TOURNAMENT_TYPES } from './constants.ts'
import { call, endpoint } from './endpoint.ts'
import { provincieGet } from './lookup.ts'
import { Banner, CircoloTrovato, MenuEntry, SEARCH_MIN_LENGTH } from './sezioni.ts'

const sectorField = { id_settore: Id }

/** Levels a visitor filters by: OPEN, or LIMIT (both LIMIT 65 and LIMIT 45). */
export const CALENDAR_LEVELS = ['OPEN', 'LIMIT'] as const
export type CalendarLevel = (typeof CALENDAR_LEVELS)[number]
/** Statuses a visitor filters by: enrolment open, running, finished. */
export const CALENDAR_STATES = ['iscrizioni_aperte', 'in_corso', 'concluso'] as const
export type CalendarState = (typeof CALENDAR_STATES)[number]
export const CALENDAR_TYPES = [TOURNAMENT_TYPES.TORNEI, TOURNAMENT_TYPES.CAMPIONATI] as const
export type CalendarType = (typeof CALENDAR_TYPES)[number]

/** Rows of one page of the list view. */
export const CALENDAR_PAGE_SIZE = DEFAULT_FETCHROWS
/** The month view asks for this many rows at a time, and at most this many pages. */
export const MONTH_FETCHROWS = 100
export const MONTH_MAX_PAGES = 5

// The calendar's readers (DateField, the partner search) kept finding the date rule here; it lives in common.ts.
export { isIsoDate }
/** @deprecated the shared `Data` of common.ts, under its old name. */
export const IsoDate = Data
const Sigla = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[A-Z]{2}$/, { message: 'deve essere la sigla di una provincia (es. RM)' })),
)

/** The filters of the calendar: every field optional; the server applies them all together. */
export const calendarFilterFields = {
  tipo: Schema.optionalKey(OneOf(CALENDAR_TYPES, "deve essere 'TR' (tornei) o 'CA' (campionati)")),
  regione: Schema.optionalKey(Text(60)),
  provincia: Schema.optionalKey(Sigla),
  id_circolo: Schema.optionalKey(Id),
  id_circuito: Schema.optionalKey(Id),
  dal: Schema.optionalKey(Data),
  al: Schema.optionalKey(Data),
  livello: Schema.optionalKey(OneOf(CALENDAR_LEVELS, "deve essere 'OPEN' o 'LIMIT'")),
  stato: Schema.optionalKey(
    OneOf(CALENDAR_STATES, "deve essere 'iscrizioni_aperte', 'in_corso' o 'concluso'"),
  ),
}

/** «dal» after «al»: refused by the server with this message. */
export const DATE_RANGE_REFUSED = 'Richiesta non valida: la data «dal» deve precedere la data «al».'

/** A tournament as the calendar lists it. */
export const TorneoCalendario = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  /** TR individual or pairs tournament, CA team tournament. */
  tipo: Schema.String,
  /** OPEN, LIMIT_65, LIMIT_45. */
  categoria: Schema.String,
  /** singolare | doppio */
  specialita: Schema.String,
  /** M, F or X (open to all). */
  genere: Schema.String,
  stato: Schema.String,
  /** ISO dates (YYYY-MM-DD). */
  data_inizio: Schema.String,
  data_fine: Schema.String,
  /** ISO instant the enrolment closes, or null. */
  iscrizioni_al: Schema.NullOr(Schema.String),
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  comune: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  regione: Schema.NullOr(Schema.String),
  id_circuito: Schema.NullOr(Schema.Int),
  circuito: Schema.NullOr(Schema.String),
  tappa: Schema.NullOr(Schema.Int),
  /** Entries enrolled (waiting list and withdrawn excluded). */
  iscritti: Schema.Int,
  max_iscritti: Schema.NullOr(Schema.Int),
})
export type TorneoCalendario = typeof TorneoCalendario.Type

/**
 * tornei/list: the calendar of a sector with its filters, a page at a time. Without dates and status it lists
 * what is running or still to come (by start date); with stato 'concluso' the most recent first.
 */
export const torneiList = endpoint('tornei/list', {
  request: Schema.Struct({ ...pagingFields, ...sectorField, ...calendarFilterFields }),
  response: ListOf(TorneoCalendario),
  access: 'public',
})
export type TorneiListRequest = {
  -readonly [K in keyof typeof torneiList.request.Encoded]: (typeof torneiList.request.Encoded)[K]
}

export const Tipologia = Schema.Struct({ codice: Schema.String, nome: Schema.String })
export type Tipologia = typeof Tipologia.Type

/** tornei_tipologie/get: the tournament types of the filter. */
export const torneiTipologie = endpoint('tornei_tipologie/get', {
  request: EmptyRequest,
  response: LookupOf(Tipologia),
  access: 'public',
})

export const SOCIETA_MAX_RESULTS = 10

/**
 * societa_ricerca/get: the clubs of the sector's discipline whose name starts with `testo` (then a word or the
 * town), or the one club `id_circolo` (to name the club a shared link filters by).
 */
export const societaRicerca = endpoint('societa_ricerca/get', {
  request: Schema.Struct({
    ...sectorField,
    testo: Schema.optionalKey(
      Testo.pipe(
        Schema.check(
          Schema.isTrimmed({ message: 'non deve iniziare o finire con spazi' }),
          Schema.isBetweenLength(SEARCH_MIN_LENGTH, 50, {
            message: `deve avere da ${SEARCH_MIN_LENGTH} a 50 caratteri`,
          }),
        ),
      ),
    ),
    id_circolo: Schema.optionalKey(Id),
  }),
  response: LookupOf(CircoloTrovato),
  access: 'public',
})
export const SOCIETA_RICERCA_NEEDS = 'Richiesta non valida: indica «testo» oppure «id_circolo».'

export const CircuitoVoce = Schema.Struct({ id: Schema.Int, nome: Schema.String, stagione: Schema.Int })
export type CircuitoVoce = typeof CircuitoVoce.Type

/** tornei_circuiti/get: the sector's circuits, newest season first, for the filter. */
export const torneiCircuiti = endpoint('tornei_circuiti/get', {
  request: Schema.Struct(sectorField),
  response: LookupOf(CircuitoVoce),
  access: 'public',
})

/** tornei/sezioni_menu/get: the tournaments section's menu (calendar, circuits, team championships). */
export const torneiSezioniMenu = endpoint('tornei/sezioni_menu/get', {
  request: Schema.Struct(sectorField),
  response: LookupOf(MenuEntry),
  access: 'public',
})

/** tornei/banner/list: the banners of the tournaments section shown now. */
export const torneiBannerList = endpoint('tornei/banner/list', {
  request: Schema.Struct(sectorField),
  response: ListOf(Banner),
  access: 'public',
})

// ---------------------------------------------------------------------------------------------------------
// The filters as a URL query: the page, the shared link, the page hints and the feed read the same keys.

export const CALENDAR_VIEWS = ['elenco', 'mese'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

/** What the calendar shows, as the URL says it. */
export type CalendarQuery = {
  tipo?: CalendarType
  regione?: string
  provincia?: string
  circolo?: number
  circuito?: number
  dal?: string
  al?: string
  livello?: CalendarLevel
  stato?: CalendarState
  vista: CalendarView
  /** The list view's page, from 1. */
  pagina: number
  /** The month view's month, AAAA-MM; none: the current one. */
  mese?: string
}

/** The query keys of the filters, in the order the URL writes them. */
export const FILTER_KEYS = [
  'tipo',
  'regione',
  'provincia',
  'circolo',
  'circuito',
  'dal',
  'al',
  'livello',
  'stato',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

const positive = (text: string | null) => {
  const n = Number(text)
  return text && /^\d{1,9}$/.test(text) && n > 0 ? n : undefined
}
const among = <const L extends readonly string[]>(values: L, text: string | null) =>
  text !== null && (values as readonly string[]).includes(text) ? (text as L[number]) : undefined
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/**
 * Reads the calendar's query; what is not understood is left out (an old or edited link still opens the
 * calendar, with the filters that make sense).
 */
export function calendarQueryOf(search: URLSearchParams): CalendarQuery {
  const text = (key: string, max: number) => {
    const value = search.get(key)?.trim()
    return value && value.length <= max ? value : undefined
  }
  const sigla = search.get('provincia')?.toUpperCase()
  const dal = search.get('dal')
  const al = search.get('al')
  const mese = search.get('mese')
  const query: CalendarQuery = {
    vista: among(CALENDAR_VIEWS, search.get('vista')) ?? 'elenco',
    pagina: positive(search.get('pagina')) ?? 1,
  }
  const tipo = among(CALENDAR_TYPES, search.get('tipo'))
  if (tipo) query.tipo = tipo
  const regione = text('regione', 60)
  if (regione) query.regione = regione
  if (sigla && /^[A-Z]{2}$/.test(sigla)) query.provincia = sigla
  const circolo = positive(search.get('circolo'))
  if (circolo) query.circolo = circolo
  const circuito = positive(search.get('circuito'))
  if (circuito) query.circuito = circuito
  if (dal && isData(dal)) query.dal = dal
  if (al && isData(al)) query.al = al
  if (query.dal && query.al && query.dal > query.al) delete query.al
  const livello = among(CALENDAR_LEVELS, search.get('livello'))
  if (livello) query.livello = livello
  const stato = among(CALENDAR_STATES, search.get('stato'))
  if (stato) query.stato = stato
  if (mese && MONTH.test(mese)) query.mese = mese
  return query
}

/** The query string of a calendar view (no leading '?'): defaults are left out, so links stay short. */
export function calendarSearch(query: CalendarQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(calendarFilters(query))) params.set(key, String(value))
  if (query.vista !== 'elenco') params.set('vista', query.vista)
  if (query.vista === 'elenco' && query.pagina > 1) params.set('pagina', String(query.pagina))
  if (query.vista === 'mese' && query.mese) params.set('mese', query.mese)
  return params.toString()
}

/** Only the filters (no view, page or month), by their query keys: what a feed of this calendar needs. */
export function calendarFilters(query: CalendarQuery): Partial<Record<FilterKey, string | number>> {
  const out: Partial<Record<FilterKey, string | number>> = {}
  for (const key of FILTER_KEYS) {
    const value = query[key]
    if (value !== undefined && value !== '') out[key] = value
  }
  return out
}

/** How many filters are set (the view says «3 filtri attivi»). */
export const activeFilterCount = (query: CalendarQuery) => Object.keys(calendarFilters(query)).length

/** The tornei/list body for the filters of a query (without paging). */
export function calendarRequestFilters(id_settore: number, query: CalendarQuery) {
  const body: TorneiListRequest = { id_settore }
  if (query.tipo) body.tipo = query.tipo
  if (query.regione) body.regione = query.regione
  if (query.provincia) body.provincia = query.provincia
  if (query.circolo) body.id_circolo = query.circolo
  if (query.circuito) body.id_circuito = query.circuito
  if (query.dal) body.dal = query.dal
  if (query.al) body.al = query.al
  if (query.livello) body.livello = query.livello
  if (query.stato) body.stato = query.stato
  return body
}

/** The first and last day of a month AAAA-MM. */
export function monthRange(mese: string): { dal: string; al: string } {
  const [y, m] = mese.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { dal: `${mese}-01`, al: `${mese}-${String(last).padStart(2, '0')}` }
}

/** The month shown by the month view: the query's, else the month of «dal», else `today`'s. */
export function monthOf(query: CalendarQuery, today: string): string {
  return query.mese ?? (query.dal ?? today).slice(0, 7)
}

/**
 * The list view's call: a page of the filtered calendar. The month view asks for the month's days (the
 * overlap of the month and the filters' dates) with large pages.
 */
export function calendarListCall(id_settore: number, query: CalendarQuery) {
  return call(torneiList, {
    ...calendarRequestFilters(id_settore, query),
    rowstoskip: (query.pagina - 1) * CALENDAR_PAGE_SIZE,
    fetchrows: CALENDAR_PAGE_SIZE,
  })
}

export function calendarMonthBody(id_settore: number, query: CalendarQuery, today: string, page: number) {
  const month = monthRange(monthOf(query, today))
  const dal = query.dal && query.dal > month.dal ? query.dal : month.dal
  const al = query.al && query.al < month.al ? query.al : month.al
  return {
    ...calendarRequestFilters(id_settore, query),
    dal,
    al,
    rowstoskip: page * MONTH_FETCHROWS,
    fetchrows: MONTH_FETCHROWS,
  } satisfies TorneiListRequest
}

/**
 * The calendar's public reads for a sector and a query: none depends on who asks, so the server answers them
 * inside the page it serves (server/http/page-hints.ts) and the client takes them from there.
 */
export function calendarCalls(id_settore: number, query: CalendarQuery, today: string) {
  return {
    menu: call(torneiSezioniMenu, { id_settore }),
    banner: call(torneiBannerList, { id_settore }),
    list:
      query.vista === 'mese'
        ? call(torneiList, calendarMonthBody(id_settore, query, today, 0))
        : calendarListCall(id_settore, query),
  }
}

/** The lookups of the calendar's filters: tournament types, provinces (with their regions), the sector's circuits. */
export function calendarLookupCalls(id_settore: number) {
  return {
    tipologie: call(torneiTipologie, {}),
    provincie: call(provincieGet, {}),
    circuiti: call(torneiCircuiti, { id_settore }),
  }
}
