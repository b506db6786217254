// How the clubs' pages load: the contract's calls for the page-data machine (machines/page-data.ts), the list's
// filters as the URL keeps them (?settore=2&testo=parioli&provincia=RM&pagina=2), and the visitor's position,
// asked only when the visitor presses «Circoli vicino a me» and sent rounded (about a kilometre), never stored.
import {
  CIRCOLI_PAGE_SIZE,
  POSIZIONE_DECIMALI,
  societaSquadreView,
  societaView,
} from '../../../contract/circoli.ts'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { ricercaCircoli, SEARCH_MIN_LENGTH } from '../../../contract/home.ts'
import { provincieGet } from '../../../contract/lookup.ts'
import { callApi } from '../../api/client.ts'
import { ServerFailure } from '../../api/errors.ts'

export type Posizione = { latitudine: number; longitudine: number }
export type Filtri = { id_settore: number; testo?: string; provincia?: string }
export type ListParams = { filtri: Filtri; pagina: number; posizione: Posizione | null }

/** The disciplines as the filter offers them: each by its first sector, the one the portal opens on. */
export const DISCIPLINE_FILTRO = DISCIPLINES.map((d) => ({
  nome: d.nome,
  id_settore: d.settori[0]!.id as number,
  settori: d.settori.map((s) => s.id as number),
}))

/** The list's query from the URL; what is not valid there is left out (a stale link still opens). */
export function readQuery(search: URLSearchParams, storedSector: number): { filtri: Filtri; pagina: number } {
  const sector = Number(search.get('settore'))
  const known = DISCIPLINE_FILTRO.some((d) => d.settori.includes(sector))
  const testo = search.get('testo')?.trim().replace(/\s+/g, ' ')
  const provincia = search.get('provincia')?.trim().toUpperCase()
  const page = Number(search.get('pagina'))
  const filtri: Filtri = { id_settore: known ? sector : storedSector }
  if (testo && testo.length >= SEARCH_MIN_LENGTH) filtri.testo = testo.slice(0, 50)
  if (provincia && /^[A-Z]{2}$/.test(provincia)) filtri.provincia = provincia
  return { filtri, pagina: Number.isInteger(page) && page > 0 ? page : 1 }
}

/** The URL query of the list's filters (the sector always, as `settore`). */
export function searchOf(filtri: Filtri, pagina = 1): string {
  const params = new URLSearchParams({ settore: String(filtri.id_settore) })
  if (filtri.testo) params.set('testo', filtri.testo)
  if (filtri.provincia) params.set('provincia', filtri.provincia)
  if (pagina > 1) params.set('pagina', String(pagina))
  return params.toString()
}

const rounded = (n: number) => Number(n.toFixed(POSIZIONE_DECIMALI))

export const loadCircoli = ({ filtri, pagina, posizione }: ListParams, signal: AbortSignal) =>
  callApi(
    ricercaCircoli,
    {
      ...filtri,
      ...(posizione
        ? { latitudine: rounded(posizione.latitudine), longitudine: rounded(posizione.longitudine) }
        : {}),
      fetchrows: CIRCOLI_PAGE_SIZE,
      rowstoskip: (pagina - 1) * CIRCOLI_PAGE_SIZE,
    },
    { signal },
  )

export const loadProvince = async (_: null, signal: AbortSignal) =>
  (await callApi(provincieGet, {}, { signal })).result

export const loadCircolo = async (params: { id: number; id_settore: number }, signal: AbortSignal) =>
  (await callApi(societaView, { id_circolo: params.id, id_settore: params.id_settore }, { signal })).result

export const loadSquadre = (id: number, signal: AbortSignal) =>
  callApi(societaSquadreView, { id_circolo: id, fetchrows: 100 }, { signal })

/** Why the position could not be had, in Italian (the page-data machine shows it with «Riprova»). */
const POSITION_ERRORS: Record<number, string> = {
  1: 'Non hai dato il permesso di usare la tua posizione: l’elenco resta in ordine alfabetico. Puoi concederlo dalle impostazioni del browser.',
  2: 'La tua posizione non è disponibile in questo momento.',
  3: 'La tua posizione non è arrivata in tempo.',
}

// The browser's refusal as the failure the page-data machine shows as is (status 0: no server was asked).
const refusal = (message: string) => new ServerFailure({ status: 0, message })

/** The visitor's position, asked once to the browser (which asks the visitor). */
export function locate(_: null, signal: AbortSignal): Promise<Posizione> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(refusal('Questo browser non sa dire dove ti trovi.'))
      return
    }
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!signal.aborted) resolve({ latitudine: p.coords.latitude, longitudine: p.coords.longitude })
      },
      (e) => reject(refusal(POSITION_ERRORS[e.code] ?? POSITION_ERRORS[2]!)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    )
  })
}
