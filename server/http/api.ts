import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Result, type Schema } from 'effect'
import { API_PREFIX, type Endpoint } from '../../contract/endpoint.ts'
import { decode } from '../../contract/decode.ts'
import type { Account } from '../auth/accounts.ts'
import type { Db } from '../db/client.ts'
import { createRepositories, type Repositories } from '../repositories/index.ts'
import { ApiError } from './errors.ts'

export type HandlerContext<E extends Endpoint> = {
  body: E['request']['Type']
  /** The SQL of every area (server/repositories); routes call these, never the database. */
  repos: Repositories
  request: FastifyRequest
} & (E['access'] extends 'user'
  ? {
      /** The signed-in account (a `user` endpoint answers 401 without one). */
      account: Account
    }
  : {
      /**
       * The signed-in account, or null: read only when asked for, so an answer that does not depend on
       * the caller costs no query for a signed-in one.
       */
      caller: () => Promise<Account | null>
    })

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<E['response']['Encoded']>

export type HandleOptions = {
  /** Cache the JSON of anonymous calls for this long (public reads only). */
  cacheSeconds?: number
  /**
   * The instants (ISO) at which the answer stops being true, e.g. an enrolment deadline it shows: a cached answer
   * expires at the first of them still to come, if that is sooner than `cacheSeconds`.
   */
  changesAt?: (result: unknown) => readonly (string | null | undefined)[]
  /** Calls per minute per caller (account, or address when anonymous), for reads that must not be walked. */
  perMinute?: number
}

export type Api = {
  repos: Repositories
  handle<E extends Endpoint<Schema.Top & { readonly DecodingServices: never }>>(
    endpoint: E,
    handler: Handler<E>,
    options?: HandleOptions,
  ): void
  /** Drops cached responses of the paths that start with `prefix` (call after a write). */
  invalidate(prefix: string): void
}

/** Builds the registrar that route modules use: decode with the contract, check access, call the handler. */
export function createApi(
  app: FastifyInstance,
  db: Db,
  options: { writeRateLimit: number; responseCache?: boolean },
): Api {
  const cache = new ResponseCache()
  const repos = createRepositories(db)
  return {
    repos,
    invalidate: (prefix) => cache.invalidate(prefix),
    handle(endpoint, handler, handleOptions = {}) {
      const cacheable = options.responseCache !== false && endpoint.access === 'public' && !endpoint.write
      const ttl = cacheable ? (handleOptions.cacheSeconds ?? 0) : 0
      app.post(
        `${API_PREFIX}${endpoint.path}`,
        {
          config:
            endpoint.write || handleOptions.perMinute !== undefined
              ? {
                  rateLimit: {
                    max: handleOptions.perMinute ?? options.writeRateLimit,
                    timeWindow: '1 minute',
                    keyGenerator: (request: FastifyRequest) => request.claims?.sub ?? request.ip,
                  },
                }
              : {},
        },
        async (request, reply) => {
          const account = endpoint.access === 'user' ? await request.caller() : null
          if (endpoint.access === 'user' && !account) throw ApiError.unauthorized()
          // Anonymous answers only: a signed-in caller may see more (puo_commentare, their enrolment).
          const cacheKey =
            ttl > 0 && !request.claims ? `${endpoint.path}:${JSON.stringify(request.body ?? {})}` : null
          const cached = cacheKey ? cache.get(cacheKey) : undefined
          if (cached !== undefined) return reply.type('application/json; charset=utf-8').send(cached)
          const decoded = decode(endpoint.request, request.body ?? {})
          if (Result.isFailure(decoded)) {
            throw ApiError.badRequest(decoded.failure.message, decoded.failure.details)
          }
          const result = await handler({
            body: decoded.success,
            repos,
            request,
            ...(endpoint.access === 'user' ? { account } : { caller: () => request.caller() }),
          } as never)
          if (!cacheKey) return result
          const json = JSON.stringify(result)
          cache.set(cacheKey, endpoint.path, json, ttlUntilChange(ttl, handleOptions.changesAt?.(result)))
          return reply.type('application/json; charset=utf-8').send(json)
        },
      )
    },
  }
}

/** The seconds an answer may be cached: `ttl`, or less when an instant it shows comes first. */
function ttlUntilChange(ttl: number, instants: readonly (string | null | undefined)[] = []): number {
  const now = Date.now()
  const next = instants.reduce(
    (soonest, iso) => {
      const at = iso ? Date.parse(iso) : Number.NaN
      return at > now && at < soonest ? at : soonest
    },
    now + ttl * 1000,
  )
  return (next - now) / 1000
}

/** A small per-process TTL cache of serialized responses, bounded in entries. */
class ResponseCache {
  private entries = new Map<string, { path: string; json: string; expires: number }>()
  constructor(private readonly maxEntries = 2000) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires < Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.json
  }

  set(key: string, path: string, json: string, ttlSeconds: number) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { path, json, expires: Date.now() + ttlSeconds * 1000 })
  }

  invalidate(prefix: string) {
    for (const [key, entry] of this.entries) if (entry.path.startsWith(prefix)) this.entries.delete(key)
  }
}
