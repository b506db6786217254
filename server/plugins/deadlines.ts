// The portal's deadlines: the machines name them as events (challenges, DESIGN.md §5: `sfida.scade`,
// `sfida.confermaAutomatica`; enrolment, docs/regole.md «Iscrizioni»: `iscrizione.scade`, a doubles invitation
// left unanswered) and this runner sends them when due: once when the server starts (a deadline that passed
// while it was down is applied then) and then every interval. Each is decided like a player's request, under the
// challenge's or the tournament's lock, so a late answer and the deadline cannot both win. The same runner sends
// the weekly newsletter of news (docs/regole.md «Impostazioni»).
import type { FastifyInstance } from 'fastify'
import type { Repositories } from '../repositories/index.ts'

/** How many due challenges one pass handles; the next pass takes the rest. */
const BATCH = 200

/** Applies every deadline due at `now`; returns how many challenges and enrolments moved. */
export async function applyDeadlines(repos: Repositories, now: Date): Promise<number> {
  return (
    (await applyChallengeDeadlines(repos, now)) +
    (await expireInvitations(repos, now)) +
    (await applyTieDeadlines(repos, now))
  )
}

/**
 * Team championship ties (docs/regole.md «Campionati a squadre»): a lineup missing 1 hour before the start
 * (`incontro.scadenzaSchieramenti`: walkover), a result unanswered for 48 hours (`incontro.confermaAutomatica`).
 */
async function applyTieDeadlines(repos: Repositories, now: Date): Promise<number> {
  let moved = 0
  for (;;) {
    const due = await repos.ties.due(now, BATCH)
    let movedNow = 0
    for (const { id, event } of due) {
      const outcome = await repos.ties.act(id, event, {}, now)
      if (!outcome.refused) movedNow++
    }
    moved += movedNow
    if (due.length < BATCH || movedNow === 0) return moved
  }
}

async function applyChallengeDeadlines(repos: Repositories, now: Date): Promise<number> {
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

/** Doubles invitations left unanswered past their deadline expire (`iscrizione.scade`, by the portal). */
async function expireInvitations(repos: Repositories, now: Date): Promise<number> {
  let moved = 0
  for (;;) {
    const due = await repos.enrolments.dueInvitations(now, BATCH)
    let movedNow = 0
    for (const id of due) {
      const outcome = await repos.enrolments.expire(id, now)
      if (!outcome.refused) movedNow++
    }
    moved += movedNow
    // A full batch that moved nothing would come back the same: stop rather than loop.
    if (due.length < BATCH || movedNow === 0) return moved
  }
}

/**
 * The weekly newsletter (server/domain/newsletter.ts): the runner's first pass of a new week sends the week
 * before, once (newsletter_invii). `origin` makes the e-mails' links.
 */
export function sendNewsletter(repos: Repositories, now: Date, origin: string): Promise<number> {
  return repos.newsletter.sendLastWeek(now, origin)
}

export function registerDeadlines(
  app: FastifyInstance,
  repos: Repositories,
  intervalMs: number,
  origin: string,
) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    const now = new Date()
    running = applyDeadlines(repos, now)
      .then((moved) => {
        if (moved > 0) app.log.info({ moved }, 'scadenze di sfide e inviti applicate')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'scadenze di sfide e inviti non applicate'))
      .then(() => sendNewsletter(repos, now, origin))
      .then((sent) => {
        if (sent > 0) app.log.info({ sent }, 'newsletter della settimana inviata')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'newsletter della settimana non inviata'))
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
