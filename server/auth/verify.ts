import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWK } from 'jose'
import type { IdentityConfig } from '../config.ts'

export type TokenVerifier = (token: string) => Promise<JWTPayload>

/** Seconds of clock difference tolerated on `exp` and `nbf`. */
const CLOCK_TOLERANCE_S = 5
/** Verified tokens remembered per process; a browser sends the same token for an hour. */
const REMEMBERED_TOKENS = 5_000

/**
 * Verifies an id token (the portal's Bearer) for signature, issuer, audience and expiry.
 * Locally the keys are in process; with B2C they come from the tenant's JWKS.
 *
 * A token that verified is remembered until it expires: the same string carries the same signature, so
 * checking it again would only repeat the RSA work (the largest cost of an authenticated call, measured).
 * Expiry is checked again on every use; revocation is not the verifier's business (see isRevoked).
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  localJwks?: { keys: JWK[] },
  now: () => number = Date.now,
): TokenVerifier {
  const keys =
    identity.mode === 'local' && localJwks
      ? createLocalJWKSet(localJwks)
      : createRemoteJWKSet(new URL(identity.jwksUri))
  const verified = new Map<string, JWTPayload>()
  return async (token) => {
    const remembered = verified.get(token)
    if (remembered) {
      if ((remembered.exp ?? 0) + CLOCK_TOLERANCE_S > now() / 1000) return remembered
      verified.delete(token)
    }
    const { payload } = await jwtVerify(token, keys, {
      issuer: identity.issuers,
      audience: identity.clientId,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: new Date(now()),
    })
    // Oldest first out: Map keeps insertion order.
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!)
    verified.set(token, payload)
    return payload
  }
}
