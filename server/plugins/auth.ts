import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { accountForClaims, isRevoked, type Account } from '../auth/accounts.ts'
import type { TokenVerifier } from '../auth/verify.ts'
import type { Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null for an anonymous call or a token that did not verify. */
    account: Account | null
  }
}

/**
 * Resolves the Bearer token of every API call. A missing, forged, expired or revoked token leaves the
 * request anonymous: public reads still work, and `user` endpoints answer 401 'Utente non autorizzato'.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; verify: TokenVerifier }) => {
  app.decorateRequest('account', null)
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return
    const header = request.headers.authorization
    if (!header?.startsWith('Bearer ')) return
    try {
      const claims = await options.verify(header.slice('Bearer '.length).trim())
      const account = await accountForClaims(options.db, claims)
      if (account && !isRevoked(account, claims)) request.account = account
    } catch (error) {
      request.log.debug({ reason: (error as Error).message }, 'token refused')
    }
  })
})
