// E-mail and password checks of the local identity service, with the lockout and address throttling rules.
import { eq, sql } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import type { Db } from '../db/client.ts'
import { accounts } from '../db/schema/core.ts'
import { calendarFeeds } from '../db/schema/domain.ts'
import { type EventWindow, type Lockout, type Throttles, lockDurationMs } from './throttle.ts'

export type SignInOutcome =
  | { kind: 'ok'; accountId: string }
  | { kind: 'invalid' }
  /** The account (or the unknown e-mail) is locked; also answered by the failure that starts the lock. */
  | { kind: 'locked'; retryAfterMs: number }
  /** Too many failures from this client address. */
  | { kind: 'throttled'; retryAfterMs: number }

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
}

/** What is wrong with a new password, in Italian, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length === 0) return 'Inserisci la nuova password.'
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `La password deve avere almeno ${MIN_PASSWORD_LENGTH} caratteri.`
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `La password può avere al massimo ${MAX_PASSWORD_LENGTH} caratteri.`
  }
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    return 'La password deve contenere sia lettere sia numeri.'
  }
  return undefined
}

export class Credentials {
  private readonly byAddress: EventWindow
  private readonly unknownEmails: Lockout
  /** Verified against when the e-mail has no account, so both cases take the same time. */
  private readonly decoyHash = hashPassword('decoy-password-1')

  constructor(
    private readonly db: Db,
    throttles: Pick<Throttles, 'failuresByAddress' | 'unknownEmails'>,
  ) {
    this.byAddress = throttles.failuresByAddress
    this.unknownEmails = throttles.unknownEmails
  }

  async signIn(emailInput: string, password: string, address: string): Promise<SignInOutcome> {
    const now = Date.now()
    const throttled = await this.byAddress.retryAfterMs(address, now)
    if (throttled > 0) return { kind: 'throttled', retryAfterMs: throttled }

    const email = normalizeEmail(emailInput)
    const [account] = await this.db.select().from(accounts).where(eq(accounts.email, email)).limit(1)

    if (!account) {
      const locked = await this.unknownEmails.lockedForMs(email, now)
      if (locked > 0) {
        await this.byAddress.record(address, now)
        return { kind: 'locked', retryAfterMs: locked }
      }
      await verifyPassword(password, await this.decoyHash)
      await this.byAddress.record(address, now)
      const lock = await this.unknownEmails.fail(email, now)
      return lock > 0 ? { kind: 'locked', retryAfterMs: lock } : { kind: 'invalid' }
    }

    // A locked account is not checked at all: its password must not be guessable during the lock.
    if (account.lockedUntil && account.lockedUntil.getTime() > now) {
      await this.byAddress.record(address, now)
      return { kind: 'locked', retryAfterMs: account.lockedUntil.getTime() - now }
    }

    if (await verifyPassword(password, account.passwordHash)) {
      if (account.failedSignIns !== 0 || account.lockedUntil) {
        await this.db
          .update(accounts)
          .set({ failedSignIns: 0, lockedUntil: null })
          .where(eq(accounts.id, account.id))
      }
      return { kind: 'ok', accountId: account.id }
    }

    await this.byAddress.record(address, now)
    const [counted] = await this.db
      .update(accounts)
      .set({ failedSignIns: sql`${accounts.failedSignIns} + 1` })
      .where(eq(accounts.id, account.id))
      .returning({ failures: accounts.failedSignIns })
    const lock = lockDurationMs(counted?.failures ?? 0)
    if (lock === 0) return { kind: 'invalid' }
    await this.db
      .update(accounts)
      .set({ lockedUntil: new Date(now + lock) })
      .where(eq(accounts.id, account.id))
    return { kind: 'locked', retryAfterMs: lock }
  }

  async accountIdFor(emailInput: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, normalizeEmail(emailInput)))
      .limit(1)
    return row?.id
  }

  /** Creates a verified account; undefined when the e-mail is already taken. */
  async createAccount(emailInput: string, password: string): Promise<string | undefined> {
    const [created] = await this.db
      .insert(accounts)
      .values({
        email: normalizeEmail(emailInput),
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id })
    return created?.id
  }

  /**
   * Sets a new password after the e-mail was verified. Unlocks the account and signs it out everywhere:
   * tokens, refresh tokens and sessions from before this instant stop working (see `signedOutAt`). The personal
   * calendar feed is revoked too (whoever had the password may have copied its link); a new one is made from
   * /impostazioni (docs/regole.md, «Uscita»).
   */
  async resetPassword(emailInput: string, password: string): Promise<string | undefined> {
    const now = new Date()
    const passwordHash = await hashPassword(password)
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(accounts)
        .set({
          passwordHash,
          failedSignIns: 0,
          lockedUntil: null,
          emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          signedOutAt: now,
        })
        .where(eq(accounts.email, normalizeEmail(emailInput)))
        .returning({ id: accounts.id })
      if (updated) await tx.delete(calendarFeeds).where(eq(calendarFeeds.accountId, updated.id))
      return updated?.id
    })
  }
}
