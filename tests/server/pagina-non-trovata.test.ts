// Issue 19, item 5: an address outside the route table (contract/pages.ts) is answered 404 with the portal's page,
// which shows «Pagina non trovata» (the spec's redirect to / is replaced on purpose); every error the server
// answers is in Italian, Fastify's own included.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { routes } from '../../contract/pages.ts'
import { buildApp } from '../../server/app.ts'
import { testConfig, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let distDir: string
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-404-'))
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="it"><head><title>Portale</title></head><body><div id="root"></div></body></html>',
  )
  app = await buildApp({ config: testConfig(), database: await testDatabase(), distDir, logger: false })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(distDir, { recursive: true, force: true })
})

const get = (url: string) => app.inject({ method: 'GET', url })

describe('the page for an address', () => {
  it('is 404, still the portal’s page, for a path outside the route table', async () => {
    const urls = [
      '/pagina-che-non-esiste',
      '/tornei/calendario',
      '/news-dettaglio',
      '/tornei/dettaglio-torneo/4/x',
    ]
    const answers = await Promise.all(urls.map(get))
    expect(
      answers.map((r) => [r.statusCode, r.headers['content-type'], r.body.includes('<div id="root">')]),
    ).toEqual(urls.map(() => [404, 'text/html; charset=utf-8', true]))
  })

  it('is 200 for every route of the table, with its parameters, a query and a trailing slash', async () => {
    const urls = [
      ...routes.map((route) => route.path.replace(/:\w+/g, '12')),
      '/',
      '/index',
      '/sign-in',
      '/news?pagina=2&settore=1',
      '/faq/',
    ]
    const answers = await Promise.all(urls.map(get))
    expect(Object.fromEntries(urls.map((url, i) => [url, answers[i]!.statusCode]))).toEqual(
      Object.fromEntries(urls.map((url) => [url, 200])),
    )
  })

  it('keeps the JSON 404 for a missing asset and an unknown API call', async () => {
    expect((await get('/assets/nessuno-123.js')).json()).toEqual({
      statusCode: 404,
      message: MESSAGES.notFound,
    })
    const api = await app.inject({ method: 'POST', url: '/api/v1/nessuna/chiamata', payload: {} })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ statusCode: 404, message: MESSAGES.notFound })
  })
})

describe('the errors the server answers', () => {
  it('are in Italian when Fastify itself refuses the address (not «is not a valid url component»)', async () => {
    const urls = ['/api/v1/%zz', '/media/%E0%A4%A']
    const answers = await Promise.all(urls.map((url) => app.inject({ method: 'POST', url, payload: {} })))
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(
      urls.map(() => [400, { statusCode: 400, message: MESSAGES.badRequest }]),
    )
  })
})
