// The portal in this process on the large data set (BENCH_LARGE_DATABASE_URL), no response cache, called through
// inject() (no socket): what bench/explain.ts and bench/split.ts run the calls of `npm run bench -- scala` on. The
// caller brings the pool and the drizzle database, each instrumented its own way (a query logger, timed queries).
import type { Pool } from 'pg'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import type { Db } from '../../server/db/client.ts'
import { PG_LARGE_URL } from '../scala.ts'

type Page = { results: { id_persona: number; id_circolo: number | null }[]; record: number }

export async function portalOnLargeSet(pool: Pool, db: Db) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    RESPONSE_CACHE: 'off',
    DATA_DIR: 'data/bench',
  })
  const app = await buildApp({
    config,
    database: { db, engine: 'postgres', close: () => pool.end(), connection: { url: PG_LARGE_URL } },
    logger: false,
  })

  async function call<T>(path: string, body: object): Promise<T> {
    const response = await app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: body })
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`)
    return response.json() as T
  }

  /** The players and clubs of the national ranking's first page and of a page halfway down, and its length. */
  async function rankingSample() {
    const body = { id_settore: 1, tipo: 'nazionale', fetchrows: 100 }
    const first = await call<Page>('classifiche/classifiche/list', body)
    const deeper = await call<Page>('classifiche/classifiche/list', {
      ...body,
      rowstoskip: Math.floor(first.record / 2),
    })
    const rows = [...first.results, ...deeper.results]
    return {
      record: first.record,
      people: [...new Set(rows.map((r) => r.id_persona))],
      clubs: [...new Set(rows.map((r) => r.id_circolo).filter((c): c is number => c !== null))],
    }
  }

  /**
   * The calls to measure: bench/scala.ts's (the rankings, a player page, the players' search), or with
   * BENCH_SET=letture every public read of bench/letture.ts, its sample taken over a socket as it takes it.
   * Of the ranking's sampled players (scala's set) it keeps one in `every`, the first `first` of them.
   */
  async function targetList({ every = 1, first = Infinity } = {}): Promise<
    [string, string, string, object[]][]
  > {
    if (process.env.BENCH_SET === 'letture') {
      const { isoDay, sample, targets } = await import('../letture.ts')
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const data = await sample(`http://127.0.0.1:${port}/api/v1`)
      return targets(data, isoDay(new Date())).map((t) => [t.group, t.label, t.path, t.bodies])
    }
    const { targets } = await import('../scala.ts')
    const ranking = await rankingSample()
    const people = ranking.people.filter((_, i) => i % every === 0).slice(0, first)
    return targets(people, ranking.clubs, ranking.record)
  }

  return { app, call, rankingSample, targetList }
}
