// A member's cards beyond the list (issue 23 item 2): add one by its code, synchronise with the federation's
// registry, and the public check behind a card's QR code. Decode, decide with server/domain/tessere.ts, call the
// repository, shape the envelope. Adding and synchronising act on the caller's own person only.
import { todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import {
  TESSERE_MESSAGES as M,
  VERIFICA_RATE_LIMIT,
  sincronizzazioneInParole,
} from '../../contract/tessere.ts'
import { sectorLabel } from '../../contract/words.ts'
import { decideAdd, isVerificaId, planSync, verificationState } from '../domain/tessere.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import type { Account } from '../auth/accounts.ts'
import type { Repositories } from '../repositories/index.ts'

/** The caller's person and codice fiscale: both are needed to match the registry's cards. */
async function holderOf(repos: Repositories, account: Account) {
  const person = account.personId === null ? undefined : await repos.persons.byId(account.personId)
  if (!person?.codiceFiscale) throw ApiError.conflict(M.noCodiceFiscale)
  return { id: person.id, codiceFiscale: person.codiceFiscale }
}

export default function tessereRoutes(api: Api) {
  api.handle(endpoints.tesseraAdd, async ({ repos, body, account }) => {
    const person = await holderOf(repos, account)
    const codice = body.codice_tessera
    const [portal, registry] = await Promise.all([
      repos.tessere.listed(codice),
      repos.tessere.registered(codice),
    ])
    const decision = decideAdd({ person, portal, registry, today: todayInItaly() })
    if (decision.kind === 'unknown') throw ApiError.notFound(M.unknown(codice))
    if (decision.kind === 'someoneElse') throw ApiError.forbidden(M.someoneElse)
    if (decision.kind === 'expired') throw ApiError.conflict(M.expired(codice, decision.validaAl))
    if (decision.kind === 'add') await repos.tessere.apply(person.id, { insert: [decision.card], update: [] })
    const tessera = await repos.tessere.shown(person.id, codice)
    // Listed meanwhile under someone else (two holders racing for one code): theirs, not the caller's.
    if (!tessera) throw ApiError.forbidden(M.someoneElse)
    const added = decision.kind === 'add'
    return {
      result: {
        esito: added ? ('aggiunta' as const) : ('gia_presente' as const),
        tessera,
        messaggio: added ? M.added(codice) : M.alreadyYours(codice),
      },
    }
  })

  api.handle(endpoints.tessereSincronizza, async ({ repos, account }) => {
    const person = await holderOf(repos, account)
    const registry = await repos.tessere.registeredTo(person.codiceFiscale)
    const portal = await repos.tessere.listedAmong(registry.map((card) => card.codiceTessera))
    const plan = planSync({ personId: person.id, registry, portal, today: todayInItaly() })
    await repos.tessere.apply(person.id, { insert: plan.insert, update: plan.update.map((u) => u.card) })
    const summary = {
      aggiunte: plan.insert.map((card) => card.codiceTessera),
      aggiornate: plan.update.map((u) => ({ codice_tessera: u.card.codiceTessera, modifiche: u.modifiche })),
      invariate: plan.unchanged,
      scadute: plan.expired,
    }
    return { result: { ...summary, messaggio: sincronizzazioneInParole(summary) } }
  })

  api.handle(
    endpoints.tessereVerifica,
    async ({ repos, body }) => {
      const card = isVerificaId(body.verifica)
        ? await repos.tessere.byVerifica(body.verifica.toLowerCase())
        : undefined
      return {
        result: {
          stato: verificationState(card, todayInItaly()),
          valida_dal: card?.validaDal ?? null,
          valida_al: card?.validaAl ?? null,
          settore: card ? sectorLabel(card.disciplina, card.settore) : null,
        },
      }
    },
    { perMinute: VERIFICA_RATE_LIMIT },
  )
}
