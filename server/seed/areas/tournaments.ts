// Seed area. Circuits and tournaments: entrants, draws, groups, results and points, by the domain rules.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { createHash } from 'node:crypto'
import { CATEGORY_LABELS, SECTOR_IDS } from '../../../contract/constants.ts'
import { levelLimit } from '../../domain/enrolment.ts'
import { REGIONS } from '../../db/reference.ts'
import {
  circuits,
  draws,
  drawGroups,
  drawSeedSecrets,
  groupStandings as groupStandingsTable,
  matches,
  tournamentEntries,
  tournamentPoints,
  tournaments,
  type TournamentStatus,
} from '../../db/schema/domain.ts'
import {
  buildEliminationDraw,
  buildGroups,
  commitSeed,
  defaultGroupCount,
  groupStandings,
  knockoutFromGroups,
  nextSlot,
  roundRobinSchedule,
} from '../../domain/draws.ts'
import {
  eliminationResults,
  pointsFor,
  roundReachedInRoundRobin,
  type EliminationMatch,
  type EventCategory,
  type RoundReached,
} from '../../domain/points.ts'
import { orderOfPlay, type PlanMatch, type PlannedMatch } from '../../domain/order-of-play.ts'
import * as T from '../texts.ts'
import { seasonalName, seasonsFor } from '../calendar.ts'
import {
  SECTOR_WEIGHTS,
  DISCIPLINE_OF_SECTOR,
  DISCIPLINE_BY_ID,
  dayNumber,
  addDays,
  at,
  type Person,
  type Club,
  type Entry,
  type TournamentInfo,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateCircuits(gen: SeedGenerator) {
  const sectors = SECTOR_WEIGHTS.map((s) => s.value)
  const names = new Set<string>()
  for (let i = 0; i < gen.scale.circuits; i++) {
    const sectorId = i < sectors.length ? sectors[i]! : gen.rng.weighted(SECTOR_WEIGHTS)
    const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
    const stagione = i % 3 === 2 ? gen.refYear - 1 : gen.refYear
    // A circuit is regional, where the discipline's clubs are (one draw, as the region's was); the first tennis
    // circuit is the demo player's region, so the demo's tournaments are among its stages.
    const drawnClub = gen.rng.pick(gen.clubsByDiscipline.get(disciplineId)!)
    const regionId = i === 0 && sectorId === SECTOR_IDS.TENNIS ? gen.clubs[0]!.regionId : drawnClub.regionId
    const region = REGIONS.find((r) => r.id === regionId)!
    const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
    const sectorName = discipline.settori.find((s) => s.id === sectorId)!.nome
    // No two circuits share a name: a taken one moves to the next pattern, with no further draw.
    const first = Math.floor(gen.rng.next() * T.CIRCUIT_NAMES.length)
    let nome = ''
    for (let k = 0; k < T.CIRCUIT_NAMES.length * 2 && (nome === '' || names.has(nome)); k++) {
      const pattern = T.CIRCUIT_NAMES[(first + k) % T.CIRCUIT_NAMES.length]!
      const withSector = k >= T.CIRCUIT_NAMES.length && !pattern.includes('{discipline}')
      nome = `${pattern.replace('{region}', region.nome).replace('{discipline}', sectorName)}${withSector ? ` ${sectorName}` : ''} ${stagione}`
    }
    names.add(nome)
    const id = gen.nextId('circuits')
    // Written with the tournaments, once it is known to have stages (generateTournaments).
    gen.circuitRows.push({
      id,
      sectorId,
      stagione,
      regionId,
      row: {
        id,
        nome,
        disciplineId,
        sectorId,
        stagione,
        descrizione: `Circuito ${sectorName.toLowerCase()} della stagione ${stagione}: le tappe assegnano punti per la classifica del circuito e per le classifiche nazionali.`,
        logo: `/media/circuiti/logo-${(id % 8) + 1}.png`,
        regolamento: `/media/regolamenti/${discipline.codice}/circuiti.pdf`,
      },
    })
  }
}

// -------------------------------------------------------------------------------------------------------
// Tournaments

export async function generateTournaments(gen: SeedGenerator) {
  const total = gen.scale.tournaments
  const demo = gen.people[0]!
  const demoClubs = gen.clubsByDiscipline.get(4332)!.filter((c) => c.regionId === gen.clubs[0]!.regionId)
  // First pass: what, where and when. Circuit stages are numbered by date before any row is written.
  const headers = Array.from({ length: total }, (_, i) => {
    // The first tournaments are tennis ones near the demo player, so the demo has a history at any scale.
    const forDemo = i < 12
    // Then one tournament of each sector, so a visitor of any sector finds tournaments at every scale.
    const everySector = SECTOR_WEIGHTS[i - 12]?.value
    const sectorId = forDemo ? SECTOR_IDS.TENNIS : (everySector ?? gen.rng.weighted(SECTOR_WEIGHTS))
    const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
    const club = forDemo ? gen.rng.pick(demoClubs) : gen.rng.pick(gen.clubsByDiscipline.get(disciplineId)!)
    const offset = i < 8 ? -gen.rng.int(10, 700) : forDemo ? gen.rng.int(5, 30) : gen.rng.int(-730, 120)
    const durata = gen.rng.weighted([
      { weight: 5, value: 2 },
      { weight: 3, value: 3 },
      { weight: 2, value: 7 },
      { weight: 1, value: 9 },
    ])
    const dataInizio = addDays(gen.refDay, offset)
    const circuitCandidates = gen.circuitRows.filter(
      (c) => c.sectorId === sectorId && c.stagione === Number(dataInizio.slice(0, 4)),
    )
    // A stage is played in its circuit's region: the same two draws as before, among the region's circuits.
    const inRegion = circuitCandidates.filter((c) => c.regionId === club.regionId)
    const drawnCircuit =
      circuitCandidates.length > 0 && gen.rng.chance(inRegion.length > 0 ? 0.5 : 0.3)
        ? inRegion[Math.floor(gen.rng.next() * inRegion.length)]
        : undefined
    const circuitId: number | null = drawnCircuit?.id ?? null
    return {
      i,
      forDemo,
      sectorId,
      disciplineId,
      club,
      dataInizio,
      dataFine: addDays(dataInizio, durata - 1),
      circuitId,
      tappa: null as number | null,
    }
  })
  // A circuit that drew no stage takes the first tournaments of its sector, season and region that no circuit has
  // (up to four, no draw); one with none there is not written: a circuit has stages, in its region.
  const withStages: typeof gen.circuitRows = []
  for (const circuit of gen.circuitRows) {
    if (!headers.some((h) => h.circuitId === circuit.id))
      headers
        .filter(
          (h) =>
            h.circuitId === null &&
            h.sectorId === circuit.sectorId &&
            h.club.regionId === circuit.regionId &&
            Number(h.dataInizio.slice(0, 4)) === circuit.stagione,
        )
        .sort((x, y) => x.dataInizio.localeCompare(y.dataInizio) || x.i - y.i)
        .slice(0, 4)
        .forEach((h) => (h.circuitId = circuit.id))
    if (!headers.some((h) => h.circuitId === circuit.id)) continue
    withStages.push(circuit)
    gen.add(circuits, circuit.row)
  }
  gen.circuitRows = withStages
  for (const circuit of gen.circuitRows) {
    headers
      .filter((h) => h.circuitId === circuit.id)
      .sort((x, y) => x.dataInizio.localeCompare(y.dataInizio) || x.i - y.i)
      .forEach((h, k) => (h.tappa = k + 1))
  }

  let demoPast = 0
  let demoFuture = 0
  const demoPastTarget = gen.options.scale === 'small' ? 6 : 24
  const today = dayNumber(gen.refDay)
  for (const header of headers) {
    const { i, forDemo, sectorId, disciplineId, club, dataInizio, dataFine, circuitId } = header
    if (i % 250 === 0) gen.progress('Tornei, tabelloni e risultati', i, total)
    const drawn = gen.rng.weighted<EventCategory>([
      { weight: 40, value: 'OPEN' },
      { weight: 35, value: 'LIMIT_65' },
      { weight: 25, value: 'LIMIT_45' },
    ])
    // The demo player (Power about 72) plays the tournaments made for the demo: they are OPEN.
    const categoria: EventCategory = forDemo ? 'OPEN' : drawn
    const limit = levelLimit(categoria)
    const doubles =
      sectorId === SECTOR_IDS.PADEL || sectorId === SECTOR_IDS.BEACH
        ? true
        : sectorId === SECTOR_IDS.PICKLEBALL
          ? gen.rng.chance(0.5)
          : sectorId === SECTOR_IDS.TENNIS && !forDemo && gen.rng.chance(0.08)
    let genere: 'M' | 'F' | 'X' = forDemo
      ? 'M'
      : gen.rng.weighted([
          { weight: 50, value: 'M' as const },
          { weight: 28, value: 'F' as const },
          { weight: 22, value: 'X' as const },
        ])
    const iscrizioniDal = at(addDays(dataInizio, -40), 9)
    const iscrizioniAl = at(addDays(dataInizio, -3), 12)
    let status: TournamentStatus
    if (dayNumber(dataFine) < today) status = !forDemo && gen.rng.chance(0.02) ? 'annullato' : 'concluso'
    else if (dayNumber(dataInizio) <= today) status = 'in_corso'
    else if (gen.now < iscrizioniDal) status = 'programmato'
    else if (gen.now <= iscrizioniAl) status = 'iscrizioni_aperte'
    else status = 'iscrizioni_chiuse'
    let formula = gen.rng.weighted([
      { weight: 65, value: 'eliminazione' as const },
      { weight: 15, value: 'girone' as const },
      { weight: 20, value: 'gironi_eliminazione' as const },
    ])
    if (status === 'in_corso' || forDemo) formula = 'eliminazione'
    const maxIscritti =
      formula === 'girone'
        ? 6
        : formula === 'gironi_eliminazione'
          ? gen.rng.pick([12, 16, 24])
          : gen.rng.weighted([
              { weight: 2, value: 8 },
              { weight: 5, value: 16 },
              { weight: 4, value: 32 },
              { weight: gen.options.scale === 'small' ? 0 : 1, value: 64 },
            ])
    const minimum = formula === 'gironi_eliminazione' ? 8 : 4
    const perEntry = doubles ? 2 : 1
    // Too few players of that sex in the sector: the tournament is open to everyone.
    const available = gen.pool(sectorId, genere, undefined, limit).length
    if (available < maxIscritti * perEntry * 1.5) genere = 'X'
    const nome = tournamentName(gen, club, dataInizio, dataFine)
    const id = gen.nextId('tournaments')
    gen.add(tournaments, {
      id,
      nome,
      disciplineId,
      sectorId,
      tipo: 'TR',
      categoria,
      specialita: doubles ? 'doppio' : 'singolare',
      genere,
      formula,
      clubId: club.id,
      circuitId,
      tappa: header.tappa,
      championshipId: null,
      regionId: club.regionId,
      dataInizio,
      dataFine,
      iscrizioniDal,
      iscrizioniAl,
      maxIscritti,
      quotaCentesimi: gen.rng.pick([1000, 1500, 2000, 2500, 3000, 4000]),
      status,
      descrizione: `${nome}: torneo ${CATEGORY_LABELS[categoria]} di ${DISCIPLINE_BY_ID.get(disciplineId)!.nome.toLowerCase()} ${doubles ? 'in doppio' : 'in singolare'}. Palline e acqua offerte dal circolo, premi ai finalisti.`,
      locandina: `/media/locandine/locandina-${(id % 12) + 1}.jpg`,
      giudiceArbitro: `${gen.faker.person.firstName()} ${gen.faker.person.lastName()}`,
    })
    const info: TournamentInfo = {
      id,
      nome,
      sectorId,
      disciplineId,
      categoria,
      dataInizio,
      dataFine,
      status,
      doubles,
      circuitId,
      clubId: club.id,
      entries: [],
    }
    gen.tournamentInfos.push(info)
    if (status === 'programmato' || status === 'annullato') continue

    // Entrants: how many, who (the demo player joins a share of the tennis tournaments), in ranking order.
    let count =
      status === 'iscrizioni_aperte'
        ? Math.round(maxIscritti * (0.2 + gen.rng.next() * 0.95))
        : Math.max(minimum, Math.round(maxIscritti * (0.55 + gen.rng.next() * 0.45)))
    if (status !== 'iscrizioni_aperte') count = Math.min(count, maxIscritti)
    const players = new Set<number>()
    const chosen: Person[][] = []
    const wantsDemo =
      sectorId === SECTOR_IDS.TENNIS &&
      (limit === null || gen.withinLimit(demo, limit)) &&
      !doubles &&
      genere !== 'F' &&
      ((status === 'concluso' && demoPast < demoPastTarget) ||
        (status === 'iscrizioni_aperte' && demoFuture < 2))
    if (wantsDemo) {
      chosen.push([demo])
      players.add(demo.id)
      if (status === 'concluso') demoPast++
      else demoFuture++
    }
    if (doubles && genere === 'X') {
      // Mixed doubles: each pair is one woman and one man.
      const pairs = count - chosen.length
      const men = gen.pickEntrants(sectorId, club.regionId, 'M', pairs, players, limit)
      const women = gen.pickEntrants(sectorId, club.regionId, 'F', pairs, players, limit)
      for (let k = 0; k < Math.min(men.length, women.length); k++) chosen.push([men[k]!, women[k]!])
    } else {
      const picked = gen.pickEntrants(
        sectorId,
        club.regionId,
        genere,
        (count - chosen.length) * perEntry,
        players,
        limit,
      )
      for (let k = 0; k + perEntry - 1 < picked.length; k += perEntry)
        chosen.push(picked.slice(k, k + perEntry))
    }
    const entryRows: Entry[] = chosen.map((team) => {
      const skill = team.reduce((sum, p) => sum + p.skill, 0) / team.length
      return {
        id: gen.nextId('tournament_entries'),
        personId: team[0]!.id,
        partnerId: team[1]?.id ?? null,
        skill,
        // Ranking points at entry time are approximated from the hidden level while generating.
        punti: Math.max(0, Math.round(skill * 20 + gen.rng.normal(0, 120))),
      }
    })
    const closes = Math.min(iscrizioniAl.getTime(), gen.now.getTime() - 60_000)
    entryRows.forEach((entry, k) => {
      const waiting = k >= maxIscritti
      gen.add(tournamentEntries, {
        id: entry.id,
        tournamentId: id,
        personId: entry.personId,
        partnerId: entry.partnerId,
        status: waiting ? 'lista_attesa' : 'iscritto',
        posizioneAttesa: waiting ? k - maxIscritti + 1 : null,
        testaDiSerie: null,
        puntiIngresso: entry.punti,
        iscrittoIl: new Date(
          iscrizioniDal.getTime() + ((closes - iscrizioniDal.getTime()) * (k + 1)) / (entryRows.length + 1),
        ),
        iscrittoDa: null,
      })
    })
    const enrolled = entryRows.slice(0, maxIscritti)
    info.entries = enrolled
    if (status === 'iscrizioni_aperte' || enrolled.length < 2) continue
    const seedText = createHash('sha256').update(`portale:${gen.options.scale}:${id}:1`).digest('hex')
    const ordered = [...enrolled].sort((x, y) => y.punti - x.punti || x.id - y.id)
    if (status === 'iscrizioni_chiuse') {
      // Draw not made yet: the seed's hash is already public, the seed is not.
      const size = 2 ** Math.ceil(Math.log2(ordered.length))
      const drawId = gen.nextId('draws')
      gen.add(draws, {
        id: drawId,
        tournamentId: id,
        tipo: formula === 'eliminazione' ? 'eliminazione' : 'gironi',
        fase: 1,
        nome:
          formula === 'eliminazione'
            ? 'Tabellone principale'
            : formula === 'girone'
              ? 'Girone unico'
              : 'Gironi',
        dimensione: formula === 'eliminazione' ? size : ordered.length,
        turni: formula === 'eliminazione' ? Math.log2(size) : null,
        seedHash: commitSeed(seedText),
        hashPubblicatoIl: iscrizioniAl,
        seed: null,
        sorteggiatoIl: null,
        ordineIscritti: ordered.map((e) => e.id),
      })
      // The seed stays secret until the organiser makes the draw (tornei/sorteggio/esegui).
      gen.add(drawSeedSecrets, { drawId, seed: seedText })
      continue
    }
    playTournament(gen, info, formula, ordered, seedText, iscrizioniAl)
    // Keep memory flat at large scales: tournaments are written in slices.
    if ((gen.pending.get(matches)?.length ?? 0) > 50_000) await gen.flush()
  }
}

/**
 * A tournament's name, never one already given (a visitor sees them side by side in the calendar, on the home and in
 * the news; a club's padel and beach tournaments are not both "Torneo Sociale Lungomare"). A seasonal name ("Torneo di Pasqua") only when the whole tournament falls within that season.
 */
export function tournamentName(gen: SeedGenerator, club: Club, dataInizio: string, dataFine: string): string {
  const short = club.nome.replace(
    /^(Circolo Tennis|Tennis Club|Padel Club|Beach Club|Sporting Club|Country Club|Polisportiva|A\.S\.D\. Racchette|Pickleball Club|Circolo Sportivo) /,
    '',
  )
  const seasons = seasonsFor(dataInizio, dataFine)
  const patterns = T.TOURNAMENT_PATTERNS.filter((p) => p !== '{season}' || seasons.length > 0)
  let nome = ''
  for (let attempt = 0; attempt < 20; attempt++) {
    const pattern = gen.rng.pick(patterns)
    nome =
      pattern === '{season}'
        ? seasonalName(gen.rng.pick(seasons))
        : pattern
            .replace('{club}', short)
            .replace('{place}', gen.rng.pick(T.GENERIC_PLACES))
            .replace('{first}', gen.faker.person.firstName())
            .replace('{surname}', gen.faker.person.lastName())
            .replace('{comune}', club.comune)
    if (!gen.tournamentNames.has(nome)) break
  }
  // Still taken after twenty tries (the larger scales): the year tells the editions apart, as real ones do.
  const base = nome
  for (let n = 2; gen.tournamentNames.has(nome); n++)
    nome = n === 2 ? `${base} ${dataInizio.slice(0, 4)}` : `${base} ${dataInizio.slice(0, 4)} (${n - 1})`
  gen.tournamentNames.add(nome)
  return nome
}

/**
 * The order of play of a tournament as its page will show it (orderOfPlay, server/domain/order-of-play.ts, from
 * the first day and the club's courts for the discipline): the seed stores each match at its planned time and on
 * its planned court, and plays it then, so the database says what the page, the prints and the calendar feed say.
 * Matches are added phase by phase; a later phase never moves an earlier one (the plan places them in order).
 * Players matter to the plan only through their rest, which the round before always gives: later rounds are
 * planned before their players are known.
 */
class SeedPlan {
  private readonly planned: PlanMatch[] = []
  private plan = new Map<number, PlannedMatch>()
  private stale = false

  constructor(
    private readonly info: TournamentInfo,
    /** The club's courts for the discipline, in id order (the page's order); none: «Campo 1»… and no court id. */
    private readonly courtIds: readonly number[],
  ) {}

  private key(drawId: number, group: number | null, turno: number, posizione: number) {
    return `${drawId}:${group}:${turno}:${posizione}`
  }
  private readonly ids = new Map<string, number>()

  /** A match of the draw (`group`: the girone's order, or null), before it is played. */
  add(m: Omit<PlanMatch, 'id' | 'groupId'> & { group: number | null }) {
    const id = this.planned.length + 1
    this.ids.set(this.key(m.drawId, m.group, m.turno, m.posizione), id)
    this.planned.push({ ...m, id, groupId: m.group })
    this.stale = true
  }

  /** The planned start, day and court id (null when the club has no courts) of a match added before. */
  of(drawId: number, group: number | null, turno: number, posizione: number) {
    if (this.stale) {
      this.plan = orderOfPlay({
        firstDay: this.info.dataInizio,
        courts: this.courtIds.map(String),
        matches: this.planned,
      })
      this.stale = false
    }
    const planned = this.plan.get(this.ids.get(this.key(drawId, group, turno, posizione))!)!
    return {
      when: planned.start,
      end: planned.end,
      day: planned.day,
      courtId: this.courtIds.length > 0 ? Number(planned.court) : null,
    }
  }
}

const personsOf = (entry: Entry | undefined) =>
  entry ? (entry.partnerId ? [entry.personId, entry.partnerId] : [entry.personId]) : []

/** Draws, plays and scores a tournament (fully when concluded, up to today when in progress). */
export function playTournament(
  gen: SeedGenerator,
  info: TournamentInfo,
  formula: 'eliminazione' | 'girone' | 'gironi_eliminazione',
  ordered: Entry[],
  seedText: string,
  hashPublished: Date,
) {
  const drawnAt = new Date(hashPublished.getTime() + 3_600_000)
  const byId = new Map(ordered.map((e) => [e.id, e]))
  const plan = new SeedPlan(info, gen.courtsByClubDiscipline.get(`${info.clubId}:${info.disciplineId}`) ?? [])
  const results = new Map<number, RoundReached>()
  if (formula === 'eliminazione') {
    const draw = buildEliminationDraw(
      ordered.map((e) => e.id),
      seedText,
    )
    markSeeds(gen, draw.seeds)
    const drawId = gen.nextId('draws')
    gen.add(draws, {
      id: drawId,
      tournamentId: info.id,
      tipo: 'eliminazione',
      fase: 1,
      nome: 'Tabellone principale',
      dimensione: draw.size,
      turni: draw.rounds,
      seedHash: commitSeed(seedText),
      hashPubblicatoIl: hashPublished,
      seed: seedText,
      sorteggiatoIl: drawnAt,
      ordineIscritti: ordered.map((e) => e.id),
    })
    const played = playElimination(gen, info, plan, 1, drawId, draw.slots, draw.rounds, byId)
    if (played) for (const [entryId, r] of played) results.set(entryId, r)
  } else {
    const groupCount = formula === 'girone' ? 1 : defaultGroupCount(ordered.length)
    const groups = buildGroups(
      ordered.map((e) => e.id),
      groupCount,
      seedText,
    )
    const drawId = gen.nextId('draws')
    gen.add(draws, {
      id: drawId,
      tournamentId: info.id,
      tipo: 'gironi',
      fase: 1,
      nome: formula === 'girone' ? 'Girone unico' : 'Gironi',
      dimensione: ordered.length,
      turni: null,
      seedHash: commitSeed(seedText),
      hashPubblicatoIl: hashPublished,
      seed: seedText,
      sorteggiatoIl: drawnAt,
      ordineIscritti: ordered.map((e) => e.id),
    })
    // Every girone's matches are planned before any is played: the plan takes giornata 1 of every girone first.
    groups.forEach((members, g) =>
      roundRobinSchedule(members.length).forEach((pairs, r) =>
        pairs.forEach(([x, y], k) =>
          plan.add({
            fase: 1,
            drawId,
            group: g,
            turno: r + 1,
            posizione: k,
            players: [...personsOf(byId.get(members[x]!)), ...personsOf(byId.get(members[y]!))],
            bye: false,
          }),
        ),
      ),
    )
    let groupsEnd = drawnAt
    const finishing: number[][] = []
    groups.forEach((members, g) => {
      const groupId = gen.nextId('draw_groups')
      gen.add(drawGroups, {
        id: groupId,
        drawId,
        nome: formula === 'girone' ? 'Girone unico' : `Girone ${String.fromCharCode(65 + g)}`,
        ordine: g + 1,
      })
      const schedule = roundRobinSchedule(members.length)
      const groupResults: Parameters<typeof groupStandings>[1][number][] = []
      schedule.forEach((pairs, r) => {
        pairs.forEach(([x, y], k) => {
          const a = byId.get(members[x]!)!
          const b = byId.get(members[y]!)!
          // No walkovers in groups: a withdrawal there would distort the standings.
          const result = gen.simulate(info, a, b, { walkoverRate: 0 })
          const winner = result.winner === 'A' ? a : b
          const matchId = gen.nextId('matches')
          const { when, end, courtId } = plan.of(drawId, g, r + 1, k)
          if (end > groupsEnd) groupsEnd = end
          gen.add(matches, {
            id: matchId,
            tournamentId: info.id,
            drawId,
            groupId,
            turno: r + 1,
            posizione: k,
            entryAId: a.id,
            entryBId: b.id,
            winnerEntryId: winner.id,
            esito: result.esito,
            sets: result.sets,
            setA: result.setA,
            setB: result.setB,
            gameA: result.gameA,
            gameB: result.gameB,
            programmataIl: when,
            courtId,
            giocataIl: when,
          })
          gen.rate(info, matchId, a, b, result, when)
          groupResults.push({
            entryAId: a.id,
            entryBId: b.id,
            winnerEntryId: winner.id,
            setA: result.setA ?? 0,
            setB: result.setB ?? 0,
            gameA: result.gameA ?? 0,
            gameB: result.gameB ?? 0,
          })
        })
      })
      const standings = groupStandings(members, groupResults)
      finishing.push(standings.map((s) => s.entryId))
      for (const row of standings) {
        gen.add(groupStandingsTable, {
          groupId,
          entryId: row.entryId,
          posizione: row.posizione,
          giocate: row.giocate,
          vinte: row.vinte,
          perse: row.perse,
          setVinti: row.setVinti,
          setPersi: row.setPersi,
          gameVinti: row.gameVinti,
          gamePersi: row.gamePersi,
          punti: row.punti,
          qualificato: formula === 'gironi_eliminazione' && row.posizione <= 2,
        })
        if (formula === 'girone') results.set(row.entryId, roundReachedInRoundRobin(row.posizione))
        else results.set(row.entryId, 'GIR')
      }
    })
    if (formula === 'gironi_eliminazione') {
      const draw = knockoutFromGroups(finishing, 2)
      const knockoutId = gen.nextId('draws')
      const knockoutSeed = createHash('sha256')
        .update(`portale:${gen.options.scale}:${info.id}:2`)
        .digest('hex')
      gen.add(draws, {
        id: knockoutId,
        tournamentId: info.id,
        tipo: 'eliminazione',
        fase: 2,
        nome: 'Tabellone finale',
        dimensione: draw.size,
        turni: draw.rounds,
        // The knockout follows the standings and uses no randomness; its seed is published for uniformity.
        seedHash: commitSeed(knockoutSeed),
        hashPubblicatoIl: drawnAt,
        seed: knockoutSeed,
        // Drawn when the last girone match is over, from its standings.
        sorteggiatoIl: groupsEnd,
      })
      const played = playElimination(gen, info, plan, 2, knockoutId, draw.slots, draw.rounds, byId)
      if (played) for (const [entryId, r] of played) results.set(entryId, r)
    }
  }
  if (info.status !== 'concluso') return
  for (const [entryId, risultato] of results) {
    const entry = byId.get(entryId)!
    const punti = pointsFor(risultato, info.categoria)
    if (risultato === 'V') gen.winners.set(info.id, entry.personId)
    for (const personId of entry.partnerId ? [entry.personId, entry.partnerId] : [entry.personId]) {
      gen.add(tournamentPoints, {
        tournamentId: info.id,
        personId,
        entryId,
        sectorId: info.sectorId,
        risultato,
        categoria: info.categoria,
        punti,
        data: info.dataFine,
      })
      gen.pointsRecords.push({
        personId,
        tournamentId: info.id,
        punti,
        data: info.dataFine,
        sectorId: info.sectorId,
        circuitId: info.circuitId,
      })
    }
  }
}

export function markSeeds(gen: SeedGenerator, seeds: Map<number, number>) {
  const rows = gen.pending.get(tournamentEntries)!
  // The entries were added just before: search from the end, stop once every seed is marked.
  let left = seeds.size
  for (let k = rows.length - 1; k >= 0 && left > 0; k--) {
    const seed = seeds.get(rows[k]!.id as number)
    if (seed === undefined) continue
    rows[k]!.testaDiSerie = seed
    left--
  }
}

/**
 * Plays an elimination draw round by round. Matches on days after the reference day stay da_giocare (with the
 * entries known so far). Returns each entry's result when the draw is complete, otherwise null.
 */
export function playElimination(
  gen: SeedGenerator,
  info: TournamentInfo,
  plan: SeedPlan,
  fase: number,
  drawId: number,
  slots: (number | null)[],
  rounds: number,
  byId: Map<number, Entry>,
): Map<number, RoundReached> | null {
  // The whole draw is planned first: the byes of the first round are known, later rounds have none.
  for (let turno = 1; turno <= rounds; turno++) {
    for (let posizione = 0; posizione < slots.length >> turno; posizione++) {
      const [a, b] = turno === 1 ? [slots[posizione * 2] ?? null, slots[posizione * 2 + 1] ?? null] : [0, 0]
      plan.add({
        fase,
        drawId,
        group: null,
        turno,
        posizione,
        players: turno === 1 ? [...personsOf(byId.get(a!)), ...personsOf(byId.get(b!))] : [],
        bye: a === null || b === null,
      })
    }
  }
  let current: (number | null)[] = slots
  const played: EliminationMatch[] = []
  let complete = true
  for (let turno = 1; turno <= rounds; turno++) {
    const next: (number | null)[] = new Array(current.length / 2).fill(null)
    for (let posizione = 0; posizione < current.length / 2; posizione++) {
      const aId = current[posizione * 2] ?? null
      const bId = current[posizione * 2 + 1] ?? null
      const matchId = gen.nextId('matches')
      const bye = turno === 1 && (aId === null || bId === null)
      // A bye has no time and no court; every other match is where the order of play puts it, players known or not.
      const planned = bye ? null : plan.of(drawId, null, turno, posizione)
      const playable = info.status === 'concluso' || (planned !== null && planned.day < gen.refDay)
      const common = {
        id: matchId,
        tournamentId: info.id,
        drawId,
        groupId: null,
        turno,
        posizione,
        entryAId: aId,
        entryBId: bId,
        programmataIl: planned?.when ?? null,
        courtId: planned?.courtId ?? null,
      }
      const target = nextSlot(turno, posizione)
      const advance = (winner: number) => {
        next[target.posizione * 2 + (target.side === 'A' ? 0 : 1)] = winner
      }
      if (bye) {
        const winner = (aId ?? bId)!
        gen.add(matches, {
          ...common,
          winnerEntryId: winner,
          esito: 'bye',
          sets: null,
          setA: null,
          setB: null,
          gameA: null,
          gameB: null,
          giocataIl: null,
        })
        played.push({ turno, entryAId: aId, entryBId: bId, winnerEntryId: winner, esito: 'bye' })
        advance(winner)
        continue
      }
      if (aId === null || bId === null || !playable || planned === null) {
        complete = false
        gen.add(matches, {
          ...common,
          winnerEntryId: null,
          esito: 'da_giocare',
          sets: null,
          setA: null,
          setB: null,
          gameA: null,
          gameB: null,
          giocataIl: null,
        })
        continue
      }
      const a = byId.get(aId)!
      const b = byId.get(bId)!
      const result = gen.simulate(info, a, b)
      const winner = result.winner === 'A' ? a : b
      gen.add(matches, {
        ...common,
        winnerEntryId: winner.id,
        esito: result.esito,
        sets: result.sets,
        setA: result.setA,
        setB: result.setB,
        gameA: result.gameA,
        gameB: result.gameB,
        giocataIl: planned.when,
      })
      gen.rate(info, matchId, a, b, result, planned.when)
      played.push({ turno, entryAId: aId, entryBId: bId, winnerEntryId: winner.id, esito: result.esito })
      advance(winner.id)
    }
    current = next
  }
  if (!complete) return null
  const results = new Map<number, RoundReached>()
  for (const r of eliminationResults(played, rounds, info.categoria)) results.set(r.entryId, r.risultato)
  return results
}

// -------------------------------------------------------------------------------------------------------
// Team championships
