import { Schema } from 'effect'
import { Id, ListOf, LookupOf, OneOf, ResultOf, Stagione, pagingFields } from './common.ts'
import { DISCIPLINES } from './constants.ts'
import { call, endpoint } from './endpoint.ts'
import { giocatoreStatistiche, giocatoreStatistichePower } from './giocatori-power.ts'

export const UserDetails = Schema.Struct({
  id_persona: Schema.NullOr(Schema.Int),
  persona: Schema.String,
  provincia: Schema.NullOr(Schema.String),
  fototessera: Schema.NullOr(Schema.String),
  puo_esportare_classifiche: Schema.Boolean,
})
export type UserDetails = typeof UserDetails.Type

export const datiUtente = endpoint('giocatori/dati_utente', {
  request: Schema.Struct({
    ...pagingFields,
    filters: Schema.optionalKey(Schema.Struct({ id_settore: Schema.optionalKey(Id) })),
  }),
  response: ListOf(UserDetails),
  access: 'user',
})

export const Tessera = Schema.Struct({
  codice_tessera: Schema.String,
  tipologia: Schema.String,
  disciplina: Schema.String,
  id_settore: Schema.Int,
  stagione: Schema.Int,
  valida_dal: Schema.String,
  valida_al: Schema.String,
  /** The club that issued the card: where it is renewed. */
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  /** The card's public id, in its QR code (/verifica-tessera/{verifica}): only its holder receives it. */
  verifica: Schema.String,
})
export type Tessera = typeof Tessera.Type

export const elencoTessere = endpoint('scheda_personale/elenco_tessere/list', {
  request: Schema.Struct({ id: Id, ...pagingFields }),
  response: ListOf(Tessera),
  access: 'user',
})

// ---------------------------------------------------------------------------------------------------------
// The player page (/scheda-giocatore/{id}, issue 20 item 3): the profile, the lines that make the ranking points,
// the last results, the palmares, the upcoming tournaments and the ranking summary. Public reads: what the player
// hid in /impostazioni (Power) is left out for everyone but them (server/domain/privacy.ts).

/** Rows of one page of the players' list (/lista-giocatori). */
export const GIOCATORI_PAGE_SIZE = 20

export const SCHEDA_MESSAGES = {
  notFound: 'Giocatore non trovato',
} as const

const PersonRequest = { id_persona: Id }
const SectorOf = { id_settore: Id }

export const SettoreGiocatore = Schema.Struct({
  id_settore: Schema.Int,
  /** «Tennis», «Tennis – Junior». */
  nome: Schema.String,
})

export const PowerGiocatore = Schema.Struct({
  valore: Schema.Number,
  /** Fewer than 10 rated matches: still moving fast (docs/regole.md «Power»). */
  provvisorio: Schema.Boolean,
  partite: Schema.Int,
})

export const SchedaGiocatore = Schema.Struct({
  id_persona: Schema.Int,
  persona: Schema.String,
  nome: Schema.String,
  cognome: Schema.String,
  provincia: Schema.NullOr(Schema.String),
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  /** The sectors the player holds a card of or has points in. */
  settori: Schema.Array(SettoreGiocatore),
  /** The Power in the sector asked for: null when the player has none there or hides it from the viewer. */
  power: Schema.NullOr(PowerGiocatore),
  /** The viewer is this player (they see all of their own page). */
  tu: Schema.Boolean,
})
export type SchedaGiocatore = typeof SchedaGiocatore.Type

/** giocatori/dettaglio/view: the profile of a player, with their Power in the sector when they show it. */
export const giocatoreDettaglio = endpoint('giocatori/dettaglio/view', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf }),
  response: ResultOf(SchedaGiocatore),
  access: 'public',
})

export const TIPI_PUNTI = ['race', 'nazionale'] as const

