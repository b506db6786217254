// Draws (tabelloni): seeded single elimination with byes, round-robin groups, groups → knockout. The random seed
// is committed (SHA-256 published) before the draw and revealed after: anyone can rebuild the draw and compare.
import { createHash, randomBytes } from 'node:crypto'
import {
  eliminationResults,
  pointsFor,
  roundReachedInRoundRobin,
  type EliminationMatch,
  type EntryResult,
  type EventCategory,
} from './points.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A fresh random seed: 32 bytes as 64 hex digits. */
export function generateSeed(): string {
  return randomBytes(32).toString('hex')
}

/** The commitment published before the draw: SHA-256 of the seed's text, in hex. */
export function commitSeed(seed: string): string {
  return sha256(seed)
}

export function verifySeedCommitment(seed: string, seedHash: string): boolean {
  return commitSeed(seed) === seedHash.toLowerCase()
}

/**
 * The draw's randomness, reproducible from the seed alone: the n-th number is the first 48 bits of
 * SHA-256("<seed>:<n>") divided by 2^48.
 */
export function drawRandom(seed: string) {
  let counter = 0
  const next = () => parseInt(sha256(`${seed}:${counter++}`).slice(0, 12), 16) / 2 ** 48
  /** An integer in 0..n-1. */
  const int = (n: number) => Math.floor(next() * n)
  /** Fisher–Yates, from the last position down. */
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1)
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }
  return { next, int, shuffle }
}

export function nextPowerOfTwo(n: number): number {
  let size = 1
  while (size < n) size *= 2
  return size
}

/**
 * For each slot of a draw of `size` (a power of two), the seed line it belongs to: [1, 2] → [1, 4, 2, 3] →
 * [1, 8, 4, 5, 2, 7, 3, 6] … Seed k meets seed size+1-k in the first round, and 1 and 2 can meet only in the final.
 */
export function bracketOrder(size: number): number[] {
  if (size < 1 || nextPowerOfTwo(size) !== size)
    throw new RangeError('La dimensione deve essere una potenza di 2')
  let order = [1]
  while (order.length < size) {
    const n = order.length * 2
    order = order.flatMap((line) => [line, n + 1 - line])
  }
  return order
}

/** Teste di serie: one every four places of the draw, at least two (one for a draw of two). */
export function defaultSeedCount(entrants: number): number {
  const size = nextPowerOfTwo(entrants)
  return Math.min(entrants, Math.max(size >= 4 ? 2 : 1, size / 4))
}

export type EliminationDraw = {
  size: number
  rounds: number
  /** Entry per slot (null: bye), slot 2i meets slot 2i+1 in the first round. */
  slots: (number | null)[]
  /** Seed number of each seeded entry. */
  seeds: Map<number, number>
}

/**
 * Seeded single elimination. `entrants` are entry ids ordered by ranking (best first): the first `seedCount` are
 * seeded. Seeds 1 and 2 take lines 1 and 2; seeds 3–4 are drawn into lines 3–4, seeds 5–8 into lines 5–8, and
 * so on. Byes go to the seeds in seed order, then to the best remaining lines. The other entrants are shuffled into the free
 * slots. Random numbers are used in that order: tiers of seeds first, then the shuffle.
 */
