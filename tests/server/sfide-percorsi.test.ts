// The challenge machine's generated paths (tests/machines/models/challenge.model.ts) replayed against the API
// with real players and the federation: every step the machine takes must be what the server does to the stored
// challenge (its state and its players), and every event it refuses must be refused by the server. The portal's
// own events (expiry, automatic confirmation) are sent the way the server sends them: the deadline passes and
// the deadline runner runs.
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { SECTOR_IDS } from '../../contract/constants.ts'
import type { ChallengeContext } from '../../machines/challenge.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { challengeParticipants, challenges } from '../../server/db/schema/domain.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { planPaths } from '../machines/coverage.ts'
import { challengeModel } from '../machines/models/challenge.model.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

type User = { personId: number; token: string }

const player = (role: 'player' | 'admin' = 'player'): Promise<User> =>
  makeTennisPlayer({ nome: 'Percorso', role })

const paths = planPaths(challengeModel)
const SETS = [
  { a: 6, b: 3 },
  { a: 6, b: 4 },
]

describe('the challenge machine’s paths, replayed against the API', () => {
  it(`plans paths for singles, doubles and the board (${paths.length})`, () => {
    expect(new Set(paths.map((p) => p.scenario.name)).size).toBe(3)
  })

  it('the server takes each step the machine takes, and refuses each one it refuses', async () => {
    const { db } = await testDatabase()
    const repos = createRepositories(db)
    // The model's people 1–5 (proposer, partner, two opponents, a stranger).
    // The stranger (5) is a federation account too: it decides contested results, except on a challenge it plays.
    const people = await Promise.all([1, 2, 3, 4, 5].map((m) => player(m === 5 ? 'admin' : 'player')))
    const userOf = (model: number) => people[model - 1]!
    const modelOf = new Map(people.map((u, i) => [u.personId, i + 1]))
    let replayed = 0
    const kinds = new Set<string>()
    const mismatches: { where: string; expected: string; after: string; status: number | null }[] = []
    const tried = new Set<string>()

    for (const planned of paths) {
      // Every path a new day for the daily cap of notices: the replay flips the same people through every path
      // (the cap has its own tests, tests/server/avvisi.test.ts).
      await db.delete(avvisi).where(
        inArray(
          avvisi.mittenteId,
          people.map((u) => u.personId),
        ),
      )
      const input = planned.scenario.input as ChallengeContext & { compagno?: number; avversari: number[] }
      const made = await call(
        app,
        'sfide/add',
        {
          id_settore: SECTOR_IDS.TENNIS,
          specialita: input.doppio ? 'doppio' : 'singolare',
          avversari: input.avversari.map((m) => userOf(m).personId),
          ...(input.compagno ? { id_compagno: userOf(input.compagno).personId } : {}),
          pubblica: input.pubblica,
        },
        userOf(1).token,
      )
      expect(made.status).toBe(200)
      const id = (made.body.result as { id: number }).id
      /** The stored challenge in the model's terms: its state and its players. */
      const stored = async () => {
        const [row] = await db.select().from(challenges).where(eq(challenges.id, id))
        const players = await db
          .select()
          .from(challengeParticipants)
          .where(eq(challengeParticipants.challengeId, id))
        const who = players
          .map(
            (p) =>
              `${modelOf.get(p.personId)}:${p.lato}:${p.risposta === 'rifiutata' ? 'in_attesa' : p.risposta}`,
          )
          .toSorted()
        return `${row!.status} ${who.join(',')} ${row!.pubblica ? 'pubblica' : 'privata'}`
      }
      const expectedOf = (state: AnyMachineSnapshot) => {
        const context = state.context as ChallengeContext
        const who = context.partecipanti.map((p) => `${p.persona}:${p.lato}:${p.risposta}`).toSorted()
        return `${String(state.value)} ${who.join(',')} ${context.pubblica ? 'pubblica' : 'privata'}`
      }
      /** The portal's deadline: it passes now, and the runner runs. */
      const deadlinePasses = async () => {
        await db
          .update(challenges)
          .set({ scadeIl: new Date(Date.now() - 1000) })
          .where(eq(challenges.id, id))
        await applyDeadlines(repos, new Date())
      }
      const replay = async (raw: AnyEventObject, expectedState: AnyMachineSnapshot) => {
        const event = raw as AnyEventObject & { by: number | null; persona?: number; lato?: 1 | 2 }
        const where = `${planned.scenario.name}: ${planned.description}, ${JSON.stringify(event)}`
        const before = await stored()
        const expected = expectedOf(expectedState)
        let status: number | null = null
        const send = async (path: string, by: User, body: Record<string, unknown> = {}) => {
          status = (await call(app, `sfide/${path}`, { id_sfida: id, ...body }, by.token)).status
        }
        switch (event.type) {
          case 'sfida.scade':
          case 'sfida.confermaAutomatica':
            // The runner only ever sends the deadline of the state the challenge is in.
            if (!before.startsWith(event.type === 'sfida.scade' ? 'proposed ' : 'resultEntered ')) return
            await deadlinePasses()
            break
          case 'sfida.risolvi':
            // Without the federation's role: a player (the proposer) asks.
            await send('partite/risultato/risolvi', event.arbitro ? userOf(event.by!) : userOf(1), {
              esito: event.esito,
            })
            break
          case 'sfida.aggiungiGiocatore':
            await send('giocatori/add', userOf(event.by!), {
              id_persona: userOf(event.persona!).personId,
              lato: event.lato,
            })
            break
          case 'sfida.rimuoviGiocatore':
            await send('giocatori/del', userOf(event.by!), { id_persona: userOf(event.persona!).personId })
            break
          case 'sfida.risultato':
            await send('partite/risultato/add', userOf(event.by!), { esito: 'giocata', set: SETS })
            break
          case 'sfida.contesta':
            await send('partite/risultato/contesta', userOf(event.by!), { motivo: 'Non è andata così' })
            break
          default: {
            const path = {
              'sfida.accetta': 'partite/accetta',
              'sfida.rifiuta': 'partite/rifiuta',
              'sfida.pubblica': 'pubblica',
              'sfida.annulla': 'del',
              'sfida.conferma': 'partite/risultato/conferma',
            }[event.type]!
            await send(path, userOf(event.by!))
          }
        }
        const after = await stored()
        const moved = before !== expected
        const agrees = after === expected && (event.by === null || (moved ? status === 200 : status !== 200))
        if (!agrees) mismatches.push({ where, expected, after, status })
        replayed++
        kinds.add(`${event.type} ${moved ? 'preso' : 'rifiutato'}`)
      }
      for (const [k, step] of planned.path.steps.entries()) {
        if (k === 0) continue
        // First what the machine refuses in the state before this step (once per state)…
        const source = planned.path.steps[k - 1]!.state
        const key = `${planned.scenario.name} ${expectedOf(source)}`
        if (!tried.has(key)) {
          tried.add(key)
          const events = planned.scenario.events!(source).filter((e) => !source.can(e))
          for (const refused of events) await replay(refused, source)
        }
        // …then the step itself.
        await replay(step.event, step.state)
      }
      // A challenge left open would count against the proposer's pending proposals: close it.
      await db
        .update(challenges)
        .set({ status: 'cancelled' })
        .where(inArray(challenges.id, [id]))
    }
    expect(mismatches.slice(0, 5)).toEqual([])
    // Every event of the machine was replayed, taken and refused (the portal's deadlines are only ever taken).
    for (const type of [
      'sfida.accetta',
      'sfida.rifiuta',
      'sfida.aggiungiGiocatore',
      'sfida.rimuoviGiocatore',
      'sfida.pubblica',
      'sfida.annulla',
      'sfida.risultato',
      'sfida.conferma',
      'sfida.contesta',
      'sfida.risolvi',
    ])
      expect([kinds.has(`${type} preso`), kinds.has(`${type} rifiutato`), type]).toEqual([true, true, type])
    expect(kinds.has('sfida.scade preso') && kinds.has('sfida.confermaAutomatica preso')).toBe(true)
    expect(replayed).toBeGreaterThanOrEqual(paths.length)
  }, 900_000)
})
