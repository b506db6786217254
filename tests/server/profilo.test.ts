import { belfioreConnector } from '@marketto/belfiore-connector-embedded'
import { CheckDigitizer, CodiceFiscaleUtils } from '@marketto/codice-fiscale-utils'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINES } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { accounts, disciplines, persons, provinces, regions, sectors } from '../../server/db/schema/core.ts'
import { userSettings } from '../../server/db/schema/domain.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance

/** The reference rows these tests lean on, whatever the seed holds (ids chosen not to collide with it). */
async function ensureReferenceData() {
  const { db } = await testDatabase()
  await db
    .insert(regions)
    .values([
      { id: 901, nome: 'Lazio' },
      { id: 902, nome: 'Lombardia' },
    ])
    .onConflictDoNothing()
  const regionId = async (nome: string) =>
    (await db.select().from(regions).where(eq(regions.nome, nome)).limit(1))[0]!.id
  await db
    .insert(provinces)
    .values([
      { sigla: 'RM', nome: 'Roma', regionId: await regionId('Lazio') },
      { sigla: 'MI', nome: 'Milano', regionId: await regionId('Lombardia') },
    ])
    .onConflictDoNothing()
  await db
    .insert(disciplines)
    .values(DISCIPLINES.map((d, i) => ({ id: d.id, codice: d.codice, nome: d.nome, ordine: i + 1 })))
    .onConflictDoNothing()
  await db
    .insert(sectors)
    .values(
      DISCIPLINES.flatMap((d) =>
        d.settori.map((s, i) => ({ id: s.id, disciplineId: d.id, nome: s.nome, ordine: i + 1 })),
      ),
    )
    .onConflictDoNothing()
}

beforeAll(async () => {
  app = await buildTestApp()
  await ensureReferenceData()
})
afterAll(() => app.close())

const unauthorized = { statusCode: 401, message: MESSAGES.unauthorized }

/** What a protected call answers without a token, with a forged, an expired and a malformed one. */
async function refusals(path: string, body: unknown) {
  const account = await createAccount()
  const forged = await tokenFor(account, { forged: true })
  const expired = await tokenFor(account, {
    issuedAtSeconds: Math.floor(Date.now() / 1000) - 7200,
    expiresInSeconds: 3600,
  })
  const responses = []
  for (const token of [undefined, forged, expired, 'non-un-token']) {
    const { status, body: answer } = await call(app, path, body, token)
    responses.push({ status, body: answer })
  }
  return responses
}

const REFUSED = Array.from({ length: 4 }, () => ({ status: 401, body: unauthorized }))

const cfu = new CodiceFiscaleUtils(belfioreConnector)

type Persona = { nome: string; cognome: string; sesso: 'M' | 'F'; data_nascita: string; luogo?: string }

/** The codice fiscale of an invented person, computed by the library (birthplace Roma unless told). */
async function cfOf(p: Persona): Promise<string> {
  const [y, m, d] = p.data_nascita.split('-').map(Number) as [number, number, number]
  const cf = await cfu.parser.encodeCf({
    lastName: p.cognome,
    firstName: p.nome,
    date: new Date(Date.UTC(y, m - 1, d)),
    gender: p.sesso,
    place: p.luogo ?? 'H501',
  })
  return cf!
}

/** Fixes a changed code's 16th character so only the intended defect remains. */
const withCheckDigit = (first15: string) => first15 + CheckDigitizer.checkDigit(first15)

let serial = 0
/** A fresh invented person per test, so codes never collide across tests (or with the seed). */
function persona(overrides: Partial<Persona> = {}): Persona {
  serial += 1
  const surnames = ['Quaglierini', 'Zampognetti', 'Brucolini', 'Fumagalletti', 'Scarpinocchi', 'Vozzolani']
  const names = ['Zebedeo', 'Ermenegilda', 'Taddeo', 'Filiberta', 'Gedeone', 'Ippolita']
  const female = serial % 2 === 0
  return {
    nome: names[serial % names.length]!,
    cognome: surnames[Math.floor(serial / names.length) % surnames.length]!,
    sesso: female ? 'F' : 'M',
    data_nascita: `19${60 + (serial % 40)}-0${1 + (serial % 9)}-1${serial % 10}`,
    ...overrides,
  }
}

