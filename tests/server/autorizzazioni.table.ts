// Issue 24, item 2: who gets what from every endpoint of the contract (contract/endpoints.ts). One row per
// endpoint, one cell per principal; tests/server/autorizzazioni.test.ts runs every cell on PGlite and on PostgreSQL
// and fails when an endpoint has no row here, or a row names an endpoint that no longer exists.
//
// The expected answers are written from the rules (docs/ruoli.md, docs/regole.md, DESIGN.md §4-§5), not recorded
// from what the server answers. Why a test file and not contract/ or docs/: the contract ships to the browser and
// holds shapes only; docs/ holds the rules in Italian for people; this is the rules' consequence per endpoint, read
// by one test, and TypeScript checks its keys against the endpoint table (Record<EndpointName, …>).
//
// The principals (columns), and what each is to the resource a row's request is about:
// - anonymous: no Authorization header.
// - badToken: the owner's token with a signature nobody trusts.
// - expired: the owner's token, signed by the identity service, expired an hour ago.
// - wrongIssuer: the owner's token signed by the identity service's own key, but with another `iss`.
// - other: a signed-in player with no part in the resource.
// - owner: the player the resource belongs to or who made it (the challenge's proposer, the entry's player who
//   invited a partner, the listing's author, the help request's sender, the card's holder, the notice's
//   recipient); on a team tie, a player of the home team who is not its captain; for personal data, the caller.
// - partner: the other party (the challenged player, the partner invited to the doubles entry, the player who
//   answered the listing); on a team tie, the away team's captain.
// - captain: the home team's captain of the fixture tie (on other resources, a captain with no part in them).
// - organiser: an account of the club that hosts the fixture tournaments (club_organizers).
// - editor: role `editor` (redattore).
// - staff: role `admin`, as the help desk's staff (docs/ruoli.md «Assistenza»).
// - exporter: a player with `puo_esportare_classifiche`.
// - federation: role `admin`, as the federation (referee of contested results, organiser of every tournament).
// Every signed-in principal (bar the tie's own players) is a tennis player with a person, a codice fiscale and a
// tennis card of this season, so a cell tells about the role, not about a missing card.
//
// Staff and federation are the same role today (`admin`): the rules give the help desk no role of its own, so
// their columns agree on every row. Exporter differs from a player only in the ranking exports, which are GET
// files outside the endpoint table (`/stampe/...`): see FILE_TABLE below.
//
// A bad, expired or wrong-issuer token on a `public` endpoint: the call is answered as for a visitor (200), not
// 401. DESIGN.md §4: public reads «work without a token too; the token is sent when there is one», and
// contract/endpoint.ts: a public call «works without a token». The browser may still hold a token that expired
// while the page was open; refusing a public read for it would break pages anyone may read, and the answer
// carries nothing personal (the caller is anonymous for it). Every call that needs the caller answers 401
// «Utente non autorizzato» for those tokens (DESIGN.md §4).
//
// A cell: the HTTP status, and for a refusal the key of its Italian message in REFUSALS (401 always means
// «Utente non autorizzato»). Columns are in the order of PRINCIPALS.
import { MESSAGES } from '../../contract/common.ts'
import { RANKING_EXPORT_MESSAGES } from '../../contract/classifiche.ts'
import { EXPORT_MESSAGES } from '../../contract/circuiti.ts'
import { CERCA_COMPAGNO_MESSAGES as CC } from '../../contract/cerca-compagno.ts'
import type { EndpointName } from '../../contract/endpoints.ts'
import { ALLEGATI_MESSAGES, HELPDESK_MESSAGES } from '../../contract/helpdesk.ts'
import { INCONTRI_MESSAGES as TIE_MESSAGES } from '../../contract/incontri.ts'
import { ISCRIZIONI_MESSAGES as IS } from '../../contract/iscrizioni.ts'
import { NEWS_PUBLISH_REFUSED } from '../../contract/news.ts'
import { SFIDE_MESSAGES as SF } from '../../contract/sfide.ts'
import { ORGANISER_REFUSED } from '../../contract/tabelloni.ts'
import { TESSERE_MESSAGES } from '../../contract/tessere.ts'
import { PASSWORD_ERRATA } from '../../server/domain/dati-personali.ts'

export const PRINCIPALS = [
  'anonymous',
  'badToken',
  'expired',
  'wrongIssuer',
  'other',
  'owner',
  'partner',
  'captain',
  'organiser',
  'editor',
  'staff',
  'exporter',
  'federation',
] as const
export type Principal = (typeof PRINCIPALS)[number]

