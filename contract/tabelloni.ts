// Draws (tabelloni) of a tournament: the verifiable draw (hash published before, seed revealed after), the
// organiser's actions (announce, draw, results) and the open-data export in ITF TODS JSON. Additions to spec §7.
import { Schema } from 'effect'
import { Id, Intero, ResultOf } from './common.ts'
import { endpoint } from './endpoint.ts'

/** Who may announce, draw and enter results (docs/ruoli.md): the federation's admins and the club's organisers. */
export const ORGANISER_REFUSED =
  "Non hai i permessi per questo torneo: possono farlo solo l'organizzatore (il circolo che lo ospita) e la federazione"
export const TOURNAMENT_NOT_FOUND = 'Torneo non trovato'
export const MATCH_NOT_FOUND = 'Partita non trovata'

/** A tournament in ITF Tennis Open Data Standards JSON: `/opendata/tornei/<id>/tods.json` (a plain GET). */
export const OPENDATA_BASE = '/opendata'
export function torneoTodsPath(id: number): string {
  return `${OPENDATA_BASE}/tornei/${id}/tods.json`
}

const Hex64 = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[0-9a-f]{64}$/, { message: 'deve essere di 64 cifre esadecimali' })),
)

export const IscrittoOrdinato = Schema.Struct({
  id_iscrizione: Schema.Int,
  /** «Cognome Nome», or «Cognome / Cognome» for a pair. */
  nome: Schema.String,
})
export type IscrittoOrdinato = typeof IscrittoOrdinato.Type

/** One phase of the draw as anyone can check it. */
export const FaseSorteggio = Schema.Struct({
  id_tabellone: Schema.Int,
  fase: Schema.Int,
  nome: Schema.String,
  tipo: Schema.Literals(['eliminazione', 'gironi']),
  /** SHA-256 of the seed, published before the draw. */
  seed_hash: Hex64,
  hash_pubblicato_il: Schema.String,
  /** The seed, revealed once the draw is made; null until then. */
  seed: Schema.NullOr(Hex64),
  sorteggiato_il: Schema.NullOr(Schema.String),
  /** The entrants in the order the draw uses them (published with the hash); null for a knockout after groups. */
  iscritti: Schema.NullOr(Schema.Array(IscrittoOrdinato)),
  /** Elimination: the entry of each first-round slot (null: bye), once drawn. */
  posizioni: Schema.NullOr(Schema.Array(Schema.NullOr(Schema.Int))),
  /** Groups: each group's entries in draw order, once drawn. */
  gironi: Schema.NullOr(
    Schema.Array(Schema.Struct({ nome: Schema.String, iscritti: Schema.Array(Schema.Int) })),
  ),
})
export type FaseSorteggio = typeof FaseSorteggio.Type

export const Sorteggio = Schema.Struct({
  id_torneo: Schema.Int,
  formula: Schema.Literals(['eliminazione', 'girone', 'gironi_eliminazione']),
  /** da_annunciare: no hash yet; annunciato: hash published, seed secret; sorteggiato: seed revealed. */
  stato: Schema.Literals(['da_annunciare', 'annunciato', 'sorteggiato']),
  fasi: Schema.Array(FaseSorteggio),
  /** Decided by the server for the caller: the organiser sees the announce and draw buttons. */
  puo_organizzare: Schema.Boolean,
  /** Where the tournament is downloaded as TODS JSON. */
  tods_url: Schema.String,
})
export type Sorteggio = typeof Sorteggio.Type

const TorneoRequest = Schema.Struct({ id_torneo: Id })

/** tornei/sorteggio/view: the draw's hash, seed and published order, for the «Verifica il sorteggio» box. */
export const sorteggioView = endpoint('tornei/sorteggio/view', {
  request: TorneoRequest,
  response: ResultOf(Sorteggio),
  access: 'public',
})

/** tornei/sorteggio/annuncia: the organiser closes the entries and publishes the seed's hash. */
export const sorteggioAnnuncia = endpoint('tornei/sorteggio/annuncia', {
  request: TorneoRequest,
  response: ResultOf(Sorteggio),
  access: 'user',
  write: true,
})

/** tornei/sorteggio/esegui: the organiser makes the draw; the seed is revealed and the matches are written. */
export const sorteggioEsegui = endpoint('tornei/sorteggio/esegui', {
  request: TorneoRequest,
  response: ResultOf(Sorteggio),
  access: 'user',
  write: true,
})

export const ESITI_RISULTATO = ['giocata', 'walkover', 'ritiro'] as const

const Games = Intero(0, 99)

export const SetInput = Schema.Struct({
  a: Games,
  b: Games,
  /** Points of the loser of a 7-6 set's tie-break, as in 7-6(5). */
  tiebreak: Schema.optionalKey(Games),
})

export const RisultatoRequest = Schema.Struct({
  id_partita: Id,
  esito: Schema.Literals(ESITI_RISULTATO),
  /** Games of side A and side B in each set (points in pickleball); empty for a walkover. */
  set: Schema.Array(SetInput).pipe(
    Schema.check(Schema.isMaxLength(5, { message: 'deve avere al massimo 5 set' })),
  ),
  /** Who goes through: needed for a walkover or a retirement; for a played match it follows from the sets. */
  vincitore: Schema.optionalKey(Schema.Literals(['A', 'B'])),
})
export type RisultatoRequest = typeof RisultatoRequest.Type

export const VariazionePower = Schema.Struct({
  id_giocatore: Schema.Int,
  power_prima: Schema.Number,
  power_dopo: Schema.Number,
  /** The change explained in Italian (expected against actual share of games). */
  spiegazione: Schema.String,
})

export const RisultatoPartita = Schema.Struct({
  id_partita: Schema.Int,
  esito: Schema.String,
  id_vincitore: Schema.Int,
  punteggio: Schema.String,
  /** The next-round match the winner moved to (elimination), if any. */
  id_partita_successiva: Schema.NullOr(Schema.Int),
  power: Schema.Array(VariazionePower),
  /** True when this result ended the tournament: points are assigned. */
  torneo_concluso: Schema.Boolean,
  /** True when this result completed the groups and made the knockout. */
  tabellone_finale_creato: Schema.Boolean,
  /** True when the tournament's points changed and the rankings (race, national, clubs, circuit) were made again. */
  classifiche_aggiornate: Schema.Boolean,
})
export type RisultatoPartita = typeof RisultatoPartita.Type

/** tornei/tabelloni/risultato/edit: the organiser enters or corrects a match result. */
export const risultatoEdit = endpoint('tornei/tabelloni/risultato/edit', {
  request: RisultatoRequest,
  response: ResultOf(RisultatoPartita),
  access: 'user',
  write: true,
})
