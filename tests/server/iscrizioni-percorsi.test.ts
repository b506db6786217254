// The enrolment machine's generated paths (tests/machines/models/iscrizione.model.ts) replayed against the API
// with real players: every step the machine takes must be what the server does to the stored entry, and every
// event it refuses must be refused by the server (a 403 for a stranger, a 409 otherwise). The places free at
// each step are set on the tournament as the event says. The portal's own expiry of an invitation is sent the way
// the server sends it: the invitation gets old (or the tournament's enrolment closes) and the deadline runner runs.
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { INVITO_SCADE_GIORNI } from '../../contract/iscrizioni.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { applyDeadlines } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { planPaths } from '../machines/coverage.ts'
import { iscrizioneEvents, iscrizioneModel } from '../machines/models/iscrizione.model.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

const DAY = 86_400_000
type User = { personId: number; token: string }

const player = (): Promise<User> => makeTennisPlayer({ nome: 'Percorso' })

const paths = planPaths(iscrizioneModel)

describe('the enrolment machine’s paths, replayed against the API', () => {
  it(`plans paths for both kinds of tournament (${paths.length})`, () => {
    expect(paths.some((p) => (p.scenario.input as { doppio: boolean }).doppio)).toBe(true)
    expect(paths.some((p) => !(p.scenario.input as { doppio: boolean }).doppio)).toBe(true)
  })

  it('the server takes each step the machine takes, and refuses each one it refuses', async () => {
    const { db } = await testDatabase()
    const repos = createRepositories(db)
    let expiries = 0
    // The model's people 1, 2, 3 (player, partner, stranger) and two players who hold places (fillers).
    const [p1, p2, p3, f1, f2, f3, f4] = await Promise.all(Array.from({ length: 7 }, player))
    const users = new Map<number, User>([
      [1, p1!],
      [2, p2!],
      [3, p3!],
    ])
    let replayed = 0
    const refusalsTried = new Set<string>()
    const kinds = new Set<string>()
    const mismatches: { where: string; expected: string; after: string; status: number | null }[] = []
    for (const planned of paths) {
      // Every path a new day for the daily cap of notices: the replay flips the same people (fillers included)
      // through every path (the cap has its own tests, tests/server/avvisi.test.ts).
      await db.delete(avvisi).where(
        inArray(
          avvisi.mittenteId,
          [p1, p2, p3, f1, f2, f3, f4].map((u) => u!.personId),
        ),
      )
      const doppio = (planned.scenario.input as { doppio: boolean }).doppio
      const [t] = await db
        .insert(tournaments)
        .values({
          nome: `Percorso ${planned.description}`.slice(0, 200),
          disciplineId: DISCIPLINE_IDS.TENNIS,
          sectorId: SECTOR_IDS.TENNIS,
          tipo: 'TR',
          categoria: 'OPEN',
          specialita: doppio ? 'doppio' : 'singolare',
          genere: 'X',
          dataInizio: new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10),
          dataFine: new Date(Date.now() + 22 * DAY).toISOString().slice(0, 10),
          iscrizioniDal: new Date(Date.now() - DAY),
          iscrizioniAl: new Date(Date.now() + 10 * DAY),
          maxIscritti: 10,
          status: 'iscrizioni_aperte',
        })
        .returning()
      // Two places always taken by others (singles: two players, doubles: two pairs), so a full tournament is
      // possible (a tournament has at least 2 places).
      if (doppio) {
        for (const [a, b] of [
          [f1!, f2!],
          [f3!, f4!],
        ] as const) {
          const invited = await call(
            app,
            'tornei/iscrizioni/add',
            { id_torneo: t!.id, id_compagno: b.personId },
            a.token,
          )
          const id = (invited.body.result as { id_iscrizione: number }).id_iscrizione
          await call(app, 'tornei/iscrizioni/accetta', { id_iscrizione: id }, b.token)
        }
      } else {
        for (const filler of [f1!, f2!])
          await call(app, 'tornei/iscrizioni/add', { id_torneo: t!.id }, filler.token)
      }
      let entryId: number | null = null
      const stateOf = async () => {
        if (entryId === null) return 'nonIscritto'
        const [row] = await db.select().from(tournamentEntries).where(eq(tournamentEntries.id, entryId))
        return row!.macchina!.value
      }
      const setFree = async (free: number) => {
        const enrolled = await db
          .select({ id: tournamentEntries.id })
          .from(tournamentEntries)
          .where(
            and(eq(tournamentEntries.tournamentId, t!.id), inArray(tournamentEntries.status, ['iscritto'])),
          )
        await db
          .update(tournaments)
          .set({ maxIscritti: Math.max(2, enrolled.length + free) })
          .where(eq(tournaments.id, t!.id))
      }
      /**
       * The portal's deadline of an invitation passes, and the runner runs: the invitation was sent
       * INVITO_SCADE_GIORNI days ago, or (every other invitation) the tournament's enrolment has just closed.
       */
      const deadlinePasses = async (inviting: boolean) => {
        if (inviting && expiries++ % 2 === 1) {
          await db
            .update(tournaments)
            .set({ iscrizioniAl: new Date(Date.now() - 1000) })
            .where(eq(tournaments.id, t!.id))
        } else {
          await db
            .update(tournamentEntries)
            .set({ iscrittoIl: new Date(Date.now() - INVITO_SCADE_GIORNI * DAY - 1000) })
            .where(eq(tournamentEntries.id, entryId!))
        }
        await applyDeadlines(repos, new Date())
      }
      /** One event through the API; `value` is the state the machine says the entry is in afterwards. */
      const replay = async (raw: AnyEventObject, value: unknown) => {
        const event = raw as AnyEventObject & {
          by: number | null
          compagno?: number | null
          postiLiberi?: number
        }
        const expected = JSON.stringify(value).replaceAll('"', '')
        const before = await stateOf()
        const where = `${planned.scenario.name}: ${planned.description}, ${JSON.stringify(event)}`
        if (event.postiLiberi !== undefined) await setFree(event.postiLiberi)
        let answer: { status: number; body: Record<string, unknown> } | null = null
        if (event.type === 'iscrizione.richiedi') {
          // Someone else's request would be an entry of their own, not this one.
          if (event.by !== 1 || entryId !== null) return
          const partner = event.compagno ? users.get(event.compagno)!.personId : undefined
          answer = await call(
            app,
            'tornei/iscrizioni/add',
            partner ? { id_torneo: t!.id, id_compagno: partner } : { id_torneo: t!.id },
            p1!.token,
          )
          if (answer.status === 200) entryId = (answer.body.result as { id_iscrizione: number }).id_iscrizione
        } else if (event.type === 'iscrizione.scade') {
          // Only the portal sends it (a person has no way to); on an entry that is not an invitation the runner
          // must leave it as it is, however old.
          if (event.by !== null || entryId === null) return
          await deadlinePasses(before === 'attesaCompagno')
        } else if (event.type === 'iscrizione.promuovi') {
          // The portal promotes when a place frees: a filler withdraws.
          if (before !== 'listaAttesa') return
          const [filler] = await db
            .select()
            .from(tournamentEntries)
            .where(and(eq(tournamentEntries.tournamentId, t!.id), eq(tournamentEntries.status, 'iscritto')))
          const holder = [f1!, f2!, f3!, f4!].find((f) => f.personId === filler!.personId)!
          answer = await call(app, 'tornei/iscrizioni/del', { id_iscrizione: filler!.id }, holder.token)
        } else {
          if (entryId === null) return
          const action = {
            'iscrizione.accetta': 'accetta',
            'iscrizione.rifiuta': 'rifiuta',
            'iscrizione.ritira': 'del',
          }[event.type]!
          answer = await call(
            app,
            `tornei/iscrizioni/${action}`,
            { id_iscrizione: entryId },
            users.get(event.by!)!.token,
          )
        }
        const after = await stateOf()
        const moved = before !== expected
        const status = answer?.status ?? null
        // The stored state is the machine's; the answer agrees (200 when it moved, a refusal when not, 403 for a
        // stranger). A promotion and an expiry are the portal's own steps: a promotion's answer is the filler's
        // withdrawal, an expiry has none.
        const agrees =
          after === expected &&
          (event.type === 'iscrizione.promuovi' ||
            event.type === 'iscrizione.scade' ||
            (moved ? status === 200 : status !== 200 && (event.by !== 3 || status === 403)))
        if (!agrees) mismatches.push({ where, expected, after, status })
        replayed++
        kinds.add(`${event.type} ${moved ? 'preso' : 'rifiutato'}`)
      }
      for (const [k, step] of planned.path.steps.entries()) {
        if (k === 0) continue
        // First what the machine refuses in the state before this step (once per state and scenario)…
        const source = planned.path.steps[k - 1]!.state
        const key = `${planned.scenario.name} ${JSON.stringify(source.value)}`
        if (!refusalsTried.has(key)) {
          refusalsTried.add(key)
          for (const refused of iscrizioneEvents().filter((e) => !source.can(e)))
            await replay(refused, source.value)
        }
        // …then the step itself.
        await replay(step.event, step.state.value)
      }
    }
    expect(mismatches).toEqual([])
    // Every event of the machine was replayed, both taken and refused (a promotion is only ever taken); both ways
    // an invitation expires were replayed.
    expect(expiries).toBeGreaterThanOrEqual(2)
    expect([...kinds].toSorted()).toEqual(
      [
        'iscrizione.accetta preso',
        'iscrizione.accetta rifiutato',
        'iscrizione.promuovi preso',
        'iscrizione.richiedi preso',
        'iscrizione.richiedi rifiutato',
        'iscrizione.rifiuta preso',
        'iscrizione.rifiuta rifiutato',
        'iscrizione.ritira preso',
        'iscrizione.ritira rifiutato',
        'iscrizione.scade preso',
        'iscrizione.scade rifiutato',
      ].toSorted(),
    )
    expect(replayed).toBeGreaterThanOrEqual(50)
  }, 600_000)
})
