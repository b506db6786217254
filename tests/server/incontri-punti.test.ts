// What a tie that counts changes besides Power and the girone (issue 21, item 4; docs/regole.md «Campionati a
// squadre»), through the captains' endpoints: the players' point lines on their page, their ranking rows, their
// clubs' ranking, and the final phase's bracket (the semifinals from the girone's standings, the winners into the
// final). A tie annulled by the federation gives nothing.
import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TabelloneSquadre } from '../../contract/campionati.ts'
import { clubs } from '../../server/db/schema/core.ts'
import {
  rankings,
  teamTies,
  tieMatches,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { raceAnnuale } from '../../server/domain/rankings.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { tiePointLines } from '../../server/domain/team-points.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { type TieFixture, type TieTeam, makeTieFixture, playTie } from '../support/ties.ts'

const SECTOR = 1
type Row = Record<string, unknown>

let app: FastifyInstance

beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '100000', DEADLINE_INTERVAL_MS: '0' })
})
afterAll(() => app.close())

/** A player's race lines on their page, and the ranking's points it answers. */
async function raceLines(personId: number) {
  // The rankings a confirmed tie changed are made again by the job queue after the commit: its work done first.
  await app.jobs.settle()
  const answer = await call(app, 'giocatori/dettaglio-punti/view', {
    id_persona: personId,
    id_settore: SECTOR,
    tipo: 'race',
  })
  expect(answer.status).toBe(200)
  return answer.body as { results: Row[]; punti: number; posizione: number | null }
}

/** A player's row in the race (classifiche/classifiche/list, found with trova_me as the player). */
async function raceRow(personId: number, token: string) {
  await app.jobs.settle()
  const answer = await call(
    app,
    'classifiche/classifiche/list',
    { id_settore: SECTOR, tipo: 'race', trova_me: true, fetchrows: 100 },
    token,
  )
  expect(answer.status).toBe(200)
  return (answer.body.results as Row[]).find((r) => r.id_persona === personId)
}

/** A club's row in the affiliates' ranking (the clubs of its province). */
async function clubRow(clubId: number) {
  await app.jobs.settle()
  const { db } = await testDatabase()
  const [club] = await db.select({ provincia: clubs.provincia }).from(clubs).where(eq(clubs.id, clubId))
  const rows: Row[] = []
  for (let skip = 0; ; skip += 100) {
    const answer = await call(app, 'classifiche/societa/list', {
      id_settore: SECTOR,
      provincia: club!.provincia,
      fetchrows: 100,
      rowstoskip: skip,
    })
    expect(answer.status).toBe(200)
    rows.push(...(answer.body.results as Row[]))
    if (rows.length >= (answer.body.record as number)) break
  }
  return rows.find((r) => r.id_circolo === clubId)
}

const clubPoints = async (team: TieTeam) => ((await clubRow(team.clubId))?.punti as number | undefined) ?? 0

