// Every foreign key has an index that starts with its columns (issue 23 item 6): deleting a person or an account
// checks each table that points at it, and without the index PostgreSQL reads the whole table to do so.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testDatabase } from '../support/server.ts'

/**
 * The foreign keys of the public schema whose columns are not the leading columns (in any order) of some index
 * of their table, read from the catalog.
 */
const UNCOVERED = sql`
  select c.conrelid::regclass::text as tabella, c.conname as vincolo,
         c.confrelid::regclass::text as riferita,
         (select string_agg(a.attname, ', ' order by a.attnum) from pg_attribute a
           where a.attrelid = c.conrelid and a.attnum = any (c.conkey)) as colonne
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
   where c.contype = 'f' and n.nspname = 'public'
     and not exists (
       select 1 from pg_index i
        where i.indrelid = c.conrelid
          and i.indpred is null
          and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(c.conkey) - 1]) k)
            = (select array_agg(k order by k) from unnest(c.conkey) k)
     )
   order by 1, 2`

describe('foreign keys', () => {
  it('each has an index on its columns', async () => {
    const { db } = await testDatabase()
    const { rows } = (await db.execute(UNCOVERED)) as unknown as { rows: Record<string, string>[] }
    expect(rows.map((r) => `${r.tabella}.${r.colonne} → ${r.riferita}`)).toEqual([])
  })
})
