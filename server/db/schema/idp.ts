// Tables of the local identity service (server/idp). Unused when a real B2C tenant is configured.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

/** RS256 signing keys, created on first start; the newest signs, all verify. */
export const idpKeys = pgTable('idp_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * oidc-provider's own state (sessions, grants, interactions, codes, refresh tokens…), one row per model and id,
 * so sign-ins and refresh tokens survive a restart and are shared by every process on the same database.
 */
export const idpProviderRecords = pgTable(
  'idp_provider_records',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    /** Every token of a grant is revoked together (logout, reuse of a consumed code). */
    grantId: text('grant_id'),
    /** Sessions are also looked up by uid. */
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_provider_records_grant_idx').on(t.grantId),
    index('idp_provider_records_uid_idx').on(t.model, t.uid),
    index('idp_provider_records_expires_idx').on(t.expiresAt),
  ],
)

/** One-time e-mail codes of the sign-up and password-reset pages, bound to the interaction that asked. */
export const idpVerificationCodes = pgTable(
  'idp_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    interactionUid: text('interaction_uid').notNull(),
    /** HMAC of the code: the six digits are never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a newer code replaces this one or when the flow completes. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('idp_verification_codes_interaction_idx').on(t.interactionUid, t.purpose),
    index('idp_verification_codes_email_idx').on(t.email, t.createdAt),
    check('idp_verification_codes_purpose_ck', sql`${t.purpose} in ('signup', 'reset')`),
  ],
)

/** The local outbox: e-mails the service would send, shown at /idp/outbox instead of being delivered. */
export const idpOutbox = pgTable(
  'idp_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_outbox_recipient_idx').on(t.recipient, t.id)],
)
