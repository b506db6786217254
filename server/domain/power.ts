// Power: a player rating from 9 to 99 built from games won and lost against the opponents' level (DESIGN.md §5).
// Every change is explainable per match: the share of games expected from the two levels against the share won.
import { POWER, POWER_MODEL } from '../../contract/constants.ts'

export type PowerState = { power: number; partite: number; partiteTorneo: number }

/** A rated match: one or two players a side, the games each side won, and where the match comes from. */
export type RatedMatch = {
  sideA: number[]
  sideB: number[]
  gamesA: number
  gamesB: number
  at: Date
  /** Tournament matches count toward the promotion threshold; challenges only toward the rating. */
  torneo: boolean
  matchId?: number | null
  challengeId?: number | null
  /** A rubber of a team championship tie. */
  tieMatchId?: number | null
}

/** The explanation of one player's change after one match. */
export type PowerChange = {
  personId: number
  matchId: number | null
  challengeId: number | null
  tieMatchId?: number | null
  at: Date
  powerPrima: number
  powerDopo: number
  livelloProprio: number
  livelloAvversari: number
  atteso: number
  ottenuto: number
  gameVinti: number
  gamePersi: number
  fattoreK: number
  provvisorio: boolean
}

const round2 = (n: number) => Math.round(n * 100) / 100
const round3 = (n: number) => Math.round(n * 1000) / 1000
const clamp = (n: number) => Math.min(POWER.MAX, Math.max(POWER.MIN, n))
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length

export function initialState(): PowerState {
  return { power: POWER_MODEL.INITIAL, partite: 0, partiteTorneo: 0 }
}

/**
 * Share of the games a side of level `own` is expected to win against level `opponents`: logistic, so equal
 * levels expect half the games and SCALE points of difference expect about 91% of them.
 */
export function expectedShare(own: number, opponents: number): number {
  return 1 / (1 + 10 ** ((opponents - own) / POWER_MODEL.SCALE))
}

/** Provisional until PROVISIONAL_UNTIL_MATCHES rated matches: the rating moves faster while it is unsure. */
export function isProvisional(partite: number): boolean {
  return partite < POWER.PROVISIONAL_UNTIL_MATCHES
}

export function kFactor(partite: number): number {
  return isProvisional(partite) ? POWER_MODEL.K_PROVISIONAL : POWER_MODEL.K_ESTABLISHED
}

/** Power ≥ 90 with at least 25 tournament matches: flagged for promotion to a higher category. */
export function isPromotionCandidate(state: PowerState): boolean {
  return state.power >= POWER.PROMOTION_POWER && state.partiteTorneo >= POWER.PROMOTION_MATCHES
}

/**
 * Rates one match from the players' states before it (unknown players start at INITIAL) and returns the new
 * states with the explanation for each player. A match without games (walkover) changes nothing.
 */
export function rateMatch(
  states: ReadonlyMap<number, PowerState>,
  match: RatedMatch,
): { next: Map<number, PowerState>; changes: PowerChange[] } {
  const next = new Map<number, PowerState>()
  const total = match.gamesA + match.gamesB
  if (total <= 0 || match.sideA.length === 0 || match.sideB.length === 0) return { next, changes: [] }
  const stateOf = (id: number) => states.get(id) ?? initialState()
  const levelA = mean(match.sideA.map((id) => stateOf(id).power))
  const levelB = mean(match.sideB.map((id) => stateOf(id).power))
  const changes: PowerChange[] = []
  const sides = [
    { ids: match.sideA, own: levelA, opp: levelB, won: match.gamesA, lost: match.gamesB },
    { ids: match.sideB, own: levelB, opp: levelA, won: match.gamesB, lost: match.gamesA },
  ]
  for (const side of sides) {
    const atteso = round3(expectedShare(side.own, side.opp))
    const ottenuto = round3(side.won / total)
    for (const personId of side.ids) {
      const before = stateOf(personId)
      const k = kFactor(before.partite)
      const powerDopo = round2(clamp(before.power + k * (ottenuto - atteso)))
      next.set(personId, {
        power: powerDopo,
        partite: before.partite + 1,
        partiteTorneo: before.partiteTorneo + (match.torneo ? 1 : 0),
      })
      changes.push({
        personId,
        matchId: match.matchId ?? null,
        challengeId: match.challengeId ?? null,
        tieMatchId: match.tieMatchId ?? null,
        at: match.at,
        powerPrima: before.power,
        powerDopo,
        livelloProprio: round2(side.own),
        livelloAvversari: round2(side.opp),
        atteso,
        ottenuto,
        gameVinti: side.won,
        gamePersi: side.lost,
        fattoreK: k,
        provvisorio: isProvisional(before.partite),
      })
    }
  }
  return { next, changes }
}

