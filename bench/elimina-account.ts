// Deleting an account (issue 23 item 6) with and without the foreign keys' indexes of migration 0019_indici_fk:
// the time of server/repositories/dati-personali.ts deleteAccount for a few players with results, on PostgreSQL
// with a seeded data set (BENCH_ELIMINA_DATABASE_URL, medium unless said; the large set when it points there).
// Every deletion runs inside a transaction that is rolled back; «senza indici» drops the 0019 indexes inside that
// same transaction first, so the data set is left as it was.
// Measured on 27 Nov 2026 (2-core machine, 9 players with entries, median / max): medium 15.5 / 21.4 ms without
// the indexes, 7.6 / 9.7 ms with them; large (200,000 players, 405,000 entries) 52.2 / 71.5 ms without, 13.2 /
// 15.2 ms with them.
// Since the deletion withdraws what has not happened yet through the lifecycles (entries, challenges, listings),
// measured on 27 Nov 2026 on the large set, 9 players (2 entries and 1 listing withdrawn among them), machine
// loaded (load average 7 on 2 cores): 29.1 / 54.5 and 35.6 / 57.0 ms with the indexes in two runs.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Account } from '../server/auth/accounts.ts'
import { openDatabase, type Db } from '../server/db/client.ts'
import { nameForms } from '../server/domain/dati-personali.ts'
import { datiPersonaliRepository } from '../server/repositories/dati-personali.ts'

export const ELIMINA_URL =
  process.env.BENCH_ELIMINA_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portale_bench_medium'
const PLAYERS = Number(process.env.BENCH_ELIMINA_PLAYERS ?? 5)

/** The indexes migration 0019 adds, read from the migration itself. */
function fkIndexes(): string[] {
  const folder = path.join(import.meta.dirname, '..', 'server', 'db', 'migrations')
  const file = fs.readdirSync(folder).find((name) => name.endsWith('_indici_fk.sql'))
  if (!file) throw new Error('Migrazione indici_fk assente')
  const text = fs.readFileSync(path.join(folder, file), 'utf8')
  return [...text.matchAll(/CREATE INDEX "([^"]+)"/g)].map((m) => m[1]!)
}

class Rollback extends Error {}

type Row = { variante: string; giocatori: number; mediana: number; massimo: number }

async function timeDeletions(db: Db, players: Account[], dropIndexes: boolean): Promise<number[]> {
  const indexes = fkIndexes()
  const times: number[] = []
  for (const account of players) {
    try {
      await db.transaction(async (tx) => {
        if (dropIndexes) for (const name of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`)
        const [person] = (
          (await tx.execute(
            sql`select nome, cognome from persons where id = ${account.personId}`,
          )) as unknown as { rows: { nome: string; cognome: string }[] }
        ).rows
        const started = performance.now()
        await datiPersonaliRepository(tx as unknown as Db).deleteAccount(
          account,
          nameForms(person!),
          new Date(),
        )
        times.push(performance.now() - started)
        throw new Rollback()
      })
    } catch (error) {
      if (!(error instanceof Rollback)) throw error
    }
  }
  return times
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchEliminaAccount(): Promise<Row[]> {
  const database = await openDatabase({ databaseUrl: ELIMINA_URL })
  try {
    const { db } = database
    // Players with an account and results (entries, points): the deletions that touch the most tables.
    const { rows: players } = (await db.execute(sql`
      select a.id, a.email, a.person_id as "personId", a.password_hash as "passwordHash"
        from accounts a
       where a.person_id is not null
         and exists (select 1 from tournament_entries e where e.person_id = a.person_id)
       order by a.email limit ${PLAYERS}`)) as unknown as { rows: Account[] }
    if (players.length === 0) throw new Error('Nessun giocatore con account e iscrizioni: dati generati?')
    // One warm-up each way, not counted.
    await timeDeletions(db, players.slice(0, 1), false)
    await timeDeletions(db, players.slice(0, 1), true)
    const rows: Row[] = []
    for (const [variante, drop] of [
      ['senza indici sulle chiavi esterne', true],
      ['con gli indici (0019_indici_fk)', false],
    ] as const) {
      const times = await timeDeletions(db, players, drop)
      rows.push({
        variante,
        giocatori: times.length,
        mediana: Math.round(median(times) * 10) / 10,
        massimo: Math.round(Math.max(...times) * 10) / 10,
      })
    }
    return rows
  } finally {
    await database.close()
  }
}

export function printEliminaAccount(rows: Row[]) {
  console.log(`\nEliminazione di un account, PostgreSQL (${new URL(ELIMINA_URL).pathname.slice(1)}), ms`)
  console.table(
    rows.map((r) => ({
      variante: r.variante,
      giocatori: r.giocatori,
      'mediana (ms)': r.mediana,
      'massimo (ms)': r.massimo,
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printEliminaAccount(await benchEliminaAccount())
