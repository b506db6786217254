// How the team championships' pages load (issue 21): the contract's calls for the page-data machine
// (machines/page-data.ts), and the list's filters as the URL keeps them (?settore=2&stagione=2026&zona=12&pagina=2).
import {
  CAMPIONATI_PAGE_SIZE,
  CAMPIONATO_STATI,
  classificheSquadreGironiList,
  squadreCampionatiList,
  squadreCampionatiView,
  squadreCommentiList,
  squadreGiocatoriSquadraList,
  squadreIscrizioniList,
  squadreTabelloniPublicView,
  squadreTorneiView,
  squadreView,
  squadreZoneGet,
  type CampionatoStato,
} from '../../../contract/campionati.ts'
import { callApi } from '../../api/client.ts'
import { DISCIPLINE_FILTRO } from '../circoli/circoli-data.ts'

export { DISCIPLINE_FILTRO }

export type Filtri = { id_settore: number; stagione?: number; id_zona?: number; stato?: CampionatoStato }
export type ListParams = { filtri: Filtri; pagina: number }

/** The list's query from the URL; what is not valid there is left out (a stale link still opens). */
export function readQuery(search: URLSearchParams, storedSector: number): ListParams {
  const sector = Number(search.get('settore'))
  const known = DISCIPLINE_FILTRO.some((d) => d.settori.includes(sector))
  const stagione = Number(search.get('stagione'))
  const zona = Number(search.get('zona'))
  const stato = search.get('stato')
  const page = Number(search.get('pagina'))
  const filtri: Filtri = { id_settore: known ? sector : storedSector }
  if (Number.isInteger(stagione) && stagione >= 2000 && stagione <= 2100) filtri.stagione = stagione
  if (Number.isInteger(zona) && zona > 0 && zona < 100) filtri.id_zona = zona
  if (stato && (CAMPIONATO_STATI as readonly string[]).includes(stato))
    filtri.stato = stato as CampionatoStato
  return { filtri, pagina: Number.isInteger(page) && page > 0 ? page : 1 }
}

/** The URL query of the list's filters (the sector always, as `settore`). */
export function searchOf(filtri: Filtri, pagina = 1): string {
  const params = new URLSearchParams({ settore: String(filtri.id_settore) })
  if (filtri.stagione) params.set('stagione', String(filtri.stagione))
  if (filtri.id_zona) params.set('zona', String(filtri.id_zona))
  if (filtri.stato) params.set('stato', filtri.stato)
  if (pagina > 1) params.set('pagina', String(pagina))
  return params.toString()
}

export const loadCampionati = ({ filtri, pagina }: ListParams, signal: AbortSignal) =>
  callApi(
    squadreCampionatiList,
    { ...filtri, fetchrows: CAMPIONATI_PAGE_SIZE, rowstoskip: (pagina - 1) * CAMPIONATI_PAGE_SIZE },
    { signal },
  )

export const loadZone = async (id_settore: number, signal: AbortSignal) =>
  (await callApi(squadreZoneGet, { id_settore }, { signal })).result

export const loadCampionato = async (id: number, signal: AbortSignal) =>
  (await callApi(squadreCampionatiView, { id_campionato: id }, { signal })).result

export const loadTorneo = async (id: number, signal: AbortSignal) =>
  (await callApi(squadreTorneiView, { id_torneo: id }, { signal })).result

export const loadClassifiche = async (id: number, signal: AbortSignal) =>
  (await callApi(classificheSquadreGironiList, { id_torneo: id }, { signal })).results

export const loadTabellone = async (id: number, signal: AbortSignal) =>
  (await callApi(squadreTabelloniPublicView, { id_torneo: id }, { signal })).result

export const loadIscritte = (id: number, signal: AbortSignal) =>
  callApi(squadreIscrizioniList, { id_torneo: id, fetchrows: 100 }, { signal })

export const loadCommenti = (id: number, signal: AbortSignal) =>
  callApi(squadreCommentiList, { id_torneo: id, fetchrows: 50 }, { signal })

export const loadSquadra = async (id: number, signal: AbortSignal) =>
  (await callApi(squadreView, { id_squadra: id }, { signal })).result

export const loadRosa = (id: number, signal: AbortSignal) =>
  callApi(squadreGiocatoriSquadraList, { id_squadra: id, fetchrows: 100 }, { signal })

/** The id of a detail route's `:id`, or 0 (the server answers «non trovato»). */
export const idOf = (raw: string | undefined) => (/^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0)
