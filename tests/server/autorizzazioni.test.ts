// Issue 24, item 2: every endpoint of the contract × every principal, each cell's answer as
// tests/server/autorizzazioni.table.ts writes it (from the rules, not from the server). On PGlite and on PostgreSQL
// (DATABASE_URL). The principals are real accounts with their relationship to a fixture resource; the tokens are
// the identity service's own (and a forged, an expired and a foreign-issuer one). A write that succeeds changes its
// resource: such rows build a fresh resource for every cell, and tidy up after it.
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SignJWT, importJWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../contract/endpoint.ts'
import { endpoints, type EndpointName } from '../../contract/endpoints.ts'
import { ALLEGATO_PATH, HELPDESK_ALLEGATI } from '../../contract/helpdesk.ts'
import { classificaCircuitoPath, classificaPath } from '../../contract/stampe.ts'
import { accounts, clubs, persons, tessere } from '../../server/db/schema/core.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { banners, news, newsTypes } from '../../server/db/schema/content.ts'
import {
  championships,
  circuits,
  clubOrganizers,
  matches,
  teams,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { richiesteAllegati } from '../../server/db/schema/helpdesk.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'
import { codiceFiscale } from '../../server/seed/codice-fiscale.ts'
import { jpegPhoto, multipartBody } from '../support/photos.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { sample } from '../support/request-fields.ts'
import { buildTestApp, call, testConfig, testDatabase, tokenFor } from '../support/server.ts'
import {
  RESULTS,
  lineupOf,
  makeTieFixture,
  type TieFixture,
  tieAt as tieAtStage,
  type TieStage,
} from '../support/ties.ts'
import {
  AUTHORIZATION_TABLE,
  FILE_REFUSALS,
  FILE_TABLE,
  PRINCIPALS,
  REFUSALS,
  UNAUTHORIZED,
  type Principal,
} from './autorizzazioni.table.ts'

const TOKEN_COLUMNS = ['anonymous', 'badToken', 'expired', 'wrongIssuer'] as const
type SignedIn = Exclude<Principal, (typeof TOKEN_COLUMNS)[number]>
type Who = TestPlayer
type Family = 'default' | 'tie'
type Body = Record<string, unknown>

/** What a row's request is about, for one principal: the body, and what to tidy up after the answer. */
type Spec = {
  /** Whose resource: `tie` makes owner a player of the home team, partner the away captain. */
  family?: Family
  body?: (who: Principal) => Body | Promise<Body>
  /** Called after each cell with the body sent, the answer and the caller (undefined for the token columns). */
  after?: (body: Body, answer: Answer, caller: Who | undefined) => Promise<unknown>
  /** A multipart upload: the file the endpoint receives. */
  upload?: () => Promise<{ field: string; bytes: Buffer; filename: string; type: string }>
}
type Answer = { status: number; body: Record<string, unknown> }

let app: FastifyInstance
let P: Record<SignedIn, Who>
let tie: TieFixture
let third: Who
let hostClubId: number
let ids: {
  person: number
  club: number
  circuit: number
  championship: number
  teamTournament: number
  team: number
  news: number
  newsType: string
  tournament: number
  banner: number
}
let ownerCard: { codice: string; verifica: string }
let ownerNotice: number
let scheduledTie: number
let singlesTournament: number
let doublesTournament: number

const DAY = 86_400_000
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)
const future = (days = 10) => new Date(Date.now() + days * DAY).toISOString()
let serial = 0

/** The step of a fixture that must succeed. */
async function must(answer: Promise<Answer>, what: string): Promise<Record<string, unknown>> {
  const got = await answer
  if (got.status !== 200) throw new Error(`${what}: ${got.status} ${String(got.body.message)}`)
  return got.body.result as Record<string, unknown>
}

/** The owner's token signed by the identity service's own key, but naming another issuer. */
async function foreignIssuerToken(who: Who): Promise<string> {
  const { db } = await testDatabase()
  const jwk = (await loadOrCreateSigningKeys(db)).privateJwks[0]!
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ emails: [who.email], preferred_username: who.email, tfp: 'B2C_1_signupsignin' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setSubject(who.accountId)
    .setIssuer('https://login.altro-emittente.example/tenant/v2.0/')
    .setAudience(testConfig().identity.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, 'RS256'))
}

