// Two replicas of the portal on one PostgreSQL (issue 25, item 2). Two real portals (server/main.ts, as each
// replica of `npm run start:cluster` runs it) in child processes, with REPLICAS=2, on one database copied from the
// run's template: a write through replica A is seen in replica B's cached public read within one second
// (LISTEN/NOTIFY), a rate limit is counted across both (429 in Italian, with Retry-After), and a sign-in lockout
// too. PostgreSQL only: vitest.config.ts runs this file in the PostgreSQL pass (DATABASE_URL), PGlite being one
// process's database.
import { randomUUID } from 'node:crypto'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { Client } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { LOCAL_CLIENT_ID, loadConfig } from '../../server/config.ts'
import { type Database, openDatabase } from '../../server/db/client.ts'
import { tournaments } from '../../server/db/schema/domain.ts'
import { CACHE_CHANNEL } from '../../server/http/cache-channel.ts'
import { TEMPLATE_DB, TEST_DB_PREFIX, adminUrl } from '../support/global-setup.ts'
import { type Portal, freePort, post, startPortal } from '../support/portal-process.ts'
import { makeProcessPlayer } from '../support/process-players.ts'
import { openTournament } from '../support/tournaments.ts'

const postgresUrl = process.env.DATABASE_URL!
const dbName = `${TEST_DB_PREFIX}_repliche`
/** Writes per minute per caller on both replicas: small, so that the test exhausts it across the two. */
const WRITE_LIMIT = 6
const PASSWORD = 'Racchetta2026'

let database: Database
let a: Portal
let b: Portal
/** The address both replicas put in their pages and tokens (behind one balancer they share one). */
let origin: string

/** A player with a tennis card and a token both replicas accept (they share one origin). */
const makePlayer = (db: Database['db'], password?: string) =>
  makeProcessPlayer(db, loadConfig({ PUBLIC_ORIGIN: origin }).identity, {
    label: 'Replica',
    ...(password ? { password } : {}),
  })

