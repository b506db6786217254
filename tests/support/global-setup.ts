// Builds the test database once per run (migrated, seeded at small scale); each worker then gets its own
// copy: a PGlite snapshot, or a PostgreSQL database cloned from a template when DATABASE_URL is set.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Client } from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client.ts'
import { createPgBossQueue } from '../../server/jobs/pg-boss.ts'
import { seedDatabase } from '../../server/seed/index.ts'

// TEST_DB_PREFIX lets two checkouts run their suites on one PostgreSQL at once without dropping each other's databases.
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX ?? 'portale_test'
export const TEMPLATE_DB = `${TEST_DB_PREFIX}_template`

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
  }
}

export function adminUrl(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** pg-boss's schema and queues in the template, so each app of a test starts on an installed queue. */
async function installJobQueue(database: Database) {
  const queue = createPgBossQueue(database)
  await queue.start()
  await queue.stop()
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const admin = new Client({ connectionString: url })
    await admin.connect()
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname like '${TEST_DB_PREFIX}_%' and pid <> pg_backend_pid()`,
    )
    await admin.query(`drop database if exists ${TEMPLATE_DB}`)
    await admin.query(`create database ${TEMPLATE_DB}`)
    await admin.end()
    const database = await openDatabase({ databaseUrl: adminUrl(url, TEMPLATE_DB) })
    await migrateDatabase(database)
    await seedDatabase(database.db, { scale: 'small' })
    await installJobQueue(database)
    await database.close()
    project.provide('pgliteSnapshot', '')
    return
  }
  const client = new PGlite()
  const database = await openDatabase({ dataDir: null, client })
  await migrateDatabase(database)
  await seedDatabase(database.db, { scale: 'small' })
  await installJobQueue(database)
  const dump = await client.dumpDataDir('gzip')
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-')), 'snapshot.tar.gz')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteSnapshot', file)
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}
