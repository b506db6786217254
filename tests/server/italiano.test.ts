// Issue 19, item 8: the server words things as the site does. One spelling of the categories («OPEN», «LIMIT 65»,
// «LIMIT 45», as the regulations write them) in the tournament's answer and in the print that shows it; one time
// style («alle 15:00», never «alle ore»); a circuit called «Circuito …» is never «del circuito Circuito …»; a team
// championship under way counts its teams, never «0 iscritti su 12».
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORY_LABELS, SECTOR_IDS } from '../../contract/constants.ts'
import { documentPath, RULE_DOCUMENTS } from '../../contract/documenti.ts'
import { classificaCircuitoPath, stampaTorneoPath } from '../../contract/stampe.ts'
import { circuits, teams, tournaments } from '../../server/db/schema/domain.ts'
import { TIE_FIXTURE_TOURNAMENT } from '../support/ties.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'italiano-test-'))
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** The text and the metadata of a PDF, as poppler reads them. */
function readPdf(name: string, pdf: Buffer) {
  const file = path.join(tmp, `${name}.pdf`)
  fs.writeFileSync(file, pdf)
  return {
    info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
    text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
  }
}

describe('the category of a tournament', () => {
  it('is spelt «OPEN», «LIMIT 65», «LIMIT 45» in the detail and on the poster', async () => {
    const { db } = await testDatabase()
    for (const [categoria, label] of Object.entries(CATEGORY_LABELS)) {
      const [row] = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(and(eq(tournaments.categoria, categoria), eq(tournaments.tipo, 'TR')))
        .orderBy(asc(tournaments.id))
        .limit(1)
      const detail = await call(app, 'tornei/dettaglio/view', { id: row!.id })
      expect((detail.body.result as { categoria_nome: string }).categoria_nome).toBe(label)
      const poster = await app.inject({ method: 'GET', url: stampaTorneoPath(row!.id, 'locandina') })
      expect(poster.statusCode).toBe(200)
      const { text } = readPdf(`locandina-${categoria}`, poster.rawPayload)
      expect(text).toContain(label)
      expect(text).not.toMatch(/Limitato|Limit \d/)
    }
  })
})

describe('the rule books', () => {
  it('write a time «alle 15:00», never «alle ore»', async () => {
    const texts = await Promise.all(
      RULE_DOCUMENTS.map(async (doc) => {
        const response = await app.inject({ method: 'GET', url: documentPath('tennis', doc.codice) })
        expect(response.statusCode).toBe(200)
        return readPdf(doc.codice, response.rawPayload).text
      }),
    )
    const all = texts.join('\n').replace(/\s+/g, ' ')
    expect(all).toContain('alle 15:00')
    expect(all).not.toMatch(/\bore \d|\d\.\d\d\b(?! ?%)/)
  })
})

describe('a circuit named «Circuito …»', () => {
  it('is «del Circuito …» in its ranking’s PDF, never «del circuito Circuito …»', async () => {
    const { db } = await testDatabase()
    const [circuit] = await db.select().from(circuits).orderBy(asc(circuits.id)).limit(1)
    const nome = `Circuito Prova ${circuit!.stagione}`
    await db.update(circuits).set({ nome }).where(eq(circuits.id, circuit!.id))
    try {
      const pdf = await app.inject({ method: 'GET', url: classificaCircuitoPath(circuit!.id, 'pdf') })
      expect(pdf.statusCode).toBe(200)
      const { info } = readPdf('circuito', pdf.rawPayload)
      expect(info).toMatch(new RegExp(`^Subject:\\s+Classifica del ${nome}, stagione`, 'm'))
      expect(info).not.toMatch(/circuito Circuito/)
    } finally {
      await db.update(circuits).set({ nome: circuit!.nome }).where(eq(circuits.id, circuit!.id))
    }
  })
})

describe('a team championship in the calendar', () => {
  it('counts its teams as its entries, never «0 iscritti» while it is played', async () => {
    const { db } = await testDatabase()
    const list = await call(app, 'tornei/list', { id_settore: SECTOR_IDS.TENNIS, tipo: 'CA', fetchrows: 50 })
    expect(list.status).toBe(200)
    const rows = (list.body as { results: { id: number; nome: string; stato: string; iscritti: number }[] })
      .results
    // The seed's series (the captains' tests add two-team tournaments of their own to the same database).
    const played = rows.filter(
      (r) => (r.stato === 'in_corso' || r.stato === 'concluso') && !r.nome.startsWith(TIE_FIXTURE_TOURNAMENT),
    )
    expect(played.length).toBeGreaterThan(0)
    for (const row of played) {
      const [{ n }] = (await db.select({ n: count() }).from(teams).where(eq(teams.tournamentId, row.id))) as [
        { n: number },
      ]
      expect(n).toBeGreaterThanOrEqual(4)
      expect(row.iscritti).toBe(n)
    }
  })
})
