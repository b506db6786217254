import { endpoints } from '../../contract/endpoints.ts'
import { normalizeTelefono } from '../../contract/profilo.ts'
import type { Account } from '../auth/accounts.ts'
import { birthDateProblem, canonicalComune, comuniOf } from '../domain/anagrafica.ts'
import {
  codiceFiscaleMessage,
  codiceFiscaleProblems,
  normalizeCodiceFiscale,
} from '../domain/codice-fiscale.ts'
import { datiIncompleti, fullName } from '../domain/profile.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'
import { ApiError } from '../http/errors.ts'

const CF_TAKEN =
  "Il codice fiscale è già associato a un altro tesserato. Se è il tuo, contatta l'assistenza dalla pagina Assistenza."

function consensi(account: Pick<Account, 'privacyAcceptedAt' | 'profilation'>) {
  return { privacy: account.privacyAcceptedAt ? 1 : 0, profilation: account.profilation ? 1 : 0 }
}

async function personOf(repos: Repositories, account: Account) {
  return account.personId ? repos.persons.byId(account.personId) : undefined
}

export default function profiloRoutes(api: Api) {
  api.handle(endpoints.datiAnagraficiView, async ({ account, repos }) => {
    const person = await personOf(repos, account)
    return {
      result: {
        nome: person?.nome || null,
        cognome: person?.cognome || null,
        sesso: person?.sesso ?? null,
        data_nascita: person?.dataNascita ?? null,
        codice_fiscale: person?.codiceFiscale ?? null,
        provincia: person?.provincia ?? null,
        comune: person?.comune ?? null,
        telefono: person?.telefono ?? null,
        email: account.email,
      },
    }
  })

  api.handle(endpoints.profiloEdit, async ({ account, repos, body }) => {
    const dateProblem = birthDateProblem(body.data_nascita)
    if (dateProblem) throw ApiError.badRequest(dateProblem)

    if (!(await repos.lookup.provinceExists(body.provincia)))
      throw ApiError.badRequest(`La provincia «${body.provincia}» non esiste.`)
    const comune = canonicalComune(body.provincia, body.comune)
    if (!comune) {
      throw ApiError.badRequest(
        `Il comune «${body.comune}» non si trova nella provincia di ${body.provincia}.`,
      )
    }

    const codiceFiscale = normalizeCodiceFiscale(body.codice_fiscale)
    const cfMessage = codiceFiscaleMessage(
      await codiceFiscaleProblems(codiceFiscale, {
        nome: body.nome,
        cognome: body.cognome,
        sesso: body.sesso,
        dataNascita: body.data_nascita,
      }),
    )
    if (cfMessage) throw ApiError.badRequest(cfMessage)

    const values = {
      nome: body.nome,
      cognome: body.cognome,
      sesso: body.sesso,
      dataNascita: body.data_nascita,
      codiceFiscale,
      provincia: body.provincia,
      comune,
      // The contract has already refused anything that is not an Italian number.
      telefono: normalizeTelefono(body.telefono)!,
    }

    const saved = await repos.persons.saveProfile(account, values)
    if (saved === 'no-account') throw ApiError.unauthorized()
    if (saved === 'taken') throw ApiError.conflict(CF_TAKEN)
    const { person } = saved
    return {
      result: {
        dati_incompleti: datiIncompleti(person),
        id_persona: person.id,
        persona: fullName(person),
        provincia: person.provincia,
      },
    }
  })

  api.handle(endpoints.privacyView, async ({ account }) => ({
    result: {
      privacy: account.privacyAcceptedAt ? 1 : 0,
      profilation: account.profilation === null ? null : account.profilation ? 1 : 0,
      privacy_accettata_il: account.privacyAcceptedAt?.toISOString() ?? null,
    },
  }))

  api.handle(endpoints.privacyUserEdit, async ({ account, repos, body }) => {
    return { result: consensi(await repos.accounts.acceptPrivacy(account.id, body.profilation)) }
  })

  api.handle(endpoints.privacyEdit, async ({ account, repos, body }) => {
    // Profilation is a choice made under the privacy notice: without accepting it there is nothing to change.
    if (!account.privacyAcceptedAt) {
      throw ApiError.conflict(
        "Prima di scegliere sulla profilazione accetta l'informativa sulla privacy dalla pagina Preferenze privacy.",
      )
    }
    return { result: consensi(await repos.accounts.setProfilation(account.id, body.profilation)) }
  })

  api.handle(
    endpoints.comuniGet,
    async ({ body }) => ({ result: comuniOf(body.provincia).map((nome) => ({ nome })) }),
    { cacheSeconds: 3600 },
  )
}
