// The SQL of Power (DESIGN.md §5): a played match, from a tournament or a challenge, rated under a lock on the
// players' ratings. A match rated before (a corrected result) is undone first, so Power follows the result as
// it now stands. The rule is server/domain/power.ts.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { powerHistory, powerRatings } from '../db/schema/domain.ts'
import {
  type PowerState,
  isPromotionCandidate,
  isProvisional,
  rateMatch,
  undoChanges,
} from '../domain/power.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type PlayedMatch = {
  sideA: number[]
  sideB: number[]
  /** Null for a match without games (a walkover): it changes nothing, and undoes an earlier rating. */
  gamesA: number | null
  gamesB: number | null
  at: Date
  torneo: boolean
  now: Date
} & (
  | { matchId: number; challengeId?: undefined; tieMatchId?: undefined }
  | { challengeId: number; matchId?: undefined; tieMatchId?: undefined }
  | { tieMatchId: number; matchId?: undefined; challengeId?: undefined }
)

/**
 * Rates a played match in the sector and returns each player's change, with what explains it; who may read which
 * (and how it is worded) is server/domain/privacy.ts's `shownChanges`.
 */
export async function ratePlayed(tx: Tx, sectorId: number, played: PlayedMatch) {
  const players = [...played.sideA, ...played.sideB]
  const ratingRows = await tx
    .select()
    .from(powerRatings)
    .where(and(eq(powerRatings.sectorId, sectorId), inArray(powerRatings.personId, players)))
    .for('update')
  let states = new Map<number, PowerState>(
    ratingRows.map((r) => [
      r.personId,
      { power: r.power, partite: r.partite, partiteTorneo: r.partiteTorneo },
    ]),
  )
  const source =
    played.matchId !== undefined
      ? eq(powerHistory.matchId, played.matchId)
      : played.challengeId !== undefined
        ? eq(powerHistory.challengeId, played.challengeId)
        : eq(powerHistory.tieMatchId, played.tieMatchId)
  const previous = await tx.select().from(powerHistory).where(source)
  if (previous.length > 0) {
    const undone = undoChanges(states, previous, played.torneo)
    states = new Map([...states, ...undone])
    await tx.delete(powerHistory).where(source)
  }
  const { next, changes } =
    played.gamesA === null || played.gamesB === null
      ? { next: new Map<number, PowerState>(), changes: [] }
      : rateMatch(states, {
          sideA: played.sideA,
          sideB: played.sideB,
          gamesA: played.gamesA,
          gamesB: played.gamesB,
          at: played.at,
          torneo: played.torneo,
          matchId: played.matchId ?? null,
          challengeId: played.challengeId ?? null,
          tieMatchId: played.tieMatchId ?? null,
        })
  for (const [id, state] of next) states.set(id, state)
  for (const personId of players) {
    const state = states.get(personId)
    if (!state) continue
    const values = {
      power: state.power,
      partite: state.partite,
      partiteTorneo: state.partiteTorneo,
      provvisorio: isProvisional(state.partite),
      promozione: isPromotionCandidate(state),
      aggiornatoIl: played.now,
    }
    await tx
      .insert(powerRatings)
      .values({ personId, sectorId, ...values })
      .onConflictDoUpdate({ target: [powerRatings.personId, powerRatings.sectorId], set: values })
  }
  if (changes.length > 0) {
    await tx.insert(powerHistory).values(
      changes.map((c) => ({
        personId: c.personId,
        sectorId,
        matchId: c.matchId,
        challengeId: c.challengeId,
        tieMatchId: c.tieMatchId ?? null,
        giocataIl: c.at,
        powerPrima: c.powerPrima,
        powerDopo: c.powerDopo,
        livelloProprio: c.livelloProprio,
        livelloAvversari: c.livelloAvversari,
        atteso: c.atteso,
        ottenuto: c.ottenuto,
        gameVinti: c.gameVinti,
        gamePersi: c.gamePersi,
        fattoreK: c.fattoreK,
        provvisorio: c.provvisorio,
      })),
    )
  }
  return changes
}
