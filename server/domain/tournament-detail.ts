// How the tournament detail words its data: scores, the club's map link, round names, file names. Plain functions.
import { categoryLabel } from '../../contract/constants.ts'
import { personName } from '../../contract/words.ts'
import {
  FORMULA_NOMI,
  GENERE_NOMI,
  LIMITI_POWER,
  STATO_NOMI,
  type GironeClassifica,
  type Incontro,
  type Tabellone,
  type TorneoDettaglio,
} from '../../contract/torneo.ts'
import type { SetScore } from '../db/schema/domain.ts'
import { orderOfPlay, type PlannedMatch } from './order-of-play.ts'
import { scoreString, type Side } from '../../contract/scores.ts'
import { roundName } from './points.ts'
import { tournamentStatusAt } from './tournaments.ts'

export { roundName }

/**
 * «6-4 3-6 7-6(5)» read from side `from` (the winner's, on a draw: issue 19, item 8); a walkover is «w.o.», a
 * retirement adds «rit.»; a bye or an unplayed match is empty.
 */
export function formatScore(esito: string, sets: readonly SetScore[] | null, from: Side = 'A'): string {
  if (esito === 'walkover') return 'w.o.'
  if (esito === 'bye' || esito === 'da_giocare') return ''
  const text = scoreString(sets ?? [], from)
  return esito === 'ritiro' ? `${text} rit.`.trim() : text
}

/** An OpenStreetMap search of an address: no key, no tracking, opens in any browser or map app. */
export function mapSearchUrl(place: {
  indirizzo: string
  cap: string | null
  comune: string
  provincia: string
}) {
  const query = [
    place.indirizzo,
    [place.cap, place.comune].filter(Boolean).join(' '),
    place.provincia,
    'Italia',
  ]
    .filter(Boolean)
    .join(', ')
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`
}

/** «Mario Rossi». */
export { personName }

/** A file name from a tournament's name: «torneo-open-di-roma-2026-05-03». */
export function fileSlug(nome: string, date: string): string {
  const base = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${base || 'torneo'}-${date}`
}

/** Places left: null without a cap, never below zero. */
export function placesLeft(max: number | null, enrolled: number): number | null {
  return max === null ? null : Math.max(0, max - enrolled)
}

/** A side of a match or a row of standings: the entry and its one or two players. */
export type EntrySide = {
  id_iscrizione: number
  giocatori: { id: number; nome: string }[]
  testa_di_serie: number | null
}

export type MatchRow = {
  id: number
  drawId: number
  groupId: number | null
  turno: number
  posizione: number
  entryAId: number | null
  entryBId: number | null
  winnerEntryId: number | null
  esito: string
  sets: SetScore[] | null
}

/** The rows the detail is built from (server/repositories/tournament-detail.ts `detail`). */
export type DetailRows = {
  t: {
    id: number
    nome: string
    tipo: string
    categoria: string
    specialita: string
    genere: string
    formula: string
    sectorId: number
    status: string
    dataInizio: string
    dataFine: string
    iscrizioniDal: Date | null
    iscrizioniAl: Date | null
    maxIscritti: number | null
    quotaCentesimi: number
    descrizione: string | null
    locandina: string | null
    giudiceArbitro: string | null
    circuitId: number | null
    tappa: number | null
    aggiornatoIl: Date
  }
  club: {
    id: number
    nome: string
    indirizzo: string
    cap: string | null
    comune: string
    provincia: string
    telefono: string | null
    email: string | null
    sitoWeb: string | null
  } | null
  disciplina: string
  disciplina_nome: string
  settore: string
  circuito: string | null
  iscritti: number
  in_attesa: number
  tabelloni: { id: number; tipo: string; fase: number; nome: string; sorteggiato: boolean }[]
}

/** The answer of tornei/dettaglio/view, its status read at `now` (`tournamentStatusAt`). */
export function toDettaglio(found: DetailRows, now: Date): TorneoDettaglio {
  const { t, club } = found
  const stato = tournamentStatusAt(t, now)
  return {
    id: t.id,
    nome: t.nome,
    tipo: t.tipo,
    categoria: t.categoria,
    categoria_nome: categoryLabel(t.categoria),
    limite_power: LIMITI_POWER[t.categoria] ?? null,
    specialita: t.specialita,
    genere: t.genere,
    genere_nome: GENERE_NOMI[t.genere] ?? t.genere,
    formula: t.formula,
    formula_nome: FORMULA_NOMI[t.formula] ?? t.formula,
    disciplina: found.disciplina,
    disciplina_nome: found.disciplina_nome,
    id_settore: t.sectorId,
    settore: found.settore,
    stato,
    stato_nome: STATO_NOMI[stato] ?? stato,
    data_inizio: t.dataInizio,
    data_fine: t.dataFine,
    iscrizioni_dal: t.iscrizioniDal?.toISOString() ?? null,
    iscrizioni_al: t.iscrizioniAl?.toISOString() ?? null,
    max_iscritti: t.maxIscritti,
    iscritti: found.iscritti,
    in_attesa: found.in_attesa,
    posti_liberi: placesLeft(t.maxIscritti, found.iscritti),
    quota_centesimi: t.quotaCentesimi,
    descrizione: t.descrizione,
    locandina: t.locandina,
    giudice_arbitro: t.giudiceArbitro,
    circolo: club
      ? {
          id: club.id,
          nome: club.nome,
          indirizzo: club.indirizzo,
          cap: club.cap,
          comune: club.comune,
          provincia: club.provincia,
          telefono: club.telefono,
          email: club.email,
          sito_web: club.sitoWeb,
          mappa_url: mapSearchUrl(club),
        }
      : null,
    circuito:
      t.circuitId !== null && found.circuito !== null
        ? { id: t.circuitId, nome: found.circuito, tappa: t.tappa }
        : null,
    tabelloni: found.tabelloni,
    aggiornato_il: t.aggiornatoIl.toISOString(),
  }
}

