// The tournament page's data as tornei/dettaglio/view answers it (server/domain/tournament-detail.ts): the
// detail's words and links, each match read from the winner's side with its time and court, the draw's phases by
// round or by girone, and the standings of each girone.
import { describe, expect, it } from 'vitest'
import {
  fileSlug,
  formatScore,
  mapSearchUrl,
  planOf,
  type DetailRows,
  type DrawRows,
  type EntrySide,
  type MatchRow,
  toClassifiche,
  toDettaglio,
  toIncontro,
  toTabelloni,
} from '../../server/domain/tournament-detail.ts'

const side = (id: number, ...names: string[]): EntrySide => ({
  id_iscrizione: id,
  giocatori: names.map((nome, i) => ({ id: id * 10 + i, nome })),
  testa_di_serie: null,
})
const sides = new Map([
  [1, side(1, 'Anna')],
  [2, side(2, 'Bea')],
  [3, side(3, 'Carla')],
  [4, side(4, 'Dora')],
])
const match = (over: Partial<MatchRow>): MatchRow => ({
  id: 100,
  drawId: 7,
  groupId: null,
  turno: 1,
  posizione: 1,
  entryAId: 1,
  entryBId: 2,
  winnerEntryId: null,
  esito: 'da_giocare',
  sets: null,
  ...over,
})
const sets = [
  { a: 6, b: 3 },
  { a: 4, b: 6 },
  { a: 7, b: 5 },
]

describe('toIncontro', () => {
  it('names the winning side and writes the score from it', () => {
    expect(toIncontro(match({ winnerEntryId: 1, esito: 'giocata', sets }), sides, undefined)).toMatchObject({
      a: sides.get(1),
      b: sides.get(2),
      vincitore: 'a',
      punteggio: '6-3 4-6 7-5',
      set: sets,
    })
    expect(toIncontro(match({ winnerEntryId: 2, esito: 'giocata', sets }), sides, undefined)).toMatchObject({
      vincitore: 'b',
      punteggio: '3-6 6-4 5-7',
    })
  })

  it('has no winner while unplayed, nor for a winner that is neither side', () => {
    expect(toIncontro(match({}), sides, undefined)).toMatchObject({ vincitore: null, punteggio: '', set: [] })
    expect(
      toIncontro(match({ winnerEntryId: 9, esito: 'giocata', sets }), sides, undefined).vincitore,
    ).toBeNull()
  })

  it('keeps no sets for a walkover or a bye', () => {
    expect(toIncontro(match({ winnerEntryId: 1, esito: 'walkover', sets }), sides, undefined).set).toEqual([])
    expect(
      toIncontro(match({ entryBId: null, winnerEntryId: 1, esito: 'bye', sets }), sides, undefined),
    ).toMatchObject({ b: null, set: [] })
  })

  it('leaves a side empty when the place is empty or the entry unknown', () => {
    expect(toIncontro(match({ entryAId: null, entryBId: 99 }), sides, undefined)).toMatchObject({
      a: null,
      b: null,
    })
  })

  it('names no winner for a match still waiting for a player', () => {
    expect(toIncontro(match({ entryAId: 1, entryBId: null }), sides, undefined).vincitore).toBeNull()
  })

  it('takes the time and the court of the order of play, none when not planned', () => {
    const start = new Date('2026-05-02T08:00:00Z')
    const planned = { start, end: new Date('2026-05-02T09:30:00Z'), court: 'Campo 2', day: '2026-05-02' }
    expect(toIncontro(match({ id: 5, turno: 2, posizione: 3 }), sides, planned)).toMatchObject({
      id: 5,
      turno: 2,
      posizione: 3,
      esito: 'da_giocare',
      programmata_il: '2026-05-02T08:00:00.000Z',
      campo: 'Campo 2',
    })
    expect(toIncontro(match({}), sides, undefined)).toMatchObject({ programmata_il: null, campo: null })
  })
})

