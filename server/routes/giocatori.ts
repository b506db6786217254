import { endpoints } from '../../contract/endpoints.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'

export default function giocatoriRoutes(api: Api) {
  api.handle(endpoints.datiUtente, async ({ account, repos, body }) => {
    const person = account.personId ? await repos.persons.byId(account.personId) : undefined
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

  api.handle(endpoints.elencoTessere, async ({ account, repos, body }) => {
    if (account.role !== 'admin' && account.personId !== body.id) {
      throw ApiError.forbidden('Puoi consultare soltanto le tue tessere')
    }
    return repos.persons.cards(body.id, body.fetchrows, body.rowstoskip)
  })
}
