import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { JWTPayload } from 'jose'
import { STAMPE_BASE } from '../../contract/stampe.ts'
import { accountForClaims, isRevoked, type Account } from '../auth/accounts.ts'
import type { TokenVerifier } from '../auth/verify.ts'
import type { Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The claims of the Bearer token once verified; null for an anonymous call or a token that did not verify. */
    claims: JWTPayload | null
    /**
     * The signed-in account, read when first asked for and then remembered for the request; null for an
     * anonymous call or a revoked token. Public reads that do not depend on the caller never ask, and so
     * cost no query.
     */
    caller(): Promise<Account | null>
  }
}

/**
 * Verifies the Bearer token of every API call (a missing, forged or expired one leaves the request
 * anonymous); the account behind it is read only by the calls that need it (server/http/api.ts): `user`
 * endpoints answer 401 'Utente non autorizzato' without one.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    /** `createAccounts`: an unknown e-mail of a valid token becomes an account (an external tenant's users). */
    options: { db: Db; verify: TokenVerifier; createAccounts: boolean },
  ) => {
    const callers = new WeakMap<FastifyRequest, Promise<Account | null>>()
    app.decorateRequest('claims', null)
    app.decorateRequest('caller', function (this: FastifyRequest) {
      let caller = callers.get(this)
      if (caller === undefined) {
        const claims = this.claims
        caller =
          claims === null
            ? Promise.resolve(null)
            : accountForClaims(options.db, claims, { createMissing: options.createAccounts }).then(
                (account) => (account && !isRevoked(account, claims) ? account : null),
              )
        callers.set(this, caller)
      }
      return caller
    })
    app.addHook('onRequest', async (request) => {
      // The API, and the files a page downloads with the caller's token (a ranking's CSV export).
      if (!request.url.startsWith('/api/') && !request.url.startsWith(`${STAMPE_BASE}/`)) return
      const header = request.headers.authorization
      if (!header?.startsWith('Bearer ')) return
      try {
        request.claims = await options.verify(header.slice('Bearer '.length).trim())
      } catch (error) {
        request.log.debug({ reason: (error as Error).message }, 'token refused')
      }
    })
  },
)
