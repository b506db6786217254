// Match scores, checked against the discipline's scoring (docs/regole.md, «Risultati»): best of three sets; tennis,
// padel and beach tennis sets to 6 games (7-5, or 7-6 with a tie-break), pickleball games to 11 points with two
// clear. A walkover has no score, a retirement keeps the games played. One module for the server, which refuses a
// score with these messages, and for the forms (the organiser's results, a challenge's result), which say the same
// before the confirmation dialog (issue 19, item 6).
import { DISCIPLINE_IDS, SECTOR_IDS } from './constants.ts'

export type SetScore = { a: number; b: number; tiebreak?: number }
export type Side = 'A' | 'B'

export type ScoreInput = {
  esito: 'giocata' | 'walkover' | 'ritiro'
  sets: readonly SetScore[]
  /** Needed for a walkover or a retirement (who goes through); for a played match it must agree with the sets. */
  vincitore?: Side | undefined
}

export type CheckedScore = {
  esito: 'giocata' | 'walkover' | 'ritiro'
  vincitore: Side
  sets: SetScore[] | null
  setA: number | null
  setB: number | null
  gameA: number | null
  gameB: number | null
}

export type ScoreCheck = { ok: true; score: CheckedScore } | { ok: false; message: string }

export type Scoring = 'set' | 'rally'

/** Pickleball counts rally points in games to 11; the other disciplines play sets of games. */
export function scoringOf(disciplineId: number): Scoring {
  return disciplineId === DISCIPLINE_IDS.PICKLEBALL ? 'rally' : 'set'
}

/** The scoring of a sector, for the forms that know the sector rather than the discipline. */
export function scoringOfSector(sectorId: number): Scoring {
  return sectorId === SECTOR_IDS.PICKLEBALL ? 'rally' : 'set'
}

const SETS_TO_WIN = 2
const MAX_TIEBREAK_POINTS = 99

const fail = (message: string): ScoreCheck => ({ ok: false, message })
/** «2° set», or «2° game» in pickleball, whose games are what other disciplines call sets. */
const nth = (i: number, scoring: Scoring = 'set') => `${i + 1}° ${scoring === 'rally' ? 'game' : 'set'}`

/** Whether a finished set is a valid one, and who won it; otherwise the reason in Italian. */
function finishedSet(set: SetScore, scoring: Scoring, i: number): Side | { error: string } {
  const high = Math.max(set.a, set.b)
  const low = Math.min(set.a, set.b)
  const winner: Side = set.a > set.b ? 'A' : 'B'
  if (scoring === 'rally') {
    if (set.tiebreak !== undefined) return { error: `${nth(i, scoring)}: nel pickleball non c'è tie-break` }
    if (high < 11) return { error: `${nth(i, scoring)}: un game si vince a 11 punti` }
    if (high === 11 ? high - low < 2 : high - low !== 2)
      return {
        error: `${nth(i, scoring)}: un game si vince con due punti di scarto (per esempio 11-9 o 12-10)`,
      }
    return winner
  }
  const tiebreakSet = high === 7 && low === 6
  if (set.tiebreak !== undefined && !tiebreakSet)
    return { error: `${nth(i)}: il tie-break si gioca solo sul 6-6 (7-6)` }
  if (set.tiebreak !== undefined && (set.tiebreak < 0 || set.tiebreak > MAX_TIEBREAK_POINTS))
    return { error: `${nth(i)}: i punti del tie-break non sono validi` }
  if ((high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6))) return winner
  return {
    error: `${nth(i)}: ${set.a}-${set.b} non è un set concluso (si vince a 6 con due giochi di scarto, oppure 7-5 o 7-6)`,
  }
}

/** Whether a set stopped by a retirement could be a set in progress. */
function partialSet(set: SetScore, scoring: Scoring): boolean {
  if (set.tiebreak !== undefined) return false
  if (scoring === 'rally')
    return Math.max(set.a, set.b) <= 11 && !(Math.max(set.a, set.b) === 11 && Math.abs(set.a - set.b) >= 2)
  return Math.max(set.a, set.b) <= 6 && !(Math.max(set.a, set.b) === 6 && Math.abs(set.a - set.b) >= 2)
}

/**
 * Checks a score for the discipline's scoring and derives sets and games won by each side, as stored on the
 * match and used by the standings and Power.
 */
