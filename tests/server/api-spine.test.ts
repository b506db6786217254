import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { persons, tessere } from '../../server/db/schema/core.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const unauthorized = { statusCode: 401, message: MESSAGES.unauthorized }

/** The ways a protected call must refuse a caller. */
async function expectRefusals(path: string, body: unknown) {
  const account = await createAccount()
  const forged = await tokenFor(account, { forged: true })
  const expired = await tokenFor(account, {
    issuedAtSeconds: Math.floor(Date.now() / 1000) - 7200,
    expiresInSeconds: 3600,
  })
  const wrongAudience = await tokenFor(account, { audience: 'altra-app' })
  // Signed with the portal's own key, audience and dates right: only the issuer is someone else's.
  const wrongIssuer = await tokenFor(account, { issuer: 'https://altro-emittente.example/v2.0/' })
  for (const token of [undefined, forged, expired, wrongAudience, wrongIssuer, 'non-un-token']) {
    const response = await call(app, path, body, token)
    expect(response.status, `${path} with ${token ? 'a bad' : 'no'} token`).toBe(401)
    expect(response.body).toEqual(unauthorized)
  }
}

async function personWithCards() {
  const { db } = await testDatabase()
  const account = await createAccount({ person: { codiceFiscale: null } })
  await db.insert(tessere).values([
    {
      codiceTessera: `T${account.personId}A`,
      personId: account.personId!,
      tipologia: 'Agonistica',
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: 2026,
      validaDal: '2026-01-01',
      validaAl: '2026-12-31',
    },
    {
      codiceTessera: `T${account.personId}B`,
      personId: account.personId!,
      tipologia: 'Amatoriale',
      disciplineId: DISCIPLINE_IDS.PADEL,
      sectorId: SECTOR_IDS.PADEL,
      stagione: 2025,
      validaDal: '2025-01-01',
      validaAl: '2025-12-31',
    },
  ])
  return account
}

describe('login', () => {
  it('returns the login-get data of a complete account', async () => {
    const account = await personWithCards()
    const { db } = await testDatabase()
    await db
      .update(persons)
      .set({
        codiceFiscale: `RSSGLI90D52H501${String(account.personId).slice(-1)}`.slice(0, 16),
        provincia: 'RM',
      })
      .where(eq(persons.id, account.personId!))
    const response = await call(app, 'login', {}, await tokenFor(account))
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      result: { profilation: 0, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: account.id },
    })
  })

  it('flags incomplete data, missing privacy and no card', async () => {
    const account = await createAccount({
      person: null,
      account: { privacyAcceptedAt: null, profilation: true },
    })
    const response = await call(app, 'login', {}, await tokenFor(account))
    expect(response.body).toEqual({
      result: { profilation: 1, privacy: 0, dati_incompleti: 1, tessera_associata: 0, user_id: account.id },
    })
  })

  it('refuses callers without a valid token', () => expectRefusals('login', {}))

  it('refuses a body with unexpected fields', async () => {
    const account = await createAccount()
    const response = await call(app, 'login', { intruso: 1 }, await tokenFor(account))
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Richiesta non valida: il campo «intruso» non è previsto.')
  })

  it('refuses a body that is not JSON', async () => {
    const account = await createAccount()
    const response = await call(app, 'login', '{non json', await tokenFor(account))
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/^Richiesta non valida/)
  })
})

describe('sistema/login', () => {
  it('records the access and returns the previous one', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    const first = await call(app, 'sistema/login', {}, token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ result: { user_id: account.id, ultimo_accesso: null } })
    const second = await call(app, 'sistema/login', {}, token)
    expect(typeof (second.body.result as { ultimo_accesso: string }).ultimo_accesso).toBe('string')
  })

  it('refuses callers without a valid token', () => expectRefusals('sistema/login', {}))

  it('refuses a bad body', async () => {
    const account = await createAccount()
    const response = await call(app, 'sistema/login', [], await tokenFor(account))
    expect(response.status).toBe(400)
  })
})

