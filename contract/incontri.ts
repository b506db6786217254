// Team championship ties (incontri, issue 21 items 2-4): the captains' calls. The life of a tie is machines/tie.ts,
// run by the server (every step) and by the client (which buttons to offer). Paths are spec §7's «Team
// championships» (giocatori/squadre/tabelloni/schieramenti/view, squadre/tabelloni/schieramenti/edit; risultato/edit,
// schieramenti_partite/genera and risultati/conferma prefixed with `squadre/`, as DESIGN.md §4 asks for short
// names); the schedule proposal and its answer, the captain's list, the federation's list of contested ties and its decision are additions.
import { Schema } from 'effect'
import { Id, Istante, ListOf, ResultOf, Text, pagingFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { SetInput } from './tabelloni.ts'

/** The states of a tie's machine, in the order captains meet them. */
export const TIE_STATES = [
  'unscheduled',
  'proposed',
  'scheduled',
  'lineupsSubmitted',
  'playing',
  'resultEntered',
  'confirmed',
  'contested',
  'resolved',
  'walkedOver',
] as const
export type TieState = (typeof TIE_STATES)[number]

/** The status column of team_ties for each state of the machine (the seed and the public pages read it). */
export const TIE_STATUS_OF: Readonly<Record<TieState, string>> = {
  unscheduled: 'da_programmare',
  proposed: 'proposto',
  scheduled: 'programmato',
  lineupsSubmitted: 'schieramenti_inviati',
  playing: 'in_gioco',
  resultEntered: 'risultato_inserito',
  confirmed: 'confermato',
  contested: 'contestato',
  resolved: 'risolto',
  walkedOver: 'walkover',
}

/** The machine's state of a stored status. */
export function tieStateOf(status: string): TieState {
  const found = TIE_STATES.find((state) => TIE_STATUS_OF[state] === status)
  if (found === undefined) throw new Error(`Stato dell'incontro sconosciuto: ${status}`)
  return found
}

/** What each state is called in the portal. */
export const TIE_STATE_TITLES: Readonly<Record<TieState, string>> = {
  unscheduled: 'Da programmare',
  proposed: 'Data proposta',
  scheduled: 'Programmato: schieramenti da inviare',
  lineupsSubmitted: 'Schieramenti inviati',
  playing: 'In gioco',
  resultEntered: 'Risultato da confermare',
  confirmed: 'Risultato confermato',
  contested: 'Risultato contestato',
  resolved: 'Contestazione decisa',
  walkedOver: 'Vinto a tavolino',
}

/** The deadlines of a tie (docs/regole.md «Campionati a squadre»). */
export const TIE_RULES = {
  /** A lineup is sent at the latest this many hours before the agreed start. */
  LINEUP_DEADLINE_HOURS: 1,
  /** A result nobody answered is confirmed after this many hours. */
  RESULT_AUTO_CONFIRM_HOURS: 48,
} as const

export type Squadra = 'casa' | 'ospiti'

/** The captain's page's address query that opens one tie (a notice's link): `?incontro=12`. */
export const capitanoSearch = (idIncontro: number) => `?incontro=${idIncontro}`
/** The tie the captain's page's query asks to open, if any. */
export function incontroOfSearch(params: URLSearchParams): number | null {
  const value = params.get('incontro')
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null
}

/** Every refusal, as the captain reads it. */
export const INCONTRI_MESSAGES = {
  notFound: 'Incontro non trovato.',
  noPerson: 'Al tuo account non è ancora associato un giocatore: completa il profilo (Modifica profilo).',
  notCaptain: 'Questa pagina è riservata al capitano della squadra.',
  notCaptainOfTie: 'Solo i capitani delle due squadre possono agire su questo incontro.',
  notVisible: 'Non hai i permessi per vedere questo incontro: è riservato ai giocatori delle due squadre.',
  notAllowed: 'Questa azione non spetta a te in questo incontro.',
  homeProposes: 'La data e l’ora le propone il capitano della squadra di casa.',
  answerOwn: 'Hai proposto tu questa data: deve rispondere l’altro capitano.',
  ownResult: 'Hai inserito tu il risultato: deve confermarlo il capitano dell’altra squadra.',
  referee: 'Decide la federazione, e non su un incontro di una squadra di cui è capitano.',
  federationOnly: 'Solo la federazione vede e decide i risultati contestati.',
  illegal: (stato: string) => `Non è possibile: l’incontro è nello stato «${stato}».`,
  dateInPast: 'La data proposta è già passata: scegline una futura.',
  dateTooLate: (fine: string) => `La data proposta è oltre la fine del torneo (${fine}).`,
  lineupMissing: (numero: number) => `Manca la partita n. ${numero} dello schieramento.`,
  lineupUnknownRubber: (numero: number) => `La partita n. ${numero} non esiste in questo incontro.`,
  lineupCount: (numero: number, n: number) =>
    `Nella partita n. ${numero} ${n === 1 ? 'gioca un giocatore' : `giocano ${n} giocatori`}.`,
  lineupTwice: (nome: string) =>
    `${nome} compare due volte: un giocatore gioca una sola partita per incontro.`,
  lineupNotInRoster: (nome: string) => `${nome} non è nella rosa della squadra.`,
  lineupNoCard: (nome: string, giorno: string) =>
    `${nome} non ha una tessera valida il giorno dell’incontro (${giorno}).`,
  lineupGender: (nome: string) => `${nome} non può giocare in questo campionato (categoria diversa).`,
  lineupMixedPair: (numero: number) => `Nel doppio misto n. ${numero} giocano un uomo e una donna.`,
  lineupSinglesOrder:
    'Nel singolare n. 1 gioca il giocatore con il Power più alto: inverti i due singolaristi.',
  lineupDoublesOrder: (numero: number) =>
    `Le coppie vanno in ordine di Power: la coppia del doppio n. ${numero} ha un Power più alto di quella prima.`,
  resultMissing: (numero: number) => `Manca il risultato della partita n. ${numero}.`,
  resultRubber: (numero: number, message: string) => `Partita n. ${numero}: ${message}`,
} as const

/** One rubber of a lineup: its number and who plays it (one player in singles, two in doubles). */
export const PartitaSchieramento = Schema.Struct({
  numero: Id,
  giocatori: Schema.Array(Id).pipe(
    Schema.check(Schema.isMaxLength(2, { message: 'deve avere al massimo 2 giocatori' })),
  ),
})

const Persona = Schema.Struct({ id: Schema.Int, nome: Schema.String })

/** A player of the viewer's roster, with what the lineup form must know about them. */
export const GiocatoreRosa = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  capitano: Schema.Boolean,
  power: Schema.NullOr(Schema.Number),
  /** Whether they hold a card of the discipline valid on the tie's day (null: no day agreed yet). */
  tessera_valida: Schema.NullOr(Schema.Boolean),
})

