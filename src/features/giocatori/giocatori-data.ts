// How the players' pages load and how the list's filters live in the URL: the contract's calls for the page-data
// machine (machines/page-data.ts), and the query a shared link carries (?settore=2&testo=rossi&provincia=RM
// &circolo=12&pagina=2): the sector under the name every public page gives it (src/app/sector-address.ts).
import { DISCIPLINES } from '../../../contract/constants.ts'
import {
  GIOCATORI_PAGE_SIZE,
  RISULTATI_PAGE_SIZE,
  schedaCalls,
  type Scheda as SchedaParams,
} from '../../../contract/giocatori.ts'
import { SEARCH_MIN_LENGTH, ricercaGiocatori } from '../../../contract/home.ts'
import { provincieGet } from '../../../contract/lookup.ts'
import { sectorLabel } from '../../../contract/words.ts'
import { callApi, initialAnswer } from '../../api/client.ts'

/** Every sector with its discipline, as the «Disciplina e settore» filter lists them. */
export const SETTORI = DISCIPLINES.flatMap((d) =>
  d.settori.map((s) => ({ id: s.id as number, nome: sectorLabel(d.nome, s.nome) })),
)

/** The list's filters as the URL holds them; absent keys are «all». */
export type Ricerca = {
  id_settore: number
  testo?: string
  provincia?: string
  id_circolo?: number
  pagina: number
}

/** The list's query from the URL; what is not valid there is left out (a stale link still opens). */
export function readRicerca(search: URLSearchParams, storedSector: number): Ricerca {
  const sector = Number(search.get('settore'))
  const testo = search.get('testo')?.replace(/\s+/g, ' ').trim().slice(0, 50)
  const provincia = search.get('provincia')?.trim().toUpperCase()
  const circolo = Number(search.get('circolo'))
  const pagina = Number(search.get('pagina'))
  const ricerca: Ricerca = {
    id_settore: SETTORI.some((s) => s.id === sector) ? sector : storedSector,
    pagina: Number.isInteger(pagina) && pagina > 0 ? pagina : 1,
  }
  if (testo && testo.length >= SEARCH_MIN_LENGTH) ricerca.testo = testo
  if (provincia && /^[A-Z]{2}$/.test(provincia)) ricerca.provincia = provincia
  if (Number.isInteger(circolo) && circolo > 0) ricerca.id_circolo = circolo
  return ricerca
}

/** The URL query of the list's filters: the sector always, as `settore`; page 1 unwritten. */
export function ricercaSearch(ricerca: Partial<Ricerca> & { id_settore: number }): string {
  const params = new URLSearchParams()
  params.set('settore', String(ricerca.id_settore))
  if (ricerca.testo) params.set('testo', ricerca.testo)
  if (ricerca.provincia) params.set('provincia', ricerca.provincia)
  if (ricerca.id_circolo) params.set('circolo', String(ricerca.id_circolo))
  if (ricerca.pagina && ricerca.pagina > 1) params.set('pagina', String(ricerca.pagina))
  return params.toString()
}

export const loadGiocatori = (ricerca: Ricerca, signal: AbortSignal) =>
  callApi(
    ricercaGiocatori,
    {
      id_settore: ricerca.id_settore,
      ...(ricerca.testo ? { testo: ricerca.testo } : {}),
      ...(ricerca.provincia ? { provincia: ricerca.provincia } : {}),
      ...(ricerca.id_circolo ? { id_circolo: ricerca.id_circolo } : {}),
      fetchrows: GIOCATORI_PAGE_SIZE,
      rowstoskip: (ricerca.pagina - 1) * GIOCATORI_PAGE_SIZE,
    },
    { signal },
  )

export const loadProvince = async (_: null, signal: AbortSignal) =>
  (await callApi(provincieGet, {}, { signal })).result

/** What every section of the player page asks with: the player and the sector. */
export type Scheda = SchedaParams

export const loadProfilo = async (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.profilo(p)
  return (await callApi(endpoint, body, { signal })).result
}
export const loadPunti = (p: Scheda & { tipo: 'race' | 'nazionale' }, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.punti(p)
  return callApi(endpoint, body, { signal })
}
export { RISULTATI_PAGE_SIZE }

export const loadRisultati = (p: Scheda & { pagina: number }, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.risultati(p)
  return callApi(endpoint, body, { signal })
}
export const loadPalmares = (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.palmares(p)
  return callApi(endpoint, body, { signal })
}
export const loadProssimi = (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.prossimi(p)
  return callApi(endpoint, body, { signal })
}
export const loadRiepilogo = async (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.riepilogo(p)
  return (await callApi(endpoint, body, { signal })).result
}

/** The player's profile the server answered in the page, if any (then the page opens with it). */
export function initialProfilo(p: Scheda) {
  const { endpoint, body } = schedaCalls.profilo(p)
  return initialAnswer(endpoint, body)?.result
}
