// A challenge's times that are true (issue 19, item 4): its result cannot be entered before the match's date and
// time (409, in Italian), and a proposed date lies between now and one year ahead (400, in Italian): year 2099 is
// refused as a date in the past is. The rules are contract/sfide.ts's, the ones the forms read.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHALLENGE_RULES, SECTOR_IDS } from '../../contract/constants.ts'
import { SFIDE_MESSAGES as M } from '../../contract/sfide.ts'
import { challenges } from '../../server/db/schema/domain.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const HOUR = 3_600_000
const DAY = 24 * HOUR
const propose = (by: TestPlayer, body: Record<string, unknown>) =>
  call(
    app,
    'sfide/add',
    { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [], ...body },
    by.token,
  )
const act = (by: TestPlayer, path: string, id_sfida: number, extra: Record<string, unknown> = {}) =>
  call(app, `sfide/${path}`, { id_sfida, ...extra }, by.token)
const RESULT = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}

describe('sfide: times that are true', () => {
  it('the result of a challenge to be played in two hours is refused until then', async () => {
    const a = await makeTennisPlayer()
    const b = await makeTennisPlayer()
    const at = new Date(Date.now() + 2 * HOUR)
    const made = await propose(a, { avversari: [b.personId], data_proposta: at.toISOString() })
    expect(made.status).toBe(200)
    const id = (made.body.result as { id: number }).id
    expect((await act(b, 'partite/accetta', id)).status).toBe(200)

    const early = await act(a, 'partite/risultato/add', id, RESULT)
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(M.resultTooEarly(at))
    // Someone outside the challenge still reads that it is not theirs (403), not when it is played.
    const stranger = await makeTennisPlayer()
    expect((await act(stranger, 'partite/risultato/add', id, RESULT)).status).toBe(403)

    // The match has begun: the result goes in.
    const { db } = await testDatabase()
    await db
      .update(challenges)
      .set({ dataProposta: new Date(Date.now() - 1000) })
      .where(eq(challenges.id, id))
    expect((await act(a, 'partite/risultato/add', id, RESULT)).status).toBe(200)
  })

  it('a proposed date is at most a year ahead', async () => {
    const a = await makeTennisPlayer()
    const b = await makeTennisPlayer()
    for (const when of ['2099-06-15T18:00:00.000Z', new Date(Date.now() + 400 * DAY).toISOString()]) {
      const answer = await propose(a, { avversari: [b.personId], data_proposta: when })
      expect({ when, status: answer.status, message: answer.body.message }).toEqual({
        when,
        status: 400,
        message: M.dateTooFar,
      })
    }
    const inside = new Date(Date.now() + (CHALLENGE_RULES.PROPOSAL_MAX_DAYS_AHEAD - 1) * DAY)
    expect((await propose(a, { avversari: [b.personId], data_proposta: inside.toISOString() })).status).toBe(
      200,
    )
  })
})
