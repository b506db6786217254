import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/**
 * A value of a prepared statement read when the statement runs, not when PostgreSQL plans it: `(select $n::int)`
 * (or `::date`). Given as a plain placeholder, a page's bounds (its limit and offset, a range of places) or a day are
 * estimated from their values, every per-call plan looks cheaper than the generic one, and the statement is planned
 * again at every call (docs/architettura.md, «Piani fatti una volta, indici che li reggono»). drizzle types
 * `.limit()` as a number or a placeholder: pass it `atRuntime(…) as never`, its SQL is written in place all the same.
 */
export const atRuntime = (name: string, type: 'int' | 'date' = 'int') =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`

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

/**
 * A family of queries built once per database and shape (which filters a request sets), for lists whose SQL depends
 * on the filters given: `build` makes a shape's queries the first time it is asked for, `keyOf` tells shapes apart.
 */
export function preparedByKey<S, T>(keyOf: (shape: S) => string, build: (db: Db, shape: S) => T) {
  const built = new WeakMap<Db, Map<string, T>>()
  return (db: Db, shape: S): T => {
    let byKey = built.get(db)
    if (byKey === undefined) built.set(db, (byKey = new Map()))
    const key = keyOf(shape)
    let query = byKey.get(key)
    if (query === undefined) {
      query = build(db, shape)
      byKey.set(key, query)
    }
    return query
  }
}
