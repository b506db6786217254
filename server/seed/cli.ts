// `npm run seed -- --scale large [--reset] [--date YYYY-MM-DD]`: migrates, then seeds PostgreSQL (DATABASE_URL) or
// the PGlite files under data/pglite. Refuses a database that already holds data unless --reset is given.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '../db/client.ts'
import { DEMO_ACCOUNTS, isSeeded, seedDatabase, seededTables, type SeedScale } from './index.ts'
import { requireSupportedNode } from '../runtime.ts'
requireSupportedNode()

const say = (line: string) => process.stdout.write(`${line}\n`)

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'medium' },
      reset: { type: 'boolean', default: false },
      date: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    say('Uso: npm run seed -- [--scale small|medium|large] [--reset] [--date AAAA-MM-GG]')
    say('  DATABASE_URL=postgres://… per PostgreSQL, altrimenti PGlite in $DATA_DIR/pglite (data/pglite).')
    return
  }
  const scale = values.scale as SeedScale
  if (!['small', 'medium', 'large'].includes(scale))
    throw new Error(`--scale deve essere small, medium o large`)
  if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))
    throw new Error('--date vuole AAAA-MM-GG')

  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data', 'pglite')
  const database = await openDatabase({ databaseUrl, dataDir })
  say(`Database: ${database.engine === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}`)
  try {
    try {
      await migrateDatabase(database)
    } catch (error) {
      // The team regenerates one 0000_init migration: a database made by an older one cannot take the new one.
      if (!values.reset) {
        throw new Error(
          `migrazione non riuscita (${error instanceof Error ? error.message.split('\n')[0] : error}); --reset ricrea lo schema`,
          { cause: error },
        )
      }
      say('--reset: lo schema non corrisponde alle migrazioni attuali, lo ricreo…')
      await database.db.execute(sql`drop schema if exists drizzle cascade`)
      await database.db.execute(sql`drop schema public cascade`)
      await database.db.execute(sql`create schema public`)
      await migrateDatabase(database)
    }
    if (await isSeeded(database.db)) {
      if (!values.reset) {
        say('Il database contiene già dei dati: usa --reset per svuotarlo e generarli di nuovo.')
        process.exitCode = 1
        return
      }
      say('--reset: svuoto le tabelle…')
      const tables = seededTables()
        .map((name) => `"${name}"`)
        .join(', ')
      await database.db.execute(sql.raw(`truncate table ${tables} restart identity cascade`))
    }
    const started = performance.now()
    let lastStep = ''
    let stepStarted = started
    const summary = await seedDatabase(database.db, {
      scale,
      referenceDate: values.date,
      onProgress: (step, done, total) => {
        const now = performance.now()
        if (step !== lastStep) {
          if (lastStep) say(`  ${lastStep}: ${((now - stepStarted) / 1000).toFixed(1)} s`)
          lastStep = step
          stepStarted = now
        } else {
          say(`    ${step}: ${done}/${total}`)
        }
      },
    })
    const rows = Object.values(summary.counts).reduce((sum, n) => sum + n, 0)
    say(
      `Scala ${scale}, data di riferimento ${summary.referenceDate}: ${rows} righe in ${(summary.ms / 1000).toFixed(1)} s`,
    )
    for (const [table, count] of Object.entries(summary.counts).sort((a, b) => b[1] - a[1])) {
      say(`  ${table.padEnd(24)} ${String(count).padStart(9)}`)
    }
    say('Account dimostrativi:')
    for (const demo of DEMO_ACCOUNTS) say(`  ${demo.email} / ${demo.password}  (${demo.descrizione})`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error('Generazione dei dati non riuscita:', error instanceof Error ? error.message : error)
  process.exit(1)
})
