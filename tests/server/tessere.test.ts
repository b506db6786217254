// Membership cards beyond the list (issue 23 item 2), on PGlite and on PostgreSQL (DATABASE_URL): adding a card
// of the federation's registry by its code with its refusals (unknown, someone else's, expired, no codice
// fiscale), synchronising with the registry and its summary, each on the caller's own person only; and the public
// check behind a card's QR code, which shows validity and sector and nothing about the holder, rate limited.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import type { Tessera } from '../../contract/giocatori.ts'
import { TESSERE_MESSAGES as M, VERIFICA_RATE_LIMIT, type Sincronizzazione } from '../../contract/tessere.ts'
import { clubs, persons, tessere } from '../../server/db/schema/core.ts'
import { registroTessere } from '../../server/db/schema/tessere.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { throwOnFiguresDrift } from '../support/numeri.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let owner: TestPlayer
let other: TestPlayer
let noCf: TestPlayer
let ownerCf: string
let otherCf: string
let clubA: { id: number; nome: string } | undefined
let clubB: { id: number; nome: string } | undefined
const season = currentSeason()
/** A code of this run: no other test or run can hold it. */
const code = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
const fakeCf = () => `TST${randomUUID().replace(/-/g, '').slice(0, 13)}`.toUpperCase()

beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
  ;[owner, other, noCf] = await Promise.all([makeTennisPlayer(), makeTennisPlayer(), makeTennisPlayer()])
  const { db } = await testDatabase()
  ownerCf = fakeCf()
  otherCf = fakeCf()
  await db.update(persons).set({ codiceFiscale: ownerCf }).where(eq(persons.id, owner.personId))
  await db.update(persons).set({ codiceFiscale: otherCf }).where(eq(persons.id, other.personId))
  ;[clubA, clubB] = await db.select({ id: clubs.id, nome: clubs.nome }).from(clubs).orderBy(clubs.id).limit(2)
})
afterAll(() => app.close())
// The home's figures the database keeps (migration 0029_numeri_stagione) are the real ones after every path here.
afterEach(async () => throwOnFiguresDrift((await testDatabase()).db))

type Registered = Partial<typeof registroTessere.$inferInsert> & {
  codiceTessera: string
  codiceFiscale: string
}
async function register(card: Registered) {
  const { db } = await testDatabase()
  await db.insert(registroTessere).values({
    tipologia: 'Agonistica',
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    clubId: clubA!.id,
    stagione: season,
    validaDal: `${season}-01-01`,
    validaAl: `${season}-12-31`,
    ...card,
  })
}

const listOf = async (p: TestPlayer) => {
  const answer = await call(
    app,
    'scheda_personale/elenco_tessere/list',
    { id: p.personId, fetchrows: 100 },
    p.token,
  )
  expect(answer.status).toBe(200)
  return (answer.body as { results: Tessera[] }).results
}
const add = (p: TestPlayer | undefined, codice: string) =>
  call(app, 'tessera/add', { codice_tessera: codice }, p?.token)
const messageOf = (answer: { body: unknown }) => (answer.body as { message: string }).message

