// Enrolment (issue 11, item 3): decode, let the repository decide under the tournament's lock with the enrolment
// machine, shape the envelope. Every refusal is an Italian message; an illegal transition is a 409.
import { endpoints } from '../../contract/endpoints.ts'
import { ISCRIZIONI_MESSAGES as M, PARTNER_SEARCH_MAX_RESULTS } from '../../contract/iscrizioni.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'
import type { Outcome } from '../repositories/enrolments.ts'

/** The cached public reads that show entrants: the detail page's lists and a player page's upcoming tournaments. */
const ENTRANTS_PREFIXES = ['tornei/', 'giocatori/prossimi_tornei/']

export default function iscrizioniRoutes(api: Api) {
  async function answer(outcome: Outcome, viewer: number | null) {
    if (outcome.refused) throw new ApiError(outcome.status, outcome.message)
    for (const prefix of ENTRANTS_PREFIXES) api.invalidate(prefix)
    const entry = await api.repos.enrolments.view(outcome.entryId, viewer ?? 0)
    if (!entry) throw ApiError.notFound(M.entryNotFound)
    return { result: entry }
  }

  api.handle(endpoints.iscrizioniStato, async ({ repos, body, account }) => {
    const panel = await repos.enrolments.panel(body.id_torneo, account.personId, new Date())
    if (!panel) throw ApiError.notFound(M.tournamentNotFound)
    return { result: panel }
  })

  api.handle(endpoints.iscrizioniAdd, async ({ repos, body, account }) => {
    const outcome = await repos.enrolments.enrol({
      tournamentId: body.id_torneo,
      personId: account.personId,
      partnerId: body.id_compagno ?? null,
      accountId: account.id,
      now: new Date(),
    })
    return answer(outcome, account.personId)
  })

  const act =
    (type: 'iscrizione.accetta' | 'iscrizione.rifiuta' | 'iscrizione.ritira') =>
    async ({
      repos,
      body,
      account,
    }: {
      repos: typeof api.repos
      body: { id_iscrizione: number }
      account: { personId: number | null }
    }) =>
      answer(
        await repos.enrolments.act({
          entryId: body.id_iscrizione,
          personId: account.personId,
          type,
          now: new Date(),
        }),
        account.personId,
      )
  api.handle(endpoints.iscrizioniDel, act('iscrizione.ritira'))
  api.handle(endpoints.iscrizioniAccetta, act('iscrizione.accetta'))
  api.handle(endpoints.iscrizioniRifiuta, act('iscrizione.rifiuta'))

  api.handle(endpoints.iscrizioniRicercaGiocatori, async ({ repos, body, account }) => {
    const results =
      account.personId === null
        ? []
        : await repos.enrolments.partners(
            body.id_torneo,
            body.testo,
            account.personId,
            PARTNER_SEARCH_MAX_RESULTS,
            new Date(),
          )
    if (!results) throw ApiError.notFound(M.tournamentNotFound)
    return { results, record: results.length }
  })

  api.handle(endpoints.iscrizioniMie, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.enrolments.mine(account.personId, body.fetchrows, body.rowstoskip)
  })
}
