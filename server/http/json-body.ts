import type { FastifyInstance } from 'fastify'
import { MAX_JSON_BYTES, MAX_JSON_DEPTH, MESSAGES } from '../../contract/common.ts'
import { ApiError } from './errors.ts'

/**
 * How deep arrays and objects nest in a JSON text, scanned without parsing (strings skipped), stopping as
 * soon as `limit` is passed. A hostile body nested thousands of levels deep is refused here, before anything
 * recursive (JSON.stringify for the cache key, the schema decoder) can overflow the stack on it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--
  }
  return false
}

/**
 * The one JSON parser of the app (every route, registered once at the root): bodies larger than
 * MAX_JSON_BYTES answer 413, bodies nested deeper than MAX_JSON_DEPTH answer 400, then Fastify's own parser
 * (which refuses `__proto__` and `constructor.prototype` keys) does the parsing.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_JSON_BYTES },
    (request, body, done) => {
      const text = body as string
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
        return done(ApiError.badRequest(MESSAGES.bodyTooDeep), undefined)
      parse(request, text, done)
    },
  )
}