const phase = (over: Partial<DrawRows['phases'][number]>): DrawRows['phases'][number] => ({
  id: 7,
  tipo: 'eliminazione',
  fase: 1,
  nome: 'Tabellone principale',
  dimensione: 4,
  turni: 2,
  seedHash: 'abc',
  hashPubblicatoIl: new Date('2026-04-30T10:00:00Z'),
  seed: null,
  sorteggiatoIl: null,
  ...over,
})
const plan = { firstDay: '2026-05-02', courts: ['Centrale', 'Campo 2'] }

describe('toTabelloni', () => {
  it('lists an elimination phase by rounds, named from the final backwards, each with its matches', () => {
    const rows: DrawRows = {
      phases: [phase({})],
      groups: [],
      matches: [
        match({ id: 1, turno: 1, posizione: 1, entryAId: 1, entryBId: 2 }),
        match({ id: 2, turno: 1, posizione: 2, entryAId: 3, entryBId: 4 }),
        match({ id: 3, turno: 2, posizione: 1, entryAId: null, entryBId: null }),
      ],
      sides,
      plan,
    }
    const [tabellone] = toTabelloni(rows)
    expect(tabellone).toMatchObject({
      id: 7,
      tipo: 'eliminazione',
      fase: 1,
      nome: 'Tabellone principale',
      dimensione: 4,
      seed_hash: 'abc',
      hash_pubblicato_il: '2026-04-30T10:00:00.000Z',
      seed: null,
      sorteggiato_il: null,
      gironi: [],
    })
    expect(tabellone?.turni.map((t) => [t.turno, t.nome, t.incontri.map((m) => m.id)])).toEqual([
      [1, 'Semifinali', [1, 2]],
      [2, 'Finale', [3]],
    ])
  })

  it('gives each match of the first round a time and one of the club’s courts', () => {
    const rows: DrawRows = {
      phases: [phase({})],
      groups: [],
      matches: [match({ id: 1 }), match({ id: 2, posizione: 2, entryAId: 3, entryBId: 4 })],
      sides,
      plan,
    }
    const incontri = toTabelloni(rows)[0]?.turni[0]?.incontri ?? []
    expect(incontri.map((m) => m.programmata_il?.slice(0, 10))).toEqual(['2026-05-02', '2026-05-02'])
    expect(new Set(incontri.map((m) => m.campo))).toEqual(new Set(['Centrale', 'Campo 2']))
  })

  it('counts the rounds from the matches when the phase does not say, and tells when it was drawn', () => {
    const rows: DrawRows = {
      phases: [phase({ turni: null, seed: 's3m3', sorteggiatoIl: new Date('2026-05-01T09:00:00Z') })],
      groups: [],
      matches: [match({ id: 1, turno: 1 }), match({ id: 2, turno: 2 }), match({ id: 3, turno: 3 })],
      sides,
      plan,
    }
    const [tabellone] = toTabelloni(rows)
    expect(tabellone?.turni.map((t) => t.nome)).toEqual(['Quarti di finale', 'Semifinali', 'Finale'])
    expect(tabellone).toMatchObject({ seed: 's3m3', sorteggiato_il: '2026-05-01T09:00:00.000Z' })
  })

  it('lists a group phase by girone, each with its own matches, and keeps other phases’ groups out', () => {
    const rows: DrawRows = {
      phases: [phase({ id: 8, tipo: 'gironi', nome: 'Gironi', turni: null })],
      groups: [
        { id: 81, drawId: 8, nome: 'Girone A', ordine: 1 },
        { id: 82, drawId: 8, nome: 'Girone B', ordine: 2 },
        { id: 91, drawId: 9, nome: 'Altro', ordine: 1 },
      ],
      matches: [
        match({ id: 1, drawId: 8, groupId: 81, entryAId: 1, entryBId: 2 }),
        match({ id: 2, drawId: 8, groupId: 82, entryAId: 3, entryBId: 4 }),
        match({ id: 3, drawId: 9, groupId: 91, entryAId: 1, entryBId: 3 }),
      ],
      sides,
      plan,
    }
    const [tabellone] = toTabelloni(rows)
    expect(tabellone?.turni).toEqual([])
    expect(tabellone?.gironi.map((g) => [g.id, g.nome, g.incontri.map((m) => m.id)])).toEqual([
      [81, 'Girone A', [1]],
      [82, 'Girone B', [2]],
    ])
  })
})