export const RigaPunti = Schema.Struct({
  id_torneo: Schema.Int,
  torneo: Schema.String,
  /** The tournament's last day (a tie's: the day it was played), YYYY-MM-DD: the day the points count from. */
  data: Schema.String,
  /** V, F, SF, QF, R16, R32, R64, R128, GIR; PV for the rubbers won in a team championship tie. */
  risultato: Schema.String,
  /** The round reached in Italian: «Semifinale»; a tie's giornata: «3ª giornata», or «Semifinali», «Finale». */
  turno: Schema.String,
  /** The team championship tie of the line (risultato PV); null for a tournament's line. */
  id_incontro: Schema.NullOr(Schema.Int),
  /** The tie's giornata (in the final phase its round: 1 the first); null for a tournament's line. */
  giornata: Schema.NullOr(Schema.Int),
  /** Rubbers won in the tie; null for a tournament's line. */
  partite_vinte: Schema.NullOr(Schema.Int),
  categoria: Schema.String,
  /** The category's share: 1, 0.65, 0.45. */
  coefficiente: Schema.Number,
  punti_base: Schema.Int,
  punti: Schema.Int,
  /** Counted in this ranking (the national one keeps the best 10). */
  conta: Schema.Boolean,
})
export type RigaPunti = typeof RigaPunti.Type

export const DettaglioPunti = Schema.Struct({
  ...ListOf(RigaPunti).fields,
  tipo: Schema.String,
  stagione: Schema.NullOr(Schema.Int),
  /** The day the ranking was computed; the lines are those it counted. */
  calcolata_al: Schema.NullOr(Schema.String),
  /** The ranking's points: the sum of the lines that count. */
  punti: Schema.Int,
  posizione: Schema.NullOr(Schema.Int),
})
export type DettaglioPunti = typeof DettaglioPunti.Type

/**
 * dettaglio-punti/view: the lines that make a player's points in the race (a season) or the national ranking (the
 * 52 weeks up to its date): each tournament with its round and category coefficient; `punti` is their sum.
 */
export const giocatoreDettaglioPunti = endpoint('giocatori/dettaglio-punti/view', {
  request: Schema.Struct({
    ...PersonRequest,
    ...SectorOf,
    tipo: OneOf(TIPI_PUNTI, "deve essere 'race' o 'nazionale'"),
    stagione: Schema.optionalKey(Stagione),
  }),
  response: DettaglioPunti,
  access: 'public',
})

export const RisultatoPartita = Schema.Struct({
  id_partita: Schema.Int,
  id_torneo: Schema.Int,
  torneo: Schema.String,
  /** «Semifinali», «Girone A». */
  turno: Schema.String,
  /** ISO instant the match was played, or the tournament's last day. */
  data: Schema.String,
  compagno: Schema.NullOr(Schema.Struct({ id_persona: Schema.Int, persona: Schema.String })),
  avversari: Schema.Array(Schema.Struct({ id_persona: Schema.Int, persona: Schema.String })),
  vinta: Schema.Boolean,
  /** From the winner's side, as the draws write it: «6-3 4-6 7-5», «w.o.». */
  punteggio: Schema.String,
  esito: Schema.String,
})
export type RisultatoPartita = typeof RisultatoPartita.Type

/** giocatori/ultimi_risultati/list: the player's matches played in the sector's tournaments, latest first. */
export const giocatoreUltimiRisultati = endpoint('giocatori/ultimi_risultati/list', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf, ...pagingFields }),
  response: ListOf(RisultatoPartita),
  access: 'public',
})

export const VocePalmares = Schema.Struct({
  id_torneo: Schema.Int,
  torneo: Schema.String,
  data: Schema.String,
  categoria: Schema.String,
  /** V or F. */
  risultato: Schema.String,
  /** «Vincitore», «Finalista». */
  turno: Schema.String,
  circolo: Schema.NullOr(Schema.String),
})
export type VocePalmares = typeof VocePalmares.Type

/** giocatori/palmares/list: the tournaments the player won or reached the final of in the sector, latest first. */
export const giocatorePalmares = endpoint('giocatori/palmares/list', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf, ...pagingFields }),
  response: ListOf(VocePalmares),
  access: 'public',
})

