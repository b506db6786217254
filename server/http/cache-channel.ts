// The response caches of several replicas kept in step (issue 25, item 2; DESIGN §1 "Scaling out"): each replica
// caches public reads in process (server/http/api.ts) and, after a write, drops the paths it changed; with more
// than one replica, the same prefixes travel to the others through PostgreSQL's LISTEN/NOTIFY. A dedicated
// connection LISTENs (a pooled one would be handed to queries); a NOTIFY is sent after the write's transaction has
// committed (routes call invalidate() once the repository has returned), so a replica never re-caches the old answer
// after hearing of the new one. When the listening connection drops, every cached answer is dropped (a notice may
// have been missed while it was down) and the connection is opened again, after 0.5 s, then up to every 10 s.
import { Client } from 'pg'

export const CACHE_CHANNEL = 'portale_cache'

/** What the API's cache does when told: drop the paths under a prefix, or drop everything. */
export type CacheListener = { invalidate: (prefix: string) => void; reset: () => void }

export type CacheChannel = {
  /** Tells every replica (this one included) to drop the cached answers under `prefix`. */
  publish: (prefix: string) => void
  subscribe: (listener: CacheListener) => void
  close: () => Promise<void>
}

type Log = { warn: (details: object, message: string) => void }

export function openCacheChannel(databaseUrl: string, log: Log): CacheChannel {
  const listeners: CacheListener[] = []
  let closed = false
  let client: Client | undefined
  let retryMs = 500
  let timer: NodeJS.Timeout | undefined
  // Publishing uses its own connection too, so that a NOTIFY never waits behind the pool's queue of queries.
  let publisher: Client | undefined
  let publisherReady: Promise<Client> | undefined

  const resetAll = () => {
    for (const listener of listeners) listener.reset()
  }

  const connect = async () => {
    if (closed) return
    const next = new Client({ connectionString: databaseUrl, keepAlive: true })
    let dropped = false
    const onDrop = (error?: Error) => {
      if (dropped) return
      dropped = true
      if (client === next) client = undefined
      next.removeAllListeners('notification')
      void next.end().catch(() => undefined)
      if (closed) return
      log.warn({ err: error }, 'cache: connessione LISTEN persa, la riapro')
      resetAll()
      timer = setTimeout(() => void connect(), retryMs)
      retryMs = Math.min(retryMs * 2, 10_000)
    }
    next.on('error', onDrop)
    next.on('end', () => onDrop())
    next.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL || message.payload === undefined) return
      for (const listener of listeners) listener.invalidate(message.payload)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CACHE_CHANNEL}`)
    } catch (error) {
      onDrop(error as Error)
      return
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    retryMs = 500
    // Whatever was written while no one listened is unknown: start from an empty cache.
    resetAll()
  }

  const openPublisher = (): Promise<Client> => {
    publisherReady ??= (async () => {
      const next = new Client({ connectionString: databaseUrl, keepAlive: true })
      const forget = () => {
        if (publisher === next) publisher = undefined
        publisherReady = undefined
      }
      next.on('error', forget)
      next.on('end', forget)
      try {
        await next.connect()
      } catch (error) {
        forget()
        throw error
      }
      publisher = next
      return next
    })()
    return publisherReady
  }

  void connect()

  return {
    publish(prefix) {
      openPublisher()
        .then((pg) => pg.query('select pg_notify($1, $2)', [CACHE_CHANNEL, prefix]))
        .catch((error: unknown) => {
          // The other replicas keep their answers until their TTL: say so, and drop ours (already done).
          log.warn({ err: error }, 'cache: NOTIFY non inviato')
        })
    },
    subscribe(listener) {
      listeners.push(listener)
    },
    async close() {
      closed = true
      clearTimeout(timer)
      await Promise.all([client?.end(), publisher?.end()].map((p) => p?.catch(() => undefined)))
    },
  }
}
