// Enrolment closes at the stored instant everywhere (issue 19, item 4): the calendar's «Iscrizioni aperte» filter,
// the status badge of the calendar and of the detail page, and the enrolment panel read one rule
// (server/domain/tournaments.ts `tournamentStatusAt`), at the instant of the request, not the status stored when
// the tournament was written. The SQL form of the rule agrees with the function on any tournament (fast-check).
import * as fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { tournaments } from '../../server/db/schema/domain.ts'
import { tournamentStatusAt } from '../../server/domain/tournaments.ts'
import { statusAtSql } from '../../server/repositories/tournament-status.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { club, ensureReference, uniqueLetters } from './home-news-fixtures.ts'
import { sql } from 'drizzle-orm'

let app: FastifyInstance
beforeAll(async () => {
  await ensureReference()
  app = await buildTestApp()
})
afterAll(() => app.close())

const MINUTE = 60_000
const DAY = 86_400_000
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)
type Row = Record<string, unknown>

/** Three tennis tournaments at a club of their own, all stored as in the seed long before today. */
async function fixture() {
  const { db } = await testDatabase()
  const tag = uniqueLetters()
  const venue = await club(`Circolo ${tag}`, [DISCIPLINE_IDS.TENNIS])
  const base = {
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    tipo: 'TR',
    categoria: 'OPEN',
    clubId: venue.id,
    maxIscritti: 16,
    dataInizio: isoDay(5),
    dataFine: isoDay(7),
  }
  const rows = await db
    .insert(tournaments)
    .values([
      // It is 12:24 and enrolment closed at 12:00: stored as open, it is closed.
      {
        ...base,
        nome: `Chiuso da poco ${tag}`,
        status: 'iscrizioni_aperte',
        iscrizioniDal: new Date(Date.now() - 30 * DAY),
        iscrizioniAl: new Date(Date.now() - 24 * MINUTE),
      },
      // Stored before its window opened: the window is open now.
      {
        ...base,
        nome: `Aperto da poco ${tag}`,
        status: 'programmato',
        iscrizioniDal: new Date(Date.now() - 24 * MINUTE),
        iscrizioniAl: new Date(Date.now() + 2 * DAY),
      },
      // Open now, still open.
      {
        ...base,
        nome: `Aperto ${tag}`,
        status: 'iscrizioni_aperte',
        iscrizioniDal: new Date(Date.now() - 30 * DAY),
        iscrizioniAl: new Date(Date.now() + 24 * MINUTE),
      },
    ])
    .returning()
  const byName = (prefix: string) => rows.find((r) => r.nome === `${prefix} ${tag}`)!
  return { venue, byName }
}