const badTokens = new Map<string, Record<(typeof TOKEN_COLUMNS)[number], string | undefined>>()
/** The token columns, minted for the family's owner: a server that took them would answer as the owner. */
async function tokenColumns(who: Who) {
  let tokens = badTokens.get(who.accountId)
  if (!tokens) {
    const account = { id: who.accountId, email: who.email }
    const now = Math.floor(Date.now() / 1000)
    tokens = {
      anonymous: undefined,
      badToken: await tokenFor(account, { forged: true }),
      expired: await tokenFor(account, { issuedAtSeconds: now - 7200, expiresInSeconds: 3600 }),
      wrongIssuer: await foreignIssuerToken(who),
    }
    badTokens.set(who.accountId, tokens)
  }
  return tokens
}

/** The account behind a signed-in principal for a family of resources. */
function whoIs(family: Family, principal: SignedIn): Who {
  if (family === 'tie') {
    if (principal === 'owner') return tie.home.players[1]!
    if (principal === 'partner') return tie.away.captain
  }
  return P[principal]
}

async function tokenOf(family: Family, principal: Principal): Promise<string | undefined> {
  if ((TOKEN_COLUMNS as readonly string[]).includes(principal))
    return (await tokenColumns(whoIs(family, 'owner')))[principal as (typeof TOKEN_COLUMNS)[number]]
  return whoIs(family, principal as SignedIn).token
}

const callerOf = (family: Family, principal: Principal) =>
  (TOKEN_COLUMNS as readonly string[]).includes(principal) ? undefined : whoIs(family, principal as SignedIn)

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

/** A tennis tournament hosted by the organiser's club, open for entries. */
async function makeTournament(over: Partial<typeof tournaments.$inferInsert> = {}) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(tournaments)
    .values({
      nome: `Torneo delle autorizzazioni ${++serial}`,
      disciplineId: 4332,
      sectorId: 1,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'X',
      formula: 'eliminazione',
      clubId: hostClubId,
      dataInizio: isoDay(20),
      dataFine: isoDay(22),
      iscrizioniDal: new Date(Date.now() - 10 * DAY),
      iscrizioniAl: new Date(Date.now() + 10 * DAY),
      maxIscritti: 32,
      status: 'iscrizioni_aperte',
      ...over,
    })
    .returning({ id: tournaments.id })
  return row!.id
}

/** A tournament of the organiser's club with 8 entrants (people without accounts), ready to be announced. */
async function drawTournament(): Promise<number> {
  const { db } = await testDatabase()
  const id = await makeTournament()
  const people = await db
    .insert(persons)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        nome: `Iscritto${i}`,
        cognome: `Sorteggio${serial}`,
        sesso: 'M',
      })),
    )
    .returning({ id: persons.id })
  await db.insert(tournamentEntries).values(
    people.map((p, i) => ({
      tournamentId: id,
      personId: p.id,
      status: 'iscritto',
      puntiIngresso: 1000 - 10 * i,
      iscrittoIl: new Date(Date.now() - (10 - i) * 60_000),
    })),
  )
  return id
}

const announced = async () => {
  const id = await drawTournament()
  await must(call(app, 'tornei/sorteggio/annuncia', { id_torneo: id }, P.federation.token), 'annuncia')
  return id
}
const drawn = async () => {
  const id = await announced()
  await must(call(app, 'tornei/sorteggio/esegui', { id_torneo: id }, P.federation.token), 'esegui')
  return id
}
/** A first-round match of a drawn tournament with both players known and no result. */
async function playableMatch(): Promise<number> {
  const { db } = await testDatabase()
  const id = await drawn()
  const [match] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.tournamentId, id),
        isNotNull(matches.entryAId),
        isNotNull(matches.entryBId),
        sql`${matches.winnerEntryId} is null`,
      ),
    )
    .orderBy(asc(matches.turno), asc(matches.posizione))
    .limit(1)
  return match!.id
}

const SETS = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}

/**
 * The notices the owner and the partner received: each fixture step leaves some, and a day's cap between two
 * players (contract/avvisi.ts) would refuse the hundredth fixture, which is not what a cell is about.
 */
async function forgetNotices() {
  const { db } = await testDatabase()
  await db.delete(avvisi).where(inArray(avvisi.personId, [P.owner.personId, P.partner.personId]))
}

