// The notices of a decided transition (issue 19 item 7): one helper for the three lifecycles (enrolment,
// challenge, partner request). Each notice becomes a notice in the portal (the home and the account button show
// it until seen) and an e-mail in the simulated outbox (/idp/outbox) to the person's account, in the transaction
// that decided what they are told. People without an account are told in the portal only.
// The same helper caps what one person causes to be sent to another in a day (issue 19 item 9c): over the cap
// the whole action is refused with a 429 (the transaction rolls back), so nobody fills another's mailbox.
import { type SQL, type SQLWrapper, and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  AVVISI_MAX_GIORNO,
  AVVISI_MESSAGES,
  AVVISO_AMBITI_SENZA_LIMITE,
  type AvvisoAmbito,
} from '../../contract/avvisi.ts'
import { ITALY_TIME_ZONE } from '../../contract/dates.ts'
import { accounts, persons } from '../db/schema/core.ts'
import { avvisi } from '../db/schema/avvisi.ts'
import { userSettings } from '../db/schema/domain.ts'
import { idpOutbox } from '../db/schema/idp.ts'
import { type Q, type Refusal, refuse } from './lifecycle.ts'

/** What someone is told. `email: false` keeps it in the portal only (a challenge refused, cancelled…). */
export type Notice = { destinatario: number; testo: string; email?: boolean }

/** Where notices come from: whose action, about what, with which e-mail subject. */
export type NoticeSource = {
  /** The person whose action caused them; null when the portal acted (deadlines are never capped). */
  by: number | null
  /** What the portal opens for each person told (a partner request: the author's listing, the requester's request). */
  about: (destinatario: number) => { ambito: AvvisoAmbito; riferimento: number }
  subject: string
  now: Date
  /**
   * The topic's setting of /impostazioni the person must keep on to receive the e-mail, beside «Ricevi notifiche
   * via e-mail» that every e-mail follows (the portal notice always arrives).
   */
  mailOptIn?: PgColumn
  /**
   * The sector the notices are about (a tournament's, a challenge's): the e-mail goes only to who chose this
   * sector or every sector in «Settore delle notifiche» of /impostazioni (the portal notice always arrives).
   */
  settore?: number
}

/** Thrown inside the transaction, so that nothing of the refused action is written. */
export class NoticeCapReached extends Error {
  constructor(readonly nome: string) {
    super(AVVISI_MESSAGES.tooMany(nome))
  }
}

/** Runs `work`; a cap reached inside it becomes the 429 refusal the route answers. */
export async function refusingOverCap<T>(work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof NoticeCapReached) return refuse(429, error.message)
    throw error
  }
}

