// The seed at the larger scales loads with the triggers off (server/seed/index.ts, session_replication_role =
// replica): what the triggers keep is then made again from the rows. Here rows are written the same way, behind
// the triggers' back, and the recounts must leave the kept values equal to the rows: each tournament's club
// province and region and its entry counts, the players' search with who hid.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { playerSearch, tessere } from '../../server/db/schema/core.ts'
import { clubs, tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { fillPlayerSearch } from '../../server/repositories/person-search.ts'
import { recountTournamentKeptValues } from '../../server/repositories/tournaments.ts'
import { keptCountDrift } from '../support/conteggi.ts'
import { makeTennisPlayer, tennisCard } from '../support/players.ts'
import { testDatabase } from '../support/server.ts'
import { openTournament } from '../support/tournaments.ts'

describe('after a load with the triggers off', () => {
  it('the tournaments get their club’s province and region and their entry counts back', async () => {
    const { db } = await testDatabase()
    const [club] = await db
      .select({ id: clubs.id, provincia: clubs.provincia })
      .from(clubs)
      .where(sql`${clubs.provincia} is not null`)
      .orderBy(asc(clubs.id))
      .limit(1)
    const players = await Promise.all([1, 2, 3].map(() => makeTennisPlayer()))
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      const [made] = await tx
        .insert(tournaments)
        .values(openTournament({ nome: `Carico ${randomUUID().slice(0, 6)}`, clubId: club!.id }))
        .returning({ id: tournaments.id })
      await tx.insert(tournamentEntries).values([
        { tournamentId: made!.id, personId: players[0]!.personId, status: 'iscritto' },
        { tournamentId: made!.id, personId: players[1]!.personId, status: 'iscritto' },
        {
          tournamentId: made!.id,
          personId: players[2]!.personId,
          status: 'lista_attesa',
          posizioneAttesa: 1,
        },
      ])
      return made!.id
    })
    const keptOf = async () =>
      (
        await db
          .select({
            provincia: tournaments.provincia,
            regione: sql<boolean>`${tournaments.regionId} is not null`,
            iscritti: tournaments.nIscritti,
            attesa: tournaments.nInAttesa,
          })
          .from(tournaments)
          .where(eq(tournaments.id, id))
      )[0]
    expect(await keptOf()).toEqual({ provincia: null, regione: false, iscritti: 0, attesa: 0 })

    await recountTournamentKeptValues(db)
    expect(await keptOf()).toEqual({ provincia: club!.provincia, regione: true, iscritti: 2, attesa: 1 })
    expect(await keptCountDrift(db)).toEqual([])
  })

  it('the players’ search holds every carded person, and who hid is hidden', async () => {
    const { db } = await testDatabase()
    const hidden = await makeTennisPlayer({ hidden: true, card: false })
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.insert(tessere).values(tennisCard(hidden.personId))
    })
    const rowOf = () =>
      db
        .select({ nascosto: playerSearch.nascosto })
        .from(playerSearch)
        .where(and(eq(playerSearch.personId, hidden.personId), eq(playerSearch.sectorId, SECTOR_IDS.TENNIS)))
    expect(await rowOf()).toEqual([])

    await fillPlayerSearch(db)
    expect(await rowOf()).toEqual([{ nascosto: true }])
  })
})
