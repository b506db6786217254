// A team championship tie for the server tests (issue 21): a tennis team tournament (two singles and a doubles)
// with one group, two teams of four players each (the first the captain), every player with an account, a card
// of this season and a Power in decreasing order, and one tie between them, not yet scheduled. Until the
// championships' seed (branch i-champ) is merged, the tests build their own.
import { randomUUID } from 'node:crypto'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { clubs, persons } from '../../server/db/schema/core.ts'
import {
  championships,
  drawGroups,
  draws,
  teamMembers,
  teamTies,
  teams,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { type TestPlayer, makeTennisPlayer } from './players.ts'
import { call, testDatabase } from './server.ts'

/** The name the fixture's championships start with: the tests that read the seed's championships leave them out. */
export const TIE_FIXTURE_CHAMPIONSHIP = 'Campionato a squadre di prova'
/** The name the fixture's team tournaments start with (two teams only: not a series the seed would make). */
export const TIE_FIXTURE_TOURNAMENT = 'Serie C prova'

export type TieTeam = { id: number; clubId: number; captain: TestPlayer; players: TestPlayer[] }

export type TieFixture = {
  tournamentId: number
  groupId: number
  home: TieTeam
  away: TieTeam
  /** Every team of the girone: `home` and `away` first. */
  teams: TieTeam[]
  /** Creates another girone tie (not yet scheduled): between `home` and `away` unless told. */
  newTie: (home?: TieTeam, away?: TieTeam) => Promise<number>
}

export type TieFixtureOptions = {
  /** Teams in the girone: 2 by default (the first two named Casa and Ospiti). */
  teams?: number
  /** girone (the default) or gironi_eliminazione: a final phase after the girone. */
  formula?: 'girone' | 'gironi_eliminazione'
}

const TEAM_NAMES = ['Casa', 'Ospiti', 'Terza', 'Quarta', 'Quinta', 'Sesta']

/**
 * Two teams (or `teams`) and their captains in a team tournament's girone; each team's players are members of its
 * club.
 */
export async function makeTieFixture(options: TieFixtureOptions = {}): Promise<TieFixture> {
  const { db } = await testDatabase()
  const season = currentSeason()
  const clubRows = await db
    .select({ id: clubs.id })
    .from(clubs)
    .limit(options.teams ?? 2)
  const [championship] = await db
    .insert(championships)
    .values({
      nome: `${TIE_FIXTURE_CHAMPIONSHIP} ${season}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: season,
      genere: 'M',
      dataInizio: `${season}-01-01`,
      dataFine: `${season + 1}-12-31`,
      status: 'in_corso',
    })
    .returning({ id: championships.id })
  const [tournament] = await db
    .insert(tournaments)
    .values({
      nome: `${TIE_FIXTURE_TOURNAMENT} ${randomUUID().slice(0, 6)}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'CA',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'M',
      formula: options.formula ?? 'girone',
      championshipId: championship!.id,
      dataInizio: `${season}-01-01`,
      dataFine: `${season + 1}-12-31`,
      status: 'in_corso',
    })
    .returning({ id: tournaments.id })
  const [draw] = await db
    .insert(draws)
    .values({
      tournamentId: tournament!.id,
      tipo: 'gironi',
      nome: 'Gironi',
      dimensione: options.teams ?? 2,
      seedHash: 'a'.repeat(64),
      hashPubblicatoIl: new Date(),
    })
    .returning({ id: draws.id })
  const [group] = await db
    .insert(drawGroups)
    .values({ drawId: draw!.id, nome: 'Girone 1', ordine: 1 })
    .returning({ id: drawGroups.id })
  const team = async (clubId: number, nome: string, top: number): Promise<TieTeam> => {
    const players = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        makeTennisPlayer({ nome: k === 0 ? 'Capitano' : 'Giocatore', power: top - k * 5 }),
      ),
    )
    const [row] = await db
      .insert(teams)
      .values({
        tournamentId: tournament!.id,
        clubId,
        nome,
        captainPersonId: players[0]!.personId,
        groupId: group!.id,
      })
      .returning({ id: teams.id })
    await db.insert(teamMembers).values(
      players.map((p, k) => ({
        teamId: row!.id,
        personId: p.personId,
        ruolo: k === 0 ? 'capitano' : 'giocatore',
      })),
    )
    await db
      .update(persons)
      .set({ clubId })
      .where(
        inArray(
          persons.id,
          players.map((p) => p.personId),
        ),
      )
    return { id: row!.id, clubId, captain: players[0]!, players }
  }
  const all: TieTeam[] = []
  for (const [k, club] of clubRows.entries()) all.push(await team(club.id, TEAM_NAMES[k]!, 60 - 2 * k))
  const [home, away] = all as [TieTeam, TieTeam]
  const newTie = async (h: TieTeam = home, a: TieTeam = away) => {
    const [tie] = await db
      .insert(teamTies)
      .values({
        tournamentId: tournament!.id,
        groupId: group!.id,
        giornata: 1,
        homeTeamId: h.id,
        awayTeamId: a.id,
        clubId: h.clubId,
      })
      .returning({ id: teamTies.id })
    return tie!.id
  }
  return { tournamentId: tournament!.id, groupId: group!.id, home, away, teams: all, newTie }
}