async function profileBody(p: Persona, overrides: Record<string, unknown> = {}) {
  return {
    nome: p.nome,
    cognome: p.cognome,
    sesso: p.sesso,
    data_nascita: p.data_nascita,
    codice_fiscale: await cfOf(p),
    provincia: 'RM',
    comune: 'Roma',
    telefono: '+39 333 123 4567',
    ...overrides,
  }
}

describe('modifica_profilo_dati_anagrafici/view', () => {
  it("returns the person's registration data and the account e-mail", async () => {
    const account = await createAccount({
      person: { nome: 'Marta', cognome: 'Lentini', provincia: 'MI', comune: 'Milano', codiceFiscale: null },
    })
    const response = await call(app, 'modifica_profilo_dati_anagrafici/view', {}, await tokenFor(account))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      result: {
        nome: 'Marta',
        cognome: 'Lentini',
        sesso: 'F',
        data_nascita: '1990-04-12',
        codice_fiscale: null,
        provincia: 'MI',
        comune: 'Milano',
        telefono: '3331234567',
        email: account.email,
      },
    })
  })

  it('returns empty fields for an account without a person', async () => {
    const account = await createAccount({ person: null })
    const response = await call(app, 'modifica_profilo_dati_anagrafici/view', {}, await tokenFor(account))
    expect(response.body).toEqual({
      result: {
        nome: null,
        cognome: null,
        sesso: null,
        data_nascita: null,
        codice_fiscale: null,
        provincia: null,
        comune: null,
        telefono: null,
        email: account.email,
      },
    })
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('modifica_profilo_dati_anagrafici/view', {})).toEqual(REFUSED)
  })

  it('refuses a body that is not JSON, in Italian', async () => {
    // Unexpected keys in an empty request are the shared EmptyRequest's business (contract/common.ts).
    const account = await createAccount()
    const response = await call(
      app,
      'modifica_profilo_dati_anagrafici/view',
      '{non json',
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/^Richiesta non valida/)
  })
})

