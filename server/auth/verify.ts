import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWK } from 'jose'
import type { IdentityConfig } from '../config.ts'

export type TokenVerifier = (token: string) => Promise<JWTPayload>

/**
 * Verifies an id token (the portal's Bearer) for signature, issuer, audience and expiry.
 * Locally the keys are in process; with B2C they come from the tenant's JWKS.
 */
export function createTokenVerifier(identity: IdentityConfig, localJwks?: { keys: JWK[] }): TokenVerifier {
  const keys =
    identity.mode === 'local' && localJwks
      ? createLocalJWKSet(localJwks)
      : createRemoteJWKSet(new URL(identity.jwksUri))
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: identity.issuers,
      audience: identity.clientId,
      algorithms: ['RS256'],
      clockTolerance: 5,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    return payload
  }
}
