// How the rankings pages load and how their filters live in the URL: the contract's calls for the page-data machine
// (machines/page-data.ts), and the query keys a shared link carries (?settore=4&sesso=F&pagina=2…): the sector under
// the name every public page gives it (src/app/sector-address.ts), so a ranking's sector is the portal's sector.
import {
  FASCE_CODICI,
  RANKING_PAGE_SIZE,
  SESSI,
  TIPI_SOCIETA_CODICI,
  classificaSocialeList,
  classificheClassificheList,
  classificheSezioniMenu,
  classificheSocietaList,
  classificheSocietaTipoGet,
  settoriGruppiGet,
  type ClassificaGiocatori,
  type ClassificaSocieta,
  type RankingKind,
} from '../../../contract/classifiche.ts'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { provincieGet } from '../../../contract/lookup.ts'
import type { ClassificaStampa } from '../../../contract/stampe.ts'
import { callApi } from '../../api/client.ts'

export type Pagina = ClassificaStampa

/** The filters of a rankings page as the URL holds them; absent keys are «all». */
export type Filtri = {
  id_settore: number
  stagione?: number
  sesso?: (typeof SESSI)[number]
  fascia?: (typeof FASCE_CODICI)[number]
  regione?: string
  provincia?: string
  tipo_societa?: (typeof TIPI_SOCIETA_CODICI)[number]
}

export type Query = { filtri: Filtri; pagina: number; trova: boolean }

/** Every sector with its discipline, as the «Settore» filter lists them: «Tennis», «Tennis – Junior»… */
export const SETTORI = DISCIPLINES.flatMap((d) =>
  d.settori.map((s) => ({ id: s.id as number, nome: s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}` })),
)

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.includes(text as T) ? (text as T) : undefined

/** The page's query from the URL; what is not valid there is left out (a stale link still opens). */
export function readQuery(
  search: URLSearchParams,
  pagina: Pagina,
  storedSector: number,
  season: number,
): Query {
  // `id_settore` is read too: the first shared links of the rankings named it so.
  const sector = Number(search.get('settore') ?? search.get('id_settore'))
  const asked = Number(search.get('stagione'))
  const page = Number(search.get('pagina'))
  const regione = search.get('regione')?.trim()
  const provincia = search.get('provincia')?.trim().toUpperCase()
  const filtri: Filtri = {
    id_settore: SETTORI.some((s) => s.id === sector) ? sector : storedSector,
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

/**
 * The URL query of a page's filters. The sector is always written, as `settore`: choosing another one in the
 * filter makes it the portal's sector, as a shared link naming it does.
 */
export function searchOf(filtri: Filtri, options: { pagina?: number; trova?: boolean } = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filtri)) {
    if (value === undefined || value === '') continue
    params.set(key === 'id_settore' ? 'settore' : key, String(value))
  }
  if (options.pagina && options.pagina > 1) params.set('pagina', String(options.pagina))
  if (options.trova) params.set('trova', '1')
  return params.toString()
}

export const kindOf = (pagina: Pagina): RankingKind => (pagina === 'race-annuale' ? 'race' : 'nazionale')

export type ListParams = { pagina: Pagina; query: Query; signedIn: boolean }

/** One page of the players' or the clubs' ranking; «trova me» only for a signed-in player. */
export function loadRanking(
  { pagina, query, signedIn }: ListParams,
  signal: AbortSignal,
): Promise<ClassificaGiocatori | ClassificaSocieta> {
  const paging = { fetchrows: RANKING_PAGE_SIZE, rowstoskip: (query.pagina - 1) * RANKING_PAGE_SIZE }
  if (pagina === 'classifica-affiliati')
    return callApi(classificheSocietaList, { ...query.filtri, ...paging }, { signal })
  const { tipo_societa: _t, ...filtri } = query.filtri
  return callApi(
    classificheClassificheList,
    { ...filtri, ...paging, tipo: kindOf(pagina), ...(query.trova && signedIn ? { trova_me: true } : {}) },
    { signal },
  )
}

export const loadMenu = async (id_settore: number, signal: AbortSignal) =>
  (await callApi(classificheSezioniMenu, { id_settore }, { signal })).result
export const loadFasce = async (id_settore: number, signal: AbortSignal) =>
  (await callApi(settoriGruppiGet, { id_settore }, { signal })).result
export const loadProvince = async (_: null, signal: AbortSignal) =>
  (await callApi(provincieGet, {}, { signal })).result
export const loadTipiSocieta = async (_: null, signal: AbortSignal) =>
  (await callApi(classificheSocietaTipoGet, {}, { signal })).result
export const loadSociale = (
  params: { id_settore: number; id_circolo: number; stagione?: number | undefined },
  signal: AbortSignal,
) =>
  callApi(
    classificaSocialeList,
    {
      id_settore: params.id_settore,
      id_circolo: params.id_circolo,
      ...(params.stagione ? { stagione: params.stagione } : {}),
      fetchrows: 100,
    },
    { signal },
  )
