// Team championships: the rubbers of a tie, who won it, and the standings of a girone with their tie-breaks
// (docs/regole.md, «Campionati a squadre»). Plain functions: the seed, the refresh after a confirmed tie
// (server/repositories/team-championships.ts) and the group standings' read all use them.
import type { SetScore } from '../../contract/scores.ts'

/** Points of a tie in the girone: won 2, drawn 1, lost 0. */
export const TIE_POINTS = { vinto: 2, pareggiato: 1, perso: 0 } as const

/**
 * Statuses of a tie whose result counts in the standings: confirmed by the other captain, resolved by the
 * federation (unless it annulled the result), or won by walkover (machines/tie.ts).
 */
export const COUNTED_TIE_STATUSES = ['confermato', 'risolto', 'walkover'] as const

export type Rubber = {
  /** Who won the rubber; null when it was not played. */
  vincitore: 'casa' | 'ospiti' | null
  sets: readonly SetScore[] | null
}

export type CountedTie = {
  homeTeamId: number
  awayTeamId: number
  rubbers: readonly Rubber[]
  /** Neither lineup came in time: the tie is lost by both teams, no points (docs/regole.md). */
  persoDaEntrambe?: boolean
}

/**
 * A tie won by walkover: every rubber of its format to the team that sent its lineup; null for the winner when
 * neither did (lost by both).
 */
export function walkoverTie(
  homeTeamId: number,
  awayTeamId: number,
  vincitore: 'casa' | 'ospiti' | null,
  rubbers: number,
): CountedTie {
  if (vincitore === null) return { homeTeamId, awayTeamId, rubbers: [], persoDaEntrambe: true }
  return {
    homeTeamId,
    awayTeamId,
    rubbers: Array.from({ length: rubbers }, () => ({ vincitore, sets: null })),
  }
}

export type TieTotals = {
  partiteCasa: number
  partiteOspiti: number
  setCasa: number
  setOspiti: number
  gameCasa: number
  gameOspiti: number
  /** 'casa', 'ospiti' or 'pari' (as many rubbers each). */
  esito: 'casa' | 'ospiti' | 'pari'
}

/** Rubbers, sets and games of a tie, and who won it (more rubbers; as many is a draw). */
export function tieTotals(rubbers: readonly Rubber[]): TieTotals {
  const t = { partiteCasa: 0, partiteOspiti: 0, setCasa: 0, setOspiti: 0, gameCasa: 0, gameOspiti: 0 }
  for (const r of rubbers) {
    if (r.vincitore === 'casa') t.partiteCasa++
    if (r.vincitore === 'ospiti') t.partiteOspiti++
    for (const s of r.sets ?? []) {
      t.gameCasa += s.a
      t.gameOspiti += s.b
      if (s.a > s.b) t.setCasa++
      else if (s.b > s.a) t.setOspiti++
    }
  }
  const esito = t.partiteCasa > t.partiteOspiti ? 'casa' : t.partiteOspiti > t.partiteCasa ? 'ospiti' : 'pari'
  return { ...t, esito }
}

/** What decided the order between a row and the one above it. */
export type TieBreak = 'punti' | 'incontri' | 'partite' | 'set' | 'game' | 'sorteggio'

export type TeamStandingRow = {
  teamId: number
  posizione: number
  giocati: number
  vinti: number
  pareggiati: number
  persi: number
  partiteVinte: number
  partitePerse: number
  setVinti: number
  setPersi: number
  gameVinti: number
  gamePersi: number
  punti: number
  /** What put this row below the one above (null for the first). */
  criterio: TieBreak | null
  /** The reason in Italian, when the points were equal: «a pari punti, più incontri vinti». */
  motivo: string | null
}

/** The reason a tie-break gives, as the standings show it under the row it put below. */
export const TIE_BREAK_REASONS: Record<Exclude<TieBreak, 'punti'>, string> = {
  incontri: 'a pari punti, più incontri vinti',
  partite: 'a pari punti e incontri vinti, miglior differenza partite',
  set: 'a pari punti, incontri vinti e differenza partite, miglior differenza set',
  game: 'a pari punti, incontri vinti, differenza partite e set, miglior differenza game',
  sorteggio: 'a parità di tutti i criteri, vale l’ordine del sorteggio',
}

/** The criteria in order, each a number where more is better. */
const CRITERIA: [TieBreak, (r: TeamStandingRow) => number][] = [
  ['punti', (r) => r.punti],
  ['incontri', (r) => r.vinti],
  ['partite', (r) => r.partiteVinte - r.partitePerse],
  ['set', (r) => r.setVinti - r.setPersi],
  ['game', (r) => r.gameVinti - r.gamePersi],
]

