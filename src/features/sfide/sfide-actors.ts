// The effects of the challenge pages: their calls to the API (sfide/*) for the page-data machine, the quick-search
// machine (opponent and partner search) and the confirmed-action dialogs; and the challenge machine's snapshot of
// a stored challenge, which the pages ask what the viewer may do (machines/challenge.ts).
import { fromPromise } from 'xstate'
import { MAX_FETCHROWS } from '../../../contract/common.ts'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import {
  sfideAccetta,
  sfideAdd,
  sfideCercaGiocatore,
  sfideDel,
  sfideGiocatoriAdd,
  sfideGiocatoriDel,
  sfideList,
  sfidePubblica,
  sfidePubblicheList,
  sfideRifiuta,
  sfideRisultatoAdd,
  sfideRisultatoConferma,
  sfideRisultatoContesta,
  sfideRisultatoRisolvi,
  sfideSommario,
  sfideView,
  type RigaSfida,
  type Sfida,
  type SommarioSfide,
} from '../../../contract/sfide.ts'
import { challengeMachine, type ChallengeContext, type Lato } from '../../../machines/challenge.ts'
import { ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { callApi, submitRaw } from '../../api/client.ts'
import { journalSnapshot } from '../../journal/journal.ts'

/** Challenges still open come all at once; concluded ones, and the board, a page at a time. */
export const IN_CORSO_ROWS = 100
export const PAGE_ROWS = 20

export type MieSfide = {
  sommario: typeof SommarioSfide.Type
  inCorso: readonly RigaSfida[]
  concluse: readonly RigaSfida[]
  concluseTotali: number
}

type Rows = { results: readonly RigaSfida[]; record: number }

/** The first `rows` rows of a list, asked in pages of at most MAX_FETCHROWS (the contract's cap). */
async function firstRows(
  load: (paging: { rowstoskip: number; fetchrows: number }) => Promise<Rows>,
  rows: number,
): Promise<Rows> {
  const pages = await Promise.all(
    Array.from({ length: Math.ceil(rows / MAX_FETCHROWS) }, (_, i) =>
      load({ rowstoskip: i * MAX_FETCHROWS, fetchrows: Math.min(MAX_FETCHROWS, rows - i * MAX_FETCHROWS) }),
    ),
  )
  return { results: pages.flatMap((page) => page.results), record: pages[0]?.record ?? 0 }
}

/** /sfide: the summary, the open challenges and the latest `concluse` concluded ones. */
export async function loadMieSfide(params: { concluse: number }, signal: AbortSignal): Promise<MieSfide> {
  const [sommario, inCorso, concluse] = await Promise.all([
    callApi(sfideSommario, {}, { signal }),
    callApi(sfideList, { filtro: 'in_corso', fetchrows: IN_CORSO_ROWS }, { signal }),
    firstRows((paging) => callApi(sfideList, { filtro: 'concluse', ...paging }, { signal }), params.concluse),
  ])
  return {
    sommario: sommario.result,
    inCorso: inCorso.results,
    concluse: concluse.results,
    concluseTotali: concluse.record,
  }
}

export async function loadSfida(id: number, signal: AbortSignal): Promise<Sfida> {
  return (await callApi(sfideView, { id_sfida: id }, { signal })).result
}

export type Bacheca = Rows

/** The first `rows` challenges of a sector's public board. */
export async function loadBacheca(
  params: { id_settore: number; rows: number },
  signal: AbortSignal,
): Promise<Bacheca> {
  return firstRows(
    (paging) => callApi(sfidePubblicheList, { id_settore: params.id_settore, ...paging }, { signal }),
    params.rows,
  )
}

/** The quick-search machine searching the players one may challenge or play with (sfide/giocatori/…/cerca). */
export const playerSearchLogic = ricercaRapidaMachine.provide({
  actors: {
    search: fromPromise(async ({ input, signal }) => {
      const found = await callApi(sfideCercaGiocatore, input, { signal })
      return {
        giocatori: found.results.map((p) => ({
          id_persona: p.id,
          persona: p.nome,
          provincia: p.provincia,
          circolo: p.circolo,
        })),
        circoli: [],
      }
    }),
  },
})

export type NuovaSfida = typeof sfideAdd.request.Encoded
export type NuovoRisultato = typeof sfideRisultatoAdd.request.Encoded

export const submitPropose = (request: NuovaSfida) => submitRaw(sfideAdd, request)
export const submitAccept = (id_sfida: number) => () => submitRaw(sfideAccetta, { id_sfida })
export const submitRefuse = (id_sfida: number) => () => submitRaw(sfideRifiuta, { id_sfida })
export const submitCancel = (id_sfida: number) => () => submitRaw(sfideDel, { id_sfida })
export const submitPublish = (id_sfida: number) => () => submitRaw(sfidePubblica, { id_sfida })
export const submitAddPlayer = (id_sfida: number, id_persona: number, lato: Lato) => () =>
  submitRaw(sfideGiocatoriAdd, { id_sfida, id_persona, lato })
export const submitRemovePlayer = (id_sfida: number, id_persona: number) => () =>
  submitRaw(sfideGiocatoriDel, { id_sfida, id_persona })
export const submitResult = (request: NuovoRisultato) => () => submitRaw(sfideRisultatoAdd, request)
export const submitConfirm = (id_sfida: number) => () => submitRaw(sfideRisultatoConferma, { id_sfida })
export const submitContest = (id_sfida: number, motivo: string) => () =>
  submitRaw(sfideRisultatoContesta, { id_sfida, motivo })
export const submitResolve = (id_sfida: number, esito: 'confermato' | 'annullato', nota: string) => () =>
  submitRaw(sfideRisultatoRisolvi, { id_sfida, esito, ...(nota ? { nota } : {}) })

/** The new challenge's id in the server's answer to sfide/add, once it succeeded. */
export function createdId(body: unknown): number | null {
  const id = (body as { result?: { id?: unknown } } | null)?.result?.id
  return typeof id === 'number' ? id : null
}

/**
 * The challenge machine's snapshot of a challenge as the server stored it: the pages ask it (`can`) which
 * actions to offer, so their buttons are the server's own rules.
 */
export function challengeSnapshot(sfida: Pick<Sfida, 'stato' | 'contesto'>) {
  return journalSnapshot(
    challengeMachine.resolveState({
      value: sfida.stato,
      context: structuredClone(sfida.contesto) as ChallengeContext,
    }),
  )
}

/**
 * The same for a row of the board, which carries no stored context: a challenge on the board is still proposed,
 * with no result, and its row lists every player with side and answer, which is all the machine's context holds.
 */
export function boardRowSnapshot(row: RigaSfida) {
  return challengeSnapshot({
    stato: row.stato,
    contesto: {
      creatore: row.creatore,
      doppio: row.specialita === 'doppio',
      pubblica: row.pubblica,
      partecipanti: row.partecipanti.map((p) => ({ persona: p.id, lato: p.lato, risposta: p.risposta })),
      risultato: null,
    },
  })
}

/** A person who is not in the challenge: asks the machine whether the proposer may invite anyone to a side. */
export const SOMEONE_NEW = 0