export function checkScore(input: ScoreInput, scoring: Scoring): ScoreCheck {
  const sets = input.sets.map((s) => ({ ...s }))
  for (const set of sets) {
    if (![set.a, set.b].every((n) => Number.isInteger(n) && n >= 0 && n <= 99))
      return fail('I giochi di un set devono essere numeri interi da 0 a 99')
    if (set.a === set.b && input.esito === 'giocata') return fail('Un set non può finire in parità')
  }
  if (input.esito === 'walkover') {
    if (sets.length > 0) return fail('Una partita vinta per walkover non ha punteggio')
    if (!input.vincitore) return fail('Indica chi vince per walkover')
    return {
      ok: true,
      score: {
        esito: 'walkover',
        vincitore: input.vincitore,
        sets: null,
        setA: null,
        setB: null,
        gameA: null,
        gameB: null,
      },
    }
  }
  if (sets.length === 0) return fail('Inserisci il punteggio dei set')
  if (sets.length > SETS_TO_WIN * 2 - 1) return fail('Si gioca al meglio dei tre set: al massimo tre set')
  let setA = 0
  let setB = 0
  const last = sets.length - 1
  for (let i = 0; i < sets.length; i++) {
    if (setA === SETS_TO_WIN || setB === SETS_TO_WIN)
      return fail(`La partita era già decisa: il ${nth(i)} è di troppo`)
    const set = sets[i]!
    if (input.esito === 'ritiro' && i === last) {
      const won = finishedSet(set, scoring, i)
      if (typeof won === 'object') {
        if (!partialSet(set, scoring)) return fail(won.error)
        continue
      }
      if (won === 'A') setA++
      else setB++
      continue
    }
    const won = finishedSet(set, scoring, i)
    if (typeof won === 'object') return fail(won.error)
    if (won === 'A') setA++
    else setB++
  }
  const gameA = sets.reduce((sum, s) => sum + s.a, 0)
  const gameB = sets.reduce((sum, s) => sum + s.b, 0)
  if (input.esito === 'giocata') {
    if (setA < SETS_TO_WIN && setB < SETS_TO_WIN)
      return fail('La partita non è conclusa: vince chi conquista due set (per un ritiro scegli «ritiro»)')
    const vincitore: Side = setA > setB ? 'A' : 'B'
    if (input.vincitore && input.vincitore !== vincitore)
      return fail('Il vincitore indicato non corrisponde al punteggio')
    return { ok: true, score: { esito: 'giocata', vincitore, sets, setA, setB, gameA, gameB } }
  }
  // Retirement: the match was not decided yet, and the one who did not retire goes through.
  if (setA === SETS_TO_WIN || setB === SETS_TO_WIN)
    return fail('Con un ritiro la partita non può essere già decisa dai set')
  if (!input.vincitore) return fail('Indica chi passa il turno dopo il ritiro')
  return { ok: true, score: { esito: 'ritiro', vincitore: input.vincitore, sets, setA, setB, gameA, gameB } }
}

// ——— The forms' side: a score as it is being written ———

/** A set as a form holds it while it is written: each side's games (points in pickleball) as typed. */
export type SetDraft = { a: string; b: string; tiebreak?: string | number | undefined }

const written = (value: string | number | undefined) => value !== undefined && String(value).trim() !== ''

/** A set that ended 7-6 either way: the only one whose tie-break may be written (never in pickleball). */
export function isTiebreakSet(set: SetDraft, scoring: Scoring): boolean {
  if (scoring === 'rally' || !written(set.a) || !written(set.b)) return false
  const [a, b] = [Number(set.a), Number(set.b)]
  return Math.max(a, b) === 7 && Math.min(a, b) === 6
}

/** The first set written on one side only, which the form asks for before sending; -1 when none. */
export function halfWrittenSet(sets: readonly SetDraft[]): number {
  return sets.findIndex((s) => written(s.a) !== written(s.b))
}

/** The sets written on both sides, as the contract takes them; a tie-break only on a set that had one. */
export function setsOfDraft(sets: readonly SetDraft[], scoring: Scoring): SetScore[] {
  return sets
    .filter((s) => written(s.a) && written(s.b))
    .map((s) => ({
      a: Number(s.a),
      b: Number(s.b),
      ...(isTiebreakSet(s, scoring) && written(s.tiebreak) ? { tiebreak: Number(s.tiebreak) } : {}),
    }))
}

/**
 * What a result form must still be told, or what the server would refuse in the score (checkScore's words), as a
 * sentence; null when the server takes it. `noWinner` is the form's question when a walkover or a retirement has
 * no winner chosen yet.
 */
export function scoreDraftProblem(
  draft: { esito: ScoreInput['esito']; sets: readonly SetDraft[]; vincitore: Side | null },
  scoring: Scoring,
  noWinner: string,
): string | null {
  const unit = scoring === 'rally' ? 'game' : 'set'
  const counted = scoring === 'rally' ? 'punti' : 'giochi'
  const half = draft.esito === 'walkover' ? -1 : halfWrittenSet(draft.sets)
  if (half >= 0) return `Completa il ${half + 1}° ${unit}: mancano i ${counted} di una delle due parti.`
  const sets = draft.esito === 'walkover' ? [] : setsOfDraft(draft.sets, scoring)
  if (draft.esito === 'giocata' && sets.length === 0) return `Scrivi i ${counted} di almeno un ${unit}.`
  if (draft.esito !== 'giocata' && draft.vincitore === null) return noWinner
  const vincitore = draft.esito === 'giocata' ? undefined : (draft.vincitore ?? undefined)
  const checked = checkScore({ esito: draft.esito, sets, vincitore }, scoring)
  return checked.ok ? null : `${checked.message}.`
}

/** "6-4 3-6 7-6(5)" as printed on a draw and in the TODS score string. */
export function scoreString(sets: readonly SetScore[] | null, from: Side = 'A'): string {
  if (!sets) return ''
  return sets
    .map((s) => {
      const [x, y] = from === 'A' ? [s.a, s.b] : [s.b, s.a]
      return `${x}-${y}${s.tiebreak !== undefined ? `(${s.tiebreak})` : ''}`
    })
    .join(' ')
}
