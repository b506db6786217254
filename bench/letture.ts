// Every public read at scale (issue 25, item 1), in one table: the calendar in every view, a tournament's detail,
// draw, group standings and entrants, circuits and their standings, news, the home's calls, clubs (the search of
// /lista-circoli and a club's page); the rankings, a player page and the players' search (bench/scala.ts's
// targets) beside them. Each uncached (a server with RESPONSE_CACHE=off, so every call reaches the database):
// latency at one connection (what a request costs, whatever else the machine runs) and p99 at 50 connections
// (what it bears), turning over many bodies so no answer stays hot in the database's caches. Then, in the same
// run, the same calls cached (anonymous, one body each) against a bare Fastify hello-world: the hot ratio.
// PostgreSQL on the large data set (200k players), PGlite beside it on the medium one. Loopback only, bounded.
//   npx tsx bench/letture.ts    (BENCH_DURATION s per measure; BENCH_LARGE_DATABASE_URL, BENCH_ENGINES)
import { postgresReachable } from './api.ts'
import { PG_LARGE_URL, targets as rankingTargets } from './scala.ts'
import { type Body, loadTurningOver, post } from './support/load.ts'
import { startProcess, stopProcess } from './support/process.ts'

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
/** The one-connection measure: short, it only needs enough requests for a p99. */
const SINGLE_S = Math.max(2, Math.round(DURATION_S / 3))
const CONNECTIONS = 50
const TARGET_P99_MS = 50
const HOT_GOAL = 0.8
const PGLITE_SCALE = process.env.BENCH_LETTURE_PGLITE_SCALE ?? 'medium'
const SEED_TIMEOUT_MS = 60 * 60_000

type Target = { group: string; label: string; path: string; bodies: Body[] }
type Row = {
  group: string
  label: string
  engine: string
  single: { p50: number; p99: number }
  p99: number
  rps: number
  hot: number
  ratio: number
}

