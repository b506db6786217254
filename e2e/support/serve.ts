// The e2e server: a fresh small data set every run, so journeys that change data (a password reset,
// a comment) start from the same state; then the real start-up of server/main.ts.
import fs from 'node:fs'
import path from 'node:path'
import { Client } from 'pg'

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data/e2e')
fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true })

if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL)
  const admin = new Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'portale_e2e'`)
  await admin.query('drop database if exists portale_e2e')
  await admin.query('create database portale_e2e')
  await admin.end()
  url.pathname = '/portale_e2e'
  process.env.DATABASE_URL = url.toString()
}

// Seeded here rather than by the start-up (which then finds the database ready), so that the accounts only the
// journeys need (e2e/support/fixtures.ts) are added before the portal answers.
{
  const { migrateDatabase, openDatabase } = await import('../../server/db/client.ts')
  const { isSeeded, seedDatabase } = await import('../../server/seed/index.ts')
  const {
    addConsentAccounts,
    addDeletionAccount,
    addHiddenPlayer,
    addHostileValuesAccount,
    addPadelCircuit,
  } = await import('./fixtures.ts')
  const { addCaptainsTie } = await import('./incontri-fixture.ts')
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
  })
  try {
    await migrateDatabase(database)
    if (!(await isSeeded(database.db))) await seedDatabase(database.db, { scale: 'small' })
    await addConsentAccounts(database.db, 'privacy@demo.it')
    await addPadelCircuit(database.db)
    await addHiddenPlayer(database.db, 'privacy@demo.it')
    await addCaptainsTie(database.db)
    await addDeletionAccount(database.db, 'privacy@demo.it')
    await addHostileValuesAccount(database.db, 'privacy@demo.it')
  } finally {
    await database.close()
  }
}

await import('../../server/main.ts')
