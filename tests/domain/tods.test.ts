// A tournament as ITF Tennis Open Data Standards JSON (server/domain/tods.ts), from plain rows, without the
// database: participants (persons and pairs), the event's discipline, gender and format, the draw definition with
// its structures (elimination, gironi in a container, the knockout after them, linked by finishing position), the
// draw positions and byes, the seeds of the first phase, each matchUp's status, winner, score and day; and the
// competition factory reads it back.
import { tournamentEngine } from 'tods-competition-factory'
import { describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import {
  matchUpFormatOf,
  tournamentToTods,
  type TodsDraw,
  type TodsEntry,
  type TodsInput,
  type TodsMatch,
  type TodsPerson,
} from '../../server/domain/tods.ts'

const person = (id: number, cognome: string, nome: string, sesso: string | null): TodsPerson => ({
  id,
  nome,
  cognome,
  sesso,
})
const match = (over: Partial<TodsMatch> & Pick<TodsMatch, 'id'>): TodsMatch => ({
  groupId: null,
  turno: 1,
  posizione: 0,
  entryAId: null,
  entryBId: null,
  winnerEntryId: null,
  esito: 'da_giocare',
  sets: null,
  giocataIl: null,
  programmataIl: null,
  ...over,
})
const draw = (over: Partial<TodsDraw> & Pick<TodsDraw, 'id' | 'tipo' | 'fase'>): TodsDraw => ({
  nome: 'Tabellone',
  dimensione: 4,
  seedHash: 'hash',
  hashPubblicatoIl: new Date('2026-04-28T10:00:00Z'),
  seed: null,
  sorteggiatoIl: null,
  ordineIscritti: null,
  groups: [],
  matches: [],
  ...over,
})
const tournament = (over: Partial<TodsInput['tournament']> = {}): TodsInput['tournament'] => ({
  id: 5,
  nome: 'Open di primavera',
  disciplineId: DISCIPLINE_IDS.TENNIS,
  sectorId: SECTOR_IDS.TENNIS,
  specialita: 'singolare',
  genere: 'F',
  categoria: 'OPEN',
  formula: 'eliminazione',
  dataInizio: '2026-05-02',
  dataFine: '2026-05-04',
  circolo: 'TC Roma',
  status: 'in_corso',
  ...over,
})

// Singles: three players in a draw of four (one bye), two seeds, a semifinal played with two tie-breaks.
const singles: TodsInput = {
  tournament: tournament(),
  entries: [
    { id: 1, person: person(1, 'Rossi', 'Anna', 'F'), partner: null, testaDiSerie: 1 },
    { id: 2, person: person(2, 'Bianchi', 'Bea', 'F'), partner: null, testaDiSerie: null },
    { id: 3, person: person(3, 'Verdi', 'Carla', null), partner: null, testaDiSerie: 2 },
  ],
  draws: [
    draw({
      id: 11,
      tipo: 'eliminazione',
      fase: 1,
      seed: 'seme',
      sorteggiatoIl: new Date('2026-05-01T09:00:00Z'),
      ordineIscritti: [1, 2, 3, 77],
      matches: [
        match({ id: 1, posizione: 0, entryAId: 1, winnerEntryId: 1, esito: 'bye' }),
        match({
          id: 2,
          posizione: 1,
          entryAId: 2,
          entryBId: 3,
          winnerEntryId: 3,
          esito: 'giocata',
          sets: [
            { a: 6, b: 7, tiebreak: 8 },
            { a: 7, b: 6, tiebreak: 5 },
            { a: 3, b: 6 },
          ],
          giocataIl: new Date('2026-05-03T10:00:00Z'),
          programmataIl: new Date('2026-05-02T08:00:00Z'),
        }),
        match({ id: 3, turno: 2, entryAId: 1, entryBId: 3, programmataIl: new Date('2026-05-04T08:00:00Z') }),
      ],
    }),
  ],
}

const pair = (id: number, a: TodsPerson, b: TodsPerson): TodsEntry => ({
  id,
  person: a,
  partner: b,
  testaDiSerie: id === 1 ? 1 : null,
})
// Doubles of pickleball: two gironi, then the knockout (listed first: the structures follow the phases).
const doubles: TodsInput = {
  tournament: tournament({
    id: 6,
    disciplineId: DISCIPLINE_IDS.PICKLEBALL,
    sectorId: SECTOR_IDS.PICKLEBALL,
    specialita: 'doppio',
    genere: 'X',
    formula: 'gironi_eliminazione',
    circolo: null,
  }),
  entries: [
    pair(1, person(1, 'Rossi', 'Anna', 'F'), person(2, 'Bianchi', 'Bruno', 'M')),
    pair(2, person(3, 'Verdi', 'Carla', 'F'), person(4, 'Neri', 'Dario', 'M')),
    pair(3, person(5, 'Gialli', 'Elena', 'F'), person(6, 'Blu', 'Fabio', 'M')),
    pair(4, person(7, 'Viola', 'Gina', 'F'), person(8, 'Rosa', 'Ugo', 'M')),
  ],
  draws: [
    draw({
      id: 21,
      tipo: 'eliminazione',
      fase: 2,
      nome: 'Tabellone finale',
      dimensione: 2,
      matches: [match({ id: 10, entryAId: 1, entryBId: 4, winnerEntryId: 1, esito: 'walkover' })],
    }),
    draw({
      id: 20,
      tipo: 'gironi',
      fase: 1,
      nome: 'Gironi',
      groups: [
        { id: 2, nome: 'Girone B', ordine: 2, entryIds: [3, 4] },
        { id: 1, nome: 'Girone A', ordine: 1, entryIds: [1, 2] },
      ],
      matches: [
        match({
          id: 5,
          groupId: 1,
          entryAId: 1,
          entryBId: 2,
          winnerEntryId: 2,
          esito: 'giocata',
          sets: [
            { a: 8, b: 11 },
            { a: 9, b: 11 },
          ],
        }),
        match({
          id: 6,
          groupId: 2,
          entryAId: 4,
          entryBId: 3,
          winnerEntryId: 4,
          esito: 'ritiro',
          sets: [
            { a: 11, b: 5 },
            { a: 2, b: 0 },
          ],
        }),
      ],
    }),
  ],
}

describe('a tournament as TODS', () => {
  it('describes the tournament, its persons and its event: discipline, gender, format, category', () => {
    const tods = tournamentToTods(singles)
    expect(tods).toMatchObject({
      tournamentId: 'torneo-5',
      tournamentName: 'Open di primavera',
      startDate: '2026-05-02',
      endDate: '2026-05-04',
      hostCountryCode: 'ITA',
      localTimeZone: 'Europe/Rome',
      parentOrganisation: { organisationName: 'TC Roma' },
    })
    expect(tods.participants).toEqual([
      {
        participantId: 'persona-1',
        participantName: 'Rossi Anna',
        participantType: 'INDIVIDUAL',
        participantRole: 'COMPETITOR',
        person: {
          personId: '1',
          standardGivenName: 'Anna',
          standardFamilyName: 'Rossi',
          nationalityCode: 'ITA',
          sex: 'FEMALE',
        },
      },
      expect.objectContaining({ participantId: 'persona-2' }),
      expect.objectContaining({ participantId: 'persona-3', participantName: 'Verdi Carla' }),
    ])
    expect(tods.participants![2]!.person).not.toHaveProperty('sex')
    const [event] = tods.events!
    expect(event).toMatchObject({
      eventId: 'evento-5',
      eventName: 'Open di primavera',
      eventType: 'SINGLES',
      discipline: 'TENNIS',
      gender: 'FEMALE',
      startDate: '2026-05-02',
      endDate: '2026-05-04',
      matchUpFormat: 'SET3-S:6/TB7',
      extensions: [{ name: 'categoria', value: 'OPEN' }],
    })
    expect(event!.entries).toEqual(
      ['persona-1', 'persona-2', 'persona-3'].map((participantId) => ({
        participantId,
        entryStatus: 'DIRECT_ACCEPTANCE',
        entryStage: 'MAIN',
      })),
    )
  })

  it('places an elimination draw: positions from the first round, byes, the seeds, the draw’s seed and order', () => {
    const definition = tournamentToTods(singles).events![0]!.drawDefinitions![0]!
    expect(definition).toMatchObject({
      drawId: 'torneo-5',
      drawName: 'Open di primavera',
      drawType: 'SINGLE_ELIMINATION',
      matchUpFormat: 'SET3-S:6/TB7',
      matchUpType: 'SINGLES',
      links: [],
    })
    expect(definition.entries).toHaveLength(3)
    const [structure] = definition.structures!
    expect(structure).toMatchObject({
      structureId: 'tabellone-11',
      structureName: 'Tabellone',
      stage: 'MAIN',
      stageSequence: 1,
      structureType: 'ITEM',
      matchUpFormat: 'SET3-S:6/TB7',
      matchUpType: 'SINGLES',
      positionAssignments: [
        { drawPosition: 1, participantId: 'persona-1' },
        { drawPosition: 2, bye: true },
        { drawPosition: 3, participantId: 'persona-2' },
        { drawPosition: 4, participantId: 'persona-3' },
      ],
      seedAssignments: [
        { seedNumber: 1, seedValue: 1, participantId: 'persona-1' },
        { seedNumber: 2, seedValue: 2, participantId: 'persona-3' },
      ],
    })
    expect(structure!.extensions).toEqual([
      {
        name: 'sorteggio',
        value: {
          seedHash: 'hash',
          hashPubblicatoIl: '2026-04-28T10:00:00.000Z',
          seed: 'seme',
          sorteggiatoIl: '2026-05-01T09:00:00.000Z',
          ordineIscritti: ['persona-1', 'persona-2', 'persona-3', 'iscrizione-77'],
        },
      },
    ])
    const unsorted = tournamentToTods({
      ...singles,
      draws: [{ ...singles.draws[0]!, seed: null, sorteggiatoIl: null, ordineIscritti: null }],
    })
    expect(unsorted.events![0]!.drawDefinitions![0]!.structures![0]!.extensions![0]!.value).toMatchObject({
      seed: null,
      sorteggiatoIl: null,
      ordineIscritti: null,
    })
  })

  it('writes each matchUp: status, winner, score with the tie-breaks, the day played or scheduled', () => {
    const [bye, semifinal, final] =
      tournamentToTods(singles).events![0]!.drawDefinitions![0]!.structures![0]!.matchUps!
    expect(bye).toEqual({
      matchUpId: 'partita-1',
      matchUpFormat: 'SET3-S:6/TB7',
      matchUpType: 'SINGLES',
      matchUpStatus: 'BYE',
      roundNumber: 1,
      roundPosition: 1,
      drawPositions: [1, 2],
    })
    expect(semifinal).toMatchObject({
      matchUpStatus: 'COMPLETED',
      roundPosition: 2,
      drawPositions: [3, 4],
      winningSide: 2,
      schedule: { scheduledDate: '2026-05-03' },
      score: {
        scoreStringSide1: '6-7(8) 7-6(5) 3-6',
        scoreStringSide2: '7-6(8) 6-7(5) 6-3',
        sets: [
          {
            setNumber: 1,
            side1Score: 6,
            side2Score: 7,
            side1TiebreakScore: 8,
            side2TiebreakScore: 10,
            winningSide: 2,
          },
          {
            setNumber: 2,
            side1Score: 7,
            side2Score: 6,
            side1TiebreakScore: 7,
            side2TiebreakScore: 5,
            winningSide: 1,
          },
          { setNumber: 3, side1Score: 3, side2Score: 6, winningSide: 2 },
        ],
      },
    })
    expect(final).toMatchObject({
      matchUpStatus: 'TO_BE_PLAYED',
      roundNumber: 2,
      roundPosition: 1,
      drawPositions: [1, 4],
      schedule: { scheduledDate: '2026-05-04' },
    })
    expect(final).not.toHaveProperty('winningSide')
    expect(final).not.toHaveProperty('score')
  })

  it('puts gironi in a container, in their order, and links the knockout to their first two', () => {
    const tods = tournamentToTods(doubles)
    expect(tods).not.toHaveProperty('parentOrganisation')
    expect(tods.events![0]).toMatchObject({
      eventType: 'DOUBLES',
      discipline: 'PICKLEBALL',
      gender: 'ANY',
      matchUpFormat: 'SET3-S:TB11',
    })
    expect(tods.participants).toContainEqual({
      participantId: 'coppia-1',
      participantName: 'Rossi / Bianchi',
      participantType: 'PAIR',
      participantRole: 'COMPETITOR',
      individualParticipantIds: ['persona-1', 'persona-2'],
    })
    expect(tods.participants).toHaveLength(12)
    expect(tods.participants!.find((p) => p.participantId === 'persona-2')!.person!.sex).toBe('MALE')
    const definition = tods.events![0]!.drawDefinitions![0]!
    expect(definition.drawType).toBe('ROUND_ROBIN_WITH_PLAYOFF')
    expect(definition.entries!.map((e) => e.participantId)).toEqual([
      'coppia-1',
      'coppia-2',
      'coppia-3',
      'coppia-4',
    ])
    const [container, knockout] = definition.structures!
    expect(container).toMatchObject({
      structureId: 'tabellone-20',
      stage: 'MAIN',
      structureType: 'CONTAINER',
      finishingPosition: 'WIN_RATIO',
      matchUpType: 'DOUBLES',
      structures: [
        {
          structureId: 'girone-1',
          structureName: 'Girone A',
          structureType: 'ITEM',
          positionAssignments: [
            { drawPosition: 1, participantId: 'coppia-1' },
            { drawPosition: 2, participantId: 'coppia-2' },
          ],
          matchUps: [
            {
              matchUpId: 'partita-5',
              matchUpStatus: 'COMPLETED',
              drawPositions: [1, 2],
              winningSide: 2,
              score: {
                sets: [
                  { setNumber: 1, side1Score: 8, side2Score: 11, winningSide: 2 },
                  { setNumber: 2, side1Score: 9, side2Score: 11, winningSide: 2 },
                ],
              },
            },
          ],
        },
        {
          structureId: 'girone-2',
          structureName: 'Girone B',
          positionAssignments: [
            { drawPosition: 3, participantId: 'coppia-3' },
            { drawPosition: 4, participantId: 'coppia-4' },
          ],
          matchUps: [
            { matchUpId: 'partita-6', matchUpStatus: 'RETIRED', drawPositions: [4, 3], winningSide: 1 },
          ],
        },
      ],
    })
    // A rally game is won at any score: the retired match's unfinished 2-0 has a winner.
    const retired = container!.structures![1]!.matchUps![0]!
    expect(retired.score!.sets!.map((s) => s.winningSide)).toEqual([1, 1])
    expect(knockout).toMatchObject({
      structureId: 'tabellone-21',
      stage: 'PLAY_OFF',
      structureType: 'ITEM',
      positionAssignments: [
        { drawPosition: 1, participantId: 'coppia-1' },
        { drawPosition: 2, participantId: 'coppia-4' },
      ],
      // Seeds place only the first phase.
      seedAssignments: [],
      matchUps: [
        { matchUpId: 'partita-10', matchUpStatus: 'WALKOVER', winningSide: 1, drawPositions: [1, 2] },
      ],
    })
    expect(knockout!.matchUps![0]).not.toHaveProperty('score')
    expect(definition.links).toEqual([
      {
        linkType: 'POSITION',
        source: { structureId: 'tabellone-20', finishingPositions: [1, 2] },
        target: { structureId: 'tabellone-21', feedProfile: 'TOP_DOWN', roundNumber: 1 },
      },
    ])
  })

  it('gives a later round its positions from the first round’s, and a set under six no winner in tennis', () => {
    const later = tournamentToTods({
      ...singles,
      draws: [
        {
          ...singles.draws[0]!,
          matches: [
            ...singles.draws[0]!.matches.slice(0, 2),
            match({
              id: 3,
              turno: 2,
              entryAId: 3,
              entryBId: 1,
              winnerEntryId: 3,
              esito: 'ritiro',
              sets: [{ a: 4, b: 2 }],
              giocataIl: new Date('2026-05-04T21:30:00Z'),
            }),
          ],
        },
      ],
    })
    const final = later.events![0]!.drawDefinitions![0]!.structures![0]!.matchUps![2]!
    expect(final).toMatchObject({
      drawPositions: [4, 1],
      winningSide: 1,
      schedule: { scheduledDate: '2026-05-04' },
    })
    expect(final.score!.sets![0]).not.toHaveProperty('winningSide')
  })

  it('reads the rows in any order: positions by the first round, seeds by number, a side still unknown left out', () => {
    const [bye, semifinal] = singles.draws[0]!.matches
    const reordered = tournamentToTods({
      ...singles,
      entries: singles.entries.map((e) => ({ ...e, testaDiSerie: e.id === 3 ? 1 : e.id === 1 ? 2 : null })),
      draws: [
        {
          ...singles.draws[0]!,
          matches: [
            match({ id: 3, turno: 2, entryAId: 1, entryBId: null, esito: 'sospesa' }),
            semifinal!,
            bye!,
          ],
        },
      ],
    })
    const structure = reordered.events![0]!.drawDefinitions![0]!.structures![0]!
    expect(structure.positionAssignments!.map((p) => p.participantId ?? 'bye')).toEqual([
      'persona-1',
      'bye',
      'persona-2',
      'persona-3',
    ])
    expect(structure.seedAssignments).toEqual([
      { seedNumber: 1, seedValue: 1, participantId: 'persona-3' },
      { seedNumber: 2, seedValue: 2, participantId: 'persona-1' },
    ])
    // An outcome TODS has no word for is a match still to be played.
    expect(structure.matchUps![0]).toMatchObject({ drawPositions: [1], matchUpStatus: 'TO_BE_PLAYED' })
  })

  it('names the discipline and the gender from the tournament, and the draw type from its formula', () => {
    const of = (over: Partial<TodsInput['tournament']>) =>
      tournamentToTods({ tournament: tournament(over), entries: [], draws: [] }).events![0]!
    expect(of({ disciplineId: DISCIPLINE_IDS.PADEL, sectorId: SECTOR_IDS.PADEL, genere: 'M' })).toMatchObject(
      {
        discipline: 'PADEL',
        gender: 'MALE',
        drawDefinitions: [],
      },
    )
    expect(of({ disciplineId: DISCIPLINE_IDS.BEACH_TENNIS, sectorId: SECTOR_IDS.BEACH }).discipline).toBe(
      'BEACH_TENNIS',
    )
    expect(of({ sectorId: SECTOR_IDS.WHEELCHAIR }).discipline).toBe('WHEELCHAIR_TENNIS')
    expect(of({ sectorId: SECTOR_IDS.FITPJ }).discipline).toBe('TENNIS')
    expect(matchUpFormatOf(DISCIPLINE_IDS.PADEL)).toBe('SET3-S:6/TB7')
    const girone = tournamentToTods({
      tournament: tournament({ formula: 'girone' }),
      entries: doubles.entries,
      draws: [doubles.draws[1]!],
    })
    expect(girone.events![0]!.drawDefinitions![0]).toMatchObject({ drawType: 'ROUND_ROBIN', links: [] })
  })

  it('is read back by the competition factory, every matchUp with it', () => {
    for (const input of [singles, doubles]) {
      const record = JSON.parse(JSON.stringify(tournamentToTods(input)))
      expect(tournamentEngine.setState(record).success).toBe(true)
      const matchUps = tournamentEngine.allTournamentMatchUps({ inContext: true }).matchUps ?? []
      expect(matchUps.map((m: { matchUpId: string }) => m.matchUpId).toSorted()).toEqual(
        input.draws.flatMap((d) => d.matches.map((m) => `partita-${m.id}`)).toSorted(),
      )
    }
  })
})
