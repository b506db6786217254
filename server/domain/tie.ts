// Team championship ties (issue 21; DESIGN.md §5; docs/regole.md «Campionati a squadre»): the life of a tie
// decided with machines/tie.ts through xstate's pure functions, why a step is refused, its deadlines, what a
// captain must do next, the date a captain may propose, and the tie's result from its rubbers. Plain functions
// over plain data; the repository serialises the requests on the tie's row and performs the actions.
import { type AnyEventObject, initialTransition, transition } from 'xstate'
import {
  INCONTRI_MESSAGES as M,
  TIE_RULES,
  TIE_STATE_TITLES,
  type RisultatoPartitaIncontro,
  type Squadra,
  type TieState,
} from '../../contract/incontri.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { type CheckedScore, type Scoring, checkScore } from '../../contract/scores.ts'
import { type TieContext, type TieEvent, type TieInput, sideOf, tieMachine } from '../../machines/tie.ts'
import type { RefusalReason } from './lifecycle.ts'
import { refusalStatus } from './lifecycle.ts'

const HOUR = 3_600_000

/** A tie as stored: the machine's state and its context, rebuilt from the tie's rows. */
export type StoredTie = { value: TieState; context: TieContext }

export type TieDecision =
  | { ok: true; from: TieState; to: TieState; stored: StoredTie; actions: string[] }
  | { ok: false; from: TieState }

/** A new tie: the machine's initial state with its captains. */
export function startTie(input: TieInput): StoredTie {
  const [initial] = initialTransition(tieMachine, input)
  return { value: initial.value as TieState, context: structuredClone(initial.context) }
}

/** An event on a stored tie. `ok: false` when the machine takes no transition: the 409 (or 403) case. */
export function decideTie(stored: StoredTie, event: TieEvent): TieDecision {
  const snapshot = tieMachine.resolveState({ value: stored.value, context: stored.context })
  const [next, actions] = transition(tieMachine, snapshot, event as AnyEventObject as TieEvent)
  if (next === snapshot) return { ok: false, from: stored.value }
  return {
    ok: true,
    from: stored.value,
    to: next.value as TieState,
    stored: { value: next.value as TieState, context: structuredClone(next.context) },
    actions: actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.')),
  }
}

/** Whether the machine would take the event now (the client asks the same to offer a button). */
export function canDoTie(stored: StoredTie, event: TieEvent): boolean {
  return tieMachine.resolveState({ value: stored.value, context: stored.context }).can(event)
}

/**
 * Why the machine refused an event (docs/regole.md «Rifiuti: 403 e 409»): a step that belongs to the other
 * captain, or someone who is not a captain of the tie, is 403; a step nobody may take in this state is 409.
 */
export function tieRefusalOf(stored: StoredTie, event: TieEvent): RefusalReason {
  const forbidden = (message: string): RefusalReason => ({ status: 403, message })
  const title = TIE_STATE_TITLES[stored.value].toLowerCase()
  const side = sideOf(stored.context, event.by)
  if (event.type === 'incontro.risolvi') {
    if (!event.arbitro || side !== undefined) return forbidden(M.referee)
    return { status: 409, message: M.illegal(title) }
  }
  if (side === undefined) return forbidden(M.notCaptainOfTie)
  const { capitani } = stored.context
  if (refusalStatus((e) => canDoTie(stored, e), event, [capitani.casa, capitani.ospiti]) === 403) {
    if (event.type === 'incontro.conferma' || event.type === 'incontro.contesta')
      return forbidden(M.ownResult)
    if (event.type === 'incontro.proponiData' && stored.value === 'unscheduled')
      return forbidden(M.homeProposes)
    if (stored.value === 'proposed') return forbidden(M.answerOwn)
    return forbidden(M.notAllowed)
  }
  return { status: 409, message: M.illegal(title) }
}

/** The running deadline of a tie in a state: lineups before the start, an unanswered result. Null when none. */
export function tieDeadlineOf(state: TieState, start: Date | null, from: Date): Date | null {
  if (state === 'scheduled' && start !== null)
    return new Date(start.getTime() - TIE_RULES.LINEUP_DEADLINE_HOURS * HOUR)
  if (state === 'resultEntered') return new Date(from.getTime() + TIE_RULES.RESULT_AUTO_CONFIRM_HOURS * HOUR)
  return null
}

/** The event the portal sends when a tie's deadline passed, if its state has one. */
export function tieDeadlineEvent(state: TieState): TieEvent | undefined {
  if (state === 'scheduled') return { type: 'incontro.scadenzaSchieramenti', by: null }
  if (state === 'resultEntered') return { type: 'incontro.confermaAutomatica', by: null }
  return undefined
}

/**
 * Whether a proposed start is acceptable: in the future, with time for the lineups (their deadline must not have
 * passed already), and no later than the tournament's last day.
 */
export function proposalDateRefusal(data: Date, now: Date, lastDay: string): string | null {
  if (data.getTime() - TIE_RULES.LINEUP_DEADLINE_HOURS * HOUR <= now.getTime()) return M.dateInPast
  if (todayInItaly(data) > lastDay) return M.dateTooLate(lastDay.split('-').toReversed().join('/'))
  return null
}

