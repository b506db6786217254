// The status of a tournament at an instant, in SQL: server/domain/tournaments.ts `tournamentStatusAt` written for
// the queries that filter or show it (calendar, feeds, home, detail), so a list and its badges agree with the
// enrolment panel. tests/server/stato-iscrizioni.test.ts checks that the two say the same on any tournament.
import { type Placeholder, sql, type SQL } from 'drizzle-orm'
import { ITALY_TIME_ZONE } from '../../contract/dates.ts'
import { tournaments } from '../db/schema/domain.ts'

type Columns = { status: SQL | typeof tournaments.status } & Record<
  'iscrizioniDal' | 'iscrizioniAl' | 'dataInizio',
  unknown
>

/** `now` as a bound instant, or a placeholder of a prepared statement (an ISO string when executed). */
export type Instant = Date | SQL | Placeholder

const instant = (now: Instant) =>
  now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`

/** The tournament's status at `now` (the columns of `tournaments` unless told otherwise). */
export function statusAtSql(now: Instant, t: Columns = tournaments): SQL<string> {
  const at = instant(now)
  const { status, iscrizioniDal: dal, iscrizioniAl: al, dataInizio } = t
  return sql<string>`(case
    when ${status} = 'iscrizioni_aperte' or (${status} = 'programmato' and ${dal} is not null and ${dal} <= ${at}) then
      case
        when ${dal} is not null and ${at} < ${dal} then 'programmato'
        when (case when ${al} is not null then ${at} > ${al}
                   else (${at} at time zone ${ITALY_TIME_ZONE})::date >= ${dataInizio} end) then 'iscrizioni_chiuse'
        else 'iscrizioni_aperte'
      end
    else ${status}::text
  end)`
}

/** The stored statuses a tournament may have to read as `status` at some instant (for an index to narrow). */
export function storedStatusesFor(status: string): string[] {
  if (status === 'iscrizioni_aperte') return ['programmato', 'iscrizioni_aperte']
  if (status === 'programmato') return ['programmato', 'iscrizioni_aperte']
  if (status === 'iscrizioni_chiuse') return ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse']
  return [status]
}

/**
 * The statuses a tournament reads at every instant exactly when it is stored with them (not the enrolment window's,
 * which the instant decides), as SQL literals: a filter by one of them is a filter by the stored status, written into
 * the statement so that an index on it (the finished tournaments' partial index) serves its plan.
 */
const READ_AS_STORED: Readonly<Record<string, SQL>> = {
  in_corso: sql`'in_corso'`,
  concluso: sql`'concluso'`,
}

/** The literal of a status that reads as stored (above), or undefined when the instant decides it. */
export const readAsStored = (status: string): SQL | undefined => READ_AS_STORED[status]
