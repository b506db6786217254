// Whether a failure means the database cannot be reached for now (issue 24, item 5): the connection was dropped
// (its backend terminated, the server restarting), a new one is refused (not accepting connections, too many) or
// the network does not answer. Its transaction did not commit (or, if the connection broke during the commit
// itself, the database decided it alone): the portal answers 503 with Retry-After, the request may be sent again,
// and the pool opens new connections once the database is back.
// Any other failure is a fault of the portal (500).

/** SQLSTATE codes of a database that cannot serve now (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
])

/** Network failures of the socket to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
])

/** node-postgres's own messages for a connection that broke or never came (it gives them no code). */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection ended)/

function unavailableItself(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : ''
  const message = typeof error.message === 'string' ? error.message : ''
  return (
    UNAVAILABLE_SQLSTATES.has(code) ||
    // Class 08: connection exception.
    /^08[0-9A-Z]{3}$/.test(code) ||
    // A database that does not allow connections (ALTER DATABASE … ALLOW_CONNECTIONS false, being dropped).
    (code === '55000' && message.includes('not currently accepting connections')) ||
    NETWORK_CODES.has(code) ||
    DRIVER_MESSAGES.test(message)
  )
}

/** True when `error`, or any error it wraps (drizzle wraps the driver's in `cause`), is the database being away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current)
    if (unavailableItself(current as { code?: unknown; message?: unknown })) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Seconds a client is asked to wait before sending the request again. */
export const RETRY_AFTER_SECONDS = 5