describe('profilo/edit', () => {
  it('saves a valid, consistent codice fiscale and completes the registration', async () => {
    const account = await createAccount({ person: { provincia: null, codiceFiscale: null } })
    const token = await tokenFor(account)
    expect(
      ((await call(app, 'login', {}, token)).body.result as { dati_incompleti: number }).dati_incompleti,
    ).toBe(1)
    const p = persona()
    const body = await profileBody(p, {
      codice_fiscale: (await cfOf(p)).toLowerCase(),
      comune: 'roma',
      telefono: '+39 333 123 4567',
    })
    const response = await call(app, 'profilo/edit', body, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      result: {
        dati_incompleti: 0,
        id_persona: account.personId,
        persona: `${p.nome} ${p.cognome}`,
        provincia: 'RM',
      },
    })
    const { db } = await testDatabase()
    const [saved] = await db.select().from(persons).where(eq(persons.id, account.personId!))
    expect(saved).toMatchObject({
      nome: p.nome,
      cognome: p.cognome,
      sesso: p.sesso,
      dataNascita: p.data_nascita,
      codiceFiscale: await cfOf(p),
      provincia: 'RM',
      comune: 'Roma',
      telefono: '3331234567',
    })
    expect(
      ((await call(app, 'login', {}, token)).body.result as { dati_incompleti: number }).dati_incompleti,
    ).toBe(0)
  })

  it('creates the person for an account that has none and links it', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const p = persona()
    const response = await call(
      app,
      'profilo/edit',
      await profileBody(p, { telefono: '06 1234 5678' }),
      token,
    )
    expect(response.status).toBe(200)
    const result = response.body.result as { id_persona: number; dati_incompleti: number }
    expect(result.dati_incompleti).toBe(0)
    const { db } = await testDatabase()
    const [linked] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(linked!.personId).toBe(result.id_persona)
    const [created] = await db.select().from(persons).where(eq(persons.id, result.id_persona))
    expect(created).toMatchObject({ cognome: p.cognome, email: account.email, telefono: '0612345678' })
    const details = await call(app, 'giocatori/dati_utente', {}, token)
    expect((details.body.results as { id_persona: number }[])[0]?.id_persona).toBe(result.id_persona)
    // Saving again updates the same person instead of creating another one.
    const again = await call(app, 'profilo/edit', await profileBody(p, { telefono: '3471234567' }), token)
    expect((again.body.result as { id_persona: number }).id_persona).toBe(result.id_persona)
  })

  it('accepts a woman born abroad and an omocode variant of the code', async () => {
    const account = await createAccount({ person: null })
    const p = persona({ sesso: 'F', luogo: 'Z110' }) // Francia
    const omocode = cfu.parser.cfOmocode(await cfOf(p), 1)
    const response = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: omocode }),
      await tokenFor(account),
    )
    expect(response.status).toBe(200)
  })

  it('refuses a malformed codice fiscale', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const p = persona()
    const shape = await call(app, 'profilo/edit', await profileBody(p, { codice_fiscale: 'ABC123' }), token)
    expect(shape.status).toBe(400)
    expect(shape.body.message).toBe(
      'Richiesta non valida: il campo «codice_fiscale» deve essere formato da 16 caratteri, lettere e cifre.',
    )
    const form = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: '1234567890ABCDEF' }),
      token,
    )
    expect(form.status).toBe(400)
    expect(form.body.message).toMatch(/^Il codice fiscale non è nel formato corretto/)
  })

  it('refuses a codice fiscale whose check character is wrong', async () => {
    const account = await createAccount({ person: null })
    const p = persona()
    const cf = await cfOf(p)
    const wrong = cf.slice(0, 15) + (cf[15] === 'A' ? 'B' : 'A')
    const response = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: wrong }),
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/ultimo carattere \(di controllo\) non corrisponde/)
  })

  it('refuses a codice fiscale inconsistent with birth date, sex, name or surname', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const p = persona({ sesso: 'M', data_nascita: '1984-07-21' })
    const cf = await cfOf(p)
    const otherDay = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: cf, data_nascita: '1984-07-22' }),
      token,
    )
    expect(otherDay.status).toBe(400)
    expect(otherDay.body.message).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (data di nascita).',
    )
    const otherSex = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: cf, sesso: 'F' }),
      token,
    )
    expect(otherSex.body.message).toBe('Il codice fiscale non corrisponde ai dati inseriti (sesso).')
    const otherPerson = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: cf, nome: 'Ludovico', cognome: 'Tarantelli' }),
      token,
    )
    expect(otherPerson.body.message).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (cognome, nome).',
    )
    const { db } = await testDatabase()
    const [unchanged] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(unchanged!.personId).toBeNull()
  })

  it('refuses a codice fiscale whose birthplace code does not exist', async () => {
    const account = await createAccount({ person: null })
    const p = persona()
    const unknownPlace = withCheckDigit((await cfOf(p)).slice(0, 11) + 'Z999')
    const response = await call(
      app,
      'profilo/edit',
      await profileBody(p, { codice_fiscale: unknownPlace }),
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(
      'Il luogo di nascita indicato dal codice fiscale non esiste o non era valido alla data di nascita.',
    )
  })

  it('refuses a codice fiscale already used by another person, but not the own one', async () => {
    const p = persona()
    const cf = await cfOf(p)
    const owner = await createAccount({ person: { codiceFiscale: cf } })
    const other = await createAccount({ person: null })
    const response = await call(app, 'profilo/edit', await profileBody(p), await tokenFor(other))
    expect(response.status).toBe(409)
    expect(response.body.message).toBe(
      "Il codice fiscale è già associato a un altro tesserato. Se è il tuo, contatta l'assistenza dalla pagina Assistenza.",
    )
    const { db } = await testDatabase()
    expect((await db.select().from(accounts).where(eq(accounts.id, other.id)))[0]!.personId).toBeNull()
    const own = await call(app, 'profilo/edit', await profileBody(p), await tokenFor(owner))
    expect(own.status).toBe(200)
  })

  it('refuses an impossible or implausible birth date', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const p = persona()
    const impossible = await call(
      app,
      'profilo/edit',
      await profileBody(p, { data_nascita: '1990-02-30' }),
      token,
    )
    expect(impossible.status).toBe(400)
    expect(impossible.body.message).toBe(
      'Richiesta non valida: il campo «data_nascita» deve essere una data esistente nel formato AAAA-MM-GG, dal 1900 al 2100.',
    )
    const future = await call(
      app,
      'profilo/edit',
      await profileBody(p, { data_nascita: '2099-01-01' }),
      token,
    )
    expect(future.body.message).toBe('La data di nascita non può essere nel futuro.')
    const ancient = await call(
      app,
      'profilo/edit',
      await profileBody(p, { data_nascita: '1899-12-31' }),
      token,
    )
    // Before 1900 is outside every date the contract takes (common.ts, Data): refused there, naming the range.
    expect(ancient.body.message).toBe(impossible.body.message)
  })

  it('refuses a phone that is not Italian, an unknown province and a comune of another province', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const p = persona()
    const phone = await call(
      app,
      'profilo/edit',
      await profileBody(p, { telefono: '+44 20 7946 0958' }),
      token,
    )
    expect(phone.status).toBe(400)
    expect(phone.body.message).toBe(
      'Richiesta non valida: il campo «telefono» deve essere un numero di cellulare o di rete fissa italiano.',
    )
    const province = await call(app, 'profilo/edit', await profileBody(p, { provincia: 'XX' }), token)
    expect(province.body).toEqual({ statusCode: 400, message: 'La provincia «XX» non esiste.' })
    const comune = await call(app, 'profilo/edit', await profileBody(p, { comune: 'Milano' }), token)
    expect(comune.body).toEqual({
      statusCode: 400,
      message: 'Il comune «Milano» non si trova nella provincia di RM.',
    })
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('profilo/edit', await profileBody(persona()))).toEqual(REFUSED)
  })

  it('refuses a bad body in Italian, field by field', async () => {
    const account = await createAccount({ person: null })
    const token = await tokenFor(account)
    const missing = await call(app, 'profilo/edit', { nome: 'Anna' }, token)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('il campo «cognome» è obbligatorio')
    expect(missing.body.message).toContain('il campo «codice_fiscale» è obbligatorio')
    const wrong = await call(
      app,
      'profilo/edit',
      await profileBody(persona(), { nome: ' Anna', sesso: 'X', provincia: 'rm', extra: true }),
      token,
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toContain('il campo «nome» non deve iniziare o finire con spazi')
    expect(wrong.body.message).toContain("il campo «sesso» deve essere 'M' (maschile) o 'F' (femminile)")
    expect(wrong.body.message).toContain('il campo «provincia» deve essere la sigla della provincia')
    expect(wrong.body.message).toContain('il campo «extra» non è previsto')
    const digits = await call(app, 'profilo/edit', await profileBody(persona(), { cognome: 'R0ssi' }), token)
    expect(digits.body.message).toBe(
      'Richiesta non valida: il campo «cognome» può contenere soltanto lettere, spazi, apostrofi, punti e trattini.',
    )
  })
})