/** What the viewer must do now on the tie, in Italian; null when nothing waits for them. */
export function tieToDo(stored: StoredTie, viewer: number | null): string | null {
  if (viewer === null || sideOf(stored.context, viewer) === undefined) return null
  const can = (type: TieEvent['type']) => canDoTie(stored, { type, by: viewer } as TieEvent)
  if (can('incontro.accettaData')) return 'Rispondi alla data proposta'
  if (can('incontro.proponiData')) return 'Proponi giorno e ora'
  if (stored.value === 'scheduled') {
    const side = sideOf(stored.context, viewer)!
    return stored.context.schieramenti[side] ? null : 'Invia lo schieramento'
  }
  if (can('incontro.generaPartite')) return 'Genera le partite'
  if (can('incontro.risultato')) return 'Inserisci i risultati'
  if (can('incontro.conferma')) return 'Conferma o contesta il risultato'
  return null
}

/** A rubber's score as entered, checked; the home side is «A». */
export type CheckedRubber = { numero: number; score: CheckedScore; vincitore: Squadra }

/**
 * The rubbers' results of a tie, each checked against the discipline's scoring (contract/scores.ts, the module
 * the challenges and the tournaments use): every rubber once, none missing.
 */
export function checkTieResult(
  partite: readonly RisultatoPartitaIncontro[],
  rubbers: number,
  scoring: Scoring,
): { ok: true; rubbers: CheckedRubber[] } | { ok: false; message: string } {
  const checked: CheckedRubber[] = []
  for (let numero = 1; numero <= rubbers; numero++) {
    const entered = partite.filter((p) => p.numero === numero)
    if (entered.length !== 1) return { ok: false, message: M.resultMissing(numero) }
    const [partita] = entered as [RisultatoPartitaIncontro]
    const result = checkScore(
      {
        esito: partita.esito,
        sets: partita.set,
        vincitore: partita.vincitore === undefined ? undefined : partita.vincitore === 'casa' ? 'A' : 'B',
      },
      scoring,
    )
    if (!result.ok) return { ok: false, message: M.resultRubber(numero, result.message) }
    checked.push({
      numero,
      score: result.score,
      vincitore: result.score.vincitore === 'A' ? 'casa' : 'ospiti',
    })
  }
  const extra = partite.find((p) => p.numero > rubbers)
  if (extra) return { ok: false, message: M.lineupUnknownRubber(extra.numero) }
  return { ok: true, rubbers: checked }
}

/** Rubbers won by each side and the tie's winner (an odd number of rubbers always has one). */
export function tieScore(rubbers: readonly { vincitore: Squadra | null }[]): {
  casa: number
  ospiti: number
  vincitore: Squadra
} {
  const casa = rubbers.filter((r) => r.vincitore === 'casa').length
  const ospiti = rubbers.filter((r) => r.vincitore === 'ospiti').length
  return { casa, ospiti, vincitore: casa > ospiti ? 'casa' : 'ospiti' }
}

/** What happened, in Italian, for the tie's timeline. */
export function describeTieEvent(evento: string, aStato: TieState, nota: string | null): string {
  const withNote = (text: string) => (nota === null ? text : `${text}: ${nota}`)
  switch (evento) {
    case 'incontro.proponiData':
      return withNote('Data proposta')
    case 'incontro.accettaData':
      return withNote('Data accettata')
    case 'incontro.rifiutaData':
      return 'Data rifiutata: il capitano di casa ne propone un’altra'
    case 'incontro.schieramento':
      return aStato === 'lineupsSubmitted'
        ? 'Schieramento inviato: ora sono visibili entrambi'
        : 'Schieramento inviato'
    case 'incontro.scadenzaSchieramenti':
      return withNote('Schieramento mancante all’ora limite: incontro a tavolino')
    case 'incontro.generaPartite':
      return 'Partite generate dai due schieramenti'
    case 'incontro.risultato':
      return withNote('Risultato inserito')
    case 'incontro.conferma':
      return 'Risultato confermato'
    case 'incontro.contesta':
      return withNote('Risultato contestato')
    case 'incontro.confermaAutomatica':
      return `Risultato confermato d’ufficio dopo ${TIE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore`
    case 'incontro.risolvi':
      return withNote('La federazione ha deciso')
    default:
      return TIE_STATE_TITLES[aStato]
  }
}

/** One team's row of a group's standings. */
export type TeamRow = {
  teamId: number
  giocati: number
  vinti: number
  persi: number
  partiteVinte: number
  partitePerse: number
  punti: number
}

/** What the tie's notices say about it: its teams, day, score and what the request brought. */
export type TieNoticeFacts = {
  casa: string
  ospiti: string
  giornata: number
  /** The result as it stands (entered, confirmed or decided), if any. */
  punti: { casa: number; ospiti: number } | null
  /** The proposed or accepted start, in words. */
  momento: string | null
  /** The deadline of the state the tie moved to, in words. */
  scadenza: string | null
  /** The reason of a contest, the federation's note. */
  nota: string | null
}

