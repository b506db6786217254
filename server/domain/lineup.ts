// Who may play which rubber of a tie (docs/regole.md «Campionati a squadre», «Schieramenti»): a plain check of a
// captain's lineup against the tie's format, the team's roster, the players' cards on the tie's day, the
// championship's category and the order of the players' Power. The repository gathers the facts; this decides.
import { INCONTRI_MESSAGES as M } from '../../contract/incontri.ts'

export type RubberKind = 'singolare' | 'doppio'

/** The rubbers of a tie, in order: tennis two singles and a doubles, the other disciplines three doubles. */
export function tieFormat(specialita: 'singolare' | 'doppio'): RubberKind[] {
  return specialita === 'singolare' ? ['singolare', 'singolare', 'doppio'] : ['doppio', 'doppio', 'doppio']
}

/** What the check must know of a player named in a lineup. */
export type LineupPlayer = {
  id: number
  nome: string
  sesso: 'M' | 'F' | null
  /** Power in the championship's sector; null for who has none yet (counts as the lowest). */
  power: number | null
  /** In the team's roster. */
  inRosa: boolean
  /** Holds a card of the championship's discipline valid on the tie's day. */
  tesseraValida: boolean
}

export type LineupInput = {
  formato: readonly RubberKind[]
  /** The championship's category: M, F or X (mixed). */
  genere: string
  /** The tie's day, as the captain reads it in a refusal (e.g. «12/06/2026»). */
  giorno: string
  partite: readonly { numero: number; giocatori: readonly number[] }[]
  players: ReadonlyMap<number, LineupPlayer>
}

export type LineupCheck =
  { ok: true; partite: { numero: number; giocatori: number[] }[] } | { ok: false; message: string }

const powerOf = (player: LineupPlayer | undefined) => player?.power ?? 0

/**
 * Checks one team's lineup. In order: every rubber once, each with one player (singles) or two (doubles); no
 * player twice in the tie; every player in the roster, with a valid card on the day, of the championship's
 * category (a man and a woman in a mixed doubles); singles players and doubles pairs in decreasing order of Power.
 */
export function checkLineup(input: LineupInput): LineupCheck {
  const byNumber = new Map<number, readonly number[]>()
  for (const partita of input.partite) {
    if (partita.numero > input.formato.length || byNumber.has(partita.numero))
      return { ok: false, message: M.lineupUnknownRubber(partita.numero) }
    byNumber.set(partita.numero, partita.giocatori)
  }
  const partite: { numero: number; giocatori: number[] }[] = []
  for (const [k, tipo] of input.formato.entries()) {
    const numero = k + 1
    const giocatori = byNumber.get(numero)
    if (giocatori === undefined || giocatori.length === 0)
      return { ok: false, message: M.lineupMissing(numero) }
    const size = tipo === 'doppio' ? 2 : 1
    if (giocatori.length !== size) return { ok: false, message: M.lineupCount(numero, size) }
    partite.push({ numero, giocatori: [...giocatori] })
  }
  const name = (id: number) => input.players.get(id)?.nome ?? `Il giocatore ${id}`
  const seen = new Set<number>()
  for (const { giocatori } of partite)
    for (const id of giocatori) {
      if (seen.has(id)) return { ok: false, message: M.lineupTwice(name(id)) }
      seen.add(id)
    }
  for (const id of seen) {
    const player = input.players.get(id)
    if (!player?.inRosa) return { ok: false, message: M.lineupNotInRoster(name(id)) }
    if (!player.tesseraValida) return { ok: false, message: M.lineupNoCard(player.nome, input.giorno) }
    if ((input.genere === 'M' || input.genere === 'F') && player.sesso !== input.genere)
      return { ok: false, message: M.lineupGender(player.nome) }
  }
  if (input.genere === 'X')
    for (const [k, { numero, giocatori }] of partite.entries()) {
      if (input.formato[k] !== 'doppio') continue
      const sexes = new Set(giocatori.map((id) => input.players.get(id)?.sesso))
      if (!(sexes.has('M') && sexes.has('F'))) return { ok: false, message: M.lineupMixedPair(numero) }
    }
  const strength = (giocatori: readonly number[]) =>
    giocatori.reduce((sum, id) => sum + powerOf(input.players.get(id)), 0)
  for (const kind of ['singolare', 'doppio'] as const) {
    const ofKind = partite.filter((_, k) => input.formato[k] === kind)
    for (let k = 1; k < ofKind.length; k++) {
      if (strength(ofKind[k]!.giocatori) > strength(ofKind[k - 1]!.giocatori))
        return {
          ok: false,
          message: kind === 'singolare' ? M.lineupSinglesOrder : M.lineupDoublesOrder(ofKind[k]!.numero),
        }
    }
  }
  return { ok: true, partite }
}
