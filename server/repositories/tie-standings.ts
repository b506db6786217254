// The group standings a confirmed tie moves (issue 21, item 4), rewritten in the tie's transaction. A stand-in for
// the championships' `refreshGroupStandings(tx, groupId)` of issue 21 item 1 (branch i-champ): same name and
// arguments, so the lead swaps the import when both are merged. The rule is server/domain/tie.ts's groupStandings.
import { and, eq, inArray, or } from 'drizzle-orm'
import { teamStandings, teamTies, teams } from '../db/schema/domain.ts'
import { groupStandings } from '../domain/tie.ts'
import type { Tx } from './lifecycle.ts'

/** Computes the standings of a group again from the ties of it that count. */
export async function refreshGroupStandings(tx: Tx, groupId: number): Promise<void> {
  const members = await tx.select({ id: teams.id }).from(teams).where(eq(teams.groupId, groupId))
  const counted = await tx
    .select()
    .from(teamTies)
    .where(
      and(
        eq(teamTies.groupId, groupId),
        or(
          inArray(teamTies.status, ['confermato', 'walkover']),
          and(eq(teamTies.status, 'risolto'), eq(teamTies.risoluzione, 'confermato')),
        ),
      ),
    )
  const rows = groupStandings(
    members.map((m) => m.id),
    counted.map((t) => ({
      home: t.homeTeamId,
      away: t.awayTeamId,
      puntiCasa: t.puntiCasa ?? 0,
      puntiOspiti: t.puntiOspiti ?? 0,
      vincitore:
        t.winnerTeamId === null
          ? null
          : t.winnerTeamId === t.homeTeamId
            ? ('casa' as const)
            : ('ospiti' as const),
    })),
  )
  await tx.delete(teamStandings).where(eq(teamStandings.groupId, groupId))
  if (rows.length > 0) await tx.insert(teamStandings).values(rows.map((row) => ({ groupId, ...row })))
}