export function buildEliminationDraw(
  entrants: readonly number[],
  seed: string,
  seedCount: number = defaultSeedCount(entrants.length),
): EliminationDraw {
  if (entrants.length < 2) throw new RangeError('Servono almeno due iscritti')
  if (new Set(entrants).size !== entrants.length) throw new RangeError('Iscritti duplicati')
  const random = drawRandom(seed)
  const size = nextPowerOfTwo(entrants.length)
  const byes = size - entrants.length
  const seededCount = Math.max(0, Math.min(seedCount, entrants.length))
  const lineToSlot = new Map<number, number>()
  bracketOrder(size).forEach((line, slot) => lineToSlot.set(line, slot))
  const slots: (number | null)[] = new Array(size).fill(null)
  const taken = new Set<number>()
  const seeds = new Map<number, number>()

  // Tiers of lines: [1], [2], [3,4], [5..8], [9..16]…; the seeds of a tier are drawn among its lines.
  const tiers: number[][] = [[1], [2]]
  for (let last = 4; last <= size; last *= 2)
    tiers.push(Array.from({ length: last / 2 }, (_, i) => last / 2 + 1 + i))
  let seedIndex = 0
  for (const lines of tiers) {
    if (seedIndex >= seededCount) break
    const tierSeeds = entrants.slice(seedIndex, Math.min(seededCount, seedIndex + lines.length))
    const drawnLines = lines.length > 1 ? random.shuffle(lines) : lines
    tierSeeds.forEach((entry, i) => {
      const slot = lineToSlot.get(drawnLines[i]!)!
      slots[slot] = entry
      taken.add(slot)
      seeds.set(entry, seedIndex + i + 1)
    })
    seedIndex += tierSeeds.length
  }
  // Byes: the first-round opponents of the seeds in seed order (seed 3 before seed 4, whichever of lines 3–4 it
  // was drawn into), then of the best remaining lines.
  const recipients = entrants.slice(0, seededCount).map((entry) => slots.indexOf(entry))
  for (let line = 1; line <= size && recipients.length < byes; line++) {
    const slot = lineToSlot.get(line)!
    if (!recipients.includes(slot)) recipients.push(slot)
  }
  for (const slot of recipients.slice(0, byes)) taken.add(slot ^ 1)
  const free = [...Array(size).keys()].filter((slot) => !taken.has(slot))
  const others = random.shuffle(entrants.slice(seededCount))
  free.forEach((slot, i) => (slots[slot] = others[i]!))
  return { size, rounds: Math.log2(size), slots, seeds }
}

/** Where the winner of match `posizione` of round `turno` plays next. */
export function nextSlot(
  turno: number,
  posizione: number,
): { turno: number; posizione: number; side: 'A' | 'B' } {
  return { turno: turno + 1, posizione: Math.floor(posizione / 2), side: posizione % 2 === 0 ? 'A' : 'B' }
}

/**
 * Round-robin groups. Entrants (ordered by ranking) are split into pots of `groupCount`: the first pot heads the
 * groups in order (A gets the best), every further pot is shuffled and dealt A, B, C…
 */
export function buildGroups(entrants: readonly number[], groupCount: number, seed: string): number[][] {
  if (groupCount < 1) throw new RangeError('Serve almeno un girone')
  if (entrants.length < groupCount * 2) throw new RangeError('Servono almeno due iscritti per girone')
  const random = drawRandom(seed)
  const groups: number[][] = Array.from({ length: groupCount }, () => [])
  for (let start = 0; start < entrants.length; start += groupCount) {
    const pot = entrants.slice(start, start + groupCount)
    const dealt = start === 0 ? pot : random.shuffle(pot)
    dealt.forEach((entry, i) => groups[i]!.push(entry))
  }
  return groups
}

/** Groups of four to seven players, as many groups of four as the entrants allow. */
export function defaultGroupCount(entrants: number): number {
  return Math.max(1, Math.floor(entrants / 4))
}

/**
 * Every pairing of a round robin, by giornata (circle method): `n` players (indices 0..n-1) play n-1 rounds, or n
 * rounds with one resting each round when n is odd.
 */
export function roundRobinSchedule(n: number): [number, number][][] {
  if (n < 2) return []
  const players = [...Array(n).keys()] as (number | null)[]
  if (n % 2 === 1) players.push(null)
  const m = players.length
  const rounds: [number, number][][] = []
  for (let r = 0; r < m - 1; r++) {
    const pairs: [number, number][] = []
    for (let i = 0; i < m / 2; i++) {
      const a = players[i]!
      const b = players[m - 1 - i]!
      if (a !== null && b !== null) pairs.push(r % 2 === 0 ? [a, b] : [b, a])
    }
    rounds.push(pairs)
    // Keep the first player fixed and rotate the others.
    players.splice(1, 0, players.pop()!)
  }
  return rounds
}

export type GroupMatchResult = {
  entryAId: number
  entryBId: number
  winnerEntryId: number
  setA: number
  setB: number
  gameA: number
  gameB: number
}

export type StandingRow = {
  entryId: number
  posizione: number
  giocate: number
  vinte: number
  perse: number
  setVinti: number
  setPersi: number
  gameVinti: number
  gamePersi: number
  punti: number
}

/**
 * Standings of a girone: one point a win. Ties: between two players the head-to-head decides; among three or
 * more the set difference, then the game difference; last the draw order (`entries` as given).
 */
