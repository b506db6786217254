import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MESSAGES } from '../../contract/common.ts'
import type { Config } from '../config.ts'

/**
 * The security headers, computed once: the CSP allows only the portal's own origin (plus the B2C tenant when
 * used). They never change per request, so building them on every request (as a middleware would) is waste.
 */
export function securityHeaders(config: Config): [string, string][] {
  const { identity } = config
  const identityOrigins =
    identity.mode === 'b2c'
      ? [...new Set([identity.authoritySignIn, identity.authorityReset].map((u) => new URL(u).origin))]
      : []
  const self = ["'self'"]
  const csp = [
    ['default-src', self],
    ['script-src', self],
    ['style-src', self],
    ['img-src', [...self, 'data:', 'blob:']],
    ['font-src', self],
    ['media-src', [...self, 'blob:']],
    ['connect-src', [...self, ...identityOrigins]],
    ['frame-src', [...self, ...identityOrigins]],
    ['form-action', [...self, ...identityOrigins]],
    // MSAL renews tokens in a hidden iframe of our own origin.
    ['frame-ancestors', self],
    ['object-src', ["'none'"]],
    ['base-uri', self],
  ] as const
  return [
    ['content-security-policy', csp.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';')],
    // Popups opened by MSAL must be able to talk back to the portal.
    ['cross-origin-opener-policy', 'same-origin-allow-popups'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ]
}

export type SecurityOptions = {
  config: Config
  /** Where the rate limits count: in process unless given (several replicas give a shared store). */
  rateLimitStore?: FastifyRateLimitStoreCtor
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = securityHeaders(options.config)
  // On the raw response, so replies handed over to the identity service carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
  await app.register(rateLimit, {
    global: false,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: MESSAGES.tooManyRequests,
    }),
  })
})