/** A valid lineup of a team: singles by Power, the other two in the doubles. */
export const lineupOf = (team: TieTeam) => [
  { numero: 1, giocatori: [team.players[0]!.personId] },
  { numero: 2, giocatori: [team.players[1]!.personId] },
  { numero: 3, giocatori: [team.players[2]!.personId, team.players[3]!.personId] },
]

/** A played tie's rubbers: the home side wins the first two, the visitors the doubles. */
export const RESULTS = [
  {
    numero: 1,
    esito: 'giocata',
    set: [
      { a: 6, b: 3 },
      { a: 6, b: 4 },
    ],
  },
  {
    numero: 2,
    esito: 'giocata',
    set: [
      { a: 6, b: 2 },
      { a: 3, b: 6 },
      { a: 7, b: 5 },
    ],
  },
  {
    numero: 3,
    esito: 'giocata',
    set: [
      { a: 4, b: 6 },
      { a: 2, b: 6 },
    ],
  },
]

/** Where a tie stands after the captains' steps: each stage is reached by the steps before it. */
export type TieStage =
  'unscheduled' | 'proposed' | 'scheduled' | 'lineupsSubmitted' | 'playing' | 'resultEntered' | 'contested'

/**
 * The captains' steps, as the captains would take them: date proposed and accepted (in ten days), both lineups,
 * the rubbers generated, RESULTS entered by the home captain (the home side wins 2–1), then confirmed or
 * contested by the visiting captain (or left, with `none`).
 */
function tieSteps(home: TieTeam, away: TieTeam, ending: 'conferma' | 'contesta' | 'none') {
  const when = new Date(Date.now() + 10 * 86_400_000).toISOString()
  const steps: [string, string, Record<string, unknown>][] = [
    [home.captain.token, 'squadre/incontri/data/proponi', { data: when }],
    [away.captain.token, 'squadre/incontri/data/rispondi', { risposta: 'accetta' }],
    [home.captain.token, 'squadre/tabelloni/schieramenti/edit', { partite: lineupOf(home) }],
    [away.captain.token, 'squadre/tabelloni/schieramenti/edit', { partite: lineupOf(away) }],
    [home.captain.token, 'squadre/schieramenti_partite/genera', {}],
    [home.captain.token, 'squadre/risultato/edit', { partite: RESULTS }],
  ]
  if (ending !== 'none')
    steps.push([
      away.captain.token,
      'squadre/risultati/conferma',
      ending === 'conferma'
        ? { esito: 'conferma' }
        : { esito: 'contesta', motivo: 'Il doppio è finito diversamente' },
    ])
  return steps
}

/** How many of the steps reach each stage (the two lineups count as two steps). */
const STEPS_TO: Record<TieStage, number> = {
  unscheduled: 0,
  proposed: 1,
  scheduled: 2,
  lineupsSubmitted: 4,
  playing: 5,
  resultEntered: 6,
  contested: 7,
}

async function takeSteps(
  app: FastifyInstance,
  id: number,
  steps: [string, string, Record<string, unknown>][],
) {
  for (const [token, path, body] of steps) {
    const answer = await call(app, path, { id_incontro: id, ...body }, token)
    if (answer.status !== 200)
      throw new Error(`${path}: ${answer.status} ${String(answer.body.message ?? '')}`)
  }
}

/** Plays tie `id` through the captains' endpoints to its end. Throws at the first answer that is not a 200. */
export async function playTie(
  app: FastifyInstance,
  id: number,
  home: TieTeam,
  away: TieTeam,
  ending: 'conferma' | 'contesta' | 'none' = 'conferma',
) {
  await takeSteps(app, id, tieSteps(home, away, ending))
}

/** A new tie of `fixture` brought to `stage` by the two captains, through the API. Throws as playTie does. */
export async function tieAt(app: FastifyInstance, fixture: TieFixture, stage: TieStage): Promise<number> {
  const id = await fixture.newTie()
  await takeSteps(app, id, tieSteps(fixture.home, fixture.away, 'contesta').slice(0, STEPS_TO[stage]))
  return id
}