describe('toClassifiche', () => {
  const s = (entryId: number, posizione: number, punti: number, qualificato: boolean) => ({
    entryId,
    posizione,
    giocate: 3,
    vinte: punti / 2,
    perse: 3 - punti / 2,
    setVinti: 5,
    setPersi: 4,
    gameVinti: 40,
    gamePersi: 35,
    punti,
    qualificato,
  })

  it('groups the rows by girone in their order, each row with its side and its counts', () => {
    const classifiche = toClassifiche({
      rows: [
        { groupId: 81, nome: 'Girone A', drawId: 8, s: s(1, 1, 6, true) },
        { groupId: 82, nome: 'Girone B', drawId: 8, s: s(3, 1, 4, true) },
        { groupId: 81, nome: 'Girone A', drawId: 8, s: s(2, 2, 2, false) },
      ],
      sides,
    })
    expect(
      classifiche.map((g) => [g.id, g.nome, g.id_tabellone, g.righe.map((r) => r.lato.id_iscrizione)]),
    ).toEqual([
      [81, 'Girone A', 8, [1, 2]],
      [82, 'Girone B', 8, [3]],
    ])
    expect(classifiche[0]?.righe[0]).toEqual({
      posizione: 1,
      lato: sides.get(1),
      giocate: 3,
      vinte: 3,
      perse: 0,
      set_vinti: 5,
      set_persi: 4,
      game_vinti: 40,
      game_persi: 35,
      punti: 6,
      qualificato: true,
    })
  })

  it('keeps a row whose entry has no side, with no players', () => {
    const [girone] = toClassifiche({
      rows: [{ groupId: 1, nome: 'A', drawId: 2, s: s(42, 1, 0, false) }],
      sides,
    })
    expect(girone?.righe[0]?.lato).toEqual({ id_iscrizione: 42, giocatori: [], testa_di_serie: null })
  })
})

const detail = (over: Partial<DetailRows['t']> = {}, rest: Partial<DetailRows> = {}): DetailRows => ({
  t: {
    id: 3,
    nome: 'Open di Roma',
    tipo: 'torneo',
    categoria: 'LIMIT_65',
    specialita: 'singolare',
    genere: 'F',
    formula: 'eliminazione',
    sectorId: 1,
    status: 'iscrizioni_aperte',
    dataInizio: '2026-05-02',
    dataFine: '2026-05-03',
    iscrizioniDal: new Date('2026-04-01T08:00:00Z'),
    iscrizioniAl: new Date('2026-04-28T18:00:00Z'),
    maxIscritti: 16,
    quotaCentesimi: 2500,
    descrizione: 'Sul rosso',
    locandina: null,
    giudiceArbitro: 'Giulia Neri',
    circuitId: 4,
    tappa: 2,
    aggiornatoIl: new Date('2026-04-10T12:00:00Z'),
    ...over,
  },
  club: {
    id: 9,
    nome: 'TC Roma',
    indirizzo: 'Via Appia 1',
    cap: '00179',
    comune: 'Roma',
    provincia: 'RM',
    telefono: '06 123',
    email: 'info@tcroma.it',
    sitoWeb: null,
  },
  disciplina: 'tennis',
  disciplina_nome: 'Tennis',
  settore: 'Lazio',
  circuito: 'Circuito di primavera',
  iscritti: 10,
  in_attesa: 1,
  tabelloni: [],
  ...rest,
})

