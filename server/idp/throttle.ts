// Throttling of the sign-in and code pages. Account lockouts live in the accounts table; what has no row to
// live in (a client address, an e-mail that has no account) is counted in process, which is enough for the
// local identity service (production uses B2C's own protections).

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
export class SlidingWindow {
  private readonly events = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    return (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs)
  }

  /** 0 when another event is allowed, otherwise how long until it is. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.recent(key, now)
    if (recent.length < this.max) return 0
    return recent[recent.length - this.max]! + this.windowMs - now
  }

  record(key: string, now = Date.now()) {
    remember(this.events, key, [...this.recent(key, now), now].slice(-this.max))
  }
}

/** The account lockout schedule for e-mails that have no account, so that both answer alike. */
export class PhantomLockout {
  private readonly state = new Map<string, { failures: number; lockedUntil: number }>()

  lockedForMs(email: string, now = Date.now()): number {
    const entry = this.state.get(email)
    return entry ? Math.max(0, entry.lockedUntil - now) : 0
  }

  /** Records a failure; returns the lock it starts (0 when none). */
  fail(email: string, now = Date.now()): number {
    const failures = (this.state.get(email)?.failures ?? 0) + 1
    const lock = lockDurationMs(failures)
    remember(this.state, email, { failures, lockedUntil: now + lock })
    return lock
  }
}
