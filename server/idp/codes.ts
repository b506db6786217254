// Six-digit e-mail codes of the sign-up and password-reset pages, and the local outbox they are "sent" to.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idpOutbox, idpVerificationCodes } from '../db/schema/idp.ts'
import { LIMITS } from './throttle.ts'

export type CodePurpose = 'signup' | 'reset'
export type VerificationCode = typeof idpVerificationCodes.$inferSelect
export type OutboxMessage = typeof idpOutbox.$inferSelect

export type CheckOutcome =
  { kind: 'ok' } | { kind: 'wrong'; attemptsLeft: number } | { kind: 'exhausted' } | { kind: 'expired' }

/** How long a verified code keeps the password step open. */
const VERIFIED_WINDOW_MS = LIMITS.codeTtlMs

export class VerificationCodes {
  constructor(
    private readonly db: Db,
    /** Keys the HMAC of stored codes. */
    private readonly secret: string,
  ) {}

  private hash(id: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${id}:${code}`).digest('base64url')
  }

  /** Codes asked for this e-mail in the last hour (for the per-e-mail limit). */
  async issuedLastHour(email: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idpVerificationCodes)
      .where(
        and(
          eq(idpVerificationCodes.email, email),
          gt(idpVerificationCodes.createdAt, new Date(Date.now() - 60 * 60_000)),
        ),
      )
    return row?.n ?? 0
  }

  /**
   * Creates the interaction's new code (earlier ones stop working) and returns its digits. The caller decides
   * whether to mail them: for an e-mail that must not learn a code (no account to reset, an account that
   * already exists) the row still exists, so the code page behaves the same and every guess fails.
   */
  async issue(purpose: CodePurpose, email: string, interactionUid: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const id = randomUUID()
    const now = Date.now()
    await this.db.transaction(async (tx) => {
      await tx
        .update(idpVerificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(idpVerificationCodes.interactionUid, interactionUid),
            eq(idpVerificationCodes.purpose, purpose),
            isNull(idpVerificationCodes.consumedAt),
          ),
        )
      await tx.insert(idpVerificationCodes).values({
        id,
        purpose,
        email,
        interactionUid,
        codeHash: this.hash(id, code),
        // The process clock, like every other check of these rows (the database's may differ).
        createdAt: new Date(now),
        expiresAt: new Date(now + LIMITS.codeTtlMs),
      })
    })
    return code
  }

  /** The interaction's live code for this step, if any. */
  async current(purpose: CodePurpose, interactionUid: string): Promise<VerificationCode | undefined> {
    const [row] = await this.db
      .select()
      .from(idpVerificationCodes)
      .where(
        and(
          eq(idpVerificationCodes.interactionUid, interactionUid),
          eq(idpVerificationCodes.purpose, purpose),
          isNull(idpVerificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(idpVerificationCodes.createdAt))
      .limit(1)
    return row
  }

  async check(row: VerificationCode, code: string): Promise<CheckOutcome> {
    if (row.verifiedAt) return { kind: 'ok' }
    if (row.attempts >= LIMITS.codeAttempts) return { kind: 'exhausted' }
    if (row.expiresAt.getTime() <= Date.now()) return { kind: 'expired' }
    const expected = Buffer.from(row.codeHash)
    const given = Buffer.from(this.hash(row.id, code))
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await this.db
        .update(idpVerificationCodes)
        .set({ verifiedAt: new Date() })
        .where(eq(idpVerificationCodes.id, row.id))
      return { kind: 'ok' }
    }
    // Counted in SQL so that parallel guesses cannot each see the same remaining budget.
    const [counted] = await this.db
      .update(idpVerificationCodes)
      .set({ attempts: sql`${idpVerificationCodes.attempts} + 1` })
      .where(eq(idpVerificationCodes.id, row.id))
      .returning({ attempts: idpVerificationCodes.attempts })
    const left = LIMITS.codeAttempts - (counted?.attempts ?? LIMITS.codeAttempts)
    return left > 0 ? { kind: 'wrong', attemptsLeft: left } : { kind: 'exhausted' }
  }

  /** A verified code opens the password step for a while, once. */
  isVerified(row: VerificationCode): boolean {
    return row.verifiedAt !== null && row.verifiedAt.getTime() > Date.now() - VERIFIED_WINDOW_MS
  }

  async consume(row: VerificationCode): Promise<boolean> {
    const done = await this.db
      .update(idpVerificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(idpVerificationCodes.id, row.id), isNull(idpVerificationCodes.consumedAt)))
      .returning({ id: idpVerificationCodes.id })
    return done.length === 1
  }

  async deleteOlderThan(date: Date): Promise<void> {
    await this.db.delete(idpVerificationCodes).where(lt(idpVerificationCodes.createdAt, date))
  }
}

/** The local stand-in for sending an e-mail. */
export async function sendMail(db: Db, recipient: string, subject: string, body: string): Promise<void> {
  await db.insert(idpOutbox).values({ recipient, subject, body })
}

/** Newest first, optionally for one recipient. */
export async function outboxMessages(db: Db, recipient?: string, limit = 50): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(idpOutbox)
    .where(recipient ? eq(idpOutbox.recipient, recipient) : undefined)
    .orderBy(desc(idpOutbox.id))
    .limit(limit)
}

export async function deleteOutboxOlderThan(db: Db, date: Date): Promise<void> {
  await db.delete(idpOutbox).where(lt(idpOutbox.createdAt, date))
}
