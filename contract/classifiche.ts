// Rankings (/classifiche/race-annuale, /classifiche/classifica-nazionale, /classifiche/classifica-affiliati): the
// section's menu, the players' rankings, the clubs' ranking and one club's own ranking (classifica sociale), the
// lookups of their filters, and the export permission's messages. Rules: docs/regole.md «Classifiche», «Parità».
import { Schema } from 'effect'
import { EmptyRequest, Id, ListOf, LookupOf, OneOf, Stagione, Testo, pagingFields } from './common.ts'
import { DISCIPLINES } from './constants.ts'
import { call, endpoint } from './endpoint.ts'
import { provincieGet } from './lookup.ts'
import { MenuEntry } from './sezioni.ts'
import type { ClassificaStampa } from './stampe.ts'

export const RANKING_KINDS = ['race', 'nazionale'] as const
export type RankingKind = (typeof RANKING_KINDS)[number]

/** Rows of one page of a ranking. */
export const RANKING_PAGE_SIZE = 25
/** Rows a PDF print holds at most (the CSV holds them all). */
export const RANKING_PDF_MAX_ROWS = 500

export const SESSI = ['M', 'F'] as const

/**
 * Age groups (settori-gruppi/get), by the age a player turns in the ranking's season: «Under 14» is who turns 14 or
 * less, «Over 45» who turns 45 or more (docs/regole.md «Classifiche»). The junior sector has only the under groups.
 */
export const FASCE_ETA = [
  { codice: 'U12', nome: 'Under 12', fino: 12 },
  { codice: 'U14', nome: 'Under 14', fino: 14 },
  { codice: 'U16', nome: 'Under 16', fino: 16 },
  { codice: 'U18', nome: 'Under 18', fino: 18 },
  { codice: 'O35', nome: 'Over 35', da: 35 },
  { codice: 'O45', nome: 'Over 45', da: 45 },
  { codice: 'O55', nome: 'Over 55', da: 55 },
  { codice: 'O65', nome: 'Over 65', da: 65 },
] as const
export type FasciaEta = (typeof FASCE_ETA)[number]
export const FASCE_CODICI = FASCE_ETA.map((f) => f.codice)

/** Club types (classifiche_societa_tipo/get): by how many disciplines the club offers. */
export const TIPI_SOCIETA = [
  { codice: 'monodisciplina', nome: 'Circoli di una sola disciplina' },
  { codice: 'polisportiva', nome: 'Circoli polisportivi (più discipline)' },
] as const
export const TIPI_SOCIETA_CODICI = TIPI_SOCIETA.map((t) => t.codice)

/** Who may print or export a ranking: accounts with puo_esportare_classifiche (spec §6, DESIGN.md §4). */
export const RANKING_EXPORT_MESSAGES = {
  signIn: 'Per stampare o esportare le classifiche accedi con il tuo account.',
  notAllowed:
    'Il tuo account non è abilitato a stampare o esportare le classifiche: puoi consultarle su questa pagina. Per l’abilitazione scrivi alla segreteria della federazione.',
} as const

export const TROVA_ME_MESSAGES = {
  signIn: 'Accedi per trovarti in classifica.',
  noPerson:
    'Al tuo account non è ancora associato un giocatore: completa il profilo per trovarti in classifica.',
} as const

/** How a tie of points is ordered (docs/regole.md «Parità»); the pages and the PDF print it as it is. */
export const RANKING_TIE_RULE =
  'A parità di punti la posizione è la stessa e la successiva viene saltata (1, 2, 2, 4). Nell’elenco viene prima chi ha ottenuto i punti con meno risultati; a parità anche di risultati, l’ordine è alfabetico.'
export const CLUB_TIE_RULE =
  'A parità di punti la posizione è la stessa e la successiva viene saltata. Nell’elenco viene prima il circolo che ha ottenuto i punti con meno tesserati; a parità anche di tesserati, l’ordine è alfabetico.'

const Provincia = Testo.pipe(
  Schema.check(Schema.isPattern(/^[A-Z]{2}$/, { message: 'deve essere la sigla di una provincia (es. RM)' })),
)
const Regione = Testo.pipe(
  Schema.check(Schema.isBetweenLength(2, 60, { message: 'deve essere il nome di una regione' })),
)

