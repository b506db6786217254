// API throughput: a bare Fastify hello-world and the portal measured side by side in one run, on PGlite
// and on PostgreSQL (when reachable). Loopback only; every load is bounded in time.
import autocannon from 'autocannon'
import { Client } from 'pg'
import { AVVISI_MAX_GIORNO } from '../contract/avvisi.ts'
import { sampleActivity } from './support/activity-sampler.ts'
import { startProcess, stopProcess } from './support/process.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = 50
/** Challenge rounds one pair of bench players plays (two notices each way a round, under the daily cap). */
const ROUNDS_PER_PAIR = Math.floor(AVVISI_MAX_GIORNO / 2) - 1
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portale_bench'

type Row = { target: string; engine: string; rps: number; p99: number; ratio: string }

export async function load(url: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const options = {
    url,
    method: 'POST' as const,
    headers,
    body: JSON.stringify(body),
    connections: CONNECTIONS,
  }
  await autocannon({ ...options, duration: 2 }) // warm-up: JIT, caches, connection pool
  const result = await autocannon({ ...options, duration: DURATION_S })
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} risposte non 2xx`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

/**
 * How the answers of a write load went: a 2xx; turned away (a 429 or 503 with Retry-After and an Italian message:
 * the client is told to wait, nothing failed); or an error (any other status, a timeout, a socket error).
 */
function tally() {
  const counts = { ok: 0, shed: 0, failed: 0 }
  const statuses = new Map<number, number>()
  /** The first message of each status other than 2xx: what the server said when it turned a request away. */
  const messages = new Map<number, string>()
  return {
    counts,
    statuses,
    messages,
    /** Records one answer; true when it was a 2xx (the round may go on). */
    answer(status: number, body: string, headers: Record<string, string | string[] | undefined> | undefined) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status >= 200 && status < 300) {
        counts.ok += 1
        return true
      }
      const retryAfter = headers?.['retry-after'] ?? headers?.['Retry-After']
      let italian = false
      try {
        const message = (JSON.parse(body) as { message?: string }).message ?? ''
        if (!messages.has(status)) messages.set(status, message)
        italian = /^[A-ZÈÀ].{10,}/.test(message)
      } catch {
        italian = false
      }
      if ((status === 429 || status === 503) && retryAfter !== undefined && italian) counts.shed += 1
      else counts.failed += 1
      return false
    },
  }
}

/** Of a load's errors, how many had no answer in time and how many lost their socket (nothing when none). */
const errorKinds = (f: { errors: number; timeouts: number; socketErrors: number }) =>
  f.errors === 0 ? '' : ` (senza risposta in 10 s: ${f.timeouts}, socket: ${f.socketErrors})`

/** The figures of a write load: requests/s and p99 of every answer, the answers turned away and the errors. */
function writeFigures(result: autocannon.Result, answers: ReturnType<typeof tally>) {
  const errors = result.errors + result.timeouts + answers.counts.failed
  if (answers.counts.failed > 0 || answers.counts.shed > 0)
    console.error(
      `risposte per stato: ${JSON.stringify(Object.fromEntries(answers.statuses))}; ` +
        `messaggi: ${JSON.stringify(Object.fromEntries(answers.messages))}`,
    )
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors,
    // Of the errors, the requests autocannon gave up on (no answer within its 10 s) and the sockets that failed.
    timeouts: result.timeouts,
    socketErrors: result.errors,
    shed: answers.counts.shed,
    ok: answers.counts.ok,
  }
}

/**
 * The warm-up's last requests are still in the server when autocannon stops: they hold the queue's places for a
 * moment. Measured without that wait, the first ~150 ms of a load saw the tournament's queue full (50 left over and
 * 50 new writes, over the 64 it lets wait) and counted some 200 quick 503s that the load itself did not cause.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000))

/**
 * Enrolment, a write that matters: each round of a connection takes a player, who enrols in the bench tournament
 * and withdraws again (server/… prepareEnrolmentBench). An enrolment turned away (503 with Retry-After) ends the
 * round: there is nothing to withdraw.
 */
export async function loadEnrolment(base: string, tournamentId: number, tokens: string[]) {
  const run = async (pool: string[], duration: number) => {
    // A player is in one round at a time: taken when its round starts, given back when its withdrawal is answered.
    // (Taking the next in turn let a player come round again while its last withdrawal was still running: then
    // «già iscritto», a non-2xx that is the bench's fault, not the server's.)
    const free = [...pool]
    const answers = tally()
    type Context = { token?: string; entry?: number }
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/tornei/iscrizioni/add',
          setupRequest: (request, context: Context) => {
            context.token ??= free.shift()
            if (context.token === undefined)
              throw new Error('iscrizioni: nessun giocatore libero per il banco')
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
              body: JSON.stringify({ id_torneo: tournamentId }),
            }
          },
          onResponse: (status, body, context: Context, headers) => {
            if (answers.answer(status, body, headers))
              context.entry = (JSON.parse(body) as { result: { id_iscrizione: number } }).result.id_iscrizione
            else if (context.token !== undefined) free.push(context.token)
          },
        },
        {
          method: 'POST',
          path: '/api/v1/tornei/iscrizioni/del',
          // No entry (the enrolment was turned away): the round ends here.
          setupRequest: (request, context: Context) =>
            context.entry === undefined
              ? undefined
              : {
                  ...request,
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
                  body: JSON.stringify({ id_iscrizione: context.entry }),
                },
          onResponse: (status, body, context: Context, headers) => {
            answers.answer(status, body, headers)
            // A withdrawal turned away leaves the entry: this player stays out of the load.
            if (context.token !== undefined && status === 200) free.push(context.token)
          },
        },
      ],
    } as autocannon.Options)
    return writeFigures(result, answers)
  }
  const half = tokens.length / 2
  await run(tokens.slice(half), 2) // warm-up, with the other pool of players
  await settle()
  return run(tokens.slice(0, half), DURATION_S)
}

/**
 * Challenges, the other write that matters: each round of a connection takes two players; the first proposes a
 * singles challenge to the second, who accepts; the first enters a result and the second confirms it, which
 * updates both players' Power in the same transaction. Every answer must be a 200.
 */
export async function loadChallenges(base: string, tokens: string[], personIds: number[]) {
  type Player = { token: string; personId: number }
  const players: Player[] = tokens.map((token, i) => ({ token, personId: personIds[i]! }))
  const run = async (pool: Player[], duration: number) => {
    // A player is in one round at a time: taken when its proposal is sent, given back when its confirmation is
    // answered. A round sends two notices each way, and one person may send another at most AVVISI_MAX_GIORNO a
    // day: a pair plays at most ROUNDS_PER_PAIR rounds, then each player meets someone else.
    const available = [...pool]
    const rounds = new Map<string, number>()
    const pairKey = (a: Player, b: Player) =>
      `${Math.min(a.personId, b.personId)}-${Math.max(a.personId, b.personId)}`
    const take = (): [Player, Player] | undefined => {
      for (let i = 0; i < available.length; i++)
        for (let j = i + 1; j < available.length; j++) {
          const key = pairKey(available[i]!, available[j]!)
          if ((rounds.get(key) ?? 0) >= ROUNDS_PER_PAIR) continue
          rounds.set(key, (rounds.get(key) ?? 0) + 1)
          const b = available.splice(j, 1)[0]!
          const a = available.splice(i, 1)[0]!
          return [a, b]
        }
      return undefined
    }
    const answers = tally()
    type Context = { pair?: [Player, Player]; challenge?: number; stopped?: boolean }
    const as = (player: Player | undefined, body: unknown) => ({
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player?.token ?? ''}` },
      body: JSON.stringify(body),
    })
    // A step turned away ends the round (the challenge stays where it was); its players go back to the pool.
    const stop = (context: Context) => {
      context.stopped = true
      if (context.pair !== undefined) available.push(...context.pair)
    }
    const step = (path: string, by: 0 | 1, body: (context: Context) => Record<string, unknown>) => ({
      method: 'POST' as const,
      path: `/api/v1/sfide/${path}`,
      setupRequest: (request: Record<string, unknown>, context: Context) =>
        context.stopped
          ? undefined
          : {
              ...request,
              ...as(context.pair?.[by], { id_sfida: context.challenge ?? 0, ...body(context) }),
            },
      onResponse: (status: number, body: string, context: Context, headers?: Record<string, string>) => {
        if (!answers.answer(status, body, headers)) stop(context)
      },
    })
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/sfide/add',
          setupRequest: (request, context: Context) => {
            context.pair ??= take()
            if (context.pair === undefined) throw new Error('sfide: nessuna coppia libera per il banco')
            const [, opponent] = context.pair
            return {
              ...request,
              ...as(context.pair[0], {
                id_settore: 1,
                specialita: 'singolare',
                avversari: [opponent.personId],
              }),
            }
          },
          onResponse: (status, body, context: Context, headers) => {
            if (answers.answer(status, body, headers))
              context.challenge = (JSON.parse(body) as { result: { id: number } }).result.id
            else stop(context)
          },
        },
        step('partite/accetta', 1, () => ({})),
        step('partite/risultato/add', 0, () => ({
          esito: 'giocata',
          set: [
            { a: 6, b: 3 },
            { a: 6, b: 4 },
          ],
        })),
        {
          ...step('partite/risultato/conferma', 1, () => ({})),
          onResponse: (status: number, body: string, context: Context, headers?: Record<string, string>) => {
            answers.answer(status, body, headers)
            if (context.pair !== undefined && !context.stopped) available.push(...context.pair)
          },
        },
      ],
    } as autocannon.Options)
    return writeFigures(result, answers)
  }
  const half = players.length / 2
  await run(players.slice(half), 2) // warm-up, with the other pool of players
  await settle()
  return run(players.slice(0, half), DURATION_S)
}

