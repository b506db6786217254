// What the server adds to the page it serves for a path, so the browser starts early what it will need:
// the route's own chunk and styles, and for the pages of PAGES (the home, the calendar, the rankings, a player's
// page) the answers to their first public reads and the image at the top of their first screen.
import type { FastifyInstance } from 'fastify'
import {
  ANONYMOUS_ANSWERS_KEY,
  API_PREFIX,
  callKey,
  INITIAL_ANSWERS_ID,
  SECTOR_COOKIE,
  type Call,
} from '../../contract/endpoint.ts'
import { schedaCalls, schedaOf } from '../../contract/giocatori.ts'
import { calendarCalls, calendarLookupCalls, calendarQueryOf } from '../../contract/calendario.ts'
import { rankingCalls, rankingQueryOf } from '../../contract/classifiche.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { homeCalls } from '../../contract/home.ts'
import { disciplinesCall } from '../../contract/lookup.ts'
import type { ClassificaStampa } from '../../contract/stampe.ts'
import { jsonScript, markup } from './html.ts'

/** Per route path of the client's table (written by the build, vite.config.ts): chunks and styles of its page. */
export type RouteAssets = Record<string, { js: string[]; css: string[] }>

type Answers = Record<string, unknown>

/**
 * Pages whose first reads are public and the same for everyone, by path: the calls for a sector, and the
 * image that will be the largest thing on the first screen, if the answers name one.
 */
type Page = {
  calls: Call[]
  heroImage: (answers: Answers) => unknown
  /** The answers depend on who asks (a player's page shows its owner more): only for visitors not signed in. */
  anonymous?: boolean
}

const PAGES: Record<string, (idSettore: number, search: URLSearchParams) => Page> = {
  '/home': (idSettore) => {
    const calls = homeCalls(idSettore)
    const bannerKey = callKey(calls.bannerTop.endpoint.path, calls.bannerTop.body)
    return {
      calls: Object.values(calls),
      heroImage: (answers) =>
        (answers[bannerKey] as { result?: { immagine?: unknown }[] })?.result?.[0]?.immagine,
    }
  },
  // The calendar as its URL filters it (the query is the same for everyone who opens that link).
  '/tornei/calendario-tornei': (idSettore, search) => {
    const calls = calendarCalls(idSettore, calendarQueryOf(search), todayInItaly())
    const bannerKey = callKey(calls.banner.endpoint.path, calls.banner.body)
    return {
      calls: [...Object.values(calls), ...Object.values(calendarLookupCalls(idSettore))],
      heroImage: (answers) =>
        (answers[bannerKey] as { results?: { immagine?: unknown }[] })?.results?.[0]?.immagine,
    }
  },
  '/classifiche/race-annuale': (idSettore, search) => rankingPage('race-annuale', idSettore, search),
  '/classifiche/classifica-nazionale': (idSettore, search) =>
    rankingPage('classifica-nazionale', idSettore, search),
  '/classifiche/classifica-affiliati': (idSettore, search) =>
    rankingPage('classifica-affiliati', idSettore, search),
}

/** /scheda-giocatore/{id} as its URL asks it: the profile and every section, Power and statistics included. */
const PLAYER_PAGE = /^\/scheda-giocatore\/(\d{1,9})$/

function playerPage(idPersona: number, idSettore: number, search: URLSearchParams): Page {
  const { scheda, tipo } = schedaOf(idPersona, search, idSettore)
  return {
    calls: [
      schedaCalls.profilo(scheda),
      schedaCalls.riepilogo(scheda),
      schedaCalls.punti({ ...scheda, tipo }),
      schedaCalls.risultati({ ...scheda, pagina: 1 }),
      schedaCalls.palmares(scheda),
      schedaCalls.prossimi(scheda),
      schedaCalls.power(scheda),
      schedaCalls.statistiche(scheda),
    ],
    heroImage: () => undefined,
    anonymous: true,
  }
}

function pageOf(pathname: string, idSettore: number, search: URLSearchParams): Page | undefined {
  const player = PLAYER_PAGE.exec(pathname)
  if (player) return playerPage(Number(player[1]), idSettore, search)
  return PAGES[pathname]?.(idSettore, search)
}

