// Enrolment rules (issue 11, item 3; docs/regole.md «Iscrizioni»): who may enrol in a tournament, and the life of
// an entry decided with machines/iscrizione.ts through xstate's pure functions. Plain functions over plain data;
// the repository serialises the requests on the tournament row and performs the actions after the write.
import { type AnyEventObject, initialTransition, transition } from 'xstate'
import { POWER_MODEL } from '../../contract/constants.ts'
import { momentInWords } from '../../contract/date-words.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import {
  INVITO_SCADE_GIORNI,
  ISCRIZIONE_STATE_TITLES,
  ISCRIZIONE_STATES,
  ISCRIZIONI_MESSAGES as M,
  ISCRIZIONI_NOTICES as N,
  type IscrizioneState,
  LEVEL_LIMITS,
} from '../../contract/iscrizioni.ts'
import { type IscrizioneContext, type IscrizioneEvent, iscrizioneMachine } from '../../machines/iscrizione.ts'
import { type RefusalReason, refusalStatus } from './lifecycle.ts'
import { tournamentStatusAt } from './tournaments.ts'

/** What the rules need to know of a tournament. */
export type TournamentFacts = {
  nome: string
  tipo: string
  status: string
  specialita: string
  genere: string
  categoria: string
  disciplina: string
  iscrizioniDal: Date | null
  iscrizioniAl: Date | null
  dataInizio: string
}

/** What the rules need to know of a player: sex, a valid card of the discipline this season, Power in the sector. */
export type PlayerFacts = {
  personId: number
  nome: string
  sesso: string | null
  /** Seasons in which the player holds a card of the tournament's discipline still valid today. */
  tessera: boolean
  /** Power in the tournament's sector; null for a player never rated (who counts as the starting Power). */
  power: number | null
}

/** «3 marzo 2026 alle 12:00», in Italy's time: the portal's one time style (contract/date-words.ts). */
export function formatMoment(at: Date): string {
  return momentInWords(at)
}

