// Issue 23 item 7: who may call each endpoint of the account area (profile, shipping data, card photo, cards,
// help desk, settings, consents, sign-out), on PGlite and on PostgreSQL. The inventory is the endpoint table
// itself: an account-area endpoint added without an entry here fails the first test. For each: no token → 401 in
// Italian; the owner is admitted; the staff-only ones refuse a player (403) and admit the staff; and another
// player's calls neither read nor touch the owner's data (the same 404 as for something that does not exist).
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { endpoints, type EndpointName } from '../../contract/endpoints.ts'
import {
  ALLEGATO_PATH,
  HELPDESK_ALLEGATI,
  HELPDESK_MESSAGES,
  type Richiesta,
} from '../../contract/helpdesk.ts'
import { FOTOTESSERA, FOTOTESSERA_PATH } from '../../contract/profilo.ts'
import { PASSWORD_ERRATA } from '../../server/domain/dati-personali.ts'
import { jpegPhoto, multipartBody } from '../support/photos.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call } from '../support/server.ts'

let app: FastifyInstance
/** The owner's data must be in place before the checks read it. */
function ready(status: number, what: string) {
  if (status !== 200) throw new Error(`preparazione non riuscita: ${what} ha risposto ${status}`)
}
let owner: TestPlayer
let other: TestPlayer
let staff: TestPlayer
/** The owner's request to the help desk, with an attachment. */
let request: Richiesta
let ownerCard: string
const OGGETTO = `Richiesta riservata ${Math.random().toString(36).slice(2, 8)}`
const PRESSO = `Presso riservato ${Math.random().toString(36).slice(2, 8)}`

beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
  ;[owner, other, staff] = await Promise.all([
    makeTennisPlayer(),
    makeTennisPlayer(),
    makeTennisPlayer({ role: 'admin', card: false }),
  ])
  ownerCard = (
    (await call(app, 'richieste-utenti/tessere/list', {}, owner.token)).body as { result: { id: string }[] }
  ).result[0]!.id
  const { payload, contentType } = multipartBody(
    [
      {
        field: HELPDESK_ALLEGATI.field,
        filename: 'ricevuta.jpg',
        type: 'image/jpeg',
        bytes: await jpegPhoto(300, 200),
      },
    ],
    {
      [HELPDESK_ALLEGATI.dataField]: JSON.stringify({
        id_settore: SECTOR_IDS.TENNIS,
        id_categoria: 1,
        codice_tessera: ownerCard,
        oggetto: OGGETTO,
        messaggio: 'Solo io e lo staff dovremmo leggerla.',
      }),
    },
  )
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/richieste-utenti/add',
    headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
    payload,
  })
  ready(sent.statusCode, 'richieste-utenti/add')
  request = (sent.json() as { result: Richiesta }).result
  const address = { presso: PRESSO, indirizzo: 'Via Roma 1', cap: '00184', provincia: 'RM', comune: 'Roma' }
  ready(
    (await call(app, 'profilo/dati-spedizione/edit', address, owner.token)).status,
    'dati-spedizione/edit',
  )
  const photo = multipartBody([
    { field: FOTOTESSERA.field, filename: 'foto.jpg', type: 'image/jpeg', bytes: await jpegPhoto(500, 640) },
  ])
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/profilo/fototessera/edit',
    headers: { 'content-type': photo.contentType, authorization: `Bearer ${owner.token}` },
    payload: photo.payload,
  })
  ready(uploaded.statusCode, 'fototessera/edit')
})
afterAll(() => app.close())

type Entry = {
  /** A valid body for the owner's call. */
  body: () => unknown
  /** The owner's answer (200 unless the call needs data the test account lacks: then a refusal that is not 401/403). */
  owner?: number
  /** Staff only (docs/ruoli.md): a player is refused with 403. */
  staff?: true
  /** It ends the caller's session or removes what the other checks read: called with an account of its own. */
  ownAccount?: true
  /**
   * The owner is refused by a rule that answers 403 with these words (the account's deletion asks for the password
   * again): admitted as the caller, refused for what was sent.
   */
  ruleRefusal?: string
}

