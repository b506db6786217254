// Challenges (issue 12): decode, let the repository decide under the challenge's lock with the challenge machine,
// shape the envelope. Every refusal is an Italian message; an illegal transition is a 409.
import { endpoints } from '../../contract/endpoints.ts'
import { SFIDE_MESSAGES as M, SFIDA_SEARCH_MAX_RESULTS } from '../../contract/sfide.ts'
import type { ChallengeEvent } from '../../machines/challenge.ts'
import { checkChallengeScore } from '../domain/challenge.ts'
import { scoringOf } from '../../contract/scores.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { ActionExtra, Outcome } from '../repositories/challenges.ts'

/** The board is public and cached: drop it after any change. */
const BOARD_PREFIX = 'sfide/pubbliche/'
/** The player page's profile and Power history, with the Power a confirmed result moves. */
const PLAYER_PAGE_PREFIXES = ['giocatori/dettaglio/view', 'giocatori/statistiche/power/']

type Caller = { personId: number | null; role: string }

/** The person acting: a challenge needs an account with a player. */
function personOf(account: Caller): number {
  if (account.personId === null) throw ApiError.forbidden(M.noPerson)
  return account.personId
}

/** The federation decides contested results. */
const isReferee = (account: Caller) => account.role === 'admin'

export default function sfideRoutes(api: Api) {
  async function answer(outcome: Outcome, account: Caller) {
    if (outcome.refused) throw new ApiError(outcome.status, outcome.message)
    api.invalidate(BOARD_PREFIX)
    // A confirmed (or resolved) result moves Power, which a player page shows.
    for (const prefix of PLAYER_PAGE_PREFIXES) api.invalidate(prefix)
    const view = await api.repos.challenges.view(outcome.id, account.personId, isReferee(account), true)
    if (view === undefined || view === 'forbidden') throw ApiError.notFound(M.notFound)
    return { result: view }
  }

  const act = (account: Caller, id: number, event: ChallengeEvent, extra: ActionExtra = {}) =>
    api.repos.challenges.act(id, event, extra, new Date()).then((outcome) => answer(outcome, account))

  api.handle(endpoints.sfideAdd, async ({ repos, body, account }) => {
    const creatore = personOf(account)
    const scope = await sectorScope(repos, body.id_settore)
    const dataProposta = body.data_proposta === undefined ? null : new Date(body.data_proposta)
    if (dataProposta !== null && Number.isNaN(dataProposta.getTime()))
      throw ApiError.badRequest('Richiesta non valida: data_proposta non è una data.')
    const outcome = await repos.challenges.create({
      sectorId: scope.sectorId,
      disciplineId: scope.disciplineId,
      creatore,
      doppio: body.specialita === 'doppio',
      compagno: body.id_compagno ?? null,
      avversari: body.avversari,
      pubblica: body.pubblica ?? false,
      dataProposta,
      messaggio: body.messaggio ?? null,
      clubId: body.id_circolo ?? null,
      now: new Date(),
    })
    return answer(outcome, account)
  })

  api.handle(endpoints.sfideView, async ({ repos, body, account }) => {
    const view = await repos.challenges.view(body.id_sfida, account.personId, isReferee(account))
    if (view === undefined) throw ApiError.notFound(M.notFound)
    if (view === 'forbidden') throw ApiError.forbidden(M.notParticipant)
    return { result: view }
  })

  api.handle(endpoints.sfideList, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.challenges.mine(
      account.personId,
      { sectorId: body.id_settore, filtro: body.filtro },
      body.fetchrows,
      body.rowstoskip,
    )
  })

  api.handle(
    endpoints.sfidePubblicheList,
    async ({ repos, body, caller }) => {
      const scope = await sectorScope(repos, body.id_settore)
      return repos.challenges.board(
        scope.sectorId,
        (await caller())?.personId ?? null,
        body.fetchrows,
        body.rowstoskip,
        new Date(),
      )
    },
    { cacheSeconds: 30 },
  )

  api.handle(endpoints.sfideSommario, async ({ repos, body, account }) => {
    if (account.personId === null)
      return { result: { vinte: 0, perse: 0, in_attesa: 0, da_confermare: 0, da_rispondere: 0 } }
    return { result: await repos.challenges.summary(account.personId, body.id_settore) }
  })

  api.handle(endpoints.sfideCercaGiocatore, async ({ repos, body, account }) => {
    const viewer = personOf(account)
    const scope = await sectorScope(repos, body.id_settore)
    const results = await repos.challenges.opponents(
      scope.disciplineId,
      scope.sectorId,
      body.testo,
      viewer,
      SFIDA_SEARCH_MAX_RESULTS,
      new Date(),
    )
    return { results, record: results.length }
  })

  api.handle(endpoints.sfideAccetta, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.accetta', by: personOf(account) }),
  )
  api.handle(endpoints.sfideRifiuta, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.rifiuta', by: personOf(account) }),
  )
  api.handle(endpoints.sfideDel, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.annulla', by: personOf(account) }),
  )
  api.handle(endpoints.sfidePubblica, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.pubblica', by: personOf(account) }),
  )
  api.handle(endpoints.sfideGiocatoriAdd, async ({ body, account }) =>
    act(account, body.id_sfida, {
      type: 'sfida.aggiungiGiocatore',
      by: personOf(account),
      persona: body.id_persona,
      lato: body.lato,
    }),
  )
  api.handle(endpoints.sfideGiocatoriDel, async ({ body, account }) =>
    act(account, body.id_sfida, {
      type: 'sfida.rimuoviGiocatore',
      by: personOf(account),
      persona: body.id_persona,
    }),
  )

  api.handle(endpoints.sfideRisultatoAdd, async ({ repos, body, account }) => {
    const by = personOf(account)
    const facts = await repos.challenges.facts(body.id_sfida)
    if (!facts) throw ApiError.notFound(M.notFound)
    const checked = checkChallengeScore(body, scoringOf(facts.disciplineId))
    if (!checked.ok) throw ApiError.badRequest(checked.message)
    return act(
      account,
      body.id_sfida,
      { type: 'sfida.risultato', by, vincitore: checked.vincitore },
      { score: checked.score },
    )
  })
  api.handle(endpoints.sfideRisultatoConferma, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.conferma', by: personOf(account) }),
  )
  api.handle(endpoints.sfideRisultatoContesta, async ({ body, account }) =>
    act(account, body.id_sfida, { type: 'sfida.contesta', by: personOf(account) }, { nota: body.motivo }),
  )
  api.handle(endpoints.sfideRisultatoRisolvi, async ({ body, account }) =>
    act(
      account,
      body.id_sfida,
      {
        type: 'sfida.risolvi',
        by: account.personId,
        arbitro: isReferee(account),
        esito: body.esito,
      },
      { nota: body.nota },
    ),
  )
}
