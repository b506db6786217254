// Which failures are the database being away (503, Retry-After) and which are the portal's own (500):
// server/db/availability.ts, as the crash test (interruzioni.test.ts) meets them on PostgreSQL.
import { describe, expect, it } from 'vitest'
import { MESSAGES, isReadableMessage } from '../../contract/common.ts'
import { isDatabaseUnavailable } from '../../server/db/availability.ts'

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })
/** As drizzle throws it: its own error with the driver's in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

describe('isDatabaseUnavailable', () => {
  it('a dropped or refused connection, also wrapped by drizzle', () => {
    const unavailable = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('08006', 'connection failure'),
      pgError('55000', 'database "x" is not currently accepting connections'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]
    for (const error of unavailable) {
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true])
      expect([error.message, isDatabaseUnavailable(wrapped(error))]).toEqual([error.message, true])
    }
  })

  it('any other failure is the portal’s', () => {
    const others = [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('55000', 'cannot execute in a read-only transaction'),
      pgError('42P01', 'relation "x" does not exist'),
      new Error('Cannot read properties of undefined'),
      wrapped(pgError('40001', 'could not serialize access')),
      'not an error',
      null,
    ]
    for (const error of others)
      expect([String(error), isDatabaseUnavailable(error)]).toEqual([String(error), false])
  })

  it('the 503 says it in Italian, and the client shows it as it is', () => {
    expect(isReadableMessage(MESSAGES.databaseUnavailable)).toBe(true)
  })

  it('a cause chain that loops ends', () => {
    const a: { cause?: unknown } = new Error('a')
    a.cause = wrapped(a)
    expect(isDatabaseUnavailable(a)).toBe(false)
  })
})
