// A realistic load (issue 25, item 4): the mix a federation sees, over loopback on the real portal (https, as a
// browser reaches it): 80% public reads spread across the pages (home, calendar in three views, a tournament's
// detail, draw and entrants, circuits and standings, rankings, a player, clubs, news) and 20% signed-in actions
// (enrolment and withdrawal, a challenge proposed and refused, a comment on a news item, each with the signed-in
// call that follows it). Run on PGlite with one process, and on PostgreSQL with one replica and with two
// (`npm run start:cluster`, REPLICAS=1 and 2: the same balancer in front of both). Reports requests/s, p50/p99,
// errors (must be zero), the answers that asked to wait (429/503 with Retry-After: «in coda», apart), and the
// memory (largest RSS) of each process. Bounded by BENCH_DURATION seconds per configuration.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import { loadConfig } from '../server/config.ts'
import { migrateDatabase, openDatabase } from '../server/db/client.ts'
import { isSeeded, seedDatabase } from '../server/seed/index.ts'
import { PG_URL, postgresReachable } from './api.ts'
import { prepareEnrolmentBench } from './support/enrolment-setup.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CARICO_CONNECTIONS ?? 50)
const SCALE = process.env.BENCH_SEED_SCALE ?? 'medium'
/** The PostgreSQL database of this load (seeded at the first run when empty; its bench players are reset). */
const PG_CARICO_URL = process.env.BENCH_CARICO_DATABASE_URL ?? PG_URL
const PGLITE_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? 'data/bench', 'carico')
const START_TIMEOUT_MS = 20 * 60_000
/** A call unanswered after this long is counted apart (autocannon's default is 10 s). */
const TIMEOUT_S = Number(process.env.BENCH_CARICO_TIMEOUT ?? 30)

type Body = Record<string, unknown>
type Player = { token: string; personId: number }

export type CaricoRow = {
  setup: string
  rps: number
  p50: number
  p99: number
  requests: number
  reads: number
  actions: number
  errors: number
  /** Calls that got no answer within autocannon's timeout (TIMEOUT_S). */
  timeouts: number
  queued: number
  /** A few of the failing answers, for the report: "status path". */
  failures: string[]
  /** Largest RSS of each process (MB): the balancer first when there is one. */
  rssMb: number[]
}

