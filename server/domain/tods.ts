// A tournament as ITF Tennis Open Data Standards JSON (TODS): participants, one event, its draw definition with
// structures (elimination, round-robin groups in a container, the knockout after the groups), matchUps with
// scores. Built from plain rows so any other federation system can read our tournaments; the factory
// (tods-competition-factory) reads it back in the tests, which is how we know it is valid TODS.
import type {
  DrawDefinition,
  DrawLink,
  MatchUp,
  Participant,
  PositionAssignment,
  SeedAssignment,
  Structure,
  Tournament,
} from 'tods-competition-factory'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { scoreString, scoringOf, type SetScore } from '../../contract/scores.ts'

export type TodsPerson = { id: number; nome: string; cognome: string; sesso: string | null }
export type TodsEntry = {
  id: number
  person: TodsPerson
  partner: TodsPerson | null
  testaDiSerie: number | null
}
export type TodsMatch = {
  id: number
  groupId: number | null
  turno: number
  posizione: number
  entryAId: number | null
  entryBId: number | null
  winnerEntryId: number | null
  esito: string
  sets: SetScore[] | null
  giocataIl: Date | null
  programmataIl: Date | null
}
export type TodsDraw = {
  id: number
  tipo: 'eliminazione' | 'gironi'
  fase: number
  nome: string
  dimensione: number
  seedHash: string
  hashPubblicatoIl: Date
  seed: string | null
  sorteggiatoIl: Date | null
  ordineIscritti: number[] | null
  groups: { id: number; nome: string; ordine: number; entryIds: number[] }[]
  matches: TodsMatch[]
}
export type TodsInput = {
  tournament: {
    id: number
    nome: string
    disciplineId: number
    sectorId: number
    specialita: string
    genere: string
    categoria: string
    formula: string
    dataInizio: string
    dataFine: string
    circolo: string | null
    status: string
  }
  entries: TodsEntry[]
  draws: TodsDraw[]
}

/** The format code of a best-of-three match in our scoring (TODS matchUpFormat). */
export function matchUpFormatOf(disciplineId: number): string {
  return scoringOf(disciplineId) === 'rally' ? 'SET3-S:TB11' : 'SET3-S:6/TB7'
}

function disciplineOf(disciplineId: number, sectorId: number): string {
  if (sectorId === SECTOR_IDS.WHEELCHAIR) return 'WHEELCHAIR_TENNIS'
  switch (disciplineId) {
    case DISCIPLINE_IDS.PADEL:
      return 'PADEL'
    case DISCIPLINE_IDS.BEACH_TENNIS:
      return 'BEACH_TENNIS'
    case DISCIPLINE_IDS.PICKLEBALL:
      return 'PICKLEBALL'
    default:
      return 'TENNIS'
  }
}

const STATUS: Record<string, NonNullable<MatchUp['matchUpStatus']>> = {
  da_giocare: 'TO_BE_PLAYED',
  giocata: 'COMPLETED',
  walkover: 'WALKOVER',
  ritiro: 'RETIRED',
  bye: 'BYE',
}

const personId = (id: number) => `persona-${id}`
const entryParticipantId = (entry: TodsEntry) =>
  entry.partner ? `coppia-${entry.id}` : personId(entry.person.id)
const sexOf = (sesso: string | null) => (sesso === 'M' ? 'MALE' : sesso === 'F' ? 'FEMALE' : undefined)
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : undefined)

function individual(p: TodsPerson): Participant {
  const sex = sexOf(p.sesso)
  return {
    participantId: personId(p.id),
    participantName: `${p.cognome} ${p.nome}`,
    participantType: 'INDIVIDUAL',
    participantRole: 'COMPETITOR',
    person: {
      personId: String(p.id),
      standardGivenName: p.nome,
      standardFamilyName: p.cognome,
      nationalityCode: 'ITA',
      ...(sex ? { sex } : {}),
    },
  }
}