describe('tessera/add', () => {
  it('needs a signed-in user', async () => {
    for (const path of ['tessera/add', 'tessere/sincronizza']) {
      const answer = await call(app, path, { codice_tessera: 'TN250000001' })
      expect({ path, status: answer.status }).toEqual({ path, status: 401 })
    }
  })

  it('adds a card of the registry held under the caller’s codice fiscale, typed in any case and with spaces', async () => {
    const codice = code('PD')
    await register({
      codiceTessera: codice,
      codiceFiscale: ownerCf,
      sectorId: SECTOR_IDS.PADEL,
      disciplineId: DISCIPLINE_IDS.PADEL,
      clubId: clubB!.id,
    })
    const typed = `${codice.slice(0, 4).toLowerCase()} ${codice.slice(4)}`
    const answer = await add(owner, typed)
    expect(answer.status).toBe(200)
    const { result } = answer.body as { result: { esito: string; tessera: Tessera; messaggio: string } }
    expect(result.esito).toBe('aggiunta')
    expect(result.messaggio).toBe(M.added(codice))
    expect(result.tessera).toMatchObject({
      codice_tessera: codice,
      disciplina: 'padel',
      id_settore: SECTOR_IDS.PADEL,
      id_circolo: clubB!.id,
      circolo: clubB!.nome,
    })
    expect(result.tessera.verifica).toMatch(/^[0-9a-f-]{36}$/)
    expect((await listOf(owner)).map((t) => t.codice_tessera)).toContain(codice)
    expect((await listOf(other)).map((t) => t.codice_tessera)).not.toContain(codice)

    const again = await add(owner, codice)
    expect(again.status).toBe(200)
    expect((again.body as { result: { esito: string; messaggio: string } }).result).toMatchObject({
      esito: 'gia_presente',
      messaggio: M.alreadyYours(codice),
    })
    expect((await listOf(owner)).filter((t) => t.codice_tessera === codice)).toHaveLength(1)
  })

  it('refuses a code that is not a card code, in Italian', async () => {
    const answer = await add(owner, 'TN-25!')
    expect(answer.status).toBe(400)
    expect(messageOf(answer)).toContain(M.codeFormat)
  })

  it('refuses an unknown code', async () => {
    const codice = code('TN')
    const answer = await add(owner, codice)
    expect(answer.status).toBe(404)
    expect(messageOf(answer)).toBe(M.unknown(codice))
  })

  it('refuses someone else’s card: registered to another codice fiscale, or listed under another person', async () => {
    const registered = code('BT')
    await register({ codiceTessera: registered, codiceFiscale: otherCf })
    const byRegistry = await add(owner, registered)
    expect(byRegistry.status).toBe(403)
    expect(messageOf(byRegistry)).toBe(M.someoneElse)

    const [othersCard] = await listOf(other)
    const byList = await add(owner, othersCard!.codice_tessera)
    expect(byList.status).toBe(403)
    expect(messageOf(byList)).toBe(M.someoneElse)
    // Nothing was taken: the card is still theirs alone.
    expect((await listOf(owner)).map((t) => t.codice_tessera)).not.toContain(othersCard!.codice_tessera)
    expect((await listOf(other)).map((t) => t.codice_tessera)).toContain(othersCard!.codice_tessera)
  })

  it('refuses an expired card, saying when it expired', async () => {
    const codice = code('BT')
    const old = season - 2
    await register({
      codiceTessera: codice,
      codiceFiscale: ownerCf,
      stagione: old,
      validaDal: `${old}-01-01`,
      validaAl: `${old}-12-31`,
    })
    const answer = await add(owner, codice)
    expect(answer.status).toBe(409)
    expect(messageOf(answer)).toBe(M.expired(codice, `${old}-12-31`))
    expect(messageOf(answer)).toContain(`scaduta il 31 dicembre ${old}`)
    expect((await listOf(owner)).map((t) => t.codice_tessera)).not.toContain(codice)
  })

  it('asks for the codice fiscale when the profile has none', async () => {
    const codice = code('TN')
    await register({ codiceTessera: codice, codiceFiscale: fakeCf() })
    for (const answer of [await add(noCf, codice), await call(app, 'tessere/sincronizza', {}, noCf.token)]) {
      expect(answer.status).toBe(409)
      expect(messageOf(answer)).toBe(M.noCodiceFiscale)
    }
  })
})

describe('tessere/sincronizza', () => {
  it('adds the missing cards, updates the changed ones, leaves expired and someone else’s alone, and says so', async () => {
    const { db } = await testDatabase()
    const player = await makeTennisPlayer()
    const cf = fakeCf()
    await db.update(persons).set({ codiceFiscale: cf }).where(eq(persons.id, player.personId))
    const [listed] = await listOf(player)
    const nuova = code('BT')
    const futura = code('TN')
    const scaduta = code('PD')
    const [othersCard] = await listOf(other)
    await register({ ...registryCopy(listed!), codiceFiscale: cf, tipologia: 'Dirigente', clubId: clubB!.id })
    await register({
      codiceTessera: nuova,
      codiceFiscale: cf,
      sectorId: SECTOR_IDS.BEACH,
      disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
    })
    const next = season + 1
    await register({
      codiceTessera: futura,
      codiceFiscale: cf,
      stagione: next,
      validaDal: `${next}-01-01`,
      validaAl: `${next}-12-31`,
    })
    const old = season - 3
    await register({
      codiceTessera: scaduta,
      codiceFiscale: cf,
      stagione: old,
      validaDal: `${old}-01-01`,
      validaAl: `${old}-12-31`,
    })
    // The registry names this player for a card the portal lists under someone else: left to the help desk.
    await register({ ...registryCopy(othersCard!), codiceFiscale: cf })

    const othersBefore = await listOf(other)
    const answer = await call(app, 'tessere/sincronizza', {}, player.token)
    expect(answer.status).toBe(200)
    const { result } = answer.body as { result: Sincronizzazione }
    expect([...result.aggiunte].sort()).toEqual([nuova, futura].sort())
    expect(result.aggiornate).toEqual([
      { codice_tessera: listed!.codice_tessera, modifiche: ['tipologia', 'circolo'] },
    ])
    expect(result.invariate).toBe(0)
    expect(result.scadute).toBe(1)
    expect(result.messaggio).toBe(
      'Sincronizzazione completata: 2 tessere aggiunte, 1 tessera aggiornata e 1 scaduta non importata.',
    )

    const after = await listOf(player)
    expect(after.map((t) => t.codice_tessera).sort()).toEqual([listed!.codice_tessera, nuova, futura].sort())
    expect(after.find((t) => t.codice_tessera === listed!.codice_tessera)).toMatchObject({
      tipologia: 'Dirigente',
      id_circolo: clubB!.id,
      circolo: clubB!.nome,
      // The card keeps its public id: a QR code already printed or shown stays good.
      verifica: listed!.verifica,
    })
    expect(await listOf(other)).toEqual(othersBefore)

    const second = await call(app, 'tessere/sincronizza', {}, player.token)
    expect((second.body as { result: Sincronizzazione }).result).toMatchObject({
      aggiunte: [],
      aggiornate: [],
      invariate: 3,
      scadute: 1,
      messaggio: 'Sincronizzazione completata: 3 già aggiornate e 1 scaduta non importata.',
    })
  })

  it('says so when the registry has nothing for the caller', async () => {
    const { db } = await testDatabase()
    const player = await makeTennisPlayer()
    await db.update(persons).set({ codiceFiscale: fakeCf() }).where(eq(persons.id, player.personId))
    const answer = await call(app, 'tessere/sincronizza', {}, player.token)
    expect(answer.status).toBe(200)
    expect((answer.body as { result: Sincronizzazione }).result.messaggio).toBe(
      'Il registro federale non ha tessere intestate al tuo codice fiscale.',
    )
  })

  it('lists a person’s cards to that person only', async () => {
    const answer = await call(
      app,
      'scheda_personale/elenco_tessere/list',
      { id: owner.personId },
      other.token,
    )
    expect(answer.status).toBe(403)
  })
})

