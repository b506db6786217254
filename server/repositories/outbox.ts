// The notices of a decided transition (issue 19 item 7): one helper for the three lifecycles (enrolment,
// challenge, partner request). Each notice becomes a notice in the portal (the home and the account button show
// it until seen) and an e-mail in the simulated outbox (/idp/outbox) to the person's account, in the transaction
// that decided what they are told. People without an account are told in the portal only.
// The same helper caps what one person causes to be sent to another in a day (issue 19 item 9c): over the cap
// the whole action is refused with a 429 (the transaction rolls back), so nobody fills another's mailbox.
import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm'
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
 * Writes one e-mail per notice meant for e-mail whose person has an account and keeps the e-mails on
 * (notifiche_email, and `mailOptIn` when given) for the notices' sector (`settore`, when given; no sector chosen
 * means every sector). No settings saved: the defaults, all on, every sector.
 */
async function mail(q: Q, notices: readonly Notice[], source: NoticeSource) {
  const wanted = notices.filter((n) => n.email !== false)
  if (wanted.length === 0) return
  const rows = await q
    .select({ personId: accounts.personId, email: accounts.email })
    .from(accounts)
    .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
    .where(
      and(
        inArray(
          accounts.personId,
          wanted.map((n) => n.destinatario),
        ),
        sql`coalesce(${userSettings.notificheEmail}, true)`,
        source.mailOptIn ? sql`coalesce(${source.mailOptIn}, true)` : undefined,
        source.settore === undefined
          ? undefined
          : sql`coalesce(${userSettings.sectorId} = ${source.settore}, true)`,
      ),
    )
  const emailOf = new Map(rows.map((r) => [r.personId, r.email]))
  const messages = wanted
    .filter((n) => emailOf.has(n.destinatario))
    .map((n) => ({ recipient: emailOf.get(n.destinatario)!, subject: source.subject, body: n.testo }))
  if (messages.length > 0) await q.insert(idpOutbox).values(messages)
}

/**
 * Tells each person their notice: in the portal (until seen) and by e-mail. Refuses the whole action (throws
 * NoticeCapReached) when it would exceed the daily cap of what `source.by` sends to one person.
 */
export async function notify(q: Q, notices: readonly Notice[], source: NoticeSource) {
  if (notices.length === 0) return
  // What the notices are about decides whether the cap applies (AVVISO_AMBITI_SENZA_LIMITE): one rule, here.
  const capped = notices.filter(
    (n) => !AVVISO_AMBITI_SENZA_LIMITE.includes(source.about(n.destinatario).ambito),
  )
  if (source.by !== null) await checkCap(q, source.by, capped, source.now)
  await q.insert(avvisi).values(
    notices.map((n) => ({
      personId: n.destinatario,
      mittenteId: source.by,
      ...source.about(n.destinatario),
      testo: n.testo,
      creatoIl: source.now,
    })),
  )
  await mail(q, notices, source)
}

/** A history table whose rows may name the person told and what they read. */
type HistoryTable = PgTable & { destinatarioId: PgColumn; avviso: PgColumn }

/**
 * The history of one transition: `base` once when nobody is told, else one row per notice (with its recipient
 * and text), and the notices themselves (portal and e-mail).
 */
export async function recordTransition<T extends HistoryTable>(
  q: Q,
  table: T,
  base: Omit<T['$inferInsert'], 'destinatarioId' | 'avviso'>,
  notices: readonly Notice[],
  source: NoticeSource,
) {
  const rows =
    notices.length === 0
      ? [base]
      : notices.map((n) => ({ ...base, destinatarioId: n.destinatario, avviso: n.testo }))
  await q.insert(table).values(rows as T['$inferInsert'][])
  await notify(q, notices, source)
}
