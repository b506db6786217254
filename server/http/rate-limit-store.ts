// @fastify/rate-limit's store on PostgreSQL, for several replicas of the portal (issue 25, item 2): the plugin's
// own store counts in process, so N replicas would let a client through N times the limit. Its custom store
// interface (incr, read, child: see the plugin's README, «Custom store») is implemented here on an UNLOGGED table
// with one upsert per hit (server/repositories/shared-limits.ts), with the same fixed window as the plugin's
// LocalStore. Each route's child store prefixes its keys with the route, as LocalStore keeps one map per route.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Db } from '../db/client.ts'
import { countHit, readHits } from '../repositories/shared-limits.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
/** What the plugin really passes to child(): the merged limits with the route under routeInfo. */
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } }

/** The store class the plugin instantiates (`store` option), bound to one database. */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: Callback) {
      readHits(db, `${this.prefix}|${key}`).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: object) {
      const info = (routeOptions as RouteInfo).routeInfo ?? {}
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '')
      return new SharedRateLimitStore(routeOptions, `${method} ${info.url ?? ''}`)
    }
  }
}
