// The notices of a decided transition: a history row for each person told (in the portal), and a message in the
// simulated outbox (/idp/outbox) to the account of each, in the transaction that decided what they are told.
// People without an account are told in the portal only.
import { inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { accounts } from '../db/schema/core.ts'
import { idpOutbox } from '../db/schema/idp.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Notice = { destinatario: number; testo: string }

/** Writes one e-mail per notice whose person has an account, with `subject`. */
export async function mailNotices(q: Db | Tx, notices: readonly Notice[], subject: string) {
  if (notices.length === 0) return
  const rows = await q
    .select({ personId: accounts.personId, email: accounts.email })
    .from(accounts)
    .where(
      inArray(
        accounts.personId,
        notices.map((n) => n.destinatario),
      ),
    )
  const emailOf = new Map(rows.map((r) => [r.personId, r.email]))
  const messages = notices
    .filter((n) => emailOf.has(n.destinatario))
    .map((n) => ({ recipient: emailOf.get(n.destinatario)!, subject, body: n.testo }))
  if (messages.length > 0) await q.insert(idpOutbox).values(messages)
}

/** A history table whose rows may name the person told and what they read. */
type HistoryTable = PgTable & { destinatarioId: PgColumn; avviso: PgColumn }

/**
 * The history of one transition: `base` once when nobody is told, else one row per notice (with its recipient
 * and text), and the notices' e-mails.
 */
export async function recordTransition<T extends HistoryTable>(
  q: Db | Tx,
  table: T,
  base: Omit<T['$inferInsert'], 'destinatarioId' | 'avviso'>,
  notices: readonly Notice[],
  subject: string,
) {
  const rows =
    notices.length === 0
      ? [base]
      : notices.map((n) => ({ ...base, destinatarioId: n.destinatario, avviso: n.testo }))
  await q.insert(table).values(rows as T['$inferInsert'][])
  await mailNotices(q, notices, subject)
}
