// The tie machine's generated paths (tests/machines/models/tie.model.ts) replayed against the API with two real
// captains, a player of the home team and the federation: every step the machine takes must be what the server
// does to the stored tie (its status, the proposal, the lineups, who entered the result, the walkover's winner),
// and every event it refuses must be refused by the server. The portal's own events (a lineup missing at the
// deadline, the automatic confirmation) are sent the way the server sends them: the deadline passes and the
// deadline runner runs.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { TIE_STATUS_OF, type TieState } from '../../contract/incontri.ts'
import type { TieContext } from '../../machines/tie.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { teamLineups, teamTies } from '../../server/db/schema/domain.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { planPaths } from '../machines/coverage.ts'
import { tieModel } from '../machines/models/tie.model.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { RESULTS, lineupOf, makeTieFixture } from '../support/ties.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const paths = planPaths(tieModel)
const DAY = 86_400_000

describe('the tie machine’s paths, replayed against the API', () => {
  it(`plans the tie's paths (${paths.length})`, () => {
    expect(paths.length).toBeGreaterThan(10)
  })

  it('the server takes each step the machine takes, and refuses each one it refuses', async () => {
    const { db } = await testDatabase()
    const repos = createRepositories(db)
    const fixture = await makeTieFixture()
    const federation = await makeTennisPlayer({ nome: 'Federazione', role: 'admin' })
    // The model's home captain is a federation account too: it must not decide on a tie of its own team.
    await db
      .update(accounts)
      .set({ role: 'admin' })
      .where(eq(accounts.personId, fixture.home.captain.personId))
    const people = [fixture.home.captain, fixture.away.captain, fixture.home.players[1]!, federation]
    const userOf = (model: number) => people[model - 1]!
    const teamOfModel = (model: number) => (model === 2 ? fixture.away : fixture.home)
    let replayed = 0
    const kinds = new Set<string>()
    const mismatches: { where: string; expected: string; after: string; status: number | null }[] = []
    const tried = new Set<string>()

    for (const planned of paths) {
      const id = await fixture.newTie()
      const stored = async () => {
        const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
        const lineups = await db.select().from(teamLineups).where(eq(teamLineups.tieId, id))
        const has = (teamId: number) => lineups.some((l) => l.teamId === teamId)
        const side = (person: number | null) =>
          person === null ? null : person === fixture.home.captain.personId ? 'casa' : 'ospiti'
        const winner =
          row!.status === 'walkover' && row!.winnerTeamId !== null
            ? row!.winnerTeamId === fixture.home.id
              ? 'casa'
              : 'ospiti'
            : null
        return `${row!.status} p:${row!.propostaDa} l:${has(fixture.home.id)}/${has(fixture.away.id)} r:${side(row!.risultatoInseritoDa)} v:${winner}`
      }
      const expectedOf = (state: AnyMachineSnapshot) => {
        const c = state.context as TieContext
        return `${TIE_STATUS_OF[state.value as TieState]} p:${c.proposta} l:${c.schieramenti.casa}/${c.schieramenti.ospiti} r:${c.risultato} v:${c.vincitore}`
      }
      const deadlinePasses = async () => {
        await db
          .update(teamTies)
          .set({ scadeIl: new Date(Date.now() - 1000) })
          .where(eq(teamTies.id, id))
        await applyDeadlines(repos, new Date())
      }
      const replay = async (raw: AnyEventObject, expectedState: AnyMachineSnapshot, taken: boolean) => {
        const event = raw as AnyEventObject & { by: number | null; arbitro?: boolean; esito?: string }
        const where = `${planned.description}, ${JSON.stringify(event)}`
        const before = await stored()
        const expected = expectedOf(expectedState)
        let status: number | null = null
        const send = async (path: string, model: number, body: Record<string, unknown> = {}) => {
          status = (await call(app, path, { id_incontro: id, ...body }, userOf(model).token)).status
        }
        switch (event.type) {
          case 'incontro.scadenzaSchieramenti':
          case 'incontro.confermaAutomatica':
            if (
              !before.startsWith(
                event.type === 'incontro.scadenzaSchieramenti' ? 'programmato ' : 'risultato_inserito ',
              )
            )
              return
            await deadlinePasses()
            break
          case 'incontro.proponiData':
            await send('squadre/incontri/data/proponi', event.by!, {
              data: new Date(Date.now() + 10 * DAY).toISOString(),
            })
            break
          case 'incontro.accettaData':
          case 'incontro.rifiutaData':
            await send('squadre/incontri/data/rispondi', event.by!, {
              risposta: event.type === 'incontro.accettaData' ? 'accetta' : 'rifiuta',
            })
            break
          case 'incontro.schieramento':
            await send('squadre/tabelloni/schieramenti/edit', event.by!, {
              partite: lineupOf(teamOfModel(event.by!)),
            })
            break
          case 'incontro.generaPartite':
            await send('squadre/schieramenti_partite/genera', event.by!)
            break
          case 'incontro.risultato':
            await send('squadre/risultato/edit', event.by!, { partite: RESULTS })
            break
          case 'incontro.conferma':
          case 'incontro.contesta':
            await send('squadre/risultati/conferma', event.by!, {
              esito: event.type === 'incontro.conferma' ? 'conferma' : 'contesta',
              ...(event.type === 'incontro.contesta' ? { motivo: 'Il doppio è finito 6-4 6-4' } : {}),
            })
            break
          case 'incontro.risolvi':
            // Without the federation's role: the visiting captain (a player) asks.
            await send('squadre/risultati/risolvi', event.arbitro ? event.by! : 2, { esito: event.esito })
            break
          default:
            throw new Error(`evento non previsto: ${event.type}`)
        }
        const after = await stored()
        // A lineup sent again is taken without changing what the row shows: whether the machine took the step
        // is the planner's, not the row's.
        const moved = taken
        const agrees = after === expected && (event.by === null || (moved ? status === 200 : status !== 200))
        if (!agrees) mismatches.push({ where, expected, after, status })
        replayed++
        kinds.add(`${event.type} ${moved ? 'preso' : 'rifiutato'}`)
      }
      for (const [k, step] of planned.path.steps.entries()) {
        if (k === 0) continue
        const source = planned.path.steps[k - 1]!.state
        const key = expectedOf(source)
        if (!tried.has(key)) {
          tried.add(key)
          const events = planned.scenario.events!(source).filter((e) => !source.can(e))
          for (const refused of events) await replay(refused, source, false)
        }
        await replay(step.event, step.state, true)
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
    for (const type of [
      'incontro.proponiData',
      'incontro.accettaData',
      'incontro.rifiutaData',
      'incontro.schieramento',
      'incontro.generaPartite',
      'incontro.risultato',
      'incontro.conferma',
      'incontro.contesta',
      'incontro.risolvi',
    ])
      expect([kinds.has(`${type} preso`), kinds.has(`${type} rifiutato`), type]).toEqual([true, true, type])
    expect(
      kinds.has('incontro.scadenzaSchieramenti preso') && kinds.has('incontro.confermaAutomatica preso'),
    ).toBe(true)
    expect(replayed).toBeGreaterThanOrEqual(paths.length)
  }, 900_000)
})