describe('enrolment open at the instant of the request', () => {
  it('the calendar filter, the badges and the panel agree at 12:24 on a tournament closed at 12:00', async () => {
    const { venue, byName } = await fixture()
    const list = async (body: Row) => {
      const answer = await call(app, 'tornei/list', {
        id_settore: SECTOR_IDS.TENNIS,
        id_circolo: venue.id,
        ...body,
      })
      expect(answer.status).toBe(200)
      return (answer.body as { results: Row[] }).results
    }
    const open = await list({ stato: 'iscrizioni_aperte' })
    expect(open.map((r) => r.nome).sort()).toEqual(
      [byName('Aperto').nome, byName('Aperto da poco').nome].sort(),
    )
    const all = await list({})
    const badge = (id: number) => all.find((r) => r.id === id)?.stato
    expect(badge(byName('Chiuso da poco').id)).toBe('iscrizioni_chiuse')
    expect(badge(byName('Aperto da poco').id)).toBe('iscrizioni_aperte')
    expect(badge(byName('Aperto').id)).toBe('iscrizioni_aperte')

    const detail = async (id: number) =>
      ((await call(app, 'tornei/dettaglio/view', { id })).body as { result: Row }).result
    expect(await detail(byName('Chiuso da poco').id)).toMatchObject({
      stato: 'iscrizioni_chiuse',
      stato_nome: 'Iscrizioni chiuse',
    })
    expect(await detail(byName('Aperto da poco').id)).toMatchObject({
      stato: 'iscrizioni_aperte',
      stato_nome: 'Iscrizioni aperte',
    })

    const player = await makeTennisPlayer()
    const panel = async (id: number) =>
      ((await call(app, 'tornei/iscrizioni/stato', { id_torneo: id }, player.token)).body as { result: Row })
        .result
    expect((await panel(byName('Chiuso da poco').id)).motivo).toMatch(/^Le iscrizioni si sono chiuse/)
    expect((await panel(byName('Aperto da poco').id)).motivo).toBeNull()
    expect((await panel(byName('Aperto').id)).motivo).toBeNull()
  })

  it('a draw announced closes enrolment for the panel as for the badge', async () => {
    const { byName } = await fixture()
    const { db } = await testDatabase()
    const id = byName('Aperto').id
    await db
      .update(tournaments)
      .set({ status: 'iscrizioni_chiuse' })
      .where(sql`${tournaments.id} = ${id}`)
    const player = await makeTennisPlayer()
    const answer = await call(app, 'tornei/iscrizioni/stato', { id_torneo: id }, player.token)
    expect((answer.body as { result: Row }).result.motivo).toMatch(/^Le iscrizioni si sono chiuse/)
    expect(
      ((await call(app, 'tornei/iscrizioni/add', { id_torneo: id }, player.token)).body as Row).statusCode,
    ).toBe(409)
  })

  it('a cached answer does not outlive the deadline it shows', async () => {
    const { venue, byName } = await fixture()
    const { db } = await testDatabase()
    const id = byName('Aperto').id
    const closing = new Date(Date.now() + 1500)
    await db
      .update(tournaments)
      .set({ iscrizioniAl: closing })
      .where(sql`${tournaments.id} = ${id}`)
    // Anonymous reads are cached (60 s for the calendar, 30 s for the detail).
    const read = async () => {
      const listed = await call(app, 'tornei/list', { id_settore: SECTOR_IDS.TENNIS, id_circolo: venue.id })
      const detail = await call(app, 'tornei/dettaglio/view', { id })
      return [
        (listed.body as { results: Row[] }).results.find((r) => r.id === id)?.stato,
        (detail.body as { result: Row }).result.stato,
      ]
    }
    expect(await read()).toEqual(['iscrizioni_aperte', 'iscrizioni_aperte'])
    await new Promise((resolve) => setTimeout(resolve, closing.getTime() - Date.now() + 200))
    expect(await read()).toEqual(['iscrizioni_chiuse', 'iscrizioni_chiuse'])
  })

  it('the SQL of the rule says what the function says', async () => {
    const { db } = await testDatabase()
    const base = Date.UTC(2026, 5, 10, 10, 0)
    const instant = fc.integer({ min: -3 * DAY, max: 3 * DAY }).map((d) => new Date(base + d))
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.constantFrom(
            'programmato',
            'iscrizioni_aperte',
            'iscrizioni_chiuse',
            'in_corso',
            'concluso',
            'annullato',
          ),
          iscrizioniDal: fc.option(instant, { nil: null }),
          iscrizioniAl: fc.option(instant, { nil: null }),
          dataInizio: fc
            .integer({ min: -3, max: 3 })
            .map((d) => new Date(base + d * DAY).toISOString().slice(0, 10)),
        }),
        instant,
        async (t, now) => {
          const answer = (await db.execute(
            sql`select ${statusAtSql(now, {
              status: sql`${t.status}::text`,
              iscrizioniDal: sql`${t.iscrizioniDal?.toISOString() ?? null}::timestamptz`,
              iscrizioniAl: sql`${t.iscrizioniAl?.toISOString() ?? null}::timestamptz`,
              dataInizio: sql`${t.dataInizio}::date`,
            })} as stato`,
          )) as unknown as { rows: { stato: string }[] }
          const [row] = answer.rows
          expect(row!.stato).toBe(tournamentStatusAt(t, now))
        },
      ),
      { numRuns: 150 },
    )
  })
})