/** Every endpoint of the account area and how its owner calls it. */
const AREA: Partial<Record<EndpointName, Entry>> = {
  datiUtente: { body: () => ({}) },
  elencoTessere: { body: () => ({ id: owner.personId }) },
  // The test account has no codice fiscale: refused by the rule (409), after the owner was admitted; someone
  // else's card is refused in tessere.test.ts.
  tesseraAdd: { body: () => ({ codice_tessera: ownerCard }), owner: 409 },
  // The test account has no codice fiscale: the registry cannot be read (409, in Italian).
  tessereSincronizza: { body: () => ({}), owner: 409 },
  richiesteUtentiTessere: { body: () => ({}) },
  richiesteUtentiAdd: {
    body: () => ({ id_settore: SECTOR_IDS.TENNIS, id_categoria: 1, oggetto: 'Prova', messaggio: 'Prova.' }),
  },
  richiesteUtentiList: { body: () => ({}) },
  richiesteUtentiAperte: { body: () => ({}), staff: true },
  richiesteUtentiStorico: { body: () => ({}), staff: true },
  richiesteUtentiRispondi: {
    body: () => ({ id_richiesta: request.id_richiesta, risposta: 'Risposta di prova.' }),
    staff: true,
  },
  // Run after the reply above (the table's order): the owner closes their own request.
  richiesteUtentiChiudi: { body: () => ({ id_richiesta: request.id_richiesta }) },
  datiAnagraficiView: { body: () => ({}) },
  // A code that does not match the name: refused by the rule, after the owner was admitted (profilo.test.ts saves).
  profiloEdit: {
    body: () => ({
      nome: 'Gioc',
      cognome: owner.cognome,
      sesso: 'M',
      data_nascita: '1990-01-01',
      codice_fiscale: 'RSSMRA80A01H501U',
      provincia: 'RM',
      comune: 'Roma',
      telefono: '+39 333 123 4567',
    }),
    owner: 400,
  },
  privacyView: { body: () => ({}) },
  privacyUserEdit: { body: () => ({ privacy: true, profilation: false }) },
  privacyEdit: { body: () => ({ profilation: true }) },
  profiloView: { body: () => ({}) },
  datiSpedizioneView: { body: () => ({}) },
  datiSpedizioneEdit: {
    body: () => ({ presso: PRESSO, indirizzo: 'Via Roma 1', cap: '00184', provincia: 'RM', comune: 'Roma' }),
  },
  // Multipart only: a JSON body is refused in Italian once the caller is known (profilo-fototessera.test.ts).
  fototesseraEdit: { body: () => ({}), owner: 400 },
  fototesseraDel: { body: () => ({}), ownAccount: true },
  impostazioniViewUpsert: { body: () => ({}) },
  logout: { body: () => ({}), ownAccount: true },
  logoutOvunque: { body: () => ({}), ownAccount: true },
  // «I miei dati»: the export is the caller's own; the deletion is sent with a wrong password (refused, nothing
  // deleted). tests/server/dati-personali.test.ts deletes with the right one and greps every table afterwards.
  datiEsporta: { body: () => ({}) },
  accountElimina: {
    body: () => ({ password: 'non è la password giusta' }),
    owner: 403,
    ruleRefusal: PASSWORD_ERRATA,
  },
}

const ACCOUNT_AREA =
  /^(profilo\/|modifica_profilo|privacy\/|impostazioni\/|tessera\/|tessere\/sincronizza|richieste-utenti\/|giocatori\/dati_utente|scheda_personale\/|logout)/

const names = Object.keys(AREA) as EndpointName[]
const pathOf = (name: EndpointName) => endpoints[name].path

