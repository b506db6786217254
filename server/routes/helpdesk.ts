// The help desk (issue 23 item 3): decode, check with server/domain/helpdesk.ts, call the repository, shape the
// envelope. The categories are public; requests are the signed-in user's own; the staff (admin) answers.
import { endpoints } from '../../contract/endpoints.ts'
import { HELPDESK_MESSAGES as M, type RichiestaStato } from '../../contract/helpdesk.ts'
import { cardAllowed, cardLabel, categoriesOf, checkReply, isHelpdeskStaff } from '../domain/helpdesk.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'

export default function helpdeskRoutes(api: Api) {
  api.handle(
    endpoints.settoriRichiesteList,
    async ({ repos, body }) => {
      if (!(await repos.sectors.scope(body.id_settore))) throw ApiError.notFound(M.unknownSector)
      return { result: categoriesOf() }
    },
    { cacheSeconds: 300 },
  )

  api.handle(endpoints.richiesteUtentiTessere, async ({ repos, account }) => {
    if (account.personId === null) return { result: [] }
    const cards = await repos.helpdesk.cardsOf(account.personId)
    return { result: cards.map((c) => ({ id: c.codice_tessera, label: cardLabel(c) })) }
  })

  api.handle(endpoints.richiesteUtentiAdd, async ({ repos, body, account }) => {
    if (!(await repos.sectors.scope(body.id_settore))) throw ApiError.notFound(M.unknownSector)
    const own =
      account.personId === null
        ? []
        : (await repos.helpdesk.cardsOf(account.personId)).map((c) => c.codice_tessera)
    if (!cardAllowed(body.codice_tessera, own)) throw ApiError.badRequest(M.notYourCard)
    const result = await repos.helpdesk.add(
      {
        accountId: account.id,
        personId: account.personId,
        categoria: body.id_categoria,
        sectorId: body.id_settore,
        codiceTessera: body.codice_tessera ?? null,
        oggetto: body.oggetto,
        messaggio: body.messaggio,
      },
      new Date(),
    )
    return { result }
  })

  api.handle(endpoints.richiesteUtentiList, async ({ repos, body, account }) =>
    repos.helpdesk.ofAccount(account.id, body.fetchrows, body.rowstoskip),
  )

  api.handle(endpoints.richiesteUtentiAperte, async ({ repos, body, account }) => {
    if (!isHelpdeskStaff(account.role)) throw ApiError.forbidden(M.staffOnly)
    return repos.helpdesk.open(body.fetchrows, body.rowstoskip)
  })

  api.handle(endpoints.richiesteUtentiRispondi, async ({ repos, body, account }) => {
    // A non-staff caller learns nothing of others' requests: the same refusal whether or not it exists.
    if (!isHelpdeskStaff(account.role)) throw ApiError.forbidden(M.staffOnly)
    const request = await repos.helpdesk.byId(body.id_richiesta)
    if (!request) throw ApiError.notFound(M.notFound)
    const check = checkReply(account.role, request.stato as RichiestaStato)
    if (!check.ok) throw new ApiError(check.status, check.message)
    const result = await repos.helpdesk.reply(request.id, body.risposta, account.id, new Date())
    if (!result) throw ApiError.notFound(M.notFound)
    return { result }
  })
}
