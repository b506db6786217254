// oidc-provider storage on the main database (instead of its in-memory adapter): sessions, grants and refresh
// tokens survive a restart of `npm run dev` and are shared by every process that uses the same database.
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idpProviderRecords } from '../db/schema/idp.ts'
import type { Adapter, AdapterPayload } from 'oidc-provider'

const records = idpProviderRecords

/** Models whose rows belong to a grant and go when the grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
])

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      payload,
      grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: null,
    }
    await this.db
      .insert(records)
      .values({ model: this.model, id, ...values })
      .onConflictDoUpdate({ target: [records.model, records.id], set: values })
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: records.payload, expiresAt: records.expiresAt, consumedAt: records.consumedAt })
      .from(records)
      .where(and(eq(records.model, this.model), condition))
      .limit(1)
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined
    const payload = row.payload as AdapterPayload
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload
  }

  find(id: string) {
    return this.findWhere(eq(records.id, id))
  }

  findByUid(uid: string) {
    return this.findWhere(eq(records.uid, uid))
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(records.userCode, userCode))
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(records)
      .set({ consumedAt: new Date() })
      .where(and(eq(records.model, this.model), eq(records.id, id)))
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(records).where(and(eq(records.model, this.model), eq(records.id, id)))
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(records).where(eq(records.grantId, grantId))
  }
}

/** The adapter factory oidc-provider calls once per model. */
export function databaseAdapter(db: Db): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model)
}

/** Drops expired rows; the provider never reads them again. */
export async function deleteExpiredProviderRecords(db: Db): Promise<void> {
  await db.delete(records).where(and(isNotNull(records.expiresAt), lt(records.expiresAt, sql`now()`)))
}
