import { and, eq, ne } from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import { normalizeTelefono } from '../../contract/profilo.ts'
import type { Account } from '../auth/accounts.ts'
import type { Db } from '../db/client.ts'
import { accounts, persons, provinces } from '../db/schema/core.ts'
import { birthDateProblem, canonicalComune, comuniOf } from '../domain/anagrafica.ts'
import {
  codiceFiscaleMessage,
  codiceFiscaleProblems,
  normalizeCodiceFiscale,
} from '../domain/codice-fiscale.ts'
import { datiIncompleti, fullName } from '../domain/profile.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'

const CF_TAKEN =
  "Il codice fiscale è già associato a un altro tesserato. Se è il tuo, contatta l'assistenza dalla pagina Assistenza."

/** A unique-index violation (23505) on the persons' codice fiscale, as pg or PGlite report it through drizzle. */
function isCodiceFiscaleTaken(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return e.constraint === undefined || e.constraint === 'persons_codice_fiscale_uq'
    e = e.cause as typeof e
  }
  return false
}

function consensi(account: Pick<Account, 'privacyAcceptedAt' | 'profilation'>) {
  return { privacy: account.privacyAcceptedAt ? 1 : 0, profilation: account.profilation ? 1 : 0 }
}

async function personOf(db: Db, account: Account) {
  if (!account.personId) return undefined
  return (await db.select().from(persons).where(eq(persons.id, account.personId)).limit(1))[0]
}

export default function profiloRoutes(api: Api) {
  api.handle(endpoints.datiAnagraficiView, async ({ account, db }) => {
    const person = await personOf(db, account)
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

  api.handle(endpoints.profiloEdit, async ({ account, db, body }) => {
    const dateProblem = birthDateProblem(body.data_nascita)
    if (dateProblem) throw ApiError.badRequest(dateProblem)

    const [provincia] = await db
      .select({ sigla: provinces.sigla })
      .from(provinces)
      .where(eq(provinces.sigla, body.provincia))
      .limit(1)
    if (!provincia) throw ApiError.badRequest(`La provincia «${body.provincia}» non esiste.`)
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

    try {
      const person = await db.transaction(async (tx) => {
        // Locks the account: two saves at once must not create two persons for it.
        const [current] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update')
        if (!current) throw ApiError.unauthorized()
        const [taken] = await tx
          .select({ id: persons.id })
          .from(persons)
          .where(
            current.personId
              ? and(eq(persons.codiceFiscale, codiceFiscale), ne(persons.id, current.personId))
              : eq(persons.codiceFiscale, codiceFiscale),
          )
          .limit(1)
        if (taken) throw ApiError.conflict(CF_TAKEN)
        if (current.personId) {
          const [updated] = await tx
            .update(persons)
            .set(values)
            .where(eq(persons.id, current.personId))
            .returning()
          if (updated) return updated
        }
        const [created] = await tx
          .insert(persons)
          .values({ ...values, email: account.email })
          .returning()
        await tx.update(accounts).set({ personId: created!.id }).where(eq(accounts.id, account.id))
        return created!
      })
      return {
        result: {
          dati_incompleti: datiIncompleti(person),
          id_persona: person.id,
          persona: fullName(person),
          provincia: person.provincia,
        },
      }
    } catch (error) {
      if (isCodiceFiscaleTaken(error)) throw ApiError.conflict(CF_TAKEN)
      throw error
    }
  })

  api.handle(endpoints.privacyUserEdit, async ({ account, db, body }) => {
    const [updated] = await db
      .update(accounts)
      .set({ privacyAcceptedAt: new Date(), profilation: body.profilation })
      .where(eq(accounts.id, account.id))
      .returning({ privacyAcceptedAt: accounts.privacyAcceptedAt, profilation: accounts.profilation })
    return { result: consensi(updated!) }
  })

  api.handle(endpoints.privacyEdit, async ({ account, db, body }) => {
    // Profilation is a choice made under the privacy notice: without accepting it there is nothing to change.
    if (!account.privacyAcceptedAt) {
      throw ApiError.conflict(
        "Prima di scegliere sulla profilazione accetta l'informativa sulla privacy dalla pagina Preferenze privacy.",
      )
    }
    const [updated] = await db
      .update(accounts)
      .set({ profilation: body.profilation })
      .where(eq(accounts.id, account.id))
      .returning({ privacyAcceptedAt: accounts.privacyAcceptedAt, profilation: accounts.profilation })
    return { result: consensi(updated!) }
  })

  api.handle(
    endpoints.comuniGet,
    async ({ body }) => ({ result: comuniOf(body.provincia).map((nome) => ({ nome })) }),
    { cacheSeconds: 3600 },
  )
}