/** Whether PostgreSQL answers; creates the database of `url` when missing. */
export async function postgresReachable(url: string = PG_URL): Promise<boolean> {
  const admin = new URL(url)
  const name = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    const exists = await client.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) await client.query(`create database ${name}`)
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

export async function benchApi(): Promise<Row[]> {
  const rows: Row[] = []
  const engines: { engine: string; env: Record<string, string | undefined> }[] = [
    { engine: 'PGlite', env: { DATABASE_URL: '' } },
  ]
  if (await postgresReachable()) engines.push({ engine: 'PostgreSQL', env: { DATABASE_URL: PG_URL } })

  for (const { engine, env } of engines) {
    if (process.env.BENCH_ENGINES && !process.env.BENCH_ENGINES.includes(engine)) continue
    const hello = await startProcess('bench/support/api-server.ts', ['hello'], {})
    const portal = await startProcess('bench/support/api-server.ts', ['portal'], {
      // BENCH_SEED_SCALE=small (with BENCH_DATA_DIR) gives quick figures on a loaded machine; the budgets are medium's.
      SEED_SCALE: process.env.BENCH_SEED_SCALE ?? 'medium',
      // The enrolment load measures the engine, not the per-user write limit.
      WRITE_RATE_LIMIT: '1000000',
      ...env,
    })
    try {
      const base = `http://127.0.0.1:${portal.info.port}/api/v1`
      const bare = await load(`http://127.0.0.1:${hello.info.port}/hello`, {})
      rows.push({ target: 'Fastify hello-world', engine, ...bare, ratio: '100%' })
      const cached = await load(`${base}/lookup/get`, { keys: 'ss' })
      rows.push({
        target: 'lookup/get (pubblica, in cache)',
        engine,
        ...cached,
        ratio: pct(cached.rps / bare.rps),
      })
      if (typeof portal.info.token === 'string') {
        const uncached = await load(`${base}/login`, {}, portal.info.token)
        rows.push({
          target: 'login (autenticata, senza cache)',
          engine,
          ...uncached,
          ratio: pct(uncached.rps / bare.rps),
        })
      }
      const enrolment = portal.info.enrolment as
        { tournamentId: number; tokens: string[]; personIds: number[] } | undefined
      if (enrolment) {
        // On PostgreSQL, what the portal's connections do during each write load (bench/support/activity-sampler.ts).
        const sampled = async <T>(label: string, work: () => Promise<T>) => {
          if (engine !== 'PostgreSQL') return work()
          const sampler = await sampleActivity(PG_URL)
          const result = await work()
          const { samples, mean } = await sampler.stop()
          console.log(`${label}: connessioni del portale per stato (media su ${samples} campioni)`, mean)
          return result
        }
        const writes = await sampled('iscrizioni', () =>
          loadEnrolment(base, enrolment.tournamentId, enrolment.tokens),
        )
        console.log('iscrizioni', writes)
        rows.push({
          target: `tornei/iscrizioni/add + del (scrittura, un torneo conteso, errori: ${writes.errors}${errorKinds(writes)}, respinte con Retry-After: ${writes.shed}, p50 ${writes.p50} ms)`,
          engine,
          rps: writes.rps,
          p99: writes.p99,
          ratio: pct(writes.rps / bare.rps),
        })
        const challenges = await sampled('sfide', () =>
          loadChallenges(base, enrolment.tokens, enrolment.personIds),
        )
        console.log('sfide', challenges)
        rows.push({
          target: `sfide: proposta, accettazione, risultato, conferma con Power (scrittura, errori: ${challenges.errors}${errorKinds(challenges)}, respinte con Retry-After: ${challenges.shed}, p50 ${challenges.p50} ms)`,
          engine,
          rps: challenges.rps,
          p99: challenges.p99,
          ratio: pct(challenges.rps / bare.rps),
        })
      }
    } finally {
      await stopProcess(hello.child)
      await stopProcess(portal.child)
    }
  }
  return rows
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`

export function printApi(rows: Row[]) {
  console.log(`\nAPI, ${CONNECTIONS} connessioni, ${DURATION_S} s per misura (stesso run)`)
  console.table(
    rows.map((r) => ({
      chiamata: r.target,
      database: r.engine,
      'richieste/s': Math.round(r.rps),
      'p99 (ms)': r.p99,
      'rispetto a hello-world': r.ratio,
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printApi(await benchApi())
