// The order of play of a tournament: at what time and on which court each match is played. One plan, used by
// the tournament page (tornei/dettaglio/tabelloni), the printed order of play (calendario.pdf) and the bracket
// print. The rules (docs/regole.md, «Ordine di gioco»): a match lasts MATCH_MINUTES; a court holds one match at
// a time; a player rests at least REST_MINUTES between the end of a match and the start of the next; a round
// of a draw (a giornata of a girone) starts only after every match of the previous one, plus the rest, and a
// phase only after the previous phase; matches start between FIRST_START and LAST_START, Italian time, from the
// tournament's first day, on the following days when the days are not enough.
import { ITALY_TIME_ZONE } from '../../contract/dates.ts'

export const ORDER_OF_PLAY = {
  /** How long the plan gives a match (the portal knows only the start; the length is indicative). */
  MATCH_MINUTES: 90,
  /** The least rest between the end of a player's match and the start of his next one. */
  REST_MINUTES: 60,
  /** The first start of a day (9:00) and the last (19:30), in minutes after midnight, Italian time. */
  FIRST_START: 9 * 60,
  LAST_START: 19 * 60 + 30,
  /** Courts assumed when the club has none recorded for the discipline: «Campo 1»…«Campo 4». */
  DEFAULT_COURTS: 4,
} as const

/** A match as the plan sees it: where it sits in the draw and the players known so far (none in a later round). */
export type PlanMatch = {
  id: number
  /** The phase (1: the first draw or the groups, 2: the knockout after the groups). */
  fase: number
  /** The draw the match belongs to. */
  drawId: number
  /** The girone, or null in an elimination draw. */
  groupId: number | null
  turno: number
  posizione: number
  /** The ids of the persons known to play it (two in singles, four in doubles; fewer in a later round). */
  players: readonly number[]
  /** A bye is not played: it has no time and no court. */
  bye: boolean
}

export type PlanInput = {
  /** The tournament's first day, AAAA-MM-GG. */
  firstDay: string
  /** The club's courts for the discipline, in their order; none: DEFAULT_COURTS numbered courts. */
  courts: readonly string[]
  matches: readonly PlanMatch[]
}

export type PlannedMatch = {
  /** The start, as an instant. */
  start: Date
  /** The planned end (start + MATCH_MINUTES). */
  end: Date
  court: string
  /** The day in Italy, AAAA-MM-GG. */
  day: string
}

const DAY_MINUTES = 24 * 60

/** The courts the plan uses: the club's own, or «Campo 1»… when none is recorded. */
export function planCourts(courts: readonly string[]): string[] {
  return courts.length > 0
    ? [...courts]
    : Array.from({ length: ORDER_OF_PLAY.DEFAULT_COURTS }, (_, i) => `Campo ${i + 1}`)
}

/**
 * The plan: every match but the byes gets a start and a court. Matches are placed in draw order (phase, round,
 * girone, position), each at the earliest time its round, its players and a court allow. The same matches give
 * the same plan, so the page and the prints always agree.
 */
export function orderOfPlay(input: PlanInput): Map<number, PlannedMatch> {
  const rules = ORDER_OF_PLAY
  const courts = planCourts(input.courts)
  const courtFree = courts.map(() => 0)
  const playerFree = new Map<number, number>()
  /** The end of the latest match of each round: `${drawId}:${groupId}:${turno}`. */
  const roundEnd = new Map<string, number>()
  const phaseEnd = new Map<number, number>()
  const plan = new Map<number, PlannedMatch>()
  const playable = input.matches
    .filter((m) => !m.bye)
    .sort(
      (x, y) =>
        x.fase - y.fase ||
        x.drawId - y.drawId ||
        x.turno - y.turno ||
        (x.groupId ?? 0) - (y.groupId ?? 0) ||
        x.posizione - y.posizione ||
        x.id - y.id,
    )
  /**
   * The end of everything in rounds before `turno` of the same draw (or girone) and in the phases before (placed
   * already: the matches go phase by phase): the barrier of the round.
   */
  const before = (m: PlanMatch) => {
    let latest = -Infinity
    for (let t = 1; t < m.turno; t++)
      latest = Math.max(latest, roundEnd.get(`${m.drawId}:${m.groupId}:${t}`) ?? -Infinity)
    for (const [fase, end] of phaseEnd) if (fase < m.fase) latest = Math.max(latest, end)
    return latest
  }
  for (const m of playable) {
    // Nothing before (-Infinity, plus the rest still -Infinity): ready from the first day's start.
    let ready = Math.max(0, before(m) + rules.REST_MINUTES)
    for (const p of m.players) ready = Math.max(ready, playerFree.get(p) ?? 0)
    // The court free earliest (the first in the club's order among equals), then the day's window.
    let court = 0
    for (let c = 1; c < courts.length; c++) {
      const best = Math.max(ready, courtFree[court]!)
      if (Math.max(ready, courtFree[c]!) < best) court = c
    }
    const start = intoWindow(Math.max(ready, courtFree[court]!))
    const end = start + rules.MATCH_MINUTES
    courtFree[court] = end
    for (const p of m.players) playerFree.set(p, end + rules.REST_MINUTES)
    const key = `${m.drawId}:${m.groupId}:${m.turno}`
    roundEnd.set(key, Math.max(roundEnd.get(key) ?? -Infinity, end))
    phaseEnd.set(m.fase, Math.max(phaseEnd.get(m.fase) ?? -Infinity, end))
    const dayIndex = Math.floor(start / DAY_MINUTES)
    const day = addDays(input.firstDay, dayIndex)
    plan.set(m.id, {
      start: italianInstant(day, start - dayIndex * DAY_MINUTES),
      end: italianInstant(day, end - dayIndex * DAY_MINUTES),
      court: courts[court]!,
      day,
    })
  }
  return plan
}

/** A time (minutes from the first day's midnight) moved to the day's first start, or the next day's. */
function intoWindow(t: number): number {
  const day = Math.floor(t / DAY_MINUTES)
  const minute = t - day * DAY_MINUTES
  if (minute < ORDER_OF_PLAY.FIRST_START) return day * DAY_MINUTES + ORDER_OF_PLAY.FIRST_START
  if (minute > ORDER_OF_PLAY.LAST_START) return (day + 1) * DAY_MINUTES + ORDER_OF_PLAY.FIRST_START
  return t
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ITALY_TIME_ZONE,
  timeZoneName: 'longOffset',
})

/** Minutes Italy is ahead of UTC at an instant (60 in winter, 120 in summer). */
function italianOffset(instant: number): number {
  const name = offsetFormat.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')!.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0
}

/** The instant of a wall-clock time in Italy: `minute` minutes after midnight of `day`. */
export function italianInstant(day: string, minute: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * 60_000
  let instant = wall - italianOffset(wall) * 60_000
  const offset = italianOffset(instant)
  instant = wall - offset * 60_000
  return new Date(instant)
}