describe('toDettaglio', () => {
  const now = new Date('2026-04-15T10:00:00Z')

  it('words every field of the tournament in Italian, its status read now', () => {
    expect(toDettaglio(detail(), now)).toEqual({
      id: 3,
      nome: 'Open di Roma',
      tipo: 'torneo',
      categoria: 'LIMIT_65',
      categoria_nome: 'LIMIT 65',
      limite_power: 65,
      specialita: 'singolare',
      genere: 'F',
      genere_nome: 'Femminile',
      formula: 'eliminazione',
      formula_nome: 'Tabellone a eliminazione diretta',
      disciplina: 'tennis',
      disciplina_nome: 'Tennis',
      id_settore: 1,
      settore: 'Lazio',
      stato: 'iscrizioni_aperte',
      stato_nome: 'Iscrizioni aperte',
      data_inizio: '2026-05-02',
      data_fine: '2026-05-03',
      iscrizioni_dal: '2026-04-01T08:00:00.000Z',
      iscrizioni_al: '2026-04-28T18:00:00.000Z',
      max_iscritti: 16,
      iscritti: 10,
      in_attesa: 1,
      posti_liberi: 6,
      quota_centesimi: 2500,
      descrizione: 'Sul rosso',
      locandina: null,
      giudice_arbitro: 'Giulia Neri',
      circolo: {
        id: 9,
        nome: 'TC Roma',
        indirizzo: 'Via Appia 1',
        cap: '00179',
        comune: 'Roma',
        provincia: 'RM',
        telefono: '06 123',
        email: 'info@tcroma.it',
        sito_web: null,
        mappa_url:
          'https://www.openstreetmap.org/search?query=Via%20Appia%201%2C%2000179%20Roma%2C%20RM%2C%20Italia',
      },
      circuito: { id: 4, nome: 'Circuito di primavera', tappa: 2 },
      tabelloni: [],
      aggiornato_il: '2026-04-10T12:00:00.000Z',
    })
  })

  it('reads the status at the instant asked: closed after the deadline', () => {
    expect(toDettaglio(detail(), new Date('2026-04-29T00:00:00Z'))).toMatchObject({
      stato: 'iscrizioni_chiuse',
      stato_nome: 'Iscrizioni chiuse',
    })
  })

  it('shows an unknown code as it is, and no Power limit for an open tournament', () => {
    expect(
      toDettaglio(detail({ categoria: 'OPEN', genere: 'Z', formula: 'svizzera', status: 'sospeso' }), now),
    ).toMatchObject({
      categoria_nome: 'OPEN',
      limite_power: null,
      genere_nome: 'Z',
      formula_nome: 'svizzera',
      stato: 'sospeso',
      stato_nome: 'sospeso',
    })
    expect(toDettaglio(detail({ categoria: 'NUOVA' }), now).limite_power).toBeNull()
  })

  it('has no club, no circuit and no window when the tournament has none', () => {
    const bare = toDettaglio(
      detail({ circuitId: null, iscrizioniDal: null, iscrizioniAl: null, maxIscritti: null }, { club: null }),
      now,
    )
    expect(bare).toMatchObject({
      circolo: null,
      circuito: null,
      iscrizioni_dal: null,
      iscrizioni_al: null,
      posti_liberi: null,
    })
    expect(toDettaglio(detail({}, { circuito: null }), now).circuito).toBeNull()
  })
})

