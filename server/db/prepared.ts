import type { Db } from './client.ts'

/**
 * A query built once per database and reused: drizzle skips rebuilding its SQL on every call (the largest
 * cost of a hot read, measured), and PostgreSQL keeps the statement's plan per connection. For the calls
 * every authenticated request makes; values go in through `sql.placeholder`.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
