// Shared by the server tests: one database per worker, an app per file, real tokens signed with the
// identity service's own keys (and forged or expired ones).
import fs from 'node:fs'
import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyInstance } from 'fastify'
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { Client } from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { openDatabase, type Database } from '../../server/db/client.ts'
import { and, eq, isNotNull } from 'drizzle-orm'
import { accounts, persons } from '../../server/db/schema/core.ts'
import { draws, tournaments } from '../../server/db/schema/domain.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'
import { TEMPLATE_DB, TEST_DB_PREFIX, adminUrl } from './global-setup.ts'

let shared: Promise<Database> | undefined

async function openWorkerDatabase(suffix = ''): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `${TEST_DB_PREFIX}_w${process.env.VITEST_POOL_ID ?? '1'}${suffix}`
    const admin = new Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`)
    await admin.end()
    return openDatabase({ databaseUrl: adminUrl(url, name) })
  }
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'))
  const client = new PGlite({ loadDataDir: new Blob([snapshot]) })
  return openDatabase({ client })
}

/**
 * A private copy of the seeded database that no other test writes to, for tests that count what the seed
 * produced. Close it when done.
 */
export function freshDatabase(): Promise<Database> {
  return openWorkerDatabase('_fresh')
}

/** The worker's database: migrated and seeded at small scale, shared by every file of the worker. */
export function testDatabase(): Promise<Database> {
  shared ??= openWorkerDatabase()
  return shared
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: '/tmp/portale-test-data',
    LOG_LEVEL: 'silent',
    // A crowd of 50 parallel writes on one tournament must all be served on a loaded CI machine too: the tests of
    // the write queue's bounds set their own (tests/server/scritture-contese.test.ts).
    WRITE_QUEUE_MAX_WAIT_MS: '60000',
    // No periodic deadline pass: a pass queued by one file's app and left in the worker's database would run in the
    // next file's app at any moment, beside the deadlines a test applies itself. The pass on start still runs; the
    // tests of the queue set their own interval (tests/server/coda-lavori.test.ts).
    DEADLINE_INTERVAL_MS: '0',
    ...overrides,
  })
}

/** Builds the whole app (API and identity service) on the worker's database, for `inject()`. */
/**
 * A portal whose racing writes meet the database's row locks alone: the write queue off (with it on, the process
 * serialises the racers itself and a race would pass without the locks), no write rate limit, deadlines run by hand.
 */
export function buildLocksOnlyApp(): Promise<FastifyInstance> {
  return buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0', WRITE_QUEUE_MAX_WAITING: '0' })
}

export async function buildTestApp(
  overrides: Record<string, string> = {},
  logStream?: { write: (line: string) => void },
): Promise<FastifyInstance> {
  const database = await testDatabase()
  const config = testConfig({ ...(logStream ? { LOG_LEVEL: 'debug' } : {}), ...overrides })
  const app = await buildApp({ config, database, logger: logStream ?? false })
  await app.ready()
  return app
}

/**
 * Another replica of the portal on the worker's database, as `npm run start:cluster` runs them: on PostgreSQL an
 * app with its own connection pool (and its own pg-boss), on PGlite an app on the same embedded database (one
 * process is all PGlite allows). `close()` ends the app and its pool.
 */
export async function buildReplica(
  overrides: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const worker = await testDatabase()
  const database =
    'url' in worker.connection ? await openDatabase({ databaseUrl: worker.connection.url }) : worker
  const app = await buildApp({ config: testConfig(overrides), database, logger: false })
  await app.ready()
  return {
    app,
    close: async () => {
      await app.close()
      if (database !== worker) await database.close()
    },
  }
}

type Account = typeof accounts.$inferSelect

/** A new account (and person, unless `person: null`) with a unique e-mail. */
export async function createAccount(
  options: {
    person?: Partial<typeof persons.$inferInsert> | null
    account?: Partial<typeof accounts.$inferInsert>
  } = {},
): Promise<Account> {
  const { db } = await testDatabase()
  let personId: number | null = null
  if (options.person !== null) {
    const [person] = await db
      .insert(persons)
      .values({
        nome: 'Giulia',
        cognome: 'Test',
        sesso: 'F',
        dataNascita: '1990-04-12',
        codiceFiscale: null,
        provincia: null,
        comune: 'Roma',
        telefono: '3331234567',
        ...options.person,
      })
      .returning()
    personId = person!.id
  }
  const [account] = await db
    .insert(accounts)
    .values({
      email: `test-${randomUUID()}@example.it`,
      passwordHash: '!test',
      emailVerifiedAt: new Date(),
      personId,
      privacyAcceptedAt: new Date(),
      profilation: false,
      ...options.account,
    })
    .returning()
  return account!
}

/**
 * An id token as the identity service would issue it; `forged` signs with a key nobody trusts, `issuer` names
 * another issuer than the portal's (signed with the trusted key).
 */
export async function tokenFor(
  account: Pick<Account, 'id' | 'email'>,
  options: {
    expiresInSeconds?: number
    issuedAtSeconds?: number
    forged?: boolean
    audience?: string
    issuer?: string
  } = {},
): Promise<string> {
  const config = testConfig()
  const { db } = await testDatabase()
  const keys = await loadOrCreateSigningKeys(db)
  let jwk = keys.privateJwks[0]!
  if (options.forged) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    jwk = { ...(await exportJWK(privateKey)), kid: jwk.kid } as JWK
  }
  const key = await importJWK(jwk, 'RS256')
  const now = Math.floor(Date.now() / 1000)
  const iat = options.issuedAtSeconds ?? now
  return new SignJWT({
    emails: [account.email],
    preferred_username: account.email,
    tfp: 'B2C_1_signupsignin',
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setSubject(account.id)
    .setIssuer(options.issuer ?? config.identity.issuers[0]!)
    .setAudience(options.audience ?? config.identity.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.expiresInSeconds ?? 3600))
    .sign(key)
}

/** POSTs to the API through inject(). */
export async function call(app: FastifyInstance, path: string, body: unknown = {}, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    headers: response.headers,
  }
}

/** A seeded tournament (not a team one) with a drawn phase of this kind: the draw, group and print tests read one. */
export async function seededTournamentWith(tipo: 'eliminazione' | 'gironi'): Promise<number> {
  const { db } = await testDatabase()
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .innerJoin(draws, eq(draws.tournamentId, tournaments.id))
    .where(and(eq(draws.tipo, tipo), isNotNull(draws.seed), eq(tournaments.tipo, 'TR')))
    .orderBy(tournaments.id)
    .limit(1)
  if (!row) throw new Error(`nessun torneo con ${tipo} nel seed`)
  return row.id
}
