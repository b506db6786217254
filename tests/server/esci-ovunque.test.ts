// «Esci» ends this device's session only; «Esci da tutti i dispositivi» (logout/ovunque) revokes every token of
// the account and renews the personal calendar feed's secret (issue 23, item 5; docs/regole.md).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { buildTestApp, call, createAccount, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const get = (url: string) => app.inject({ method: 'GET', url })

describe('logout: this device only', () => {
  it('leaves the tokens of the other devices valid', async () => {
    const account = await createAccount()
    const here = await tokenFor(account)
    const elsewhere = await tokenFor(account)
    expect((await call(app, 'logout', {}, here)).body).toEqual({ result: { disconnesso: true } })
    expect((await call(app, 'login', {}, elsewhere)).status).toBe(200)
  })
})

describe('logout/ovunque: every device', () => {
  it('refuses every token issued before it with a 401, its own included', async () => {
    const account = await createAccount()
    const here = await tokenFor(account)
    const elsewhere = await tokenFor(account)
    const response = await call(app, 'logout/ovunque', {}, here)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { disconnesso: true, feed_url: null } })
    for (const token of [here, elsewhere]) {
      const refused = await call(app, 'login', {}, token)
      expect(refused.status).toBe(401)
      expect(refused.body).toEqual({ statusCode: 401, message: MESSAGES.unauthorized })
    }
    // A token issued after it (a new sign-in) works.
    const later = await tokenFor(account, { issuedAtSeconds: Math.floor(Date.now() / 1000) + 2 })
    expect((await call(app, 'login', {}, later)).status).toBe(200)
  })

  it('renews the personal feed: the old link answers 404, the new one (in the answer) works', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    const made = await call(app, 'tornei/feed_personale/rinnova', {}, token)
    const oldUrl = (made.body.result as { url: string }).url
    expect((await get(oldUrl)).statusCode).toBe(200)

    const response = await call(app, 'logout/ovunque', {}, token)
    expect(response.status).toBe(200)
    const newUrl = (response.body.result as { feed_url: string }).feed_url
    expect(newUrl).toMatch(/^\/calendario\/feed\/iscrizioni\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(newUrl).not.toBe(oldUrl)
    expect((await get(oldUrl)).statusCode).toBe(404)
    expect((await get(newUrl)).statusCode).toBe(200)
  })

  it('refuses callers without a valid token, and a body', async () => {
    expect((await call(app, 'logout/ovunque', {})).status).toBe(401)
    const account = await createAccount()
    expect((await call(app, 'logout/ovunque', { tutto: true }, await tokenFor(account))).status).toBe(400)
  })
})
