import type { FastifyLoggerOptions } from 'fastify'

const SENSITIVE_QUERY =
  /([?&](?:code|id_token|access_token|refresh_token|token|password|client_secret|code_verifier)=)[^&#]*/gi

/** Request URLs without secrets: codes and tokens can travel in query strings during sign-in. */
export function redactUrl(url: string): string {
  return url.replace(SENSITIVE_QUERY, '$1[redatto]')
}

/** pino options for Fastify: never a token, a cookie or a password in the logs. */
export function loggerOptions(level: string): FastifyLoggerOptions & Record<string, unknown> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.id_token',
      ],
      censor: '[redatto]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  }
}
