// The effects of /helpdesk (machines/helpdesk.ts): the calls to the API. The staff's queue answers 403 to
// anyone else: the page then has no staff section (the server decides who is staff, docs/ruoli.md).
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import {
  type Allegato,
  HELPDESK_ALLEGATI,
  richiesteUtentiAdd,
  richiesteUtentiAperte,
  richiesteUtentiChiudi,
  richiesteUtentiList,
  richiesteUtentiRispondi,
  richiesteUtentiStorico,
  richiesteUtentiTessere,
  settoriRichiesteList,
} from '../../../contract/helpdesk.ts'
import {
  helpdeskMachine,
  type HelpdeskInput,
  type HelpdeskList,
  type HelpdeskSend,
} from '../../../machines/helpdesk.ts'
import { userMessage } from '../../../machines/actor-contracts.ts'
import { callApi, fetchWithToken, uploadForm } from '../../api/client.ts'

/** How many of my requests and of the staff's queue the page shows. */
export const HELPDESK_PAGE_SIZE = 50

export const loadCategorie = (id_settore: number, signal: AbortSignal) =>
  callApi(settoriRichiesteList, { id_settore }, { signal }).then((r) => r.result)

const isForbidden = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 403

/** Each list's call: mine, the staff's queue, the staff's history (the last two answer 403 to non-staff). */
const LIST_CALLS = {
  richieste: richiesteUtentiList,
  coda: richiesteUtentiAperte,
  storico: richiesteUtentiStorico,
} as const

const pageOf = (list: HelpdeskList, rowstoskip: number, signal?: AbortSignal) =>
  callApi(LIST_CALLS[list], { rowstoskip, fetchrows: HELPDESK_PAGE_SIZE }, { signal })

/** A staff-only list's first page, or null when the server says the user is not staff. */
const staffPage = (list: 'coda' | 'storico', signal: AbortSignal) =>
  pageOf(list, 0, signal).then(
    (page) => page,
    (error: unknown) => {
      if (isForbidden(error)) return null
      throw error
    },
  )

/** Everything the signed-in page needs: categories, my cards, my requests, the staff's queue and history (or null). */
export async function loadHelpdesk(id_settore: number, signal: AbortSignal): Promise<HelpdeskInput> {
  const [categorie, tessere, richieste, coda, storico] = await Promise.all([
    loadCategorie(id_settore, signal),
    callApi(richiesteUtentiTessere, {}, { signal }).then((r) => r.result),
    pageOf('richieste', 0, signal),
    staffPage('coda', signal),
    staffPage('storico', signal),
  ])
  return {
    categorie,
    tessere,
    richieste: richieste.results,
    coda: coda?.results ?? null,
    storico: storico?.results ?? null,
    totali: { richieste: richieste.record, coda: coda?.record ?? 0, storico: storico?.record ?? 0 },
  }
}

/**
 * Sends a new request: JSON without attachments; with them, multipart (spec §7's variant), the request's JSON in
 * one field and the files (the browser's File objects the form chose) in another.
 */
async function sendRequest({ allegati = [], ...request }: HelpdeskSend) {
  if (allegati.length === 0) return (await callApi(richiesteUtentiAdd, request)).result
  const form = new FormData()
  form.append(HELPDESK_ALLEGATI.dataField, JSON.stringify(request))
  for (const file of allegati) form.append(HELPDESK_ALLEGATI.field, file as File, file.name)
  return (await uploadForm(richiesteUtentiAdd, form)).result
}

export const helpdeskLogic = helpdeskMachine.provide({
  actors: {
    send: fromPromise(async ({ input }) => sendRequest(input)),
    reply: fromPromise(async ({ input }) => (await callApi(richiesteUtentiRispondi, input)).result),
    close: fromPromise(async ({ input }) => (await callApi(richiesteUtentiChiudi, input)).result),
    loadMore: fromPromise(async ({ input }) => pageOf(input.list, input.rowstoskip)),
  },
})

/**
 * Saves an attachment under its name (the server stores a JPEG): fetched with the token, then handed over.
 * Answers the Italian reason when it cannot be fetched, null when done.
 */
export async function downloadAllegato(allegato: Allegato): Promise<string | null> {
  let blob: Blob
  try {
    blob = await fetchWithToken(allegato.url)
  } catch (error) {
    return userMessage(error)
  }
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `${allegato.nome.replace(/\.[^.]*$/, '')}.jpg`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return null
}