export const PartitaIncontro = Schema.Struct({
  numero: Schema.Int,
  tipo: Schema.Literals(['singolare', 'doppio']),
  casa: Schema.Array(Persona),
  ospiti: Schema.Array(Persona),
  esito: Schema.String,
  vincitore: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
  punteggio: Schema.NullOr(Schema.String),
})

export const SquadraIncontro = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  capitano: Schema.Int,
  capitano_nome: Schema.String,
  /** Whether the team's lineup is in. */
  schieramento_inviato: Schema.Boolean,
  /** The lineup, rubber by rubber; null while it is hidden from the viewer (the other team, until both are in). */
  schieramento: Schema.NullOr(
    Schema.Array(Schema.Struct({ numero: Schema.Int, giocatori: Schema.Array(Persona) })),
  ),
})

export const RigaIncontro = Schema.Struct({
  id: Schema.Int,
  id_torneo: Schema.Int,
  giornata: Schema.Int,
  stato: Schema.Literals(TIE_STATES),
  titolo_stato: Schema.String,
  casa: Schema.Struct({ id: Schema.Int, nome: Schema.String }),
  ospiti: Schema.Struct({ id: Schema.Int, nome: Schema.String }),
  data_proposta: Schema.NullOr(Schema.String),
  /** casa | ospiti: who proposed the date waiting for an answer. */
  proposta_da: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
  data_confermata: Schema.NullOr(Schema.String),
  scade_il: Schema.NullOr(Schema.String),
  punti_casa: Schema.NullOr(Schema.Int),
  punti_ospiti: Schema.NullOr(Schema.Int),
  /** The viewer's team in this tie, if any. */
  mia_squadra: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
  da_fare: Schema.NullOr(Schema.String),
})
export type RigaIncontro = typeof RigaIncontro.Type

/** The machine's context as stored, so the client asks `can(...)` of the very machine the server runs. */
export const ContestoIncontro = Schema.Struct({
  capitani: Schema.Struct({ casa: Schema.Int, ospiti: Schema.Int }),
  proposta: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
  schieramenti: Schema.Struct({ casa: Schema.Boolean, ospiti: Schema.Boolean }),
  risultato: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
  vincitore: Schema.NullOr(Schema.Literals(['casa', 'ospiti'])),
})

export const Incontro = Schema.Struct({
  ...RigaIncontro.fields,
  torneo: Schema.String,
  id_settore: Schema.Int,
  specialita: Schema.Literals(['singolare', 'doppio']),
  genere: Schema.String,
  /** The rubbers' kinds in order, what a lineup fills. */
  formato: Schema.Array(Schema.Literals(['singolare', 'doppio'])),
  squadra_casa: SquadraIncontro,
  squadra_ospiti: SquadraIncontro,
  partite: Schema.Array(PartitaIncontro),
  /** The viewer's roster, for the lineup form (empty for who is not a captain of the tie). */
  rosa: Schema.Array(GiocatoreRosa),
  motivo_contestazione: Schema.NullOr(Schema.String),
  risoluzione: Schema.NullOr(Schema.String),
  contesto: ContestoIncontro,
  storia: Schema.Array(
    Schema.Struct({ descrizione: Schema.String, chi: Schema.NullOr(Schema.String), at: Schema.String }),
  ),
  /** True when the viewer may decide the contested result: the federation, not a captain of the tie. */
  arbitro: Schema.Boolean,
})
export type Incontro = typeof Incontro.Type

