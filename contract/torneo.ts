// The tournament detail (/tornei/dettaglio-torneo/{id}): its read calls, the comment form, the links of its
// prints and the personal calendar feed. The files themselves (PDF, .ics) are plain GETs at contract/stampe.ts.
import { Schema } from 'effect'
import { Id, ListOf, ResultOf, TestoMultiriga, pagingFields, EmptyRequest } from './common.ts'
import { calendarFilterFields } from './calendario.ts'
import { endpoint } from './endpoint.ts'
import { COMMENT_MAX_LENGTH, Commento } from './news.ts'
import type { StampaTorneo } from './stampe.ts'

export const TORNEO_NOT_FOUND = 'Torneo non trovato'
export const STAMPA_NON_DISPONIBILE: Record<StampaTorneo, string> = {
  locandina: 'La locandina di questo torneo non è disponibile.',
  tabellone: 'Il tabellone di questo torneo non è ancora stato sorteggiato.',
  gironi: 'Questo torneo non ha gironi.',
  calendario: 'Il calendario delle partite non è ancora disponibile: il tabellone non è stato sorteggiato.',
}

/** Entrants shown per page of the detail. */
export const ISCRITTI_PAGE_SIZE = 50

const torneoField = { id_torneo: Id }

export const Circolo = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  indirizzo: Schema.String,
  cap: Schema.NullOr(Schema.String),
  comune: Schema.String,
  provincia: Schema.String,
  telefono: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  sito_web: Schema.NullOr(Schema.String),
  /** An OpenStreetMap search of the club's address. */
  mappa_url: Schema.String,
})
export type Circolo = typeof Circolo.Type

/** A phase of the tournament's draws, as the detail lists it (the matches are in tornei/tabelloni/view). */
export const TabelloneVoce = Schema.Struct({
  id: Schema.Int,
  /** eliminazione | gironi */
  tipo: Schema.String,
  fase: Schema.Int,
  nome: Schema.String,
  sorteggiato: Schema.Boolean,
})

export const TorneoDettaglio = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  /** TR individual or pairs tournament, CA team tournament. */
  tipo: Schema.String,
  /** OPEN, LIMIT_65, LIMIT_45 and its Italian name. */
  categoria: Schema.String,
  categoria_nome: Schema.String,
  /** The highest Power admitted (LIMIT events), or null (OPEN). */
  limite_power: Schema.NullOr(Schema.Int),
  /** singolare | doppio */
  specialita: Schema.String,
  /** M, F or X and its Italian name (Maschile, Femminile, Misto / aperto a tutti). */
  genere: Schema.String,
  genere_nome: Schema.String,
  /** eliminazione | girone | gironi_eliminazione and its Italian name. */
  formula: Schema.String,
  formula_nome: Schema.String,
  disciplina: Schema.String,
  disciplina_nome: Schema.String,
  id_settore: Schema.Int,
  settore: Schema.String,
  /** programmato, iscrizioni_aperte, iscrizioni_chiuse, in_corso, concluso, annullato and its Italian name. */
  stato: Schema.String,
  stato_nome: Schema.String,
  /** ISO dates (YYYY-MM-DD). */
  data_inizio: Schema.String,
  data_fine: Schema.String,
  /** ISO instants of the enrolment window, or null. */
  iscrizioni_dal: Schema.NullOr(Schema.String),
  iscrizioni_al: Schema.NullOr(Schema.String),
  max_iscritti: Schema.NullOr(Schema.Int),
  /** Entries enrolled (waiting list and withdrawn excluded). */
  iscritti: Schema.Int,
  in_attesa: Schema.Int,
  /** Places left, or null when there is no cap. */
  posti_liberi: Schema.NullOr(Schema.Int),
  quota_centesimi: Schema.Int,
  descrizione: Schema.NullOr(Schema.String),
  /** Image of the poster (under /media), or null. */
  locandina: Schema.NullOr(Schema.String),
  giudice_arbitro: Schema.NullOr(Schema.String),
  circolo: Schema.NullOr(Circolo),
  circuito: Schema.NullOr(
    Schema.Struct({ id: Schema.Int, nome: Schema.String, tappa: Schema.NullOr(Schema.Int) }),
  ),
  tabelloni: Schema.Array(TabelloneVoce),
  /** ISO instant of the last change of the tournament's dates or data (the .ics LAST-MODIFIED). */
  aggiornato_il: Schema.String,
})
export type TorneoDettaglio = typeof TorneoDettaglio.Type

/** tornei/dettaglio/view: one tournament (404 «Torneo non trovato»). */
export const torneoDettaglio = endpoint('tornei/dettaglio/view', {
  request: Schema.Struct({ id: Id }),
  response: ResultOf(TorneoDettaglio),
  access: 'public',
})

