// Challenge rules (issue 12; DESIGN.md §5; docs/regole.md «Sfide»): who may propose and be invited, the life of a
// challenge decided with machines/challenge.ts through xstate's pure functions, its deadlines, its notices, and
// what each player must do next. Plain functions over plain data; the repository serialises the requests on the
// challenge's row and performs the actions after the write.
import { type AnyEventObject, initialTransition, transition } from 'xstate'
import { CHALLENGE_RULES } from '../../contract/constants.ts'
import {
  SFIDE_MESSAGES as M,
  SFIDA_STATE_TITLES,
  type SfidaState,
  resultTooEarly,
} from '../../contract/sfide.ts'
import {
  type ChallengeContext,
  type ChallengeEvent,
  type ChallengeInput,
  type Lato,
  challengeMachine,
  sideSize,
} from '../../machines/challenge.ts'
import { type RefusalReason, refusalStatus } from './lifecycle.ts'
import {
  type CheckedScore,
  checkScore,
  scoreString,
  type Scoring,
  type SetScore,
} from '../../contract/scores.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A challenge as stored: the machine's state and its context, rebuilt from the challenge's rows. */
export type StoredChallenge = { value: SfidaState; context: ChallengeContext }

export type Decision =
  | { ok: true; from: SfidaState; to: SfidaState; stored: StoredChallenge; actions: string[] }
  | { ok: false; from: SfidaState }

function decided(
  from: SfidaState,
  before: unknown,
  after: { value: unknown; context: ChallengeContext },
  actions: readonly { type: string }[],
): Decision {
  if (after === before) return { ok: false, from }
  return {
    ok: true,
    from,
    to: after.value as SfidaState,
    stored: {
      value: after.value as SfidaState,
      context: structuredClone(after.context),
    },
    actions: actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.')),
  }
}

/** A new challenge: the machine's initial state (proposed) with its players. */
export function startChallenge(input: ChallengeInput): StoredChallenge {
  const [initial] = initialTransition(challengeMachine, input)
  return { value: initial.value as SfidaState, context: structuredClone(initial.context) }
}

/** An event on a stored challenge. `ok: false` when the machine takes no transition: the 409 case. */
export function decideEvent(stored: StoredChallenge, event: ChallengeEvent): Decision {
  const snapshot = challengeMachine.resolveState({ value: stored.value, context: stored.context })
  const [next, actions] = transition(challengeMachine, snapshot, event as AnyEventObject as ChallengeEvent)
  return decided(stored.value, snapshot, next, actions)
}

/** Whether the machine would take the event now (the client asks the same to offer a button). */
export function canDo(stored: StoredChallenge, event: ChallengeEvent): boolean {
  return challengeMachine.resolveState({ value: stored.value, context: stored.context }).can(event)
}

/**
 * Why the machine refused an event, and with which status (server/domain/lifecycle.ts): someone outside the
 * challenge is refused whatever its state (403), a step that belongs to another of its players too (403); a step
 * nobody may take in this state is a conflict with the state (409), worded as precisely as the state tells.
 */
export function refusalOf(stored: StoredChallenge, event: ChallengeEvent): RefusalReason {
  const { context } = stored
  const player = context.partecipanti.find((p) => p.persona === event.by)
  const title = SFIDA_STATE_TITLES[stored.value].toLowerCase()
  const forbidden = (message: string): RefusalReason => ({ status: 403, message })
  const conflict = (message: string): RefusalReason => ({ status: 409, message })
  if (event.type === 'sfida.risolvi') {
    // The federation decides, and not on a challenge it plays; nobody else, whatever the state.
    if (!event.arbitro || player !== undefined) return forbidden(M.referee)
    return conflict(M.illegal(title))
  }
  if (player === undefined) {
    // From outside, only a place of one's own on the board.
    if (event.type !== 'sfida.aggiungiGiocatore') return forbidden(M.notParticipant)
    if (!context.pubblica) return forbidden(M.notPublic)
    if (event.persona !== event.by) return forbidden(M.notAllowed)
  }
  const parties = context.partecipanti.map((p) => p.persona)
  if (refusalStatus((e) => canDo(stored, e), event, parties) === 403)
    return forbidden(
      event.type === 'sfida.conferma' || event.type === 'sfida.contesta' ? M.ownResult : M.notAllowed,
    )
  if (event.type === 'sfida.aggiungiGiocatore' && stored.value === 'proposed') {
    if (context.partecipanti.some((p) => p.persona === event.persona))
      return conflict(event.persona === event.by ? M.alreadyIn : M.samePlayer)
    if (context.partecipanti.filter((p) => p.lato === event.lato).length >= sideSize(context))
      return conflict(M.sideFull)
  }
  return conflict(M.illegal(title))
}