describe('logout', () => {
  it('signs out everywhere (logout/ovunque): the same token is refused afterwards', async () => {
    const account = await createAccount()
    // Issued this very second: a sign-out must revoke the token it was made with, however fresh.
    const token = await tokenFor(account)
    expect((await call(app, 'login', {}, token)).status).toBe(200)
    const response = await call(app, 'logout/ovunque', {}, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { disconnesso: true, feed_url: null } })
    expect((await call(app, 'login', {}, token)).status).toBe(401)
  })

  it('leaves the signed-out token a visitor on public reads: they answer, with nothing of the account', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    await call(app, 'logout/ovunque', {}, token)
    expect((await call(app, 'lookup/get', { keys: 'ss' }, token)).status).toBe(200)
    // The board asks who the caller is (what each row waits from them): the revoked token gets a visitor's.
    const board = await call(app, 'sfide/pubbliche/list', { id_settore: SECTOR_IDS.TENNIS }, token)
    expect(board.status).toBe(200)
    expect(board.body).toEqual(
      (await call(app, 'sfide/pubbliche/list', { id_settore: SECTOR_IDS.TENNIS })).body,
    )
  })

  it('refuses callers without a valid token', () => expectRefusals('logout', {}))
  it('refuses callers without a valid token (everywhere)', () => expectRefusals('logout/ovunque', {}))

  it('refuses a bad body', async () => {
    const account = await createAccount()
    const response = await call(app, 'logout', { tutto: true }, await tokenFor(account))
    expect(response.status).toBe(400)
  })
})

describe('giocatori/dati_utente', () => {
  it('returns the signed-in user as a list with its count', async () => {
    const account = await createAccount({ person: { nome: 'Marco', cognome: 'Bianchi', provincia: 'MI' } })
    const response = await call(
      app,
      'giocatori/dati_utente',
      { rowstoskip: 0, fetchrows: 10 },
      await tokenFor(account),
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      results: [
        {
          id_persona: account.personId,
          persona: 'Marco Bianchi',
          provincia: 'MI',
          fototessera: null,
          puo_esportare_classifiche: false,
        },
      ],
      record: 1,
    })
  })

  it('pages: skipping past the only row returns no rows but the count', async () => {
    const account = await createAccount()
    const response = await call(
      app,
      'giocatori/dati_utente',
      { rowstoskip: 1, fetchrows: 10 },
      await tokenFor(account),
    )
    expect(response.body).toEqual({ results: [], record: 1 })
  })

  it('refuses callers without a valid token', () =>
    expectRefusals('giocatori/dati_utente', { rowstoskip: 0, fetchrows: 10 }))

  it('refuses bad paging in Italian', async () => {
    const account = await createAccount()
    const token = await tokenFor(account)
    const negative = await call(app, 'giocatori/dati_utente', { rowstoskip: -1, fetchrows: 10 }, token)
    expect(negative.status).toBe(400)
    expect(negative.body.message).toContain('«rowstoskip» deve essere un intero tra 0 e 2147483647')
    const tooMany = await call(app, 'giocatori/dati_utente', { rowstoskip: 0, fetchrows: 5000 }, token)
    expect(tooMany.body.message).toContain('«fetchrows» deve essere un intero tra 1 e 100')
  })
})

