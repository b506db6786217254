import os from 'node:os'
import path from 'node:path'

/** Where the identity tokens come from: the local service under /idp, or a real Azure AD B2C tenant. */
export type IdentityConfig = {
  mode: 'local' | 'b2c'
  clientId: string
  /** Authorities as MSAL wants them (sign-up/sign-in and password reset policies). */
  authoritySignIn: string
  authorityReset: string
  knownAuthorities: string[]
  /** Accepted `iss` values of id tokens. */
  issuers: string[]
  /** Where the signing keys are published (only read in b2c mode; locally the keys are in process). */
  jwksUri: string
}

export type Config = {
  port: number
  host: string
  publicOrigin: string
  dataDir: string
  databaseUrl: string | undefined
  seedScale: 'small' | 'medium' | 'large'
  logLevel: string
  tenant: string
  identity: IdentityConfig
  /** Requests per minute per client on write calls. */
  writeRateLimit: number
  /**
   * The queue in front of contended writes (server/db/write-queue.ts): how many may wait for one tournament or
   * challenge (WRITE_QUEUE_MAX_WAITING, 0 turns it off) and for how long (WRITE_QUEUE_MAX_WAIT_MS) before the
   * portal answers 503 with Retry-After.
   */
  writeQueue: { maxWaiting: number; maxWaitMs: number }
  /** Whether public reads keep their answers for a while (RESPONSE_CACHE=off: every call reaches the database). */
  responseCache: boolean
  /**
   * How often the deadlines (challenges, doubles invitations) are applied (DEADLINE_INTERVAL_MS; 0: only when
   * the server starts).
   */
  deadlineIntervalMs: number
  /**
   * Who may read the local identity service's outbox (/idp/outbox), which holds every account's codes
   * (IDP_OUTBOX): `loopback` only requests from this computer (the default), `open` anyone (a development switch),
   * `off` nobody.
   */
  outbox: OutboxAccess
  /** `npm run dev` (server/dev.ts sets DEV_SERVER=1): the Vite dev server may sign in against the local service. */
  devServer: boolean
  /**
   * How many replicas of the portal serve on this database (REPLICAS, 1 unless said; `npm run start:cluster`
   * sets it). Above 1, rate limits and sign-in throttles are counted in PostgreSQL and cached answers are dropped
   * on every replica by LISTEN/NOTIFY (issue 25, item 2).
   */
  replicas: number
  /**
   * How many connections each replica keeps to PostgreSQL (DATABASE_POOL_SIZE; unless said, defaultPoolSize). PGlite
   * has one connection whatever this says.
   */
  databasePoolSize: number
}

export type OutboxAccess = 'loopback' | 'open' | 'off'

export const LOCAL_TENANT = 'portale'
export const LOCAL_CLIENT_ID = 'b6a1c0de-7f3e-4c52-9a10-5e7a0c1b2d34'
export const POLICY_SIGN_IN = 'B2C_1_signupsignin'
export const POLICY_RESET = 'B2C_1_passwordreset'

type Env = Record<string, string | undefined>

function fail(message: string): never {
  throw new Error(`Configurazione non valida: ${message}`)
}

function readScale(value: string | undefined): Config['seedScale'] {
  if (value === undefined || value === '') return 'medium'
  if (value === 'small' || value === 'medium' || value === 'large') return value
  return fail(`SEED_SCALE deve essere small, medium o large (trovato "${value}")`)
}

function readOutbox(value: string | undefined): OutboxAccess {
  if (value === undefined || value === '') return 'loopback'
  if (value === 'loopback' || value === 'open' || value === 'off') return value
  return fail(`IDP_OUTBOX deve essere loopback, open o off (trovato "${value}")`)
}

/** The start-up line about the outbox: where it is and who may read it. */
export function outboxNotice(config: Pick<Config, 'outbox' | 'publicOrigin'>): string {
  const url = `${config.publicOrigin}/idp/outbox`
  if (config.outbox === 'open')
    return `Posta simulata: ${url}, aperta a chiunque (IDP_OUTBOX=open, solo per lo sviluppo: mostra i codici di ogni account)`
  if (config.outbox === 'off') return 'Posta simulata: spenta (IDP_OUTBOX=off)'
  return `Posta simulata: ${url}, solo da questo computer (IDP_OUTBOX=open la apre a tutti, solo per lo sviluppo)`
}

