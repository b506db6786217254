import { and, asc, count, desc, eq } from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import { disciplines, persons, tessere } from '../db/schema/core.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'

export default function giocatoriRoutes(api: Api) {
  api.handle(endpoints.datiUtente, async ({ account, db, body }) => {
    const person = account.personId
      ? (await db.select().from(persons).where(eq(persons.id, account.personId)).limit(1))[0]
      : undefined
    // The signed-in user's own record, as a one-row list so paging stays uniform.
    const all = [
      {
        id_persona: person?.id ?? null,
        persona: person ? fullName(person) : account.email,
        provincia: person?.provincia ?? null,
        fototessera: person?.fototessera ?? null,
        puo_esportare_classifiche: account.puoEsportareClassifiche,
      },
    ]
    return { results: all.slice(body.rowstoskip, body.rowstoskip + body.fetchrows), record: all.length }
  })

  api.handle(endpoints.elencoTessere, async ({ account, db, body }) => {
    if (account.role !== 'admin' && account.personId !== body.id) {
      throw ApiError.forbidden('Puoi consultare soltanto le tue tessere')
    }
    const where = eq(tessere.personId, body.id)
    const [rows, [total]] = await Promise.all([
      db
        .select({
          codice_tessera: tessere.codiceTessera,
          tipologia: tessere.tipologia,
          disciplina: disciplines.codice,
          id_settore: tessere.sectorId,
          stagione: tessere.stagione,
          valida_dal: tessere.validaDal,
          valida_al: tessere.validaAl,
        })
        .from(tessere)
        .innerJoin(disciplines, eq(disciplines.id, tessere.disciplineId))
        .where(and(where))
        .orderBy(desc(tessere.stagione), asc(tessere.sectorId))
        .limit(body.fetchrows)
        .offset(body.rowstoskip),
      db.select({ n: count() }).from(tessere).where(where),
    ])
    return { results: rows, record: total?.n ?? 0 }
  })
}
