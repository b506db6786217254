// The effects of /helpdesk (machines/helpdesk.ts): the calls to the API. The staff's queue answers 403 to
// anyone else: the page then has no staff section (the server decides who is staff, docs/ruoli.md).
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import {
  richiesteUtentiAdd,
  richiesteUtentiAperte,
  richiesteUtentiList,
  richiesteUtentiRispondi,
  richiesteUtentiTessere,
  settoriRichiesteList,
} from '../../../contract/helpdesk.ts'
import { helpdeskMachine, type HelpdeskInput } from '../../../machines/helpdesk.ts'
import { callApi } from '../../api/client.ts'

/** How many of my requests and of the staff's queue the page shows. */
export const HELPDESK_PAGE_SIZE = 50

export const loadCategorie = (id_settore: number, signal: AbortSignal) =>
  callApi(settoriRichiesteList, { id_settore }, { signal }).then((r) => r.result)

const isForbidden = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 403

/** Everything the signed-in page needs: categories, my cards, my requests, the staff's queue (or null). */
export async function loadHelpdesk(id_settore: number, signal: AbortSignal): Promise<HelpdeskInput> {
  const [categorie, tessere, richieste, coda] = await Promise.all([
    loadCategorie(id_settore, signal),
    callApi(richiesteUtentiTessere, {}, { signal }).then((r) => r.result),
    callApi(richiesteUtentiList, { rowstoskip: 0, fetchrows: HELPDESK_PAGE_SIZE }, { signal }).then(
      (r) => r.results,
    ),
    callApi(richiesteUtentiAperte, { rowstoskip: 0, fetchrows: HELPDESK_PAGE_SIZE }, { signal }).then(
      (r) => r.results,
      (error: unknown) => {
        if (isForbidden(error)) return null
        throw error
      },
    ),
  ])
  return { categorie, tessere, richieste, coda }
}

export const helpdeskLogic = helpdeskMachine.provide({
  actors: {
    send: fromPromise(async ({ input }) => (await callApi(richiesteUtentiAdd, input)).result),
    reply: fromPromise(async ({ input }) => (await callApi(richiesteUtentiRispondi, input)).result),
  },
})
