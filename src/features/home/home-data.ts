// The home's sections (machines/home.ts): how each is fetched, the ones the server put in the page, and the
// first screen. Each section is a page-data machine whose `loadPage` is `loadSection`.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: /home's bundle carries only its own calls.
import * as endpoints from '../../../contract/home.ts'
import {
  homeMachine,
  type BannerClick,
  type HomeData,
  type Section,
  type SectionParams,
} from '../../../machines/home.ts'
import { callApi, initialAnswer } from '../../api/client.ts'
import { pageDataLogic } from '../../ui/page-data.ts'

/** Fetches one section of the home for a sector (the calls themselves are the contract's). */
export async function loadSection(section: Section, id_settore: number): Promise<HomeData[Section]> {
  const calls = endpoints.homeCalls(id_settore)
  switch (section) {
    case 'menu':
      return (await callApi(calls.menu.endpoint, calls.menu.body)).result
    case 'bannerTop':
      return (await callApi(calls.bannerTop.endpoint, calls.bannerTop.body)).result
    case 'bannerMiddle':
      return (await callApi(calls.bannerMiddle.endpoint, calls.bannerMiddle.body)).result
    case 'numeri':
      return (await callApi(calls.numeri.endpoint, calls.numeri.body)).result
    case 'newsVideo':
      return (await callApi(calls.newsVideo.endpoint, calls.newsVideo.body)).result
    case 'calendario':
      return (await callApi(calls.calendario.endpoint, calls.calendario.body)).result
    case 'classifica': {
      const page = await callApi(calls.classifica.endpoint, calls.classifica.body)
      return { righe: page.results, totale: page.record }
    }
    case 'circuitiClassifiche':
      return (await callApi(calls.circuitiClassifiche.endpoint, calls.circuitiClassifiche.body)).results
  }
}

/** The sections of the first screen (phone): the page shows them together, so nothing above moves. */
export const FIRST_SCREEN: readonly Section[] = ['bannerTop', 'menu']

/** True while a section of the first screen is still loading. */
export function firstScreenPending(snapshot: {
  children: Partial<Record<Section, { getSnapshot(): { hasTag(tag: 'loading'): boolean } } | undefined>>
}): boolean {
  return FIRST_SCREEN.some((section) => snapshot.children[section]?.getSnapshot().hasTag('loading') ?? true)
}

/** The sections the server already answered in the page (server/http/page-hints.ts), ready to show. */
export function initialHomeData(id_settore: number): Partial<HomeData> {
  const calls = endpoints.homeCalls(id_settore)
  const data: Partial<HomeData> = {}
  const menu = initialAnswer(calls.menu.endpoint, calls.menu.body)
  if (menu) data.menu = menu.result
  const bannerTop = initialAnswer(calls.bannerTop.endpoint, calls.bannerTop.body)
  if (bannerTop) data.bannerTop = bannerTop.result
  const bannerMiddle = initialAnswer(calls.bannerMiddle.endpoint, calls.bannerMiddle.body)
  if (bannerMiddle) data.bannerMiddle = bannerMiddle.result
  const numeri = initialAnswer(calls.numeri.endpoint, calls.numeri.body)
  if (numeri) data.numeri = numeri.result
  const newsVideo = initialAnswer(calls.newsVideo.endpoint, calls.newsVideo.body)
  if (newsVideo) data.newsVideo = newsVideo.result
  const calendario = initialAnswer(calls.calendario.endpoint, calls.calendario.body)
  if (calendario) data.calendario = calendario.result
  const classifica = initialAnswer(calls.classifica.endpoint, calls.classifica.body)
  if (classifica) data.classifica = { righe: classifica.results, totale: classifica.record }
  const circuiti = initialAnswer(calls.circuitiClassifiche.endpoint, calls.circuitiClassifiche.body)
  if (circuiti) data.circuitiClassifiche = circuiti.results
  return data
}

const loadSectionOf = ({ section, id_settore }: SectionParams) => loadSection(section, id_settore)

/** The home with its effects: each section through `load` (the API by default), banner clicks counted. */
export function homeLogicWith(load: (params: SectionParams) => Promise<unknown> = loadSectionOf) {
  return homeMachine.provide({
    actors: {
      section: pageDataLogic(load),
      // Fire and forget: a lost click must never get in the visitor's way.
      recordBannerClick: fromPromise<void, BannerClick>(async ({ input }) => {
        await callApi(endpoints.bannerClick, input).catch(() => undefined)
      }),
    },
  })
}

export const homeLogic = homeLogicWith()
