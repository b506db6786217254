// Where a write load spends its time on PostgreSQL: samples pg_stat_activity of the portal's database every few
// milliseconds while the load runs and counts, per sample, the portal's backends by what they are doing: running a
// statement, waiting for a lock (and which kind: a row's tuple or transaction id, an advisory lock…), idle inside a
// transaction (the database waits for Node: the next statement has not come yet), or idle (free in the pool).
import { Client } from 'pg'

export type ActivityShares = {
  samples: number
  /** Mean number of the portal's backends in each state per sample. */
  mean: Record<string, number>
}

/** Starts sampling `url`'s database; `stop()` ends it and returns the mean of each state per sample. */
export async function sampleActivity(url: string, everyMs = 20) {
  const name = new URL(url).pathname.slice(1)
  const client = new Client({ connectionString: url })
  await client.connect()
  const me = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  const totals = new Map<string, number>()
  let samples = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string; n: number }>(
        `select case
                  when wait_event_type = 'Lock' then 'attesa lock (' || wait_event || ')'
                  when state = 'active' then 'query in esecuzione'
                  when state like 'idle in transaction%' then 'transazione in attesa di Node'
                  else 'libera'
                end as what, count(*)::int as n
           from pg_stat_activity
          where datname = $1 and pid <> $2 and backend_type = 'client backend'
          group by 1`,
        [name, me],
      )
      samples += 1
      for (const r of rows) totals.set(r.what, (totals.get(r.what) ?? 0) + r.n)
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    async stop(): Promise<ActivityShares> {
      running = false
      await loop
      await client.end()
      const mean: Record<string, number> = {}
      for (const [what, n] of totals) mean[what] = Math.round((n / Math.max(samples, 1)) * 10) / 10
      return { samples, mean }
    },
  }
}