describe('the points of a confirmed tie', () => {
  let fixture: TieFixture
  beforeAll(async () => {
    fixture = await makeTieFixture()
  })

  it('gives each player of a rubber won a line on their page, their ranking row and their club’s points', async () => {
    const { home, away } = fixture
    // Home wins both singles (players 0 and 1), the visitors the doubles (players 2 and 3).
    const winners = [home.players[0]!, home.players[1]!, away.players[2]!, away.players[3]!]
    const losers = [home.players[2]!, away.players[0]!]
    const clubsBefore = [await clubPoints(home), await clubPoints(away)]
    for (const p of [...winners, ...losers]) expect((await raceLines(p.personId)).results).toEqual([])

    const id = await fixture.newTie()
    await playTie(app, id, home, away)

    for (const p of winners) {
      const page = await raceLines(p.personId)
      expect(page.results).toEqual([
        expect.objectContaining({
          id_torneo: fixture.tournamentId,
          id_incontro: id,
          giornata: 1,
          risultato: 'PV',
          turno: '1ª giornata',
          categoria: 'OPEN',
          coefficiente: 1,
          punti_base: 15,
          punti: 15,
          conta: true,
        }),
      ])
      // The page's sum is the ranking's points, and the ranking has the player.
      const row = await raceRow(p.personId, p.token)
      expect([page.punti, row?.punti, row?.tornei, page.posizione]).toEqual([15, 15, 1, row?.posizione])
    }
    for (const p of losers) {
      expect((await raceLines(p.personId)).results).toEqual([])
      expect(await raceRow(p.personId, p.token)).toBeUndefined()
    }
    // Each club adds its members' race points: two winners each.
    expect([await clubPoints(home), await clubPoints(away)]).toEqual([
      clubsBefore[0]! + 30,
      clubsBefore[1]! + 30,
    ])
    const club = await clubRow(home.clubId)
    expect(club?.tesserati).toBeGreaterThanOrEqual(2)
    // The incremental refresh left the race as the full rule computes it from every line of the sector.
    const { db } = await testDatabase()
    const season = Number(todayInItaly().slice(0, 4))
    const records = await db
      .select({
        personId: tournamentPoints.personId,
        tournamentId: tournamentPoints.tournamentId,
        punti: tournamentPoints.punti,
        data: tournamentPoints.data,
      })
      .from(tournamentPoints)
      .where(eq(tournamentPoints.sectorId, SECTOR))
    const full = new Map(raceAnnuale(records, season).map((r) => [r.personId, r]))
    await app.jobs.settle()
    const stored = await db
      .select({ personId: rankings.personId, punti: rankings.punti, posizione: rankings.posizione })
      .from(rankings)
      .where(and(eq(rankings.tipo, 'race'), eq(rankings.sectorId, SECTOR), eq(rankings.stagione, season)))
    expect(stored.length).toBe(full.size)
    for (const row of stored)
      expect([row.personId, row.punti, row.posizione]).toEqual([
        row.personId,
        full.get(row.personId)?.punti,
        full.get(row.personId)?.posizione,
      ])

    // A second tie: a second line, each with its own tie, and the sum follows.
    const second = await fixture.newTie()
    await playTie(app, second, home, away)
    const page = await raceLines(home.players[0]!.personId)
    expect(page.results.map((l) => l.id_incontro).sort()).toEqual([id, second].sort())
    const row = await raceRow(home.players[0]!.personId, home.players[0]!.token)
    expect([page.punti, row?.punti, row?.tornei]).toEqual([30, 30, 2])
    expect(await clubPoints(home)).toBe(clubsBefore[0]! + 60)
  })

  it('gives nothing for a tie the federation annuls, and counts one it upholds', async () => {
    const { home, away } = fixture
    const federation = await makeTennisPlayer({ nome: 'Federazione', role: 'admin' })
    const before = (await raceLines(home.players[1]!.personId)).punti
    const clubBefore = await clubPoints(home)

    const annulled = await fixture.newTie()
    await playTie(app, annulled, home, away, 'contesta')
    const no = await call(
      app,
      'squadre/risultati/risolvi',
      { id_incontro: annulled, esito: 'annullato' },
      federation.token,
    )
    expect(no.status).toBe(200)
    let page = await raceLines(home.players[1]!.personId)
    expect(page.results.some((l) => l.id_incontro === annulled)).toBe(false)
    expect([page.punti, await clubPoints(home)]).toEqual([before, clubBefore])

    const upheld = await fixture.newTie()
    await playTie(app, upheld, home, away, 'contesta')
    const yes = await call(
      app,
      'squadre/risultati/risolvi',
      { id_incontro: upheld, esito: 'confermato' },
      federation.token,
    )
    expect(yes.status).toBe(200)
    page = await raceLines(home.players[1]!.personId)
    expect(page.results.find((l) => l.id_incontro === upheld)).toMatchObject({ punti: 15, conta: true })
    expect([page.punti, await clubPoints(home)]).toEqual([before + 15, clubBefore + 30])
  })

  it('gives nothing before the result is confirmed', async () => {
    const { home, away } = fixture
    const before = await raceLines(home.players[0]!.personId)
    const id = await fixture.newTie()
    await playTie(app, id, home, away, 'none')
    const after = await raceLines(home.players[0]!.personId)
    expect([after.punti, after.results.length]).toEqual([before.punti, before.results.length])
  })
})

