// How the rankings pages load and how their filters live in the URL: the contract's calls for the page-data machine
// (machines/page-data.ts), and the query keys a shared link carries (?settore=4&sesso=F&pagina=2…): the sector under
// the name every public page gives it (src/app/sector-address.ts), so a ranking's sector is the portal's sector.
import {
  classificaSocialeList,
  rankingCalls,
  rankingKindOf,
  rankingQueryOf,
  SETTORI_CLASSIFICHE,
  type ClassificaGiocatori,
  type ClassificaSocieta,
  type FiltriClassifica,
  type QueryClassifica,
} from '../../../contract/classifiche.ts'
import type { ClassificaStampa } from '../../../contract/stampe.ts'
import { callApi, initialAnswer } from '../../api/client.ts'

export type Pagina = ClassificaStampa

/** The filters of a rankings page as the URL holds them; absent keys are «all». */
export type Filtri = FiltriClassifica

export type Query = QueryClassifica

/** Every sector with its discipline, as the «Settore» filter lists them: «Tennis», «Tennis – Junior»… */
export const SETTORI = SETTORI_CLASSIFICHE

/** The page's query from the URL; what is not valid there is left out (a stale link still opens). */
export const readQuery = rankingQueryOf

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

export const kindOf = rankingKindOf

export type ListParams = { pagina: Pagina; query: Query; signedIn: boolean }

/** One page of the players' or the clubs' ranking; «trova me» only for a signed-in player. */
export function loadRanking(
  { pagina, query, signedIn }: ListParams,
  signal: AbortSignal,
): Promise<ClassificaGiocatori | ClassificaSocieta> {
  const { clubs, players } = rankingCalls(pagina, query, signedIn).list
  return clubs
    ? callApi(clubs.endpoint, clubs.body, { signal })
    : callApi(players.endpoint, players.body, { signal })
}

/** The calls of a page's lookups: they depend on the sector only (the list's filters do not matter). */
const lookups = (id_settore: number) =>
  rankingCalls('classifica-nazionale', { filtri: { id_settore }, pagina: 1, trova: false })

export const loadMenu = async (id_settore: number, signal: AbortSignal) => {
  const { endpoint, body } = lookups(id_settore).menu
  return (await callApi(endpoint, body, { signal })).result
}
export const loadFasce = async (id_settore: number, signal: AbortSignal) => {
  const { endpoint, body } = lookups(id_settore).fasce
  return (await callApi(endpoint, body, { signal })).result
}
export const loadProvince = async (_: null, signal: AbortSignal) => {
  const { endpoint, body } = lookups(0).province
  return (await callApi(endpoint, body, { signal })).result
}
export const loadTipiSocieta = async (_: null, signal: AbortSignal) => {
  const { endpoint, body } = lookups(0).tipi
  return (await callApi(endpoint, body, { signal })).result
}

/**
 * What the server answered in the page for this rankings page (server/http/page-hints.ts), ready to show; each
 * answer is used once, so the page takes them at its first render.
 */
export function initialRanking(params: ListParams) {
  const calls = rankingCalls(params.pagina, params.query, params.signedIn)
  const { list, menu, fasce, province, tipi } = calls
  return {
    list: list.clubs
      ? initialAnswer(list.clubs.endpoint, list.clubs.body)
      : initialAnswer(list.players.endpoint, list.players.body),
    menu: initialAnswer(menu.endpoint, menu.body)?.result,
    fasce: initialAnswer(fasce.endpoint, fasce.body)?.result,
    province: initialAnswer(province.endpoint, province.body)?.result,
    tipi: initialAnswer(tipi.endpoint, tipi.body)?.result,
  }
}

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

export type InitialRanking = ReturnType<typeof initialRanking>