/** Starts the real portal (server/main.ts, or the cluster) and waits for the line that says it serves. */
function startPortal(
  entry: string,
  env: Record<string, string>,
  readyLine: RegExp,
): Promise<{ child: ChildProcess; output: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${entry} non è partito in tempo:\n${output.join('\n')}`))
    }, START_TIMEOUT_MS)
    const onExit = () => {
      clearTimeout(timer)
      reject(new Error(`${entry} si è fermato all’avvio:\n${output.join('\n')}`))
    }
    child.once('exit', onExit)
    for (const stream of [child.stdout!, child.stderr!])
      readline.createInterface({ input: stream }).on('line', (line) => {
        output.push(line)
        if (readyLine.test(line)) {
          clearTimeout(timer)
          child.off('exit', onExit)
          resolve({ child, output })
        }
      })
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(force)
}

/** A process and its descendants (the cluster's replicas), from /proc. */
function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return fs
        .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number)
    } catch {
      return []
    }
  })()
  return [pid, ...children.flatMap(processTree)]
}

function rssKb(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return line ? Number(line[1]) : 0
  } catch {
    return 0
  }
}

/** The Node processes of the portal (not tsx's esbuild helpers), sampled every 500 ms while `work` runs. */
async function withRss<T>(root: number, work: () => Promise<T>): Promise<{ result: T; rssMb: number[] }> {
  const isNode = (pid: number) => {
    try {
      return !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('esbuild')
    } catch {
      return false
    }
  }
  const peaks = new Map<number, number>()
  const sample = () => {
    for (const pid of processTree(root).filter(isNode))
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, rssKb(pid)))
  }
  sample()
  const timer = setInterval(sample, 500)
  try {
    const result = await work()
    sample()
    return { result, rssMb: [...peaks.values()].map((kb) => Math.round(kb / 1024)) }
  } finally {
    clearInterval(timer)
  }
}

async function call<T>(origin: string, apiPath: string, body: Body): Promise<T> {
  // Loopback to our own self-signed certificate: the bench checks nothing about it.
  const response = await fetch(`${origin}/api/v1/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

type Page = { results: Record<string, unknown>[]; record?: number }

/** The public pages a visitor opens, as [path, bodies], with ids taken from the portal's own answers. */
async function publicPages(origin: string): Promise<[string, Body[]][]> {
  const today = new Date().toISOString().slice(0, 10)
  const inMonths = (n: number) => {
    const date = new Date()
    date.setMonth(date.getMonth() + n)
    return date.toISOString().slice(0, 10)
  }
  const ids = (page: Page, key = 'id') =>
    page.results.map((r) => r[key]).filter((v): v is number => typeof v === 'number')
  const open = await call<Page>(origin, 'tornei/list', {
    id_settore: 1,
    stato: 'iscrizioni_aperte',
    fetchrows: 20,
  })
  const done = await call<Page>(origin, 'tornei/list', { id_settore: 1, stato: 'concluso', fetchrows: 20 })
  const tournamentIds = [...ids(open), ...ids(done)]
  const ranking = await call<Page>(origin, 'classifiche/classifiche/list', {
    id_settore: 1,
    tipo: 'nazionale',
    fetchrows: 50,
  })
  const people = ids(ranking, 'id_persona')
  const clubs = [...new Set(ids(ranking, 'id_circolo'))]
  const circuits = ids(await call<Page>(origin, 'circuiti/list', { id_settore: 1, fetchrows: 10 }))
  const newsIds = ids(await call<Page>(origin, 'news/list', { id_settore: 1, fetchrows: 20 }))
  const record = ranking.record ?? 50
  const pages: [string, Body[]][] = [
    ['home/menu/get', [{ id_settore: 1 }, { id_settore: 2 }]],
    ['news/list', [1, 2, 3].map((id_settore) => ({ id_settore, fetchrows: 6 }))],
    [
      'tornei/list',
      [
        { id_settore: 1, stato: 'iscrizioni_aperte', fetchrows: 20 },
        { id_settore: 1, regione: 'Lombardia', livello: 'LIMIT', dal: today, al: inMonths(6), fetchrows: 20 },
        { id_settore: 2, dal: `${today.slice(0, 8)}01`, al: `${inMonths(1).slice(0, 8)}01`, fetchrows: 100 },
        { id_settore: 1, stato: 'concluso', fetchrows: 20, rowstoskip: 20 },
      ],
    ],
    ['tornei/dettaglio/view', tournamentIds.map((id) => ({ id }))],
    ['tornei/tabelloni/view', ids(done).map((id_torneo) => ({ id_torneo }))],
    ['tornei/iscritti/view', tournamentIds.map((id_torneo) => ({ id_torneo, fetchrows: 50 }))],
    ['circuiti/list', [{ id_settore: 1 }, { id_settore: 2 }]],
    ['circuiti/view', circuits.map((id) => ({ id }))],
    [
      'circuiti/classifiche/list',
      circuits.map((id_circuito) => ({ id_settore: 1, id_circuito, fetchrows: 50 })),
    ],
    [
      'classifiche/classifiche/list',
      [0, 25, Math.floor(record / 2)].flatMap((rowstoskip) =>
        [{}, { sesso: 'F' }, { regione: 'Lazio' }].map((filter) => ({
          id_settore: 1,
          tipo: 'nazionale',
          fetchrows: 25,
          rowstoskip,
          ...filter,
        })),
      ),
    ],
    ['giocatori/dettaglio/view', people.map((id_persona) => ({ id_persona, id_settore: 1 }))],
    [
      'ricerca_circoli',
      [
        { id_settore: 1, fetchrows: 20 },
        { id_settore: 1, provincia: 'RM', fetchrows: 20 },
      ],
    ],
    ['societa/view', clubs.map((id_circolo) => ({ id_circolo, id_settore: 1 }))],
    ['news/view', newsIds.map((id) => ({ id }))],
  ]
  return pages.filter(([, bodies]) => bodies.length > 0)
}

/**
 * The mix: each connection runs rounds of ten calls, eight public reads (the next pages of the list, in turn) and
 * one signed-in action with the signed-in call that completes it: enrol then withdraw, propose a challenge then
 * the opponent refuses it, comment on a news item then read one's notices. A player is in one round at a time.
 */
async function runMix(
  origin: string,
  pages: [string, Body[]][],
  tournamentId: number,
  players: Player[],
  newsIds: number[],
  duration: number,
) {
  const reads = pages.flatMap(([apiPath, bodies]) =>
    bodies.map((body) => [apiPath, JSON.stringify(body)] as const),
  )
  // A stable shuffle, so each slot of a round meets different pages.
  const order = reads.map((_, i) => (i * 7919) % reads.length)
  let nextRead = 0
  const free = [...players]
  let round = 0
  const tally = { ok: 0, queued: 0, errors: 0, reads: 0, actions: 0, failures: [] as string[] }
  type Context = { kind?: 'iscrizione' | 'sfida' | 'commento'; a?: Player; b?: Player; id?: number }
  const json = (token?: string) => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })
  const count = (apiPath: string, status: number, action: boolean) => {
    if (action) tally.actions += 1
    else tally.reads += 1
    if (status >= 200 && status < 300) tally.ok += 1
    else if (status === 429 || status === 503) tally.queued += 1
    else {
      tally.errors += 1
      if (tally.failures.length < 5) tally.failures.push(`${status} ${apiPath}`)
    }
  }
  const read = {
    method: 'POST' as const,
    setupRequest: (request: Record<string, unknown>) => {
      const [apiPath, body] = reads[order[nextRead++ % reads.length]!]!
      return { ...request, path: `/api/v1/${apiPath}`, headers: json(), body }
    },
    onResponse: (status: number) => count('lettura pubblica', status, false),
  }
  // A round whose second call got no answer (a timeout) never gives its players back: when none is free, the
  // next in turn plays again (its action may then be refused, and counted as an error).
  let reuse = 0
  const take = () => free.shift() ?? players[reuse++ % players.length]!
  const first = {
    method: 'POST' as const,
    setupRequest: (request: Record<string, unknown>, context: Context) => {
      const kind = (['iscrizione', 'sfida', 'commento'] as const)[round++ % 3]!
      context.kind = kind
      context.a = take()
      context.id = undefined
      if (kind === 'iscrizione')
        return {
          ...request,
          path: '/api/v1/tornei/iscrizioni/add',
          headers: json(context.a.token),
          body: JSON.stringify({ id_torneo: tournamentId }),
        }
      if (kind === 'sfida') {
        context.b = take()
        return {
          ...request,
          path: '/api/v1/sfide/add',
          headers: json(context.a.token),
          body: JSON.stringify({ id_settore: 1, specialita: 'singolare', avversari: [context.b.personId] }),
        }
      }
      return {
        ...request,
        path: '/api/v1/news/commento/add',
        headers: json(context.a.token),
        body: JSON.stringify({
          id_news: newsIds[round % newsIds.length],
          testo: `Bella partita! (${round})`,
        }),
      }
    },
    onResponse: (status: number, body: string, context: Context) => {
      count(`${context.kind} (1)`, status, true)
      if (status !== 200) return
      const parsed = JSON.parse(body) as { result: { id_iscrizione?: number; id?: number } }
      context.id = context.kind === 'iscrizione' ? parsed.result.id_iscrizione : parsed.result.id
    },
  }
  const second = {
    method: 'POST' as const,
    setupRequest: (request: Record<string, unknown>, context: Context) => {
      if (context.kind === 'iscrizione')
        return {
          ...request,
          path: '/api/v1/tornei/iscrizioni/del',
          headers: json(context.a?.token),
          body: JSON.stringify({ id_iscrizione: context.id ?? 0 }),
        }
      if (context.kind === 'sfida')
        return {
          ...request,
          path: '/api/v1/sfide/partite/rifiuta',
          headers: json(context.b?.token),
          body: JSON.stringify({ id_sfida: context.id ?? 0 }),
        }
      return {
        ...request,
        path: '/api/v1/avvisi/list',
        headers: json(context.a?.token),
        body: JSON.stringify({}),
      }
    },
    onResponse: (status: number, _body: string, context: Context) => {
      count(`${context.kind} (2)`, status, true)
      for (const player of [context.a, context.b]) if (player) free.push(player)
      context.a = undefined
      context.b = undefined
    },
  }
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration,
    timeout: TIMEOUT_S,
    tlsOptions: { rejectUnauthorized: false },
    requests: [read, read, read, read, first, read, read, read, read, second],
  } as unknown as autocannon.Options)
  return { result, tally }
}

