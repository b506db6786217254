// The effects of the tournament detail: the calls to the API that its machines' actors make.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import {
  ISCRITTI_PAGE_SIZE,
  torneoCommentoAdd,
  torneoDettaglio,
  torneoFotoCommenti,
  torneoGironiClassifiche,
  torneoIscritti,
  torneoTabelloni,
} from '../../../contract/torneo.ts'
import type {
  FotoCommenti,
  GironeClassifica,
  Iscritto,
  Tabellone,
  TorneoDettaglio,
} from '../../../contract/torneo.ts'
import { newsCommentsMachine } from '../../../machines/news-comments.ts'
import { callApi } from '../../api/client.ts'

export async function loadTorneo(id: number, signal?: AbortSignal): Promise<TorneoDettaglio> {
  return (await callApi(torneoDettaglio, { id }, { signal })).result
}

export type IscrittiPage = { results: readonly Iscritto[]; record: number; pagina: number }

export async function loadIscritti(
  params: { id: number; pagina: number },
  signal?: AbortSignal,
): Promise<IscrittiPage> {
  const page = await callApi(
    torneoIscritti,
    {
      id_torneo: params.id,
      rowstoskip: (params.pagina - 1) * ISCRITTI_PAGE_SIZE,
      fetchrows: ISCRITTI_PAGE_SIZE,
    },
    { signal },
  )
  return { ...page, pagina: params.pagina }
}

export async function loadTabelloni(id: number, signal?: AbortSignal): Promise<readonly Tabellone[]> {
  return (await callApi(torneoTabelloni, { id_torneo: id }, { signal })).result.tabelloni
}

export async function loadClassifiche(
  id: number,
  signal?: AbortSignal,
): Promise<readonly GironeClassifica[]> {
  return (await callApi(torneoGironiClassifiche, { id_torneo: id }, { signal })).results
}

export async function loadFotoCommenti(id: number, signal?: AbortSignal): Promise<FotoCommenti> {
  return (await callApi(torneoFotoCommenti, { id_torneo: id }, { signal })).result
}

/**
 * The comments of a tournament run on the comments machine of the news (machines/news-comments.ts): the same
 * list-and-send lifecycle; its `id_news` input carries the tournament's id here.
 */
export const torneoCommentsLogic = newsCommentsMachine.provide({
  actors: {
    sendComment: fromPromise(
      async ({ input }) =>
        (await callApi(torneoCommentoAdd, { id_torneo: input.id_news, testo: input.testo })).result,
    ),
  },
})