/** The Italian message of each refusal a cell names (the rule's own words, from the contract). */
export const REFUSALS = {
  // docs/ruoli.md «Tessere: il titolare»: the list answers only its holder (or an admin).
  soloTueTessere: 'Puoi consultare soltanto le tue tessere',
  tesseraAltrui: TESSERE_MESSAGES.someoneElse,
  // docs/ruoli.md «Assistenza»
  soloStaff: HELPDESK_MESSAGES.staffOnly,
  // Closing a request: anyone but its sender and the staff gets the answer of a request that does not exist.
  richiestaNonTrovata: HELPDESK_MESSAGES.notFound,
  // docs/regole.md «I miei dati»: deleting an account asks for its password again.
  passwordErrata: PASSWORD_ERRATA,
  // docs/ruoli.md «News»
  soloRedattori: NEWS_PUBLISH_REFUSED,
  // docs/ruoli.md «Tornei: sorteggi e risultati»
  soloOrganizzatore: ORGANISER_REFUSED,
  // docs/regole.md «Sfide»
  sfidaNonTua: SF.notParticipant,
  sfidaNonSpetta: SF.notAllowed,
  sfidaRisultatoTuo: SF.ownResult,
  sfidaArbitro: SF.referee,
  sfidaNonInBacheca: SF.notPublic,
  sfidaTeStesso: SF.yourself,
  // Enrolment (docs/regole.md «Iscrizioni»)
  iscrizioneNonTua: IS.notYours,
  soloInvitatoAccetta: IS.accept,
  soloInvitatoRifiuta: IS.refuse,
  ritiroInvito: IS.withdraw,
  // Partner search (docs/regole.md «Cerca compagno»)
  annuncioNonTuo: CC.notAuthor,
  annuncioProprio: CC.ownListing,
  richiestaNonTua: CC.notParty,
  soloAutoreConferma: CC.confirm,
  soloAutoreRifiuta: CC.refuse,
  soloMittenteAnnulla: CC.cancel,
  // docs/ruoli.md «Campionati a squadre: il capitano»
  soloCapitanoPagina: TIE_MESSAGES.notCaptain,
  soloCapitani: TIE_MESSAGES.notCaptainOfTie,
  incontroNonVisibile: TIE_MESSAGES.notVisible,
  incontroNonSpetta: TIE_MESSAGES.notAllowed,
  proponeCasa: TIE_MESSAGES.homeProposes,
  rispondeAltro: TIE_MESSAGES.answerOwn,
  incontroRisultatoTuo: TIE_MESSAGES.ownResult,
  incontroArbitro: TIE_MESSAGES.referee,
  soloFederazione: TIE_MESSAGES.federationOnly,
} as const
export type RefusalKey = keyof typeof REFUSALS

export const UNAUTHORIZED = MESSAGES.unauthorized

/*
 * The table. Columns:
 *   anon bad  exp  iss  | other owner partner captain organiser editor staff exporter federation
 * Notation: `200`, `401`, or `<status>:<refusal key>`.
 */
