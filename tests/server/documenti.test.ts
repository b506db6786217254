import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { currentSeason } from '../../contract/dates.ts'
import { allDocumentPaths, documentPath } from '../../contract/documenti.ts'
import { documents } from '../../server/db/schema/content.ts'
import { buildTestApp, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const season = currentSeason()

/** A text entry of the PDF's Info dictionary (an indirect literal string). */
function infoEntry(pdf: Buffer, key: string): string {
  const text = pdf.toString('latin1')
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text)
  if (!ref) throw new Error(`/${key} assente`)
  const start = text.indexOf(`\n${ref[1]} 0 obj\n(`) + `\n${ref[1]} 0 obj\n(`.length
  const end = text.indexOf(')\nendobj', start)
  const raw = text.slice(start, end).replace(/\\([()\\])/g, '$1')
  // With a byte order mark: UTF-16BE; without: PDFDocEncoding, which is Latin-1 for this text.
  return raw.startsWith('\xfe\xff') ? Buffer.from(raw.slice(2), 'latin1').swap16().toString('utf16le') : raw
}

describe('GET /documenti/regolamenti/<disciplina>/<documento>.pdf', () => {
  it('serves every PDF the Regolamenti page links to', async () => {
    const paths = allDocumentPaths()
    expect(paths).toHaveLength(16)
    for (const url of paths) {
      const response = await app.inject({ method: 'GET', url })
      // The url in each object names the document that fails.
      expect({
        url,
        status: response.statusCode,
        type: response.headers['content-type'],
        start: response.rawPayload.subarray(0, 5).toString('latin1'),
        end: response.rawPayload.subarray(-6).toString('latin1').trim(),
        length: Number(response.headers['content-length']),
        cache: response.headers['cache-control'],
      }).toEqual({
        url,
        status: 200,
        type: 'application/pdf',
        start: '%PDF-',
        end: '%%EOF',
        length: response.rawPayload.length,
        cache: 'public, max-age=3600, stale-while-revalidate=86400',
      })
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="[a-z-]+-\d{4}\.pdf"$/)
    }
  })

  it("prints the season of Italy's calendar: at 00:30 on 1 January in Rome it is already the new one", async () => {
    // 23:30 UTC on 31 December: a server clock in UTC still says the old year.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-31T23:30:00Z') })
    try {
      const response = await app.inject({ method: 'GET', url: documentPath('padel', 'calendario-stagione') })
      expect(response.headers['content-disposition']).toBe(
        'inline; filename="calendario-stagione-padel-2026.pdf"',
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('names the file after the document, the discipline and the season', async () => {
    const response = await app.inject({
      method: 'GET',
      url: documentPath('beach-tennis', 'calendario-stagione'),
    })
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="calendario-stagione-beach-tennis-${season}.pdf"`,
    )
  })

  it('writes a tagged Italian PDF whose title names the document and the discipline', async () => {
    const response = await app.inject({ method: 'GET', url: documentPath('padel', 'regolamento-generale') })
    const text = response.rawPayload.toString('latin1')
    expect(text).toContain('/Lang (it-IT)')
    expect(text).toContain('/StructTreeRoot')
    expect(infoEntry(response.rawPayload, 'Title')).toBe('Regolamento generale – Padel')
    expect(infoEntry(response.rawPayload, 'Author')).toBe('Federazione Italiana Sport di Racchetta')
  })

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const url = documentPath('tennis', 'regolamento-coppe')
    const first = await app.inject({ method: 'GET', url })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const second = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(second.statusCode).toBe(304)
    expect(second.rawPayload.length).toBe(0)
  })

  it('answers HEAD with the size, so the page can show it', async () => {
    const url = documentPath('pickleball', 'regolamento-circuiti')
    const get = await app.inject({ method: 'GET', url })
    const head = await app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length)
  })

  it('refuses unknown disciplines, documents and extensions with an Italian 404', async () => {
    for (const url of [
      '/documenti/regolamenti/squash/regolamento-generale.pdf',
      '/documenti/regolamenti/tennis/regolamento-segreto.pdf',
      '/documenti/regolamenti/tennis/regolamento-generale.docx',
      '/documenti/regolamenti/tennis/regolamento-generale',
      '/documenti/regolamenti/__proto__/regolamento-generale.pdf',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: {
          statusCode: 404,
          message: 'Documento non trovato: controlla il collegamento nella pagina Regolamenti.',
        },
      })
    }
  })
})

describe('the documents table', () => {
  it('points only at PDFs the server generates', async () => {
    const { db } = await testDatabase()
    const rows = await db.select().from(documents)
    expect(rows.length).toBeGreaterThan(0)
    const served = new Set(allDocumentPaths())
    expect(rows.filter((row) => !served.has(row.url))).toEqual([])
  })
})
