import { eq, sql } from 'drizzle-orm'
import type { JWTPayload } from 'jose'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { accounts } from '../db/schema/core.ts'

export type Account = typeof accounts.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function emailOf(claims: JWTPayload): string | undefined {
  const emails = claims.emails
  const email = Array.isArray(emails) ? emails[0] : (claims.email ?? claims.preferred_username)
  return typeof email === 'string' ? email.toLowerCase() : undefined
}

// Every authenticated request runs this one.
const accountById = preparedFor((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_by_id'),
)

/**
 * Maps verified claims to an account. The local identity service uses the account id as `sub`;
 * a B2C tenant has its own object ids, so there we match (or create, with `createMissing`) by e-mail.
 * The local service's accounts are made by its sign-up only: a token of a deleted account (issue 23 item 6)
 * must not bring back an empty one under the same e-mail, so there `createMissing` is false.
 */
export async function accountForClaims(
  db: Db,
  claims: JWTPayload,
  options: { createMissing: boolean } = { createMissing: true },
): Promise<Account | undefined> {
  if (claims.sub && UUID.test(claims.sub)) {
    const [byId] = await accountById(db).execute({ id: claims.sub })
    if (byId) return byId
  }
  const email = emailOf(claims)
  if (!email) return undefined
  const [byEmail] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1)
  if (byEmail) return byEmail
  if (!options.createMissing) return undefined
  const [created] = await db
    .insert(accounts)
    .values({ email, passwordHash: '!external', emailVerifiedAt: new Date() })
    .onConflictDoNothing()
    .returning()
  return created
}

/**
 * The instant a sign-out everywhere is recorded at. Tokens carry `iat` in whole seconds, so the
 * instant is the start of the next second: the token used to sign out, even if issued a moment ago,
 * is revoked with the others.
 */
export function signOutInstant(now: number = Date.now()): Date {
  return new Date((Math.floor(now / 1000) + 1) * 1000)
}

/** A token issued before the account signed out is no longer valid. */
export function isRevoked(account: Account, claims: JWTPayload): boolean {
  if (!account.signedOutAt || claims.iat === undefined) return false
  return claims.iat < Math.floor(account.signedOutAt.getTime() / 1000)
}