/** The tournament as a TODS record. */
export function tournamentToTods(input: TodsInput): Tournament {
  const { tournament: t } = input
  const participants = new Map<string, Participant>()
  const participantOf = new Map<number, string>()
  for (const entry of input.entries) {
    for (const p of entry.partner ? [entry.person, entry.partner] : [entry.person])
      participants.set(personId(p.id), individual(p))
    if (entry.partner) {
      participants.set(entryParticipantId(entry), {
        participantId: entryParticipantId(entry),
        participantName: `${entry.person.cognome} / ${entry.partner.cognome}`,
        participantType: 'PAIR',
        participantRole: 'COMPETITOR',
        individualParticipantIds: [personId(entry.person.id), personId(entry.partner.id)],
      })
    }
    participantOf.set(entry.id, entryParticipantId(entry))
  }
  const matchUpFormat = matchUpFormatOf(t.disciplineId)
  const matchUpType = t.specialita === 'doppio' ? 'DOUBLES' : 'SINGLES'
  const seeds = new Map(
    input.entries.filter((e) => e.testaDiSerie !== null).map((e) => [e.id, e.testaDiSerie!]),
  )
  const ordered = [...input.draws].sort((a, b) => a.fase - b.fase)
  const structures: Structure[] = []
  const links: DrawLink[] = []
  for (const draw of ordered) {
    const structureId = `tabellone-${draw.id}`
    const stage = draw.fase === 1 ? 'MAIN' : 'PLAY_OFF'
    const extensions = [
      {
        name: 'sorteggio',
        value: {
          seedHash: draw.seedHash,
          hashPubblicatoIl: draw.hashPubblicatoIl.toISOString(),
          seed: draw.seed,
          sorteggiatoIl: draw.sorteggiatoIl?.toISOString() ?? null,
          ordineIscritti:
            draw.ordineIscritti?.map((id) => participantOf.get(id) ?? `iscrizione-${id}`) ?? null,
        },
      },
    ]
    if (draw.tipo === 'eliminazione') {
      structures.push({
        structureId,
        structureName: draw.nome,
        stage,
        stageSequence: 1,
        structureType: 'ITEM' as Structure['structureType'],
        matchUpFormat,
        matchUpType,
        extensions,
        ...eliminationStructure(draw, participantOf, seeds, { matchUpFormat, matchUpType }),
      } as Structure)
      continue
    }
    let offset = 0
    const items: Structure[] = [...draw.groups]
      .sort((a, b) => a.ordine - b.ordine)
      .map((group) => {
        const positionOf = new Map(group.entryIds.map((id, i) => [id, offset + i + 1]))
        const positionAssignments: PositionAssignment[] = group.entryIds.map((id, i) => ({
          drawPosition: offset + i + 1,
          participantId: participantOf.get(id)!,
        }))
        offset += group.entryIds.length
        return {
          structureId: `girone-${group.id}`,
          structureName: group.nome,
          structureType: 'ITEM' as Structure['structureType'],
          positionAssignments,
          matchUps: draw.matches
            .filter((m) => m.groupId === group.id)
            .map((m) =>
              matchUp(m, { matchUpFormat, matchUpType }, [
                positionOf.get(m.entryAId!)!,
                positionOf.get(m.entryBId!)!,
              ]),
            ),
        }
      })
    structures.push({
      structureId,
      structureName: draw.nome,
      stage,
      stageSequence: 1,
      structureType: 'CONTAINER' as Structure['structureType'],
      finishingPosition: 'WIN_RATIO',
      matchUpFormat,
      matchUpType,
      extensions,
      structures: items,
    } as Structure)
  }
  const container = ordered.find((d) => d.tipo === 'gironi')
  const knockout = ordered.find((d) => d.tipo === 'eliminazione' && d.fase === 2)
  if (container && knockout) {
    links.push({
      linkType: 'POSITION',
      source: { structureId: `tabellone-${container.id}`, finishingPositions: [1, 2] },
      target: { structureId: `tabellone-${knockout.id}`, feedProfile: 'TOP_DOWN', roundNumber: 1 },
    } as DrawLink)
  }
  const drawType =
    t.formula === 'eliminazione'
      ? 'SINGLE_ELIMINATION'
      : t.formula === 'girone'
        ? 'ROUND_ROBIN'
        : 'ROUND_ROBIN_WITH_PLAYOFF'
  const drawDefinitions: DrawDefinition[] =
    structures.length === 0
      ? []
      : [
          {
            drawId: `torneo-${t.id}`,
            drawName: t.nome,
            drawType: drawType as DrawDefinition['drawType'],
            matchUpFormat,
            matchUpType,
            entries: input.entries.map((e) => ({
              participantId: entryParticipantId(e),
              entryStatus: 'DIRECT_ACCEPTANCE',
              entryStage: 'MAIN',
            })),
            structures,
            links,
          } as DrawDefinition,
        ]
  return {
    tournamentId: `torneo-${t.id}`,
    tournamentName: t.nome,
    startDate: t.dataInizio,
    endDate: t.dataFine,
    hostCountryCode: 'ITA',
    localTimeZone: 'Europe/Rome',
    ...(t.circolo ? { parentOrganisation: { organisationName: t.circolo } } : {}),
    participants: [...participants.values()],
    events: [
      {
        eventId: `evento-${t.id}`,
        eventName: t.nome,
        eventType: matchUpType,
        discipline: disciplineOf(t.disciplineId, t.sectorId),
        gender: t.genere === 'M' ? 'MALE' : t.genere === 'F' ? 'FEMALE' : 'ANY',
        startDate: t.dataInizio,
        endDate: t.dataFine,
        matchUpFormat,
        entries: input.entries.map((e) => ({
          participantId: entryParticipantId(e),
          entryStatus: 'DIRECT_ACCEPTANCE',
          entryStage: 'MAIN',
        })),
        extensions: [{ name: 'categoria', value: t.categoria }],
        drawDefinitions,
      },
    ],
  } as Tournament
}