/** A match as the page and the prints read it; its time and court are the order of play's. */
export function toIncontro(
  m: MatchRow,
  sides: Map<number, EntrySide>,
  planned: PlannedMatch | undefined,
): Incontro {
  return {
    id: m.id,
    turno: m.turno,
    posizione: m.posizione,
    a: m.entryAId !== null ? (sides.get(m.entryAId) ?? null) : null,
    b: m.entryBId !== null ? (sides.get(m.entryBId) ?? null) : null,
    vincitore:
      m.winnerEntryId === null
        ? null
        : m.winnerEntryId === m.entryAId
          ? 'a'
          : m.winnerEntryId === m.entryBId
            ? 'b'
            : null,
    esito: m.esito,
    // Written from the winner's side, as a draw reads: «6-3 4-6 7-5» for whoever won it.
    punteggio: formatScore(
      m.esito,
      m.sets,
      m.winnerEntryId !== null && m.winnerEntryId === m.entryBId ? 'B' : 'A',
    ),
    set: m.esito === 'walkover' || m.esito === 'bye' ? [] : (m.sets ?? []).map((s) => ({ ...s })),
    programmata_il: planned?.start.toISOString() ?? null,
    campo: planned?.court ?? null,
  }
}

export type DrawRows = {
  phases: {
    id: number
    tipo: string
    fase: number
    nome: string
    dimensione: number
    turni: number | null
    seedHash: string
    hashPubblicatoIl: Date
    seed: string | null
    sorteggiatoIl: Date | null
  }[]
  groups: { id: number; drawId: number; nome: string; ordine: number }[]
  matches: MatchRow[]
  sides: Map<number, EntrySide>
  /** What the order of play starts from: the tournament's first day and the club's courts. */
  plan: { firstDay: string; courts: string[] }
}

/** The order of play of a tournament's matches (server/domain/order-of-play.ts). */
export function planOf({ phases, matches, sides, plan }: DrawRows): Map<number, PlannedMatch> {
  const fase = new Map(phases.map((d) => [d.id, d.fase]))
  const persons = (entry: number | null) =>
    entry === null ? [] : (sides.get(entry)?.giocatori.map((g) => g.id) ?? [])
  return orderOfPlay({
    firstDay: plan.firstDay,
    courts: plan.courts,
    matches: matches.map((m) => ({
      id: m.id,
      fase: fase.get(m.drawId) ?? 1,
      drawId: m.drawId,
      groupId: m.groupId,
      turno: m.turno,
      posizione: m.posizione,
      players: [...persons(m.entryAId), ...persons(m.entryBId)],
      bye: m.esito === 'bye',
    })),
  })
}

/** Every phase of the draw: an elimination one by rounds (named), a group one by girone, with the order of play. */
export function toTabelloni(rows: DrawRows): Tabellone[] {
  const { phases, groups, matches, sides } = rows
  const planned = planOf(rows)
  const incontro = (m: MatchRow) => toIncontro(m, sides, planned.get(m.id))
  return phases.map((phase) => {
    const own = matches.filter((m) => m.drawId === phase.id)
    const rounds = phase.turni ?? Math.max(0, ...own.map((m) => m.turno))
    const turni =
      phase.tipo === 'eliminazione'
        ? Array.from({ length: rounds }, (_, i) => ({
            turno: i + 1,
            nome: roundName(i + 1, rounds),
            incontri: own.filter((m) => m.turno === i + 1).map(incontro),
          }))
        : []
    const gironi =
      phase.tipo === 'gironi'
        ? groups
            .filter((g) => g.drawId === phase.id)
            .map((g) => ({
              id: g.id,
              nome: g.nome,
              incontri: own.filter((m) => m.groupId === g.id).map(incontro),
            }))
        : []
    return {
      id: phase.id,
      tipo: phase.tipo,
      fase: phase.fase,
      nome: phase.nome,
      dimensione: phase.dimensione,
      seed_hash: phase.seedHash,
      hash_pubblicato_il: phase.hashPubblicatoIl.toISOString(),
      seed: phase.seed,
      sorteggiato_il: phase.sorteggiatoIl?.toISOString() ?? null,
      turni,
      gironi,
    }
  })
}

export type StandingRows = {
  rows: {
    groupId: number
    nome: string
    drawId: number
    s: {
      entryId: number
      posizione: number
      giocate: number
      vinte: number
      perse: number
      setVinti: number
      setPersi: number
      gameVinti: number
      gamePersi: number
      punti: number
      qualificato: boolean
    }
  }[]
  sides: Map<number, EntrySide>
}

/** The standings of every girone, grouped, in the rows' order. */
export function toClassifiche({ rows, sides }: StandingRows): GironeClassifica[] {
  const byGroup = new Map<number, GironeClassifica & { righe: GironeClassifica['righe'][number][] }>()
  for (const row of rows) {
    let group = byGroup.get(row.groupId)
    if (!group)
      byGroup.set(
        row.groupId,
        (group = { id: row.groupId, nome: row.nome, id_tabellone: row.drawId, righe: [] }),
      )
    const s = row.s
    group.righe.push({
      posizione: s.posizione,
      lato: sides.get(s.entryId) ?? { id_iscrizione: s.entryId, giocatori: [], testa_di_serie: null },
      giocate: s.giocate,
      vinte: s.vinte,
      perse: s.perse,
      set_vinti: s.setVinti,
      set_persi: s.setPersi,
      game_vinti: s.gameVinti,
      game_persi: s.gamePersi,
      punti: s.punti,
      qualificato: s.qualificato,
    })
  }
  return [...byGroup.values()]
}