describe('profilo/privacy/view', () => {
  const acceptedAt = new Date('2025-10-12T08:30:00.000Z')
  it.each([
    { privacyAcceptedAt: acceptedAt, profilation: true, privacy: 1, expected: 1 },
    { privacyAcceptedAt: acceptedAt, profilation: false, privacy: 1, expected: 0 },
    { privacyAcceptedAt: null, profilation: true, privacy: 0, expected: 1 },
    { privacyAcceptedAt: null, profilation: false, privacy: 0, expected: 0 },
    { privacyAcceptedAt: null, profilation: null, privacy: 0, expected: null },
  ])(
    'answers the consents as stored: notice $privacy, profilation $profilation',
    async ({ privacyAcceptedAt, profilation, privacy, expected }) => {
      const account = await createAccount({ account: { privacyAcceptedAt, profilation } })
      const response = await call(app, 'profilo/privacy/view', {}, await tokenFor(account))
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        result: {
          privacy,
          // Never chosen stays null here (login-get says 0), so the form preselects nothing.
          profilation: expected,
          privacy_accettata_il: privacyAcceptedAt ? acceptedAt.toISOString() : null,
        },
      })
    },
  )

  it('follows a save at once', async () => {
    const account = await createAccount({ account: { privacyAcceptedAt: null, profilation: null } })
    const token = await tokenFor(account)
    await call(app, 'profilo/privacy/user/edit', { privacy: true, profilation: true }, token)
    const view = await call(app, 'profilo/privacy/view', {}, token)
    expect(view.body.result).toMatchObject({ privacy: 1, profilation: 1 })
    await call(app, 'privacy/edit', { profilation: false }, token)
    expect((await call(app, 'profilo/privacy/view', {}, token)).body.result).toMatchObject({
      privacy: 1,
      profilation: 0,
    })
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('profilo/privacy/view', {})).toEqual(REFUSED)
  })
})

