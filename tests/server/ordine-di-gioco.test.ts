// The order of play the tournament page reads (tornei/tabelloni/view) is a possible one on every drawn tournament
// of the seed (docs/regole.md, «Ordine di gioco»), and calendario.pdf prints that same order.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stampaTorneoPath } from '../../contract/stampe.ts'
import type { Incontro, Tabellone } from '../../contract/torneo.ts'
import { draws, tournaments } from '../../server/db/schema/domain.ts'
import { ORDER_OF_PLAY } from '../../server/domain/order-of-play.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ordine-test-'))
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

const MATCH = ORDER_OF_PLAY.MATCH_MINUTES * 60_000
const REST = ORDER_OF_PLAY.REST_MINUTES * 60_000

async function drawnTournaments() {
  const { db } = await testDatabase()
  const rows = await db
    .selectDistinct({ id: tournaments.id })
    .from(tournaments)
    .innerJoin(draws, eq(draws.tournamentId, tournaments.id))
    .where(and(isNotNull(draws.seed), eq(tournaments.tipo, 'TR')))
    .orderBy(tournaments.id)
  return rows.map((r) => r.id)
}

async function tabelloni(id: number) {
  const response = await call(app, 'tornei/tabelloni/view', { id_torneo: id })
  expect(response.status).toBe(200)
  return (response.body.result as { tabelloni: Tabellone[] }).tabelloni
}

type Planned = { m: Incontro; fase: number; unit: string; start: number; end: number }

/** Every match the page shows with a time: its phase, its draw (or girone) and its time. */
function planned(list: readonly Tabellone[]): Planned[] {
  return list
    .flatMap((d) => [
      ...d.turni.flatMap((t) => t.incontri.map((m) => ({ m, fase: d.fase, unit: `${d.id}` }))),
      ...d.gironi.flatMap((g) => g.incontri.map((m) => ({ m, fase: d.fase, unit: `${d.id}:${g.id}` }))),
    ])
    .filter(({ m }) => m.programmata_il !== null)
    .map((x) => {
      const start = Date.parse(x.m.programmata_il!)
      return { ...x, start, end: start + MATCH }
    })
}

/** What is wrong with an order of play, in words (empty when it is a possible one). */
function problems(list: readonly Tabellone[]): string[] {
  const out: string[] = []
  const all = list.flatMap((d) => [
    ...d.turni.flatMap((t) => t.incontri),
    ...d.gironi.flatMap((g) => g.incontri),
  ])
  for (const m of all)
    if (m.esito !== 'bye' && (m.programmata_il === null || m.campo === null))
      out.push(`incontro ${m.id} senza orario o campo`)
  const items = planned(list)
  const byCourt = new Map<string, Planned[]>()
  const byPerson = new Map<number, Planned[]>()
  for (const item of items) {
    byCourt.set(item.m.campo ?? '', [...(byCourt.get(item.m.campo ?? '') ?? []), item])
    for (const side of [item.m.a, item.m.b])
      for (const g of side?.giocatori ?? []) byPerson.set(g.id, [...(byPerson.get(g.id) ?? []), item])
  }
  for (const [court, onCourt] of byCourt) {
    onCourt.sort((x, y) => x.start - y.start)
    for (let i = 1; i < onCourt.length; i++)
      if (onCourt[i]!.start < onCourt[i - 1]!.end)
        out.push(`campo ${court}: incontri ${onCourt[i - 1]!.m.id} e ${onCourt[i]!.m.id} insieme`)
  }
  for (const [person, own] of byPerson) {
    own.sort((x, y) => x.start - y.start)
    for (let i = 1; i < own.length; i++)
      if (own[i]!.start < own[i - 1]!.end + REST)
        out.push(`giocatore ${person}: incontri ${own[i - 1]!.m.id} e ${own[i]!.m.id} senza riposo`)
  }
  for (const a of items)
    for (const b of items)
      if ((a.unit === b.unit && a.m.turno < b.m.turno) || a.fase < b.fase)
        if (b.start < a.end) out.push(`incontro ${b.m.id} (turno ${b.m.turno}) prima della fine di ${a.m.id}`)
  return out
}

describe('order of play', () => {
  it('is a possible one on every drawn tournament the page shows', async () => {
    const ids = await drawnTournaments()
    expect(ids.length).toBeGreaterThan(5)
    const wrong: Record<number, string[]> = {}
    for (const id of ids) {
      const found = problems(await tabelloni(id))
      if (found.length > 0) wrong[id] = found.slice(0, 3)
    }
    expect(wrong).toEqual({})
  })

  it('is printed in calendario.pdf as the page shows it', async () => {
    const ids = (await drawnTournaments()).slice(0, 6)
    const time = new Intl.DateTimeFormat('it-IT', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Rome',
    })
    for (const id of ids) {
      const items = planned(await tabelloni(id))
        .filter(({ m }) => m.esito !== 'bye')
        .sort((x, y) => x.start - y.start || x.m.id - y.m.id)
      expect(items.length).toBeGreaterThan(0)
      const response = await app.inject({ method: 'GET', url: stampaTorneoPath(id, 'calendario') })
      expect(response.statusCode).toBe(200)
      const file = path.join(tmp, `calendario-${id}.pdf`)
      fs.writeFileSync(file, response.rawPayload)
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      // A row starts with its time and its court: the printed rows, in order, are the page's.
      const rows = [...text.matchAll(/^\s*(\d{2}:\d{2})\s{2,}(\S.*?)\s{2,}/gm)].map((r) => `${r[1]} ${r[2]}`)
      expect(rows).toEqual(items.map(({ m, start }) => `${time.format(start)} ${m.campo}`))
    }
  })
})
