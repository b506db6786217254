// Rules about tournaments and their matches that more than one read shares.
import { todayInItaly } from '../../contract/dates.ts'

/** Tournaments still to come or running (cancelled and finished ones are left out). */
export const UPCOMING_STATUSES = ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso']

/** Tournaments still to start (running, finished and cancelled ones are left out). */
export const NOT_STARTED_STATUSES = ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse']

/** Match outcomes that count as played: a retirement was played, a walkover was not. */
export const PLAYED_OUTCOMES = ['giocata', 'ritiro']

/** What the enrolment rule needs to know of a tournament. */
export type EnrolmentWindow = {
  status: string
  iscrizioniDal: Date | null
  iscrizioniAl: Date | null
  /** AAAA-MM-GG */
  dataInizio: string
}

/**
 * The status of a tournament at `now` (issue 19, item 4): the one rule the calendar's «Iscrizioni aperte» filter,
 * the badges and the enrolment panel read. A stored `iscrizioni_aperte` (or a `programmato` whose window has
 * begun) follows the instants: before `iscrizioni_dal` it is still `programmato`, after `iscrizioni_al` (without
 * a deadline, from the first day in Italy) enrolment is closed. Every other stored status was set on purpose (a
 * draw announced closes the entries, an organiser starts or cancels the tournament) and stands.
 * `server/repositories/tournament-status.ts` writes the same rule in SQL; a test holds the two together.
 */
export function tournamentStatusAt(t: EnrolmentWindow, now: Date): string {
  const byInstants =
    t.status === 'iscrizioni_aperte' ||
    (t.status === 'programmato' && t.iscrizioniDal !== null && t.iscrizioniDal <= now)
  if (!byInstants) return t.status
  if (t.iscrizioniDal !== null && now < t.iscrizioniDal) return 'programmato'
  const closed = t.iscrizioniAl !== null ? now > t.iscrizioniAl : todayInItaly(now) >= t.dataInizio
  return closed ? 'iscrizioni_chiuse' : 'iscrizioni_aperte'
}
