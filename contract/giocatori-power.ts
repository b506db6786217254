// The player page's statistics and Power history (issue 20, items 3 and 5), apart from contract/giocatori.ts so the
// players' list and the first load of the player page do not carry them (the page loads these sections lazily).
import { Schema } from 'effect'
import { Id, ResultOf } from './common.ts'
import { endpoint } from './endpoint.ts'

const PersonRequest = { id_persona: Id }
const SectorOf = { id_settore: Id }

// Wins and losses by season, surface and opponents' level; every change of Power with its expected and actual
// share of games, for the chart and its table.

const ContoPartite = {
  vinte: Schema.Int,
  perse: Schema.Int,
  partite: Schema.Int,
  /** Share of the matches won, 0–100, rounded. */
  percentuale: Schema.Int,
}

export const RigaStatistica = Schema.Struct({
  /** The season («2026»), the surface («terra rossa», «non-indicata») or the level band («30-44», «non-noto»). */
  chiave: Schema.String,
  /** As the page shows it: «2026», «Terra rossa», «Da 30 a 44». */
  etichetta: Schema.String,
  ...ContoPartite,
})
export type RigaStatistica = typeof RigaStatistica.Type

export const StatisticheGiocatore = Schema.Struct({
  totale: Schema.Struct(ContoPartite),
  stagioni: Schema.Array(RigaStatistica),
  superfici: Schema.Array(RigaStatistica),
  /** By the opponents' Power before the match (contract/constants.ts OPPONENT_LEVEL_BANDS). */
  livelli: Schema.Array(RigaStatistica),
})
export type StatisticheGiocatore = typeof StatisticheGiocatore.Type

/**
 * giocatori/statistiche/view: the player's wins and losses in the sector's tournaments (walkovers left out) by
 * season, by surface and by the opponents' level; a level an opponent hides from the viewer counts as «non noto».
 */
export const giocatoreStatistiche = endpoint('giocatori/statistiche/view', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf }),
  response: ResultOf(StatisticheGiocatore),
  access: 'public',
})

const Persona = Schema.Struct({ id_persona: Schema.Int, persona: Schema.String })

export const VariazionePowerGiocatore = Schema.Struct({
  /** ISO instant the match or challenge was played. */
  data: Schema.String,
  fonte: Schema.Literals(['torneo', 'sfida']),
  id_partita: Schema.NullOr(Schema.Int),
  id_sfida: Schema.NullOr(Schema.Int),
  id_torneo: Schema.NullOr(Schema.Int),
  torneo: Schema.NullOr(Schema.String),
  compagno: Schema.NullOr(Persona),
  avversari: Schema.Array(Persona),
  power_prima: Schema.Number,
  power_dopo: Schema.Number,
  variazione: Schema.Number,
  /** Share of the games expected and won, 0–1. */
  atteso: Schema.Number,
  ottenuto: Schema.Number,
  game_vinti: Schema.Int,
  game_persi: Schema.Int,
  fattore_k: Schema.Number,
  /** Rated while the Power was provisional (its first 10 matches). */
  provvisorio: Schema.Boolean,
  /** The opponents' level; null when one of them hides their Power from the viewer. */
  livello_avversari: Schema.NullOr(Schema.Number),
  /** «Ci si aspettava che vincessi il 62% dei game; ne hai vinti il 70%: +1,4.» */
  frase: Schema.String,
  /** The same with the levels and the factor K (server/domain/power.ts explainChange). */
  spiegazione: Schema.String,
})
export type VariazionePowerGiocatore = typeof VariazionePowerGiocatore.Type

export const StoriaPower = Schema.Struct({
  /** False when the player hides their Power from the viewer: then nothing else is sent. */
  visibile: Schema.Boolean,
  tu: Schema.Boolean,
  power: Schema.NullOr(
    Schema.Struct({
      valore: Schema.Number,
      provvisorio: Schema.Boolean,
      partite: Schema.Int,
      partite_torneo: Schema.Int,
      /** Power ≥ 90 with at least 25 tournament matches: flagged for promotion. */
      promozione: Schema.Boolean,
    }),
  ),
  /** «Power 67, da 52 a gennaio 2026: +15 in 18 partite.»; null without history. */
  sintesi: Schema.NullOr(Schema.String),
  /** Every change, oldest first (the chart's order). */
  storia: Schema.Array(VariazionePowerGiocatore),
})
export type StoriaPower = typeof StoriaPower.Type

/**
 * giocatori/statistiche/power/view: the player's Power in the sector and its history, match by match and challenge
 * by challenge, explained. A player who hides their Power (/impostazioni) gets `visibile: false` and nothing else
 * for anyone but themselves.
 */
export const giocatoreStatistichePower = endpoint('giocatori/statistiche/power/view', {
  request: Schema.Struct({ ...PersonRequest, ...SectorOf }),
  response: ResultOf(StoriaPower),
  access: 'public',
})