/** The filters of the players' rankings, as the page, its URL and the exports carry them. */
export const filtriGiocatoriFields = {
  id_settore: Id,
  tipo: OneOf(RANKING_KINDS, "deve essere 'race' o 'nazionale'"),
  /** The race's season (the latest by default); the national ranking is always the latest. */
  stagione: Schema.optionalKey(Stagione),
  sesso: Schema.optionalKey(OneOf(SESSI, "deve essere 'M' o 'F'")),
  fascia: Schema.optionalKey(OneOf(FASCE_CODICI, `deve essere una fascia tra ${FASCE_CODICI.join(', ')}`)),
  regione: Schema.optionalKey(Regione),
  provincia: Schema.optionalKey(Provincia),
}
export const FiltriGiocatori = Schema.Struct(filtriGiocatoriFields)
export type FiltriGiocatori = typeof FiltriGiocatori.Type

/** The filters of the clubs' ranking. */
export const filtriSocietaFields = {
  id_settore: Id,
  stagione: Schema.optionalKey(Stagione),
  regione: Schema.optionalKey(Regione),
  provincia: Schema.optionalKey(Provincia),
  tipo_societa: Schema.optionalKey(
    OneOf(TIPI_SOCIETA_CODICI, `deve essere un tipo tra ${TIPI_SOCIETA_CODICI.join(', ')}`),
  ),
}
export const FiltriSocieta = Schema.Struct(filtriSocietaFields)
export type FiltriSocieta = typeof FiltriSocieta.Type

export const RigaGiocatore = Schema.Struct({
  /** Position among the rows the filters keep (1, 2, 2, 4). */
  posizione: Schema.Int,
  /** Position in the whole ranking of the sector. */
  posizione_generale: Schema.Int,
  id_persona: Schema.Int,
  persona: Schema.String,
  punti: Schema.Int,
  /** Results counted (at most 10 in the national ranking). */
  tornei: Schema.Int,
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  provincia: Schema.NullOr(Schema.String),
  /** Why this row stands where it does among rows with the same points; null when nobody shares its points. */
  parita: Schema.NullOr(Schema.String),
})
export type RigaGiocatore = typeof RigaGiocatore.Type

/** A page of a ranking: the rows, the total, where the page starts, the season and the day it was computed. */
const PaginaOf = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    ...ListOf(item).fields,
    rowstoskip: Schema.Int,
    stagione: Schema.NullOr(Schema.Int),
    calcolata_al: Schema.NullOr(Schema.String),
    /** With trova_me: the caller's person id when the page holds them, null when the ranking does not. */
    trovato: Schema.NullOr(Schema.Int),
  })

export const ClassificaGiocatori = PaginaOf(RigaGiocatore)
export type ClassificaGiocatori = typeof ClassificaGiocatori.Type

/**
 * classifiche/classifiche/list: a page of the race or national ranking of a sector, filtered. With `trova_me` the
 * page is the one holding the signed-in caller (rowstoskip is then ignored), and `trovato` says so.
 */
export const classificheClassificheList = endpoint('classifiche/classifiche/list', {
  request: Schema.Struct({
    ...pagingFields,
    ...filtriGiocatoriFields,
    trova_me: Schema.optionalKey(Schema.Boolean),
  }),
  response: ClassificaGiocatori,
  access: 'public',
})

export const RigaSocieta = Schema.Struct({
  posizione: Schema.Int,
  posizione_generale: Schema.Int,
  id_circolo: Schema.Int,
  circolo: Schema.String,
  comune: Schema.String,
  provincia: Schema.String,
  punti: Schema.Int,
  /** Members who scored. */
  tesserati: Schema.Int,
  parita: Schema.NullOr(Schema.String),
})
export type RigaSocieta = typeof RigaSocieta.Type

export const ClassificaSocieta = PaginaOf(RigaSocieta)
export type ClassificaSocieta = typeof ClassificaSocieta.Type

/** classifiche/societa/list: a page of the affiliates' ranking (clubs by their members' race points), filtered. */
export const classificheSocietaList = endpoint('classifiche/societa/list', {
  request: Schema.Struct({ ...pagingFields, ...filtriSocietaFields }),
  response: ClassificaSocieta,
  access: 'public',
})

/** classifica/sociale/list: one club's own ranking, its members in the race whose points make the club's. */
export const classificaSocialeList = endpoint('classifica/sociale/list', {
  request: Schema.Struct({
    ...pagingFields,
    id_settore: Id,
    id_circolo: Id,
    stagione: Schema.optionalKey(Stagione),
  }),
  response: ClassificaGiocatori,
  access: 'public',
})

/** classifiche/sezioni_menu/get: the rankings section's menu (race, national, affiliates). */
export const classificheSezioniMenu = endpoint('classifiche/sezioni_menu/get', {
  request: Schema.Struct({ id_settore: Id }),
  response: LookupOf(MenuEntry),
  access: 'public',
})

export const Voce = Schema.Struct({ codice: Schema.String, nome: Schema.String })
export type Voce = typeof Voce.Type