export const Giocatore = Schema.Struct({ id: Schema.Int, nome: Schema.String })
export type Giocatore = typeof Giocatore.Type

export const Iscritto = Schema.Struct({
  /** The entry's id. */
  id: Schema.Int,
  giocatore: Giocatore,
  compagno: Schema.NullOr(Giocatore),
  circolo: Schema.NullOr(Schema.String),
  /** The player's club, for its page (/dettaglio-circolo/{id}); null with `circolo`. */
  id_circolo: Schema.NullOr(Schema.Int),
  /** iscritto | lista_attesa */
  stato: Schema.String,
  posizione_attesa: Schema.NullOr(Schema.Int),
  testa_di_serie: Schema.NullOr(Schema.Int),
  iscritto_il: Schema.String,
})
export type Iscritto = typeof Iscritto.Type

/** tornei/iscritti/view: the entrants, enrolled first (by seed, then entry time), then the waiting list. */
export const torneoIscritti = endpoint('tornei/iscritti/view', {
  request: Schema.Struct({ ...torneoField, ...pagingFields }),
  response: ListOf(Iscritto),
  access: 'public',
})

/** One side of a match: an entry (a player, or a pair). */
export const Lato = Schema.Struct({
  id_iscrizione: Schema.Int,
  giocatori: Schema.Array(Giocatore),
  testa_di_serie: Schema.NullOr(Schema.Int),
})
export type Lato = typeof Lato.Type

export const Incontro = Schema.Struct({
  id: Schema.Int,
  turno: Schema.Int,
  posizione: Schema.Int,
  a: Schema.NullOr(Lato),
  b: Schema.NullOr(Lato),
  /** 'a', 'b' or null (not played yet). */
  vincitore: Schema.NullOr(Schema.String),
  /** da_giocare | giocata | walkover | ritiro | bye */
  esito: Schema.String,
  /** The score as read: «6-4 3-6 7-6(5)», with «rit.» or «w.o.»; empty when not played. */
  punteggio: Schema.String,
  /** The same score set by set (games of side a and b; the tie-break loser's points): what a correction starts from. */
  set: Schema.Array(
    Schema.Struct({ a: Schema.Int, b: Schema.Int, tiebreak: Schema.optionalKey(Schema.Int) }),
  ),
  programmata_il: Schema.NullOr(Schema.String),
  campo: Schema.NullOr(Schema.String),
})
export type Incontro = typeof Incontro.Type

export const Turno = Schema.Struct({
  turno: Schema.Int,
  /** Primo turno, Ottavi di finale, Quarti di finale, Semifinali, Finale. */
  nome: Schema.String,
  incontri: Schema.Array(Incontro),
})
export type Turno = typeof Turno.Type

export const GironeIncontri = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  incontri: Schema.Array(Incontro),
})

export const Tabellone = Schema.Struct({
  id: Schema.Int,
  tipo: Schema.String,
  fase: Schema.Int,
  nome: Schema.String,
  dimensione: Schema.Int,
  /** SHA-256 of the draw's secret seed, published before the draw. */
  seed_hash: Schema.String,
  hash_pubblicato_il: Schema.String,
  /** The seed itself, revealed after the draw (null before). */
  seed: Schema.NullOr(Schema.String),
  sorteggiato_il: Schema.NullOr(Schema.String),
  /** Elimination: its rounds, first to final. Groups: empty. */
  turni: Schema.Array(Turno),
  /** Groups: each girone's matches. Elimination: empty. */
  gironi: Schema.Array(GironeIncontri),
})
export type Tabellone = typeof Tabellone.Type

/** tornei/tabelloni/view: every phase of the draw with its matches. */
export const torneoTabelloni = endpoint('tornei/tabelloni/view', {
  request: Schema.Struct(torneoField),
  response: ResultOf(Schema.Struct({ tabelloni: Schema.Array(Tabellone) })),
  access: 'public',
})

export const RigaClassifica = Schema.Struct({
  posizione: Schema.Int,
  lato: Lato,
  giocate: Schema.Int,
  vinte: Schema.Int,
  perse: Schema.Int,
  set_vinti: Schema.Int,
  set_persi: Schema.Int,
  game_vinti: Schema.Int,
  game_persi: Schema.Int,
  punti: Schema.Int,
  qualificato: Schema.Boolean,
})
export type RigaClassifica = typeof RigaClassifica.Type

export const GironeClassifica = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  id_tabellone: Schema.Int,
  righe: Schema.Array(RigaClassifica),
})
export type GironeClassifica = typeof GironeClassifica.Type

/** tornei/gironi_classifiche/list: the standings of every girone (record: how many gironi). */
export const torneoGironiClassifiche = endpoint('tornei/gironi_classifiche/list', {
  request: Schema.Struct(torneoField),
  response: ListOf(GironeClassifica),
  access: 'public',
})

