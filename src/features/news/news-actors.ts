// The effects of the news pages (machines/news-list.ts, news-comments.ts, news-add.ts): the calls to the API.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { newsAddMachine, type Permission } from '../../../machines/news-add.ts'
import {
  newsAdd,
  newsCommentoAdd,
  newsList,
  newsRedazione,
  newsTipologie,
  newsVideoList,
  newsView,
  type NewsDetail,
} from '../../../contract/news.ts'
import { newsCommentsMachine } from '../../../machines/news-comments.ts'
import {
  NEWS_PAGE_SIZE,
  VIDEO_PAGE_SIZE,
  newsListMachine,
  type NewsQuery,
  type Tipologia,
} from '../../../machines/news-list.ts'
import { callApi } from '../../api/client.ts'
import type { NewsKey } from './format.ts'

/** A page of the list (the page-data machine's `loadPage` of /news). */
export function loadNewsPage(query: NewsQuery) {
  return callApi(newsList, {
    id_settore: query.id_settore,
    ...(query.tipologia ? { tipologia_news: query.tipologia } : {}),
    rowstoskip: (query.pagina - 1) * NEWS_PAGE_SIZE,
    fetchrows: NEWS_PAGE_SIZE,
  })
}

export const newsListLogic = newsListMachine.provide({
  actors: {
    loadTipologie: fromPromise<readonly Tipologia[], void>(
      async () => (await callApi(newsTipologie, {})).result,
    ),
    loadVideos: fromPromise(({ input }) => callApi(newsVideoList, { ...input, fetchrows: VIDEO_PAGE_SIZE })),
  },
})

/** One news by its key (the page-data machine's `loadPage` of /news-dettaglio). */
export async function loadArticle(key: NewsKey): Promise<NewsDetail> {
  return (await callApi(newsView, key)).result
}

export const newsCommentsLogic = newsCommentsMachine.provide({
  actors: {
    sendComment: fromPromise(async ({ input }) => (await callApi(newsCommentoAdd, input)).result),
  },
})

/** May the user publish, and the news types (the page-data machine's `loadPage` of /news/add-news). */
export async function checkPermission(): Promise<Permission> {
  const [redazione, tipologie] = await Promise.all([callApi(newsRedazione, {}), callApi(newsTipologie, {})])
  return { ...redazione.result, tipologie: tipologie.result }
}

export const newsAddLogic = newsAddMachine.provide({
  actors: {
    publish: fromPromise(async ({ input }) => {
      const { in_evidenza, ...draft } = input.draft
      return (
        await callApi(newsAdd, {
          ...draft,
          id_settore: input.id_settore,
          ...(in_evidenza ? { in_evidenza } : {}),
        })
      ).result
    }),
  },
})