beforeAll(async () => {
  const admin = new Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`)
  await admin.end()
  const databaseUrl = adminUrl(postgresUrl, dbName)
  const [portA, portB] = [await freePort(), await freePort()]
  origin = `https://localhost:${portA}`
  const env = {
    REPLICAS: '2',
    WRITE_RATE_LIMIT: String(WRITE_LIMIT),
    PUBLIC_ORIGIN: origin,
  }
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portale-replica-'))
  // One after the other, as start:cluster does: the first applies the migrations and creates the keys.
  a = await startPortal({ port: portA, dataDir: dataDir(), databaseUrl, env })
  b = await startPortal({ port: portB, dataDir: dataDir(), databaseUrl, env })
  database = await openDatabase({ databaseUrl })
}, 360_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await database?.close()
  const admin = new Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${dbName} with (force)`)
  await admin.end()
}, 60_000)

describe('two replicas on one PostgreSQL', () => {
  it("shows a write through one replica in the other's cached public read within one second", async () => {
    const [tournament] = await database.db
      .insert(tournaments)
      .values(openTournament({ nome: `Torneo delle repliche ${randomUUID().slice(0, 6)}` }))
      .returning({ id: tournaments.id })
    const player = await makePlayer(database.db)
    const read = () => post(b.port, 'tornei/iscritti/view', { id_torneo: tournament!.id })
    // B caches the empty list (the second read is the cached one).
    expect((await read()).body).toMatchObject({ record: 0 })
    expect((await read()).body).toMatchObject({ record: 0 })

    const enrolled = await post(a.port, 'tornei/iscrizioni/add', { id_torneo: tournament!.id }, player.token)
    expect(enrolled.status).toBe(200)
    const written = performance.now()
    let seen: number | undefined
    while (performance.now() - written < 1000) {
      if ((await read()).body.record === 1) {
        seen = performance.now() - written
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    // undefined: B still served the list without the new entrant after 1 s.
    expect(seen).toBeDefined()
    expect(seen!).toBeLessThan(1000)
  })

  it('listens again when its LISTEN connection drops, and misses no write meanwhile', async () => {
    const listeners = async () => {
      const { rows } = (await database.db.execute(
        sql`select pid from pg_stat_activity where datname = ${dbName} and query = ${`LISTEN ${CACHE_CHANNEL}`} order by pid`,
      )) as unknown as { rows: { pid: number }[] }
      return rows.map((row) => row.pid)
    }
    const before = await listeners()
    expect(before).toHaveLength(2)
    const [tournament] = await database.db
      .insert(tournaments)
      .values(openTournament({ nome: `Torneo della riconnessione ${randomUUID().slice(0, 6)}` }))
      .returning({ id: tournaments.id })
    const read = () => post(b.port, 'tornei/iscritti/view', { id_torneo: tournament!.id })
    expect((await read()).body).toMatchObject({ record: 0 })
    // Both replicas lose their listening connection (a restart of PostgreSQL's backends, a network cut).
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and query = ${`LISTEN ${CACHE_CHANNEL}`}`,
    )
    const player = await makePlayer(database.db)
    const enrolled = await post(a.port, 'tornei/iscrizioni/add', { id_torneo: tournament!.id }, player.token)
    expect(enrolled.status).toBe(200)
    // B dropped its cache when its connection went: the write made meanwhile is there at once.
    expect((await read()).body).toMatchObject({ record: 1 })
    // And both listen again, on new connections.
    const deadline = Date.now() + 15_000
    let after = await listeners()
    while (after.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      after = await listeners()
    }
    expect(after).toHaveLength(2)
    expect(after.filter((pid) => before.includes(pid))).toEqual([])
    // The next write through A reaches B's cache again.
    const second = await makePlayer(database.db)
    expect((await read()).body).toMatchObject({ record: 1 })
    expect(
      (await post(a.port, 'tornei/iscrizioni/add', { id_torneo: tournament!.id }, second.token)).status,
    ).toBe(200)
    const written = Date.now()
    let record = 1
    while (record !== 2 && Date.now() - written < 1000) record = Number((await read()).body.record)
    expect(record).toBe(2)
  })

  it('counts a rate limit across both replicas: the next call is a 429 in Italian with Retry-After', async () => {
    const player = await makePlayer(database.db)
    // A write that is refused (no such tournament) still counts, as every call does.
    const write = (portal: Portal) =>
      post(portal.port, 'tornei/iscrizioni/add', { id_torneo: 999_999_999 }, player.token)
    const statuses: number[] = []
    for (let k = 0; k < WRITE_LIMIT; k++) statuses.push((await write(k % 2 === 0 ? a : b)).status)
    expect(statuses).not.toContain(429)
    const over = await write(a)
    expect(over.status).toBe(429)
    expect(over.body.message).toBe(MESSAGES.tooManyRequests)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    const overOnB = await write(b)
    expect(overOnB.status).toBe(429)
  })

  it('locks an e-mail after five failed sign-ins split across both replicas', async () => {
    const known = await makePlayer(database.db, PASSWORD)
    for (const email of [`nessuno-${randomUUID()}@esempio.it`, known.email]) {
      const browser = new Browser()
      const page = await browser.openSignIn(a.port)
      const statuses: number[] = []
      for (let k = 1; k <= 5; k++) {
        const answer = await browser.request(k % 2 === 0 ? b.port : a.port, 'POST', `${page}/accedi`, {
          email,
          password: `Sbagliata${k}`,
        })
        statuses.push(answer.status)
      }
      expect({ email, statuses }).toEqual({ email, statuses: [401, 401, 401, 401, 429] })
      const right = await browser.request(b.port, 'POST', `${page}/accedi`, { email, password: PASSWORD })
      expect(right.status).toBe(429)
      expect(right.body).toContain('Troppi tentativi di accesso non riusciti')
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
    }
    // Twelve password checks (scrypt) on two busy processes: 30 s in the CI of a loaded machine.
  }, 120_000)
})

const agent = new https.Agent({ keepAlive: false, rejectUnauthorized: false })

/** A browser on the identity service's pages: keeps its cookies, follows nothing by itself. */
class Browser {
  readonly cookies = new Map<string, string>()

  request(
    port: number,
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
    const payload = form ? new URLSearchParams(form).toString() : undefined
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          agent,
          headers: {
            ...(this.cookies.size > 0
              ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
              : {}),
            ...(payload
              ? {
                  'content-type': 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
        },
        (response) => {
          const setCookie = response.headers['set-cookie'] ?? []
          for (const line of setCookie) {
            const [pair] = line.split(';')
            const at = pair!.indexOf('=')
            const value = pair!.slice(at + 1).trim()
            if (value === '') this.cookies.delete(pair!.slice(0, at).trim())
            else this.cookies.set(pair!.slice(0, at).trim(), value)
          }
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: response.headers,
            }),
          )
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  }

  /** Starts an authorization as MSAL does and returns the sign-in page's path. */
  async openSignIn(port: number): Promise<string> {
    const verifier = randomBytes(32).toString('base64url')
    const query = new URLSearchParams({
      client_id: LOCAL_CLIENT_ID,
      scope: 'openid offline_access profile',
      redirect_uri: `${origin}/redirect.html`,
      response_type: 'code',
      response_mode: 'fragment',
      state: randomUUID(),
      nonce: randomUUID(),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })
    const start = await this.request(
      port,
      'GET',
      `/idp/portale/b2c_1_signupsignin/oauth2/v2.0/authorize?${query}`,
    )
    if (start.status !== 303) throw new Error(`authorize answered ${start.status}: ${start.body}`)
    return new URL(start.headers.location as string, origin).pathname
  }
}
