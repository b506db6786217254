// The effects of /giocatori/cerca-compagno: its calls to the API (giocatori/cerca-compagno/*) for the page-data
// machine and the confirmed-action dialogs, and the partner-request machine's snapshots that decide which buttons
// a player sees (the very machine the server decides with).
import { initialTransition } from 'xstate'
import {
  cercaCompagnoAdd,
  cercaCompagnoCancellaRichiesta,
  cercaCompagnoConfermaRichiesta,
  cercaCompagnoDel,
  cercaCompagnoInvioRichiesta,
  cercaCompagnoList,
  cercaCompagnoMessaggio,
  cercaCompagnoMieRichieste,
  cercaCompagnoMieiAnnunci,
  cercaCompagnoRifiutaRichiesta,
  type Annuncio,
  type AnnuncioMio,
  type AnnuncioNuovo,
  type CercaCompagnoQuery,
  type Richiesta,
  type RichiestaInviata,
} from '../../../contract/cerca-compagno.ts'
// The contract modules themselves, not the endpoints table: the page's bundle carries only its own calls.
import { provincieGet } from '../../../contract/lookup.ts'
import { torneoDettaglio } from '../../../contract/torneo.ts'
import { partnerRequestMachine } from '../../../machines/partner-request.ts'
import { callApi, submitRaw } from '../../api/client.ts'
import { journalSnapshot } from '../../journal/journal.ts'

/** Listings shown on one page of the board. */
export const BOARD_PAGE_SIZE = 10
/** The player's own listings and requests: one long page (a player has a handful). */
export const OWN_PAGE_SIZE = 50

export type BoardParams = { id_settore: number; query: CercaCompagnoQuery }
export type Page<T> = { results: readonly T[]; record: number }

/** One page of the board, with the query's filters. */
export function loadBoard({ id_settore, query }: BoardParams, signal: AbortSignal): Promise<Page<Annuncio>> {
  return callApi(
    cercaCompagnoList,
    {
      id_settore,
      ...(query.livello ? { livello: query.livello } : {}),
      ...(query.provincia ? { provincia: query.provincia } : {}),
      ...(query.dal ? { dal: query.dal } : {}),
      ...(query.al ? { al: query.al } : {}),
      ...(query.torneo ? { id_torneo: query.torneo } : {}),
      rowstoskip: ((query.pagina ?? 1) - 1) * BOARD_PAGE_SIZE,
      fetchrows: BOARD_PAGE_SIZE,
    },
    { signal },
  )
}

export function loadMyListings(_params: null, signal: AbortSignal): Promise<Page<AnnuncioMio>> {
  return callApi(cercaCompagnoMieiAnnunci, { fetchrows: OWN_PAGE_SIZE }, { signal })
}

export function loadMyRequests(_params: null, signal: AbortSignal): Promise<Page<RichiestaInviata>> {
  return callApi(cercaCompagnoMieRichieste, { fetchrows: OWN_PAGE_SIZE }, { signal })
}

export type Province = { sigla: string; nome: string }

/** The provinces for the filters and the form. */
export async function loadProvinces(_params: null, signal: AbortSignal): Promise<readonly Province[]> {
  const answer = await callApi(provincieGet, {}, { signal })
  return answer.result.toSorted((a, b) => a.nome.localeCompare(b.nome, 'it'))
}

export type TorneoScelto = {
  id: number
  nome: string
  id_settore: number
  specialita: string
  data_inizio: string
  data_fine: string
}

/** The tournament the search is filtered by (from the doubles enrolment's link); none for id 0. */
export async function loadTorneo(id: number, signal: AbortSignal): Promise<TorneoScelto | null> {
  if (id === 0) return null
  const { result } = await callApi(torneoDettaglio, { id }, { signal })
  return {
    id: result.id,
    nome: result.nome,
    id_settore: result.id_settore,
    specialita: result.specialita,
    data_inizio: result.data_inizio,
    data_fine: result.data_fine,
  }
}

export const submitListing = (body: AnnuncioNuovo) => () => submitRaw(cercaCompagnoAdd, body)
export const submitWithdraw = (id_annuncio: number) => () => submitRaw(cercaCompagnoDel, { id_annuncio })
export const submitSend =
  (id_annuncio: number, sharing: { condividi_email: boolean; condividi_telefono: boolean }) => () =>
    submitRaw(cercaCompagnoInvioRichiesta, { id_annuncio, ...sharing })
export const submitMessage = (id_richiesta: number, testo: string) => () =>
  submitRaw(cercaCompagnoMessaggio, { id_richiesta, testo })
export const submitConfirm = (id_richiesta: number) => () =>
  submitRaw(cercaCompagnoConfermaRichiesta, { id_richiesta })
export const submitRefuse = (id_richiesta: number) => () =>
  submitRaw(cercaCompagnoRifiutaRichiesta, { id_richiesta })
export const submitCancel = (id_richiesta: number) => () =>
  submitRaw(cercaCompagnoCancellaRichiesta, { id_richiesta })

/** A request not yet sent by `me` to this listing: the machine says whether `me` may send it. */
export function newRequestSnapshot(listing: Annuncio, me: number) {
  return journalSnapshot(
    initialTransition(partnerRequestMachine, { autore: listing.autore.id_persona, richiedente: me })[0],
  )
}

/** A stored request, as the server keeps it: the machine says what each party may do now. */
export function requestSnapshot(stato: Richiesta['stato'], autore: number, richiedente: number) {
  return journalSnapshot(
    partnerRequestMachine.resolveState({ value: stato, context: { autore, richiedente } }),
  )
}