/** Midnight in Italy of the day of `now`: the cap counts per Italian calendar day. */
const italianMidnight = (now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${ITALY_TIME_ZONE}) at time zone ${ITALY_TIME_ZONE})`

/**
 * Throws NoticeCapReached when a recipient would get more than AVVISI_MAX_GIORNO notices caused by `by` today.
 * Each pair (by, recipient) is serialised with a transaction-scoped advisory lock, taken in recipient order, so
 * parallel requests cannot both pass the count.
 */
async function checkCap(q: Q, by: number, notices: readonly Notice[], now: Date) {
  const wanted = new Map<number, number>()
  for (const n of notices)
    if (n.destinatario !== by) wanted.set(n.destinatario, (wanted.get(n.destinatario) ?? 0) + 1)
  if (wanted.size === 0) return
  const recipients = [...wanted.keys()].sort((a, b) => a - b)
  for (const recipient of recipients)
    await q.execute(sql`select pg_advisory_xact_lock(${by}::int, ${recipient}::int)`)
  const sent = await q
    .select({ personId: avvisi.personId, n: sql<number>`count(*)::int` })
    .from(avvisi)
    .where(
      and(
        eq(avvisi.mittenteId, by),
        inArray(avvisi.personId, recipients),
        gte(avvisi.creatoIl, italianMidnight(now)),
        notInArray(avvisi.ambito, [...AVVISO_AMBITI_SENZA_LIMITE]),
      ),
    )
    .groupBy(avvisi.personId)
  const sentTo = new Map(sent.map((r) => [r.personId, Number(r.n)]))
  const over = recipients.find((r) => (sentTo.get(r) ?? 0) + wanted.get(r)! > AVVISI_MAX_GIORNO)
  if (over === undefined) return
  const [person] = await q
    .select({ nome: persons.nome, cognome: persons.cognome })
    .from(persons)
    .where(eq(persons.id, over))
  throw new NoticeCapReached(person ? `${person.nome} ${person.cognome}` : 'questo giocatore')
}

/**
 * The statement that writes one e-mail per notice meant for e-mail whose person has an account and keeps the
 * e-mails on (notifiche_email, and `mailOptIn` when given) for the notices' sector (`settore`, when given; no
 * sector chosen means every sector). No settings saved: the defaults, all on, every sector. One INSERT … SELECT:
 * who gets an e-mail is decided by the database in the same statement, not by a read first (one round trip less
 * inside the caller's transaction, which often holds a tournament's lock).
 */
function mailStatement(notices: readonly Notice[], source: NoticeSource): SQL | undefined {
  const wanted = notices.filter((n) => n.email !== false)
  if (wanted.length === 0) return undefined
  const told = sql.join(
    wanted.map((n, i) => sql`(${i}::int, ${n.destinatario}::int, ${n.testo}::text)`),
    sql`, `,
  )
  return sql`insert into ${idpOutbox} (${sql.identifier(idpOutbox.recipient.name)}, ${sql.identifier(idpOutbox.subject.name)}, ${sql.identifier(idpOutbox.body.name)})
    select ${accounts.email}, ${source.subject}::text, told.testo
      from (values ${told}) as told(ordine, person_id, testo)
      join ${accounts} on ${accounts.personId} = told.person_id
      left join ${userSettings} on ${userSettings.accountId} = ${accounts.id}
     where coalesce(${userSettings.notificheEmail}, true)
       ${source.mailOptIn ? sql`and coalesce(${source.mailOptIn}, true)` : sql``}
       ${source.settore === undefined ? sql`` : sql`and coalesce(${userSettings.sectorId} = ${source.settore}, true)`}
     order by told.ordine`
}

/** The statements that tell each person their notice: in the portal (until seen) and by e-mail. */
function noticeStatements(q: Q, notices: readonly Notice[], source: NoticeSource): SQLWrapper[] {
  if (notices.length === 0) return []
  const portal = q.insert(avvisi).values(
    notices.map((n) => ({
      personId: n.destinatario,
      mittenteId: source.by,
      ...source.about(n.destinatario),
      testo: n.testo,
      creatoIl: source.now,
    })),
  )
  const mail = mailStatement(notices, source)
  return mail ? [portal, mail] : [portal]
}

/**
 * Runs writes that do not read each other's rows as one statement (data-modifying CTEs): one round trip to the
 * database, whatever their number. The statements run on one snapshot, so none may depend on another's rows.
 */
async function writeTogether(q: Q, statements: readonly SQLWrapper[]) {
  if (statements.length === 0) return
  const last = statements[statements.length - 1]!.getSQL()
  const before = statements
    .slice(0, -1)
    .map((statement, i) => sql`${sql.identifier(`scrittura_${i}`)} as (${statement.getSQL()})`)
  await q.execute(before.length === 0 ? last : sql`with ${sql.join(before, sql`, `)} ${last}`)
}

/** The capped notices of each sender: one check per sender, over everything it sends in one go. */
async function checkCaps(q: Q, batches: readonly { notices: readonly Notice[]; source: NoticeSource }[]) {
  const bySender = new Map<number, { notices: Notice[]; now: Date }>()
  for (const { notices, source } of batches) {
    if (source.by === null) continue
    // What the notices are about decides whether the cap applies (AVVISO_AMBITI_SENZA_LIMITE): one rule, here.
    const capped = notices.filter(
      (n) => !AVVISO_AMBITI_SENZA_LIMITE.includes(source.about(n.destinatario).ambito),
    )
    const entry = bySender.get(source.by) ?? { notices: [], now: source.now }
    entry.notices.push(...capped)
    bySender.set(source.by, entry)
  }
  for (const [by, { notices, now }] of [...bySender].sort(([a], [b]) => a - b))
    await checkCap(q, by, notices, now)
}

/**
 * Tells each person their notice: in the portal (until seen) and by e-mail. Refuses the whole action (throws
 * NoticeCapReached) when it would exceed the daily cap of what `source.by` sends to one person. `also`: writes of
 * the caller to run in the same statement, after the cap is checked; none may touch another's rows.
 */
export async function notify(
  q: Q,
  notices: readonly Notice[],
  source: NoticeSource,
  also: readonly SQLWrapper[] = [],
) {
  if (notices.length > 0) await checkCaps(q, [{ notices, source }])
  await writeTogether(q, [...also, ...noticeStatements(q, notices, source)])
}

/** A history table whose rows may name the person told and what they read. */
type HistoryTable = PgTable & { destinatarioId: PgColumn; avviso: PgColumn }

/** One transition to record: its history table and row, and who is told what. */
export type Transition<T extends HistoryTable> = {
  table: T
  base: Omit<T['$inferInsert'], 'destinatarioId' | 'avviso'>
  notices: readonly Notice[]
  source: NoticeSource
}

/**
 * The history of transitions: for each, `base` once when nobody is told, else one row per notice (with its
 * recipient and text), and the notices themselves (portal and e-mail). The caps are checked first (each takes a
 * short advisory lock and counts); then every row of every transition is written in one statement.
 */
export async function recordTransitions(
  q: Q,
  transitions: readonly Transition<HistoryTable>[],
  /** Writes of the caller to run in the same statement (the entries' own rows); none may touch another's rows. */
  also: readonly SQLWrapper[] = [],
) {
  await checkCaps(q, transitions)
  await writeTogether(q, [
    ...also,
    ...transitions.flatMap(({ table, base, notices, source }) => {
      const rows =
        notices.length === 0
          ? [base]
          : notices.map((n) => ({ ...base, destinatarioId: n.destinatario, avviso: n.testo }))
      return [q.insert(table).values(rows as never), ...noticeStatements(q, notices, source)]
    }),
  ])
}

/** The history of one transition and its notices (recordTransitions of one). */
export async function recordTransition<T extends HistoryTable>(
  q: Q,
  table: T,
  base: Omit<T['$inferInsert'], 'destinatarioId' | 'avviso'>,
  notices: readonly Notice[],
  source: NoticeSource,
) {
  await recordTransitions(q, [{ table, base, notices, source } as unknown as Transition<HistoryTable>])
}