/**
 * A result the machine would take but the clock does not yet allow: the match is set for later (409). Asked after
 * the machine, so someone outside the challenge still reads that it is not theirs.
 */
export function resultTimeRefusal(
  stored: StoredChallenge,
  event: ChallengeEvent,
  dataProposta: Date | null,
  now: Date,
): RefusalReason | null {
  if (event.type !== 'sfida.risultato' || !canDo(stored, event)) return null
  const early = resultTooEarly(dataProposta, now)
  return early === null ? null : { status: 409, message: early }
}

/**
 * Whether `viewer` may decide the contested result now: the machine's own guard (the federation, and not on a
 * challenge its person plays), so the view never offers what the server would refuse.
 */
export function mayDecide(stored: StoredChallenge, viewer: number | null, federation: boolean): boolean {
  return (['confermato', 'annullato'] as const).some((esito) =>
    canDo(stored, { type: 'sfida.risolvi', by: viewer, arbitro: federation, esito }),
  )
}

/** Checks a new challenge before it is made: one rule with the form (contract/sfide.ts). */
export { proposalRefusal } from '../../contract/sfide.ts'

/** The next deadline of a challenge: a proposal expires, an unanswered result stands. Null when none runs. */
export function deadlineOf(state: SfidaState, from: Date): Date | null {
  if (state === 'proposed') return new Date(from.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY)
  if (state === 'resultEntered')
    return new Date(from.getTime() + CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS * HOUR)
  return null
}

/** The event the portal sends when a challenge's deadline passed, if its state has one. */
export function deadlineEvent(state: SfidaState): ChallengeEvent | undefined {
  if (state === 'proposed') return { type: 'sfida.scade', by: null }
  if (state === 'resultEntered') return { type: 'sfida.confermaAutomatica', by: null }
  return undefined
}

/** The result as entered: checked against the discipline's scoring, side 1 as «A». */
export function checkChallengeScore(
  input: { esito: 'giocata' | 'ritiro'; set: readonly SetScore[]; vincitore_lato?: Lato | undefined },
  scoring: Scoring,
): { ok: true; score: CheckedScore; vincitore: Lato } | { ok: false; message: string } {
  const checked = checkScore(
    {
      esito: input.esito,
      sets: input.set,
      vincitore: input.vincitore_lato === undefined ? undefined : input.vincitore_lato === 1 ? 'A' : 'B',
    },
    scoring,
  )
  if (!checked.ok) return checked
  return { ok: true, score: checked.score, vincitore: checked.score.vincitore === 'A' ? 1 : 2 }
}

/** The score as read from side 1. */
export function challengeScore(sets: readonly SetScore[] | null): string {
  return scoreString(sets)
}

/** What the viewer must do now, in Italian; null when nothing waits for them. */
export function toDoOf(stored: StoredChallenge, viewer: number | null): string | null {
  if (viewer === null) return null
  const { context, value } = stored
  const me = context.partecipanti.find((p) => p.persona === viewer)
  if (me === undefined) return null
  if (value === 'proposed' && me.risposta === 'in_attesa') return 'Rispondi all’invito'
  if (value === 'accepted') return 'Gioca e inserisci il risultato'
  if (value === 'resultEntered' && canDo(stored, { type: 'sfida.conferma', by: viewer }))
    return 'Conferma o contesta il risultato'
  return null
}

/** A notice for someone: in the challenge's history and, if they chose it, in the simulated outbox. */
export type Notice = { destinatario: number; testo: string; email: boolean }

/**
 * The notices of the actions the machine returned. Proposals, acceptances and results to confirm are sent by
 * e-mail to the players who chose it (issue 12, item 3); the rest only in the portal.
 */