async function measure(
  setup: string,
  origin: string,
  root: ChildProcess,
  enrolment: { tournamentId: number; tokens: string[]; personIds: number[] },
): Promise<CaricoRow> {
  const pages = await publicPages(origin)
  const newsIds = (pages.find(([p]) => p === 'news/view')?.[1] ?? []).map((b) => b.id as number)
  const players = enrolment.tokens.map((token, i) => ({ token, personId: enrolment.personIds[i]! }))
  const half = players.length / 2
  // Warm-up (JIT, pools, caches) with the other half of the players.
  await runMix(origin, pages, enrolment.tournamentId, players.slice(half), newsIds, 2)
  const { result, rssMb } = await withRss(root.pid!, () =>
    runMix(origin, pages, enrolment.tournamentId, players.slice(0, half), newsIds, DURATION_S),
  )
  const { tally } = result
  return {
    setup,
    rps: result.result.requests.average,
    p50: result.result.latency.p50,
    p99: result.result.latency.p99,
    requests: tally.ok + tally.queued + tally.errors,
    reads: tally.reads,
    actions: tally.actions,
    errors: tally.errors + result.result.errors - result.result.timeouts,
    timeouts: result.result.timeouts,
    queued: tally.queued,
    failures: tally.failures,
    rssMb,
  }
}