/** Power as the portal writes it: one decimal, comma. */
export function formatPower(power: number): string {
  return power.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** The Power a player is judged by: the rating in the sector, or the starting value for a player never rated. */
export function effectivePower(power: number | null): number {
  return power ?? POWER_MODEL.INITIAL
}

/** Largest Power admitted by the category, or null (OPEN). */
export function levelLimit(categoria: string): number | null {
  return LEVEL_LIMITS[categoria] ?? null
}

/**
 * Why nobody can enrol in the tournament now (team event, cancelled, before or after the window, entries closed
 * by the draw); else null. Open or not is `tournamentStatusAt`, the rule the calendar and the badges read.
 */
export function windowRefusal(t: TournamentFacts, now: Date): string | null {
  if (t.tipo !== 'TR') return M.teamEvent
  if (t.status === 'annullato') return M.cancelled
  const status = tournamentStatusAt(t, now)
  if (status === 'iscrizioni_aperte') return null
  if (status === 'programmato')
    return t.iscrizioniDal ? M.notYetOpen(formatMoment(t.iscrizioniDal)) : M.notOpen
  // Without a deadline the window closes when the tournament starts; entries closed early close them then.
  const closesAt = t.iscrizioniAl
  if (closesAt && now > closesAt) return M.closed(formatMoment(closesAt))
  if (!closesAt && todayInItaly(now) >= t.dataInizio) return M.closed(t.dataInizio)
  return M.closedEarly
}

/** Why this player cannot play the tournament (no valid card, the wrong sex, a Power over the limit); else null. */
export function playerRefusal(t: TournamentFacts, p: PlayerFacts, now: Date): string | null {
  const stagione = currentSeason(now)
  if (!p.tessera) return M.noCard(t.disciplina, stagione)
  if ((t.genere === 'M' || t.genere === 'F') && p.sesso !== t.genere) return M.gender(t.genere)
  const limit = levelLimit(t.categoria)
  const power = effectivePower(p.power)
  if (limit !== null && power > limit) return M.level(limit, formatPower(power))
  return null
}

/**
 * Every rule of an enrolment request, in the order the player meets them: the window (a conflict with the
 * tournament's state, 409), a player behind the account (403), the kind of event (a partner in doubles, none in
 * singles: a wrong request, 400), the player's own eligibility (403, saying why) and the partner's. A partner who
 * cannot be invited, for whatever reason, gets one neutral answer (404): a refusal never tells another person's
 * card, sex, Power, pending invitations or privacy choice (issue 19, 9f). Null when the request may go on.
 */
export function enrolmentRefusal(input: {
  tournament: TournamentFacts
  player: PlayerFacts | null
  /** Asked for in the request (id), and found among the players who can be invited (facts), or not. */
  partnerId: number | null
  partner: PlayerFacts | null
  /** The partner already holds, waits for or is offered a place in this tournament. */
  partnerEntered?: boolean
  now: Date
}): RefusalReason | null {
  const { tournament: t, player, partnerId, partner, now } = input
  const window = windowRefusal(t, now)
  if (window) return { status: 409, message: window }
  if (!player) return { status: 403, message: M.noPerson }
  const doubles = t.specialita === 'doppio'
  if (doubles && partnerId === null) return { status: 400, message: M.partnerMissing }
  if (!doubles && partnerId !== null) return { status: 400, message: M.partnerInSingles }
  if (partnerId !== null && partnerId === player.personId) return { status: 400, message: M.partnerIsSelf }
  const own = playerRefusal(t, player, now)
  if (own) return { status: 403, message: own }
  if (partnerId !== null && (!partner || input.partnerEntered || playerRefusal(t, partner, now) !== null))
    return { status: 404, message: M.partnerNotFound }
  return null
}

/** A withdrawal is possible until the tournament starts. */
export function withdrawalRefusal(
  t: Pick<TournamentFacts, 'status' | 'dataInizio'>,
  now: Date,
): string | null {
  if (t.status === 'in_corso' || t.status === 'concluso' || todayInItaly(now) >= t.dataInizio) {
    return M.withdrawTooLate
  }
  return null
}

const DAY = 86_400_000

/**
 * When a doubles invitation nobody answered expires: the earlier of its sending plus INVITO_SCADE_GIORNI days
 * and the tournament's enrolment deadline (`iscrizioni_al`). An entry is in `attesaCompagno` only from its
 * creation, so the invitation was sent when the entry was made (`iscritto_il`).
 */
export function invitationDueAt(invitedAt: Date, iscrizioniAl: Date | null): Date {
  const byDays = new Date(invitedAt.getTime() + INVITO_SCADE_GIORNI * DAY)
  return iscrizioniAl !== null && iscrizioniAl < byDays ? iscrizioniAl : byDays
}

/**
 * Whether an unanswered invitation has expired at `now`: its due time has come, or, for a tournament without an
 * enrolment deadline, enrolment closed with the first day of the tournament (as `windowRefusal` says).
 */
export function invitationExpired(
  invitedAt: Date,
  t: Pick<TournamentFacts, 'iscrizioniAl' | 'dataInizio'>,
  now: Date,
): boolean {
  if (now >= invitationDueAt(invitedAt, t.iscrizioniAl)) return true
  return t.iscrizioniAl === null && todayInItaly(now) >= t.dataInizio
}

// ---------------------------------------------------------------------------------------------------------
// The life of an entry, decided by the machine

export type StoredMachine = { value: string; context: IscrizioneContext }

/**
 * The `status` column the reads filter on, from the machine's state. Every final state (`ritirata`,
 * `rifiutata`, `scaduta`) is 'ritirato': the column says whether the entry holds, waits for or is offered a place
 * (and frees the unique index for a new enrolment); which way it ended is the stored machine's value.
 */
export function statusOfState(
  state: IscrizioneState,
): 'iscritto' | 'lista_attesa' | 'in_attesa_compagno' | 'ritirato' {
  switch (state) {
    case 'iscritta':
      return 'iscritto'
    case 'listaAttesa':
      return 'lista_attesa'
    case 'attesaCompagno':
      return 'in_attesa_compagno'
    default:
      return 'ritirato'
  }
}

/** The stored snapshot of an entry; rows written before the machine (the seed) are read from their status. */
export function storedMachineOf(row: {
  macchina: StoredMachine | null
  status: string
  personId: number
  partnerId: number | null
  doppio: boolean
}): StoredMachine {
  if (row.macchina && (ISCRIZIONE_STATES as readonly string[]).includes(row.macchina.value))
    return row.macchina
  const value =
    row.status === 'iscritto'
      ? 'iscritta'
      : row.status === 'lista_attesa'
        ? 'listaAttesa'
        : row.status === 'in_attesa_compagno'
          ? 'attesaCompagno'
          : 'ritirata'
  return { value, context: { giocatore: row.personId, compagno: row.partnerId, doppio: row.doppio } }
}

export type Decision =
  | { ok: true; from: IscrizioneState; to: IscrizioneState; stored: StoredMachine; actions: string[] }
  | { ok: false; from: IscrizioneState }

function decided(
  from: IscrizioneState,
  before: unknown,
  after: { value: unknown; context: IscrizioneContext },
  actions: readonly { type: string }[],
): Decision {
  if (after === before) return { ok: false, from }
  const to = after.value as IscrizioneState
  return {
    ok: true,
    from,
    to,
    stored: { value: to, context: { ...after.context } },
    actions: actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.')),
  }
}

/** A new entry: the machine's initial state, then the player's request. */
export function decideNewEntry(
  input: { giocatore: number; doppio: boolean },
  event: Extract<IscrizioneEvent, { type: 'iscrizione.richiedi' }>,
): Decision {
  const [initial] = initialTransition(iscrizioneMachine, { giocatore: input.giocatore, doppio: input.doppio })
  const [next, actions] = transition(iscrizioneMachine, initial, event)
  return decided('nonIscritto', initial, next, actions)
}

/** An event on a stored entry. `ok: false` when the machine takes no transition: the 409 case. */
export function decideEvent(stored: StoredMachine, event: IscrizioneEvent): Decision {
  const snapshot = iscrizioneMachine.resolveState({ value: stored.value, context: stored.context })
  const [next, actions] = transition(iscrizioneMachine, snapshot, event as AnyEventObject as IscrizioneEvent)
  return decided(stored.value as IscrizioneState, snapshot, next, actions)
}

/**
 * Why the machine refused an event on a stored entry (server/domain/lifecycle.ts): a step that belongs to the
 * entry's other player is not this one's (403); a step nobody may take in this state is a conflict (409).
 */
export function refusalOf(stored: StoredMachine, event: IscrizioneEvent): RefusalReason {
  const snapshot = iscrizioneMachine.resolveState({ value: stored.value, context: stored.context })
  const parties = [stored.context.giocatore, stored.context.compagno].filter((p): p is number => p !== null)
  if (refusalStatus((e) => snapshot.can(e), event, parties) === 403) {
    const message =
      event.type === 'iscrizione.accetta'
        ? M.accept
        : event.type === 'iscrizione.rifiuta'
          ? M.refuse
          : M.withdraw
    return { status: 403, message }
  }
  return {
    status: 409,
    message: M.illegal(ISCRIZIONE_STATE_TITLES[stored.value as IscrizioneState].toLowerCase()),
  }
}

/** A notice an action leaves for someone: in the portal (the entry's history) and in the simulated outbox. */
export type Notice = { destinatario: number; testo: string }

/**
 * The notices of the actions the machine returned. `names` gives each person's display name; `to` is the state
 * the entry reached (an accepted invitation may land on the waiting list); `by` who acted.
 */
export function noticesOf(
  actions: readonly string[],
  entry: StoredMachine['context'],
  to: IscrizioneState,
  torneo: string,
  names: ReadonlyMap<number, string>,
  by: number | null = null,
): Notice[] {
  const name = (id: number | null) => (id === null ? '' : (names.get(id) ?? 'Il giocatore'))
  const notices: Notice[] = []
  for (const action of actions) {
    if (action === 'invitaCompagno' && entry.compagno !== null) {
      notices.push({ destinatario: entry.compagno, testo: N.invited(name(entry.giocatore), torneo) })
    }
    if (action === 'avvisaAccettazione') {
      const testo = to === 'iscritta' ? N.accepted : N.acceptedWaiting
      notices.push({ destinatario: entry.giocatore, testo: testo(name(entry.compagno), torneo) })
    }
    if (action === 'avvisaRifiuto') {
      notices.push({ destinatario: entry.giocatore, testo: N.refused(name(entry.compagno), torneo) })
    }
    if (action === 'avvisaAnnullamento' && entry.compagno !== null) {
      notices.push({ destinatario: entry.compagno, testo: N.cancelled(name(entry.giocatore), torneo) })
    }
    if (action === 'avvisaPromozione') {
      for (const person of [entry.giocatore, entry.compagno]) {
        if (person !== null) notices.push({ destinatario: person, testo: N.promoted(torneo) })
      }
    }
    // A pair withdrawn by one of the two: the other learns it is out of the tournament too.
    if (action === 'avvisaRitiro' && entry.compagno !== null && by !== null) {
      const other = by === entry.giocatore ? entry.compagno : entry.giocatore
      notices.push({ destinatario: other, testo: N.withdrawn(name(by), torneo) })
    }
    if (action === 'avvisaScadenza' && entry.compagno !== null) {
      notices.push(
        { destinatario: entry.giocatore, testo: N.expired(name(entry.compagno), torneo) },
        { destinatario: entry.compagno, testo: N.expiredPartner(name(entry.giocatore), torneo) },
      )
    }
  }
  return notices
}