export const Foto = Schema.Struct({
  id: Schema.Int,
  url: Schema.String,
  didascalia: Schema.NullOr(Schema.String),
})
export type Foto = typeof Foto.Type

export const FotoCommenti = Schema.Struct({
  foto: Schema.Array(Foto),
  commenti: Schema.Array(Commento),
  /** Decided by the server: a signed-in user may comment. */
  puo_commentare: Schema.Boolean,
})
export type FotoCommenti = typeof FotoCommenti.Type

/** tornei/foto-commenti/view: the photos and the comments, oldest comment first. */
export const torneoFotoCommenti = endpoint('tornei/foto-commenti/view', {
  request: Schema.Struct(torneoField),
  response: ResultOf(FotoCommenti),
  access: 'public',
})

/** tornei/commenti/add: a signed-in user comments (plain text; markup is stripped), rate limited. */
export const torneoCommentoAdd = endpoint('tornei/commenti/add', {
  request: Schema.Struct({
    ...torneoField,
    testo: TestoMultiriga.pipe(
      Schema.check(
        Schema.isBetweenLength(1, COMMENT_MAX_LENGTH, {
          message: `deve avere da 1 a ${COMMENT_MAX_LENGTH} caratteri`,
        }),
      ),
    ),
  }),
  response: ResultOf(Commento),
  access: 'user',
  write: true,
})

/**
 * The spec's print calls (Tournament print) answer with the link of the document, not its bytes: the PDF is a
 * plain GET (contract/stampe.ts) that a browser opens, downloads or shares, and that caches well.
 */
export const StampaLink = Schema.Struct({
  /** Path of the GET that serves the PDF. */
  url: Schema.String,
  nome_file: Schema.String,
  tipo: Schema.String,
})
const stampa = (path: string) =>
  endpoint(path, {
    request: Schema.Struct(torneoField),
    response: ResultOf(StampaLink),
    access: 'public',
  })
export const locandinaGet = stampa('tornei/manifestazioni/locandina/get')
export const tabelloneStampaGet = stampa('tornei/tabelloni/stampa_pdf/get')
export const gironiStampaGet = stampa('tornei/gironi/stampa/get')
export const calendarioStampaGet = stampa('tornei/calendario/stampa/get')

/** The personal feed: whether the account has one; the secret itself is shown only when created. */
export const FeedPersonale = Schema.Struct({
  attivo: Schema.Boolean,
  creato_il: Schema.NullOr(Schema.String),
  usato_il: Schema.NullOr(Schema.String),
  /** The feed's path with its secret: only in the answer that creates it (it is stored hashed). */
  url: Schema.NullOr(Schema.String),
})
export type FeedPersonale = typeof FeedPersonale.Type

/** tornei/feed_personale/view: is a personal feed active. */
export const feedPersonaleView = endpoint('tornei/feed_personale/view', {
  request: EmptyRequest,
  response: ResultOf(FeedPersonale),
  access: 'user',
})
/** tornei/feed_personale/rinnova: a new secret; the old link stops working. */
export const feedPersonaleRinnova = endpoint('tornei/feed_personale/rinnova', {
  request: EmptyRequest,
  response: ResultOf(FeedPersonale),
  access: 'user',
  write: true,
})
/** tornei/feed_personale/revoca: the link stops working, no new one is made. */
export const feedPersonaleRevoca = endpoint('tornei/feed_personale/revoca', {
  request: EmptyRequest,
  response: ResultOf(FeedPersonale),
  access: 'user',
  write: true,
})

export const LIMITI_POWER: Record<string, number | null> = { OPEN: null, LIMIT_65: 65, LIMIT_45: 45 }
export const GENERE_NOMI: Record<string, string> = {
  M: 'Maschile',
  F: 'Femminile',
  X: 'Misto, aperto a tutti',
}
export const FORMULA_NOMI: Record<string, string> = {
  eliminazione: 'Tabellone a eliminazione diretta',
  girone: 'Girone all’italiana',
  gironi_eliminazione: 'Gironi all’italiana e tabellone finale',
}
export const STATO_NOMI: Record<string, string> = {
  programmato: 'In programma',
  iscrizioni_aperte: 'Iscrizioni aperte',
  iscrizioni_chiuse: 'Iscrizioni chiuse',
  in_corso: 'In corso',
  concluso: 'Concluso',
  annullato: 'Annullato',
}

/**
 * The query of a calendar feed (contract/stampe.ts calendarioFeedPath): the sector and the calendar's own filters
 * (tornei/list, contract/calendario.ts), so a filtered calendar can be subscribed to as it is shown.
 */
export const CalendarioFeedQuery = Schema.Struct({ id_settore: Id, ...calendarFilterFields })
/** Query fields that are numbers (a URL query carries only text). */
export const FEED_NUMERIC_FIELDS = ['id_settore', 'id_circolo', 'id_circuito'] as const
