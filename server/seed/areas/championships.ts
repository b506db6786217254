// Seed area. Team championships: teams, ties, line-ups and standings.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { tieFormat } from '../../domain/lineup.ts'
import { createHash } from 'node:crypto'
import { SECTOR_IDS } from '../../../contract/constants.ts'
import {
  championships,
  draws,
  drawGroups,
  teamLineups,
  teamMembers,
  teamStandings,
  teamTies,
  teams,
  tieMatches,
  tournamentPoints,
  tournaments,
} from '../../db/schema/domain.ts'
import { accounts } from '../../db/schema/core.ts'
import { buildGroups, commitSeed, roundRobinSchedule } from '../../domain/draws.ts'
import {
  championshipStatusOn,
  knockoutWinner,
  teamStandings as computeStandings,
  tieTotals,
  type CountedTie,
  type Rubber,
  type TieTotals,
} from '../../domain/team-standings.ts'
import {
  TIE_LINE_RESULT,
  finalPhasePairs,
  tieLineDay,
  tiePointLines,
  type PointsRubber,
} from '../../domain/team-points.ts'
import { tieDeadlineOf } from '../../domain/tie.ts'
import { simulateMatch } from '../simulate.ts'
import * as T from '../texts.ts'
import {
  DEMO_ACCOUNT_AGE_DAYS,
  DEMO_CAPTAIN,
  DEMO_PEOPLE,
  DISCIPLINE_OF_SECTOR,
  DISCIPLINE_BY_ID,
  REGION_NAME,
  addDays,
  at,
  type Row,
  type Person,
  type Club,
  type TournamentInfo,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

/** Where a championship stands on the reference day. */
type Phase = 'passato' | 'corrente' | 'futuro'

type SeedTeam = { id: number; roster: Person[]; captain: Person; skill: number; club: Club; nome: string }

type PlannedTie = { giornata: number; day: string; home: SeedTeam; away: SeedTeam }

/**
 * Team championships a captain would believe (issue 21): the past ones concluded, every tie confirmed and a final
 * phase played; the current ones with the ties already played confirmed (one contested, the last round's results
 * awaiting the other captain) and the next ones proposed, scheduled or still to schedule; the future ones open for
 * entries with the first teams in. Teams of 4 to 10 players of the club's sector and sex, the captain one of them;
 * standings from the counted ties by the domain rule (server/domain/team-standings.ts).
 */
export function generateChampionships(gen: SeedGenerator) {
  const demo = gen.people[0]!
  const withAccount = new Set(gen.portalAccounts.map((a) => a.personId))
  for (let k = 1; k <= DEMO_PEOPLE.length; k++) withAccount.add(k)
  const sectorChoices = [
    { weight: 4, value: SECTOR_IDS.TENNIS },
    { weight: 4, value: SECTOR_IDS.PADEL },
    { weight: 1, value: SECTOR_IDS.BEACH },
    { weight: 1, value: SECTOR_IDS.PICKLEBALL },
  ]
  const phaseChoices = [
    { weight: 3, value: 'passato' as const },
    { weight: 4, value: 'corrente' as const },
    { weight: 3, value: 'futuro' as const },
  ]
  const startOf: Record<Phase, string> = {
    corrente: addDays(gen.refDay, -21),
    passato: `${Number(addDays(gen.refDay, -21).slice(0, 4)) - 1}-03-01`,
    futuro: addDays(gen.refDay, 40),
  }
  const held = new Set<string>()
  for (let c = 0; c < gen.scale.championships; c++) {
    // One championship per sector, category and season: two of the same name would sit side by side.
    let sectorId: number = SECTOR_IDS.TENNIS
    let phase: Phase = 'corrente'
    let genere: 'M' | 'F' | 'X' = 'M'
    const key = () => `${sectorId}:${genere}:${startOf[phase].slice(0, 4)}`
    for (let tries = 0; tries < 12; tries++) {
      // Tennis has one of each (current, past, open for entries) at every scale; the rest is drawn.
      sectorId = c === 1 ? SECTOR_IDS.PADEL : c <= 3 ? SECTOR_IDS.TENNIS : gen.rng.weighted(sectorChoices)
      phase = c <= 1 ? 'corrente' : c === 2 ? 'passato' : c === 3 ? 'futuro' : gen.rng.weighted(phaseChoices)
      genere = c === 0 ? 'M' : gen.rng.pick(['M', 'F', 'X'] as const)
      if (!held.has(key())) break
    }
    if (held.has(key())) continue
    held.add(key())
    const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
    const dataInizio = startOf[phase]
    const stagione = Number(dataInizio.slice(0, 4))
    const dataFine = addDays(dataInizio, 90)
    const iscrizioniDal = at(addDays(dataInizio, -60), 9)
    const iscrizioniAl = at(addDays(dataInizio, -20), 12)
    const status = championshipStatusOn(
      { dataInizio, dataFine, iscrizioniAl },
      gen.refDay,
      gen.now,
      phase === 'passato',
    )
    const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
    const genereLabel = { M: 'maschile', F: 'femminile', X: 'misto' }[genere]
    const championshipId = gen.nextId('championships')
    gen.add(championships, {
      id: championshipId,
      nome: `Campionato a squadre ${discipline.nome} ${genereLabel} ${stagione}`,
      disciplineId,
      sectorId,
      stagione,
      genere,
      descrizione: `Campionato nazionale a squadre di ${discipline.nome.toLowerCase()}, categoria ${genereLabel}: gironi regionali di andata e ritorno, poi semifinali e finale. Due punti per ogni incontro vinto, uno per il pareggio.`,
      regolamento: `/media/regolamenti/${discipline.codice}/coppa-dei-circoli.pdf`,
      dataInizio,
      dataFine,
      iscrizioniAl,
      status,
    })
    const doubles = sectorId !== SECTOR_IDS.TENNIS
    const series = gen.options.scale === 'small' ? ['Serie C'] : ['Serie B', 'Serie C']
    for (const [s, serie] of series.entries()) {
      const clubsOffering = gen.clubsByDiscipline.get(disciplineId)!
      const demoSeries = c === 0 && s === 0
      const anchor = demoSeries ? gen.clubs.find((k) => k.id === demo.clubId)! : gen.rng.pick(clubsOffering)
      const regionId = anchor.regionId
      const tournamentId = gen.nextId('tournaments')
      const info: TournamentInfo = {
        id: tournamentId,
        nome: `${serie} ${REGION_NAME.get(regionId)}`,
        sectorId,
        disciplineId,
        categoria: 'OPEN',
        dataInizio,
        dataFine,
        status,
        doubles,
        circuitId: null,
        clubId: anchor.id,
        entries: [],
      }
      gen.add(tournaments, {
        id: tournamentId,
        nome: `${serie} ${genereLabel} ${REGION_NAME.get(regionId)} – ${discipline.nome} ${stagione}`,
        disciplineId,
        sectorId,
        tipo: 'CA',
        categoria: 'OPEN',
        specialita: doubles ? 'doppio' : 'singolare',
        genere,
        formula: 'gironi_eliminazione',
        clubId: null,
        circuitId: null,
        tappa: null,
        championshipId,
        regionId,
        dataInizio,
        dataFine,
        iscrizioniDal,
        iscrizioniAl,
        maxIscritti: 12,
        quotaCentesimi: 15000,
        status,
        descrizione: `${serie} del campionato a squadre: gironi all'italiana di andata e ritorno, poi semifinali e finale; incontri di ${doubles ? 'tre doppi' : 'due singolari e un doppio'}.`,
        locandina: null,
        giudiceArbitro: `${gen.faker.person.firstName()} ${gen.faker.person.lastName()}`,
      })
      gen.teamTournaments.push({ id: tournamentId, dataInizio, dataFine })
      const regional = clubsOffering.filter((k) => k.regionId === regionId)
      const groupCount = gen.options.scale === 'small' || phase === 'futuro' ? 1 : gen.rng.int(1, 2)
      const teamCount = phase === 'futuro' ? gen.rng.int(3, 6) : groupCount * gen.rng.int(4, 6)
      const teamClubs = [
        anchor,
        ...gen.rng.sample(
          regional.length >= teamCount
            ? regional.filter((k) => k !== anchor)
            : clubsOffering.filter((k) => k !== anchor),
          teamCount - 1,
        ),
      ]
      const used = new Set<number>()
      const names = new Set<string>()
      const teamList: SeedTeam[] = teamClubs.map((club, t) => {
        const nome = names.has(club.nome)
          ? `${club.nome} ${T.TEAM_SUFFIXES[t % T.TEAM_SUFFIXES.length]}`
          : club.nome
        names.add(nome)
        // Doubles only: six players cover the three doubles, each playing one.
        const size = gen.rng.int(doubles ? 6 : 4, 10)
        const isDemoTeam = demoSeries && t === 0
        const fromClub = (gen.membersByClubSector.get(`${club.id}:${sectorId}`) ?? []).filter(
          // The other demo people keep their own stories (docs: README, «Account dimostrativi»).
          (p) => (genere === 'X' || p.sesso === genere) && !used.has(p.id) && p.id > DEMO_PEOPLE.length,
        )
        let roster = gen.rng.sample(fromClub, size - (isDemoTeam ? 1 : 0))
        if (isDemoTeam) roster = [demo, ...roster]
        if (roster.length < size) {
          const exclude = new Set([...used, ...roster.map((p) => p.id), ...DEMO_PEOPLE.map((_, k) => k + 1)])
          roster = [
            ...roster,
            ...gen.pickEntrants(sectorId, club.regionId, genere, size - roster.length, exclude),
          ]
        }
        roster.forEach((p) => used.add(p.id))
        return {
          id: gen.nextId('teams'),
          club,
          nome,
          roster,
          captain: roster[0]!,
          skill: roster.reduce((a, p) => a + p.skill, 0) / roster.length,
        }
      })
      if (phase === 'futuro') {
        // Entries open: the teams enrolled so far, not yet drawn into groups.
        for (const team of teamList) {
          const enrolled = at(addDays(gen.refDay, -gen.rng.int(1, 18)), gen.rng.int(9, 21))
          addTeam(gen, tournamentId, team, null, enrolled)
        }
        continue
      }
      const seedText = createHash('sha256')
        .update(`portale:${gen.options.scale}:ca:${tournamentId}`)
        .digest('hex')
      const drawId = gen.nextId('draws')
      gen.add(draws, {
        id: drawId,
        tournamentId,
        tipo: 'gironi',
        fase: 1,
        nome: 'Gironi',
        dimensione: teamClubs.length,
        turni: null,
        seedHash: commitSeed(seedText),
        hashPubblicatoIl: at(addDays(dataInizio, -15), 12),
        seed: seedText,
        sorteggiatoIl: at(addDays(dataInizio, -15), 13),
      })
      const groups = buildGroups(
        teamList.map((t) => t.id),
        groupCount,
        seedText,
      )
      const teamById = new Map(teamList.map((t) => [t.id, t]))
      const finalists: SeedTeam[][] = []
      let lastDay = dataInizio
      groups.forEach((members, g) => {
        const groupId = gen.nextId('draw_groups')
        gen.add(drawGroups, { id: groupId, drawId, nome: `Girone ${g + 1}`, ordine: g + 1 })
        const groupTeams = members.map((id) => teamById.get(id)!)
        const planned = planTies(info, groupTeams)
        // The demo captain meets the demo account «capitano@demo.it» in a tie still to schedule (the captain's page).
        let open: PlannedTie | undefined
        if (demoSeries && groupTeams.includes(teamList[0]!)) {
          open = planned.find((p) => p.day > gen.refDay && (p.home === teamList[0] || p.away === teamList[0]))
          if (open) {
            const rival = open.home === teamList[0] ? open.away : open.home
            rival.captain = rival.roster.find((p) => !withAccount.has(p.id)) ?? rival.captain
            if (!withAccount.has(rival.captain.id)) addCaptainAccount(gen, rival.captain)
          }
        }
        for (const team of groupTeams)
          addTeam(gen, tournamentId, team, groupId, at(addDays(dataInizio, -25), 11))
        const counted = playGroup(gen, info, groupId, planned, open, phase)
        const rows = computeStandings(members, counted)
        rows.forEach((r) =>
          gen.add(teamStandings, {
            groupId,
            teamId: r.teamId,
            posizione: r.posizione,
            giocati: r.giocati,
            vinti: r.vinti,
            persi: r.persi,
            partiteVinte: r.partiteVinte,
            partitePerse: r.partitePerse,
            punti: r.punti,
          }),
        )
        finalists.push(rows.map((r) => teamById.get(r.teamId)!))
        for (const p of planned) if (p.day > lastDay) lastDay = p.day
      })
      if (phase === 'passato') playFinalPhase(gen, info, seedText, finalists, lastDay)
    }
  }
}

/** The team, its roster (the captain first, with the role) and its entry day. */
function addTeam(
  gen: SeedGenerator,
  tournamentId: number,
  team: SeedTeam,
  groupId: number | null,
  when: Date,
) {
  gen.add(teams, {
    id: team.id,
    tournamentId,
    clubId: team.club.id,
    nome: team.nome,
    captainPersonId: team.captain.id,
    groupId,
    createdAt: when,
  })
  for (const member of [team.captain, ...team.roster.filter((p) => p !== team.captain)])
    gen.add(teamMembers, {
      teamId: team.id,
      personId: member.id,
      ruolo: member === team.captain ? 'capitano' : 'giocatore',
      aggiuntoIl: when,
    })
}

/** The demo account of the captain who faces giocatore@demo.it's team (README, «Account dimostrativi»). */
function addCaptainAccount(gen: SeedGenerator, captain: Person) {
  const createdAt = at(addDays(gen.refDay, -DEMO_ACCOUNT_AGE_DAYS), 9)
  gen.add(accounts, {
    id: gen.faker.string.uuid(),
    email: DEMO_CAPTAIN.email,
    passwordHash: gen.options.passwordHashes[DEMO_PEOPLE.length] ?? '!seed',
    emailVerifiedAt: createdAt,
    personId: captain.id,
    role: 'player',
    puoEsportareClassifiche: false,
    privacyAcceptedAt: createdAt,
    profilation: false,
    createdAt,
  })
}

/** A double round robin (andata e ritorno), one giornata a week from the fifth day. */
function planTies(info: TournamentInfo, groupTeams: SeedTeam[]): PlannedTie[] {
  const andata = roundRobinSchedule(groupTeams.length)
  const rounds = [...andata, ...andata.map((pairs) => pairs.map(([a, b]) => [b, a] as [number, number]))]
  return rounds.flatMap((pairs, r) =>
    pairs.map(([x, y]) => ({
      giornata: r + 1,
      day: addDays(info.dataInizio, r * 7 + 5),
      home: groupTeams[x]!,
      away: groupTeams[y]!,
    })),
  )
}

/**
 * The lineups and rubbers of a tie played on `day`, each player in at most one singles and one doubles; in the
 * final phase a tie that ends even on rubbers, sets and games has its last rubber played again.
 */
function playTie(
  gen: SeedGenerator,
  info: TournamentInfo,
  tieId: number,
  day: string,
  home: SeedTeam,
  away: SeedTeam,
  knockout: boolean,
): { rubbers: Rubber[]; totals: TieTotals; played: PointsRubber[] } {
  const format = tieFormat(info.doubles ? 'doppio' : 'singolare')
  const lineup = (team: SeedTeam) => {
    const players = gen.rng.shuffle(team.roster)
    const singles = players.slice(0, format.filter((t) => t === 'singolare').length)
    const pairs = gen.rng.shuffle(players)
    let cursor = 0
    let single = 0
    return format.map((tipo) =>
      tipo === 'singolare' ? [singles[single++]!] : [pairs[cursor++]!, pairs[cursor++]!],
    )
  }
  const homeLineup = lineup(home)
  const awayLineup = lineup(away)
  const skillOf = (line: Person[]) => line.reduce((a, p) => a + p.skill, 0) / line.length
  const play = (n: number) =>
    simulateMatch(gen.rng, skillOf(homeLineup[n]!), skillOf(awayLineup[n]!), {
      rally: info.sectorId === SECTOR_IDS.PICKLEBALL,
      walkoverRate: 0.01,
    })
  const results = format.map((_, n) => play(n))
  const rubbersOf = () =>
    results.map((r): Rubber => ({ vincitore: r.winner === 'A' ? 'casa' : 'ospiti', sets: r.sets }))
  if (knockout)
    while (knockoutWinner(tieTotals(rubbersOf())) === null)
      results[format.length - 1] = play(format.length - 1)
  format.forEach((tipo, n) => {
    for (const [team, line] of [
      [home, homeLineup[n]!],
      [away, awayLineup[n]!],
    ] as const)
      line.forEach((p, slot) =>
        gen.add(teamLineups, {
          tieId,
          teamId: team.id,
          numero: n + 1,
          slot: slot + 1,
          personId: p.id,
          inseritoIl: at(addDays(day, -1), 21),
        }),
      )
    const result = results[n]!
    gen.add(tieMatches, {
      tieId,
      numero: n + 1,
      tipo,
      home1Id: homeLineup[n]![0]!.id,
      home2Id: homeLineup[n]![1]?.id ?? null,
      away1Id: awayLineup[n]![0]!.id,
      away2Id: awayLineup[n]![1]?.id ?? null,
      sets: result.sets,
      vincitore: result.winner === 'A' ? 'casa' : 'ospiti',
      esito: result.esito,
    })
  })
  const rubbers = rubbersOf()
  const played = results.map((r, n) => ({
    casa: homeLineup[n]!.map((p) => p.id),
    ospiti: awayLineup[n]!.map((p) => p.id),
    vincitore: r.winner === 'A' ? ('casa' as const) : ('ospiti' as const),
    esito: r.esito,
  }))
  return { rubbers, totals: tieTotals(rubbers), played }
}

/**
 * The point lines of a tie that counts (server/domain/team-points.ts, as its live confirmation writes them), and
 * the records the rankings are computed from.
 */
function countTiePoints(
  gen: SeedGenerator,
  info: TournamentInfo,
  tieId: number,
  day: string,
  played: PointsRubber[],
) {
  const data = tieLineDay(at(day, 15), at(addDays(day, 1), 10))
  for (const line of tiePointLines(played, info.categoria)) {
    gen.add(tournamentPoints, {
      tournamentId: info.id,
      personId: line.personId,
      entryId: null,
      sectorId: info.sectorId,
      risultato: TIE_LINE_RESULT,
      categoria: info.categoria,
      punti: line.punti,
      data,
      tieId,
      partite: line.partite,
    })
    gen.pointsRecords.push({
      personId: line.personId,
      tournamentId: info.id,
      punti: line.punti,
      data,
      sectorId: info.sectorId,
      circuitId: null,
    })
  }
}

function emptyTie(tieId: number, info: TournamentInfo, groupId: number | null, p: PlannedTie): Row {
  return {
    id: tieId,
    tournamentId: info.id,
    groupId,
    giornata: p.giornata,
    homeTeamId: p.home.id,
    awayTeamId: p.away.id,
    dataProposta: null,
    propostaIl: null,
    dataConfermata: null,
    clubId: p.home.club.id,
    status: 'da_programmare',
    puntiCasa: null,
    puntiOspiti: null,
    winnerTeamId: null,
    risultatoInseritoDa: null,
    risultatoInseritoIl: null,
    confermatoDa: null,
    confermatoIl: null,
    contestatoDa: null,
    contestatoIl: null,
    motivoContestazione: null,
    scadeIl: null,
  }
}

/** The result's path between the captains, written on the tie's row. */
function settle(
  row: Row,
  p: PlannedTie,
  totals: TieTotals,
  flow: 'risultato_inserito' | 'confermato' | 'contestato' | 'risolto',
  winner: SeedTeam | null,
) {
  const when = at(p.day, 15)
  // The home captain enters the result the morning after (so one still unanswered is not due on the data's day).
  const entered = at(addDays(p.day, 1), 8, 30)
  Object.assign(row, {
    status: flow,
    dataProposta: when,
    propostaIl: at(addDays(p.day, -12), 20),
    dataConfermata: when,
    puntiCasa: totals.partiteCasa,
    puntiOspiti: totals.partiteOspiti,
    winnerTeamId: winner?.id ?? null,
    risultatoInseritoDa: p.home.captain.id,
    risultatoInseritoIl: entered,
    // A result still unanswered is confirmed by the deadline runner 48 hours after it was entered.
    scadeIl: flow === 'risultato_inserito' ? tieDeadlineOf('resultEntered', when, entered) : null,
  })
  if (flow === 'confermato' || flow === 'risolto')
    Object.assign(row, { confermatoDa: p.away.captain.id, confermatoIl: at(addDays(p.day, 1), 10) })
  if (flow === 'contestato' || flow === 'risolto')
    Object.assign(row, {
      contestatoDa: p.away.captain.id,
      contestatoIl: at(addDays(p.day, 1), 9),
      motivoContestazione: 'Il punteggio della seconda partita non corrisponde a quello giocato.',
    })
}

/**
 * The ties of a girone as they stand on the reference day; returns the counted ones (confirmed or resolved).
 * Before the last two days: played (in a current championship one contested, awaiting the federation); in the last
 * two days: the result entered by the home captain, awaiting the other; later: proposed, scheduled or to schedule.
 */
function playGroup(
  gen: SeedGenerator,
  info: TournamentInfo,
  groupId: number,
  planned: PlannedTie[],
  open: PlannedTie | undefined,
  phase: Phase,
): CountedTie[] {
  const counted: CountedTie[] = []
  let played = 0
  for (const p of planned) {
    const tieId = gen.nextId('team_ties')
    const row = emptyTie(tieId, info, groupId, p)
    const past = p.day < addDays(gen.refDay, -2)
    const recent = !past && p.day < gen.refDay
    if (!past && !recent) {
      const when = at(p.day, 15)
      const kind = p === open ? 1 : gen.rng.next()
      // A tie of the reference day is still proposed, not scheduled: its lineups would be due today.
      if (kind < 0.45 || (kind < 0.8 && p.day === gen.refDay))
        Object.assign(row, {
          status: 'proposto',
          dataProposta: when,
          propostaIl: at(addDays(gen.refDay, -gen.rng.int(1, 5)), 20),
        })
      else if (kind < 0.8) {
        const proposed = addDays(p.day, -12) < gen.refDay ? addDays(p.day, -12) : addDays(gen.refDay, -1)
        Object.assign(row, {
          status: 'programmato',
          dataProposta: when,
          propostaIl: at(proposed, 20),
          dataConfermata: when,
          // The lineups are due an hour before the start: the deadline runner gives the walkover after it.
          scadeIl: tieDeadlineOf('scheduled', when, gen.now),
        })
      }
      gen.add(teamTies, row)
      continue
    }
    const { rubbers, totals, played: rubbersPlayed } = playTie(gen, info, tieId, p.day, p.home, p.away, false)
    played++
    const flow = recent
      ? 'risultato_inserito'
      : phase === 'corrente' && played === 2
        ? 'contestato'
        : gen.rng.chance(0.94)
          ? 'confermato'
          : 'risolto'
    const winner = totals.esito === 'casa' ? p.home : totals.esito === 'ospiti' ? p.away : null
    settle(row, p, totals, flow, winner)
    gen.add(teamTies, row)
    if (flow === 'confermato' || flow === 'risolto') {
      counted.push({ homeTeamId: p.home.id, awayTeamId: p.away.id, rubbers })
      countTiePoints(gen, info, tieId, p.day, rubbersPlayed)
    }
  }
  return counted
}

/**
 * The final phase of a concluded series: semifinals (one girone: 1st–4th and 2nd–3rd; two: each winner against the
 * other girone's runner-up) and the final, the better placed at home.
 */
function playFinalPhase(
  gen: SeedGenerator,
  info: TournamentInfo,
  seedText: string,
  finalists: SeedTeam[][],
  lastDay: string,
) {
  // The pairings of the live bracket (finalPhasePairs), from the same standings.
  const teamById = new Map(finalists.flat().map((t) => [t.id, t]))
  const semis = finalPhasePairs(finalists.map((g) => g.map((t) => t.id)))!.map(
    ([home, away]) => [teamById.get(home)!, teamById.get(away)!] as [SeedTeam, SeedTeam],
  )
  // No chance in the pairings (the standings decide); the seed is committed all the same, as every draw's.
  const finalSeed = createHash('sha256').update(`${seedText}:fase-finale`).digest('hex')
  gen.add(draws, {
    id: gen.nextId('draws'),
    tournamentId: info.id,
    tipo: 'eliminazione',
    fase: 2,
    nome: 'Fase finale',
    dimensione: 4,
    turni: 2,
    seedHash: commitSeed(finalSeed),
    hashPubblicatoIl: at(addDays(lastDay, 2), 12),
    seed: finalSeed,
    sorteggiatoIl: at(addDays(lastDay, 2), 13),
  })
  const round = (pairs: [SeedTeam, SeedTeam][], turno: number): SeedTeam[] =>
    pairs.map(([home, away]) => {
      const p: PlannedTie = { giornata: turno, day: addDays(lastDay, 7 * turno), home, away }
      const tieId = gen.nextId('team_ties')
      const row = emptyTie(tieId, info, null, p)
      const { totals, played } = playTie(gen, info, tieId, p.day, home, away, true)
      const winner = knockoutWinner(totals) === 'casa' ? home : away
      settle(row, p, totals, 'confermato', winner)
      gen.add(teamTies, row)
      countTiePoints(gen, info, tieId, p.day, played)
      return winner
    })
  const [a, b] = round(semis, 1)
  round([[a!, b!]], 2)
}

// -------------------------------------------------------------------------------------------------------
// Challenges (sfide)
