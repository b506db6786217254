// The statistics of the player page (/scheda-giocatore/{id}, statistiche/view): a player's wins and losses in the
// sector's tournaments by season, by surface and by the opponents' level (docs/regole.md «Statistiche del
// giocatore»). Plain functions over the matches the repository reads; the privacy of the level is decided before.
import { OPPONENT_LEVEL_BANDS, OPPONENT_LEVEL_UNKNOWN } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'

/** One match played (not a walkover) from the player's side. */
export type StatMatch = {
  at: Date
  vinta: boolean
  /** The court's surface; null when the match has no court. */
  superficie: string | null
  /** The opponents' Power before the match (a pair's mean); null when not rated or not public to the reader. */
  livelloAvversari: number | null
}

export type StatCount = { vinte: number; perse: number; partite: number; percentuale: number }
export type StatRow = { chiave: string; etichetta: string } & StatCount

/** The band of an opponents' level: the last band whose lowest Power it reaches; no level is «non noto». */
export function levelBand(level: number | null): { codice: string; nome: string } {
  if (level === null) return { ...OPPONENT_LEVEL_UNKNOWN }
  const band = OPPONENT_LEVEL_BANDS.findLast((b) => level >= b.da) ?? OPPONENT_LEVEL_BANDS[0]
  return { codice: band.codice, nome: band.nome }
}

const NO_SURFACE = { chiave: 'non-indicata', etichetta: 'Non indicata' }

const count = (rows: readonly StatMatch[]): StatCount => {
  const vinte = rows.filter((r) => r.vinta).length
  const partite = rows.length
  return {
    vinte,
    perse: partite - vinte,
    partite,
    percentuale: partite ? Math.round((vinte / partite) * 100) : 0,
  }
}

/** Groups the matches by a key, keeping each key's label. */
function grouped(
  matches: readonly StatMatch[],
  keyOf: (m: StatMatch) => { chiave: string; etichetta: string },
): StatRow[] {
  const groups = new Map<string, { etichetta: string; rows: StatMatch[] }>()
  for (const match of matches) {
    const { chiave, etichetta } = keyOf(match)
    const group = groups.get(chiave)
    if (group) group.rows.push(match)
    else groups.set(chiave, { etichetta, rows: [match] })
  }
  return [...groups].map(([chiave, g]) => ({ chiave, etichetta: g.etichetta, ...count(g.rows) }))
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const bandOrder = (chiave: string) => {
  const index = OPPONENT_LEVEL_BANDS.findIndex((b) => b.codice === chiave)
  return index === -1 ? OPPONENT_LEVEL_BANDS.length : index
}

/**
 * Wins and losses overall and by season (Italy's calendar year of the match, latest first), by surface (the most
 * played first, a match without a court last) and by the opponents' level band (weakest first, «non noto» last).
 */
export function matchStatistics(matches: readonly StatMatch[]) {
  const stagioni = grouped(matches, (m) => {
    const season = String(currentSeason(m.at))
    return { chiave: season, etichetta: season }
  }).sort((a, b) => b.chiave.localeCompare(a.chiave))
  const superfici = grouped(matches, (m) =>
    m.superficie ? { chiave: m.superficie, etichetta: capitalised(m.superficie) } : NO_SURFACE,
  ).sort(
    (a, b) =>
      Number(a.chiave === NO_SURFACE.chiave) - Number(b.chiave === NO_SURFACE.chiave) ||
      b.partite - a.partite ||
      a.etichetta.localeCompare(b.etichetta, 'it'),
  )
  const livelli = grouped(matches, (m) => {
    const band = levelBand(m.livelloAvversari)
    return { chiave: band.codice, etichetta: band.nome }
  }).sort((a, b) => bandOrder(a.chiave) - bandOrder(b.chiave))
  return { totale: count(matches), stagioni, superfici, livelli }
}