/** A listed card as the registry would hold it. */
function registryCopy(card: Tessera) {
  return {
    codiceTessera: card.codice_tessera,
    tipologia: card.tipologia,
    sectorId: card.id_settore,
    disciplineId: card.disciplina === 'tennis' ? DISCIPLINE_IDS.TENNIS : DISCIPLINE_IDS.PADEL,
    clubId: card.id_circolo,
    stagione: card.stagione,
    validaDal: card.valida_dal,
    validaAl: card.valida_al,
  }
}

describe('tessere/verifica', () => {
  const verify = (verifica: string, token?: string) => call(app, 'tessere/verifica', { verifica }, token)

  it('shows a valid card’s validity and sector to anyone, and nothing about its holder', async () => {
    const [card] = await listOf(owner)
    const answer = await verify(card!.verifica)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      result: {
        stato: 'valida',
        valida_dal: card!.valida_dal,
        valida_al: card!.valida_al,
        settore: 'Tennis',
      },
    })
    const json = JSON.stringify(answer.body)
    for (const personal of [
      owner.cognome,
      card!.codice_tessera,
      ownerCf,
      String(owner.personId),
      owner.email,
    ]) {
      expect(json).not.toContain(personal)
    }
    // The same for a signed-in stranger.
    expect((await verify(card!.verifica, other.token)).body).toEqual(answer.body)
  })

  it('tells an expired card, and does not recognise an unknown or malformed id', async () => {
    const { db } = await testDatabase()
    const old = season - 1
    const [expired] = await db
      .insert(tessere)
      .values({
        codiceTessera: code('TN'),
        personId: owner.personId,
        tipologia: 'Agonistica',
        disciplineId: DISCIPLINE_IDS.PADEL,
        sectorId: SECTOR_IDS.PADEL,
        stagione: old,
        validaDal: `${old}-01-01`,
        validaAl: `${old}-12-31`,
      })
      .returning({ verifica: tessere.verifica })
    expect((await verify(expired!.verifica)).body).toEqual({
      result: { stato: 'scaduta', valida_dal: `${old}-01-01`, valida_al: `${old}-12-31`, settore: 'Padel' },
    })
    const unknown = {
      result: { stato: 'non_riconosciuta', valida_dal: null, valida_al: null, settore: null },
    }
    expect((await verify(randomUUID())).body).toEqual(unknown)
    expect((await verify('TN250000001')).body).toEqual(unknown)
    expect((await verify(expired!.verifica.toUpperCase())).body).toMatchObject({
      result: { stato: 'scaduta' },
    })
    expect((await verify('x'.repeat(37))).status).toBe(400)
  })

  it('gives every card its own random id, not derived from its code', async () => {
    const ids = (await listOf(owner)).map((t) => t.verifica)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('is rate limited per address, with an Italian message', async () => {
    const limited = await buildTestApp()
    try {
      const statuses: number[] = []
      for (let i = 0; i <= VERIFICA_RATE_LIMIT; i++) {
        statuses.push((await call(limited, 'tessere/verifica', { verifica: randomUUID() })).status)
      }
      expect(statuses.slice(0, VERIFICA_RATE_LIMIT).every((s) => s === 200)).toBe(true)
      const last = await call(limited, 'tessere/verifica', { verifica: randomUUID() })
      expect(last.status).toBe(429)
      expect(messageOf(last)).toMatch(/richieste/i)
    } finally {
      await limited.close()
    }
  })
})