export const IncontriCapitano = Schema.Struct({
  squadra: Schema.Struct({ id: Schema.Int, nome: Schema.String, circolo: Schema.String }),
  torneo: Schema.Struct({ id: Schema.Int, nome: Schema.String }),
  incontri: Schema.Array(RigaIncontro),
})
export type IncontriCapitano = typeof IncontriCapitano.Type

const TieRequest = Schema.Struct({ id_incontro: Id })

export const incontriCapitanoList = endpoint('squadre/incontri/capitano/list', {
  request: Schema.Struct({ id_torneo: Id }),
  response: ResultOf(IncontriCapitano),
  access: 'user',
})

export const schieramentiView = endpoint('giocatori/squadre/tabelloni/schieramenti/view', {
  request: TieRequest,
  response: ResultOf(Incontro),
  access: 'user',
})

export const incontroDataProponi = endpoint('squadre/incontri/data/proponi', {
  request: Schema.Struct({ id_incontro: Id, data: Istante }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const incontroDataRispondi = endpoint('squadre/incontri/data/rispondi', {
  request: Schema.Struct({ id_incontro: Id, risposta: Schema.Literals(['accetta', 'rifiuta']) }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const schieramentiEdit = endpoint('squadre/tabelloni/schieramenti/edit', {
  request: Schema.Struct({
    id_incontro: Id,
    partite: Schema.Array(PartitaSchieramento).pipe(
      Schema.check(Schema.isMaxLength(5, { message: 'deve avere al massimo 5 partite' })),
    ),
  }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const schieramentiPartiteGenera = endpoint('squadre/schieramenti_partite/genera', {
  request: TieRequest,
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const RisultatoPartitaIncontro = Schema.Struct({
  numero: Id,
  esito: Schema.Literals(['giocata', 'ritiro', 'walkover']),
  /** Games of the home side (a) and of the visitors (b) in each set; points in pickleball. */
  set: Schema.Array(SetInput).pipe(
    Schema.check(Schema.isMaxLength(5, { message: 'deve avere al massimo 5 set' })),
  ),
  /** Who won a rubber ended by a retirement or a walkover; for a played one it follows from the sets. */
  vincitore: Schema.optionalKey(Schema.Literals(['casa', 'ospiti'])),
})
export type RisultatoPartitaIncontro = typeof RisultatoPartitaIncontro.Type

export const incontroRisultatoEdit = endpoint('squadre/risultato/edit', {
  request: Schema.Struct({
    id_incontro: Id,
    partite: Schema.Array(RisultatoPartitaIncontro).pipe(
      Schema.check(Schema.isMaxLength(5, { message: 'deve avere al massimo 5 partite' })),
    ),
  }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const incontroRisultatiConferma = endpoint('squadre/risultati/conferma', {
  request: Schema.Struct({
    id_incontro: Id,
    esito: Schema.Literals(['conferma', 'contesta']),
    motivo: Schema.optionalKey(Text(500, { righe: true })),
  }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

export const incontroRisultatiRisolvi = endpoint('squadre/risultati/risolvi', {
  request: Schema.Struct({
    id_incontro: Id,
    esito: Schema.Literals(['confermato', 'annullato']),
    nota: Schema.optionalKey(Text(500, { righe: true })),
  }),
  response: ResultOf(Incontro),
  access: 'user',
  write: true,
})

/** A contested tie as the federation decides it: both teams, the result entered, its rubbers, who contested and why. */
export const IncontroContestato = Schema.Struct({
  id: Schema.Int,
  id_torneo: Schema.Int,
  torneo: Schema.String,
  giornata: Schema.Int,
  stato: Schema.Literals(TIE_STATES),
  casa: Schema.Struct({ id: Schema.Int, nome: Schema.String, capitano_nome: Schema.String }),
  ospiti: Schema.Struct({ id: Schema.Int, nome: Schema.String, capitano_nome: Schema.String }),
  data_confermata: Schema.NullOr(Schema.String),
  punti_casa: Schema.NullOr(Schema.Int),
  punti_ospiti: Schema.NullOr(Schema.Int),
  partite: Schema.Array(PartitaIncontro),
  /** Who entered the result and when (ISO instant). */
  risultato_inserito_da: Schema.NullOr(Schema.String),
  risultato_inserito_il: Schema.NullOr(Schema.String),
  contestato_da: Schema.NullOr(Schema.String),
  contestato_il: Schema.NullOr(Schema.String),
  motivo_contestazione: Schema.NullOr(Schema.String),
  contesto: ContestoIncontro,
  /** False when the caller captains one of the two teams: then another officer decides. */
  arbitro: Schema.Boolean,
})
export type IncontroContestato = typeof IncontroContestato.Type

/** The contested ties waiting for the federation, the longest waiting first (federation only, docs/ruoli.md). */
export const incontriContestatiList = endpoint('squadre/risultati/contestati/list', {
  request: Schema.Struct({ ...pagingFields }),
  response: ListOf(IncontroContestato),
  access: 'user',
})
