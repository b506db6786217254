// The help desk (issue 23 item 3): decode, check with server/domain/helpdesk.ts, call the repository, shape the
// envelope. The categories are public; requests are the signed-in user's own; the staff (admin) answers.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../contract/endpoints.ts'
import {
  ALLEGATI_MESSAGES,
  ALLEGATO_PATH,
  HELPDESK_ALLEGATI,
  HELPDESK_MESSAGES as M,
  type RichiestaStato,
} from '../../contract/helpdesk.ts'
import { cleanAttachments } from '../domain/allegati.ts'
import {
  cardAllowed,
  cardLabel,
  categoriesOf,
  checkClose,
  checkReply,
  isHelpdeskStaff,
} from '../domain/helpdesk.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

const notFound = () => ApiError.notFound(M.notFound)

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

  // JSON, or multipart with up to HELPDESK_ALLEGATI.maxFiles images: every file is checked and re-encoded before
  // anything is written, and the request and its attachments are written together (one transaction).
  api.upload(
    endpoints.richiesteUtentiAdd,
    {
      field: HELPDESK_ALLEGATI.field,
      dataField: HELPDESK_ALLEGATI.dataField,
      maxFiles: HELPDESK_ALLEGATI.maxFiles,
      minFiles: 0,
      maxBytes: HELPDESK_ALLEGATI.maxBytes,
      messages: ALLEGATI_MESSAGES,
    },
    async ({ repos, body, account, files }) => {
      if (!(await repos.sectors.scope(body.id_settore))) throw ApiError.notFound(M.unknownSector)
      const own =
        account.personId === null
          ? []
          : (await repos.helpdesk.cardsOf(account.personId)).map((c) => c.codice_tessera)
      if (!cardAllowed(body.codice_tessera, own)) throw ApiError.badRequest(M.notYourCard)
      const allegati = await cleanAttachments(files)
      if ('refused' in allegati) throw ApiError.badRequest(allegati.refused)
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
        allegati,
      )
      return { result }
    },
  )

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
    // Gone, or closed between the check and the write.
    if (!result) throw (await repos.helpdesk.byId(request.id)) ? ApiError.conflict(M.closed) : notFound()
    return { result }
  })

  api.handle(endpoints.richiesteUtentiChiudi, async ({ repos, body, account }) => {
    const request = await repos.helpdesk.byId(body.id_richiesta)
    if (!request) throw notFound()
    const check = checkClose(account, {
      accountId: request.accountId,
      stato: request.stato as RichiestaStato,
    })
    if (!check.ok) throw new ApiError(check.status, check.message)
    const result = await repos.helpdesk.close(request.id, check.by, account.id, new Date())
    if (!result) throw ApiError.conflict(M.alreadyClosed)
    return { result }
  })

  api.handle(endpoints.richiesteUtentiStorico, async ({ repos, body, account }) => {
    if (!isHelpdeskStaff(account.role)) throw ApiError.forbidden(M.staffOnly)
    return repos.helpdesk.handledBy(account.id, body.fetchrows, body.rowstoskip)
  })
}

/**
 * GET ALLEGATO_PATH/:id: one attachment, a JPEG the server wrote itself, to the account that sent the request
 * and to the staff; anyone else is told it does not exist (the same answer as for a missing one).
 */
export function allegatiFileRoutes(app: FastifyInstance, repos: Repositories) {
  app.get<{ Params: { id: string } }>(`${ALLEGATO_PATH}/:id`, async (request, reply) => {
    const account = await request.caller()
    if (!account) throw ApiError.unauthorized()
    const id = Number(request.params.id)
    const found = Number.isSafeInteger(id) && id > 0 ? await repos.helpdesk.attachment(id) : undefined
    if (!found || (found.accountId !== account.id && !isHelpdeskStaff(account.role)))
      throw ApiError.notFound(ALLEGATI_MESSAGES.notFound)
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="allegato-${id}.jpg"`)
      .send(found.immagine)
  })
}