/** A load turning over `bodies`, one per request in turn; every answer must be a 200, without transport errors. */
async function load(url: string, bodies: Body[], connections: number, duration: number) {
  const result = await loadTurningOver(url, bodies, connections, duration)
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} errori`)
  return result
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10)
function monthsFrom(today: string, months: number) {
  const date = new Date(`${today.slice(0, 8)}01T12:00:00Z`)
  date.setUTCMonth(date.getUTCMonth() + months)
  return isoDay(date)
}

type Page<T> = { results: T[]; record: number }
type Id = { id: number }

/** What the data has to ask about: tournaments (with draws, groups), circuits, news, clubs, players. */
export async function sample(base: string) {
  const sectors = [1, 2, 3]
  const finished: number[] = []
  const teamTournaments: number[] = []
  for (const id_settore of sectors)
    for (const rowstoskip of [0, 100, 300]) {
      const page = await post<Page<Id & { tipo: string }>>(base, 'tornei/list', {
        id_settore,
        stato: 'concluso',
        fetchrows: 100,
        rowstoskip,
      })
      for (const t of page.results) (t.tipo === 'CA' ? teamTournaments : finished).push(t.id)
    }
  // Spread over the seasons, in a fixed shuffled order.
  const spread = [...new Set(finished)].sort((a, b) => ((a * 7919) % 10007) - ((b * 7919) % 10007))
  const withGroups: number[] = []
  for (const id of spread.slice(0, 200)) {
    const answer = await post<{ results: unknown[] }>(base, 'tornei/gironi_classifiche/list', {
      id_torneo: id,
    })
    if (answer.results.length > 0) withGroups.push(id)
    if (withGroups.length >= 40) break
  }
  const circuits = (
    await Promise.all(
      sectors.map((id_settore) => post<Page<Id>>(base, 'circuiti/list', { id_settore, fetchrows: 50 })),
    )
  ).flatMap((page, i) => page.results.map((c) => ({ id: c.id, id_settore: sectors[i]! })))
  const news = (
    await Promise.all(
      sectors.map((id_settore) => post<Page<Id>>(base, 'news/list', { id_settore, fetchrows: 50 })),
    )
  ).flatMap((page) => page.results.map((n) => n.id))
  const clubs = await post<Page<{ id_circolo: number }>>(base, 'ricerca_circoli', {
    id_settore: 1,
    fetchrows: 100,
    rowstoskip: 200,
  })
  const ranking = await post<Page<{ id_persona: number; id_circolo: number | null }>>(
    base,
    'classifiche/classifiche/list',
    { id_settore: 1, tipo: 'nazionale', fetchrows: 100, rowstoskip: 500 },
  )
  return {
    tournaments: spread,
    withGroups,
    circuits,
    news,
    clubs: clubs.results.map((c) => c.id_circolo),
    people: ranking.results.map((r) => r.id_persona),
    record: ranking.record,
  }
}

/** What is measured, each with the bodies it turns over. */
export function targets(data: Awaited<ReturnType<typeof sample>>, today: string): Target[] {
  const sectors = [1, 2, 3]
  const regions = ['Lombardia', 'Lazio', 'Toscana', 'Veneto', 'Campania', 'Sicilia', 'Piemonte', 'Puglia']
  const provinces = ['RM', 'MI', 'TO', 'NA', 'FI', 'BO', 'PA', 'BA', 'VE', 'GE']
  const months = [-6, -3, -1, 0, 1, 2, 3, 6]
  const firstN = <T>(list: T[], n: number) => list.slice(0, n)
  const tournaments = firstN(data.tournaments, 2000)
  const circuits = data.circuits
  const cal = (extra: Body) => sectors.map((id_settore) => ({ id_settore, fetchrows: 20, ...extra }))
  const t = (group: string, label: string, path: string, bodies: Body[]): Target => ({
    group,
    label,
    path,
    bodies,
  })
  const list: Target[] = [
    t('Calendario', 'prossimi (nessun filtro), pagine', 'tornei/list', [
      ...cal({}),
      ...cal({ rowstoskip: 40 }),
      ...cal({ rowstoskip: 200 }),
    ]),
    t(
      'Calendario',
      'regione, livello, 6 mesi',
      'tornei/list',
      regions.map((regione) => ({
        id_settore: 1,
        regione,
        livello: 'LIMIT',
        dal: today,
        al: monthsFrom(today, 6),
        fetchrows: 20,
      })),
    ),
    t(
      'Calendario',
      'provincia',
      'tornei/list',
      provinces.map((provincia) => ({ id_settore: 1, provincia, fetchrows: 20 })),
    ),
    t('Calendario', 'iscrizioni aperte', 'tornei/list', cal({ stato: 'iscrizioni_aperte' })),
    t('Calendario', 'conclusi, pagine', 'tornei/list', [
      ...cal({ stato: 'concluso' }),
      ...cal({ stato: 'concluso', rowstoskip: 500 }),
    ]),
    t(
      'Calendario',
      'un mese (vista mese, 100 righe)',
      'tornei/list',
      months.flatMap((m) =>
        [1, 2].map((id_settore) => ({
          id_settore,
          dal: monthsFrom(today, m),
          al: monthsFrom(today, m + 1),
          fetchrows: 100,
        })),
      ),
    ),
    t(
      'Calendario',
      'un circolo',
      'tornei/list',
      data.clubs
        .slice(0, 50)
        .map((id_circolo) => ({ id_settore: 1, id_circolo, dal: '2000-01-01', fetchrows: 20 })),
    ),
    t(
      'Calendario',
      'un circuito',
      'tornei/list',
      circuits.map((c) => ({
        id_settore: c.id_settore,
        id_circuito: c.id,
        dal: '2000-01-01',
        fetchrows: 20,
      })),
    ),
    t(
      'Torneo',
      'dettaglio',
      'tornei/dettaglio/view',
      tournaments.map((id) => ({ id })),
    ),
    t(
      'Torneo',
      'tabellone',
      'tornei/tabelloni/view',
      tournaments.map((id_torneo) => ({ id_torneo })),
    ),
    t(
      'Torneo',
      'gironi, classifiche',
      'tornei/gironi_classifiche/list',
      data.withGroups.map((id_torneo) => ({ id_torneo })),
    ),
    t(
      'Torneo',
      'iscritti (50)',
      'tornei/iscritti/view',
      tournaments.map((id_torneo) => ({ id_torneo, fetchrows: 50 })),
    ),
    t(
      'Circuiti',
      'elenco',
      'circuiti/list',
      sectors.map((id_settore) => ({ id_settore, fetchrows: 20 })),
    ),
    t(
      'Circuiti',
      'pagina del circuito',
      'circuiti/view',
      circuits.map((c) => ({ id: c.id })),
    ),
    t(
      'Circuiti',
      'tappe',
      'tornei/circuiti/list',
      circuits.map((c) => ({ id_settore: c.id_settore, id_circuito: c.id, fetchrows: 50 })),
    ),
    t(
      'Circuiti',
      'classifica (50 righe)',
      'circuiti/classifiche/list',
      circuits.map((c) => ({ id_settore: c.id_settore, id_circuito: c.id, fetchrows: 50 })),
    ),
    t('News', 'elenco', 'news/list', [...cal({}), ...cal({ rowstoskip: 20 })]),
    t(
      'News',
      'articolo',
      'news/view',
      data.news.map((id) => ({ id })),
    ),
    t(
      'Home',
      'menu',
      'home/menu/get',
      sectors.map((id_settore) => ({ id_settore })),
    ),
    t(
      'Home',
      'news e video',
      'news-video',
      sectors.map((id_settore) => ({ id_settore, news: 4, video: 3 })),
    ),
    t(
      'Home',
      'tornei e circuiti in arrivo',
      'circuito/get',
      sectors.map((id_settore) => ({ id_settore, tornei: 5, circuiti: 4 })),
    ),
    t(
      'Home',
      'classifica (primi 5)',
      'classifiche/list',
      sectors.map((id_settore) => ({ id_settore, fetchrows: 5 })),
    ),
    t(
      'Home',
      'classifiche dei circuiti (primi 3)',
      'circuiti/classifiche/list',
      sectors.map((id_settore) => ({ id_settore, primi: 3, fetchrows: 12 })),
    ),
    t(
      'Home',
      'numeri',
      'numeri_tpra',
      sectors.map((id_settore) => ({ id_settore })),
    ),
    t(
      'Circoli',
      'lista-circoli: nome',
      'ricerca_circoli',
      ['circolo', 'tennis', 'sport', 'club', 'roma', 'milano', 'san', 'villa'].map((testo) => ({
        id_settore: 1,
        testo,
        fetchrows: 20,
      })),
    ),
    t(
      'Circoli',
      'lista-circoli: provincia, pagine',
      'ricerca_circoli',
      provinces.flatMap((provincia) =>
        [0, 20].map((rowstoskip) => ({ id_settore: 1, provincia, fetchrows: 20, rowstoskip })),
      ),
    ),
    t(
      'Circoli',
      'societa/view',
      'societa/view',
      data.clubs.map((id_circolo) => ({ id_circolo, id_settore: 1 })),
    ),
    t(
      'Circoli',
      'filtro del calendario (societa_ricerca)',
      'societa_ricerca/get',
      ['cir', 'ten', 'spo', 'clu', 'rom', 'mil'].map((testo) => ({ id_settore: 1, testo })),
    ),
  ]
  // The rankings, the player page and the search: bench/scala.ts's targets (the rankscale work), measured here too.
  for (const [group, label, path, bodies] of rankingTargets(data.people, data.clubs, data.record))
    list.push(t(group, label, path, bodies))
  return list
}

async function measureEngine(engine: string, env: Record<string, string | undefined>, rows: Row[]) {
  const today = isoDay(new Date())
  const hello = await startProcess('bench/support/api-server.ts', ['hello'], {})
  const uncached = await startProcess(
    'bench/support/api-server.ts',
    ['portal'],
    { RESPONSE_CACHE: 'off', WRITE_RATE_LIMIT: '1000000', ...env },
    SEED_TIMEOUT_MS,
  )
  let list: Target[] = []
  const measured: Omit<Row, 'hot' | 'ratio'>[] = []
  try {
    const base = `http://127.0.0.1:${uncached.info.port}/api/v1`
    list = targets(await sample(base), today)
    if (process.env.BENCH_LETTURE_ONLY)
      list = list.filter((x) => `${x.group} ${x.label} ${x.path}`.includes(process.env.BENCH_LETTURE_ONLY!))
    for (const target of list) {
      const url = `${base}/${target.path}`
      const single = await load(url, target.bodies, 1, SINGLE_S)
      const full = await load(url, target.bodies, CONNECTIONS, DURATION_S)
      measured.push({
        group: target.group,
        label: target.label,
        engine,
        single: { p50: single.p50, p99: single.p99 },
        p99: full.p99,
        rps: full.rps,
      })
      process.stderr.write(
        `${engine} ${target.group} ${target.label}: 1 conn p50 ${single.p50} ms, 50 conn p99 ${full.p99} ms\n`,
      )
    }
  } finally {
    await stopProcess(uncached.child)
  }
  if (process.env.BENCH_LETTURE_HOT === '0') {
    await stopProcess(hello.child)
    rows.push(...measured.map((m) => ({ ...m, hot: 0, ratio: 0 })))
    return
  }
  // Hot: the same calls answered from the response cache (one body each), against bare Fastify, in this run.
  const cached = await startProcess(
    'bench/support/api-server.ts',
    ['portal'],
    { WRITE_RATE_LIMIT: '1000000', ...env },
    SEED_TIMEOUT_MS,
  )
  try {
    const base = `http://127.0.0.1:${cached.info.port}/api/v1`
    const hotSeconds = Math.max(2, Math.round(DURATION_S / 2))
    const helloWorld = () => load(`http://127.0.0.1:${hello.info.port}/hello`, [{}], CONNECTIONS, hotSeconds)
    // Each call against a hello-world measured just before it: on a shared machine the load moves between
    // measures, and a ratio of two measures taken minutes apart would say more about the neighbours.
    const bares: { rps: number; p99: number }[] = []
    for (const [i, target] of list.entries()) {
      const bare = await helloWorld()
      bares.push(bare)
      const hot = await load(`${base}/${target.path}`, [target.bodies[0]!], CONNECTIONS, hotSeconds)
      rows.push({ ...measured[i]!, hot: hot.rps, ratio: hot.rps / bare.rps })
    }
    const bare =
      bares.length > 0
        ? {
            rps: bares.reduce((sum, b) => sum + b.rps, 0) / bares.length,
            p99: Math.max(...bares.map((b) => b.p99)),
          }
        : await helloWorld()
    rows.push({
      group: 'Fastify',
      label: 'hello-world (riferimento)',
      engine,
      single: { p50: 0, p99: 0 },
      p99: bare.p99,
      rps: bare.rps,
      hot: bare.rps,
      ratio: 1,
    })
  } finally {
    await stopProcess(cached.child)
    await stopProcess(hello.child)
  }
}

