// What the repositories that decide a record's life with a machine share (enrolments, challenges, partner
// requests): the refusal a route turns into `{ statusCode, message }`, and the transaction they lock in.
import type { Db } from '../db/client.ts'

/** A refusal with the HTTP status it deserves (the route turns it into `{ statusCode, message }`). */
export type Refusal = { refused: true; status: 400 | 403 | 404 | 409 | 429; message: string }

export const refuse = (status: Refusal['status'], message: string): Refusal => ({
  refused: true,
  status,
  message,
})

/** A transaction of the database, and either it or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Q = Db | Tx
