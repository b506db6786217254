// The challenges' deadlines (DESIGN.md §5): the machine names them as events (`sfida.scade`,
// `sfida.confermaAutomatica`) and this runner sends them when due: once when the server starts (a deadline that
// passed while it was down is applied then) and then every interval. Each is decided like a player's request,
// under the challenge's lock, so a late answer and the deadline cannot both win.
import type { FastifyInstance } from 'fastify'
import type { Repositories } from '../repositories/index.ts'

/** How many due challenges one pass handles; the next pass takes the rest. */
const BATCH = 200

/** Applies every deadline due at `now`; returns how many challenges moved. */
export async function applyDeadlines(repos: Repositories, now: Date): Promise<number> {
  let moved = 0
  for (;;) {
    const due = await repos.challenges.due(now, BATCH)
    for (const { id, event } of due) {
      const outcome = await repos.challenges.act(id, event, {}, now)
      if (!outcome.refused) moved++
    }
    if (due.length < BATCH) return moved
  }
}

export function registerDeadlines(app: FastifyInstance, repos: Repositories, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    running = applyDeadlines(repos, new Date())
      .then((moved) => {
        if (moved > 0) app.log.info({ moved }, 'scadenze delle sfide applicate')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'scadenze delle sfide non applicate'))
    return running
  }
  app.addHook('onReady', async () => {
    await pass()
    if (intervalMs > 0) {
      timer = setInterval(() => void pass(), intervalMs)
      timer.unref()
    }
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
