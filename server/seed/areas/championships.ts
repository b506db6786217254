// Seed area. Team championships: teams, ties, line-ups and standings.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
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
  tournaments,
  type TournamentStatus,
} from '../../db/schema/domain.ts'
import { buildGroups, commitSeed, roundRobinSchedule } from '../../domain/draws.ts'
import { simulateMatch } from '../simulate.ts'
import * as T from '../texts.ts'
import {
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

export function generateChampionships(gen: SeedGenerator) {
  const demo = gen.people[0]!
  const sectorChoices = [
    { weight: 4, value: SECTOR_IDS.TENNIS },
    { weight: 4, value: SECTOR_IDS.PADEL },
    { weight: 1, value: SECTOR_IDS.BEACH },
    { weight: 1, value: SECTOR_IDS.PICKLEBALL },
  ]
  const held = new Set<string>()
  for (let c = 0; c < gen.scale.championships; c++) {
    // One championship per sector, category and season: two of the same name would sit side by side.
    let sectorId: number = SECTOR_IDS.TENNIS
    let current = true
    let genere: 'M' | 'F' | 'X' = 'M'
    for (let tries = 0; tries < 12; tries++) {
      sectorId = c === 0 ? SECTOR_IDS.TENNIS : c === 1 ? SECTOR_IDS.PADEL : gen.rng.weighted(sectorChoices)
      current = c === 0 || c % 2 === 1 || gen.rng.chance(0.5)
      genere = c === 0 ? 'M' : gen.rng.pick(['M', 'F', 'X'] as const)
      if (!held.has(`${sectorId}:${genere}:${current}`)) break
    }
    if (held.has(`${sectorId}:${genere}:${current}`)) continue
    held.add(`${sectorId}:${genere}:${current}`)
    const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
    const stagione = current ? gen.refYear : gen.refYear - 1
    const dataInizio = current ? addDays(gen.refDay, -35) : `${stagione}-03-01`
    const dataFine = current ? addDays(gen.refDay, 70) : `${stagione}-06-30`
    const status: TournamentStatus = current ? 'in_corso' : 'concluso'
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
      descrizione: `Campionato nazionale a squadre di ${discipline.nome.toLowerCase()}, categoria ${genereLabel}: gironi regionali con incontri di andata, due punti per ogni incontro vinto.`,
      regolamento: `/media/regolamenti/${discipline.codice}/coppa-dei-circoli.pdf`,
      dataInizio,
      dataFine,
      iscrizioniAl: at(addDays(dataInizio, -20), 12),
      status,
    })
    const series = gen.options.scale === 'small' ? ['Serie C'] : ['Serie B', 'Serie C']
    for (const [s, serie] of series.entries()) {
      const clubsOffering = gen.clubsByDiscipline.get(disciplineId)!
      const anchor =
        c === 0 && s === 0 ? gen.clubs.find((k) => k.id === demo.clubId)! : gen.rng.pick(clubsOffering)
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
        doubles: sectorId !== SECTOR_IDS.TENNIS,
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
        specialita: info.doubles ? 'doppio' : 'singolare',
        genere,
        formula: 'girone',
        clubId: null,
        circuitId: null,
        tappa: null,
        championshipId,
        regionId,
        dataInizio,
        dataFine,
        iscrizioniDal: at(addDays(dataInizio, -60), 9),
        iscrizioniAl: at(addDays(dataInizio, -20), 12),
        maxIscritti: 12,
        quotaCentesimi: 15000,
        status,
        descrizione: `${serie} del campionato a squadre: gironi all'italiana, incontri di ${info.doubles ? 'tre doppi' : 'due singolari e un doppio'}.`,
        locandina: null,
        giudiceArbitro: `${gen.faker.person.firstName()} ${gen.faker.person.lastName()}`,
      })
      const regional = clubsOffering.filter((k) => k.regionId === regionId)
      const groupCount = gen.options.scale === 'small' ? 1 : gen.rng.int(1, 2)
      const teamCount = groupCount * gen.rng.int(4, 6)
      const teamClubs = [
        anchor,
        ...gen.rng.sample(
          regional.length >= teamCount
            ? regional.filter((k) => k !== anchor)
            : clubsOffering.filter((k) => k !== anchor),
          teamCount - 1,
        ),
      ]
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
      gen.teamTournaments.push({ id: tournamentId, dataInizio, dataFine })
      const used = new Set<number>()
      const names = new Set<string>()
      const teamList = teamClubs.map((club, t) => {
        const teamId = gen.nextId('teams')
        const nome = names.has(club.nome)
          ? `${club.nome} ${T.TEAM_SUFFIXES[t % T.TEAM_SUFFIXES.length]}`
          : club.nome
        names.add(nome)
        const size = gen.rng.int(4, 8)
        const isDemoTeam = c === 0 && s === 0 && t === 0
        const fromClub = (gen.membersByClubSector.get(`${club.id}:${sectorId}`) ?? []).filter(
          (p) => (genere === 'X' || p.sesso === genere) && !used.has(p.id) && p.id !== demo.id,
        )
        let roster = gen.rng.sample(fromClub, size - (isDemoTeam ? 1 : 0))
        if (isDemoTeam) roster = [demo, ...roster]
        if (roster.length < size) {
          const exclude = new Set([...used, ...roster.map((p) => p.id), demo.id])
          roster = [
            ...roster,
            ...gen.pickEntrants(sectorId, club.regionId, genere, size - roster.length, exclude),
          ]
        }
        roster.forEach((p) => used.add(p.id))
        return {
          id: teamId,
          club,
          nome,
          roster,
          captain: roster[0]!,
          skill: roster.reduce((a, p) => a + p.skill, 0) / roster.length,
        }
      })
      const groups = buildGroups(
        teamList.map((t) => t.id),
        groupCount,
        seedText,
      )
      const teamById = new Map(teamList.map((t) => [t.id, t]))
      groups.forEach((members, g) => {
        const groupId = gen.nextId('draw_groups')
        gen.add(drawGroups, { id: groupId, drawId, nome: `Girone ${g + 1}`, ordine: g + 1 })
        for (const teamId of members) {
          const team = teamById.get(teamId)!
          gen.add(teams, {
            id: team.id,
            tournamentId,
            clubId: team.club.id,
            nome: team.nome,
            captainPersonId: team.captain.id,
            groupId,
            createdAt: at(addDays(dataInizio, -25), 11),
          })
          team.roster.forEach((p, k) =>
            gen.add(teamMembers, {
              teamId: team.id,
              personId: p.id,
              ruolo: k === 0 ? 'capitano' : 'giocatore',
              aggiuntoIl: at(addDays(dataInizio, -25), 11),
            }),
          )
        }
        playTies(
          gen,
          info,
          groupId,
          members.map((id) => teamById.get(id)!),
        )
      })
    }
  }
}