describe('the words of a score, a file and an address, at their edges', () => {
  const played = [{ a: 6, b: 1 }]

  it('writes nothing for a bye or a match still to play, whatever sets are stored', () => {
    expect(formatScore('bye', played)).toBe('')
    expect(formatScore('da_giocare', played)).toBe('')
  })

  it('writes a retirement before any set as «rit.» alone', () => {
    expect(formatScore('ritiro', null)).toBe('rit.')
  })

  it('names a file «torneo» when the name has no letters, and keeps the name to 60 characters', () => {
    expect(fileSlug('!!!', '2026-05-03')).toBe('torneo-2026-05-03')
    expect(fileSlug(' «Open» ', '2026-05-03')).toBe('open-2026-05-03')
    expect(fileSlug('a'.repeat(70), '2026-05-03')).toBe(`${'a'.repeat(60)}-2026-05-03`)
  })

  it('searches a club without a CAP by its street, comune and province', () => {
    expect(mapSearchUrl({ indirizzo: 'Via Po 2', cap: null, comune: 'Torino', provincia: 'TO' })).toBe(
      'https://www.openstreetmap.org/search?query=Via%20Po%202%2C%20Torino%2C%20TO%2C%20Italia',
    )
    // No street recorded: the search starts from the comune, with no empty part.
    expect(mapSearchUrl({ indirizzo: '', cap: null, comune: 'Torino', provincia: 'TO' })).toBe(
      'https://www.openstreetmap.org/search?query=Torino%2C%20TO%2C%20Italia',
    )
  })
})

describe('toTabelloni with more than one phase', () => {
  it('gives each phase only its own matches', () => {
    const rows: DrawRows = {
      phases: [phase({ id: 7, turni: 1 }), phase({ id: 8, tipo: 'gironi', nome: 'Gironi', turni: null })],
      groups: [{ id: 81, drawId: 8, nome: 'Girone A', ordine: 1 }],
      matches: [
        match({ id: 1, drawId: 7, turno: 1 }),
        match({ id: 2, drawId: 8, groupId: 81, turno: 1, entryAId: 3, entryBId: 4 }),
      ],
      sides,
      plan,
    }
    const [elimination, groups] = toTabelloni(rows)
    expect(elimination?.turni.map((t) => t.incontri.map((m) => m.id))).toEqual([[1]])
    expect(elimination?.gironi).toEqual([])
    expect(groups?.gironi.map((g) => g.incontri.map((m) => m.id))).toEqual([[2]])
  })
})

describe('planOf', () => {
  it('plans each match with its phase and the persons of its sides, and leaves the byes out', () => {
    // Anna (person 10) plays the singles and, with Edo, the doubles: the doubles wait for her rest.
    const withAnna: EntrySide = {
      id_iscrizione: 5,
      giocatori: [
        { id: 10, nome: 'Anna' },
        { id: 31, nome: 'Edo' },
      ],
      testa_di_serie: null,
    }
    const rows: DrawRows = {
      phases: [phase({ id: 7 }), phase({ id: 8, nome: 'Doppio' }), phase({ id: 9, fase: 2, nome: 'Finale' })],
      groups: [],
      matches: [
        match({ id: 1, drawId: 7, posizione: 0, entryAId: 1, entryBId: 2 }),
        match({ id: 2, drawId: 7, posizione: 1, entryAId: 3, entryBId: null, esito: 'bye' }),
        match({ id: 3, drawId: 8, posizione: 0, entryAId: 5, entryBId: 4 }),
        // An entry the sides do not know yet, in the phase after: no persons, after the first phase.
        match({ id: 4, drawId: 9, posizione: 0, entryAId: 99, entryBId: null }),
        // Two such matches share nobody: they are played at the same time.
        match({ id: 6, drawId: 9, posizione: 1, entryAId: 98, entryBId: null }),
      ],
      sides: new Map([...sides, [5, withAnna]]),
      plan,
    }
    const planned = [...planOf(rows)].map(([id, p]) => [id, p.start.toISOString(), p.court])
    // 2 May is summer time: 9:00 in Italy is 7:00 UTC.
    expect(planned).toEqual([
      [1, '2026-05-02T07:00:00.000Z', 'Centrale'],
      [3, '2026-05-02T09:30:00.000Z', 'Centrale'],
      [4, '2026-05-02T12:00:00.000Z', 'Centrale'],
      [6, '2026-05-02T12:00:00.000Z', 'Campo 2'],
    ])
  })
})
