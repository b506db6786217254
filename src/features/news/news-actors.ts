// The effects of the news pages (machines/news-list.ts, news-detail.ts, news-add.ts): the calls to the API.
import { fromPromise } from 'xstate'
import { endpoints } from '../../../contract/endpoints.ts'
import { newsAddMachine } from '../../../machines/news-add.ts'
import { newsDetailMachine } from '../../../machines/news-detail.ts'
import {
  NEWS_PAGE_SIZE,
  VIDEO_PAGE_SIZE,
  newsListMachine,
  type Tipologia,
} from '../../../machines/news-list.ts'
import { callApi } from '../../api/client.ts'

export const newsListLogic = newsListMachine.provide({
  actors: {
    loadTipologie: fromPromise<readonly Tipologia[], void>(
      async () => (await callApi(endpoints.newsTipologie, {})).result,
    ),
    loadPage: fromPromise(({ input }) =>
      callApi(endpoints.newsList, {
        id_settore: input.id_settore,
        ...(input.tipologia ? { tipologia_news: input.tipologia } : {}),
        rowstoskip: (input.pagina - 1) * NEWS_PAGE_SIZE,
        fetchrows: NEWS_PAGE_SIZE,
      }),
    ),
    loadVideos: fromPromise(({ input }) =>
      callApi(endpoints.newsVideoList, { ...input, fetchrows: VIDEO_PAGE_SIZE }),
    ),
  },
})

export const newsDetailLogic = newsDetailMachine.provide({
  actors: {
    loadArticle: fromPromise(async ({ input }) => (await callApi(endpoints.newsView, input)).result),
    sendComment: fromPromise(async ({ input }) => (await callApi(endpoints.newsCommentoAdd, input)).result),
  },
})

export const newsAddLogic = newsAddMachine.provide({
  actors: {
    checkPermission: fromPromise(async () => {
      const [redazione, tipologie] = await Promise.all([
        callApi(endpoints.newsRedazione, {}),
        callApi(endpoints.newsTipologie, {}),
      ])
      return { ...redazione.result, tipologie: tipologie.result }
    }),
    publish: fromPromise(async ({ input }) => {
      const { in_evidenza, ...draft } = input.draft
      return (
        await callApi(endpoints.newsAdd, {
          ...draft,
          id_settore: input.id_settore,
          ...(in_evidenza ? { in_evidenza } : {}),
        })
      ).result
    }),
  },
})
