// The two B2C policies served by the one provider, and how a request path names them.
import { POLICY_RESET, POLICY_SIGN_IN } from '../config.ts'

export type Policy = typeof POLICY_SIGN_IN | typeof POLICY_RESET

export const POLICIES: readonly Policy[] = [POLICY_SIGN_IN, POLICY_RESET]

/** The policy named by a path segment; MSAL lower-cases it, B2C accepts any case. */
export function policyFromSegment(segment: string): Policy | undefined {
  const lower = segment.toLowerCase()
  return POLICIES.find((policy) => policy.toLowerCase() === lower)
}

/** Where a request under /idp goes inside the provider, and with which policy. */
export type ProviderTarget = {
  policy: Policy
  /** `/idp/<tenant>/<policy>`, lower case: the provider builds its URLs on it. */
  mountPath: string
  /** Path and query as the provider routes them (`/oauth2/v2.0/token`, `/.well-known/openid-configuration`). */
  url: string
}

/**
 * Maps `/idp/<tenant>/<policy>/<rest>` to the provider. In AAD mode MSAL asks for
 * `<authority>/v2.0/.well-known/openid-configuration` (identity note, trap 2): that is the provider's discovery.
 */
export function providerTarget(rawUrl: string, tenant: string): ProviderTarget | undefined {
  const queryAt = rawUrl.indexOf('?')
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt)
  const match = /^\/idp\/([^/]+)\/([^/]+)(\/.*)$/.exec(pathname)
  if (!match || match[1]!.toLowerCase() !== tenant.toLowerCase()) return undefined
  const policy = policyFromSegment(match[2]!)
  if (!policy) return undefined
  let rest = match[3]!
  if (rest === '/v2.0/.well-known/openid-configuration') rest = '/.well-known/openid-configuration'
  return { policy, mountPath: `/idp/${tenant.toLowerCase()}/${policy.toLowerCase()}`, url: rest + search }
}

/** The policy of an authorization request, read back from its resume URL (`…/<policy>/oauth2/v2.0/authorize/<uid>`). */
export function policyOfReturnTo(returnTo: string): Policy {
  const segments = new URL(returnTo, 'https://localhost').pathname.split('/')
  return policyFromSegment(segments[3] ?? '') ?? POLICY_SIGN_IN
}

/** The pages' path for an interaction, under the policy of its authorization request as B2C's pages are. */
export function interactionPath(tenant: string, policy: string, uid: string): string {
  return `/idp/${tenant.toLowerCase()}/${policy.toLowerCase()}/interaction/${encodeURIComponent(uid)}`
}
