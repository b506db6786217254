// Tournaments to print, built with the draw rules (server/domain/draws.ts) and the detail's shaping
// (server/domain/tournament-detail.ts), without a database: a 64-player singles draw, a round robin and a doubles
// event, some matches played. The prints' tests and the PNGs looked at during development start from these.
import type { TorneoDettaglio } from '../../contract/torneo.ts'
import type { TorneoPrint } from '../../server/documents/tornei.ts'
import {
  buildEliminationDraw,
  buildGroups,
  eliminationMatches,
  groupMatches,
  nextSlot,
  type DrawMatch,
} from '../../server/domain/draws.ts'
import { toTabelloni, type DrawRows, type EntrySide } from '../../server/domain/tournament-detail.ts'

const NOMI = [
  'Maria Francesca',
  'Luca',
  'Alba',
  'Giovanni Battista',
  'Anna',
  'Pierluigi',
  'Sara',
  'Bartolomeo',
]
const COGNOMI = [
  'Cannella-Rossi',
  'Bianchi',
  'Acquadro',
  'Di Giovanni Santangelo',
  'Ricci',
  'Dell’Acqua Bellavista',
  'Esposito',
  'Lo Presti',
]
/** A name as long as any the portal accepts in a draw line. */
export const LONG_NAME = 'Maria Francesca Cannella-Rossi Dell’Acqua Bellavista Quintavalle'

const nameOf = (i: number) =>
  i === 1 ? LONG_NAME : `${NOMI[i % NOMI.length]} ${COGNOMI[Math.floor(i / NOMI.length) % COGNOMI.length]}`

function torneo(over: Partial<TorneoDettaglio>): TorneoDettaglio {
  return {
    id: 1,
    nome: 'Open di primavera del Circolo Tennis Sant’Agata',
    tipo: 'TR',
    categoria: 'OPEN',
    categoria_nome: 'OPEN',
    limite_power: null,
    specialita: 'singolare',
    genere: 'M',
    genere_nome: 'Maschile',
    formula: 'eliminazione',
    formula_nome: 'Eliminazione diretta',
    disciplina: 'tennis',
    disciplina_nome: 'Tennis',
    id_settore: 1,
    settore: 'Tennis',
    stato: 'in_corso',
    stato_nome: 'In corso',
    data_inizio: '2026-05-02',
    data_fine: '2026-05-04',
    iscrizioni_dal: null,
    iscrizioni_al: null,
    max_iscritti: 64,
    iscritti: 64,
    in_attesa: 0,
    posti_liberi: 0,
    quota_centesimi: 2500,
    descrizione: null,
    locandina: null,
    giudice_arbitro: 'Giovanni Battista Lo Presti',
    circolo: {
      id: 1,
      nome: 'Circolo Tennis Sant’Agata',
      indirizzo: 'Via dell’Università, 12',
      cap: '00185',
      comune: 'Roma',
      provincia: 'RM',
      telefono: '06 1234567',
      email: null,
      sito_web: null,
      mappa_url: '',
    },
    circuito: null,
    tabelloni: [],
    aggiornato_il: '2026-05-01T10:00:00.000Z',
    ...over,
  }
}

/** Plays the matches of the first `rounds` rounds (side a wins but every third match), moving winners on. */
function playRounds(matches: DrawMatch[], rounds: number) {
  const find = (turno: number, posizione: number) =>
    matches.find((m) => m.group === null && m.turno === turno && m.posizione === posizione)
  for (const m of [...matches].sort((a, b) => a.turno - b.turno || a.posizione - b.posizione)) {
    if (m.esito === 'bye' || m.turno > rounds || m.entryAId === null || m.entryBId === null) continue
    const winner = m.posizione % 3 === 2 ? m.entryBId : m.entryAId
    m.winnerEntryId = winner
    m.esito = 'giocata'
    const target = nextSlot(m.turno, m.posizione)
    const next = m.group === null ? find(target.turno, target.posizione) : undefined
    if (next) {
      if (target.side === 'A') next.entryAId = winner
      else next.entryBId = winner
    }
  }
}

const SETS = [
  { a: 6, b: 4 },
  { a: 7, b: 6, tiebreak: 5 },
]

