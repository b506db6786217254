// Clubs (/lista-circoli, /dettaglio-circolo/{id}): one club's page (societa/view) and its teams
// (societa/squadre/view). The list is ricerca_circoli (contract/home.ts), which the home's quick search shares.
import { Schema } from 'effect'
import { Id, ListOf, ResultOf, pagingFields } from './common.ts'
import { TorneoCalendario } from './calendario.ts'
import { endpoint } from './endpoint.ts'

export const CIRCOLO_NOT_FOUND = 'Circolo non trovato'

/** Clubs per page of /lista-circoli. */
export const CIRCOLI_PAGE_SIZE = 20
/** Upcoming tournaments societa/view lists (the calendar, filtered by the club, has them all). */
export const CIRCOLO_PROSSIMI_TORNEI = 5
/** Decimal places of the visitor's position the client sends: about a kilometre, no more. */
export const POSIZIONE_DECIMALI = 2

export const Campo = Schema.Struct({
  nome: Schema.String,
  /** terra rossa, cemento, erba sintetica, sabbia… */
  superficie: Schema.String,
  coperto: Schema.Boolean,
  illuminato: Schema.Boolean,
})
export type Campo = typeof Campo.Type

/** A discipline the club offers, with its courts. */
export const DisciplinaCircolo = Schema.Struct({
  id_disciplina: Schema.Int,
  disciplina: Schema.String,
  campi: Schema.Array(Campo),
})
export type DisciplinaCircolo = typeof DisciplinaCircolo.Type

/** The club's place in the affiliates' ranking of one sector (its latest season). */
export const PostoClassificaAffiliati = Schema.Struct({
  id_settore: Schema.Int,
  settore: Schema.String,
  stagione: Schema.Int,
  posizione: Schema.Int,
  punti: Schema.Int,
  tesserati: Schema.Int,
  /** Clubs in that ranking. */
  classificati: Schema.Int,
  /** ISO date the ranking was computed on. */
  calcolata_al: Schema.String,
})
export type PostoClassificaAffiliati = typeof PostoClassificaAffiliati.Type

export const CircoloDettaglio = Schema.Struct({
  id: Schema.Int,
  codice: Schema.String,
  nome: Schema.String,
  indirizzo: Schema.String,
  cap: Schema.NullOr(Schema.String),
  comune: Schema.String,
  provincia: Schema.String,
  regione: Schema.String,
  telefono: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  sito_web: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  descrizione: Schema.NullOr(Schema.String),
  /** ISO date of the affiliation, or null. */
  affiliata_dal: Schema.NullOr(Schema.String),
  /** An OpenStreetMap search of the club's address. */
  mappa_url: Schema.String,
  discipline: Schema.Array(DisciplinaCircolo),
  /** The next tournaments of the sector at the club (running or still to come), by date, and how many in all. */
  prossimi_tornei: Schema.Array(TorneoCalendario),
  prossimi_tornei_totale: Schema.Int,
  /** Its place in the affiliates' ranking of each sector where it is ranked; the asked sector first. */
  classifica_affiliati: Schema.Array(PostoClassificaAffiliati),
})
export type CircoloDettaglio = typeof CircoloDettaglio.Type

/** societa/view: one club, public (a club that is no longer active is still shown, as its history is). */
export const societaView = endpoint('societa/view', {
  request: Schema.Struct({ id_circolo: Id, id_settore: Id }),
  response: ResultOf(CircoloDettaglio),
  access: 'public',
})

export const SquadraCircolo = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  /** The team tournament it is enrolled in, and its championship. */
  id_torneo: Schema.Int,
  torneo: Schema.String,
  campionato: Schema.NullOr(Schema.String),
  settore: Schema.String,
  stagione: Schema.Int,
  id_capitano: Schema.Int,
  capitano: Schema.String,
  giocatori: Schema.Int,
})
export type SquadraCircolo = typeof SquadraCircolo.Type

/** societa/squadre/view: the club's teams, the latest season first, then by name. */
export const societaSquadreView = endpoint('societa/squadre/view', {
  request: Schema.Struct({ ...pagingFields, id_circolo: Id }),
  response: ListOf(SquadraCircolo),
  access: 'public',
})
