import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_BYTES, MAX_JSON_DEPTH, MESSAGES } from '../../contract/common.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { jsonDepthExceeds } from '../../server/http/json-body.ts'
import { buildTestApp, call, createAccount, tokenFor } from '../support/server.ts'

let app: FastifyInstance
let token: string
beforeAll(async () => {
  app = await buildTestApp()
  token = await tokenFor(await createAccount())
})
afterAll(() => app.close())

/** `{"a":{"a":…}}` nested `depth` levels deep. */
function nested(depth: number, key = 'a'): string {
  return `{"${key}":`.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1)
}

describe('JSON bodies nested too deep', () => {
  it('answer 400 with the Italian message on every endpoint, signed in or not (refused before the token is checked)', async () => {
    // The body of the report: 5,000 levels, 35 kB.
    const hostile = nested(5000, 'ab')
    expect(hostile.length).toBeGreaterThan(34_000)
    for (const endpoint of Object.values(endpoints)) {
      for (const auth of [token, undefined]) {
        const response = await call(app, endpoint.path, hostile, auth)
        expect(response.status, `${endpoint.path} ${auth ? 'signed in' : 'anonymous'}`).toBe(400)
        expect(response.body).toEqual({ statusCode: 400, message: MESSAGES.bodyTooDeep })
      }
    }
  })

  it('are refused from one level past the limit; arrays count as levels', async () => {
    const path = endpoints.faqList.path
    const atLimit = await call(app, path, nested(MAX_JSON_DEPTH))
    // Parsed, then refused by the contract for its content, not for its shape.
    expect(atLimit.status).toBe(400)
    expect(atLimit.body.message).not.toBe(MESSAGES.bodyTooDeep)
    const over = await call(app, path, nested(MAX_JSON_DEPTH + 1))
    expect(over.body).toEqual({ statusCode: 400, message: MESSAGES.bodyTooDeep })
    const arrays = await call(app, path, '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))
    expect(arrays.body).toEqual({ statusCode: 400, message: MESSAGES.bodyTooDeep })
  })

  it('are measured outside strings only', () => {
    const brackets = '[{'.repeat(MAX_JSON_DEPTH)
    expect(jsonDepthExceeds(JSON.stringify({ testo: brackets }), MAX_JSON_DEPTH)).toBe(false)
    expect(jsonDepthExceeds(JSON.stringify({ testo: `\\"${brackets}` }), MAX_JSON_DEPTH)).toBe(false)
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false)
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true)
  })
})

describe('JSON bodies too large', () => {
  it('answer 413 with the Italian message', async () => {
    const body = JSON.stringify({ id_settore: SECTOR_IDS.TENNIS, testo: 'x'.repeat(MAX_JSON_BYTES) })
    const response = await call(app, endpoints.newsList.path, body)
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ statusCode: 413, message: MESSAGES.bodyTooLarge })
  })

  it('answer 413 also when signed in on a write endpoint', async () => {
    const body = JSON.stringify({ id_news: 1, testo: 'x'.repeat(MAX_JSON_BYTES) })
    const response = await call(app, endpoints.newsCommentoAdd.path, body, token)
    expect(response.status).toBe(413)
    expect(response.body.message).toBe(MESSAGES.bodyTooLarge)
  })
})

describe('ordinary bodies', () => {
  it('still work', async () => {
    const response = await call(app, endpoints.newsList.path, { id_settore: SECTOR_IDS.TENNIS, fetchrows: 3 })
    expect(response.status).toBe(200)
    expect((response.body.results as unknown[]).length).toBe(3)
  })

  it('still refuse text that is not JSON, and prototype pollution', async () => {
    const notJson = await call(app, endpoints.faqList.path, '{non json')
    expect(notJson.body).toEqual({ statusCode: 400, message: MESSAGES.bodyNotJson })
    const proto = await call(app, endpoints.faqList.path, '{"__proto__":{"x":1}}')
    expect(proto.status).toBe(400)
  })
})