const CAPTAIN_WORDS: Record<Squadra, string> = { casa: 'il capitano di casa', ospiti: 'il capitano ospite' }
const otherSide = (side: Squadra): Squadra => (side === 'casa' ? 'ospiti' : 'casa')

/**
 * The portal notices of a decided step (docs/regole.md «Campionati a squadre», «Avvisi ai capitani»): who among
 * the two captains is told what. The other captain of a proposal, an answer, a result to confirm, a confirmation or
 * a contest; both captains of the federation's decision and of a deadline that passed. Nobody is told of a lineup
 * (the other team sees it only when both are in) or of the rubbers generated.
 */
export function tieNotices(
  before: StoredTie,
  after: StoredTie,
  event: TieEvent,
  facts: TieNoticeFacts,
): { destinatario: number; testo: string }[] {
  const { capitani } = before.context
  const head = `${facts.casa} – ${facts.ospiti} (giornata ${facts.giornata})`
  const score =
    facts.punti === null
      ? 'inserito'
      : `${facts.casa} ${facts.punti.casa} – ${facts.punti.ospiti} ${facts.ospiti}`
  const side = sideOf(before.context, event.by)
  const toOther = (testo: string) =>
    side === undefined ? [] : [{ destinatario: capitani[otherSide(side)], testo: `${head}: ${testo}` }]
  const toBoth = (testo: string) =>
    (['casa', 'ospiti'] as const).map((s) => ({ destinatario: capitani[s], testo: `${head}: ${testo}` }))
  const who = side === undefined ? '' : CAPTAIN_WORDS[side]
  const lineupHours = TIE_RULES.LINEUP_DEADLINE_HOURS
  const beforeStart = lineupHours === 1 ? 'un’ora prima dell’inizio' : `${lineupHours} ore prima dell’inizio`
  switch (event.type) {
    case 'incontro.proponiData':
      return toOther(`${who} propone ${facts.momento}. Accetta la data o proponine un’altra.`)
    case 'incontro.accettaData':
      return toOther(
        `${who} ha accettato la data: ${facts.momento}. Invia lo schieramento entro ${facts.scadenza}.`,
      )
    case 'incontro.rifiutaData':
      return toOther(
        side === 'casa'
          ? `${who} ha rifiutato la data proposta: ne proporrà un’altra.`
          : `${who} ha rifiutato la data proposta: proponine un’altra.`,
      )
    case 'incontro.risultato':
      return toOther(
        `il risultato inserito è ${score}. Confermalo o contestalo entro ${facts.scadenza}: poi vale come confermato.`,
      )
    case 'incontro.conferma':
      return toOther(`${who} ha confermato il risultato ${score}.`)
    case 'incontro.contesta':
      return toOther(
        `${who} ha contestato il risultato che hai inserito${facts.nota ? ` («${facts.nota}»)` : ''}. Decide la federazione.`,
      )
    case 'incontro.risolvi':
      return toBoth(
        `la federazione ha deciso sulla contestazione: il risultato ${score} ` +
          `${event.esito === 'confermato' ? 'vale' : 'è annullato'}${facts.nota ? ` (${facts.nota})` : ''}.`,
      )
    case 'incontro.scadenzaSchieramenti': {
      const winner = after.context.vincitore
      const name = (s: Squadra) => (s === 'casa' ? facts.casa : facts.ospiti)
      return toBoth(
        winner === null
          ? `nessuno dei due schieramenti è arrivato ${beforeStart}: l’incontro è perso da entrambe le squadre.`
          : `lo schieramento di ${name(otherSide(winner))} non è arrivato ${beforeStart}: vince a tavolino ${name(winner)}.`,
      )
    }
    case 'incontro.confermaAutomatica':
      return toBoth(
        `nessuna risposta in ${TIE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore: il risultato ${score} è confermato d’ufficio.`,
      )
    default:
      return []
  }
}

/**
 * The federation's notice of a contested result (docs/regole.md «Avvisi ai capitani»): every administrator who is
 * not a captain of the tie is told, to decide it from the page of contested ties.
 */
export function contestNotices(
  before: StoredTie,
  event: TieEvent,
  facts: TieNoticeFacts,
  federation: readonly number[],
): { destinatario: number; testo: string }[] {
  if (event.type !== 'incontro.contesta') return []
  const { capitani } = before.context
  const side = sideOf(before.context, event.by)
  const who = side === undefined ? 'un capitano' : CAPTAIN_WORDS[side]
  const score =
    facts.punti === null ? '' : ` ${facts.casa} ${facts.punti.casa} – ${facts.punti.ospiti} ${facts.ospiti}`
  const testo =
    `${facts.casa} – ${facts.ospiti} (giornata ${facts.giornata}): ${who} ha contestato il risultato${score}` +
    `${facts.nota ? ` («${facts.nota}»)` : ''}. Decidi se vale o se è annullato.`
  return federation
    .filter((id) => id !== capitani.casa && id !== capitani.ospiti)
    .map((destinatario) => ({ destinatario, testo }))
}
