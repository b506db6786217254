// The notices of the portal as their reader sees them (issue 19 item 7): the unseen ones, newest first, and
// marking some of them seen. Written by server/repositories/outbox.ts with the lifecycles' e-mails.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { AVVISI_MAX_ELENCO, type Avviso, type AvvisoAmbito } from '../../contract/avvisi.ts'
import type { Db } from '../db/client.ts'
import { avvisi } from '../db/schema/avvisi.ts'
import { teamTies } from '../db/schema/domain.ts'

export function avvisiRepository(db: Db) {
  const unseenOf = (personId: number) => and(eq(avvisi.personId, personId), isNull(avvisi.lettoIl))

  async function unseen(personId: number) {
    const [rows, [total]] = await Promise.all([
      // A tie's notice opens the captain's page of its tournament: the tie's row says which.
      db
        .select({ avviso: avvisi, idTorneo: teamTies.tournamentId })
        .from(avvisi)
        .leftJoin(teamTies, and(eq(avvisi.ambito, 'incontro'), eq(teamTies.id, avvisi.riferimento)))
        .where(unseenOf(personId))
        .orderBy(desc(avvisi.id))
        .limit(AVVISI_MAX_ELENCO),
      db.select({ n: count() }).from(avvisi).where(unseenOf(personId)),
    ])
    const results = rows.map(({ avviso: r, idTorneo }): Avviso => ({
      id_avviso: r.id,
      ambito: r.ambito as AvvisoAmbito,
      id_riferimento: r.riferimento,
      ...(idTorneo === null ? {} : { id_torneo: idTorneo }),
      testo: r.testo,
      creato_il: r.creatoIl.toISOString(),
    }))
    return { results, record: total?.n ?? 0 }
  }

  return {
    /** The person's unseen notices (at most AVVISI_MAX_ELENCO), newest first, and how many there are. */
    unseen,

    /** Marks seen those of `ids` that are the person's own (anyone else's are left as they are). */
    async markSeen(personId: number, ids: readonly number[], now: Date) {
      await db
        .update(avvisi)
        .set({ lettoIl: now })
        .where(and(unseenOf(personId), inArray(avvisi.id, [...ids])))
      return unseen(personId)
    },
  }
}
