// Circuits (/tornei/circuiti-tornei, /tornei/dettaglio-circuito/{id}): the sector's circuits of a season,
// their stages, one circuit's page. The standings are circuiti/classifiche/list (contract/home.ts).
import { Schema } from 'effect'
import { Id, ListOf, ResultOf, Stagione, pagingFields } from './common.ts'
import { TorneoCalendario } from './calendario.ts'
import { endpoint } from './endpoint.ts'

export const CIRCUIT_NOT_FOUND = 'Circuito non trovato'

/**
 * Exporting a ranking as data (CSV) takes the account's puo_esportare_classifiche (spec §5, DESIGN.md §5);
 * reading the standings and printing them (PDF) are public.
 */
export const EXPORT_MESSAGES = {
  signIn: 'Per esportare la classifica accedi con il tuo account.',
  notAllowed:
    'Il tuo account non è abilitato a esportare le classifiche: puoi leggerle qui o scaricarle in PDF. Per l’abilitazione scrivi alla segreteria della federazione.',
} as const

/**
 * How the circuit standings break a tie of points, in order (docs/regole.md; server/domain/circuits.ts applies
 * them). Players equal on all of them share the position.
 */
export const CIRCUIT_TIE_BREAKS = [
  'i migliori risultati di tappa, confrontati dal migliore in giù (chi ha vinto una tappa precede chi ha raggiunto al massimo una finale)',
  'le partite vinte sul campo nelle tappe del circuito (i walkover non contano)',
  'la differenza tra game vinti e persi in quelle partite',
] as const
/** Circuits listed per page, and stages asked for at once on a circuit's page. */
export const CIRCUITS_PAGE_SIZE = 20
export const STAGES_FETCHROWS = 100
/** Rows of the standings per page on a circuit's page. */
export const CIRCUIT_RANKING_PAGE_SIZE = 50

const Leader = Schema.Struct({ id_persona: Schema.Int, persona: Schema.String, punti: Schema.Int })

/** A circuit as the list shows it. */
export const CircuitoRiga = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  stagione: Schema.Int,
  descrizione: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  /** Stages (cancelled ones excluded) and how many of them are over. */
  tappe: Schema.Int,
  tappe_concluse: Schema.Int,
  /** ISO dates of the first and last stage, and of the next one still to finish (null when none). */
  prima_tappa: Schema.NullOr(Schema.String),
  ultima_tappa: Schema.NullOr(Schema.String),
  prossima_tappa: Schema.NullOr(Schema.String),
  /** Players in the standings, and who leads them. */
  classificati: Schema.Int,
  primo: Schema.NullOr(Leader),
})
export type CircuitoRiga = typeof CircuitoRiga.Type

/** circuiti/list: the sector's circuits of a season (the current one by default), by name. */
export const circuitiList = endpoint('circuiti/list', {
  request: Schema.Struct({
    ...pagingFields,
    id_settore: Id,
    stagione: Schema.optionalKey(Stagione),
  }),
  response: ListOf(CircuitoRiga),
  access: 'public',
})

/** A stage: a tournament of the calendar with its stage number. */
export const Tappa = TorneoCalendario
export type Tappa = typeof Tappa.Type

/**
 * tornei/circuiti/list: the stages of one circuit by stage number (`id_circuito`), or, without it, the next
 * stages of every circuit of the sector (running or still to come), by date.
 */
export const torneiCircuitiList = endpoint('tornei/circuiti/list', {
  request: Schema.Struct({
    ...pagingFields,
    id_settore: Id,
    id_circuito: Schema.optionalKey(Id),
  }),
  response: ListOf(Tappa),
  access: 'public',
})

export const CircuitoDettaglio = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  stagione: Schema.Int,
  id_settore: Schema.Int,
  settore: Schema.String,
  /** The discipline's code (tennis, padel…). */
  disciplina: Schema.String,
  descrizione: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  regolamento: Schema.NullOr(Schema.String),
  tappe: Schema.Int,
  tappe_concluse: Schema.Int,
  prima_tappa: Schema.NullOr(Schema.String),
  ultima_tappa: Schema.NullOr(Schema.String),
  prossima_tappa: Schema.NullOr(Schema.String),
  classificati: Schema.Int,
})
export type CircuitoDettaglio = typeof CircuitoDettaglio.Type

/** circuiti/view: one circuit; 404 «Circuito non trovato» when there is none. */
export const circuitiView = endpoint('circuiti/view', {
  request: Schema.Struct({ id: Id }),
  response: ResultOf(CircuitoDettaglio),
  access: 'public',
})
