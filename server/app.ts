import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import { MAX_JSON_BYTES, MESSAGES } from '../contract/common.ts'
import { createTokenVerifier, type TokenVerifier } from './auth/verify.ts'
import type { Config } from './config.ts'
import { RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/availability.ts'
import type { Database } from './db/client.ts'
import {
  WRITE_QUEUE_RETRY_AFTER_SECONDS,
  type WriteQueue,
  WriteQueueFull,
  createWriteQueue,
  DatabaseBusy,
  PGLITE_RUNNING,
} from './db/write-queue.ts'
import { createApi, type Api } from './http/api.ts'
import { openCacheChannel } from './http/cache-channel.ts'
import { sharedRateLimitStore } from './http/rate-limit-store.ts'
import { ApiError } from './http/errors.ts'
import { registerJsonParser } from './http/json-body.ts'
import { createPgBossQueue } from './jobs/pg-boss.ts'
import { registerJobs } from './plugins/jobs.ts'
import { loggerOptions } from './http/logging.ts'
import { loadOrCreateSigningKeys } from './idp/keys.ts'
import { idpPlugin } from './idp/plugin.ts'
import { authPlugin } from './plugins/auth.ts'
import { mediaPlugin } from './plugins/media.ts'
import { securityPlugin } from './plugins/security.ts'
import { spaPlugin } from './plugins/spa.ts'
import analyticsRoutes from './routes/analytics.ts'
import avvisiRoutes from './routes/avvisi.ts'
import calendarioRoutes from './routes/calendario.ts'
import campionatiRoutes from './routes/campionati.ts'
import campionatiFileRoutes from './routes/campionati-file.ts'
import cercaCompagnoRoutes from './routes/cerca-compagno.ts'
import circoliRoutes from './routes/circoli.ts'
import circuitiRoutes, { circuitiStampeRoutes } from './routes/circuiti.ts'
import datiPersonaliRoutes from './routes/dati-personali.ts'
import classificheRoutes, { classificheStampeRoutes } from './routes/classifiche.ts'
import documentiRoutes from './routes/documenti.ts'
import faqRoutes from './routes/faq.ts'
import helpdeskRoutes, { allegatiFileRoutes } from './routes/helpdesk.ts'
import tessereRoutes from './routes/tessere.ts'
import giocatoriRoutes from './routes/giocatori.ts'
import homeRoutes from './routes/home.ts'
import impostazioniRoutes from './routes/impostazioni.ts'
import iscrizioniRoutes from './routes/iscrizioni.ts'
import loginRoutes from './routes/login.ts'
import lookupRoutes from './routes/lookup.ts'
import newsRoutes from './routes/news.ts'
import profiloRoutes, { fototesseraFileRoutes } from './routes/profilo.ts'
import sfideRoutes from './routes/sfide.ts'
import incontriRoutes from './routes/incontri.ts'
import tabelloniRoutes, { todsRoutes } from './routes/tabelloni.ts'
import stampeRoutes from './routes/stampe.ts'
import torneoRoutes from './routes/torneo.ts'

const routeModules: ((api: Api) => void)[] = [
  loginRoutes,
  giocatoriRoutes,
  lookupRoutes,
  analyticsRoutes,
  profiloRoutes,
  datiPersonaliRoutes,
  impostazioniRoutes,
  faqRoutes,
  helpdeskRoutes,
  tessereRoutes,
  homeRoutes,
  newsRoutes,
  calendarioRoutes,
  circuitiRoutes,
  circoliRoutes,
  classificheRoutes,
  tabelloniRoutes,
  torneoRoutes,
  iscrizioniRoutes,
  cercaCompagnoRoutes,
  sfideRoutes,
  avvisiRoutes,
  incontriRoutes,
  campionatiRoutes,
]

export const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')

export type AppOptions = {
  config: Config
  database: Database
  /** Serve the built SPA from here; omit in API-only tests. */
  distDir?: string
  /** Where `npm run flows` writes its reports (the viewer's coverage); beside dist/ when omitted. */
  reportsDir?: string
  /** false silences the request log; a stream receives it (tests). */
  logger?: false | { write: (line: string) => void }
  /** Serve https with this key and certificate (MSAL refuses plain http authorities). */
  tls?: { key: string; cert: string }
  /** The queue in front of contended writes; built from `config.writeQueue` when omitted (tests pass their own). */
  writeQueue?: WriteQueue
  /** The door in front of every request's database work: PGlite's when omitted, none on PostgreSQL (tests pass one). */
  admission?: WriteQueue
}

/**
 * Builds the whole server in layers: external plugins (security, rate limit) → app plugins
 * (identity, authentication) → routes → the SPA. Tests call it and use `inject()`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  // HTTP/2 over TLS: one connection carries the page, its chunks and its API calls in parallel.
  // HTTP/1.1 stays available for clients (and tools) that do not negotiate h2. Typed as a plain object:
  // Fastify's overloads type an h2 server differently, and the instance is cast to the common type below.
  const transport: object = options.tls
    ? {
        http2: true,
        https: { allowHTTP1: true, key: options.tls.key, cert: options.tls.cert },
        // Close ends open HTTP/2 sessions and keep-alive sockets too (a browser keeps its session open),
        // so Ctrl-C stops the portal at once; Node 24 does this by itself, Node 20 needs the option.
        forceCloseConnections: true,
      }
    : {}
  const app = Fastify({
    ...transport,
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logger ? { stream: options.logger } : {}) },
    bodyLimit: MAX_JSON_BYTES,
    // Every request is logged at debug; failures and slow answers at info (see the onResponse hook).
    logController: new LogController({ disableRequestLogging: true }),
    // MSAL lower-cases the authority path; the policy segment is matched in lower case (identity note, trap 1).
    rewriteUrl: (request) => lowerCasePolicy(request.url ?? '/'),
    // Errors Fastify answers before any route or the error handler (an address that is no URL, FST_ERR_BAD_URL):
    // in Italian too, never its English «'/%zz' is not a valid url component».
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400
      void reply.code(status).send({ statusCode: status, message: italianMessageFor(status) })
    },
  }) as unknown as FastifyInstance

  // Depth and size of JSON bodies are checked here, once, before any route touches them.
  registerJsonParser(app)

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, message: error.message })
    }
    // The database is away for now (server/db/availability.ts): nothing was saved, the client may send it again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database non raggiungibile')
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, message: MESSAGES.databaseUnavailable })
    }
    // Turned away before it ran (server/db/write-queue.ts): too many writes wait for the same tournament or
    // challenge, or too many requests for PGlite's door. Nothing was done; sent again later.
    if (error instanceof WriteQueueFull || error instanceof DatabaseBusy) {
      return reply
        .code(503)
        .header('retry-after', String(WRITE_QUEUE_RETRY_AFTER_SECONDS))
        .send({
          statusCode: 503,
          message: error instanceof DatabaseBusy ? MESSAGES.databaseBusy : MESSAGES.writeQueueFull,
        })
    }
    const status = error.statusCode ?? 500
    if (status === 429) return reply.code(429).send({ statusCode: 429, message: MESSAGES.tooManyRequests })
    if (status === 415 || (status === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
      return reply.code(400).send({ statusCode: 400, message: MESSAGES.bodyNotJson })
    }
    if (status === 413) {
      return reply.code(413).send({ statusCode: 413, message: MESSAGES.bodyTooLarge })
    }
    if (status >= 500) request.log.error(error)
    // Not one of ours (ApiError): a framework's or a plugin's message, in English. The user reads Italian only.
    return reply.code(status).send({ statusCode: status, message: italianMessageFor(status) })
  })

  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }
    if (reply.statusCode >= 400 || reply.elapsedTime > 1000) request.log.info(line, 'request completed')
    else request.log.debug(line, 'request completed')
  })

  // Several replicas on one PostgreSQL (REPLICAS > 1, issue 25 item 2): rate limits counted in the database,
  // cached answers dropped on every replica through LISTEN/NOTIFY.
  const shared = config.replicas > 1 && config.databaseUrl ? config.databaseUrl : undefined
  await app.register(securityPlugin, {
    config,
    ...(shared ? { rateLimitStore: sharedRateLimitStore(database.db) } : {}),
  })
  const channel = shared ? openCacheChannel(shared, app.log) : undefined
  if (channel) app.addHook('onClose', () => channel.close())

  let verify: TokenVerifier
  if (config.identity.mode === 'local') {
    const keys = await loadOrCreateSigningKeys(database.db)
    verify = createTokenVerifier(config.identity, keys.publicJwks)
    await app.register(idpPlugin, { config, db: database.db, keys })
  } else {
    verify = createTokenVerifier(config.identity)
  }
  await app.register(authPlugin, {
    db: database.db,
    verify,
    createAccounts: config.identity.mode === 'b2c',
  })

  // Liveness for load balancers and the e2e runner; says nothing about the data.
  app.get('/api/health', async () => ({ status: 'ok' }))

  // The job queue (pg-boss, server/jobs/): deadlines, and the rankings a result leaves for after its commit.
  const jobs = createPgBossQueue(database, {
    onError: (error) => app.log.error({ err: error }, 'coda dei lavori'),
  })
  const api = createApi(app, database.db, {
    writeRateLimit: config.writeRateLimit,
    responseCache: config.responseCache,
    jobs,
    ...(channel ? { channel } : {}),
    // PGlite runs one transaction at a time, whatever it is about: its writes share one queue.
    writeQueue:
      options.writeQueue ?? createWriteQueue({ ...config.writeQueue, oneKey: database.engine === 'pglite' }),
    // PGlite serves every request on one connection: a few requests at a time do their database work, the others
    // wait at the door as long as a write may wait, and are then answered 503 (server/db/write-queue.ts).
    ...(options.admission
      ? { admission: options.admission }
      : database.engine === 'pglite'
        ? {
            admission: createWriteQueue({
              ...config.writeQueue,
              running: PGLITE_RUNNING,
              busy: () => new DatabaseBusy(),
            }),
          }
        : {}),
  })
  for (const register of routeModules) register(api)
  registerJobs(app, {
    queue: jobs,
    repos: api.repos,
    invalidate: api.invalidate,
    intervalMs: config.deadlineIntervalMs,
    origin: config.publicOrigin,
  })
  // Plain GET routes beside the POST API: the rule and calendar PDFs of /regolamenti.
  documentiRoutes(app)
  // The circuit ranking's PDF and CSV (/stampe/circuiti/<id>/classifica.pdf|csv).
  circuitiStampeRoutes(app, api.repos)
  classificheStampeRoutes(app, api.repos)
  // A tournament as ITF TODS JSON (open data).
  todsRoutes(app, api.repos)
  // Tournament prints (PDF), calendar files and feeds (.ics), at the paths of contract/stampe.ts.
  stampeRoutes(app, api.repos)
  campionatiFileRoutes(app, api.repos)
  // The signed-in user's card photo (GET, token header), beside the upload in the API.
  fototesseraFileRoutes(app, api.repos)
  allegatiFileRoutes(app, api.repos)
  // Images, posters and sample videos of news, videos and banners (server/media/).
  await app.register(mediaPlugin, { prefix: '/media' })

  if (options.distDir)
    await app.register(spaPlugin, {
      config,
      distDir: options.distDir,
      reportsDir: options.reportsDir ?? path.join(options.distDir, '..', 'reports'),
    })
  else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound }),
    )
  }
  return app
}

/** The Italian message of a failure that carries none of its own, by status (issue 19, item 5). */
function italianMessageFor(status: number): string {
  if (status === 400) return MESSAGES.badRequest
  if (status === 401) return MESSAGES.unauthorized
  if (status === 403) return MESSAGES.forbidden
  if (status === 404) return MESSAGES.notFound
  return MESSAGES.generic
}

const POLICY_SEGMENT = /^(\/idp\/[^/]+\/)(b2c_1_[^/?#]+)/i

function lowerCasePolicy(url: string): string {
  return url.replace(POLICY_SEGMENT, (_m, head: string, policy: string) => head + policy.toLowerCase())
}
