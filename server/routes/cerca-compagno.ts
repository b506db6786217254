// Partner search (issue 12, item 4): decode, let the repository decide under the listing's lock with the
// partner-request machine, shape the envelope. Every refusal is an Italian message; an illegal transition is a 409.
import { CERCA_COMPAGNO_MESSAGES as M } from '../../contract/cerca-compagno.ts'
import { endpoints } from '../../contract/endpoints.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'
import type { ListingOutcome, RequestOutcome } from '../repositories/partner-search.ts'

export default function cercaCompagnoRoutes(api: Api) {
  async function listingAnswer(outcome: ListingOutcome, viewer: number | null) {
    if (outcome.refused) throw new ApiError(outcome.status, outcome.message)
    const listing = await api.repos.partnerSearch.listing(outcome.listingId, viewer ?? 0)
    if (!listing) throw ApiError.notFound(M.listingNotFound)
    return { result: listing }
  }

  async function requestAnswer(outcome: RequestOutcome, viewer: number | null) {
    if (outcome.refused) throw new ApiError(outcome.status, outcome.message)
    const request = await api.repos.partnerSearch.request(outcome.requestId, viewer ?? 0)
    if (!request) throw ApiError.notFound(M.requestNotFound)
    return { result: request }
  }

  api.handle(endpoints.cercaCompagnoList, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.partnerSearch.board(
      {
        sectorId: body.id_settore,
        livello: body.livello,
        provincia: body.provincia,
        dal: body.dal,
        al: body.al,
        tournamentId: body.id_torneo,
      },
      account.personId,
      body.fetchrows,
      body.rowstoskip,
      new Date(),
    )
  })

  api.handle(endpoints.cercaCompagnoAdd, async ({ repos, body, account }) =>
    listingAnswer(
      await repos.partnerSearch.add({
        personId: account.personId,
        accountId: account.id,
        listing: {
          sectorId: body.id_settore,
          tournamentId: body.id_torneo ?? null,
          provincia: body.provincia,
          livello: body.livello,
          dataDal: body.data_dal,
          dataAl: body.data_al,
          disponibilita: body.disponibilita ?? null,
          messaggio: body.messaggio ?? null,
          condividiEmail: body.condividi_email ?? false,
          condividiTelefono: body.condividi_telefono ?? false,
        },
        now: new Date(),
      }),
      account.personId,
    ),
  )

  api.handle(endpoints.cercaCompagnoDel, async ({ repos, body, account }) =>
    listingAnswer(
      await repos.partnerSearch.withdraw({
        listingId: body.id_annuncio,
        personId: account.personId,
        now: new Date(),
      }),
      account.personId,
    ),
  )

  api.handle(endpoints.cercaCompagnoInvioRichiesta, async ({ repos, body, account }) =>
    requestAnswer(
      await repos.partnerSearch.send({
        listingId: body.id_annuncio,
        personId: account.personId,
        messaggio: body.messaggio ?? null,
        condividiEmail: body.condividi_email ?? false,
        condividiTelefono: body.condividi_telefono ?? false,
        now: new Date(),
      }),
      account.personId,
    ),
  )

  api.handle(endpoints.cercaCompagnoMessaggio, async ({ repos, body, account }) =>
    requestAnswer(
      await repos.partnerSearch.message({
        requestId: body.id_richiesta,
        personId: account.personId,
        testo: body.testo,
        now: new Date(),
      }),
      account.personId,
    ),
  )

  const act =
    (type: 'richiesta.conferma' | 'richiesta.rifiuta' | 'richiesta.cancella') =>
    async ({
      repos,
      body,
      account,
    }: {
      repos: typeof api.repos
      body: { id_richiesta: number }
      account: { personId: number | null }
    }) =>
      requestAnswer(
        await repos.partnerSearch.act({
          requestId: body.id_richiesta,
          personId: account.personId,
          type,
          now: new Date(),
        }),
        account.personId,
      )
  api.handle(endpoints.cercaCompagnoConfermaRichiesta, act('richiesta.conferma'))
  api.handle(endpoints.cercaCompagnoRifiutaRichiesta, act('richiesta.rifiuta'))
  api.handle(endpoints.cercaCompagnoCancellaRichiesta, act('richiesta.cancella'))

  api.handle(endpoints.cercaCompagnoMieiAnnunci, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.partnerSearch.mineListings(account.personId, body.fetchrows, body.rowstoskip, new Date())
  })

  api.handle(endpoints.cercaCompagnoMieRichieste, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.partnerSearch.mineRequests(account.personId, body.fetchrows, body.rowstoskip)
  })
}