export function groupStandings(
  entries: readonly number[],
  results: readonly GroupMatchResult[],
): StandingRow[] {
  const rows = new Map<number, StandingRow>(
    entries.map((entryId) => [
      entryId,
      {
        entryId,
        posizione: 0,
        giocate: 0,
        vinte: 0,
        perse: 0,
        setVinti: 0,
        setPersi: 0,
        gameVinti: 0,
        gamePersi: 0,
        punti: 0,
      },
    ]),
  )
  const headToHead = new Map<string, number>()
  for (const r of results) {
    const a = rows.get(r.entryAId)
    const b = rows.get(r.entryBId)
    if (!a || !b) throw new RangeError('Partita con un iscritto fuori dal girone')
    a.giocate++
    b.giocate++
    a.setVinti += r.setA
    a.setPersi += r.setB
    b.setVinti += r.setB
    b.setPersi += r.setA
    a.gameVinti += r.gameA
    a.gamePersi += r.gameB
    b.gameVinti += r.gameB
    b.gamePersi += r.gameA
    const [winner, loser] = r.winnerEntryId === r.entryAId ? [a, b] : [b, a]
    winner.vinte++
    winner.punti++
    loser.perse++
    headToHead.set(
      `${winner.entryId}:${loser.entryId}`,
      (headToHead.get(`${winner.entryId}:${loser.entryId}`) ?? 0) + 1,
    )
  }
  const order = new Map(entries.map((id, i) => [id, i]))
  const byWins = new Map<number, StandingRow[]>()
  for (const row of rows.values()) byWins.set(row.vinte, [...(byWins.get(row.vinte) ?? []), row])
  const sorted: StandingRow[] = []
  for (const wins of [...byWins.keys()].sort((a, b) => b - a)) {
    const tied = byWins.get(wins)!
    if (tied.length === 2) {
      const [x, y] = tied as [StandingRow, StandingRow]
      const xy = headToHead.get(`${x.entryId}:${y.entryId}`) ?? 0
      const yx = headToHead.get(`${y.entryId}:${x.entryId}`) ?? 0
      if (xy !== yx) {
        sorted.push(...(xy > yx ? [x, y] : [y, x]))
        continue
      }
    }
    tied.sort(
      (x, y) =>
        y.setVinti - y.setPersi - (x.setVinti - x.setPersi) ||
        y.gameVinti - y.gamePersi - (x.gameVinti - x.gamePersi) ||
        order.get(x.entryId)! - order.get(y.entryId)!,
    )
    sorted.push(...tied)
  }
  return sorted.map((row, i) => ({ ...row, posizione: i + 1 }))
}

/**
 * The knockout after the groups: `standings` holds each group's entries in finishing order. The first
 * `qualifiers` of each group go through; group winners take the best lines (group A's winner line 1), then the
 * runners-up, and so on. A runner-up that would sit in the same half as its own group's winner is swapped with
 * one from the other half in the same case, so two players of one group meet again only in the final, wherever
 * possible: in line order, each with the first such runner-up of the other half, every one moved at most once; one
 * left without a partner stays on its line. No randomness: the groups already decided.
 */