// Challenges: the owner proposes to the partner.
const propose = async (extra: Body = {}) => {
  await forgetNotices()
  return (
    await must(
      call(
        app,
        'sfide/add',
        { id_settore: 1, specialita: 'singolare', avversari: [P.partner.personId], ...extra },
        P.owner.token,
      ),
      'sfide/add',
    )
  ).id as number
}
const acceptedChallenge = async () => {
  const id = await propose()
  await must(call(app, 'sfide/partite/accetta', { id_sfida: id }, P.partner.token), 'accetta')
  return id
}
const challengeWithResult = async () => {
  const id = await acceptedChallenge()
  await must(call(app, 'sfide/partite/risultato/add', { id_sfida: id, ...SETS }, P.owner.token), 'risultato')
  return id
}
const contestedChallenge = async () => {
  const id = await challengeWithResult()
  await must(
    call(
      app,
      'sfide/partite/risultato/contesta',
      { id_sfida: id, motivo: 'Il punteggio è sbagliato' },
      P.partner.token,
    ),
    'contesta',
  )
  return id
}
/** A challenge left proposed would count against the owner's pending ones: the owner withdraws it. */
const withdrawChallenge = (body: Body) => call(app, 'sfide/del', { id_sfida: body.id_sfida }, P.owner.token)

// Enrolment: the owner enters a doubles tournament inviting the partner.
const doublesEntry = async () => {
  await forgetNotices()
  const id = await makeTournament({ specialita: 'doppio' })
  const entry = await must(
    call(app, 'tornei/iscrizioni/add', { id_torneo: id, id_compagno: P.partner.personId }, P.owner.token),
    'iscrizioni/add',
  )
  return entry.id_iscrizione as number
}

// Partner search: the owner's listing, the partner's request to it.
const LISTING = () => ({
  id_settore: 1,
  provincia: 'RM',
  livello: 'intermedio',
  data_dal: isoDay(0),
  data_al: isoDay(20),
  messaggio: 'Cerco un compagno per il doppio',
})
const listing = async () => {
  await forgetNotices()
  return (await must(call(app, 'giocatori/cerca-compagno/add', LISTING(), P.owner.token), 'annuncio'))
    .id_annuncio as number
}
/** The listing each request answers, to withdraw it after the cell (an owner has few active listings at most). */
const listingOfRequest = new Map<number, number>()
const requestTo = async () => {
  const id_annuncio = await listing()
  const sent = await must(
    call(app, 'giocatori/cerca-compagno/invio-richiesta', { id_annuncio }, P.partner.token),
    'invio-richiesta',
  )
  listingOfRequest.set(sent.id_richiesta as number, id_annuncio)
  return { id_richiesta: sent.id_richiesta as number }
}
/** Withdraws the listing a cell's request was about. */
const withdrawListings = (body: Body) =>
  call(
    app,
    'giocatori/cerca-compagno/del',
    { id_annuncio: body.id_annuncio ?? listingOfRequest.get(body.id_richiesta as number) },
    P.owner.token,
  )

// Help desk: the owner's open request.
const HELP = {
  id_settore: 1,
  id_categoria: 1,
  oggetto: 'Tessera non visibile',
  messaggio: 'Non vedo la mia tessera.',
}
const helpRequest = async () =>
  (await must(call(app, 'richieste-utenti/add', HELP, P.owner.token), 'richiesta')).id_richiesta as number

// Ties: the stage each step needs, reached by the two captains through the API.
const tieAt = (stage: TieStage) => tieAtStage(app, tie, stage)
const tieStep =
  (stage: TieStage, extra: (who: Principal) => Body = () => ({})) =>
  async (who: Principal) => ({ id_incontro: await tieAt(stage), ...extra(who) })

// ---------------------------------------------------------------------------------------------------------------
// The request of each row. A row without a spec sends the contract's sample body (tests/support/request-fields.ts).