describe('the final phase’s bracket', () => {
  it('is filled from the girone’s standings when its last tie counts, and the winners go on to the final', async () => {
    const { db } = await testDatabase()
    const fixture = await makeTieFixture({ teams: 4, formula: 'gironi_eliminazione' })
    const [t1, t2, t3, t4] = fixture.teams as [TieTeam, TieTeam, TieTeam, TieTeam]
    const bracket = async () => {
      const answer = await call(app, 'squadre/tornei/tabelloni/public/view', {
        id_torneo: fixture.tournamentId,
      })
      expect(answer.status).toBe(200)
      return answer.body.result as TabelloneSquadre
    }
    // Five of the six girone ties already counted (won at the table): T1 beats T3 and T4, T2 beats T3 and T4,
    // T3 beats T4. The sixth, T1–T2, is played through the API.
    for (const [winner, loser] of [
      [t1, t3],
      [t1, t4],
      [t2, t3],
      [t2, t4],
      [t3, t4],
    ] as const) {
      const id = await fixture.newTie(winner, loser)
      await db
        .update(teamTies)
        .set({ status: 'walkover', winnerTeamId: winner.id, puntiCasa: 3, puntiOspiti: 0 })
        .where(eq(teamTies.id, id))
    }
    expect(await bracket()).toMatchObject({ pubblicato: false, turni: [] })

    const last = await fixture.newTie(t1, t2)
    await playTie(app, last, t1, t2)
    // Standings T1, T2, T3, T4: the semifinals are 1st–4th and 2nd–3rd, the better placed at home.
    let shown = await bracket()
    expect(shown.pubblicato).toBe(true)
    expect(
      shown.turni.map((t) => [t.nome, t.incontri.map((i) => [i.casa.id, i.ospiti.id, i.stato])]),
    ).toEqual([
      [
        'Semifinali',
        [
          [t1.id, t4.id, 'da_programmare'],
          [t2.id, t3.id, 'da_programmare'],
        ],
      ],
    ])
    const [semi1, semi2] = shown.turni[0]!.incontri.map((i) => i.id) as [number, number]

    // The first semifinal alone does not make the final.
    await playTie(app, semi1, t1, t4)
    shown = await bracket()
    expect(shown.turni.map((t) => t.nome)).toEqual(['Semifinali'])
    expect(shown.turni[0]!.incontri[0]).toMatchObject({ stato: 'confermato', id_vincitore: t1.id })

    // The second one does: its winners meet, the upper semifinal's at home.
    await playTie(app, semi2, t2, t3)
    shown = await bracket()
    expect(shown.turni.map((t) => [t.nome, t.incontri.map((i) => [i.casa.id, i.ospiti.id])])).toEqual([
      [
        'Semifinali',
        [
          [t1.id, t4.id],
          [t2.id, t3.id],
        ],
      ],
      ['Finale', [[t1.id, t2.id]]],
    ])
    // A semifinal's line reads as the round.
    const line = (await raceLines(t1.players[0]!.personId)).results.find((l) => l.id_incontro === semi1)
    expect(line).toMatchObject({ turno: 'Semifinali', punti: 15 })

    // The final counts, and nothing comes after it.
    const final = shown.turni[1]!.incontri[0]!.id
    await playTie(app, final, t1, t2)
    shown = await bracket()
    expect(shown.turni.map((t) => t.incontri.length)).toEqual([2, 1])
    expect(shown.turni[1]!.incontri[0]).toMatchObject({ stato: 'confermato', id_vincitore: t1.id })
  })
})

describe('the seed and the confirmations', () => {
  it('give the rubbers’ winners of every tie that counts the lines of the rule, and no one else a line', async () => {
    const { db } = await testDatabase()
    const counted = await db
      .select({ id: teamTies.id, categoria: tournaments.categoria })
      .from(teamTies)
      .innerJoin(tournaments, eq(tournaments.id, teamTies.tournamentId))
      .where(
        and(
          inArray(teamTies.status, ['confermato', 'risolto']),
          // Annulled by the federation: no lines (the tests above check it).
          or(isNull(teamTies.risoluzione), ne(teamTies.risoluzione, 'annullato')),
          eq(tournaments.tipo, 'CA'),
        ),
      )
    expect(counted.length).toBeGreaterThan(0)
    const ids = counted.map((t) => t.id)
    const [rubbers, lines] = await Promise.all([
      db.select().from(tieMatches).where(inArray(tieMatches.tieId, ids)),
      db
        .select({
          tieId: tournamentPoints.tieId,
          personId: tournamentPoints.personId,
          punti: tournamentPoints.punti,
        })
        .from(tournamentPoints)
        .where(isNotNull(tournamentPoints.tieId)),
    ])
    const present = (...people: (number | null)[]) => people.filter((p): p is number => p !== null)
    for (const tie of counted) {
      const expected = tiePointLines(
        rubbers
          .filter((r) => r.tieId === tie.id)
          .map((r) => ({
            casa: present(r.home1Id, r.home2Id),
            ospiti: present(r.away1Id, r.away2Id),
            vincitore: r.vincitore as 'casa' | 'ospiti' | null,
            esito: r.esito,
          })),
        tie.categoria,
      ).map((l) => [l.personId, l.punti])
      const stored = lines
        .filter((l) => l.tieId === tie.id)
        .map((l) => [l.personId, l.punti])
        .sort((a, b) => a[0]! - b[0]!)
      expect({ tie: tie.id, lines: stored }).toEqual({ tie: tie.id, lines: expected })
    }
  })
})