function eliminationStructure(
  draw: TodsDraw,
  participantOf: Map<number, string>,
  seeds: Map<number, number>,
  format: { matchUpFormat: string; matchUpType: string },
): { positionAssignments: PositionAssignment[]; seedAssignments: SeedAssignment[]; matchUps: MatchUp[] } {
  const firstRound = draw.matches.filter((m) => m.turno === 1).sort((a, b) => a.posizione - b.posizione)
  const positionOf = new Map<number, number>()
  const positionAssignments: PositionAssignment[] = []
  for (const m of firstRound) {
    const [a, b] = [m.posizione * 2 + 1, m.posizione * 2 + 2]
    for (const [entryId, drawPosition] of [
      [m.entryAId, a],
      [m.entryBId, b],
    ] as const) {
      if (entryId === null) positionAssignments.push({ drawPosition, bye: true })
      else {
        positionOf.set(entryId, drawPosition)
        positionAssignments.push({ drawPosition, participantId: participantOf.get(entryId)! })
      }
    }
  }
  const seedAssignments: SeedAssignment[] = [...positionOf.keys()]
    .filter((id) => draw.fase === 1 && seeds.has(id))
    .map((id) => ({
      seedNumber: seeds.get(id)!,
      seedValue: seeds.get(id)!,
      participantId: participantOf.get(id)!,
    }))
    .sort((a, b) => a.seedNumber - b.seedNumber)
  const matchUps = draw.matches
    .filter((m) => m.groupId === null)
    .map((m) => {
      const positions =
        m.turno === 1
          ? [m.posizione * 2 + 1, m.posizione * 2 + 2]
          : [m.entryAId, m.entryBId]
              .filter((id): id is number => id !== null)
              .map((id) => positionOf.get(id)!)
      return matchUp(m, format, positions)
    })
  return { positionAssignments, seedAssignments, matchUps }
}

function matchUp(
  m: TodsMatch,
  format: { matchUpFormat: string; matchUpType: string },
  drawPositions: number[],
): MatchUp {
  const winningSide = m.winnerEntryId === null ? undefined : m.winnerEntryId === m.entryAId ? 1 : 2
  const sets = m.sets ?? []
  const out: MatchUp = {
    matchUpId: `partita-${m.id}`,
    matchUpFormat: format.matchUpFormat,
    matchUpType: format.matchUpType as MatchUp['matchUpType'],
    matchUpStatus: STATUS[m.esito] ?? 'TO_BE_PLAYED',
    roundNumber: m.turno,
    roundPosition: m.posizione + 1,
    drawPositions,
    ...(m.esito !== 'bye' && winningSide !== undefined ? { winningSide } : {}),
  }
  if (sets.length > 0) {
    out.score = {
      scoreStringSide1: scoreString(sets, 'A'),
      scoreStringSide2: scoreString(sets, 'B'),
      sets: sets.map((s, i) => ({
        setNumber: i + 1,
        side1Score: s.a,
        side2Score: s.b,
        ...(s.tiebreak !== undefined
          ? s.a > s.b
            ? { side2TiebreakScore: s.tiebreak, side1TiebreakScore: Math.max(7, s.tiebreak + 2) }
            : { side1TiebreakScore: s.tiebreak, side2TiebreakScore: Math.max(7, s.tiebreak + 2) }
          : {}),
        ...(s.a !== s.b && (Math.max(s.a, s.b) >= 6 || format.matchUpFormat.includes('TB11'))
          ? { winningSide: s.a > s.b ? 1 : 2 }
          : {}),
      })),
    } as MatchUp['score']
  }
  const when = day(m.giocataIl) ?? day(m.programmataIl)
  if (when) out.schedule = { scheduledDate: when } as MatchUp['schedule']
  return out
}