// prettier-ignore
export const AUTHORIZATION_TABLE: Record<EndpointName, string> = {
  // ---- Sign-in and session: every call needs the caller.
  login:                         '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  sistemaLogin:                  '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  logout:                        '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // Revokes every token of the caller: the test runs this row last.
  logoutOvunque:                 '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  datiUtente:                    '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Cards: the owner's list; adding the owner's card; syncing one's own.
  elencoTessere:                 '401 401 401 401 | 403:soloTueTessere 200 403:soloTueTessere 403:soloTueTessere 403:soloTueTessere 403:soloTueTessere 200 403:soloTueTessere 200',
  tesseraAdd:                    '401 401 401 401 | 403:tesseraAltrui 200 403:tesseraAltrui 403:tesseraAltrui 403:tesseraAltrui 403:tesseraAltrui 403:tesseraAltrui 403:tesseraAltrui 403:tesseraAltrui',
  tessereSincronizza:            '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  tessereVerifica:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // ---- The player page: public.
  giocatoreDettaglio:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreDettaglioPunti:       '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreUltimiRisultati:      '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatorePalmares:             '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreProssimiTornei:       '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreClassificaRiepilogo:  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreStatistiche:          '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  giocatoreStatistichePower:     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  lookupGet:                     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  provincieGet:                  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  pageView:                      '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  faqList:                       '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // ---- Help desk: one's own requests; the staff's queue and replies.
  settoriRichiesteList:          '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  richiesteUtentiTessere:        '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  richiesteUtentiAdd:            '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  richiesteUtentiList:           '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  richiesteUtentiAperte:         '401 401 401 401 | 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 200 403:soloStaff 200',
  richiesteUtentiRispondi:       '401 401 401 401 | 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 200 403:soloStaff 200',
  richiesteUtentiChiudi:         '401 401 401 401 | 404:richiestaNonTrovata 200 404:richiestaNonTrovata 404:richiestaNonTrovata 404:richiestaNonTrovata 404:richiestaNonTrovata 200 404:richiestaNonTrovata 200',
  richiesteUtentiStorico:        '401 401 401 401 | 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 403:soloStaff 200 403:soloStaff 200',
  // ---- Home, clubs, championships, circuits, rankings: public.
  homeMenu:                      '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  bannerGet:                     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  bannerClick:                   '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  numeriTpra:                    '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  newsVideo:                     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  ricercaGiocatori:              '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  ricercaCircoli:                '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  societaView:                   '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  societaSquadreView:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreCampionatiList:         '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreCampionatiView:         '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreTorneiList:             '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreTorneiView:             '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // The signed-in variant of the championship's draw (the public one is the next row).
  squadreTabelloniView:          '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  squadreTabelloniPublicView:    '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificheSquadreGironiList:  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreCommentiList:           '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreIscrizioniList:         '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreGiocatoriSquadraList:   '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreView:                   '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  squadreZoneGet:                '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  circuitoGet:                   '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificheList:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  circuitiClassificheList:       '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // ---- News: read by all, commented by anyone signed in, published by editors and admins.
  newsList:                      '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  newsTipologie:                 '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  newsView:                      '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  newsVideoList:                 '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  newsCommentoAdd:               '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  newsAdd:                       '401 401 401 401 | 403:soloRedattori 403:soloRedattori 403:soloRedattori 403:soloRedattori 403:soloRedattori 200 200 403:soloRedattori 200',
  // Answers everyone signed in whether they may publish.
  newsRedazione:                 '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Personal data: each caller's own, nothing else is addressable.
  datiAnagraficiView:            '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  profiloEdit:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  privacyView:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  privacyUserEdit:               '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  privacyEdit:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  comuniGet:                     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  profiloView:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  datiEsporta:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // Sent with a wrong password: every account is refused and nothing is deleted (a cell that succeeded would
  // delete the principal's account). tests/server/dati-personali.test.ts deletes one with the right password.
  accountElimina:                '401 401 401 401 | 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata 403:passwordErrata',
  datiSpedizioneView:            '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  datiSpedizioneEdit:            '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  fototesseraEdit:               '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  fototesseraDel:                '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  impostazioniViewUpsert:        '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Calendar and circuits: public.
  torneiList:                    '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneiTipologie:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  societaRicerca:                '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneiCircuiti:                '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneiSezioniMenu:             '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneiBannerList:              '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  circuitiList:                  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneiCircuitiList:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  circuitiView:                  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // ---- Draws: seen by all; announced, drawn and scored by the hosting club's organiser and the federation.
  sorteggioView:                 '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  sorteggioAnnuncia:             '401 401 401 401 | 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 200 403:soloOrganizzatore 200 403:soloOrganizzatore 200',
  sorteggioEsegui:               '401 401 401 401 | 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 200 403:soloOrganizzatore 200 403:soloOrganizzatore 200',
  risultatoEdit:                 '401 401 401 401 | 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 403:soloOrganizzatore 200 403:soloOrganizzatore 200 403:soloOrganizzatore 200',
  // ---- A tournament's page and prints: public; commenting needs the caller.
  torneoDettaglio:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneoIscritti:                '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneoTabelloni:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneoGironiClassifiche:       '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneoFotoCommenti:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  torneoCommentoAdd:             '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  locandinaGet:                  '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  tabelloneStampaGet:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  gironiStampaGet:               '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  calendarioStampaGet:           '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // The caller's own calendar feed.
  feedPersonaleView:             '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  feedPersonaleRinnova:          '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  feedPersonaleRevoca:           '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Enrolment. Resource: the owner's doubles entry with the partner invited, not yet answered (del, accetta,
  // rifiuta); an open singles tournament (add, stato); an open doubles tournament (ricerca_giocatori). No role
  // acts on someone else's entry: the organiser and the federation neither.
  iscrizioniStato:               '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  iscrizioniAdd:                 '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  iscrizioniDel:                 '401 401 401 401 | 403:iscrizioneNonTua 200 403:ritiroInvito 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua',
  iscrizioniAccetta:             '401 401 401 401 | 403:iscrizioneNonTua 403:soloInvitatoAccetta 200 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua',
  iscrizioniRifiuta:             '401 401 401 401 | 403:iscrizioneNonTua 403:soloInvitatoRifiuta 200 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua 403:iscrizioneNonTua',
  iscrizioniRicercaGiocatori:    '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  iscrizioniMie:                 '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Partner search. Resource: the owner's listing (del, invio-richiesta); the partner's request to it,
  // pending (conferma, rifiuta, cancella) or confirmed (messaggio).
  cercaCompagnoList:             '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  cercaCompagnoAdd:              '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  cercaCompagnoDel:              '401 401 401 401 | 403:annuncioNonTuo 200 403:annuncioNonTuo 403:annuncioNonTuo 403:annuncioNonTuo 403:annuncioNonTuo 403:annuncioNonTuo 403:annuncioNonTuo 403:annuncioNonTuo',
  cercaCompagnoInvioRichiesta:   '401 401 401 401 | 200 409:annuncioProprio 200 200 200 200 200 200 200',
  cercaCompagnoConfermaRichiesta:'401 401 401 401 | 403:richiestaNonTua 200 403:soloAutoreConferma 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua',
  cercaCompagnoRifiutaRichiesta: '401 401 401 401 | 403:richiestaNonTua 200 403:soloAutoreRifiuta 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua',
  cercaCompagnoCancellaRichiesta:'401 401 401 401 | 403:richiestaNonTua 403:soloMittenteAnnulla 200 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua',
  cercaCompagnoMessaggio:        '401 401 401 401 | 403:richiestaNonTua 200 200 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua 403:richiestaNonTua',
  cercaCompagnoMieiAnnunci:      '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  cercaCompagnoMieRichieste:     '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Challenges. Resource: a singles challenge from the owner to the partner, proposed (view, del,
  // pubblica, accetta, rifiuta, giocatori/del of the partner), accepted (risultato/add), with the owner's result
  // (conferma, contesta), contested (risolvi); a board challenge of the owner with a free place (giocatori/add of a
  // third player); sfide/add challenges the partner. The federation sees every challenge and decides contested
  // ones it does not play; it acts on no other step.
  sfideAdd:                      '401 401 401 401 | 200 200 400:sfidaTeStesso 200 200 200 200 200 200',
  sfideDel:                      '401 401 401 401 | 403:sfidaNonTua 200 403:sfidaNonSpetta 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfidePubblica:                 '401 401 401 401 | 403:sfidaNonTua 200 403:sfidaNonSpetta 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfidePubblicheList:            '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  sfideList:                     '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  sfideView:                     '401 401 401 401 | 403:sfidaNonTua 200 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 200 403:sfidaNonTua 200',
  sfideAccetta:                  '401 401 401 401 | 403:sfidaNonTua 403:sfidaNonSpetta 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideRifiuta:                  '401 401 401 401 | 403:sfidaNonTua 403:sfidaNonSpetta 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideGiocatoriAdd:             '401 401 401 401 | 403:sfidaNonSpetta 200 403:sfidaNonSpetta 403:sfidaNonSpetta 403:sfidaNonSpetta 403:sfidaNonSpetta 403:sfidaNonSpetta 403:sfidaNonSpetta 403:sfidaNonSpetta',
  // The proposer removes an invited player, or the invited player leaves (machines/challenge.ts, removesPlayer).
  sfideGiocatoriDel:             '401 401 401 401 | 403:sfidaNonTua 200 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideRisultatoAdd:             '401 401 401 401 | 403:sfidaNonTua 200 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideRisultatoConferma:        '401 401 401 401 | 403:sfidaNonTua 403:sfidaRisultatoTuo 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideRisultatoContesta:        '401 401 401 401 | 403:sfidaNonTua 403:sfidaRisultatoTuo 200 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua 403:sfidaNonTua',
  sfideRisultatoRisolvi:         '401 401 401 401 | 403:sfidaArbitro 403:sfidaArbitro 403:sfidaArbitro 403:sfidaArbitro 403:sfidaArbitro 403:sfidaArbitro 200 403:sfidaArbitro 200',
  sfideCercaGiocatore:           '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  sfideSommario:                 '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Notices: one's own (marking someone else's notice seen does nothing, and says nothing).
  avvisiList:                    '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  avvisiLetti:                   '401 401 401 401 | 200 200 200 200 200 200 200 200 200',
  // ---- Rankings: public.
  classificheSezioniMenu:        '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificheClassificheList:    '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificheSocietaList:        '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificaSocialeList:         '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  settoriGruppiGet:              '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  classificheSocietaTipoGet:     '200 200 200 200 | 200 200 200 200 200 200 200 200 200',
  // ---- Team ties. Resource: the fixture tie at the stage each step needs (unscheduled for proponi, proposed by
  // the home captain for rispondi, scheduled for the view and the lineups, both lineups in for genera, playing
  // for risultato/edit, the home captain's result for conferma, contested for risolvi). Only the two captains
  // act; the players of both teams and the federation see the tie; the federation decides contested results.
  incontriCapitanoList:          '401 401 401 401 | 403:soloCapitanoPagina 403:soloCapitanoPagina 200 200 403:soloCapitanoPagina 403:soloCapitanoPagina 403:soloCapitanoPagina 403:soloCapitanoPagina 403:soloCapitanoPagina',
  schieramentiView:              '401 401 401 401 | 403:incontroNonVisibile 200 200 200 403:incontroNonVisibile 403:incontroNonVisibile 200 403:incontroNonVisibile 200',
  incontroDataProponi:           '401 401 401 401 | 403:soloCapitani 403:soloCapitani 403:proponeCasa 200 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  incontroDataRispondi:          '401 401 401 401 | 403:soloCapitani 403:soloCapitani 200 403:rispondeAltro 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  schieramentiEdit:              '401 401 401 401 | 403:soloCapitani 403:soloCapitani 200 200 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  schieramentiPartiteGenera:     '401 401 401 401 | 403:soloCapitani 403:soloCapitani 200 200 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  incontroRisultatoEdit:         '401 401 401 401 | 403:soloCapitani 403:soloCapitani 200 200 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  incontroRisultatiConferma:     '401 401 401 401 | 403:soloCapitani 403:soloCapitani 200 403:incontroRisultatoTuo 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani 403:soloCapitani',
  incontroRisultatiRisolvi:      '401 401 401 401 | 403:incontroArbitro 403:incontroArbitro 403:incontroArbitro 403:incontroArbitro 403:incontroArbitro 403:incontroArbitro 200 403:incontroArbitro 200',
  incontriContestatiList:        '401 401 401 401 | 403:soloFederazione 403:soloFederazione 403:soloFederazione 403:soloFederazione 403:soloFederazione 403:soloFederazione 200 403:soloFederazione 200',
}

/**
 * The GET files outside the endpoint table that depend on the caller (docs/regole.md «Stampa ed esportazione»,
 * «Fototessera», «Allegati delle richieste di assistenza»): the ranking exports (only `puo_esportare_classifiche`;
 * without sign-in 401, without the flag 403), the owner's photo, and a help request's attachment (its sender
 * and the staff; anyone else 404 «Allegato non trovato», as if it did not exist).
 */
// prettier-ignore
export const FILE_TABLE = {
  classificaCsv:                 '401:accediClassifica 401:accediClassifica 401:accediClassifica 401:accediClassifica | 403:classificaNegata 403:classificaNegata 403:classificaNegata 403:classificaNegata 403:classificaNegata 403:classificaNegata 403:classificaNegata 200 403:classificaNegata',
  circuitoCsv:                   '401:accediCircuito 401:accediCircuito 401:accediCircuito 401:accediCircuito | 403:circuitoNegato 403:circuitoNegato 403:circuitoNegato 403:circuitoNegato 403:circuitoNegato 403:circuitoNegato 403:circuitoNegato 200 403:circuitoNegato',
  allegato:                      '401 401 401 401 | 404:allegatoNonTrovato 200 404:allegatoNonTrovato 404:allegatoNonTrovato 404:allegatoNonTrovato 404:allegatoNonTrovato 200 404:allegatoNonTrovato 200',
} as const

export const FILE_REFUSALS = {
  accediClassifica: RANKING_EXPORT_MESSAGES.signIn,
  classificaNegata: RANKING_EXPORT_MESSAGES.notAllowed,
  accediCircuito: EXPORT_MESSAGES.signIn,
  circuitoNegato: EXPORT_MESSAGES.notAllowed,
  allegatoNonTrovato: ALLEGATI_MESSAGES.notFound,
} as const