export function noticesOf(
  actions: readonly string[],
  before: ChallengeContext,
  after: ChallengeContext,
  by: number | null,
  names: ReadonlyMap<number, string>,
): Notice[] {
  const name = (id: number | null) => (id === null ? 'Il portale' : (names.get(id) ?? 'Un giocatore'))
  const others = (context: ChallengeContext) =>
    context.partecipanti.map((p) => p.persona).filter((persona) => persona !== by)
  const notices: Notice[] = []
  const tell = (people: readonly number[], testo: string, email: boolean) => {
    for (const destinatario of new Set(people)) notices.push({ destinatario, testo, email })
  }
  for (const action of actions) {
    switch (action) {
      case 'avvisaInvito': {
        const added = after.partecipanti.filter(
          (p) => !before.partecipanti.some((q) => q.persona === p.persona),
        )
        tell(
          added.map((p) => p.persona),
          `${name(by)} ti ha invitato a una sfida: rispondi entro ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni.`,
          true,
        )
        break
      }
      case 'avvisaAccettazione':
        tell(others(after), `${name(by)} ha accettato la sfida.`, true)
        break
      case 'avvisaRifiuto':
        tell(others(before), `${name(by)} ha rifiutato la sfida.`, false)
        break
      case 'avvisaAnnullamento':
        tell(others(before), `${name(by)} ha annullato la sfida.`, false)
        break
      case 'avvisaScadenza':
        tell(
          after.partecipanti.map((p) => p.persona),
          `La sfida è scaduta: nessuna risposta in ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni.`,
          false,
        )
        break
      case 'avvisaRisultato': {
        const entered = after.partecipanti.find((p) => p.persona === by)
        tell(
          after.partecipanti.filter((p) => p.lato !== entered?.lato).map((p) => p.persona),
          `${name(by)} ha inserito il risultato della sfida: confermalo o contestalo entro ` +
            `${CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore, poi vale come confermato.`,
          true,
        )
        break
      }
      case 'avvisaConferma':
        tell(
          others(after),
          by === null
            ? `Il risultato della sfida è confermato: nessuna risposta in ${CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore.`
            : `${name(by)} ha confermato il risultato della sfida: il Power è aggiornato.`,
          false,
        )
        break
      case 'avvisaContestazione':
        tell(
          others(after),
          `${name(by)} ha contestato il risultato della sfida: decide la federazione.`,
          false,
        )
        break
      case 'avvisaRisoluzione':
        tell(
          after.partecipanti.map((p) => p.persona),
          'La federazione ha deciso sulla contestazione della sfida.',
          false,
        )
        break
      default:
        break
    }
  }
  return notices
}

/** What happened, in Italian, for the challenge's timeline. */
export function describeEvent(evento: string, aStato: string, nota: string | null): string {
  switch (evento) {
    case 'sfida.proponi':
      return 'Sfida proposta'
    case 'sfida.accetta':
      return aStato === 'accepted' ? 'Accettata: la sfida è confermata' : 'Ha accettato'
    case 'sfida.rifiuta':
      return 'Ha rifiutato la sfida'
    case 'sfida.aggiungiGiocatore':
      return nota ?? 'Giocatore aggiunto'
    case 'sfida.rimuoviGiocatore':
      return nota ?? 'Giocatore tolto'
    case 'sfida.pubblica':
      return 'Pubblicata in bacheca'
    case 'sfida.annulla':
      return 'Sfida annullata'
    case 'sfida.scade':
      return `Scaduta: nessuna risposta in ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni`
    case 'sfida.risultato':
      return nota === null ? 'Risultato inserito' : `Risultato inserito: ${nota}`
    case 'sfida.conferma':
      return 'Risultato confermato'
    case 'sfida.contesta':
      return nota === null ? 'Risultato contestato' : `Risultato contestato: «${nota}»`
    case 'sfida.confermaAutomatica':
      return `Risultato confermato d’ufficio dopo ${CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore`
    case 'sfida.risolvi':
      return nota === null ? 'La federazione ha deciso' : `La federazione ha deciso: ${nota}`
    default:
      return SFIDA_STATE_TITLES[aStato as SfidaState] ?? aStato
  }
}