const SPECS: Partial<Record<EndpointName, Spec>> = {
  elencoTessere: { body: () => ({ id: P.owner.personId }) },
  tesseraAdd: { body: () => ({ codice_tessera: ownerCard.codice }) },
  tessereVerifica: { body: () => ({ verifica: ownerCard.verifica }) },
  giocatoreDettaglio: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  giocatoreDettaglioPunti: { body: () => ({ id_persona: ids.person, id_settore: 1, tipo: 'nazionale' }) },
  giocatoreUltimiRisultati: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  giocatorePalmares: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  giocatoreProssimiTornei: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  giocatoreClassificaRiepilogo: { body: () => ({ id_persona: ids.person }) },
  giocatoreStatistiche: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  giocatoreStatistichePower: { body: () => ({ id_persona: ids.person, id_settore: 1 }) },
  richiesteUtentiAdd: { body: () => HELP },
  richiesteUtentiChiudi: { body: async () => ({ id_richiesta: await helpRequest() }) },
  accountElimina: { body: () => ({ password: 'non è la password giusta' }) },
  richiesteUtentiRispondi: {
    body: async () => ({ id_richiesta: await helpRequest(), risposta: 'La tessera ora è visibile.' }),
  },
  societaRicerca: { body: () => ({ id_settore: 1, id_circolo: ids.club }) },
  bannerClick: { body: () => ({ id_banner: ids.banner }) },
  societaView: { body: () => ({ id_circolo: ids.club, id_settore: 1 }) },
  societaSquadreView: { body: () => ({ id_circolo: ids.club }) },
  squadreCampionatiView: { body: () => ({ id_campionato: ids.championship }) },
  squadreTorneiView: { body: () => ({ id_torneo: ids.teamTournament }) },
  squadreTabelloniView: { body: () => ({ id_torneo: ids.teamTournament }) },
  squadreTabelloniPublicView: { body: () => ({ id_torneo: ids.teamTournament }) },
  classificheSquadreGironiList: { body: () => ({ id_torneo: ids.teamTournament }) },
  squadreCommentiList: { body: () => ({ id_torneo: ids.teamTournament }) },
  squadreIscrizioniList: { body: () => ({ id_torneo: ids.teamTournament }) },
  squadreGiocatoriSquadraList: { body: () => ({ id_squadra: ids.team }) },
  squadreView: { body: () => ({ id_squadra: ids.team }) },
  newsView: { body: () => ({ id: ids.news }) },
  newsCommentoAdd: { body: () => ({ id_news: ids.news, testo: 'Bella notizia, complimenti!' }) },
  newsAdd: {
    body: () => ({
      titolo: 'Una news della tabella delle autorizzazioni',
      sommario: 'Un sommario di prova, di almeno venti caratteri.',
      corpo: 'Il corpo della news di prova: '.padEnd(160, 'abcdefghij '),
      tipologia_news: ids.newsType,
      id_settore: 1,
      ambito: 'settore',
    }),
  },
  profiloEdit: {
    body: async (who) => {
      const caller = callerOf('default', who) ?? P.owner
      const { db } = await testDatabase()
      const [person] = await db.select().from(persons).where(eq(persons.id, caller.personId))
      return {
        nome: person!.nome,
        cognome: person!.cognome,
        sesso: person!.sesso,
        data_nascita: person!.dataNascita,
        codice_fiscale: person!.codiceFiscale,
        provincia: 'RM',
        comune: 'Roma',
        telefono: '3331234567',
      }
    },
  },
  privacyUserEdit: { body: () => ({ privacy: true, profilation: false }) },
  privacyEdit: { body: () => ({ profilation: false }) },
  datiSpedizioneEdit: {
    body: () => ({ indirizzo: 'Via Roma 1', cap: '00185', provincia: 'RM', comune: 'Roma' }),
  },
  fototesseraEdit: {
    upload: async () => ({
      field: 'foto',
      bytes: await jpegPhoto(420, 540),
      filename: 'foto.jpg',
      type: 'image/jpeg',
    }),
  },
  circuitiView: { body: () => ({ id: ids.circuit }) },
  sorteggioView: { body: () => ({ id_torneo: ids.tournament }) },
  sorteggioAnnuncia: { body: async () => ({ id_torneo: await drawTournament() }) },
  sorteggioEsegui: { body: async () => ({ id_torneo: await announced() }) },
  risultatoEdit: { body: async () => ({ id_partita: await playableMatch(), ...SETS }) },
  torneoDettaglio: { body: () => ({ id: ids.tournament }) },
  torneoIscritti: { body: () => ({ id_torneo: ids.tournament }) },
  torneoTabelloni: { body: () => ({ id_torneo: ids.tournament }) },
  torneoGironiClassifiche: { body: () => ({ id_torneo: ids.tournament }) },
  torneoFotoCommenti: { body: () => ({ id_torneo: ids.tournament }) },
  torneoCommentoAdd: { body: () => ({ id_torneo: ids.tournament, testo: 'Che bel torneo!' }) },
  locandinaGet: { body: () => ({ id_torneo: ids.tournament }) },
  tabelloneStampaGet: { body: () => ({ id_torneo: ids.tournament }) },
  gironiStampaGet: { body: () => ({ id_torneo: ids.tournament }) },
  calendarioStampaGet: { body: () => ({ id_torneo: ids.tournament }) },
  iscrizioniStato: { body: () => ({ id_torneo: singlesTournament }) },
  iscrizioniAdd: { body: async () => ({ id_torneo: await makeTournament() }) },
  iscrizioniDel: { body: async () => ({ id_iscrizione: await doublesEntry() }) },
  iscrizioniAccetta: { body: async () => ({ id_iscrizione: await doublesEntry() }) },
  iscrizioniRifiuta: { body: async () => ({ id_iscrizione: await doublesEntry() }) },
  iscrizioniRicercaGiocatori: { body: () => ({ id_torneo: doublesTournament, testo: 'Prova' }) },
  cercaCompagnoAdd: {
    body: LISTING,
    after: (_, answer, caller) =>
      caller && answer.status === 200
        ? call(
            app,
            'giocatori/cerca-compagno/del',
            { id_annuncio: (answer.body.result as Body).id_annuncio },
            caller.token,
          )
        : Promise.resolve(),
  },
  cercaCompagnoDel: {
    body: async () => ({ id_annuncio: await listing() }),
    after: withdrawListings,
  },
  cercaCompagnoInvioRichiesta: {
    body: async () => ({ id_annuncio: await listing() }),
    after: withdrawListings,
  },
  cercaCompagnoConfermaRichiesta: {
    body: async () => requestTo(),
    after: withdrawListings,
  },
  cercaCompagnoRifiutaRichiesta: {
    body: async () => requestTo(),
    after: withdrawListings,
  },
  cercaCompagnoCancellaRichiesta: {
    body: async () => requestTo(),
    after: withdrawListings,
  },
  cercaCompagnoMessaggio: {
    body: async () => {
      const { id_richiesta } = await requestTo()
      await must(
        call(app, 'giocatori/cerca-compagno/conferma-richiesta', { id_richiesta }, P.owner.token),
        'conferma',
      )
      return { id_richiesta, testo: 'Ci vediamo sabato al circolo.' }
    },
    after: withdrawListings,
  },
  sfideAdd: {
    body: () => ({ id_settore: 1, specialita: 'singolare', avversari: [P.partner.personId] }),
    after: (_, answer, caller) =>
      caller && answer.status === 200
        ? call(app, 'sfide/del', { id_sfida: (answer.body.result as Body).id }, caller.token)
        : Promise.resolve(),
  },
  sfideDel: { body: async () => ({ id_sfida: await propose() }), after: withdrawChallenge },
  sfidePubblica: { body: async () => ({ id_sfida: await propose() }), after: withdrawChallenge },
  sfideView: { body: async () => ({ id_sfida: await propose() }), after: withdrawChallenge },
  sfideAccetta: { body: async () => ({ id_sfida: await propose() }), after: withdrawChallenge },
  sfideRifiuta: { body: async () => ({ id_sfida: await propose() }), after: withdrawChallenge },
  sfideGiocatoriAdd: {
    body: async () => ({
      id_sfida: await propose({ avversari: [], pubblica: true }),
      id_persona: third.personId,
      lato: 2,
    }),
    after: withdrawChallenge,
  },
  sfideGiocatoriDel: {
    body: async () => ({ id_sfida: await propose(), id_persona: P.partner.personId }),
    after: withdrawChallenge,
  },
  sfideRisultatoAdd: { body: async () => ({ id_sfida: await acceptedChallenge(), ...SETS }) },
  sfideRisultatoConferma: { body: async () => ({ id_sfida: await challengeWithResult() }) },
  sfideRisultatoContesta: {
    body: async () => ({ id_sfida: await challengeWithResult(), motivo: 'Il punteggio è sbagliato' }),
  },
  sfideRisultatoRisolvi: {
    body: async () => ({ id_sfida: await contestedChallenge(), esito: 'confermato' }),
  },
  sfideCercaGiocatore: { body: () => ({ id_settore: 1, testo: 'Prova' }) },
  avvisiLetti: { body: () => ({ id_avvisi: [ownerNotice] }) },
  classificaSocialeList: { body: () => ({ id_settore: 1, id_circolo: ids.club }) },
  incontriCapitanoList: { family: 'tie', body: () => ({ id_torneo: tie.tournamentId }) },
  schieramentiView: { family: 'tie', body: () => ({ id_incontro: scheduledTie }) },
  incontroDataProponi: { family: 'tie', body: tieStep('unscheduled', () => ({ data: future() })) },
  incontroDataRispondi: { family: 'tie', body: tieStep('proposed', () => ({ risposta: 'accetta' })) },
  schieramentiEdit: {
    family: 'tie',
    body: tieStep('scheduled', (who) => ({ partite: lineupOf(who === 'partner' ? tie.away : tie.home) })),
  },
  schieramentiPartiteGenera: { family: 'tie', body: tieStep('lineupsSubmitted') },
  incontroRisultatoEdit: { family: 'tie', body: tieStep('playing', () => ({ partite: RESULTS })) },
  incontroRisultatiConferma: { family: 'tie', body: tieStep('resultEntered', () => ({ esito: 'conferma' })) },
  incontroRisultatiRisolvi: { family: 'tie', body: tieStep('contested', () => ({ esito: 'confermato' })) },
}

