// A benchmark target in its own process: `hello` (bare Fastify) or `portal` (the real app on PGlite or
// PostgreSQL, medium data). Prints one JSON line { port, token } when it listens on loopback.
import path from 'node:path'
import Fastify from 'fastify'
import { SignJWT, importJWK } from 'jose'
import { eq, sql } from 'drizzle-orm'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { migrateDatabase, openDatabase } from '../../server/db/client.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'
import { isSeeded, seedDatabase } from '../../server/seed/index.ts'
import { prepareEnrolmentBench } from './enrolment-setup.ts'

const target = process.argv[2]

if (target === 'hello') {
  const app = Fastify({ logger: false })
  app.post('/hello', async () => ({ hello: 'world' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
} else {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: path.resolve(process.env.BENCH_DATA_DIR ?? 'data/bench'),
  })
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  })
  await migrateDatabase(database)
  if (!(await isSeeded(database.db))) {
    process.stderr.write(`seeding ${config.seedScale}…\n`)
    await seedDatabase(database.db, { scale: config.seedScale })
  }
  // Fresh planner statistics and visibility maps, as autovacuum leaves a database that has settled: a
  // just-seeded one otherwise gets sequential scans on its largest tables, and index-only scans that still
  // read the table.
  await database.db.execute(sql`vacuum analyze`)
  const app = await buildApp({ config, database, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  // A real signed token for the authenticated, uncached call.
  const [account] = await database.db
    .select()
    .from(accounts)
    .where(eq(accounts.email, 'giocatore@demo.it'))
    .limit(1)
  const keys = await loadOrCreateSigningKeys(database.db)
  const jwk = keys.privateJwks[0]!
  const now = Math.floor(Date.now() / 1000)
  const token = account
    ? await new SignJWT({ emails: [account.email] })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setSubject(account.id)
        .setIssuer(config.identity.issuers[0]!)
        .setAudience(config.identity.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(await importJWK(jwk, 'RS256'))
    : null
  const enrolment = await prepareEnrolmentBench(database.db, config)
  console.log(
    JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token, enrolment }),
  )
}