/** settori-gruppi/get: the sector's age groups, the rankings' «Fascia d'età» filter. */
export const settoriGruppiGet = endpoint('settori-gruppi/get', {
  request: Schema.Struct({ id_settore: Id }),
  response: LookupOf(Voce),
  access: 'public',
})

/** classifiche_societa_tipo/get: the club types of the affiliates' ranking filter. */
export const classificheSocietaTipoGet = endpoint('classifiche_societa_tipo/get', {
  request: EmptyRequest,
  response: LookupOf(Voce),
  access: 'public',
})

/** Every sector with its discipline, as the «Settore» filter lists them: «Tennis», «Tennis – Junior»… */
export const SETTORI_CLASSIFICHE = DISCIPLINES.flatMap((d) =>
  d.settori.map((s) => ({ id: s.id as number, nome: s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}` })),
)

/** The filters of a rankings page as the URL holds them; absent keys are «all». */
export type FiltriClassifica = {
  id_settore: number
  stagione?: number
  sesso?: (typeof SESSI)[number]
  fascia?: (typeof FASCE_CODICI)[number]
  regione?: string
  provincia?: string
  tipo_societa?: (typeof TIPI_SOCIETA_CODICI)[number]
}

export type QueryClassifica = { filtri: FiltriClassifica; pagina: number; trova: boolean }

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.includes(text as T) ? (text as T) : undefined

/**
 * A rankings page's query from its URL (?settore=4&sesso=F&pagina=2…); what is not valid there is left out (a
 * stale link still opens). The sector is the URL's, or the portal's own (`storedSector`).
 */
export function rankingQueryOf(
  search: URLSearchParams,
  pagina: ClassificaStampa,
  storedSector: number,
  season: number,
): QueryClassifica {
  // `id_settore` is read too: the first shared links of the rankings named it so.
  const sector = Number(search.get('settore') ?? search.get('id_settore'))
  const asked = Number(search.get('stagione'))
  const page = Number(search.get('pagina'))
  const regione = search.get('regione')?.trim()
  const provincia = search.get('provincia')?.trim().toUpperCase()
  const filtri: FiltriClassifica = {
    id_settore: SETTORI_CLASSIFICHE.some((s) => s.id === sector) ? sector : storedSector,
  }
  if (pagina !== 'classifica-nazionale' && Number.isInteger(asked) && asked >= season - 5 && asked < season)
    filtri.stagione = asked
  if (pagina !== 'classifica-affiliati') {
    const sesso = oneOf(SESSI, search.get('sesso'))
    if (sesso) filtri.sesso = sesso
    const fascia = oneOf(FASCE_CODICI, search.get('fascia'))
    if (fascia) filtri.fascia = fascia
  } else {
    const tipo = oneOf(TIPI_SOCIETA_CODICI, search.get('tipo_societa'))
    if (tipo) filtri.tipo_societa = tipo
  }
  if (regione) filtri.regione = regione
  if (provincia && /^[A-Z]{2}$/.test(provincia)) filtri.provincia = provincia
  return { filtri, pagina: Number.isInteger(page) && page > 0 ? page : 1, trova: search.get('trova') === '1' }
}

export const rankingKindOf = (pagina: ClassificaStampa): RankingKind =>
  pagina === 'race-annuale' ? 'race' : 'nazionale'

/**
 * The reads a rankings page makes as it opens: its list (players' or clubs'; «trova me» only for a signed-in
 * player), the section's menu and its filters' lookups. The server answers them in the page it serves for
 * everyone (server/http/page-hints.ts) and the client asks the same, so both build the bodies here.
 */
export function rankingCalls(pagina: ClassificaStampa, query: QueryClassifica, signedIn = false) {
  const paging = { fetchrows: RANKING_PAGE_SIZE, rowstoskip: (query.pagina - 1) * RANKING_PAGE_SIZE }
  const { tipo_societa: _t, ...filtri } = query.filtri
  const { id_settore } = query.filtri
  return {
    /** The clubs' list on the affiliates' ranking, the players' on the others. */
    list:
      pagina === 'classifica-affiliati'
        ? { clubs: call(classificheSocietaList, { ...query.filtri, ...paging }) }
        : {
            players: call(classificheClassificheList, {
              ...filtri,
              ...paging,
              tipo: rankingKindOf(pagina),
              ...(query.trova && signedIn ? { trova_me: true } : {}),
            }),
          },
    menu: call(classificheSezioniMenu, { id_settore }),
    fasce: call(settoriGruppiGet, { id_settore }),
    province: call(provincieGet, {}),
    tipi: call(classificheSocietaTipoGet, {}),
  }
}