/** A rankings page as its URL filters it: its list, menu and filters' lookups (no image on its first screen). */
function rankingPage(pagina: ClassificaStampa, idSettore: number, search: URLSearchParams): Page {
  const { list, ...lookups } = rankingCalls(
    pagina,
    rankingQueryOf(search, pagina, idSettore, currentSeason()),
  )
  return { calls: [list.clubs ?? list.players, ...Object.values(lookups)], heroImage: () => undefined }
}

/**
 * The table without the files that are not there: a hint for a missing chunk costs a request and a console error
 * in every browser that follows it (the build once announced CSS-only chunks that it then dropped).
 */
export function existingRouteAssets(assets: RouteAssets, exists: (href: string) => boolean): RouteAssets {
  return Object.fromEntries(
    Object.entries(assets).map(([pattern, files]) => [
      pattern,
      { js: files.js.filter(exists), css: files.css.filter(exists) },
    ]),
  )
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Finds the assets of the route that serves `pathname` (`:param` segments match one segment). */
export function routeAssetsMatcher(assets: RouteAssets) {
  const routes = Object.entries(assets).map(([pattern, files]) => ({
    regex: new RegExp(
      `^${pattern
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
        .join('/')}/?$`,
    ),
    files,
  }))
  return (pathname: string) => routes.find((route) => route.regex.test(pathname))?.files
}

export function sectorFromCookie(header: string | undefined): number | null {
  const match = new RegExp(`(?:^|;\\s*)${SECTOR_COOKIE}=(\\d{1,6})(?:;|$)`).exec(header ?? '')
  const value = match ? Number(match[1]) : 0
  return value > 0 ? value : null
}

/**
 * Answers a page's public reads through the API itself (same decoding, same response cache), anonymously:
 * only the calls of PAGES, which do not depend on the caller. A call that fails is left to the client.
 */
export async function initialAnswers(
  app: FastifyInstance,
  pathname: string,
  idSettore: number | null,
  search: URLSearchParams = new URLSearchParams(),
): Promise<{ answers: Answers; heroImage?: string }> {
  const page = idSettore === null ? undefined : pageOf(pathname, idSettore, search)
  if (!page) return { answers: {} }
  const results = await Promise.all(
    // Every page's start-up asks for the disciplines too: the same answer for everyone.
    [...page.calls, disciplinesCall].map(async ({ endpoint, body }) => {
      const response = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}${endpoint.path}`,
        payload: body as Record<string, unknown>,
      })
      return response.statusCode === 200 ? ([callKey(endpoint.path, body), response.json()] as const) : null
    }),
  )
  const answers: Answers = Object.fromEntries(results.filter((answer) => answer !== null))
  // None of the page's own reads answered (a sector or a player that does not exist): the page asks the API.
  if (results.slice(0, page.calls.length).every((answer) => answer === null)) return { answers: {} }
  if (page.anonymous)
    answers[ANONYMOUS_ANSWERS_KEY] = page.calls
      .map(({ endpoint, body }) => callKey(endpoint.path, body))
      .filter((key) => key in answers)
  const image = page.heroImage(answers)
  return { answers, ...(typeof image === 'string' && image.startsWith('/') ? { heroImage: image } : {}) }
}

/** The <head> additions for one page. */
export function pageHints(options: {
  files?: { js: string[]; css: string[] }
  answers: Answers
  heroImage?: string
}): string {
  const { files, answers, heroImage } = options
  const tags = [
    ...(files?.css ?? []).map((href) => markup`<link rel="stylesheet" href="${href}">`.value),
    ...(files?.js ?? []).map((href) => markup`<link rel="modulepreload" href="${href}">`.value),
  ]
  if (heroImage)
    tags.push(markup`<link rel="preload" as="image" href="${heroImage}" fetchpriority="high">`.value)
  if (Object.keys(answers).length > 0) tags.push(jsonScript(INITIAL_ANSWERS_ID, answers))
  return tags.join('')
}