export function playTies(
  gen: SeedGenerator,
  info: TournamentInfo,
  groupId: number,
  groupTeams: { id: number; roster: Person[]; captain: Person; skill: number; club: Club }[],
) {
  const schedule = roundRobinSchedule(groupTeams.length)
  const rubbers: ('singolare' | 'doppio')[] = info.doubles
    ? ['doppio', 'doppio', 'doppio']
    : ['singolare', 'singolare', 'doppio']
  const table = new Map(
    groupTeams.map((t) => [
      t.id,
      { giocati: 0, vinti: 0, persi: 0, partiteVinte: 0, partitePerse: 0, punti: 0 },
    ]),
  )
  schedule.forEach((pairs, r) => {
    const day = addDays(info.dataInizio, r * 7 + 5)
    for (const [x, y] of pairs) {
      const home = groupTeams[x]!
      const away = groupTeams[y]!
      const tieId = gen.nextId('team_ties')
      const when = at(day, 15)
      const past = day < addDays(gen.refDay, -2)
      const recent = !past && day < gen.refDay
      const row: Row = {
        id: tieId,
        tournamentId: info.id,
        groupId,
        giornata: r + 1,
        homeTeamId: home.id,
        awayTeamId: away.id,
        dataProposta: null,
        propostaIl: null,
        dataConfermata: null,
        clubId: home.club.id,
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
      }
      if (!past && !recent) {
        const kind = gen.rng.next()
        if (kind < 0.45)
          Object.assign(row, {
            status: 'proposto',
            dataProposta: when,
            propostaIl: at(addDays(gen.refDay, -gen.rng.int(0, 5)), 20),
          })
        else if (kind < 0.8)
          Object.assign(row, {
            status: 'programmato',
            dataProposta: when,
            propostaIl: at(addDays(day, -12), 20),
            dataConfermata: when,
          })
        gen.add(teamTies, row)
        continue
      }
      // Lineups (schieramenti) and rubbers, then the result flow between the captains.
      const lineup = (team: typeof home) => {
        const players = gen.rng.shuffle(team.roster)
        let cursor = 0
        return rubbers.map((tipo) => {
          const count = tipo === 'doppio' ? 2 : 1
          const chosen: Person[] = []
          for (let k = 0; k < count; k++) chosen.push(players[cursor++ % players.length]!)
          return chosen
        })
      }
      const homeLineup = lineup(home)
      const awayLineup = lineup(away)
      let homeWins = 0
      rubbers.forEach((tipo, n) => {
        for (const [team, line] of [
          [home, homeLineup[n]!],
          [away, awayLineup[n]!],
        ] as const) {
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
        }
        const skillOf = (line: Person[]) => line.reduce((a, p) => a + p.skill, 0) / line.length
        const result = simulateMatch(gen.rng, skillOf(homeLineup[n]!), skillOf(awayLineup[n]!), {
          rally: info.sectorId === SECTOR_IDS.PICKLEBALL,
          walkoverRate: 0.01,
        })
        if (result.winner === 'A') homeWins++
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
      const awayWins = rubbers.length - homeWins
      const winner = homeWins > awayWins ? home : away
      const flow = recent
        ? 'risultato_inserito'
        : gen.rng.weighted([
            { weight: 88, value: 'confermato' },
            { weight: 6, value: 'contestato' },
            { weight: 6, value: 'risolto' },
          ])
      Object.assign(row, {
        status: flow,
        dataProposta: when,
        propostaIl: at(addDays(day, -12), 20),
        dataConfermata: when,
        puntiCasa: homeWins,
        puntiOspiti: awayWins,
        winnerTeamId: winner.id,
        risultatoInseritoDa: home.captain.id,
        risultatoInseritoIl: at(day, 19),
      })
      if (flow === 'confermato' || flow === 'risolto')
        Object.assign(row, { confermatoDa: away.captain.id, confermatoIl: at(addDays(day, 1), 10) })
      if (flow === 'contestato' || flow === 'risolto')
        Object.assign(row, {
          contestatoDa: away.captain.id,
          contestatoIl: at(addDays(day, 1), 9),
          motivoContestazione: 'Il punteggio del secondo incontro non corrisponde a quello giocato.',
        })
      gen.add(teamTies, row)
      if (flow === 'confermato' || flow === 'risolto') {
        const h = table.get(home.id)!
        const a = table.get(away.id)!
        h.giocati++
        a.giocati++
        h.partiteVinte += homeWins
        h.partitePerse += awayWins
        a.partiteVinte += awayWins
        a.partitePerse += homeWins
        const [w, l] = winner === home ? [h, a] : [a, h]
        w.vinti++
        w.punti += 2
        l.persi++
      }
    }
  })
  const standings = [...table].sort(
    ([ia, a], [ib, b]) =>
      b.punti - a.punti || b.partiteVinte - b.partitePerse - (a.partiteVinte - a.partitePerse) || ia - ib,
  )
  standings.forEach(([teamId, s], k) => gen.add(teamStandings, { groupId, teamId, posizione: k + 1, ...s }))
}

// -------------------------------------------------------------------------------------------------------
// Challenges (sfide)