/** The database's data and the bench's players, prepared by this process before the portal opens it. */
async function prepare(databaseUrl: string | undefined, port: number) {
  const database = await openDatabase({ databaseUrl, dataDir: path.join(PGLITE_DIR, 'pglite') })
  try {
    await migrateDatabase(database)
    if (!(await isSeeded(database.db))) {
      process.stderr.write(`carico: genero i dati (${SCALE})…\n`)
      await seedDatabase(database.db, { scale: SCALE as 'small' | 'medium' | 'large' })
    }
    const config = loadConfig({ ...process.env, PORT: String(port), DATABASE_URL: databaseUrl ?? '' })
    return await prepareEnrolmentBench(database.db, config)
  } finally {
    await database.close()
  }
}

export async function benchCarico(): Promise<CaricoRow[]> {
  const rows: CaricoRow[] = []
  const port = Number(process.env.BENCH_CARICO_PORT ?? 18_502)
  const origin = `https://127.0.0.1:${port}`
  const dataDir = path.join(os.tmpdir(), `portale-carico-${process.pid}`)
  const common = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'warn',
    SEED_SCALE: SCALE,
    // The load measures the portal, not the per-user write limit (a real user writes a few times a minute).
    WRITE_RATE_LIMIT: '1000000',
  }
  // fetch() of this process reaches the self-signed loopback portal too.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  const configurations: {
    setup: string
    engine: string
    entry: string
    env: Record<string, string>
    ready: RegExp
  }[] = [
    {
      setup: 'PGlite, 1 processo',
      engine: 'PGlite',
      entry: 'server/main.ts',
      env: { DATABASE_URL: '', DATA_DIR: PGLITE_DIR },
      ready: /^Portale pronto/,
    },
  ]
  if (await postgresReachable(PG_CARICO_URL))
    for (const replicas of [1, 2])
      configurations.push({
        setup: `PostgreSQL, ${replicas} ${replicas === 1 ? 'replica' : 'repliche'} (start:cluster)`,
        engine: 'PostgreSQL',
        entry: 'server/cluster.ts',
        env: { DATABASE_URL: PG_CARICO_URL, REPLICAS: String(replicas) },
        ready: /^Cluster pronto/,
      })
  try {
    for (const configuration of configurations) {
      if (process.env.BENCH_ENGINES && !process.env.BENCH_ENGINES.includes(configuration.engine)) continue
      const enrolment = await prepare(configuration.env.DATABASE_URL || undefined, port)
      const { child } = await startPortal(
        configuration.entry,
        { ...common, ...configuration.env },
        configuration.ready,
      )
      try {
        rows.push(await measure(configuration.setup, origin, child, enrolment))
      } finally {
        await stop(child)
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}

export function printCarico(rows: CaricoRow[]) {
  console.log(
    `\nCarico realistico: 80% letture pubbliche su ${'tutte le pagine'}, 20% azioni con accesso; ${CONNECTIONS} connessioni, ${DURATION_S} s, dati ${SCALE}, https su loopback`,
  )
  console.table(
    rows.map((r) => ({
      configurazione: r.setup,
      'richieste/s': Math.round(r.rps),
      'p50 (ms)': r.p50,
      'p99 (ms)': r.p99,
      'letture / azioni': `${r.reads} / ${r.actions}`,
      errori: r.errors,
      [`senza risposta in ${TIMEOUT_S} s`]: r.timeouts,
      'in coda (429/503)': r.queued,
      'RSS (MB)': r.rssMb.join(' + '),
    })),
  )
  for (const r of rows) if (r.failures.length > 0) console.log(`${r.setup}: ${r.failures.join(', ')}`)
}

if (import.meta.url === `file://${process.argv[1]}`) printCarico(await benchCarico())