export function knockoutFromGroups(
  standings: readonly (readonly number[])[],
  qualifiers = 2,
): EliminationDraw {
  const ordered: number[] = []
  const groupOf = new Map<number, number>()
  for (let place = 0; place < qualifiers; place++) {
    standings.forEach((group, g) => {
      const entry = group[place]
      if (entry === undefined) return
      ordered.push(entry)
      groupOf.set(entry, g)
    })
  }
  if (ordered.length < 2) throw new RangeError('Servono almeno due qualificati')
  const size = nextPowerOfTwo(ordered.length)
  const lines = bracketOrder(size)
  const slots: (number | null)[] = new Array(size).fill(null)
  const seeds = new Map<number, number>()
  const byes = size - ordered.length
  // Lines 1..n for the qualifiers, except the byes' lines (the opponents of the best lines).
  const byeLines = new Set(Array.from({ length: byes }, (_, k) => size - k))
  const usable = lines
    .map((line, slot) => ({ line, slot }))
    .filter(({ line }) => !byeLines.has(line))
    .sort((a, b) => a.line - b.line)
  ordered.forEach((entry, i) => {
    slots[usable[i]!.slot] = entry
    seeds.set(entry, i + 1)
  })
  const half = (slot: number) => (slot < size / 2 ? 0 : 1)
  const slotOf = () => new Map(slots.map((entry, slot) => [entry, slot]))
  const winners = new Map(standings.map((group, g) => [g, group[0]]))
  const clashing = () => {
    const at = slotOf()
    return ordered.filter((entry) => {
      const winner = winners.get(groupOf.get(entry)!)
      return winner !== undefined && winner !== entry && half(at.get(entry)!) === half(at.get(winner)!)
    })
  }
  for (const entry of clashing()) {
    const at = slotOf()
    const mySlot = at.get(entry)!
    const myWinnerHalf = half(at.get(winners.get(groupOf.get(entry)!)!)!)
    if (half(mySlot) !== myWinnerHalf) continue // already fixed by an earlier swap
    // A clashing runner-up sits in its own winner's half: one in the other half has its winner there, so the two
    // trade places and both leave their winner's half.
    const partner = clashing().find((other) => half(at.get(other)!) !== half(mySlot))
    if (partner === undefined) continue
    const otherSlot = at.get(partner)!
    slots[mySlot] = partner
    slots[otherSlot] = entry
  }
  return { size, rounds: Math.log2(size), slots, seeds }
}

/**
 * Anyone can check a published elimination draw: the revealed seed must match the hash published before the draw,
 * and rebuilding the draw from the seed and the entry list must give the same slots.
 */
export function verifyEliminationDraw(input: {
  seedHash: string
  seed: string
  entrants: readonly number[]
  seedCount?: number
  slots: readonly (number | null)[]
}): { valid: boolean; reason?: string } {
  if (!verifySeedCommitment(input.seed, input.seedHash)) {
    return { valid: false, reason: "Il seme rivelato non corrisponde all'hash pubblicato" }
  }
  const rebuilt = buildEliminationDraw(input.entrants, input.seed, input.seedCount)
  const same =
    rebuilt.slots.length === input.slots.length && rebuilt.slots.every((e, i) => e === input.slots[i])
  return same
    ? { valid: true }
    : { valid: false, reason: 'Il tabellone non corrisponde a quello generato dal seme' }
}

/** The same check for round-robin groups. */
export function verifyGroups(input: {
  seedHash: string
  seed: string
  entrants: readonly number[]
  groups: readonly (readonly number[])[]
}): { valid: boolean; reason?: string } {
  if (!verifySeedCommitment(input.seed, input.seedHash)) {
    return { valid: false, reason: "Il seme rivelato non corrisponde all'hash pubblicato" }
  }
  const rebuilt = buildGroups(input.entrants, input.groups.length, input.seed)
  const same = rebuilt.every(
    (group, g) =>
      group.length === input.groups[g]!.length && group.every((e, i) => e === input.groups[g]![i]),
  )
  return same
    ? { valid: true }
    : { valid: false, reason: 'I gironi non corrispondono a quelli generati dal seme' }
}

// -------------------------------------------------------------------------------------------------------
// The live lifecycle: plan a draw from the published entrant order and the seed, lay out its matches, record
// results. The seed generator (server/seed/areas/tournaments.ts) uses the same primitives.

export type Formula = 'eliminazione' | 'girone' | 'gironi_eliminazione'

/** A rule of the draws refused, with the Italian message the organiser reads; `conflict` means 409, else 400. */
export class DrawRuleError extends Error {
  constructor(
    message: string,
    readonly kind: 'conflict' | 'invalid' = 'conflict',
  ) {
    super(message)
  }
}

/** An entry as the draw orders it: ranking points at entry time, then enrolment time, then id. */
export type OrderableEntry = { id: number; puntiIngresso: number; iscrittoIl: Date }

/**
 * The published order of the entrants (docs/regole.md, «Eliminazione diretta» 1): best ranking points at entry
 * first, ties by who enrolled first, then by entry number. The draw is rebuilt from the seed and this list.
 */
export function entrantOrder(entries: readonly OrderableEntry[]): number[] {
  return [...entries]
    .sort(
      (x, y) =>
        y.puntiIngresso - x.puntiIngresso || x.iscrittoIl.getTime() - y.iscrittoIl.getTime() || x.id - y.id,
    )
    .map((e) => e.id)
}

