// The job queue in the app (docs/architettura.md, «Coda dei lavori»): pg-boss started when the app is ready, a
// worker for each queue, and the deadline runner's pass (`scadenze`) asked for on start and then every interval.
// Every replica asks; the queue's policy keeps one pass running and one waiting, so a deadline fires once however
// many replicas run. The rankings a result left to make again (`classifiche`) run here too, off the request path.
import type { FastifyInstance } from 'fastify'
import type { PgBossQueue } from '../jobs/pg-boss.ts'
import type { JobHandlers } from '../jobs/queue.ts'
import type { Repositories } from '../repositories/index.ts'
import { applyDeadlines, sendNewsletter } from './deadlines.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: tests wait for the work a request left with `app.jobs.runPending()`. */
    jobs: PgBossQueue
  }
}

/** The cached public reads a ranking rebuild changes (the same prefixes a result drops today). */
const RANKING_PREFIXES = ['classifiche/', 'classifica/', 'circuiti/', 'circuito/', 'giocatori/']

export function registerJobs(
  app: FastifyInstance,
  options: {
    queue: PgBossQueue
    repos: Repositories
    invalidate: (prefix: string) => void
    intervalMs: number
    origin: string
  },
) {
  const { queue, repos, invalidate, intervalMs, origin } = options
  const handlers: JobHandlers = {
    async scadenze() {
      const now = new Date()
      const moved = await applyDeadlines(repos, now)
      if (moved > 0) app.log.info({ moved }, 'scadenze di sfide e inviti applicate')
      const sent = await sendNewsletter(repos, now, origin)
      if (sent > 0) app.log.info({ sent }, 'newsletter della settimana inviata')
    },
    async classifiche(job) {
      await repos.rankingRefresh.run(job)
      for (const prefix of RANKING_PREFIXES) invalidate(prefix)
    },
  }
  app.decorate('jobs', queue)
  let timer: NodeJS.Timeout | undefined
  const askForPass = () =>
    queue
      .send('scadenze', {})
      .catch((error: unknown) => app.log.error({ err: error }, 'scadenze non accodate'))
  app.addHook('onReady', async () => {
    await queue.start(handlers)
    // The first pass is done before the app answers (what passed while every replica was down): here, or by
    // another replica whose worker took it first, which settle waits for.
    await askForPass()
    await queue
      .settle(['scadenze'], 5_000)
      .catch((error: unknown) => app.log.error({ err: error }, 'scadenze di sfide e inviti non applicate'))
    if (intervalMs > 0) {
      timer = setInterval(() => void askForPass(), intervalMs)
      timer.unref()
    }
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await queue.stop()
  })
}