export async function benchLetture(): Promise<Row[]> {
  const rows: Row[] = []
  const engines: { engine: string; env: Record<string, string | undefined> }[] = [
    {
      engine: `PGlite (${PGLITE_SCALE})`,
      env: {
        DATABASE_URL: '',
        SEED_SCALE: PGLITE_SCALE,
        BENCH_DATA_DIR: PGLITE_SCALE === 'medium' ? 'data/bench' : `data/bench-${PGLITE_SCALE}`,
      },
    },
  ]
  if (await postgresReachable(PG_LARGE_URL))
    engines.push({ engine: 'PostgreSQL (large)', env: { DATABASE_URL: PG_LARGE_URL, SEED_SCALE: 'large' } })
  for (const { engine, env } of engines) {
    if (process.env.BENCH_ENGINES && !process.env.BENCH_ENGINES.split(',').some((e) => engine.startsWith(e)))
      continue
    await measureEngine(engine, env, rows)
  }
  return rows
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`

export function printLetture(rows: Row[]) {
  console.log(
    `\nLetture pubbliche: senza cache (1 connessione: p50/p99; ${CONNECTIONS} connessioni: p99, obiettivo ≤ ${TARGET_P99_MS} ms)` +
      ` e in cache (richieste/s rispetto a Fastify hello-world nello stesso run, obiettivo ≥ ${pct(HOT_GOAL)}); ${DURATION_S} s per misura`,
  )
  console.table(
    rows.map((r) => ({
      gruppo: r.group,
      chiamata: r.label,
      database: r.engine,
      '1 conn p50/p99 (ms)': r.group === 'Fastify' ? '' : `${r.single.p50}/${r.single.p99}`,
      [`${CONNECTIONS} conn p99 (ms)`]: r.p99,
      [`p99 ≤ ${TARGET_P99_MS}`]: r.group === 'Fastify' ? '' : r.p99 <= TARGET_P99_MS ? 'sì' : 'NO',
      'richieste/s senza cache': r.group === 'Fastify' ? '' : Math.round(r.rps),
      'richieste/s in cache': Math.round(r.hot),
      'in cache / hello-world': pct(r.ratio),
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printLetture(await benchLetture())