export type DrawPlan =
  { tipo: 'eliminazione'; draw: EliminationDraw } | { tipo: 'gironi'; groups: number[][]; nomi: string[] }

/** Name of the g-th group (0-based): Girone A, Girone B…, or Girone unico when there is one. */
export function groupName(g: number, count: number): string {
  return count === 1 ? 'Girone unico' : `Girone ${String.fromCharCode(65 + g)}`
}

/** The first phase of a tournament of `formula`, from the entrants in published order and the revealed seed. */
export function planDraw(formula: Formula, entrants: readonly number[], seed: string): DrawPlan {
  if (entrants.length < 2) throw new DrawRuleError('Servono almeno due iscritti per il sorteggio')
  if (formula === 'eliminazione') return { tipo: 'eliminazione', draw: buildEliminationDraw(entrants, seed) }
  const count = formula === 'girone' ? 1 : defaultGroupCount(entrants.length)
  if (formula === 'gironi_eliminazione' && count < 2)
    throw new DrawRuleError('Per gironi e tabellone finale servono almeno otto iscritti')
  const groups = buildGroups(entrants, count, seed)
  return { tipo: 'gironi', groups, nomi: groups.map((_, g) => groupName(g, groups.length)) }
}

export type MatchOutcome = 'da_giocare' | 'giocata' | 'walkover' | 'ritiro' | 'bye'

/** A match of a draw as the lifecycle sees it (no score: scores are checked in contract/scores.ts). */
export type DrawMatch = {
  /** 0-based index of the group inside the draw; null in an elimination draw. */
  group: number | null
  turno: number
  posizione: number
  entryAId: number | null
  entryBId: number | null
  winnerEntryId: number | null
  esito: MatchOutcome
}

/**
 * Every match of an elimination draw: all rounds laid out, first-round byes decided and their entrants already
 * placed in the second round.
 */
export function eliminationMatches(slots: readonly (number | null)[]): DrawMatch[] {
  const size = slots.length
  const rounds = Math.log2(size)
  const out: DrawMatch[] = []
  for (let turno = 1; turno <= rounds; turno++) {
    for (let posizione = 0; posizione < size / 2 ** turno; posizione++) {
      const a = turno === 1 ? (slots[posizione * 2] ?? null) : null
      const b = turno === 1 ? (slots[posizione * 2 + 1] ?? null) : null
      const bye = turno === 1 && (a === null) !== (b === null)
      out.push({
        group: null,
        turno,
        posizione,
        entryAId: a,
        entryBId: b,
        winnerEntryId: bye ? (a ?? b) : null,
        esito: bye ? 'bye' : 'da_giocare',
      })
    }
  }
  for (const match of out.filter((m) => m.esito === 'bye')) advance(out, match, match.winnerEntryId)
  return out
}

/** Every match of round-robin groups, by giornata (Berger tables: roundRobinSchedule). */
export function groupMatches(groups: readonly (readonly number[])[]): DrawMatch[] {
  return groups.flatMap((members, group) =>
    roundRobinSchedule(members.length).flatMap((pairs, r) =>
      pairs.map(([x, y], posizione) => ({
        group,
        turno: r + 1,
        posizione,
        entryAId: members[x]!,
        entryBId: members[y]!,
        winnerEntryId: null,
        esito: 'da_giocare' as const,
      })),
    ),
  )
}

const find = (matches: readonly DrawMatch[], group: number | null, turno: number, posizione: number) =>
  matches.find((m) => m.group === group && m.turno === turno && m.posizione === posizione)

/** Puts `winner` (or nobody) on the side of the next-round match that `match` feeds. */
function advance(matches: DrawMatch[], match: DrawMatch, winner: number | null): DrawMatch | undefined {
  const target = nextSlot(match.turno, match.posizione)
  const next = find(matches, null, target.turno, target.posizione)
  if (!next) return undefined
  if (target.side === 'A') next.entryAId = winner
  else next.entryBId = winner
  return next
}

