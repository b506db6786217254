// Team championship ties (issue 21, items 2-4): decode, let the repository decide under the tie's lock with the
// tie machine, shape the envelope. Only the captains act on a tie (a role of the team, docs/ruoli.md); the
// federation decides a contested one. Every refusal is an Italian message; an illegal transition is a 409.
import { endpoints } from '../../contract/endpoints.ts'
import { INCONTRI_MESSAGES as M } from '../../contract/incontri.ts'
import type { TieEvent } from '../../machines/tie.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'
import type { TieExtra, TieOutcome } from '../repositories/ties.ts'

type Caller = { personId: number | null; role: string }

/** The person acting: a captain needs an account with a player. */
function personOf(account: Caller): number {
  if (account.personId === null) throw ApiError.forbidden(M.noPerson)
  return account.personId
}

/** The federation decides contested ties. */
const isFederation = (account: Caller) => account.role === 'admin'

/**
 * The public pages a tie changes: the championships' ties, standings and bracket, and (once it counts) the players'
 * pages (Power, points) and the rankings. Their cached answers are dropped after a change.
 */
const PUBLIC_PREFIXES = ['squadre/', 'classifiche/', 'classifica/', 'giocatori/']

export default function incontriRoutes(api: Api) {
  async function answer(outcome: TieOutcome, account: Caller) {
    if (outcome.refused) throw new ApiError(outcome.status, outcome.message)
    for (const prefix of PUBLIC_PREFIXES) api.invalidate(prefix)
    const view = await api.repos.ties.view(outcome.id, account.personId, isFederation(account))
    if (view === undefined || view === 'forbidden') throw ApiError.notFound(M.notFound)
    return { result: view }
  }

  const act = (account: Caller, id: number, event: TieEvent, extra: TieExtra = {}) =>
    api.repos.ties.act(id, event, extra, new Date()).then((outcome) => answer(outcome, account))

  api.handle(endpoints.incontriCapitanoList, async ({ repos, body, account }) => {
    const result = await repos.ties.captainTies(body.id_torneo, personOf(account))
    if (result === undefined) throw ApiError.forbidden(M.notCaptain)
    return { result }
  })

  api.handle(endpoints.schieramentiView, async ({ repos, body, account }) => {
    const view = await repos.ties.view(body.id_incontro, account.personId, isFederation(account))
    if (view === undefined) throw ApiError.notFound(M.notFound)
    if (view === 'forbidden') throw ApiError.forbidden(M.notVisible)
    return { result: view }
  })

  api.handle(endpoints.incontroDataProponi, async ({ body, account }) => {
    const data = new Date(body.data)
    if (Number.isNaN(data.getTime())) throw ApiError.badRequest('Richiesta non valida: data non è una data.')
    return act(account, body.id_incontro, { type: 'incontro.proponiData', by: personOf(account) }, { data })
  })

  api.handle(endpoints.incontroDataRispondi, async ({ body, account }) =>
    act(account, body.id_incontro, {
      type: body.risposta === 'accetta' ? 'incontro.accettaData' : 'incontro.rifiutaData',
      by: personOf(account),
    }),
  )

  api.handle(endpoints.schieramentiEdit, async ({ body, account }) =>
    act(
      account,
      body.id_incontro,
      { type: 'incontro.schieramento', by: personOf(account) },
      { partite: body.partite },
    ),
  )

  api.handle(endpoints.schieramentiPartiteGenera, async ({ body, account }) =>
    act(account, body.id_incontro, { type: 'incontro.generaPartite', by: personOf(account) }),
  )

  api.handle(endpoints.incontroRisultatoEdit, async ({ body, account }) =>
    act(
      account,
      body.id_incontro,
      { type: 'incontro.risultato', by: personOf(account) },
      { risultati: body.partite },
    ),
  )

  api.handle(endpoints.incontroRisultatiConferma, async ({ body, account }) =>
    act(
      account,
      body.id_incontro,
      { type: body.esito === 'conferma' ? 'incontro.conferma' : 'incontro.contesta', by: personOf(account) },
      { nota: body.motivo },
    ),
  )

  api.handle(endpoints.incontriContestatiList, async ({ repos, body, account }) => {
    if (!isFederation(account)) throw ApiError.forbidden(M.federationOnly)
    return repos.ties.contested(body, account.personId)
  })

  api.handle(endpoints.incontroRisultatiRisolvi, async ({ body, account }) =>
    act(
      account,
      body.id_incontro,
      { type: 'incontro.risolvi', by: account.personId, arbitro: isFederation(account), esito: body.esito },
      { nota: body.nota },
    ),
  )
}