describe('profilo/privacy/user/edit', () => {
  it('records the acceptance of the notice and the profilation choice', async () => {
    const account = await createAccount({ account: { privacyAcceptedAt: null, profilation: null } })
    const token = await tokenFor(account)
    const before = Date.now()
    const response = await call(app, 'profilo/privacy/user/edit', { privacy: true, profilation: true }, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { privacy: 1, profilation: 1 } })
    const { db } = await testDatabase()
    const [saved] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(saved!.privacyAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(saved!.profilation).toBe(true)
    const login = await call(app, 'login', {}, token)
    expect(login.body.result).toMatchObject({ privacy: 1, profilation: 1 })
    const refused = await call(app, 'profilo/privacy/user/edit', { privacy: true, profilation: false }, token)
    expect(refused.body).toEqual({ result: { privacy: 1, profilation: 0 } })
  })

  it('requires the notice to be accepted', async () => {
    const account = await createAccount({ account: { privacyAcceptedAt: null, profilation: null } })
    const response = await call(
      app,
      'profilo/privacy/user/edit',
      { privacy: false, profilation: false },
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(
      "Richiesta non valida: il campo «privacy» deve essere true: per continuare occorre accettare l'informativa sulla privacy.",
    )
    const { db } = await testDatabase()
    expect(
      (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.privacyAcceptedAt,
    ).toBeNull()
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('profilo/privacy/user/edit', { privacy: true, profilation: false })).toEqual(
      REFUSED,
    )
  })

  it('refuses a bad body in Italian', async () => {
    const account = await createAccount()
    const response = await call(app, 'profilo/privacy/user/edit', { privacy: 'si' }, await tokenFor(account))
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('il campo «privacy» ha un tipo non valido')
    expect(response.body.message).toContain('il campo «profilation» è obbligatorio')
  })
})

describe('privacy/edit', () => {
  it('changes the profilation consent and keeps the privacy acceptance', async () => {
    const account = await createAccount({ account: { profilation: false } })
    const token = await tokenFor(account)
    const response = await call(app, 'privacy/edit', { profilation: true }, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { privacy: 1, profilation: 1 } })
    const back = await call(app, 'privacy/edit', { profilation: false }, token)
    expect(back.body).toEqual({ result: { privacy: 1, profilation: 0 } })
    const { db } = await testDatabase()
    const [saved] = await db.select().from(accounts).where(eq(accounts.id, account.id))
    expect(saved!.privacyAcceptedAt!.getTime()).toBe(account.privacyAcceptedAt!.getTime())
  })

  it('refuses before the privacy notice is accepted', async () => {
    const account = await createAccount({ account: { privacyAcceptedAt: null, profilation: null } })
    const response = await call(app, 'privacy/edit', { profilation: true }, await tokenFor(account))
    expect(response.status).toBe(409)
    expect(response.body.message).toMatch(/^Prima di scegliere sulla profilazione accetta l'informativa/)
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('privacy/edit', { profilation: true })).toEqual(REFUSED)
  })

  it('refuses a bad body in Italian', async () => {
    const account = await createAccount()
    const response = await call(app, 'privacy/edit', {}, await tokenFor(account))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Richiesta non valida: il campo «profilation» è obbligatorio.')
  })
})