export const RESULT_MESSAGES = {
  notFound: 'Partita non trovata in questo tabellone',
  bye: 'Un passaggio del turno (bye) non ha risultato',
  missingEntrants: 'La partita non ha ancora entrambi i giocatori: manca il risultato del turno precedente',
  nextPlayed:
    'Il risultato non si può correggere: il vincitore ha già giocato il turno successivo. Correggi prima quella partita.',
  knockoutMade:
    'Il risultato del girone non si può correggere: il tabellone finale è già stato sorteggiato dai gironi',
  winnerNotInMatch: 'Il vincitore deve essere uno dei due giocatori della partita',
} as const

/**
 * Records (or corrects) the result of one match and returns the matches it changed, the match itself first.
 * In an elimination draw the winner moves to the next round; a correction that changes the winner is refused once
 * the next match has a result (it would leave that match between the wrong players).
 */
export function recordResult(
  matches: readonly DrawMatch[],
  at: { group: number | null; turno: number; posizione: number },
  result: { winnerEntryId: number; esito: 'giocata' | 'walkover' | 'ritiro' },
): DrawMatch[] {
  const copy = matches.map((m) => ({ ...m }))
  const match = find(copy, at.group, at.turno, at.posizione)
  if (!match) throw new DrawRuleError(RESULT_MESSAGES.notFound, 'invalid')
  if (match.esito === 'bye') throw new DrawRuleError(RESULT_MESSAGES.bye)
  if (match.entryAId === null || match.entryBId === null)
    throw new DrawRuleError(RESULT_MESSAGES.missingEntrants)
  if (result.winnerEntryId !== match.entryAId && result.winnerEntryId !== match.entryBId)
    throw new DrawRuleError(RESULT_MESSAGES.winnerNotInMatch, 'invalid')
  const changed: DrawMatch[] = [match]
  const previousWinner = match.winnerEntryId
  match.winnerEntryId = result.winnerEntryId
  match.esito = result.esito
  if (match.group === null && previousWinner !== result.winnerEntryId) {
    const target = nextSlot(match.turno, match.posizione)
    const next = find(copy, null, target.turno, target.posizione)
    if (next && next.esito !== 'da_giocare') throw new DrawRuleError(RESULT_MESSAGES.nextPlayed)
    const moved = advance(copy, match, result.winnerEntryId)
    if (moved) changed.push(moved)
  }
  return changed
}

/** Whether every match of the given matches has a result (byes count as decided). */
export function allPlayed(matches: readonly DrawMatch[]): boolean {
  return matches.length > 0 && matches.every((m) => m.esito !== 'da_giocare')
}

/** The finishing order of each group from its matches (standings rules of groupStandings). */
export function standingsOfGroups(
  groups: readonly (readonly number[])[],
  results: readonly (GroupMatchResult & { group: number })[],
): StandingRow[][] {
  return groups.map((members, g) =>
    groupStandings(
      members,
      results.filter((r) => r.group === g),
    ),
  )
}

/**
 * Results and points of every entry once the tournament is over, as docs/regole.md says: an elimination draw by
 * the round reached; a girone unico by the final place; groups then knockout: GIR for everyone in the groups,
 * replaced by the round reached in the final draw for the qualifiers who played there.
 */
export function tournamentResults(input: {
  formula: Formula
  categoria: EventCategory
  standings?: readonly (readonly StandingRow[])[]
  knockout?: { matches: readonly EliminationMatch[]; rounds: number }
}): EntryResult[] {
  const byEntry = new Map<number, EntryResult>()
  if (input.formula === 'girone') {
    for (const row of input.standings?.[0] ?? []) {
      const risultato = roundReachedInRoundRobin(row.posizione)
      byEntry.set(row.entryId, {
        entryId: row.entryId,
        risultato,
        punti: pointsFor(risultato, input.categoria),
      })
    }
  }
  if (input.formula === 'gironi_eliminazione') {
    for (const group of input.standings ?? [])
      for (const row of group)
        byEntry.set(row.entryId, {
          entryId: row.entryId,
          risultato: 'GIR',
          punti: pointsFor('GIR', input.categoria),
        })
  }
  if (input.formula !== 'girone') {
    if (!input.knockout) throw new Error('Manca il tabellone ad eliminazione')
    for (const r of eliminationResults([...input.knockout.matches], input.knockout.rounds, input.categoria))
      byEntry.set(r.entryId, r)
  }
  return [...byEntry.values()].sort((a, b) => b.punti - a.punti || a.entryId - b.entryId)
}
