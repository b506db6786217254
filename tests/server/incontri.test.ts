// The captains' endpoints of a tie (issue 21, items 2, 4 and 5): who may call each of them (one table, run as one
// test), a lineup hidden from the other captain until both are in, the lineup rules through the API, what a
// confirmed tie writes in its transaction (Power of the rubbers' players, the group standings), and the walkover
// the deadline runner gives when a lineup is missing.
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Avviso } from '../../contract/avvisi.ts'
import type { Incontro, IncontriCapitano, IncontroContestato } from '../../contract/incontri.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { accounts } from '../../server/db/schema/core.ts'
import { powerHistory, teamStandings, teamTies, tieMatches } from '../../server/db/schema/domain.ts'
import { type TestPlayer, makeTennisPlayer } from '../support/players.ts'
import { throwOnFiguresDrift } from '../support/numeri.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import {
  RESULTS,
  type TieFixture,
  lineupOf,
  makeTieFixture,
  tieAt as tieAtStage,
  type TieStage,
} from '../support/ties.ts'

let app: FastifyInstance
let fixture: TieFixture
const DAY = 86_400_000

beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
  fixture = await makeTieFixture()
})
afterAll(() => app.close())
// The home's figures the database keeps (migration 0029_numeri_stagione) are the real ones after every path here.
afterEach(async () => throwOnFiguresDrift((await testDatabase()).db))

const future = () => new Date(Date.now() + 10 * DAY).toISOString()

/**
 * The deadline of tie `id` falls due now and the deadline runner runs. The tie's deadline moves, not the clock: the
 * runner acts on every due tie of the shared database, and the seed's ties are never due on the day it is for. The
 * pass goes through the app's job queue, as in the portal.
 */
async function deadlinePasses(id: number) {
  const { db } = await testDatabase()
  await db
    .update(teamTies)
    .set({ scadeIl: new Date(Date.now() - 1000) })
    .where(eq(teamTies.id, id))
  await deadlinePass()
}

/** One pass of the deadline runner as the portal runs it: asked of the app's job queue and done. */
async function deadlinePass() {
  await app.jobs.send('scadenze', {})
  await app.jobs.settle()
}

/** A new tie brought to `stage` by the two captains, through the API. */
const tieAt = (stage: TieStage, teams: TieFixture = fixture) => tieAtStage(app, teams, stage)

