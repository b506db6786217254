// The statechart viewer is a page of its own in dist/: served as it is, never replaced by the portal's index.html.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { testConfig, testDatabase } from '../support/server.ts'

const VIEWER =
  '<!doctype html><html lang="it"><head><title>Diagrammi di stato del portale</title></head></html>'

let app: FastifyInstance
let distDir: string
let reportsDir: string
/** What `npm run flows` writes for the viewer (reports/statecharts-coverage.json): the compact report. */
const COMPACT = {
  compatto: 1,
  machines: [
    {
      id: 'sfida',
      title: 'Sfida tra giocatori',
      states: { covered: 1, total: 1 },
      transitions: { covered: 0, total: 0 },
      stateIds: ['sfida.proposed'],
      transitionKeys: [],
      paths: [['Percorso 1', [0], [], 1, 0]],
    },
  ],
}
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-dist-'))
  reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-reports-'))
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Portale</title></head></html>',
  )
  fs.writeFileSync(path.join(distDir, 'statecharts.html'), VIEWER)
  // A build made before the report was served from reports/ copied the whole report here: not what is served.
  fs.mkdirSync(path.join(distDir, 'statecharts'))
  fs.writeFileSync(path.join(distDir, 'statecharts', 'flow-coverage.json'), '{"machines":[]}')
  app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    distDir,
    reportsDir,
    logger: false,
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(distDir, { recursive: true, force: true })
  fs.rmSync(reportsDir, { recursive: true, force: true })
})

describe('the statechart viewer page', () => {
  it('is served from dist/statecharts.html with the security headers, not the SPA fallback', async () => {
    const response = await app.inject({ url: '/statecharts.html' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toBe(VIEWER)
    expect(response.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('serves the compact coverage report that `npm run flows` wrote, as soon as it exists', async () => {
    fs.writeFileSync(path.join(reportsDir, 'statecharts-coverage.json'), JSON.stringify(COMPACT))
    try {
      const response = await app.inject({ url: '/statecharts/flow-coverage.json' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.json()).toEqual(COMPACT)
    } finally {
      fs.rmSync(path.join(reportsDir, 'statecharts-coverage.json'))
    }
  })

  it("answers a missing coverage report with a 404 in Italian, never with the portal's page", async () => {
    const response = await app.inject({ url: '/statecharts/flow-coverage.json' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.body).not.toContain('<html')
    expect(response.json()).toEqual({ statusCode: 404, message: 'Risorsa non trovata' })
    const other = await app.inject({ url: '/statecharts/altro.json' })
    expect(other.statusCode).toBe(404)
    expect(other.body).not.toContain('<html')
  })
})