describe('lookup/comuni/get', () => {
  it('lists the comuni of a province in Italian order, without a token', async () => {
    const response = await call(app, 'lookup/comuni/get', { provincia: 'RM' })
    expect(response.status).toBe(200)
    const names = (response.body.result as { nome: string }[]).map((c) => c.nome)
    expect(names).toContain('Roma')
    expect(names).toContain('Fiumicino')
    expect(names).not.toContain('Milano')
    expect(names).toEqual([...names].sort(new Intl.Collator('it').compare))
  })

  it('returns an empty list for a sigla the ISTAT list does not know', async () => {
    const response = await call(app, 'lookup/comuni/get', { provincia: 'ZZ' })
    expect(response.body).toEqual({ result: [] })
  })

  it('refuses a bad sigla in Italian', async () => {
    const response = await call(app, 'lookup/comuni/get', { provincia: 'Roma' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(
      'Richiesta non valida: il campo «provincia» deve essere la sigla della provincia, due lettere maiuscole.',
    )
  })
})

describe('impostazioni/view_upsert', () => {
  it('shows the defaults to an account that never saved', async () => {
    const account = await createAccount()
    const response = await call(app, 'impostazioni/view_upsert', {}, await tokenFor(account))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      result: {
        notifiche_email: true,
        notifiche_tornei: true,
        notifiche_sfide: true,
        newsletter: false,
        visibile_ricerche: true,
        mostra_power: true,
        id_settore: null,
        aggiornato_il: null,
      },
    })
  })

  it('saves the given fields, keeps the others, and reads them back', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    const first = await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { newsletter: true, notifiche_sfide: false, id_settore: 2 } },
      token,
    )
    expect(first.status).toBe(200)
    expect(first.body.result).toMatchObject({
      newsletter: true,
      notifiche_sfide: false,
      notifiche_tornei: true,
      id_settore: 2,
    })
    expect(typeof (first.body.result as { aggiornato_il: unknown }).aggiornato_il).toBe('string')
    const second = await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { visibile_ricerche: false, id_settore: null } },
      token,
    )
    expect(second.body.result).toMatchObject({
      newsletter: true,
      notifiche_sfide: false,
      visibile_ricerche: false,
      id_settore: null,
    })
    const view = await call(app, 'impostazioni/view_upsert', {}, token)
    expect(view.body.result).toEqual(second.body.result)
    const { db } = await testDatabase()
    const [row] = await db.select().from(userSettings).where(eq(userSettings.accountId, account.id))
    expect(row).toMatchObject({
      newsletter: true,
      visibileRicerche: false,
      sectorId: null,
      disciplineId: null,
    })
  })

  it('records the discipline of the chosen sector and refuses an unknown sector', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    await call(app, 'impostazioni/view_upsert', { impostazioni: { id_settore: 3 } }, token)
    const { db } = await testDatabase()
    const [row] = await db.select().from(userSettings).where(eq(userSettings.accountId, account.id))
    expect(row).toMatchObject({ sectorId: 3, disciplineId: 171 })
    const unknown = await call(app, 'impostazioni/view_upsert', { impostazioni: { id_settore: 777 } }, token)
    expect(unknown.body).toEqual({ statusCode: 400, message: 'Il settore 777 non esiste.' })
  })

  it('refuses callers without a valid token', async () => {
    expect(await refusals('impostazioni/view_upsert', {})).toEqual(REFUSED)
  })

  it('refuses a bad body in Italian', async () => {
    const account = await createAccount()
    const response = await call(
      app,
      'impostazioni/view_upsert',
      { impostazioni: { newsletter: 'sì', colore: 'blu' } },
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('il campo «impostazioni.newsletter» ha un tipo non valido')
    expect(response.body.message).toContain('il campo «impostazioni.colore» non è previsto')
  })
})
