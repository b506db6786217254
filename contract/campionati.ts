// Team championships (issue 21, item 1): the championships (squadre/campionati), their team tournaments
// (squadre/tornei), the ties' calendar and bracket (squadre/tornei/tabelloni), the group standings
// (classifiche/squadre/gironi/list), comments, entries, a team and its roster, and the zones of the filter.
// The captain's calls (proposal, lineups, results) are the tie machine's (issue 21, item 2).
import { Schema } from 'effect'
import { Id, IdPiccolo, ListOf, LookupOf, OneOf, ResultOf, Stagione, pagingFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { CALENDARIO_BASE, STAMPE_BASE } from './stampe.ts'

export const CAMPIONATO_NOT_FOUND = 'Campionato non trovato'
export const TORNEO_SQUADRE_NOT_FOUND = 'Torneo a squadre non trovato'
export const SQUADRA_NOT_FOUND = 'Squadra non trovata'

/** Championships per page of /tornei/campionati-squadre. */
export const CAMPIONATI_PAGE_SIZE = 20

export const CAMPIONATO_STATI = ['iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso', 'concluso'] as const
export type CampionatoStato = (typeof CAMPIONATO_STATI)[number]

/** What a championship's or a tie's status reads as. */
export const STATO_CAMPIONATO_LABEL: Record<string, string> = {
  programmato: 'Programmato',
  iscrizioni_aperte: 'Iscrizioni aperte',
  iscrizioni_chiuse: 'Iscrizioni chiuse',
  in_corso: 'In corso',
  concluso: 'Concluso',
  annullato: 'Annullato',
}

export const STATO_INCONTRO_LABEL: Record<string, string> = {
  da_programmare: 'Da programmare',
  proposto: 'Data proposta',
  programmato: 'Programmato',
  risultato_inserito: 'Risultato da confermare',
  confermato: 'Confermato',
  contestato: 'Contestato',
  risolto: 'Deciso dalla federazione',
}

export const Campionato = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  id_disciplina: Schema.Int,
  disciplina: Schema.String,
  id_settore: Schema.Int,
  settore: Schema.String,
  stagione: Schema.Int,
  /** M, F or X (misto). */
  genere: Schema.String,
  data_inizio: Schema.String,
  data_fine: Schema.String,
  /** ISO instant the entries close, or null. */
  iscrizioni_al: Schema.NullOr(Schema.String),
  stato: Schema.String,
  tornei: Schema.Int,
  squadre: Schema.Int,
  /** The regions (zones) of its tournaments, by name. */
  zone: Schema.Array(Schema.String),
})
export type Campionato = typeof Campionato.Type

/** squadre/campionati/list: the sector's championships, by season (latest first), then status and name. */
export const squadreCampionatiList = endpoint('squadre/campionati/list', {
  request: Schema.Struct({
    ...pagingFields,
    id_settore: Id,
    stagione: Schema.optionalKey(Stagione),
    id_zona: Schema.optionalKey(IdPiccolo),
    stato: Schema.optionalKey(OneOf(CAMPIONATO_STATI, `deve essere uno tra: ${CAMPIONATO_STATI.join(', ')}`)),
  }),
  response: ListOf(Campionato),
  access: 'public',
})

export const TorneoSquadre = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  id_campionato: Schema.Int,
  campionato: Schema.String,
  id_zona: Schema.NullOr(Schema.Int),
  zona: Schema.NullOr(Schema.String),
  data_inizio: Schema.String,
  data_fine: Schema.String,
  stato: Schema.String,
  squadre: Schema.Int,
  max_squadre: Schema.NullOr(Schema.Int),
  gironi: Schema.Int,
})
export type TorneoSquadre = typeof TorneoSquadre.Type

export const CampionatoDettaglio = Schema.Struct({
  ...Campionato.fields,
  descrizione: Schema.NullOr(Schema.String),
  regolamento: Schema.NullOr(Schema.String),
  elenco_tornei: Schema.Array(TorneoSquadre),
})
export type CampionatoDettaglio = typeof CampionatoDettaglio.Type

/** squadre/campionati/view: one championship with its team tournaments. */
export const squadreCampionatiView = endpoint('squadre/campionati/view', {
  request: Schema.Struct({ id_campionato: Id }),
  response: ResultOf(CampionatoDettaglio),
  access: 'public',
})

/** squadre/tornei/list: team tournaments, of a championship or of a sector. */
export const squadreTorneiList = endpoint('squadre/tornei/list', {
  request: Schema.Struct({
    ...pagingFields,
    id_campionato: Schema.optionalKey(Id),
    id_settore: Schema.optionalKey(Id),
    id_zona: Schema.optionalKey(IdPiccolo),
    stagione: Schema.optionalKey(Stagione),
  }),
  response: ListOf(TorneoSquadre),
  access: 'public',
})

export const SquadraRif = Schema.Struct({ id: Schema.Int, nome: Schema.String })