describe('who may call each endpoint of a tie', () => {
  it('answers each role as the table says', async () => {
    const stranger = await makeTennisPlayer({ nome: 'Estraneo' })
    const federation = await makeTennisPlayer({ nome: 'Federazione', role: 'admin' })
    const editorAccount = await createAccount({ person: { nome: 'Redazione' }, account: { role: 'editor' } })
    const tokens: Record<string, string | undefined> = {
      capitano: fixture.home.captain.token,
      'altro capitano': fixture.away.captain.token,
      'giocatore della squadra': fixture.home.players[1]!.token,
      'altro giocatore': stranger.token,
      redazione: await tokenFor(editorAccount),
      federazione: federation.token,
      anonimo: undefined,
    }
    const ROLES = Object.keys(tokens)
    // endpoint, the stage of the tie, its body, and the status of each role in the order of ROLES.
    const table: [string, TieStage | null, (role: string) => Record<string, unknown>, number[]][] = [
      [
        'squadre/incontri/capitano/list',
        null,
        () => ({ id_torneo: fixture.tournamentId }),
        [200, 200, 403, 403, 403, 403, 401],
      ],
      [
        'giocatori/squadre/tabelloni/schieramenti/view',
        'scheduled',
        () => ({}),
        [200, 200, 200, 403, 403, 200, 401],
      ],
      [
        'squadre/incontri/data/proponi',
        'unscheduled',
        () => ({ data: future() }),
        [200, 403, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/incontri/data/rispondi',
        'proposed',
        () => ({ risposta: 'accetta' }),
        [403, 200, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/tabelloni/schieramenti/edit',
        'scheduled',
        (role) => ({ partite: lineupOf(role === 'altro capitano' ? fixture.away : fixture.home) }),
        [200, 200, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/schieramenti_partite/genera',
        'lineupsSubmitted',
        () => ({}),
        [200, 200, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/risultato/edit',
        'playing',
        () => ({ partite: RESULTS }),
        [200, 200, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/risultati/conferma',
        'resultEntered',
        () => ({ esito: 'conferma' }),
        [403, 200, 403, 403, 403, 403, 401],
      ],
      [
        'squadre/risultati/risolvi',
        'contested',
        () => ({ esito: 'confermato' }),
        [403, 403, 403, 403, 403, 200, 401],
      ],
      ['squadre/risultati/contestati/list', null, () => ({}), [403, 403, 403, 403, 403, 200, 401]],
    ]
    const got: string[] = []
    const want: string[] = []
    for (const [path, stage, body, statuses] of table)
      for (const [k, role] of ROLES.entries()) {
        const id = stage === null ? undefined : await tieAt(stage)
        const answer = await call(
          app,
          path,
          { ...(id ? { id_incontro: id } : {}), ...body(role) },
          tokens[role],
        )
        // Every refusal is an Italian sentence for the user.
        const sentence = answer.status === 200 || /^[A-ZÈ].+/.test(String(answer.body.message))
        got.push(`${path} ${role}: ${answer.status}${sentence ? '' : ' senza messaggio'}`)
        want.push(`${path} ${role}: ${statuses[k]}`)
      }
    expect(got).toEqual(want)
  }, 300_000)
})

describe('a lineup before both are in', () => {
  it('is hidden from the other captain, then shown to both', async () => {
    const id = await tieAt('scheduled')
    const view = async (token: string) =>
      (await call(app, 'giocatori/squadre/tabelloni/schieramenti/view', { id_incontro: id }, token)).body
        .result as Incontro
    await call(
      app,
      'squadre/tabelloni/schieramenti/edit',
      { id_incontro: id, partite: lineupOf(fixture.home) },
      fixture.home.captain.token,
    )
    const seenByAway = await view(fixture.away.captain.token)
    expect(seenByAway.squadra_casa.schieramento_inviato).toBe(true)
    expect(seenByAway.squadra_casa.schieramento).toBeNull()
    expect((await view(fixture.home.captain.token)).squadra_casa.schieramento).toHaveLength(3)
    await call(
      app,
      'squadre/tabelloni/schieramenti/edit',
      { id_incontro: id, partite: lineupOf(fixture.away) },
      fixture.away.captain.token,
    )
    const after = await view(fixture.away.captain.token)
    expect(after.stato).toBe('lineupsSubmitted')
    expect(after.squadra_casa.schieramento!.map((p) => p.giocatori.map((g) => g.id))).toEqual(
      lineupOf(fixture.home).map((p) => p.giocatori),
    )
  })

  it('is hidden from the other captain even when that captain is a federation account', async () => {
    const { db } = await testDatabase()
    const id = await tieAt('scheduled')
    await call(
      app,
      'squadre/tabelloni/schieramenti/edit',
      { id_incontro: id, partite: lineupOf(fixture.home) },
      fixture.home.captain.token,
    )
    const role = (r: 'admin' | 'player') =>
      db.update(accounts).set({ role: r }).where(eq(accounts.personId, fixture.away.captain.personId))
    await role('admin')
    try {
      const seen = await call(
        app,
        'giocatori/squadre/tabelloni/schieramenti/view',
        { id_incontro: id },
        fixture.away.captain.token,
      )
      expect((seen.body.result as Incontro).squadra_casa.schieramento).toBeNull()
    } finally {
      await role('player')
    }
  })

  it('is refused with the rule it breaks', async () => {
    const id = await tieAt('scheduled')
    const edit = (partite: unknown) =>
      call(
        app,
        'squadre/tabelloni/schieramenti/edit',
        { id_incontro: id, partite },
        fixture.home.captain.token,
      )
    const foreign = lineupOf(fixture.home).map((p, k) =>
      k === 0 ? { ...p, giocatori: [fixture.away.players[0]!.personId] } : p,
    )
    const refused = await edit(foreign)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/non è nella rosa della squadra/)
    const swapped = [
      { numero: 1, giocatori: lineupOf(fixture.home)[1]!.giocatori },
      { numero: 2, giocatori: lineupOf(fixture.home)[0]!.giocatori },
      lineupOf(fixture.home)[2]!,
    ]
    expect((await edit(swapped)).body.message).toMatch(/Power più alto/)
    expect((await edit(lineupOf(fixture.home).slice(0, 2))).body.message).toBe(
      'Manca la partita n. 3 dello schieramento.',
    )
  })
})

describe('the date a captain proposes', () => {
  it('must leave time for the lineups', async () => {
    const id = await tieAt('unscheduled')
    const answer = await call(
      app,
      'squadre/incontri/data/proponi',
      { id_incontro: id, data: new Date(Date.now() + 30 * 60_000).toISOString() },
      fixture.home.captain.token,
    )
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'La data proposta è già passata: scegline una futura.',
    ])
  })
})

describe('a tie that counts', () => {
  it('rates the rubbers’ players and refreshes the group standings in the confirmation', async () => {
    const { db } = await testDatabase()
    const id = await tieAt('resultEntered')
    const answer = await call(
      app,
      'squadre/risultati/conferma',
      { id_incontro: id, esito: 'conferma' },
      fixture.away.captain.token,
    )
    expect(answer.status).toBe(200)
    const tie = answer.body.result as Incontro
    expect([tie.stato, tie.punti_casa, tie.punti_ospiti]).toEqual(['confirmed', 2, 1])
    expect(tie.partite.map((p) => [p.vincitore, p.punteggio])).toEqual([
      ['casa', '6-3 6-4'],
      ['casa', '6-2 3-6 7-5'],
      ['ospiti', '4-6 2-6'],
    ])
    const rubbers = await db.select({ id: tieMatches.id }).from(tieMatches).where(eq(tieMatches.tieId, id))
    const rated = await db
      .select({ personId: powerHistory.personId })
      .from(powerHistory)
      .where(
        inArray(
          powerHistory.tieMatchId,
          rubbers.map((r) => r.id),
        ),
      )
    // Two singles (1 + 1) and a doubles (2 + 2): eight players rated.
    expect(rated).toHaveLength(8)
    const standings = await db.select().from(teamStandings).where(eq(teamStandings.groupId, fixture.groupId))
    const home = standings.find((s) => s.teamId === fixture.home.id)!
    expect(home.vinti).toBeGreaterThanOrEqual(1)
    expect(home.punti).toBe(home.vinti * 2)
    expect(home.posizione).toBe(1)
  })

  it('is won by walkover by the team whose lineup came, when the deadline passes', async () => {
    const { db } = await testDatabase()
    const id = await tieAt('scheduled')
    await call(
      app,
      'squadre/tabelloni/schieramenti/edit',
      { id_incontro: id, partite: lineupOf(fixture.away) },
      fixture.away.captain.token,
    )
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    // The deadline is 1 hour before the agreed start.
    expect(row!.dataConfermata!.getTime() - row!.scadeIl!.getTime()).toBe(3_600_000)
    await deadlinePasses(id)
    const [after] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    expect([after!.status, after!.winnerTeamId, after!.puntiOspiti]).toEqual(['walkover', fixture.away.id, 3])
    const standing = await db
      .select()
      .from(teamStandings)
      .where(and(eq(teamStandings.groupId, fixture.groupId), eq(teamStandings.teamId, fixture.away.id)))
    expect(standing[0]!.vinti).toBeGreaterThanOrEqual(1)
  })
})

describe('the captain’s list', () => {
  it('lists the team’s ties with what the captain must do', async () => {
    const id = await tieAt('proposed')
    const list = await call(
      app,
      'squadre/incontri/capitano/list',
      { id_torneo: fixture.tournamentId },
      fixture.away.captain.token,
    )
    const result = list.body.result as IncontriCapitano
    expect(result.squadra.id).toBe(fixture.away.id)
    expect(result.incontri.find((t) => t.id === id)).toMatchObject({
      stato: 'proposed',
      mia_squadra: 'ospiti',
      proposta_da: 'casa',
      da_fare: 'Rispondi alla data proposta',
    })
  })
})

describe('the federation’s contested ties', () => {
  it('lists each contested tie with both teams, the result, the rubbers, who contested and why', async () => {
    const federation = await makeTennisPlayer({ nome: 'Arbitro', role: 'admin' })
    const id = await tieAt('contested')
    const list = async () => {
      const all: IncontroContestato[] = []
      for (let rowstoskip = 0; ; rowstoskip += 100) {
        const answer = await call(
          app,
          'squadre/risultati/contestati/list',
          { rowstoskip, fetchrows: 100 },
          federation.token,
        )
        expect(answer.status).toBe(200)
        all.push(...(answer.body.results as IncontroContestato[]))
        if (all.length >= (answer.body.record as number)) return all
      }
    }
    const tie = (await list()).find((t) => t.id === id)
    expect(tie).toMatchObject({
      id_torneo: fixture.tournamentId,
      stato: 'contested',
      casa: { id: fixture.home.id, nome: 'Casa' },
      ospiti: { id: fixture.away.id, nome: 'Ospiti' },
      punti_casa: 2,
      punti_ospiti: 1,
      motivo_contestazione: 'Il doppio è finito diversamente',
      arbitro: true,
    })
    // The home captain entered the result, the visiting one contested it.
    expect(tie!.casa.capitano_nome).toMatch(/^Capitano Prova/)
    expect(tie!.risultato_inserito_da).toBe(tie!.casa.capitano_nome)
    expect(tie!.contestato_da).toBe(tie!.ospiti.capitano_nome)
    expect(tie!.casa.capitano_nome).not.toBe(tie!.ospiti.capitano_nome)
    expect(tie!.contestato_il).not.toBeNull()
    expect(tie!.partite.map((p) => [p.numero, p.tipo, p.punteggio, p.vincitore])).toEqual([
      [1, 'singolare', '6-3 6-4', 'casa'],
      [2, 'singolare', '6-2 3-6 7-5', 'casa'],
      [3, 'doppio', '4-6 2-6', 'ospiti'],
    ])
    const decided = await call(
      app,
      'squadre/risultati/risolvi',
      { id_incontro: id, esito: 'annullato', nota: 'Il referto dell’arbitro dà il doppio alla casa' },
      federation.token,
    )
    expect([decided.status, (decided.body.result as Incontro).stato]).toEqual([200, 'resolved'])
    // A decided tie leaves the list.
    expect((await list()).some((t) => t.id === id)).toBe(false)
  })

  it('refuses a bad page with an Italian message', async () => {
    const federation = await makeTennisPlayer({ nome: 'Arbitro', role: 'admin' })
    const answer = await call(app, 'squadre/risultati/contestati/list', { fetchrows: 0 }, federation.token)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/fetchrows/)
  })
})

describe('the captains’ notices', () => {
  let teams: TieFixture
  beforeAll(async () => {
    teams = await makeTieFixture()
  })

  /** The notices of one tie, in order, as «recipient: text». */
  async function noticesOf(id: number) {
    const { db } = await testDatabase()
    const rows = await db
      .select()
      .from(avvisi)
      .where(and(eq(avvisi.ambito, 'incontro'), eq(avvisi.riferimento, id)))
      .orderBy(avvisi.id)
    const who = (personId: number) =>
      personId === teams.home.captain.personId
        ? 'casa'
        : personId === teams.away.captain.personId
          ? 'ospiti'
          : 'altri'
    return rows.map((r) => `${who(r.personId)}: ${r.testo}`)
  }
  const unseen = async (p: TestPlayer) =>
    (await call(app, 'avvisi/list', {}, p.token)).body.results as Avviso[]

  it('tell the other captain of a proposal and of a result to confirm, the one who entered it of a contest', async () => {
    const id = await tieAt('contested', teams)
    const notices = await noticesOf(id)
    expect(notices).toEqual([
      expect.stringMatching(
        /^ospiti: Casa – Ospiti \(giornata 1\): il capitano di casa propone .+\. Accetta la data o proponine un’altra\.$/,
      ),
      expect.stringMatching(
        /^casa: Casa – Ospiti \(giornata 1\): il capitano ospite ha accettato la data: .+\. Invia lo schieramento entro .+\.$/,
      ),
      expect.stringMatching(
        /^ospiti: Casa – Ospiti \(giornata 1\): il risultato inserito è Casa 2 – 1 Ospiti\. Confermalo o contestalo entro .+: poi vale come confermato\.$/,
      ),
      'casa: Casa – Ospiti (giornata 1): il capitano ospite ha contestato il risultato che hai inserito («Il doppio è finito diversamente»). Decide la federazione.',
    ])
    // Each notice opens the captain's page of that tie.
    const [newest] = await unseen(teams.home.captain)
    expect(newest).toMatchObject({ ambito: 'incontro', id_riferimento: id, id_torneo: teams.tournamentId })
  })

  it('tell both captains what the federation decided', async () => {
    const federation = await makeTennisPlayer({ nome: 'Arbitro', role: 'admin' })
    const id = await tieAt('contested', teams)
    await call(
      app,
      'squadre/risultati/risolvi',
      { id_incontro: id, esito: 'confermato', nota: 'Referto chiaro' },
      federation.token,
    )
    expect((await noticesOf(id)).slice(-2)).toEqual([
      'casa: Casa – Ospiti (giornata 1): la federazione ha deciso sulla contestazione: il risultato Casa 2 – 1 Ospiti vale (Referto chiaro).',
      'ospiti: Casa – Ospiti (giornata 1): la federazione ha deciso sulla contestazione: il risultato Casa 2 – 1 Ospiti vale (Referto chiaro).',
    ])
  })

  it('tell the federation of a contest, with a notice opening the page of contested ties', async () => {
    const federation = await makeTennisPlayer({ nome: 'Arbitra', role: 'admin' })
    const id = await tieAt('contested', teams)
    const { db } = await testDatabase()
    const told = await db
      .select()
      .from(avvisi)
      .where(and(eq(avvisi.ambito, 'contestazione'), eq(avvisi.riferimento, id)))
    // Every administrator is told (other tests' administrators too), the captains are not.
    expect(told.map((r) => r.personId)).toContain(federation.personId)
    expect(told.map((r) => r.personId)).not.toContain(teams.home.captain.personId)
    expect(told.find((r) => r.personId === federation.personId)?.testo).toBe(
      'Casa – Ospiti (giornata 1): il capitano ospite ha contestato il risultato Casa 2 – 1 Ospiti («Il doppio è finito diversamente»). Decidi se vale o se è annullato.',
    )
    const mine = (await unseen(federation)).filter((a) => a.id_riferimento === id)
    expect(mine).toEqual([expect.objectContaining({ ambito: 'contestazione', id_riferimento: id })])
  })

  it('tell both captains when a deadline passed: a lineup not sent, a result confirmed after 48 hours', async () => {
    const { db } = await testDatabase()
    const late = await tieAt('scheduled', teams)
    await call(
      app,
      'squadre/tabelloni/schieramenti/edit',
      { id_incontro: late, partite: lineupOf(teams.home) },
      teams.home.captain.token,
    )
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, late))
    expect(row!.scadeIl).not.toBeNull()
    await deadlinePasses(late)
    expect((await noticesOf(late)).slice(-2)).toEqual([
      'casa: Casa – Ospiti (giornata 1): lo schieramento di Ospiti non è arrivato un’ora prima dell’inizio: vince a tavolino Casa.',
      'ospiti: Casa – Ospiti (giornata 1): lo schieramento di Ospiti non è arrivato un’ora prima dell’inizio: vince a tavolino Casa.',
    ])
    const unanswered = await tieAt('resultEntered', teams)
    await deadlinePasses(unanswered)
    expect((await noticesOf(unanswered)).slice(-2)).toEqual([
      'casa: Casa – Ospiti (giornata 1): nessuna risposta in 48 ore: il risultato Casa 2 – 1 Ospiti è confermato d’ufficio.',
      'ospiti: Casa – Ospiti (giornata 1): nessuna risposta in 48 ore: il risultato Casa 2 – 1 Ospiti è confermato d’ufficio.',
    ])
  })
})

describe('a result nobody answers', () => {
  it('is confirmed by the deadline runner 48 hours after it was entered, not before', async () => {
    const { db } = await testDatabase()
    const id = await tieAt('resultEntered')
    const [row] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    expect(row!.scadeIl!.getTime() - row!.risultatoInseritoIl!.getTime()).toBe(48 * 3_600_000)
    // Before its deadline the runner leaves it as it is.
    await deadlinePass()
    expect((await db.select().from(teamTies).where(eq(teamTies.id, id)))[0]!.status).toBe(
      'risultato_inserito',
    )
    await deadlinePasses(id)
    const [after] = await db.select().from(teamTies).where(eq(teamTies.id, id))
    expect([after!.status, after!.confermatoDa, after!.scadeIl]).toEqual(['confermato', null, null])
  })
})
