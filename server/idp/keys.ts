import { desc } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Db } from '../db/client.ts'
import { idpKeys } from '../db/schema/idp.ts'

export type SigningKeys = { privateJwks: JWK[]; publicJwks: { keys: JWK[] } }

function toPublic({ kid, kty, n, e, alg, use }: JWK): JWK {
  return { kid, kty, n, e, alg, use }
}

/** Loads the identity service's signing keys, creating the first one when there is none. */
export async function loadOrCreateSigningKeys(db: Db): Promise<SigningKeys> {
  let rows = await db.select().from(idpKeys).orderBy(desc(idpKeys.createdAt))
  if (rows.length === 0) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const jwk = await exportJWK(privateKey)
    const kid = `k${Date.now().toString(36)}`
    await db
      .insert(idpKeys)
      .values({ kid, privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } })
      .onConflictDoNothing()
    rows = await db.select().from(idpKeys).orderBy(desc(idpKeys.createdAt))
  }
  const privateJwks = rows.map((row) => row.privateJwk as JWK)
  return { privateJwks, publicJwks: { keys: privateJwks.map(toPublic) } }
}