/** A rubber of a tie with a result: who played it and the score from the home side. */
export const PartitaIncontro = Schema.Struct({
  numero: Schema.Int,
  /** singolare | doppio */
  tipo: Schema.String,
  casa: Schema.Array(Schema.Struct({ id: Schema.Int, nome: Schema.String })),
  ospiti: Schema.Array(Schema.Struct({ id: Schema.Int, nome: Schema.String })),
  /** «6-3 4-6 10-8», from the home side; empty for a walkover. */
  punteggio: Schema.String,
  /** casa | ospiti | null */
  vincitore: Schema.NullOr(Schema.String),
  esito: Schema.String,
})
export type PartitaIncontro = typeof PartitaIncontro.Type

export const Incontro = Schema.Struct({
  id: Schema.Int,
  id_torneo: Schema.Int,
  torneo: Schema.String,
  /** gironi | finale */
  fase: Schema.String,
  giornata: Schema.Int,
  id_girone: Schema.NullOr(Schema.Int),
  girone: Schema.NullOr(Schema.String),
  casa: SquadraRif,
  ospiti: SquadraRif,
  /** ISO instant agreed by the captains, else the one proposed, else null. */
  data: Schema.NullOr(Schema.String),
  data_confermata: Schema.Boolean,
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  stato: Schema.String,
  punti_casa: Schema.NullOr(Schema.Int),
  punti_ospiti: Schema.NullOr(Schema.Int),
  id_vincitore: Schema.NullOr(Schema.Int),
  /** The rubbers, once a result is entered (lineups stay private before). */
  partite: Schema.Array(PartitaIncontro),
})
export type Incontro = typeof Incontro.Type

export const TorneoSquadreDettaglio = Schema.Struct({
  ...TorneoSquadre.fields,
  id_settore: Schema.Int,
  settore: Schema.String,
  genere: Schema.String,
  descrizione: Schema.NullOr(Schema.String),
  giudice_arbitro: Schema.NullOr(Schema.String),
  /** ISO instants of the entries' window. */
  iscrizioni_dal: Schema.NullOr(Schema.String),
  iscrizioni_al: Schema.NullOr(Schema.String),
  /** The rubbers of a tie, in order: singolare | doppio. */
  formato: Schema.Array(Schema.String),
  elenco_gironi: Schema.Array(Schema.Struct({ id: Schema.Int, nome: Schema.String })),
  /** Every tie of the group phase and of the final phase, by giornata. */
  incontri: Schema.Array(Incontro),
})
export type TorneoSquadreDettaglio = typeof TorneoSquadreDettaglio.Type

/** squadre/tornei/view: one team tournament with its groups and its calendar of ties. */
export const squadreTorneiView = endpoint('squadre/tornei/view', {
  request: Schema.Struct({ id_torneo: Id }),
  response: ResultOf(TorneoSquadreDettaglio),
  access: 'public',
})

export const TurnoTabellone = Schema.Struct({
  turno: Schema.Int,
  /** Semifinali, Finale… */
  nome: Schema.String,
  incontri: Schema.Array(Incontro),
})

export const TabelloneSquadre = Schema.Struct({
  id_torneo: Schema.Int,
  /** Whether the final phase is drawn (after the groups). */
  pubblicato: Schema.Boolean,
  turni: Schema.Array(TurnoTabellone),
  /** The caller's team in this tournament (tabelloni/view only), to show it first. */
  mia_squadra: Schema.NullOr(Schema.Int),
})
export type TabelloneSquadre = typeof TabelloneSquadre.Type

/** squadre/tornei/tabelloni/public/view: the final phase's bracket, for everyone. */
export const squadreTabelloniPublicView = endpoint('squadre/tornei/tabelloni/public/view', {
  request: Schema.Struct({ id_torneo: Id }),
  response: ResultOf(TabelloneSquadre),
  access: 'public',
})

/** squadre/tornei/tabelloni/view: the same bracket for a signed-in player, with their own team marked. */
export const squadreTabelloniView = endpoint('squadre/tornei/tabelloni/view', {
  request: Schema.Struct({ id_torneo: Id }),
  response: ResultOf(TabelloneSquadre),
  access: 'user',
})

export const RigaClassificaSquadre = Schema.Struct({
  posizione: Schema.Int,
  id_squadra: Schema.Int,
  squadra: Schema.String,
  id_circolo: Schema.Int,
  circolo: Schema.String,
  giocati: Schema.Int,
  vinti: Schema.Int,
  pareggiati: Schema.Int,
  persi: Schema.Int,
  partite_vinte: Schema.Int,
  partite_perse: Schema.Int,
  set_vinti: Schema.Int,
  set_persi: Schema.Int,
  game_vinti: Schema.Int,
  game_persi: Schema.Int,
  punti: Schema.Int,
  /** What put it below the row above: punti | incontri | partite | set | game | sorteggio (null first). */
  criterio: Schema.NullOr(Schema.String),
  /** The reason in Italian where equal points were broken: «a pari punti, più incontri vinti». */
  motivo: Schema.NullOr(Schema.String),
})
export type RigaClassificaSquadre = typeof RigaClassificaSquadre.Type