describe('scheda_personale/elenco_tessere/list', () => {
  it("lists the person's cards, newest season first, with paging", async () => {
    const account = await personWithCards()
    const token = await tokenFor(account)
    const response = await call(
      app,
      'scheda_personale/elenco_tessere/list',
      { id: account.personId, rowstoskip: 0, fetchrows: 1 },
      token,
    )
    expect(response.status).toBe(200)
    expect(response.body.record).toBe(2)
    expect(response.body.results).toEqual([
      {
        codice_tessera: `T${account.personId}A`,
        tipologia: 'Agonistica',
        disciplina: 'tennis',
        id_settore: SECTOR_IDS.TENNIS,
        stagione: 2026,
        valida_dal: '2026-01-01',
        valida_al: '2026-12-31',
        id_circolo: null,
        circolo: null,
        verifica: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ])
    const next = await call(
      app,
      'scheda_personale/elenco_tessere/list',
      { id: account.personId, rowstoskip: 1, fetchrows: 1 },
      token,
    )
    expect((next.body.results as { disciplina: string }[])[0]?.disciplina).toBe('padel')
  })

  it("refuses another person's cards", async () => {
    const owner = await personWithCards()
    const other = await createAccount()
    const response = await call(
      app,
      'scheda_personale/elenco_tessere/list',
      { id: owner.personId },
      await tokenFor(other),
    )
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('Puoi consultare soltanto le tue tessere')
  })

  it('refuses callers without a valid token', () =>
    expectRefusals('scheda_personale/elenco_tessere/list', { id: 1 }))

  it('requires the person id', async () => {
    const account = await createAccount()
    const response = await call(
      app,
      'scheda_personale/elenco_tessere/list',
      { rowstoskip: 0 },
      await tokenFor(account),
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«id» è obbligatorio')
  })
})

describe('lookup/get', () => {
  it('returns the disciplines with their sectors and the spec ids', async () => {
    const response = await call(app, 'lookup/get', { keys: 'ss' })
    expect(response.status).toBe(200)
    const discipline = (
      response.body.result as {
        discipline: { id: number; disciplina: string; settori: { id_settore: number }[] }[]
      }[]
    )[0]!.discipline
    const byCode = Object.fromEntries(discipline.map((d) => [d.disciplina, d]))
    expect(byCode.tennis?.id).toBe(4332)
    expect(byCode.padel?.id).toBe(172)
    expect(byCode['beach-tennis']?.id).toBe(171)
    expect(byCode.pickleball?.id).toBe(174)
    expect(byCode.tennis?.settori.map((s) => s.id_settore).sort((a, b) => a - b)).toEqual([1, 4, 9])
    expect(byCode.padel?.settori.map((s) => s.id_settore)).toEqual([2])
    expect(byCode['beach-tennis']?.settori.map((s) => s.id_settore)).toEqual([3])
  })

  it('works with a token too, and ignores a forged one (public read)', async () => {
    const account = await createAccount()
    expect((await call(app, 'lookup/get', { keys: 'ss' }, await tokenFor(account))).status).toBe(200)
    expect(
      (await call(app, 'lookup/get', { keys: 'ss' }, await tokenFor(account, { forged: true }))).status,
    ).toBe(200)
  })

  it("refuses keys other than 'ss'", async () => {
    const response = await call(app, 'lookup/get', { keys: 'xx' })
    expect(response.status).toBe(400)
    expect(response.body.message).toMatch(/«keys»/)
    expect((await call(app, 'lookup/get', {})).status).toBe(400)
  })
})

describe('provincie/get', () => {
  it('lists the Italian provinces with their region', async () => {
    const response = await call(app, 'provincie/get', {})
    expect(response.status).toBe(200)
    const result = response.body.result as { sigla: string; nome: string; regione: string }[]
    expect(result.length).toBeGreaterThan(100)
    expect(result.find((p) => p.sigla === 'RM')).toMatchObject({ regione: 'Lazio' })
    expect(result.find((p) => p.sigla === 'MI')).toMatchObject({ regione: 'Lombardia' })
  })

  it('refuses a bad body', async () => {
    expect((await call(app, 'provincie/get', { regione: 'Lazio' })).status).toBe(400)
  })
})

describe('the API envelope', () => {
  it('answers unknown API paths with an Italian 404', async () => {
    const response = await call(app, 'non/esiste', {})
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ statusCode: 404, message: MESSAGES.notFound })
  })

  it('sends a CSP that allows only its own origin, and frames only from itself', async () => {
    const response = await call(app, 'lookup/get', { keys: 'ss' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})

describe('write rate limits', () => {
  it('answers 429 in Italian past the per-minute limit, per account', async () => {
    const limited = await buildTestApp({ WRITE_RATE_LIMIT: '3' })
    try {
      const account = await createAccount()
      const token = await tokenFor(account)
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await call(limited, 'sistema/login', {}, token)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const refused = await call(limited, 'sistema/login', {}, token)
      expect(refused.body).toEqual({ statusCode: 429, message: MESSAGES.tooManyRequests })
      // Reads are not limited.
      expect((await call(limited, 'login', {}, token)).status).toBe(200)
      // The count is the account's, not the address's: another account from the same address still writes,
      // and the limited account is still refused from another address.
      const neighbour = await tokenFor(await createAccount())
      expect((await call(limited, 'sistema/login', {}, neighbour)).status).toBe(200)
      const elsewhere = await limited.inject({
        method: 'POST',
        url: '/api/v1/sistema/login',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{}',
      })
      expect(elsewhere.statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('request logs', () => {
  it('never contain a token, a sign-in code or a password', async () => {
    const lines: string[] = []
    const logged = await buildTestApp({}, { write: (line: string) => void lines.push(line) })
    try {
      const account = await createAccount()
      const token = await tokenFor(account)
      await call(logged, 'login', {}, token)
      await call(logged, 'login', {}, 'forged.token.value')
      await logged.inject({ method: 'GET', url: '/idp/qualcosa?code=SEGRETO123&password=Segreta1' })
      const text = lines.join('\n')
      expect(lines.length).toBeGreaterThan(2)
      expect(text).not.toContain(token)
      expect(text).not.toContain('forged.token.value')
      expect(text).not.toContain('SEGRETO123')
      expect(text).not.toContain('Segreta1')
      expect(text).toContain('[redatto]')
    } finally {
      await logged.close()
    }
  })
})