export const TorneoProssimo = Schema.Struct({
  id_torneo: Schema.Int,
  torneo: Schema.String,
  data_inizio: Schema.String,
  data_fine: Schema.String,
  categoria: Schema.String,
  circolo: Schema.NullOr(Schema.String),
  comune: Schema.NullOr(Schema.String),
  compagno: Schema.NullOr(Schema.Struct({ id_persona: Schema.Int, persona: Schema.String })),
})
export type TorneoProssimo = typeof TorneoProssimo.Type

/** giocatori/prossimi_tornei/list: the sector's tournaments the player is entered in that have not ended, soonest first. */
export const giocatoreProssimiTornei = endpoint('giocatori/prossimi_tornei/list', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf, ...pagingFields }),
  response: ListOf(TorneoProssimo),
  access: 'public',
})

export const RiepilogoClassifica = Schema.Struct({
  id_settore: Schema.Int,
  settore: Schema.String,
  tipo: Schema.String,
  stagione: Schema.Int,
  posizione: Schema.Int,
  punti: Schema.Int,
  tornei: Schema.Int,
  /** Players in that ranking. */
  classificati: Schema.Int,
  calcolata_al: Schema.String,
})
export type RiepilogoClassifica = typeof RiepilogoClassifica.Type

/** giocatori/classifica_riepilogo/list: the player's place in the latest race and national ranking of each sector. */
export const giocatoreClassificaRiepilogo = endpoint('giocatori/classifica_riepilogo/list', {
  request: Schema.Struct(PersonRequest),
  response: LookupOf(RiepilogoClassifica),
  access: 'public',
})

/** What every section of the player page asks with: the player and the sector. */
export type Scheda = { id_persona: number; id_settore: number }

/** Matches a page of the player's last results shows. */
export const RISULTATI_PAGE_SIZE = 10

/**
 * The player page of /scheda-giocatore/{id} as its URL asks it: the sector is the URL's `settore=` when it names
 * one, else the portal's own (`storedSector`); the point lines are the race's unless `punti=nazionale`.
 */
export function schedaOf(idPersona: number, search: URLSearchParams, storedSector: number) {
  const asked = Number(search.get('settore'))
  const known = DISCIPLINES.some((d) => d.settori.some((s) => s.id === asked))
  const scheda: Scheda = { id_persona: idPersona, id_settore: known ? asked : storedSector }
  const tipo: (typeof TIPI_PUNTI)[number] = search.get('punti') === 'nazionale' ? 'nazionale' : 'race'
  return { scheda, tipo }
}

/**
 * The reads of the player page's sections, one home for their bodies: the page asks them, and the server answers
 * the first ones in the page it serves to a visitor who is not signed in (server/http/page-hints.ts).
 */
export const schedaCalls = {
  profilo: (p: Scheda) => call(giocatoreDettaglio, p),
  riepilogo: (p: Scheda) => call(giocatoreClassificaRiepilogo, { id_persona: p.id_persona }),
  punti: (p: Scheda & { tipo: (typeof TIPI_PUNTI)[number] }) => call(giocatoreDettaglioPunti, p),
  risultati: (p: Scheda & { pagina: number }) =>
    call(giocatoreUltimiRisultati, {
      id_persona: p.id_persona,
      id_settore: p.id_settore,
      fetchrows: RISULTATI_PAGE_SIZE,
      rowstoskip: (p.pagina - 1) * RISULTATI_PAGE_SIZE,
    }),
  palmares: (p: Scheda) => call(giocatorePalmares, { ...p, fetchrows: 20 }),
  prossimi: (p: Scheda) => call(giocatoreProssimiTornei, { ...p, fetchrows: 20 }),
  power: (p: Scheda) => call(giocatoreStatistichePower, p),
  statistiche: (p: Scheda) => call(giocatoreStatistiche, p),
}