function rows(
  phases: { id: number; tipo: string; fase: number; nome: string; matches: DrawMatch[]; size: number }[],
  sides: Map<number, EntrySide>,
  groups: { id: number; drawId: number; nome: string; ordine: number }[] = [],
): DrawRows {
  let id = 0
  return {
    phases: phases.map((p) => ({
      id: p.id,
      tipo: p.tipo,
      fase: p.fase,
      nome: p.nome,
      dimensione: p.size,
      turni: p.tipo === 'eliminazione' ? Math.log2(p.size) : null,
      seedHash: 'ab'.repeat(32),
      hashPubblicatoIl: new Date('2026-04-30T10:00:00Z'),
      seed: 'cd'.repeat(32),
      sorteggiatoIl: new Date('2026-04-30T18:00:00Z'),
    })),
    groups,
    matches: phases.flatMap((p) =>
      p.matches.map((m) => ({
        id: ++id,
        drawId: p.id,
        groupId: m.group === null ? null : (groups[m.group]?.id ?? null),
        turno: m.turno,
        posizione: m.posizione,
        entryAId: m.entryAId,
        entryBId: m.entryBId,
        winnerEntryId: m.winnerEntryId,
        esito: m.esito,
        sets:
          m.esito === 'giocata'
            ? SETS.map((s) => (m.winnerEntryId === m.entryAId ? s : { a: s.b, b: s.a, tiebreak: s.tiebreak }))
            : null,
      })),
    ),
    sides,
    plan: { firstDay: '2026-05-02', courts: ['Campo Centrale', 'Campo 2', 'Campo 3', 'Campo 4'] },
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/** Singles sides: entry i is person i. */
function singles(n: number, seeds = new Map<number, number>()): Map<number, EntrySide> {
  return new Map(
    range(n).map((i) => [
      i,
      { id_iscrizione: i, giocatori: [{ id: i, nome: nameOf(i) }], testa_di_serie: seeds.get(i) ?? null },
    ]),
  )
}

/** A 64-place singles draw with 60 entrants (four byes), two rounds played. */
export function draw64(): TorneoPrint {
  const draw = buildEliminationDraw(range(60), 'tabellone-64')
  const matches = eliminationMatches(draw.slots)
  playRounds(matches, 2)
  const t = torneo({})
  const tabelloni = toTabelloni(
    rows(
      [{ id: 1, tipo: 'eliminazione', fase: 1, nome: 'Tabellone principale', matches, size: 64 }],
      singles(60, draw.seeds),
    ),
  )
  return {
    torneo: t,
    tabelloni,
    classifiche: [],
    posterFile: null,
    pageUrl: 'https://portale.example/tornei/dettaglio-torneo/1',
  }
}

/** A single round robin of seven, three giornate played. */
export function roundRobin(): TorneoPrint {
  const groups = buildGroups(range(7), 1, 'girone')
  const matches = groupMatches(groups)
  for (const m of matches)
    if (m.turno <= 3) {
      m.winnerEntryId = m.entryAId
      m.esito = 'giocata'
    }
  const t = torneo({ nome: 'Girone unico di Pickleball', formula: 'girone', formula_nome: 'Girone unico' })
  const tabelloni = toTabelloni(
    rows([{ id: 1, tipo: 'gironi', fase: 1, nome: 'Girone unico', matches, size: 7 }], singles(7), [
      { id: 1, drawId: 1, nome: 'Girone unico', ordine: 1 },
    ]),
  )
  return {
    torneo: t,
    tabelloni,
    classifiche: [],
    posterFile: null,
    pageUrl: 'https://portale.example/tornei/dettaglio-torneo/2',
  }
}

/** A doubles event of 12 pairs: 16 places, first round played. */
export function doubles(): TorneoPrint {
  const draw = buildEliminationDraw(range(12), 'doppio')
  const matches = eliminationMatches(draw.slots)
  playRounds(matches, 1)
  const sides = new Map<number, EntrySide>(
    range(12).map((i) => [
      i,
      {
        id_iscrizione: i,
        giocatori: [
          { id: i * 2, nome: nameOf(i * 2 - 1) },
          { id: i * 2 + 1, nome: nameOf(i * 2) },
        ],
        testa_di_serie: draw.seeds.get(i) ?? null,
      },
    ]),
  )
  const t = torneo({
    nome: 'Doppio misto di Padel',
    specialita: 'doppio',
    genere: 'X',
    genere_nome: 'Misto',
    disciplina: 'padel',
    disciplina_nome: 'Padel',
  })
  const tabelloni = toTabelloni(
    rows([{ id: 1, tipo: 'eliminazione', fase: 1, nome: 'Tabellone principale', matches, size: 16 }], sides),
  )
  return {
    torneo: t,
    tabelloni,
    classifiche: [],
    posterFile: null,
    pageUrl: 'https://portale.example/tornei/dettaglio-torneo/3',
  }
}
