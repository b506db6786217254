// How the calendar and the circuits pages load: the contract's calls, the answers the server put in the page
// (server/http/page-hints.ts), the month view's pages. Loaders for the page-data machine (machines/page-data.ts).
import {
  MONTH_MAX_PAGES,
  MONTH_FETCHROWS,
  calendarCalls,
  calendarLookupCalls,
  calendarMonthBody,
  torneiList,
  type CalendarQuery,
  type TorneoCalendario,
} from '../../../contract/calendario.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import type { Banner, MenuEntry } from '../../../contract/sezioni.ts'
import { callApi, initialAnswer } from '../../api/client.ts'

export type CalendarParams = { id_settore: number; query: CalendarQuery; today: string }
export type CalendarPage = { results: readonly TorneoCalendario[]; record: number }

/** The list of the calendar as the query says: a page of the list view, or the whole month of the month view. */
export async function loadCalendar({ id_settore, query, today }: CalendarParams, signal?: AbortSignal) {
  const options = signal ? { signal } : {}
  if (query.vista === 'elenco') {
    const { endpoint, body } = calendarCalls(id_settore, query, today).list
    return callApi(endpoint, body, options)
  }
  const first = calendarMonthBody(id_settore, query, today, 0)
  // The filters' dates do not touch this month: nothing to ask.
  if (first.dal > first.al) return { results: [], record: 0 }
  const results: TorneoCalendario[] = []
  let record = 0
  for (let page = 0; page < MONTH_MAX_PAGES; page++) {
    const answer = await callApi(torneiList, calendarMonthBody(id_settore, query, today, page), options)
    results.push(...answer.results)
    record = answer.record
    if (results.length >= record || answer.results.length < MONTH_FETCHROWS) break
  }
  return { results, record }
}

/** What the server answered in the page for this calendar, if anything (then no call is made). */
export function initialCalendar(id_settore: number, query: CalendarQuery, today: string) {
  const calls = calendarCalls(id_settore, query, today)
  return {
    list: initialAnswer(calls.list.endpoint, calls.list.body) as CalendarPage | undefined,
    menu: initialAnswer(calls.menu.endpoint, calls.menu.body)?.result,
    banner: initialAnswer(calls.banner.endpoint, calls.banner.body)?.results,
  }
}

export async function loadMenu(id_settore: number, signal?: AbortSignal): Promise<readonly MenuEntry[]> {
  const { endpoint, body } = calendarCalls(id_settore, { vista: 'elenco', pagina: 1 }, todayInItaly()).menu
  return (await callApi(endpoint, body, signal ? { signal } : {})).result
}

export async function loadBanners(id_settore: number, signal?: AbortSignal): Promise<readonly Banner[]> {
  const { endpoint, body } = calendarCalls(id_settore, { vista: 'elenco', pagina: 1 }, todayInItaly()).banner
  return (await callApi(endpoint, body, signal ? { signal } : {})).results
}

/** The lookups of the filters: tournament types, provinces (with their regions), the sector's circuits. */
export async function loadLookups(id_settore: number, signal?: AbortSignal) {
  const options = signal ? { signal } : {}
  const calls = calendarLookupCalls(id_settore)
  const [tipologie, provincie, circuiti] = await Promise.all([
    callApi(calls.tipologie.endpoint, calls.tipologie.body, options),
    callApi(calls.provincie.endpoint, calls.provincie.body, options),
    callApi(calls.circuiti.endpoint, calls.circuiti.body, options),
  ])
  const regioni = [...new Set(provincie.result.map((p) => p.regione))].sort((a, b) =>
    a.localeCompare(b, 'it'),
  )
  return { tipologie: tipologie.result, provincie: provincie.result, regioni, circuiti: circuiti.result }
}
export type Lookups = Awaited<ReturnType<typeof loadLookups>>