describe('the account area: who may call what', () => {
  it('has an entry for every account-area endpoint of the endpoint table', () => {
    const area = (Object.keys(endpoints) as EndpointName[]).filter((n) => ACCOUNT_AREA.test(pathOf(n)))
    expect(area.sort()).toEqual([...names].sort())
    expect(names.filter((name) => endpoints[name].access !== 'user')).toEqual([])
  })

  it('refuses every call without a token in Italian (401)', async () => {
    for (const name of names) {
      const answer = await call(app, pathOf(name), AREA[name]!.body())
      expect({ path: pathOf(name), status: answer.status, body: answer.body }).toEqual({
        path: pathOf(name),
        status: 401,
        body: { statusCode: 401, message: MESSAGES.unauthorized },
      })
    }
    for (const url of [FOTOTESSERA_PATH, `${ALLEGATO_PATH}/${request.allegati[0]!.id}`])
      expect({ url, status: (await app.inject({ method: 'GET', url })).statusCode }).toEqual({
        url,
        status: 401,
      })
  })

  it('refuses the staff-only calls to a player (403, in Italian) and admits the staff', async () => {
    for (const name of names.filter((n) => AREA[n]!.staff)) {
      for (const p of [owner, other]) {
        const refused = await call(app, pathOf(name), AREA[name]!.body(), p.token)
        expect({ path: pathOf(name), status: refused.status, body: refused.body }).toEqual({
          path: pathOf(name),
          status: 403,
          body: { statusCode: 403, message: HELPDESK_MESSAGES.staffOnly },
        })
      }
      const admitted = await call(app, pathOf(name), AREA[name]!.body(), staff.token)
      expect({ path: pathOf(name), status: admitted.status }).toEqual({ path: pathOf(name), status: 200 })
    }
  })

  it('admits the owner to every other call', async () => {
    const ordinary = names.filter((n) => !AREA[n]!.staff && !AREA[n]!.ownAccount)
    for (const name of ordinary) {
      const answer = await call(app, pathOf(name), AREA[name]!.body(), owner.token)
      const expected = AREA[name]!.owner ?? 200
      expect({
        path: pathOf(name),
        status: answer.status,
        body: answer.status === expected ? null : answer.body,
      }).toEqual({ path: pathOf(name), status: expected, body: null })
      // A refusal by a rule, never one of who the caller is: a 403 only in the rule's own words.
      const ruleRefusal = AREA[name]!.ruleRefusal
      const message = (answer.body as { message?: string }).message
      const byWhoCalls = ruleRefusal ? message !== ruleRefusal : [401, 403].includes(answer.status)
      expect({ path: pathOf(name), byWhoCalls }).toEqual({ path: pathOf(name), byWhoCalls: false })
    }
    for (const name of names.filter((n) => AREA[n]!.ownAccount)) {
      const fresh = await makeTennisPlayer()
      const answer = await call(app, pathOf(name), AREA[name]!.body(), fresh.token)
      expect({ path: pathOf(name), status: answer.status }).toEqual({ path: pathOf(name), status: 200 })
    }
  })

  it('shows another player nothing of the owner’s, and lets them touch nothing of it', async () => {
    const secrets = [owner.cognome, owner.email, ownerCard, OGGETTO, PRESSO]
    const reads = names.filter(
      (n) => !endpoints[n].write && !AREA[n]!.staff && n !== 'impostazioniViewUpsert',
    )
    expect(reads.length).toBeGreaterThanOrEqual(7)
    for (const name of reads) {
      const answer = await call(app, pathOf(name), AREA[name]!.body(), other.token)
      const text = JSON.stringify(answer.body)
      expect({ path: pathOf(name), failed: answer.status >= 500 }).toEqual({
        path: pathOf(name),
        failed: false,
      })
      expect({ path: pathOf(name), shown: secrets.filter((secret) => text.includes(secret)) }).toEqual({
        path: pathOf(name),
        shown: [],
      })
    }
    // The owner's data is there for the owner (so the check above looks where it should).
    const mine = JSON.stringify((await call(app, 'richieste-utenti/list', {}, owner.token)).body)
    expect(mine).toContain(OGGETTO)

    // Someone else's request: the same answer as a missing one.
    const close = await call(
      app,
      'richieste-utenti/chiudi',
      { id_richiesta: request.id_richiesta },
      other.token,
    )
    expect({ status: close.status, message: (close.body as { message: string }).message }).toEqual({
      status: 404,
      message: HELPDESK_MESSAGES.notFound,
    })
    // Someone else's card is not named in a request, nor taken into the list.
    const named = await call(
      app,
      'richieste-utenti/add',
      { ...(AREA.richiesteUtentiAdd!.body() as object), codice_tessera: ownerCard },
      other.token,
    )
    expect({ status: named.status, message: (named.body as { message: string }).message }).toEqual({
      status: 400,
      message: HELPDESK_MESSAGES.notYourCard,
    })
    // Someone else's cards by their person id: refused.
    const cards = await call(app, 'scheda_personale/elenco_tessere/list', { id: owner.personId }, other.token)
    expect({ status: cards.status, message: (cards.body as { message: string }).message }).toEqual({
      status: 403,
      message: 'Puoi consultare soltanto le tue tessere',
    })
    // The attachment and the photo are served to their owner only.
    const attachment = `${ALLEGATO_PATH}/${request.allegati[0]!.id}`
    const get = (url: string, p: TestPlayer) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${p.token}` } })
    expect((await get(attachment, other)).statusCode).toBe(404)
    expect((await get(attachment, owner)).statusCode).toBe(200)
    expect((await get(attachment, staff)).statusCode).toBe(200)
    const ownPhoto = await get(FOTOTESSERA_PATH, owner)
    expect(ownPhoto.statusCode).toBe(200)
    const othersPhoto = await get(FOTOTESSERA_PATH, other)
    expect(othersPhoto.statusCode).toBe(404)
    // Deleting «my» photo as the other player leaves the owner's in place.
    await call(app, 'profilo/fototessera/del', {}, other.token)
    expect(Buffer.compare((await get(FOTOTESSERA_PATH, owner)).rawPayload, ownPhoto.rawPayload)).toBe(0)
  })
})
