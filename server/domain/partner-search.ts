// Partner search rules (issue 12, item 4; docs/regole.md «Cerca compagno»): who may publish a listing and what it
// must say, when a listing is on the board, and the life of a request decided with machines/partner-request.ts
// through xstate's pure functions. Plain functions over plain data; the repository serialises the requests on
// the listing's row and performs the actions after the write.
import { type AnyEventObject, initialTransition, transition } from 'xstate'
import {
  ANNUNCI_ATTIVI_MAX,
  CERCA_COMPAGNO_MESSAGES as M,
  listingDatesProblem,
  CERCA_COMPAGNO_NOTICES as N,
  RICHIESTA_STATE_TITLES,
  RICHIESTA_STORED_STATES,
  type Contatto,
  type RichiestaState,
  type RichiestaStoredState,
} from '../../contract/cerca-compagno.ts'
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import {
  type PartnerRequestContext,
  type PartnerRequestEvent,
  partnerRequestMachine,
} from '../../machines/partner-request.ts'
import { type RefusalReason, refusalStatus } from './lifecycle.ts'

/** What the rules need to know of a tournament a listing is for. */
export type ListingTournament = {
  sectorId: number
  tipo: string
  specialita: string
  status: string
  dataFine: string
}

/** The author's side of a new listing. */
export type ListingAuthor = {
  personId: number | null
  /** false when the author chose not to appear in searches (Impostazioni). */
  visible: boolean
  activeListings: number
  /** An active listing of the author already names this tournament. */
  sameTournament: boolean
}

/**
 * Every rule of a new listing, in the order the player meets them: a player behind the account, visible in
 * searches, the sector and province known, the tournament (when named) a doubles one of that sector still to be
 * played, the dates (in order, not past, not too long or too far), the number of active listings. Null when it
 * may be published; otherwise the status and the message.
 */
export function listingRefusal(input: {
  author: ListingAuthor
  sectorExists: boolean
  sectorId: number
  provinceExists: boolean
  provincia: string
  /** Named in the request (id) and found (facts), or not. */
  tournamentId: number | null
  tournament: ListingTournament | null
  dataDal: string
  dataAl: string
  today: string
}): { status: 403 | 404 | 409 | 400; message: string } | null {
  const { author, tournament, dataDal, dataAl, today } = input
  if (author.personId === null) return { status: 403, message: M.noPerson }
  if (!author.visible) return { status: 403, message: M.hiddenAuthor }
  if (!input.sectorExists) return { status: 400, message: M.sectorNotFound(input.sectorId) }
  if (!input.provinceExists) return { status: 400, message: M.provinceNotFound(input.provincia) }
  if (input.tournamentId !== null) {
    if (!tournament) return { status: 404, message: M.tournamentNotFound }
    if (tournament.sectorId !== input.sectorId) return { status: 400, message: M.tournamentSector }
    if (tournament.tipo !== 'TR' || tournament.specialita !== 'doppio')
      return { status: 400, message: M.tournamentNotDoubles }
    if (tournament.status === 'concluso' || tournament.status === 'annullato' || tournament.dataFine < today)
      return { status: 409, message: M.tournamentOver }
  }
  const dates = listingDatesProblem(dataDal, dataAl, today)
  if (dates) return { status: 400, message: dates }
  if (input.tournamentId !== null && author.sameTournament) return { status: 409, message: M.sameTournament }
  if (author.activeListings >= ANNUNCI_ATTIVI_MAX) return { status: 409, message: M.tooManyListings }
  return null
}

/** A listing as the rules see it. */
export type ListingFacts = { status: string; dataAl: string }

/** On the board: active and not past its dates (the day `dataAl` included). */
export function isListingOpen(listing: ListingFacts, today: string): boolean {
  return listing.status === 'attivo' && listing.dataAl >= today
}

/** Why a request cannot be sent to this listing now (closed or past its dates); null when it can. */
export function listingClosedRefusal(listing: ListingFacts, today: string): string | null {
  if (listing.status !== 'attivo') return M.listingClosed
  if (listing.dataAl < today) return M.listingExpired
  return null
}

// ---------------------------------------------------------------------------------------------------------
// The life of a request, decided by the machine

export type StoredRequest = { value: RichiestaStoredState; context: PartnerRequestContext }

/** The stored snapshot of a request: the `status` column is the machine's state, the parties are columns too. */
export function storedRequestOf(row: { status: string; autore: number; richiedente: number }): StoredRequest {
  const value = (RICHIESTA_STORED_STATES as readonly string[]).includes(row.status)
    ? (row.status as RichiestaStoredState)
    : 'cancelled'
  return { value, context: { autore: row.autore, richiedente: row.richiedente } }
}

export type Decision =
  | { ok: true; from: RichiestaState; to: RichiestaStoredState; actions: string[] }
  | { ok: false; from: RichiestaState }

function decided(
  from: RichiestaState,
  before: unknown,
  after: { value: unknown },
  actions: readonly { type: string }[],
): Decision {
  if (after === before) return { ok: false, from }
  return {
    ok: true,
    from,
    to: after.value as RichiestaStoredState,
    actions: actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.')),
  }
}

/** A new request: the machine's initial state, then the requester sends it. */
export function decideNewRequest(parties: PartnerRequestContext, by: number): Decision {
  const [initial] = initialTransition(partnerRequestMachine, parties)
  const [next, actions] = transition(partnerRequestMachine, initial, { type: 'richiesta.invia', by })
  return decided('nuova', initial, next, actions)
}

/** An event on a stored request. `ok: false` when the machine takes no transition: the 409 case. */
export function decideRequestEvent(stored: StoredRequest, event: PartnerRequestEvent): Decision {
  const snapshot = partnerRequestMachine.resolveState({ value: stored.value, context: stored.context })
  const [next, actions] = transition(
    partnerRequestMachine,
    snapshot,
    event as AnyEventObject as PartnerRequestEvent,
  )
  return decided(stored.value, snapshot, next, actions)
}

