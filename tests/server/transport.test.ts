// The portal over TLS answers HTTP/2 (one connection for the page, its chunks and its calls) and still
// HTTP/1.1 for clients that do not negotiate h2.
import fs from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadOrCreateTls } from '../../server/tls.ts'
import { testConfig, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let origin: string
let dataDir: string
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-tls-'))
  const tls = await loadOrCreateTls(dataDir)
  app = await buildApp({ config: testConfig(), database: await testDatabase(), tls, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  origin = `https://localhost:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => {
  if (app.server.listening) await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

it('answers over HTTP/2', async () => {
  const session = http2.connect(origin, { rejectUnauthorized: false })
  try {
    const { status, body, protocol } = await new Promise<{ status: number; body: string; protocol?: string }>(
      (resolve, reject) => {
        const request = session.request({ ':path': '/api/health' })
        let text = ''
        let code = 0
        request.on('response', (headers) => (code = Number(headers[':status'])))
        request.on('data', (chunk: Buffer) => (text += chunk.toString()))
        request.on('end', () => resolve({ status: code, body: text, protocol: session.alpnProtocol }))
        request.on('error', reject)
        request.end()
      },
    )
    expect(protocol).toBe('h2')
    expect(status).toBe(200)
    expect(JSON.parse(body)).toEqual({ status: 'ok' })
  } finally {
    session.close()
  }
})

it('still answers HTTP/1.1', async () => {
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    https
      .get(`${origin}/api/health`, { rejectUnauthorized: false }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.body)).toEqual({ status: 'ok' })
})

// Last: it closes the server. A browser keeps its HTTP/2 session open; closing must not wait for it
// (that is what Ctrl-C does), and the session learns that the server is gone.
it('closes with a browser session still open', async () => {
  const session = http2.connect(origin, { rejectUnauthorized: false })
  await new Promise<void>((resolve, reject) => {
    const request = session.request({ ':path': '/api/health' })
    request.on('data', () => undefined)
    request.on('end', resolve)
    request.on('error', reject)
    request.end()
  })
  const sessionClosed = new Promise<void>((resolve) => session.once('close', resolve))
  await app.close()
  await sessionClosed
  expect(session.closed || session.destroyed).toBe(true)
})