/** Rates matches in order of time (ties keep the given order) and returns the final states and every change. */
export function computePower(
  matches: RatedMatch[],
  initial: ReadonlyMap<number, PowerState> = new Map(),
): { ratings: Map<number, PowerState>; history: PowerChange[] } {
  const ratings = new Map(initial)
  const history: PowerChange[] = []
  const ordered = matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => a.match.at.getTime() - b.match.at.getTime() || a.index - b.index)
  for (const { match } of ordered) {
    const { next, changes } = rateMatch(ratings, match)
    for (const [id, state] of next) ratings.set(id, state)
    for (const change of changes) history.push(change)
  }
  return { ratings, history }
}

const percent = (share: number) => `${Math.round(share * 100)}%`
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(2).replace('.', ',')}`
// Rounded as the portal's pages round (Intl: 49,65 → 49,7), so the explanation and the page agree.
const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const level = (n: number) => oneDecimal.format(n)

/**
 * The change explained in Italian, as the player page shows it. «Il tuo livello» only for the player's own change
 * (`reader` is the person reading it, null for a visitor); anyone else's reads «Livello». Without
 * `livelloAvversari` (null) the opponents' level is not named: one of them hides their Power (server/domain/privacy.ts).
 */
export function explainChange(
  change: Omit<PowerChange, 'livelloAvversari'> & { livelloAvversari: number | null },
  reader: number | null = null,
): string {
  const delta = round2(change.powerDopo - change.powerPrima)
  const own = reader !== null && change.personId === reader
  const opponents =
    change.livelloAvversari === null ? 'un livello non pubblico' : level(change.livelloAvversari)
  const parts = [
    `${own ? 'Il tuo livello' : 'Livello'} ${level(change.livelloProprio)} contro ${opponents}:`,
    `attesi il ${percent(change.atteso)} dei game, vinti ${change.gameVinti} su ${change.gameVinti + change.gamePersi} (${percent(change.ottenuto)}).`,
    `Power ${level(change.powerPrima)} → ${level(change.powerDopo)} (${signed(delta)}, fattore ${change.fattoreK}${change.provvisorio ? ', provvisorio' : ''}).`,
  ]
  return parts.join(' ')
}

/**
 * Takes one match's changes back, before a corrected result is rated again: each player's Power loses the
 * change that match made and the match no longer counts. Later matches keep their own changes (they were rated
 * from the Power the players had then), so a correction moves the current Power by the difference only.
 */
export function undoChanges(
  states: ReadonlyMap<number, PowerState>,
  changes: readonly Pick<PowerChange, 'personId' | 'powerPrima' | 'powerDopo'>[],
  torneo: boolean,
): Map<number, PowerState> {
  const next = new Map<number, PowerState>()
  for (const change of changes) {
    const before = next.get(change.personId) ?? states.get(change.personId) ?? initialState()
    next.set(change.personId, {
      power: round2(clamp(before.power - (change.powerDopo - change.powerPrima))),
      partite: Math.max(0, before.partite - 1),
      partiteTorneo: Math.max(0, before.partiteTorneo - (torneo ? 1 : 0)),
    })
  }
  return next
}