function readIdentity(env: Env, publicOrigin: string, tenant: string): IdentityConfig {
  const b2cKeys = [
    'B2C_CLIENT_ID',
    'B2C_AUTHORITY_SIGNIN',
    'B2C_AUTHORITY_RESET',
    'B2C_ISSUER',
    'B2C_JWKS_URI',
  ]
  const present = b2cKeys.filter((key) => env[key])
  if (present.length > 0) {
    const missing = b2cKeys.filter((key) => !env[key])
    if (missing.length > 0) fail(`per usare Azure AD B2C servono anche ${missing.join(', ')}`)
    const signIn = env.B2C_AUTHORITY_SIGNIN!
    return {
      mode: 'b2c',
      clientId: env.B2C_CLIENT_ID!,
      authoritySignIn: signIn,
      authorityReset: env.B2C_AUTHORITY_RESET!,
      knownAuthorities: [new URL(signIn).host],
      issuers: env.B2C_ISSUER!.split(',').map((s) => s.trim()),
      jwksUri: env.B2C_JWKS_URI!,
    }
  }
  const base = `${publicOrigin}/idp/${tenant}`
  return {
    mode: 'local',
    clientId: LOCAL_CLIENT_ID,
    authoritySignIn: `${base}/${POLICY_SIGN_IN}`,
    authorityReset: `${base}/${POLICY_RESET}`,
    knownAuthorities: [new URL(publicOrigin).host],
    // One provider serves both policies, so one issuer.
    issuers: [`${base}/v2.0/`],
    jwksUri: `${base}/${POLICY_SIGN_IN.toLowerCase()}/discovery/v2.0/keys`,
  }
}

/** Reads and checks the environment once. */
export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 8443)
  if (!Number.isInteger(port) || port <= 0) fail(`PORT non valida: ${env.PORT}`)
  const host = env.HOST ?? 'localhost'
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `https://localhost:${port}`).replace(/\/$/, '')
  const tenant = env.IDP_TENANT ?? LOCAL_TENANT
  return {
    port,
    host,
    publicOrigin,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedScale: readScale(env.SEED_SCALE),
    logLevel: env.LOG_LEVEL ?? 'info',
    tenant,
    identity: readIdentity(env, publicOrigin, tenant),
    writeRateLimit: Number(env.WRITE_RATE_LIMIT ?? 120),
    writeQueue: {
      maxWaiting: Number(env.WRITE_QUEUE_MAX_WAITING ?? 64),
      maxWaitMs: Number(env.WRITE_QUEUE_MAX_WAIT_MS ?? 2000),
    },
    responseCache: env.RESPONSE_CACHE !== 'off',
    deadlineIntervalMs: Number(env.DEADLINE_INTERVAL_MS ?? 60_000),
    outbox: readOutbox(env.IDP_OUTBOX),
    devServer: env.DEV_SERVER === '1',
    replicas: readReplicas(env),
    databasePoolSize: readPoolSize(env),
  }
}

/**
 * The connections a replica keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: twice the processors plus
 * one, shared by the replicas (at least two each). PostgreSQL runs a statement on one processor, so more
 * connections than processors only take turns on them, and on this machine (2 processors) ten connections made
 * every read dearer: their backends, taken off a processor mid-statement, hold locks the others spin on (the
 * national ranking at 50 callers: 1,100 answers/s and p99 92 ms with ten, 2,100/s and 44 ms with five). The
 * processors counted are this computer's, where the default database runs too; a database on a computer of its own
 * is sized with DATABASE_POOL_SIZE (docs/architettura.md, «Quante connessioni»).
 */
export function defaultPoolSize(replicas = 1, processors = os.availableParallelism()): number {
  return Math.max(2, Math.ceil((2 * processors + 1) / replicas))
}

/** DATABASE_POOL_SIZE: a whole number from 1 to 100 (PostgreSQL's own default limit of connections). */
export function readPoolSize(env: Env): number {
  const raw = env.DATABASE_POOL_SIZE
  if (raw === undefined || raw === '') return defaultPoolSize(readReplicas(env))
  const size = Number(raw)
  if (!Number.isInteger(size) || size < 1 || size > 100)
    fail(`DATABASE_POOL_SIZE deve essere un numero intero da 1 a 100 (trovato "${raw}")`)
  return size
}

/** REPLICAS: a whole number from 1; more than one needs PostgreSQL (PGlite is one process's database). */
export function readReplicas(env: Env): number {
  const raw = env.REPLICAS
  if (raw === undefined || raw === '') return 1
  const replicas = Number(raw)
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 64)
    fail(`REPLICAS deve essere un numero intero da 1 a 64 (trovato "${raw}")`)
  if (replicas > 1 && !env.DATABASE_URL) fail(PGLITE_REFUSAL)
  return replicas
}

export const PGLITE_REFUSAL =
  'più repliche del portale richiedono PostgreSQL: PGlite è il database di un solo processo. ' +
  'Indica il database con DATABASE_URL=postgres://… (per esempio DATABASE_URL=postgres://postgres@127.0.0.1:5432/portale).'
