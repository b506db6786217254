// profilo/dati-spedizione/view and edit, profilo/view, and the CAPs of lookup/comuni/get (issue 23 item 1):
// an Italian address checked against the ISTAT and Poste data, the owner only.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { FOTOTESSERA } from '../../contract/profilo.ts'
import { jpegPhoto, multipartBody } from '../support/photos.ts'
import { buildTestApp, call, createAccount, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const ADDRESS = {
  presso: 'Studio Bianchi',
  indirizzo: 'Via Appia Nuova 12',
  cap: '00183',
  comune: 'Roma',
  provincia: 'RM',
}

async function owner(options: Parameters<typeof createAccount>[0] = {}) {
  const account = await createAccount(options)
  return { account, token: await tokenFor(account) }
}

describe('profilo/dati-spedizione/edit and view', () => {
  it('has no address at first, then the one saved, the comune spelled as ISTAT does', async () => {
    const { token } = await owner()
    expect(await call(app, 'profilo/dati-spedizione/view', {}, token)).toMatchObject({
      status: 200,
      body: { result: null },
    })
    const saved = await call(app, 'profilo/dati-spedizione/edit', { ...ADDRESS, comune: 'roma' }, token)
    expect(saved).toMatchObject({ status: 200, body: { result: ADDRESS } })
    expect((await call(app, 'profilo/dati-spedizione/view', {}, token)).body).toEqual({ result: ADDRESS })
  })

  it('saves again over the previous address; an empty «presso» is none', async () => {
    const { token } = await owner()
    await call(app, 'profilo/dati-spedizione/edit', ADDRESS, token)
    const second = { presso: '', indirizzo: 'Corso Europa 3', cap: '20017', comune: 'Rho', provincia: 'MI' }
    const saved = await call(app, 'profilo/dati-spedizione/edit', second, token)
    expect(saved.body).toEqual({ result: { ...second, presso: null } })
    expect((await call(app, 'profilo/dati-spedizione/view', {}, token)).body).toEqual({
      result: { ...second, presso: null },
    })
  })

  const refused: [string, Record<string, unknown>, string][] = [
    [
      'a CAP of another comune',
      { cap: '20121' },
      'Il CAP 20121 non è di Roma: il CAP di Roma va da 00118 a 00199.',
    ],
    [
      'a comune of another province',
      { comune: 'Rho' },
      'Il comune «Rho» non si trova nella provincia di RM.',
    ],
    ['a province that does not exist', { provincia: 'ZZ' }, 'La provincia «ZZ» non esiste.'],
    [
      'a CAP that is not five digits',
      { cap: '0018' },
      'Richiesta non valida: il campo «cap» deve essere formato da 5 cifre.',
    ],
    [
      'a street without its number',
      { indirizzo: 'Via Appia Nuova' },
      'Richiesta non valida: il campo «indirizzo» deve contenere il numero civico (oppure «snc» se non c’è).',
    ],
    [
      'no street',
      { indirizzo: '' },
      'Richiesta non valida: il campo «indirizzo» deve avere da 1 a 100 caratteri; il campo «indirizzo» deve contenere il numero civico (oppure «snc» se non c’è).',
    ],
  ]

  it.each(refused)(
    'refuses %s in Italian and keeps the address saved before',
    async (_name, change, message) => {
      const { token } = await owner()
      await call(app, 'profilo/dati-spedizione/edit', ADDRESS, token)
      const response = await call(app, 'profilo/dati-spedizione/edit', { ...ADDRESS, ...change }, token)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe(message)
      expect((await call(app, 'profilo/dati-spedizione/view', {}, token)).body).toEqual({ result: ADDRESS })
    },
  )

  it('accepts «snc» for a street without a number', async () => {
    const { token } = await owner()
    const response = await call(
      app,
      'profilo/dati-spedizione/edit',
      { ...ADDRESS, indirizzo: 'Località Prati snc' },
      token,
    )
    expect(response.status).toBe(200)
  })

  it('asks for the registration data first when the account has no person', async () => {
    const { token } = await owner({ person: null })
    expect(await call(app, 'profilo/dati-spedizione/edit', ADDRESS, token)).toMatchObject({
      status: 409,
      body: {
        statusCode: 409,
        message: 'Prima di inserire i dati di spedizione completa i tuoi dati anagrafici.',
      },
    })
    expect((await call(app, 'profilo/dati-spedizione/view', {}, token)).body).toEqual({ result: null })
  })

  it('shows each account its own address only, and nothing without a token', async () => {
    const mine = await owner()
    const theirs = await owner()
    await call(app, 'profilo/dati-spedizione/edit', ADDRESS, mine.token)
    expect((await call(app, 'profilo/dati-spedizione/view', {}, theirs.token)).body).toEqual({ result: null })
    // The body names nobody: a person id sent along is refused, not used.
    const probing = await call(
      app,
      'profilo/dati-spedizione/view',
      { id_persona: mine.account.personId },
      theirs.token,
    )
    expect(probing.status).toBe(400)
    for (const path of ['profilo/dati-spedizione/view', 'profilo/dati-spedizione/edit', 'profilo/view']) {
      const body = path.endsWith('edit') ? ADDRESS : {}
      expect(await call(app, path, body)).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: MESSAGES.unauthorized },
      })
      const forged = await tokenFor(mine.account, { forged: true })
      expect((await call(app, path, body, forged)).status).toBe(401)
    }
  })
})

describe('profilo/view', () => {
  it('gives the profile at a glance: name, e-mail, completeness, photo and address', async () => {
    const { account, token } = await owner({
      person: { nome: 'Ada', cognome: 'Lovato', codiceFiscale: null, provincia: 'RM', comune: 'Roma' },
    })
    const before = await call(app, 'profilo/view', {}, token)
    expect(before.body).toEqual({
      result: {
        id_persona: account.personId,
        persona: 'Ada Lovato',
        email: account.email,
        // No codice fiscale yet: the registration is incomplete.
        dati_incompleti: 1,
        fototessera: null,
        dati_spedizione: null,
      },
    })

    await call(app, 'profilo/dati-spedizione/edit', ADDRESS, token)
    const { payload, contentType } = multipartBody([
      { field: FOTOTESSERA.field, filename: 'io.jpg', type: 'image/jpeg', bytes: await jpegPhoto(500, 640) },
    ])
    await app.inject({
      method: 'POST',
      url: '/api/v1/profilo/fototessera/edit',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload,
    })
    const after = (await call(app, 'profilo/view', {}, token)).body.result as Record<string, unknown>
    expect(after.dati_spedizione).toEqual(ADDRESS)
    expect(after.fototessera).toMatch(/^\/api\/v1\/profilo\/fototessera\.jpg\?v=/)
  })

  it('names the e-mail while the account has no person', async () => {
    const { account, token } = await owner({ person: null })
    expect((await call(app, 'profilo/view', {}, token)).body).toEqual({
      result: {
        id_persona: null,
        persona: account.email,
        email: account.email,
        dati_incompleti: 1,
        fototessera: null,
        dati_spedizione: null,
      },
    })
  })
})

describe('lookup/comuni/get carries the CAPs', () => {
  it('gives each comune its CAPs: one for a small town, many for a city', async () => {
    const response = await call(app, 'lookup/comuni/get', { provincia: 'MI' })
    const comuni = response.body.result as { nome: string; cap: string[] }[]
    expect(comuni.find((c) => c.nome === 'Rho')?.cap).toEqual(['20017'])
    const milano = comuni.find((c) => c.nome === 'Milano')!.cap
    expect(milano.length).toBeGreaterThan(10)
    expect(milano).toContain('20121')
  })
})
