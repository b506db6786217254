// The portal's deadlines: the machines name them as events (challenges, DESIGN.md §5: `sfida.scade`,
// `sfida.confermaAutomatica`; enrolment, docs/regole.md «Iscrizioni»: `iscrizione.scade`, a doubles invitation
// left unanswered, whose place goes to the waiting list; team ties) and one pass applies every one that is due.
// The pass is the job queue's `scadenze` (server/plugins/jobs.ts): once when a replica starts (a deadline that
// passed while every replica was down is applied then) and then every interval, one pass at a time in the whole
// cluster. Each deadline is decided like a player's request, under the challenge's or the tournament's lock, so a
// late answer and the deadline cannot both win, and a pass run twice cannot apply one twice. The same pass sends
// the weekly newsletter of news (docs/regole.md «Impostazioni»).
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