/**
 * The standings of a girone from its counted ties (confirmed or resolved): points (won 2, drawn 1, lost 0), then
 * ties won, then the difference of rubbers, of sets, of games; last the order of the draw (`teams` as given).
 * Each row says which criterion put it below the one above, and why in Italian when the points were equal.
 */
export function teamStandings(teams: readonly number[], ties: readonly CountedTie[]): TeamStandingRow[] {
  const rows = new Map<number, TeamStandingRow>(
    teams.map((teamId) => [
      teamId,
      {
        teamId,
        posizione: 0,
        giocati: 0,
        vinti: 0,
        pareggiati: 0,
        persi: 0,
        partiteVinte: 0,
        partitePerse: 0,
        setVinti: 0,
        setPersi: 0,
        gameVinti: 0,
        gamePersi: 0,
        punti: 0,
        criterio: null,
        motivo: null,
      },
    ]),
  )
  for (const tie of ties) {
    const home = rows.get(tie.homeTeamId)
    const away = rows.get(tie.awayTeamId)
    if (!home || !away) throw new RangeError('Incontro con una squadra fuori dal girone')
    if (tie.persoDaEntrambe) {
      for (const row of [home, away]) {
        row.giocati++
        row.persi++
      }
      continue
    }
    const t = tieTotals(tie.rubbers)
    for (const [row, mine, theirs] of [
      [home, 'casa', 'ospiti'],
      [away, 'ospiti', 'casa'],
    ] as const) {
      row.giocati++
      row.partiteVinte += mine === 'casa' ? t.partiteCasa : t.partiteOspiti
      row.partitePerse += mine === 'casa' ? t.partiteOspiti : t.partiteCasa
      row.setVinti += mine === 'casa' ? t.setCasa : t.setOspiti
      row.setPersi += mine === 'casa' ? t.setOspiti : t.setCasa
      row.gameVinti += mine === 'casa' ? t.gameCasa : t.gameOspiti
      row.gamePersi += mine === 'casa' ? t.gameOspiti : t.gameCasa
      if (t.esito === mine) {
        row.vinti++
        row.punti += TIE_POINTS.vinto
      } else if (t.esito === theirs) {
        row.persi++
        row.punti += TIE_POINTS.perso
      } else {
        row.pareggiati++
        row.punti += TIE_POINTS.pareggiato
      }
    }
  }
  const order = new Map(teams.map((id, i) => [id, i]))
  const sorted = [...rows.values()].sort((x, y) => {
    for (const [, value] of CRITERIA) {
      const d = value(y) - value(x)
      if (d !== 0) return d
    }
    return order.get(x.teamId)! - order.get(y.teamId)!
  })
  return sorted.map((row, i) => {
    const above = sorted[i - 1]
    const criterio = above ? decidedBy(above, row) : null
    return {
      ...row,
      posizione: i + 1,
      criterio,
      motivo: criterio === null || criterio === 'punti' ? null : TIE_BREAK_REASONS[criterio],
    }
  })
}

/** The first criterion that tells `above` from `below`, or the draw order. */
export function decidedBy(above: TeamStandingRow, below: TeamStandingRow): TieBreak {
  for (const [name, value] of CRITERIA) if (value(above) !== value(below)) return name
  return 'sorteggio'
}

/**
 * Who goes through a tie of the final phase (tabellone), where a draw cannot stand: more rubbers, then more sets,
 * then more games; null when even those are equal (the tie is played again).
 */
export function knockoutWinner(t: TieTotals): 'casa' | 'ospiti' | null {
  for (const [home, away] of [
    [t.partiteCasa, t.partiteOspiti],
    [t.setCasa, t.setOspiti],
    [t.gameCasa, t.gameOspiti],
  ] as const) {
    if (home > away) return 'casa'
    if (away > home) return 'ospiti'
  }
  return null
}

/** The championship's status on `today` (AAAA-MM-GG), from its dates and whether every tie counts. */
export function championshipStatusOn(
  c: { dataInizio: string; dataFine: string; iscrizioniAl: Date | null },
  today: string,
  now: Date,
  allTiesCounted: boolean,
): 'iscrizioni_aperte' | 'iscrizioni_chiuse' | 'in_corso' | 'concluso' {
  if (today < c.dataInizio)
    return c.iscrizioniAl !== null && now > c.iscrizioniAl ? 'iscrizioni_chiuse' : 'iscrizioni_aperte'
  if (today <= c.dataFine || !allTiesCounted) return 'in_corso'
  return 'concluso'
}
