// The local identity service, mounted under /idp: oidc-provider behind a wildcard route, and the Italian pages
// it sends the browser to. Only registered when no B2C tenant is configured (server/app.ts).
import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '../../contract/common.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { deleteExpiredProviderRecords } from './adapter.ts'
import { VerificationCodes, deleteOutboxOlderThan } from './codes.ts'
import { Credentials } from './credentials.ts'
import { registerInteractionRoutes } from './interactions.ts'
import type { SigningKeys } from './keys.ts'
import { providerTarget } from './policies.ts'
import { clientOrigins, createProvider, derivedSecret, requestPolicy } from './provider.ts'
import { deleteSharedLimitsBefore } from '../repositories/shared-limits.ts'
import { createThrottles } from './throttle.ts'

export type IdpOptions = { config: Config; db: Db; keys: SigningKeys }

const ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets')
const ASSETS: Record<string, string> = {
  'idp.css': 'text/css; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
}

const SWEEP_EVERY_MS = 10 * 60_000
const KEEP_CODES_MS = 24 * 60 * 60_000
const KEEP_OUTBOX_MS = 7 * 24 * 60 * 60_000

/**
 * The app's CSP has `form-action 'self'`, and browsers apply it to the redirects that follow a form post too:
 * the sign-in form ends on the SPA's redirect URI, which for the Vite dev server is another origin.
 */
function allowFormRedirects(res: ServerResponse, origins: string[]) {
  const csp = res.getHeader('content-security-policy')
  if (origins.length === 0 || typeof csp !== 'string') return
  res.setHeader(
    'content-security-policy',
    csp.replace(
      /form-action ([^;]*)/,
      (_all, sources: string) => `form-action ${sources} ${origins.join(' ')}`,
    ),
  )
}

/**
 * MSAL's logout sends only post_logout_redirect_uri and state; without client_id (or id_token_hint)
 * oidc-provider ignores the redirect. There is one client, so name it (identity note, trap 5).
 */
function withLogoutClient(url: string, clientId: string): string {
  const queryAt = url.indexOf('?')
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
  if (pathname !== '/oauth2/v2.0/logout') return url
  const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))
  if (query.has('client_id') || query.has('id_token_hint')) return url
  query.set('client_id', clientId)
  return `${pathname}?${query}`
}

export const idpPlugin = fp(async (app: FastifyInstance, options: IdpOptions) => {
  const { config, db, keys } = options
  const provider = createProvider({ config, db, keys })
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity service error'))
  const handle = provider.callback()
  const origin = new URL(config.publicOrigin)
  const formOrigins = clientOrigins(config)

  // The provider: everything under /idp/<tenant>/<policy>/ goes to oidc-provider untouched.
  await app.register(async (scope) => {
    // The provider reads request bodies itself: leave the stream unread.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    scope.addHook('onRequest', async (_request, reply) => allowFormRedirects(reply.raw, formOrigins))

    scope.all('/idp/*', async (request, reply) => {
      const target = providerTarget(request.raw.url ?? '/', config.tenant)
      if (!target) return reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
      const raw = request.raw
      const url =
        request.method === 'GET' ? withLogoutClient(target.url, config.identity.clientId) : target.url
      raw.url = url
      // oidc-provider builds its endpoint URLs from the part of originalUrl in front of url: the mount path.
      ;(raw as typeof raw & { originalUrl?: string }).originalUrl = target.mountPath + url
      // Issuer, endpoints and cookies always use the public https origin (also under inject() in tests).
      raw.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1)
      raw.headers['x-forwarded-host'] = origin.host
      requestPolicy.set(raw, target.policy)
      reply.hijack()
      await handle(raw, reply.raw)
    })
  })

  // Several replicas (REPLICAS > 1) count failures and codes in the database, one process in memory.
  const throttles = createThrottles(db, config.replicas > 1)
  const credentials = new Credentials(db, throttles)
  const codes = new VerificationCodes(db, derivedSecret(keys, 'idp-codes')[0]!)

  // The pages: plain HTML forms, their assets and the outbox.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    scope.addHook('onRequest', async (_request, reply) => allowFormRedirects(reply.raw, formOrigins))

    const assets = new Map(
      Object.entries(ASSETS).map(([file, type]) => [
        file,
        { type, body: fs.readFileSync(path.join(ASSETS_DIR, file), 'utf8') },
      ]),
    )
    scope.get('/idp/assets/:file', async (request, reply) => {
      const asset = assets.get((request.params as { file: string }).file)
      if (!asset) return reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
      return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body)
    })

    registerInteractionRoutes(scope, {
      provider,
      db,
      config,
      credentials,
      codes,
      codeSends: throttles.codeSends,
    })
  })

  const sweep = async () => {
    const now = Date.now()
    await deleteExpiredProviderRecords(db)
    await codes.deleteOlderThan(new Date(now - KEEP_CODES_MS))
    await deleteOutboxOlderThan(db, new Date(now - KEEP_OUTBOX_MS))
    if (config.replicas > 1) await deleteSharedLimitsBefore(db, now - 60 * 60_000)
  }
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.warn({ err: error }, 'identity service clean-up failed'))
  }, SWEEP_EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
})