/**
 * The rows whose request makes its resource (a challenge, an entry, a listing, a tie at a stage…): every cell that
 * succeeds gets a fresh one, and the refusals share one (a refusal changes nothing).
 */
const FRESH_RESOURCE = new Set<EndpointName>([
  'richiesteUtentiRispondi',
  'richiesteUtentiChiudi',
  'sorteggioAnnuncia',
  'sorteggioEsegui',
  'risultatoEdit',
  'iscrizioniAdd',
  'iscrizioniDel',
  'iscrizioniAccetta',
  'iscrizioniRifiuta',
  'cercaCompagnoDel',
  'cercaCompagnoInvioRichiesta',
  'cercaCompagnoConfermaRichiesta',
  'cercaCompagnoRifiutaRichiesta',
  'cercaCompagnoCancellaRichiesta',
  'cercaCompagnoMessaggio',
  'sfideDel',
  'sfidePubblica',
  'sfideView',
  'sfideAccetta',
  'sfideRifiuta',
  'sfideGiocatoriAdd',
  'sfideGiocatoriDel',
  'sfideRisultatoAdd',
  'sfideRisultatoConferma',
  'sfideRisultatoContesta',
  'sfideRisultatoRisolvi',
  'incontroDataProponi',
  'incontroDataRispondi',
  'schieramentiEdit',
  'schieramentiPartiteGenera',
  'incontroRisultatoEdit',
  'incontroRisultatiConferma',
  'incontroRisultatiRisolvi',
])

