// Throttling of the sign-in and code pages. Account lockouts live in the accounts table; what has no row to
// live in (a client address, an e-mail that has no account) is counted in process when one process serves, and in
// the database when several replicas do (REPLICAS > 1: server/repositories/shared-limits.ts), so that a client
// cannot multiply its attempts by the number of replicas. Production uses B2C's own protections.
import type { Db } from '../db/client.ts'
import {
  countFailure,
  lockedUntil,
  recentEvents,
  recordEvent,
  setLockedUntil,
} from '../repositories/shared-limits.ts'

/** The numbers, in one place. */
export const LIMITS = {
  /** Failed sign-ins of one account (or one unknown e-mail) before it is locked. */
  failuresBeforeLock: 5,
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  /** Failed sign-ins from one client address within `ipWindowMs`, whatever the e-mail. */
  ipFailures: 20,
  ipWindowMs: 15 * 60_000,
  /** Verification codes: lifetime, wrong attempts allowed per code, codes per e-mail and per address per hour. */
  codeTtlMs: 15 * 60_000,
  codeAttempts: 5,
  codesPerEmailPerHour: 5,
  codesPerIpPerHour: 20,
} as const

/** How long an account stays locked after its `failures`-th consecutive failure (0 below the threshold). */
export function lockDurationMs(failures: number): number {
  if (failures < LIMITS.failuresBeforeLock) return 0
  const doubled = LIMITS.firstLockMs * 2 ** (failures - LIMITS.failuresBeforeLock)
  return Math.min(doubled, LIMITS.maxLockMs)
}

/** Keys are dropped oldest first past this many, so a flood of addresses cannot grow memory without bound. */
const MAX_KEYS = 10_000

function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key)
  map.set(key, value)
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!)
}

/** At most `max` events per key within a sliding window. */
export type EventWindow = {
  /** 0 when another event is allowed, otherwise how long until it is. */
  retryAfterMs(key: string, now?: number): Promise<number>
  record(key: string, now?: number): Promise<void>
}

/** The lockout schedule for e-mails that have no account, so that both answer alike. */
export type Lockout = {
  lockedForMs(email: string, now?: number): Promise<number>
  /** Records a failure; returns the lock it starts (0 when none). */
  fail(email: string, now?: number): Promise<number>
}

/** In process: one replica. */
export class SlidingWindow implements EventWindow {
  private readonly events = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs)
  }

  async retryAfterMs(key: string, now = Date.now()): Promise<number> {
    const recent = this.recent(key, now)
    if (recent.length < this.max) return 0
    return recent[recent.length - this.max]! + this.windowMs - now
  }

  async record(key: string, now = Date.now()) {
    remember(this.events, key, [...this.recent(key, now), now].slice(-this.max))
  }
}

/** In the database, shared by every replica; `name` keeps apart the windows that count the same keys. */
export class SharedSlidingWindow implements EventWindow {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async retryAfterMs(key: string, now = Date.now()): Promise<number> {
    const recent = await recentEvents(this.db, `${this.name}:${key}`, now - this.windowMs, this.max)
    if (recent.length < this.max) return 0
    return recent[this.max - 1]! + this.windowMs - now
  }

  async record(key: string, now = Date.now()) {
    await recordEvent(this.db, `${this.name}:${key}`, now)
  }
}

/** The account lockout schedule for e-mails that have no account, in process (one replica). */
export class PhantomLockout implements Lockout {
  private readonly state = new Map<string, { failures: number; lockedUntil: number }>()

  async lockedForMs(email: string, now = Date.now()): Promise<number> {
    const entry = this.state.get(email)
    return entry ? Math.max(0, entry.lockedUntil - now) : 0
  }

  async fail(email: string, now = Date.now()): Promise<number> {
    const failures = (this.state.get(email)?.failures ?? 0) + 1
    const lock = lockDurationMs(failures)
    remember(this.state, email, { failures, lockedUntil: now + lock })
    return lock
  }
}

/** The same schedule in the database, shared by every replica. */
export class SharedPhantomLockout implements Lockout {
  constructor(private readonly db: Db) {}

  async lockedForMs(email: string, now = Date.now()): Promise<number> {
    return Math.max(0, (await lockedUntil(this.db, `phantom:${email}`)) - now)
  }

  async fail(email: string, now = Date.now()): Promise<number> {
    const failures = await countFailure(this.db, `phantom:${email}`)
    const lock = lockDurationMs(failures)
    if (lock > 0) await setLockedUntil(this.db, `phantom:${email}`, now + lock)
    return lock
  }
}

/** The throttles of one identity service: in process, or in the database when several replicas serve. */
export function createThrottles(db: Db, shared: boolean) {
  return shared
    ? {
        failuresByAddress: new SharedSlidingWindow(db, 'signin-ip', LIMITS.ipFailures, LIMITS.ipWindowMs),
        unknownEmails: new SharedPhantomLockout(db),
        codeSends: new SharedSlidingWindow(db, 'codes-ip', LIMITS.codesPerIpPerHour, 60 * 60_000),
      }
    : {
        failuresByAddress: new SlidingWindow(LIMITS.ipFailures, LIMITS.ipWindowMs),
        unknownEmails: new PhantomLockout(),
        codeSends: new SlidingWindow(LIMITS.codesPerIpPerHour, 60 * 60_000),
      }
}

export type Throttles = ReturnType<typeof createThrottles>
