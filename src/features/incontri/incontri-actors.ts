// The effects of the captain's page: its calls to the API (contract/incontri.ts) for the page-data machine and the
// confirmed-action dialogs, and the tie machine's snapshot of a stored tie, which the page asks what the captain
// may do (machines/tie.ts): its buttons are the server's own rules. The federation's list of contested ties and its
// decision too.
import {
  incontriCapitanoList,
  incontriContestatiList,
  incontroRisultatiRisolvi,
  incontroDataProponi,
  incontroDataRispondi,
  incontroRisultatiConferma,
  incontroRisultatoEdit,
  schieramentiEdit,
  schieramentiPartiteGenera,
  schieramentiView,
  type Incontro,
  type IncontriCapitano,
} from '../../../contract/incontri.ts'
import { type TieContext, tieMachine } from '../../../machines/tie.ts'
import { callApi, submitRaw } from '../../api/client.ts'
import { journalSnapshot } from '../../journal/journal.ts'

export async function loadCapitano(id_torneo: number, signal: AbortSignal): Promise<IncontriCapitano> {
  return (await callApi(incontriCapitanoList, { id_torneo }, { signal })).result
}

export async function loadIncontro(id_incontro: number, signal: AbortSignal): Promise<Incontro> {
  return (await callApi(schieramentiView, { id_incontro }, { signal })).result
}

export type Schieramento = (typeof schieramentiEdit.request.Encoded)['partite']
export type Risultati = (typeof incontroRisultatoEdit.request.Encoded)['partite']

export const submitProposal = (id_incontro: number, data: string) => () =>
  submitRaw(incontroDataProponi, { id_incontro, data })
export const submitAnswer = (id_incontro: number, risposta: 'accetta' | 'rifiuta') => () =>
  submitRaw(incontroDataRispondi, { id_incontro, risposta })
export const submitLineup = (id_incontro: number, partite: Schieramento) => () =>
  submitRaw(schieramentiEdit, { id_incontro, partite })
export const submitGenerate = (id_incontro: number) => () =>
  submitRaw(schieramentiPartiteGenera, { id_incontro })
export const submitResults = (id_incontro: number, partite: Risultati) => () =>
  submitRaw(incontroRisultatoEdit, { id_incontro, partite })
export const submitConfirm = (id_incontro: number) => () =>
  submitRaw(incontroRisultatiConferma, { id_incontro, esito: 'conferma' })
export const submitContest = (id_incontro: number, motivo: string) => () =>
  submitRaw(incontroRisultatiConferma, { id_incontro, esito: 'contesta', ...(motivo ? { motivo } : {}) })

/** The tie machine's snapshot of a tie as the server stored it. */
export function tieSnapshot(incontro: Pick<Incontro, 'stato' | 'contesto'>) {
  return journalSnapshot(
    tieMachine.resolveState({
      value: incontro.stato,
      context: structuredClone(incontro.contesto) as TieContext,
    }),
  )
}

/** One page of the contested ties (federation only: anyone else gets the server's 403 message). */
export async function loadContestati(pagina: number, signal: AbortSignal) {
  const fetchrows = CONTESTATI_PER_PAGINA
  return callApi(incontriContestatiList, { rowstoskip: (pagina - 1) * fetchrows, fetchrows }, { signal })
}

export const CONTESTATI_PER_PAGINA = 20

export const submitDecision = (id_incontro: number, esito: 'confermato' | 'annullato', nota: string) => () =>
  submitRaw(incontroRisultatiRisolvi, { id_incontro, esito, ...(nota ? { nota } : {}) })
