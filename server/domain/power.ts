// Power: a player rating from 9 to 99 built from games won and lost against the opponents' level (DESIGN.md §5).
// Every change is explainable per match: the share of games expected from the two levels against the share won.
import { POWER, POWER_MODEL } from '../../contract/constants.ts'
import { ITALY_TIME_ZONE } from '../../contract/dates.ts'

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
/** A share after its article, elided before a number read with a vowel: «il 50%», «l’86%», «l’11%», «l’8%». */
const theShare = (share: number) => {
  const text = percent(share)
  return /^(1|8|11|8\d)%$/.test(text) ? `l’${text}` : `il ${text}`
}
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
    `attesi ${theShare(change.atteso)} dei game, vinti ${change.gameVinti} su ${change.gameVinti + change.gamePersi} (${percent(change.ottenuto)}).`,
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

// One decimal where there is one: 67 → «67», 53,4 → «53,4»; the sign as the page writes it (− not -).
const upToOneDecimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })
const signedShort = (n: number) => {
  const rounded = Math.round(n * 10) / 10
  if (rounded === 0) return '0'
  return `${rounded > 0 ? '+' : '−'}${upToOneDecimal.format(Math.abs(rounded))}`
}
const monthYear = new Intl.DateTimeFormat('it-IT', {
  month: 'long',
  year: 'numeric',
  timeZone: ITALY_TIME_ZONE,
})

/**
 * The change in plain Italian, as the Power history of the player page reads it: «Ci si aspettava che vincessi il
 * 62% dei game; ne hai vinti il 70%: +1,4.» (a change under 0,05 reads «Power invariato»). To the player themselves (`reader`) in the second person, to anyone
 * else in the third; in doubles the share is the pair's.
 */
export function plainChange(
  change: Pick<PowerChange, 'personId' | 'powerPrima' | 'powerDopo' | 'atteso' | 'ottenuto'>,
  options: { reader: number | null; doppio: boolean },
): string {
  const own = options.reader !== null && options.reader === change.personId
  const who = options.doppio
    ? own
      ? 'la tua coppia vincesse'
      : 'la sua coppia vincesse'
    : own
      ? 'vincessi'
      : 'vincesse'
  const won = options.doppio
    ? own
      ? 'ne avete vinti'
      : 'ne hanno vinti'
    : own
      ? 'ne hai vinti'
      : 'ne ha vinti'
  const delta = signedShort(change.powerDopo - change.powerPrima)
  return `Ci si aspettava che ${who} ${theShare(change.atteso)} dei game; ${won} ${theShare(change.ottenuto)}: ${delta === '0' ? 'Power invariato' : delta}.`
}

/**
 * The Power history in one sentence, beside its chart: «Power 67, da 52 a gennaio 2026: +15 in 18 partite.» The
 * rows in time order; null without any.
 */
export function historySummary(
  rows: readonly Pick<PowerChange, 'at' | 'powerPrima' | 'powerDopo'>[],
): string | null {
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last) return null
  const matches = rows.length === 1 ? '1 partita' : `${rows.length} partite`
  const month = monthYear.format(first.at)
  // «ad aprile», «ad agosto»: the euphonic d before a month that begins with «a».
  const when = `${month.startsWith('a') ? 'ad' : 'a'} ${month}`
  return `Power ${upToOneDecimal.format(Math.round(last.powerDopo * 10) / 10)}, da ${upToOneDecimal.format(Math.round(first.powerPrima * 10) / 10)} ${when}: ${signedShort(last.powerDopo - first.powerPrima)} in ${matches}.`
}