// ---------------------------------------------------------------------------------------------------------------
// Reading the table

type Cell = { status: number; message?: string }

function parseRow(line: string, refusals: Readonly<Record<string, string>>): Cell[] {
  return line
    .replace('|', ' ')
    .trim()
    .split(/\s+/)
    .map((token) => {
      const [status, key] = token.split(':') as [string, string | undefined]
      if (!/^\d{3}$/.test(status)) throw new Error(`cella non valida: ${token}`)
      if (key !== undefined && !(key in refusals)) throw new Error(`messaggio sconosciuto: ${key}`)
      const code = Number(status)
      return {
        status: code,
        message: key !== undefined ? refusals[key] : code === 401 ? UNAUTHORIZED : undefined,
      }
    })
}

/** One line per cell, so a failure reads as the cells that differ. */
const describeCell = (label: string, cell: Cell) =>
  cell.status < 300
    ? `${label}: ${cell.status}`
    : `${label}: ${cell.status} ${cell.message ?? '(nessun messaggio)'}`
const describeAnswer = (label: string, answer: Answer) =>
  answer.status < 300
    ? `${label}: ${answer.status}`
    : `${label}: ${answer.status} ${typeof answer.body.message === 'string' ? answer.body.message : '(nessun messaggio)'}`

async function send(name: EndpointName, spec: Spec, body: Body, token: string | undefined): Promise<Answer> {
  if (!spec.upload) return call(app, endpoints[name].path, body, token)
  const file = await spec.upload()
  const { payload, contentType } = multipartBody([file])
  const response = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}${endpoints[name].path}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  // Hundreds of writes from the same accounts: the write rate limit is not what this test is about.
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000000', DEADLINE_INTERVAL_MS: '0' })
  const { db } = await testDatabase()
  const [host] = await db.select({ id: clubs.id }).from(clubs).orderBy(asc(clubs.id)).limit(1)
  hostClubId = host!.id
  tie = await makeTieFixture()
  const names: SignedIn[] = [
    'other',
    'owner',
    'partner',
    'organiser',
    'editor',
    'staff',
    'exporter',
    'federation',
  ]
  const made = {} as Record<SignedIn, Who>
  for (const name of names)
    made[name] = await makeTennisPlayer({
      nome: 'Gioc',
      role: name === 'staff' || name === 'federation' ? 'admin' : 'player',
    })
  made.captain = tie.home.captain
  P = made
  // Surnames of letters only (profilo/edit sends them back), one per principal.
  for (const [name, who] of Object.entries(P))
    await db
      .update(persons)
      .set({ cognome: `Tabella ${name.replace(/^./, (c) => c.toUpperCase())}` })
      .where(eq(persons.id, who.personId))
  third = await makeTennisPlayer()
  await db.update(accounts).set({ role: 'editor' }).where(eq(accounts.id, P.editor.accountId))
  await db
    .update(accounts)
    .set({ puoEsportareClassifiche: true })
    .where(eq(accounts.id, P.exporter.accountId))
  await db.insert(clubOrganizers).values({ accountId: P.organiser.accountId, clubId: hostClubId })
  // A codice fiscale for each (cards and personal data need one), the same letters, told apart by omocodia.
  for (const [k, who] of Object.values(P).entries()) {
    const [person] = await db.select().from(persons).where(eq(persons.id, who.personId))
    const code = codiceFiscale(
      {
        nome: person!.nome,
        cognome: person!.cognome,
        sesso: person!.sesso as 'M' | 'F',
        dataNascita: person!.dataNascita!,
        comune: 'Roma',
      },
      k + 1,
    )
    await db
      .update(persons)
      .set({ codiceFiscale: code, comune: 'Roma', provincia: 'RM' })
      .where(eq(persons.id, who.personId))
  }
  const [card] = await db
    .select({ codice: tessere.codiceTessera, verifica: tessere.verifica })
    .from(tessere)
    .where(eq(tessere.personId, P.owner.personId))
  ownerCard = card!
  const first = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
    const [row] = await rows
    if (!row) throw new Error(`nessun ${what} nei dati di prova`)
    return row
  }
  const teamTournament = await first(
    db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(isNotNull(tournaments.championshipId))
      .orderBy(asc(tournaments.id))
      .limit(1),
    'torneo a squadre',
  )
  // A tournament with a knockout draw, groups and results: every print of its page exists.
  const played = await first(
    db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(and(eq(tournaments.formula, 'gironi_eliminazione'), eq(tournaments.status, 'concluso')))
      .orderBy(asc(tournaments.id))
      .limit(1),
    'torneo concluso a gironi',
  )
  ids = {
    person: (
      await first(
        db
          .select({ id: tournamentEntries.personId })
          .from(tournamentEntries)
          .where(eq(tournamentEntries.tournamentId, played.id))
          .limit(1),
        'iscritto',
      )
    ).id,
    club: hostClubId,
    circuit: (
      await first(
        db.select({ id: circuits.id }).from(circuits).orderBy(asc(circuits.id)).limit(1),
        'circuito',
      )
    ).id,
    championship: (
      await first(
        db.select({ id: championships.id }).from(championships).orderBy(asc(championships.id)).limit(1),
        'campionato',
      )
    ).id,
    teamTournament: teamTournament.id,
    team: (
      await first(
        db.select({ id: teams.id }).from(teams).where(eq(teams.tournamentId, teamTournament.id)).limit(1),
        'squadra',
      )
    ).id,
    news: (
      await first(
        db
          .select({ id: news.id })
          .from(news)
          .where(lte(news.publishedAt, new Date()))
          .orderBy(desc(news.publishedAt))
          .limit(1),
        'news',
      )
    ).id,
    newsType: (await first(db.select({ codice: newsTypes.codice }).from(newsTypes).limit(1), 'tipologia'))
      .codice,
    tournament: played.id,
    banner: (await first(db.select({ id: banners.id }).from(banners).limit(1), 'banner')).id,
  }
  singlesTournament = await makeTournament()
  doublesTournament = await makeTournament({ specialita: 'doppio' })
  scheduledTie = await tieAt('scheduled')
  // A notice of the owner's: the partner's acceptance of a challenge leaves one.
  await acceptedChallenge()
  ownerNotice = (
    await first(
      db.select({ id: avvisi.id }).from(avvisi).where(eq(avvisi.personId, P.owner.personId)).limit(1),
      'avviso',
    )
  ).id
}, 120_000)
afterAll(() => app?.close())

