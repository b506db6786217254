import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '../../contract/common.ts'
import { isKnownPath } from '../../contract/pages.ts'
import type { Config } from '../config.ts'
import { jsonScript } from '../http/html.ts'
import {
  existingRouteAssets,
  initialAnswers,
  pageHints,
  routeAssetsMatcher,
  sectorFromCookie,
  type RouteAssets,
} from '../http/page-hints.ts'

/** The identity settings the client needs, embedded in index.html so switching to B2C needs no rebuild. */
export function clientConfig(config: Config) {
  const { identity } = config
  return {
    clientId: identity.clientId,
    authoritySignIn: identity.authoritySignIn,
    authorityReset: identity.authorityReset,
    knownAuthorities: identity.knownAuthorities,
  }
}

export function injectClientConfig(html: string, config: Config): string {
  return html.replace('</head>', `${jsonScript('portal-config', clientConfig(config))}</head>`)
}

/**
 * A file the browser asks for as such (a chunk, a style, data such as the viewer's coverage report under
 * /statecharts/): never answered with the page.
 */
export function isAssetRequest(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    pathname.startsWith('/statecharts/') ||
    /\.(?:m?js|css|map|json)$/.test(pathname)
  )
}

function isFileIn(dir: string, href: string): boolean {
  const file = path.join(dir, href)
  return (
    file.startsWith(path.join(dir, path.sep)) &&
    fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true
  )
}

/** Where the statechart viewer looks for the flow-coverage overlay. */
export const COVERAGE_URL = '/statecharts/flow-coverage.json'
/** The compact report `npm run flows` writes for the viewer (src/statecharts/coverage.ts, compactCoverage). */
export const COVERAGE_FILE = 'statecharts-coverage.json'

type SpaOptions = { config: Config; distDir: string; reportsDir: string }

/**
 * Serves the built SPA from dist/: hashed assets cached for a year, a missing asset is a 404 (the page in its
 * place would be a script with an HTML MIME type), every other path gets index.html: with 200 for a path of the
 * route table (contract/pages.ts), with 404 for any other, where the portal shows «Pagina non trovata».
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexFile = path.join(options.distDir, 'index.html')
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`${indexFile} non trovato: esegui "npm run build"`)
    return
  }
  const indexHtml = injectClientConfig(fs.readFileSync(indexFile, 'utf8'), options.config)
  const routeAssetsFile = path.join(options.distDir, '.vite', 'route-assets.json')
  const assetsOf = routeAssetsMatcher(
    existingRouteAssets(
      fs.existsSync(routeAssetsFile)
        ? (JSON.parse(fs.readFileSync(routeAssetsFile, 'utf8')) as RouteAssets)
        : {},
      (href) => isFileIn(options.distDir, href),
    ),
  )
  // The viewer's coverage, read from reports/ when asked: a report written after the build is served as soon as
  // it exists, a missing one is a 404. Ahead of the static files, where an older build may have copied one.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    if (request.url.split('?')[0] !== COVERAGE_URL) return
    const file = path.join(options.reportsDir, COVERAGE_FILE)
    const body = await fs.promises.readFile(file).catch(() => null)
    if (body === null) return reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body)
  })
  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: false,
    // dist/ holds .br and .gz beside each asset (vite.config.ts): sent as is to clients that accept them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable')
      }
    },
  })
  app.setNotFoundHandler(async (request, reply) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/idp/')
    ) {
      return reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
    }
    const url = new URL(request.url, 'https://portale.invalid')
    const pathname = url.pathname
    if (isAssetRequest(pathname)) return reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
    const { answers, heroImage } = await initialAnswers(
      app,
      pathname,
      sectorFromCookie(request.headers.cookie),
      url.searchParams,
    )
    const hints = pageHints({ files: assetsOf(pathname), answers, ...(heroImage ? { heroImage } : {}) })
    return reply
      .code(isKnownPath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(hints ? indexHtml.replace('</head>', `${hints}</head>`) : indexHtml)
  })
})
