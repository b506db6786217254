// The effects of the enrolment panel: its calls to the API (tornei/iscrizioni/*), for the page-data machine, the
// quick-search machine (partner search) and the confirmed-action dialogs.
import { fromPromise, initialTransition } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import {
  iscrizioniAccetta,
  iscrizioniAdd,
  iscrizioniDel,
  iscrizioniRicercaGiocatori,
  iscrizioniRifiuta,
  iscrizioniStato,
  type StatoIscrizioni,
} from '../../../contract/iscrizioni.ts'
import { hasFreePlace, iscrizioneMachine } from '../../../machines/iscrizione.ts'
import { ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { callApi, submitRaw } from '../../api/client.ts'
import { personName } from '../../../contract/words.ts'
import { journalSnapshot } from '../../journal/journal.ts'

/** The panel's data (the page-data machine's `loadPage`). */
export async function loadStato(
  params: { id_torneo: number },
  signal: AbortSignal,
): Promise<StatoIscrizioni> {
  return (await callApi(iscrizioniStato, params, { signal })).result
}

/** The quick-search machine searching the players the caller may invite to this tournament. */
export function partnerSearchLogic(idTorneo: number) {
  return ricercaRapidaMachine.provide({
    actors: {
      search: fromPromise(async ({ input, signal }) => {
        const found = await callApi(
          iscrizioniRicercaGiocatori,
          { id_torneo: idTorneo, testo: input.testo },
          { signal },
        )
        return {
          giocatori: found.results.map((p) => ({
            id_persona: p.id_persona,
            // Name before surname: the chosen partner is named in sentences («Vuoi invitare Andrea Ricci…»).
            persona: personName(p),
            provincia: p.provincia,
            circolo: p.circolo,
          })),
          circoli: [],
        }
      }),
    },
  })
}

export const submitEnrol = (id_torneo: number, id_compagno: number | null) => () =>
  submitRaw(iscrizioniAdd, id_compagno === null ? { id_torneo } : { id_torneo, id_compagno })
export const submitWithdraw = (id_iscrizione: number) => () => submitRaw(iscrizioniDel, { id_iscrizione })
export const submitAccept = (id_iscrizione: number) => () => submitRaw(iscrizioniAccetta, { id_iscrizione })
export const submitRefuse = (id_iscrizione: number) => () => submitRaw(iscrizioniRifiuta, { id_iscrizione })

/**
 * The enrolment machine's snapshot of the caller's entry, as the server stored it (or a new one), given the free
 * places the server counted in its answer: the panel asks it what the caller may do, so its buttons are the
 * server's own rules.
 */
export function entrySnapshot(stato: StatoIscrizioni) {
  const entry = stato.iscrizione
  if (!entry) {
    return journalSnapshot(
      initialTransition(iscrizioneMachine, {
        giocatore: stato.id_persona ?? 0,
        doppio: stato.doppio,
        postiLiberi: stato.posti_liberi,
      })[0],
    )
  }
  return journalSnapshot(
    iscrizioneMachine.resolveState({
      value: entry.stato,
      context: {
        giocatore: entry.giocatore.id_persona,
        compagno: entry.compagno?.id_persona ?? null,
        doppio: entry.doppio,
        postiLiberi: stato.posti_liberi,
      },
    }),
  )
}

export type EntrySnapshot = ReturnType<typeof entrySnapshot>

/** Whether a request now would find the places taken (a new entry, or a partner accepting, joins the list). */
export const placesTaken = (snapshot: EntrySnapshot) => !hasFreePlace(snapshot.context)