/**
 * Why the machine refused an event on a stored request (server/domain/lifecycle.ts): a step that belongs to the
 * other party is not this one's (403); a step nobody may take in this state is a conflict (409).
 */
export function requestRefusalOf(stored: StoredRequest, event: PartnerRequestEvent): RefusalReason {
  const snapshot = partnerRequestMachine.resolveState({ value: stored.value, context: stored.context })
  const parties = [stored.context.autore, stored.context.richiedente]
  if (refusalStatus((e) => snapshot.can(e), event, parties) === 403) {
    const message =
      event.type === 'richiesta.conferma'
        ? M.confirm
        : event.type === 'richiesta.rifiuta'
          ? M.refuse
          : event.type === 'richiesta.cancella'
            ? M.cancel
            : M.send
    return { status: 403, message }
  }
  return { status: 409, message: M.illegal(RICHIESTA_STATE_TITLES[stored.value].toLowerCase()) }
}

/** A notice an action leaves for someone: in the portal (the request's history) and in the simulated outbox. */
export type Notice = { destinatario: number; testo: string }

/**
 * How a listing is named in a notice: «per il torneo «X»» or «di Padel dal 3 al 10 giugno».
 * `periodo` is already worded by the caller (e.g. «dal 3 giugno al 10 giugno 2026»).
 */
export function listingName(listing: { torneo: string | null; disciplina: string; periodo: string }) {
  return listing.torneo ? `per il torneo «${listing.torneo}»` : `di ${listing.disciplina} ${listing.periodo}`
}

/** The notices of the actions the machine returned; `names` gives each person's display name. */
export function requestNoticesOf(
  actions: readonly string[],
  parties: PartnerRequestContext,
  annuncio: string,
  names: ReadonlyMap<number, string>,
): Notice[] {
  const name = (id: number) => names.get(id) ?? 'Il giocatore'
  const notices: Notice[] = []
  for (const action of actions) {
    if (action === 'avvisaAutore')
      notices.push({ destinatario: parties.autore, testo: N.sent(name(parties.richiedente), annuncio) })
    if (action === 'avvisaConferma')
      notices.push({ destinatario: parties.richiedente, testo: N.confirmed(name(parties.autore), annuncio) })
    if (action === 'avvisaRifiuto')
      notices.push({ destinatario: parties.richiedente, testo: N.refused(name(parties.autore), annuncio) })
    if (action === 'avvisaCancellazione')
      notices.push({ destinatario: parties.autore, testo: N.cancelled(name(parties.richiedente), annuncio) })
    if (action === 'avvisaAnnuncioChiuso')
      notices.push({
        destinatario: parties.richiedente,
        testo: N.listingClosed(name(parties.autore), annuncio),
      })
  }
  return notices
}

const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', timeZone: 'UTC' })
const words = (iso: string, year: boolean) =>
  `${dayOfMonth(Number(iso.slice(8)))} ${monthName.format(new Date(`${iso}T00:00:00Z`))}${year ? ` ${iso.slice(0, 4)}` : ''}`

/** «dal 3 al 10 giugno 2026», «dall’8 maggio all’11 giugno 2026», «il 1° giugno 2026» for a single day. */
export function formatPeriod(dal: string, al: string): string {
  if (dal === al) return withPreposition('il', words(al, true))
  const first =
    dal.slice(0, 7) === al.slice(0, 7)
      ? dayOfMonth(Number(dal.slice(8)))
      : words(dal, dal.slice(0, 4) !== al.slice(0, 4))
  return `${withPreposition('dal', first)} ${withPreposition('al', words(al, true))}`
}

// ---------------------------------------------------------------------------------------------------------
// After a confirmed request: how the two players reach each other (issue 19, item 7)

/** The other player of a request, for one of its two players; undefined for anyone else. */
export function otherParty(parties: PartnerRequestContext, person: number): number | undefined {
  if (person === parties.autore) return parties.richiedente
  if (person === parties.richiedente) return parties.autore
  return undefined
}

/** Only the two players of a confirmed request write to each other through the portal. Null when `by` may. */
export function messageRefusal(
  stored: StoredRequest,
  by: number | null,
): { status: 403 | 409; message: string } | null {
  if (by === null || otherParty(stored.context, by) === undefined) return { status: 403, message: M.notParty }
  if (stored.value !== 'confirmed') return { status: 409, message: M.messageNotConfirmed }
  return null
}

/** The message `by` writes, as the other player reads it (a notice in the portal and an e-mail). */
export function messageNoticeOf(
  parties: PartnerRequestContext,
  by: number,
  annuncio: string,
  testo: string,
  names: ReadonlyMap<number, string>,
): Notice {
  return {
    destinatario: otherParty(parties, by)!,
    testo: N.message(names.get(by) ?? 'Il giocatore', annuncio, testo),
  }
}

/** What the other player keeps about themselves, and what they chose to share. */
export type PartyContact = {
  email: string | null
  telefono: string | null
  condividiEmail: boolean
  condividiTelefono: boolean
}

/**
 * The contact `viewer` reads of the other player: only on a confirmed request, only for its two players, and only
 * what the other chose to share. Null for anyone else, and before (or without) a confirmation.
 */
export function sharedContact(
  stored: StoredRequest,
  viewer: number,
  other: PartyContact | undefined,
): Contatto | null {
  if (stored.value !== 'confirmed' || otherParty(stored.context, viewer) === undefined || !other) return null
  return {
    email: other.condividiEmail ? other.email : null,
    telefono: other.condividiTelefono ? other.telefono : null,
  }
}
