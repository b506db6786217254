// The partner-request machine's generated paths (tests/machines/models/partner-request.model.ts) replayed against
// the API with real players: every step the machine takes must be what the server does to the stored request,
// and every event it refuses must be refused by the server (a 403 for a stranger, a 409 otherwise). The portal's
// own step (the listing closes: `richiesta.decade`) is the author withdrawing the listing.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { partnerRequests } from '../../server/db/schema/domain.ts'
import { planPaths } from '../machines/coverage.ts'
import {
  AUTHOR,
  REQUESTER,
  STRANGER,
  partnerRequestEvents,
  partnerRequestModel,
} from '../machines/models/partner-request.model.ts'
import { replayPlan } from '../support/replay-plan.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000' })
})
afterAll(() => app.close())

type User = { personId: number; token: string }

async function player(): Promise<User> {
  const account = await createAccount({
    person: { nome: 'Percorso', cognome: `C${randomUUID().slice(0, 8)}`, sesso: 'F' },
  })
  return { personId: account.personId!, token: await tokenFor(account) }
}

const paths = planPaths(partnerRequestModel)
const ACTIONS: Record<string, string> = {
  'richiesta.conferma': 'conferma-richiesta',
  'richiesta.rifiuta': 'rifiuta-richiesta',
  'richiesta.cancella': 'cancella-richiesta',
}

describe('the partner-request machine’s paths, replayed against the API', () => {
  it(`plans paths for a request to someone else’s listing and to one’s own (${paths.length})`, () => {
    const own = (p: (typeof paths)[number]) => {
      const input = p.scenario.input as { autore: number; richiedente: number }
      return input.autore === input.richiedente
    }
    expect(paths.some(own)).toBe(true)
    expect(paths.some((p) => !own(p))).toBe(true)
  })

  it('the server takes each step the machine takes, and refuses each one it refuses', async () => {
    const { db } = await testDatabase()
    const [p1, p2, p3] = await Promise.all([player(), player(), player()])
    const users = new Map<number, User>([
      [AUTHOR, p1!],
      [REQUESTER, p2!],
      [STRANGER, p3!],
    ])
    let replayed = 0
    const refusalsTried = new Set<string>()
    const kinds = new Set<string>()
    const mismatches: { where: string; expected: string; after: string; status: number | null }[] = []
    for (const planned of paths) {
      const input = planned.scenario.input as { autore: number; richiedente: number }
      const author = users.get(input.autore)!
      const requester = users.get(input.richiedente)!
      // A fresh listing of the author for each path.
      const published = await call(
        app,
        'giocatori/cerca-compagno/add',
        {
          id_settore: SECTOR_IDS.BEACH,
          provincia: 'LE',
          livello: 'avanzato',
          data_dal: todayInItaly(),
          data_al: todayInItaly(new Date(Date.now() + 10 * 86_400_000)),
        },
        author.token,
      )
      expect(published).toMatchObject({ status: 200 })
      const listingId = (published.body.result as { id_annuncio: number }).id_annuncio
      let requestId: number | null = null
      const stateOf = async () => {
        if (requestId === null) return 'nuova'
        const [row] = await db.select().from(partnerRequests).where(eq(partnerRequests.id, requestId))
        return row!.status
      }
      /** One event through the API; `value` is the state the machine says the request is in afterwards. */
      const replay = async (raw: AnyEventObject, value: unknown) => {
        const event = raw as AnyEventObject & { by: number | null }
        const expected = JSON.stringify(value).replaceAll('"', '')
        const before = await stateOf()
        const where = `${planned.description}, ${JSON.stringify(event)}`
        let answer: { status: number; body: Record<string, unknown> }
        if (event.type === 'richiesta.invia') {
          // A stranger's request would be a request of their own, not this one; so would a new request once this
          // one is answered (while it waits, a second one is refused: one waiting request per listing).
          if (event.by !== input.richiedente || (requestId !== null && before !== 'sent')) return
          answer = await call(
            app,
            'giocatori/cerca-compagno/invio-richiesta',
            { id_annuncio: listingId },
            requester.token,
          )
          if (answer.status === 200) requestId = (answer.body.result as { id_richiesta: number }).id_richiesta
        } else if (event.type === 'richiesta.decade') {
          // The portal lapses a waiting request when the listing closes: its author withdraws it.
          if (before !== 'sent') return
          answer = await call(app, 'giocatori/cerca-compagno/del', { id_annuncio: listingId }, author.token)
        } else {
          if (requestId === null) return
          answer = await call(
            app,
            `giocatori/cerca-compagno/${ACTIONS[event.type]!}`,
            { id_richiesta: requestId },
            users.get(event.by!)!.token,
          )
        }
        const after = await stateOf()
        const moved = before !== expected
        // The stored state is the machine's; the answer agrees (200 when it moved, a refusal when not, 403 for a
        // stranger). The listing's withdrawal is the portal's step: its answer is the author's.
        const agrees =
          after === expected &&
          (event.type === 'richiesta.decade' ||
            (moved
              ? answer.status === 200
              : answer.status !== 200 && (event.by !== STRANGER || answer.status === 403)))
        if (!agrees) mismatches.push({ where, expected, after, status: answer.status })
        replayed++
        kinds.add(`${event.type} ${moved ? 'preso' : 'rifiutato'}`)
      }
      for (const { event, value } of replayPlan(planned, partnerRequestEvents, refusalsTried))
        await replay(event, value)
      // Out of the way of the author's limit of active listings.
      await call(app, 'giocatori/cerca-compagno/del', { id_annuncio: listingId }, author.token)
    }
    expect(mismatches).toEqual([])
    // Every event of the machine was replayed, both taken and refused (the portal's lapse is only ever taken).
    expect([...kinds].toSorted()).toEqual(
      [
        'richiesta.cancella preso',
        'richiesta.cancella rifiutato',
        'richiesta.conferma preso',
        'richiesta.conferma rifiutato',
        'richiesta.decade preso',
        'richiesta.invia preso',
        'richiesta.invia rifiutato',
        'richiesta.rifiuta preso',
        'richiesta.rifiuta rifiutato',
      ].toSorted(),
    )
    expect(replayed).toBeGreaterThanOrEqual(20)
  }, 600_000)
})
