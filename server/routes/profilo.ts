import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../contract/endpoints.ts'
import {
  FOTOTESSERA,
  FOTOTESSERA_MESSAGES,
  FOTOTESSERA_PATH,
  fototesseraUrl,
  normalizeTelefono,
} from '../../contract/profilo.ts'
import type { Account } from '../auth/accounts.ts'
import {
  birthDateProblem,
  canonicalComune,
  capsOf,
  comuniOf,
  shippingAddressProblem,
} from '../domain/anagrafica.ts'
import { cleanPhoto } from '../domain/fototessera.ts'
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

const SHIPPING_NEEDS_PERSON = 'Prima di inserire i dati di spedizione completa i tuoi dati anagrafici.'

/** The account's person id, or a 409 with `message` while the registration data are missing. */
function personIdOf(account: Account, message: string): number {
  if (!account.personId) throw ApiError.conflict(message)
  return account.personId
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
    async ({ body }) => ({
      result: comuniOf(body.provincia).map((nome) => ({ nome, cap: [...capsOf(body.provincia, nome)] })),
    }),
    { cacheSeconds: 3600 },
  )

  api.handle(endpoints.profiloView, async ({ account, repos }) => {
    const person = await personOf(repos, account)
    return {
      result: {
        id_persona: person?.id ?? null,
        persona: person ? fullName(person) : account.email,
        email: account.email,
        dati_incompleti: datiIncompleti(person),
        fototessera: person?.fototessera ?? null,
        dati_spedizione: person ? await repos.profilo.shipping(person.id) : null,
      },
    }
  })

  api.handle(endpoints.datiSpedizioneView, async ({ account, repos }) => ({
    result: account.personId ? await repos.profilo.shipping(account.personId) : null,
  }))

  api.handle(endpoints.datiSpedizioneEdit, async ({ account, repos, body }) => {
    const personId = personIdOf(account, SHIPPING_NEEDS_PERSON)
    if (!(await repos.lookup.provinceExists(body.provincia)))
      throw ApiError.badRequest(`La provincia «${body.provincia}» non esiste.`)
    const checked = shippingAddressProblem(body)
    if ('message' in checked) throw ApiError.badRequest(checked.message)
    const presso = body.presso?.trim() || null
    const saved = await repos.profilo.saveShipping(personId, {
      presso,
      indirizzo: body.indirizzo,
      cap: body.cap,
      comune: checked.comune,
      provincia: body.provincia,
    })
    return { result: saved }
  })

  api.upload(
    endpoints.fototesseraEdit,
    { field: FOTOTESSERA.field, maxBytes: FOTOTESSERA.maxBytes, messages: FOTOTESSERA_MESSAGES },
    async ({ account, repos, file }) => {
      const personId = personIdOf(account, FOTOTESSERA_MESSAGES.noPerson)
      // Checked and re-encoded before anything is written: a refused file leaves the stored photo as it was.
      const clean = await cleanPhoto(file.bytes)
      if ('refused' in clean) throw ApiError.badRequest(clean.refused)
      const url = fototesseraUrl(clean.impronta)
      await repos.profilo.savePhoto(personId, clean, url)
      return { result: { fototessera: url, larghezza: clean.larghezza, altezza: clean.altezza } }
    },
  )

  api.handle(endpoints.fototesseraDel, async ({ account, repos }) => {
    if (account.personId) await repos.profilo.deletePhoto(account.personId)
    return { result: { fototessera: null } }
  })
}

/**
 * GET FOTOTESSERA_PATH: the signed-in user's own card photo (the token names whose; no id in the address, so no
 * one can ask for someone else's). A JPEG the server wrote itself, never cached by a shared cache.
 */
export function fototesseraFileRoutes(app: FastifyInstance, repos: Repositories) {
  app.get(FOTOTESSERA_PATH, async (request, reply) => {
    const account = await request.caller()
    if (!account) throw ApiError.unauthorized()
    const photo = account.personId ? await repos.profilo.photo(account.personId) : undefined
    if (!photo) throw ApiError.notFound(FOTOTESSERA_MESSAGES.notFound)
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline; filename="fototessera.jpg"')
      .send(photo.immagine)
  })
}