export const ClassificaGirone = Schema.Struct({
  id_girone: Schema.Int,
  girone: Schema.String,
  righe: Schema.Array(RigaClassificaSquadre),
})
export type ClassificaGirone = typeof ClassificaGirone.Type

/** classifiche/squadre/gironi/list: the standings of every girone of a team tournament (or of one). */
export const classificheSquadreGironiList = endpoint('classifiche/squadre/gironi/list', {
  request: Schema.Struct({ id_torneo: Id, id_girone: Schema.optionalKey(Id) }),
  response: ListOf(ClassificaGirone),
  access: 'public',
})

export const CommentoSquadre = Schema.Struct({
  id: Schema.Int,
  autore: Schema.String,
  testo: Schema.String,
  /** ISO instant. */
  creato_il: Schema.String,
})

/** squadre/tornei/commenti/list: the comments under a team tournament, the latest first. */
export const squadreCommentiList = endpoint('squadre/tornei/commenti/list', {
  request: Schema.Struct({ ...pagingFields, id_torneo: Id }),
  response: ListOf(CommentoSquadre),
  access: 'public',
})

export const SquadraIscritta = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  id_circolo: Schema.Int,
  circolo: Schema.String,
  id_capitano: Schema.Int,
  capitano: Schema.String,
  giocatori: Schema.Int,
  girone: Schema.NullOr(Schema.String),
  /** ISO instant of the entry. */
  iscritta_il: Schema.String,
})
export type SquadraIscritta = typeof SquadraIscritta.Type

/** squadre/tornei/iscrizioni/list: the teams entered in a team tournament, by name. */
export const squadreIscrizioniList = endpoint('squadre/tornei/iscrizioni/list', {
  request: Schema.Struct({ ...pagingFields, id_torneo: Id }),
  response: ListOf(SquadraIscritta),
  access: 'public',
})

export const GiocatoreSquadra = Schema.Struct({
  id_persona: Schema.Int,
  nome: Schema.String,
  /** capitano | giocatore */
  ruolo: Schema.String,
  id_circolo: Schema.NullOr(Schema.Int),
  circolo: Schema.NullOr(Schema.String),
  /** Rubbers played in the tournament's counted ties, and won. */
  partite: Schema.Int,
  vinte: Schema.Int,
})
export type GiocatoreSquadra = typeof GiocatoreSquadra.Type

/** squadre/giocatori/squadra/list: a team's roster, the captain first, then by surname. */
export const squadreGiocatoriSquadraList = endpoint('squadre/giocatori/squadra/list', {
  request: Schema.Struct({ ...pagingFields, id_squadra: Id }),
  response: ListOf(GiocatoreSquadra),
  access: 'public',
})

export const SquadraDettaglio = Schema.Struct({
  id: Schema.Int,
  nome: Schema.String,
  id_circolo: Schema.Int,
  circolo: Schema.String,
  id_torneo: Schema.Int,
  torneo: Schema.String,
  stato_torneo: Schema.String,
  id_campionato: Schema.Int,
  campionato: Schema.String,
  settore: Schema.String,
  stagione: Schema.Int,
  id_capitano: Schema.Int,
  capitano: Schema.String,
  id_girone: Schema.NullOr(Schema.Int),
  girone: Schema.NullOr(Schema.String),
  /** Its row in the girone's standings, once drawn. */
  posizione: Schema.NullOr(Schema.Int),
  punti: Schema.NullOr(Schema.Int),
  /** Its ties, by date. */
  incontri: Schema.Array(Incontro),
  /** The subscribable calendar of its ties (.ics). */
  calendario_url: Schema.String,
})
export type SquadraDettaglio = typeof SquadraDettaglio.Type

/** squadre/view: one team, its place and its ties (the page /tornei/dettaglio-squadra/{id}). */
export const squadreView = endpoint('squadre/view', {
  request: Schema.Struct({ id_squadra: Id }),
  response: ResultOf(SquadraDettaglio),
  access: 'public',
})

export const Zona = Schema.Struct({ id_zona: Schema.Int, zona: Schema.String })

/** squadre_zone_tmp/get: the zones (regions) where the sector's team tournaments are played. */
export const squadreZoneGet = endpoint('squadre_zone_tmp/get', {
  request: Schema.Struct({ id_settore: Id }),
  response: LookupOf(Zona),
  access: 'public',
})

/** The prints of a team tournament (PDF) a club posts: its gironi, its final phase. */
export type StampaSquadre = 'gironi' | 'tabellone'
export const stampaSquadrePath = (id: number, stampa: StampaSquadre) =>
  `${STAMPE_BASE}/squadre/tornei/${id}/${stampa}.pdf`
export const STAMPA_SQUADRE_NON_DISPONIBILE: Record<StampaSquadre, string> = {
  gironi: 'Stampa non disponibile: i gironi non sono ancora stati sorteggiati.',
  tabellone: 'Stampa non disponibile: la fase finale non è ancora stata sorteggiata.',
}

/** The .ics of a team's ties, to subscribe to: `/calendario/squadre/<id>.ics`. */
export const teamCalendarPath = (id: number) => `${CALENDARIO_BASE}/squadre/${id}.ics`