describe('the files outside the API that depend on the caller (FILE_TABLE)', () => {
  const get = async (url: string, token: string | undefined): Promise<Answer> => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    const json = response.headers['content-type']?.toString().includes('json')
    return { status: response.statusCode, body: json ? (response.json() as Record<string, unknown>) : {} }
  }
  const attachment = async () => {
    const { payload, contentType } = multipartBody(
      [
        {
          field: HELPDESK_ALLEGATI.field,
          filename: 'ricevuta.jpg',
          type: 'image/jpeg',
          bytes: await jpegPhoto(300, 200),
        },
      ],
      { [HELPDESK_ALLEGATI.dataField]: JSON.stringify(HELP) },
    )
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}${endpoints.richiesteUtentiAdd.path}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${P.owner.token}` },
      payload,
    })
    expect(response.statusCode).toBe(200)
    const id = (response.json() as { result: { id_richiesta: number } }).result.id_richiesta
    const { db } = await testDatabase()
    const [row] = await db
      .select({ id: richiesteAllegati.id })
      .from(richiesteAllegati)
      .where(eq(richiesteAllegati.richiestaId, id))
    return row!.id
  }
  const URLS: Record<keyof typeof FILE_TABLE, () => Promise<string>> = {
    classificaCsv: async () => classificaPath('race-annuale', 'csv', { id_settore: 1 }),
    circuitoCsv: async () => classificaCircuitoPath(ids.circuit, 'csv'),
    allegato: async () => `${ALLEGATO_PATH}/${await attachment()}`,
  }
  for (const name of Object.keys(FILE_TABLE) as (keyof typeof FILE_TABLE)[])
    it(`${name}: every principal as the table says`, async () => {
      const url = await URLS[name]()
      const expected = parseRow(FILE_TABLE[name], { ...REFUSALS, ...FILE_REFUSALS })
      const got: string[] = []
      const want: string[] = []
      for (const [k, principal] of PRINCIPALS.entries()) {
        got.push(describeAnswer(principal, await get(url, await tokenOf('default', principal))))
        want.push(describeCell(principal, expected[k]!))
      }
      expect(got).toEqual(want)
    })
})

describe('the authorization table (tests/server/autorizzazioni.table.ts)', () => {
  it('has one row per endpoint of the contract, and no row for an endpoint that is gone', () => {
    const contract = Object.keys(endpoints).sort()
    const rows = Object.keys(AUTHORIZATION_TABLE).sort()
    expect({
      senza_riga: contract.filter((n) => !rows.includes(n)),
      righe_in_piu: rows.filter((n) => !contract.includes(n)),
    }).toEqual({ senza_riga: [], righe_in_piu: [] })
  })

  it('has a cell for every principal in every row, each a status with a known message', () => {
    for (const [name, line] of [...Object.entries(AUTHORIZATION_TABLE), ...Object.entries(FILE_TABLE)]) {
      const cells = parseRow(line, { ...REFUSALS, ...FILE_REFUSALS })
      expect({ name, cells: cells.length }).toEqual({ name, cells: PRINCIPALS.length })
    }
  })

  it('a route answers every endpoint of the contract', () => {
    const missing = Object.values(endpoints)
      .map((e) => `${API_PREFIX}${e.path}`)
      .filter((url) => !app.hasRoute({ method: 'POST', url }))
    expect(missing).toEqual([])
  })

  // Revoking every token of the caller goes last, so no other cell meets a revoked principal.
  const names = (Object.keys(AUTHORIZATION_TABLE) as EndpointName[]).sort(
    (a, b) => Number(a === 'logoutOvunque') - Number(b === 'logoutOvunque'),
  )
  for (const name of names)
    it(`${endpoints[name].path}: every principal as the table says`, async () => {
      const spec = SPECS[name] ?? {}
      const family = spec.family ?? 'default'
      const expected = parseRow(AUTHORIZATION_TABLE[name], REFUSALS)
      const got: string[] = []
      const want: string[] = []
      // A public read answers a token that did not verify as it answers a visitor: the same body, nothing personal.
      const publicRead = endpoints[name].access === 'public' && !endpoints[name].write
      let anonymous: string | undefined
      const unlikeAnonymous: string[] = []
      const fresh = FRESH_RESOURCE.has(name)
      let shared: Body | undefined
      for (const [k, principal] of PRINCIPALS.entries()) {
        // A cell that succeeds changes its resource: it gets one of its own. The refusals share one.
        const own = !fresh || expected[k]!.status < 300
        const build = async () =>
          spec.body ? spec.body(principal) : (sample(endpoints[name].request.ast) as Body)
        const body = own ? await build() : (shared ??= await build())
        const answer = await send(name, spec, body, await tokenOf(family, principal))
        got.push(describeAnswer(principal, answer))
        want.push(describeCell(principal, expected[k]!))
        if (publicRead && principal === 'anonymous') anonymous = JSON.stringify(answer.body)
        else if (publicRead && (TOKEN_COLUMNS as readonly string[]).includes(principal))
          if (JSON.stringify(answer.body) !== anonymous) unlikeAnonymous.push(principal)
        if (own) await spec.after?.(body, answer, callerOf(family, principal))
      }
      if (shared) await spec.after?.(shared, { status: 0, body: {} }, undefined)
      expect(got).toEqual(want)
      expect(unlikeAnonymous, 'risposte diverse da quella a un visitatore').toEqual([])
    }, 120_000)
})
